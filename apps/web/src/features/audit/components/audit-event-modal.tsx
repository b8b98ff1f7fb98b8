/** One audit event in full: every field, the details object as JSON. */
import { Code, Modal, Stack, Table, Text } from '@mantine/core';
import type { AuditEvent } from '@tend/contracts';
import { OutcomeBadge } from './outcome-badge.tsx';
import { formatExactTime } from '../../../lib/format/index.ts';

export function AuditEventModal({ event, onClose }: { event: AuditEvent | null; onClose: () => void }) {
  return (
    <Modal opened={event !== null} onClose={onClose} title="Audit event" size="lg">
      {event && (
        <Stack gap="sm">
          <Table withRowBorders={false} verticalSpacing={4} aria-label="Audit event fields">
            <Table.Tbody>
              {(
                [
                  ['Time', formatExactTime(event.at)],
                  ['Actor', event.actorEmail ?? 'System (no signed-in user)'],
                  ['Action', <Code key="a">{event.action}</Code>],
                  ['Entity', `${event.entityType}${event.entityId ? ` ${event.entityId}` : ''}`],
                  ['Outcome', <OutcomeBadge key="o" outcome={event.outcome} />],
                  ['Request id', event.requestId ? <Code key="r">{event.requestId}</Code> : '—'],
                  ['IP address', event.ip ?? '—'],
                  ['User agent', event.userAgent ?? '—'],
                  ['Event id', <Code key="i">{event.id}</Code>],
                ] as const
              ).map(([label, value]) => (
                <Table.Tr key={label}>
                  <Table.Th scope="row" w={120} fw={600}>
                    {label}
                  </Table.Th>
                  <Table.Td style={{ wordBreak: 'break-word' }}>{value}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
          <div>
            <Text fw={600} size="sm" mb={4}>
              Details
            </Text>
            {event.details && Object.keys(event.details).length > 0 ? (
              <Code block tabIndex={0} role="region" aria-label="Details">
                {JSON.stringify(event.details, null, 2)}
              </Code>
            ) : (
              <Text size="sm" c="dimmed">
                No details recorded.
              </Text>
            )}
          </div>
        </Stack>
      )}
    </Modal>
  );
}
