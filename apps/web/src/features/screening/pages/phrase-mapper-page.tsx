/**
 * `/test/phrase-mapper` (admin): the phrase mapper's vocabulary — the built-in incident catalogue,
 * the agency's Terms and client-specific terms — and the tester to try them.
 */
import { Accordion, Badge, Group, Stack, Tabs, Text, Title } from '@mantine/core';
import { ApiErrorAlert } from '../../../components/ui/api-error-alert.tsx';
import { useIncidentCategories } from '../api/incidents.ts';
import { PhraseTester } from '../components/phrase-tester.tsx';
import { SeverityBadge } from '../components/severity-badge.tsx';
import { TermsManager } from '../components/terms-manager.tsx';

function Catalogue() {
  const catalogue = useIncidentCategories();
  if (catalogue.error)
    return <ApiErrorAlert error={catalogue.error} title="The catalogue could not be loaded" />;
  return (
    <Accordion variant="separated" multiple>
      {(catalogue.data?.items ?? []).map((category) => (
        <Accordion.Item key={category.id} value={category.id}>
          <Accordion.Control>
            <Group gap="sm">
              <SeverityBadge severity={category.severity} />
              <Text fw={600}>{category.label}</Text>
              <Text size="sm" c="dimmed">
                {category.deadline.kind === 'immediately'
                  ? 'report immediately'
                  : `within ${category.deadline.days} business day${category.deadline.days === 1 ? '' : 's'}`}
              </Text>
            </Group>
          </Accordion.Control>
          <Accordion.Panel>
            <Text size="sm" mb="xs">
              {category.reportingRule} — {category.source}.
            </Text>
            <Group gap={6}>
              {category.phrases.map((phrase) => (
                <Badge key={phrase} variant="outline" color="gray" tt="none">
                  {phrase}
                </Badge>
              ))}
            </Group>
          </Accordion.Panel>
        </Accordion.Item>
      ))}
    </Accordion>
  );
}

export function PhraseMapperPage() {
  return (
    <Stack gap="md" maw={1100}>
      <div>
        <Title order={1} size="h2">
          Phrase mapper
        </Title>
        <Text c="dimmed" size="sm" mt={4} maw={760}>
          The words incident screening looks for in shift notes, and the words it redacts before any AI sees a
          note. Matching ignores word endings (“falls”, “falling”) and negations (“did not fall”).
        </Text>
      </div>
      <Tabs defaultValue="terms" keepMounted={false}>
        <Tabs.List>
          <Tabs.Tab value="terms">Terms</Tabs.Tab>
          <Tabs.Tab value="test">Try it</Tabs.Tab>
          <Tabs.Tab value="catalogue">Built-in catalogue</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="terms" pt="md">
          <TermsManager />
        </Tabs.Panel>
        <Tabs.Panel value="test" pt="md">
          <PhraseTester />
        </Tabs.Panel>
        <Tabs.Panel value="catalogue" pt="md">
          <Catalogue />
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}
