/** A shift's detail: every EVV fact, the import it came from, and its change history (who, when, old → new). */
import { Alert, Badge, Drawer, Loader, SimpleGrid, Stack, Table, Text, Timeline, Title } from '@mantine/core';
import type { ShiftChange } from '@tend/contracts';
import { ApiErrorAlert } from '../../../components/ui/api-error-alert.tsx';
import { useShift } from '../api/shifts.ts';
import { EvvBadge } from './evv-badge.tsx';
import { formatCoordinates, formatDuration, formatEvvTime } from './format.ts';

const fieldLabels: Record<string, string> = {
  evvInTime: 'Clock-in',
  evvOutTime: 'Clock-out',
  evvInLat: 'Clock-in latitude',
  evvInLong: 'Clock-in longitude',
  evvOutLat: 'Clock-out latitude',
  evvOutLong: 'Clock-out longitude',
  billingCode: 'Procedure code',
  mod1: 'Modifier',
  date: 'Service date',
};

function Fact({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm">{children}</Text>
    </div>
  );
}

/** A changed value as text: dash for empty, JSON for anything structured. */
function formatValue(value: unknown): string {
  if (value === null || value === undefined) return '—';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return JSON.stringify(value);
}

function ChangeItem({ change, timeZone }: { change: ShiftChange; timeZone: string | null }) {
  const entries = Object.entries(change.changes);
  const show = (field: string, value: unknown) =>
    field.endsWith('Time') && typeof value === 'string' ? formatEvvTime(value, timeZone) : formatValue(value);
  return (
    <Stack gap={4}>
      <Text size="sm" fw={500}>
        {change.action === 'evv-adjustment'
          ? 'Adjusted in the EVV system'
          : change.action === 'import'
            ? 'Imported'
            : change.action}
      </Text>
      <Text size="xs" c="dimmed">
        {new Date(change.at).toLocaleString()} · {change.byName ?? (change.by ? 'a Tend user' : 'import')}
      </Text>
      {change.reason ? <Text size="sm">{change.reason}</Text> : null}
      {entries.length ? (
        <Table withTableBorder fz="xs">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Field</Table.Th>
              <Table.Th>Before</Table.Th>
              <Table.Th>After</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {entries.map(([field, value]) => (
              <Table.Tr key={field}>
                <Table.Td>{fieldLabels[field] ?? field}</Table.Td>
                <Table.Td>{show(field, value.from)}</Table.Td>
                <Table.Td>{show(field, value.to)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      ) : null}
    </Stack>
  );
}

export function ShiftDrawer({ shiftId, onClose }: { shiftId: string | null; onClose: () => void }) {
  const shift = useShift(shiftId);
  const data = shift.data;
  return (
    <Drawer
      opened={Boolean(shiftId)}
      onClose={onClose}
      position="right"
      size="lg"
      title={data ? `Shift ${data.givShiftId ?? ''} · ${data.date}` : 'Shift'}
    >
      {shift.isPending && shiftId ? <Loader aria-label="Loading shift" /> : null}
      {shift.error ? <ApiErrorAlert error={shift.error} /> : null}
      {data ? (
        <Stack gap="lg">
          <EvvBadge status={data.evvStatus} reason={data.evvStatusReason} />
          {data.evvStatusReason ? (
            <Alert color="gray" variant="light">
              {data.evvStatusReason}
            </Alert>
          ) : null}
          <SimpleGrid cols={2} spacing="md">
            <Fact label="Caregiver">{data.caregiverName}</Fact>
            <Fact label="Client">{data.clientName}</Fact>
            <Fact label="Procedure code">
              {data.billingCode ?? '—'}
              {data.mod1 ? ` + ${data.mod1}` : ''}
            </Fact>
            <Fact label="Provider Medicaid id">{data.providerMedicaidId ?? '—'}</Fact>
            <Fact label="Clock-in">{formatEvvTime(data.evvInTime, data.timeZone)}</Fact>
            <Fact label="Clock-out">{formatEvvTime(data.evvOutTime, data.timeZone)}</Fact>
            <Fact label="Clock-in location">{formatCoordinates(data.evvInLat, data.evvInLong)}</Fact>
            <Fact label="Clock-out location">{formatCoordinates(data.evvOutLat, data.evvOutLong)}</Fact>
            <Fact label="Duration">{formatDuration(data.evvInTime, data.evvOutTime)}</Fact>
            <Fact label="Visit time zone">{data.timeZone ?? '—'}</Fact>
            <Fact label="External visit id">{data.givShiftId ?? '—'}</Fact>
            <Fact label="Sequence">{data.externalSequence ?? '—'}</Fact>
          </SimpleGrid>
          <div>
            <Title order={4} mb="sm">
              Change history <Badge variant="light">{data.changeHistory.length}</Badge>
            </Title>
            <Timeline bulletSize={14} lineWidth={2}>
              {data.changeHistory.map((change, index) => (
                <Timeline.Item key={`${change.at}-${index}`}>
                  <ChangeItem change={change} timeZone={data.timeZone} />
                </Timeline.Item>
              ))}
            </Timeline>
          </div>
        </Stack>
      ) : null}
    </Drawer>
  );
}
