/**
 * Tries the phrase mapper on pasted text (`POST /api/phrase-test`; nothing is stored): the incident
 * categories found with their severity, each match (negated ones marked, with the negation word), the
 * text with matches highlighted and names redacted, and the redacted text as an AI would receive it.
 */
import { useState } from 'react';
import { Badge, Button, Card, Group, Stack, Table, Text, Textarea, TextInput, Title } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { incidentCategory, type PhraseTestResult } from '@tend/contracts';
import { ApiErrorAlert } from '../../../components/ui/api-error-alert.tsx';
import { usePhraseTest } from '../api/incidents.ts';
import { HighlightedText } from './highlighted-text.tsx';
import { SeverityBadge } from './severity-badge.tsx';

const sample =
  'Client did not fall today. Later she slipped in the bathroom and we went to the ER, but there were no injuries.';

/** The text and optional client name to screen, the "Test text" button, and the result once tested. */
export function PhraseTester() {
  const [text, setText] = useState('');
  const [clientName, setClientName] = useState('');
  const test = usePhraseTest();
  const result = test.data;
  const submit = () => test.mutate({ text, clientName: clientName.trim() || undefined });

  return (
    <Stack gap="md">
      <form
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <Stack gap="sm">
          <Textarea
            label="Text to screen"
            description="Paste a shift note. Nothing is saved."
            placeholder={sample}
            autosize
            minRows={4}
            maxRows={14}
            maxLength={20_000}
            value={text}
            onChange={(event) => setText(event.currentTarget.value)}
          />
          <TextInput
            label="Client name (optional)"
            description="Their name and client-specific terms are redacted too."
            value={clientName}
            maxLength={200}
            onChange={(event) => setClientName(event.currentTarget.value)}
            w={{ base: '100%', sm: 320 }}
          />
          <Group gap="sm">
            <Button
              type="submit"
              loading={test.isPending}
              disabled={!text.trim()}
              leftSection={<IconSearch size={16} aria-hidden />}
            >
              Test text
            </Button>
            {!text ? (
              <Button variant="subtle" onClick={() => setText(sample)}>
                Use an example
              </Button>
            ) : null}
          </Group>
        </Stack>
      </form>
      {test.error ? <ApiErrorAlert error={test.error} title="The text could not be tested" /> : null}
      {result ? <PhraseTestOutcome result={result} /> : null}
    </Stack>
  );
}

/** What the screening found: severity and categories, each match, and the highlighted and redacted text. */
function PhraseTestOutcome({ result }: { result: PhraseTestResult }) {
  return (
    <Stack gap="md" aria-live="polite">
      <Card withBorder>
        <Stack gap="xs">
          <Group gap="sm">
            <Title order={2} size="h4">
              Result
            </Title>
            <SeverityBadge severity={result.severity} />
          </Group>
          <Text size="sm">
            {result.categories.length
              ? `Incident categories: ${result.categories.map((id) => incidentCategory(id)?.label ?? id).join(', ')}.`
              : 'No incident found: nothing in this text needs reporting.'}
          </Text>
          {result.reason ? (
            <Text size="sm" c="dimmed">
              {result.reason}
            </Text>
          ) : null}
        </Stack>
      </Card>
      <Card withBorder>
        <Title order={2} size="h5" mb="xs">
          Matches ({result.matches.length})
        </Title>
        {result.matches.length ? (
          <PhraseMatches matches={result.matches} />
        ) : (
          <Text size="sm" c="dimmed">
            No catalogue phrase or term appears in the text.
          </Text>
        )}
      </Card>
      <Card withBorder>
        <Title order={2} size="h5" mb="xs">
          Highlighted (redacted)
        </Title>
        <HighlightedText text={result.highlightedText} label="Text with matches highlighted" />
      </Card>
      <Card withBorder>
        <Title order={2} size="h5" mb="xs">
          Redacted text ({result.redactionCount} {result.redactionCount === 1 ? 'redaction' : 'redactions'})
        </Title>
        <Text
          size="sm"
          style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}
          data-testid="redacted-text"
        >
          {result.redactedText}
        </Text>
      </Card>
    </Stack>
  );
}

/** Each match: its words, category, catalogue phrase, and whether it counts or is negated. */
function PhraseMatches({ matches }: { matches: PhraseTestResult['matches'] }) {
  return (
    <Table.ScrollContainer minWidth={480}>
      <Table striped aria-label="Phrase matches">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Words</Table.Th>
            <Table.Th>Category</Table.Th>
            <Table.Th>Phrase</Table.Th>
            <Table.Th>Counts?</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {matches.map((match) => (
            <Table.Tr key={`${match.start}-${match.categoryId}`}>
              <Table.Td>{match.text}</Table.Td>
              <Table.Td>{incidentCategory(match.categoryId)?.label ?? match.categoryId}</Table.Td>
              <Table.Td>{match.phrase}</Table.Td>
              <Table.Td>
                {match.negated ? (
                  <Badge color="gray" variant="light" tt="none">
                    Negated by “{match.negationTrigger}”
                  </Badge>
                ) : (
                  <Badge color="orange" variant="light">
                    Incident
                  </Badge>
                )}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
