/**
 * A change history (contracts `shiftChange` entries: who, when, why, each field's old → new), newest
 * first, as the shift detail page shows the shift's and the segment editor a segment's. Times in the
 * visit's own zone; field names in words (contracts `shiftFieldLabels`, `segmentFieldLabels`).
 */
import { Stack, Table, Text, Timeline } from '@mantine/core';
import { segmentFieldLabels, shiftFieldLabels, type ShiftChange } from '@tend/contracts';
import { formatZonedInstant } from '../../../lib/format/index.ts';
import { ExactTime } from '../../../components/ui/relative-time.tsx';

const fieldLabels: Record<string, string> = { ...shiftFieldLabels, ...segmentFieldLabels };

const actionLabels: Record<string, string> = {
  import: 'Imported',
  'evv-adjustment': 'Adjusted in the EVV system',
  correction: 'Corrected',
  delete: 'Deleted',
  restore: 'Restored',
  split: 'Split',
  recode: 'Code changed',
  respite: 'Respite handling changed',
  notes: 'Notes edited',
  edit: 'Edited',
};

const instantFields = new Set(['evvStart', 'evvEnd']);

/** A changed value as text: dash for empty, instants in the visit's zone, JSON for anything structured. */
export function formatChangeValue(field: string, value: unknown, timeZone: string | null): string {
  if (value === null || value === undefined || value === '') return '—';
  if ((field.endsWith('Time') || instantFields.has(field)) && typeof value === 'string')
    return formatZonedInstant(value, timeZone);
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (typeof value === 'string') return value;
  if (typeof value === 'number') return String(value);
  return JSON.stringify(value);
}

/** Who made a change: the user's name, the external system's name, or "Import". */
export const whoChanged = (change: ShiftChange) => change.byName ?? (change.by ? 'A Tend user' : 'Import');

export function ChangeItem({ change, timeZone }: { change: ShiftChange; timeZone: string | null }) {
  const entries = Object.entries(change.changes);
  return (
    <Stack gap={4}>
      <Text size="sm" fw={600}>
        {actionLabels[change.action] ?? change.action}
      </Text>
      <Text size="xs" c="dimmed">
        <ExactTime value={change.at} /> · {whoChanged(change)}
      </Text>
      {change.reason ? (
        <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
          {change.reason}
        </Text>
      ) : null}
      {entries.length ? (
        <Table withTableBorder fz="xs" maw={640}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Field</Table.Th>
              <Table.Th>Before</Table.Th>
              <Table.Th aria-hidden w={32} />
              <Table.Th>After</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {entries.map(([field, value]) => (
              <Table.Tr key={field}>
                <Table.Td>{fieldLabels[field] ?? field}</Table.Td>
                <Table.Td style={{ overflowWrap: 'anywhere' }}>
                  {formatChangeValue(field, value.from, timeZone)}
                </Table.Td>
                <Table.Td aria-hidden w={32}>
                  →
                </Table.Td>
                <Table.Td style={{ overflowWrap: 'anywhere' }}>
                  {formatChangeValue(field, value.to, timeZone)}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      ) : null}
    </Stack>
  );
}

/** The whole history, newest first, or `empty` when there is none. */
export function ChangeTimeline({
  history,
  timeZone,
  empty = 'No changes recorded.',
}: {
  history: ShiftChange[];
  timeZone: string | null;
  empty?: string;
}) {
  if (!history.length)
    return (
      <Text size="sm" c="dimmed">
        {empty}
      </Text>
    );
  const newestFirst = [...history].reverse();
  return (
    <Timeline bulletSize={14} lineWidth={2} active={newestFirst.length}>
      {newestFirst.map((change, index) => (
        <Timeline.Item key={`${change.at}-${newestFirst.length - index}`}>
          <ChangeItem change={change} timeZone={timeZone} />
        </Timeline.Item>
      ))}
    </Timeline>
  );
}
