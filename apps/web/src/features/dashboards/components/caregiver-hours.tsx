/**
 * A caregiver's hours in the last workweeks (issue 20 "hours this week with overtime"): this week's total and
 * overtime in words, a stacked bar chart (regular and overtime hours) and, beside it, the same numbers as a table
 * (every chart has a table). Hours come from the server (the house's workweek rule).
 */
import { BarChart } from '@mantine/charts';
import { Alert, SimpleGrid, Stack, Table, Text } from '@mantine/core';
import type { CaregiverWeekHours } from '@tend/contracts';
import { FormattedMessage, useIntl } from 'react-intl';

/** "Nov 22" for a workweek's first day. */
function useWeekLabel() {
  const intl = useIntl();
  return (weekName: string) =>
    intl.formatDate(`${weekName}T12:00:00Z`, { month: 'short', day: 'numeric', timeZone: 'UTC' });
}

/** This week's hours and overtime, said in a sentence. */
function ThisWeek({ week, threshold }: { week: CaregiverWeekHours; threshold: number }) {
  const intl = useIntl();
  const hours = intl.formatNumber(week.hours, { maximumFractionDigits: 2 });
  const overtime = intl.formatNumber(week.overtimeHours, { maximumFractionDigits: 2 });
  return week.overtimeHours > 0 ? (
    <Alert
      color="orange"
      variant="light"
      title={intl.formatMessage({ id: 'dashboards.caregiver.overtimeTitle' })}
    >
      <FormattedMessage id="dashboards.caregiver.thisWeekOvertime" values={{ hours, overtime, threshold }} />
    </Alert>
  ) : (
    <Text fw={500} role="status">
      <FormattedMessage id="dashboards.caregiver.thisWeek" values={{ hours, threshold }} />
    </Text>
  );
}

export function CaregiverHours({ weeks, threshold }: { weeks: CaregiverWeekHours[]; threshold: number }) {
  const intl = useIntl();
  const label = useWeekLabel();
  const regular = intl.formatMessage({ id: 'dashboards.caregiver.regularHours' });
  const overtime = intl.formatMessage({ id: 'dashboards.caregiver.overtimeHours' });
  const data = weeks.map((week) => ({
    week: label(week.weekName),
    regular: Math.round((week.hours - week.overtimeHours) * 100) / 100,
    overtime: week.overtimeHours,
  }));
  const current = weeks.at(-1);
  return (
    <Stack gap="sm">
      {current && <ThisWeek week={current} threshold={threshold} />}
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <figure
          style={{ margin: 0, minWidth: 0 }}
          aria-label={intl.formatMessage({ id: 'dashboards.caregiver.hoursChart' })}
        >
          <BarChart
            h={220}
            data={data}
            dataKey="week"
            type="stacked"
            unit=" h"
            series={[
              { name: 'regular', color: 'teal.6', label: regular },
              { name: 'overtime', color: 'orange.7', label: overtime },
            ]}
            referenceLines={[{ y: threshold, color: 'red.8' }]}
            withLegend
            maxBarWidth={48}
          />
        </figure>
        <Table withTableBorder striped aria-labelledby="hours-table-caption">
          <Table.Caption id="hours-table-caption">
            <FormattedMessage id="dashboards.caregiver.hoursTable" />
          </Table.Caption>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">
                <FormattedMessage id="dashboards.caregiver.weekOf" />
              </Table.Th>
              <Table.Th scope="col" ta="right">
                <FormattedMessage id="dashboards.caregiver.hours" />
              </Table.Th>
              <Table.Th scope="col" ta="right">
                {overtime}
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {weeks.map((week) => (
              <Table.Tr key={week.weekName}>
                <Table.Th scope="row" fw={400}>
                  {label(week.weekName)}
                </Table.Th>
                <Table.Td ta="right">{intl.formatNumber(week.hours, { maximumFractionDigits: 2 })}</Table.Td>
                <Table.Td ta="right">
                  {intl.formatNumber(week.overtimeHours, { maximumFractionDigits: 2 })}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </SimpleGrid>
    </Stack>
  );
}
