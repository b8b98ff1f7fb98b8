/**
 * One caregiver's hours over time: a bar chart of hours per workweek (regular and overtime stacked)
 * with the 40-hour overtime line, the same numbers as a table (the chart's text alternative), and the
 * shifts behind them with links to each shift (drill-down).
 */
import { Alert, Anchor, Badge, Drawer, Group, Loader, Stack, Table, Text, Title } from '@mantine/core';
import { BarChart } from '@mantine/charts';
import { Link } from 'react-router';
import type { CaregiverWeeks } from '@tend/contracts';
import { ApiErrorAlert } from '../../../components/ui/api-error-alert.tsx';
import { useCaregiverWeeks } from '../api/caregiver-hours.ts';
import { formatDay, formatInstant, formatWorkedHours } from '../../../lib/format/index.ts';

export interface CaregiverHoursDrawerProps {
  caregiverId: string | undefined;
  from?: string;
  to?: string;
  onClose: () => void;
}

/** See the module comment. Closed while `caregiverId` is undefined. */
export function CaregiverHoursDrawer({ caregiverId, from, to, onClose }: CaregiverHoursDrawerProps) {
  const weeks = useCaregiverWeeks(caregiverId, from, to);
  const data = weeks.data;
  return (
    <Drawer
      opened={Boolean(caregiverId)}
      onClose={onClose}
      position="right"
      size="xl"
      title={data ? `${data.caregiverName}: hours per workweek` : 'Hours per workweek'}
    >
      {weeks.isPending ? (
        <Group justify="center" p="lg">
          <Loader aria-label="Loading the caregiver's hours" />
        </Group>
      ) : weeks.isError ? (
        <ApiErrorAlert error={weeks.error} title="The caregiver's hours could not be loaded" />
      ) : data ? (
        <CaregiverWeeksBody data={data} />
      ) : null}
    </Drawer>
  );
}

/** The weeks' span and rules, the chart, its table, and the shifts behind them. */
function CaregiverWeeksBody({ data }: { data: CaregiverWeeks }) {
  return (
    <Stack gap="md">
      <Text size="sm" c="dimmed">
        {formatDay(data.weeks[0]?.weekName ?? data.from)} to {formatDay(data.to)} · workweeks start{' '}
        {data.workweekStart.charAt(0).toUpperCase() + data.workweekStart.slice(1)} at midnight (
        {data.timeZone}) · overtime beyond {data.overtimeThresholdHours} h
      </Text>
      <HoursChart data={data} />
      <WeeksTable weeks={data.weeks} />
      <Title order={4}>Shifts</Title>
      {data.shifts.length === 0 ? (
        <Alert variant="light" color="gray">
          No shifts with a clock-in and clock-out in these weeks.
        </Alert>
      ) : (
        <ShiftsTable shifts={data.shifts} timeZone={data.timeZone} />
      )}
    </Stack>
  );
}

/** Regular and overtime hours per workweek, stacked, with the overtime line. */
function HoursChart({ data }: { data: CaregiverWeeks }) {
  const chartData = data.weeks.map((week) => ({
    week: formatDay(week.weekName),
    Regular: Math.round((week.hours - week.overtimeHours) * 100) / 100,
    Overtime: week.overtimeHours,
  }));
  return (
    <figure style={{ margin: 0 }} aria-label={`Bar chart of ${data.caregiverName}'s hours per workweek`}>
      <BarChart
        h={260}
        data={chartData}
        dataKey="week"
        type="stacked"
        unit=" h"
        series={[
          { name: 'Regular', color: 'blue.6', label: 'Regular hours' },
          { name: 'Overtime', color: 'red.6', label: 'Overtime hours' },
        ]}
        referenceLines={[{ y: data.overtimeThresholdHours, label: '40 h overtime line', color: 'red.8' }]}
        withLegend
        maxBarWidth={64}
        data-testid="hours-chart"
      />
    </figure>
  );
}

/** The chart's numbers as a table (its text alternative). */
function WeeksTable({ weeks }: { weeks: CaregiverWeeks['weeks'] }) {
  return (
    <Table striped withTableBorder aria-label="Hours per workweek">
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Week of</Table.Th>
          <Table.Th>Hours</Table.Th>
          <Table.Th>Overtime</Table.Th>
          <Table.Th>Shifts</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {weeks.map((week) => (
          <Table.Tr key={week.weekName}>
            <Table.Td>{formatDay(week.weekName)}</Table.Td>
            <Table.Td>{formatWorkedHours(week.hours)}</Table.Td>
            <Table.Td>
              {week.overtimeHours > 0 ? (
                <Badge miw="max-content" color="red" variant="light">
                  Overtime {formatWorkedHours(week.overtimeHours)}
                </Badge>
              ) : (
                '—'
              )}
            </Table.Td>
            <Table.Td>{week.shiftCount}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

/** The shifts of these weeks, each linking to the shift (drill-down), overlaps flagged. */
function ShiftsTable({ shifts, timeZone }: { shifts: CaregiverWeeks['shifts']; timeZone: string }) {
  return (
    <Table.ScrollContainer minWidth={640}>
      <Table striped withTableBorder aria-label="Shifts in these weeks">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Date</Table.Th>
            <Table.Th>Client</Table.Th>
            <Table.Th>Clock-in</Table.Th>
            <Table.Th>Clock-out</Table.Th>
            <Table.Th>Duration</Table.Th>
            <Table.Th>Overlaps</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {shifts.map((shift) => (
            <Table.Tr key={shift.id}>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>
                <Anchor component={Link} to={`/admin/shifts/${shift.id}`}>
                  {shift.date}
                </Anchor>
              </Table.Td>
              <Table.Td>{shift.clientName}</Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatInstant(shift.evvInTime, timeZone)}</Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>
                {formatInstant(shift.evvOutTime, timeZone)}
              </Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatWorkedHours(shift.hours)}</Table.Td>
              <Table.Td>
                {shift.overlapsWith.length ? (
                  <Badge miw="max-content" color="orange" variant="light">
                    Overlaps {shift.overlapsWith.length}
                  </Badge>
                ) : (
                  '—'
                )}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
