/**
 * Current protocols, read-only (issue 20: "current protocols (finalized, include flags honoured)"): each protocol's
 * included sections as written in the plan, thresholds as sentences in the page's language, steps and
 * medications; serious risks first (the server's order). Used by the client and the caregiver dashboards.
 */
import { Badge, Card, Group, List, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import type { CurrentProtocol } from '@tend/contracts';
import { FormattedMessage } from 'react-intl';

const sectionIds = {
  description: 'dashboards.client.protocol.description',
  prevention: 'dashboards.client.protocol.prevention',
  response: 'dashboards.client.protocol.response',
  emergency: 'dashboards.client.protocol.emergency',
} as const;

/** A titled list of sentences; nothing when empty. */
function SentenceList({
  titleId,
  items,
  ordered = false,
}: {
  titleId: string;
  items: string[];
  ordered?: boolean;
}) {
  if (items.length === 0) return null;
  return (
    <div>
      <Title order={4} size="h6">
        <FormattedMessage id={titleId} />
      </Title>
      <List type={ordered ? 'ordered' : 'unordered'}>
        {items.map((item, index) => (
          <List.Item key={index}>{item}</List.Item>
        ))}
      </List>
    </div>
  );
}

/** One protocol as a card headed by its risk (heading level `level`). */
export function ProtocolCard({ protocol, level = 3 }: { protocol: CurrentProtocol; level?: 3 | 4 }) {
  const headingId = `protocol-${protocol.protocolId}`;
  const sections = (Object.keys(sectionIds) as (keyof typeof sectionIds)[]).filter(
    (key) => protocol.sections[key],
  );
  return (
    <Card withBorder padding="sm" radius="md" component="article" aria-labelledby={headingId}>
      <Stack gap="xs">
        <Group gap="xs" wrap="wrap">
          <Title order={level} id={headingId} size="h5" style={{ overflowWrap: 'anywhere' }}>
            {protocol.riskType}
          </Title>
          {protocol.serious && (
            <Badge color="red" leftSection={<IconAlertTriangle size={12} aria-hidden />}>
              <FormattedMessage id="dashboards.client.protocol.serious" />
            </Badge>
          )}
        </Group>
        {sections.map((key) => (
          <div key={key}>
            <Title order={level === 3 ? 4 : 5} size="h6">
              <FormattedMessage id={sectionIds[key]} />
            </Title>
            <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
              {protocol.sections[key]}
            </Text>
          </div>
        ))}
        <SentenceList titleId="dashboards.client.protocol.thresholds" items={protocol.thresholds} />
        <SentenceList titleId="dashboards.client.protocol.steps" items={protocol.escalationSteps} ordered />
        <SentenceList
          titleId="dashboards.client.protocol.medications"
          items={protocol.medicationReferences}
        />
      </Stack>
    </Card>
  );
}

/** Every protocol of a plan, or what to expect when none is finalized. */
export function ProtocolCards({
  protocols,
  emptyId,
  level = 3,
}: {
  protocols: CurrentProtocol[];
  emptyId: string;
  level?: 3 | 4;
}) {
  if (protocols.length === 0)
    return (
      <Text c="dimmed">
        <FormattedMessage id={emptyId} />
      </Text>
    );
  return (
    <Stack gap="sm">
      {protocols.map((protocol) => (
        <ProtocolCard key={protocol.protocolId} protocol={protocol} level={level} />
      ))}
    </Stack>
  );
}
