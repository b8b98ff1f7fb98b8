/**
 * A client's budget use against authorization: hours authorized (pro rata) and delivered month by month as a bar
 * chart (@mantine/charts) with the same numbers in a table beside it, and every line in force with its units and
 * hours. Lines in days or miles show units only.
 */
import { BarChart } from '@mantine/charts';
import { SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { FormattedMessage, useIntl } from 'react-intl';
import type { CaseManagerClientDetail } from '@tend/contracts';
import { useCaseManagerFormat } from './case-manager-format.ts';
import { CaseManagerScroll } from './case-manager-scroll.tsx';

type Budget = CaseManagerClientDetail['budget'];

function MonthsTable({ months }: { months: Budget['months'] }) {
  const intl = useIntl();
  const f = useCaseManagerFormat();
  return (
    <Table
      striped
      withTableBorder
      aria-label={intl.formatMessage({ id: 'dashboards.caseManager.budget.tableLabel' })}
    >
      <Table.Thead>
        <Table.Tr>
          <Table.Th>
            <FormattedMessage id="dashboards.caseManager.budget.month" />
          </Table.Th>
          <Table.Th>
            <FormattedMessage id="dashboards.caseManager.budget.authorized" />
          </Table.Th>
          <Table.Th>
            <FormattedMessage id="dashboards.caseManager.budget.delivered" />
          </Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {months.map((m) => (
          <Table.Tr key={m.month}>
            <Table.Td>{f.month(m.month)}</Table.Td>
            <Table.Td>{f.hours(m.authorizedHours)}</Table.Td>
            <Table.Td>{f.hours(m.deliveredHours)}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

function LinesTable({ lines }: { lines: Budget['lines'] }) {
  const intl = useIntl();
  const f = useCaseManagerFormat();
  return (
    <CaseManagerScroll
      minWidth={520}
      label={intl.formatMessage({ id: 'dashboards.caseManager.budget.linesLabel' })}
    >
      <Table
        withTableBorder
        aria-label={intl.formatMessage({ id: 'dashboards.caseManager.budget.linesLabel' })}
      >
        <Table.Thead>
          <Table.Tr>
            <Table.Th>
              <FormattedMessage id="dashboards.caseManager.budget.code" />
            </Table.Th>
            <Table.Th>
              <FormattedMessage id="dashboards.caseManager.budget.window" />
            </Table.Th>
            <Table.Th>
              <FormattedMessage id="dashboards.caseManager.budget.units" />
            </Table.Th>
            <Table.Th>
              <FormattedMessage id="dashboards.caseManager.budget.unfilled" />
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {lines.map((line) => (
            <Table.Tr key={line.lineId}>
              <Table.Td>{[line.procCode, line.modifier].filter(Boolean).join(' ')}</Table.Td>
              <Table.Td>
                {f.day(line.from)} – {f.day(line.to)}
              </Table.Td>
              <Table.Td>
                {f.count(line.used)} / {f.count(line.authorized)} {line.measure ?? ''}
              </Table.Td>
              <Table.Td>{line.hours ? f.hours(line.hours.unfilledHours) : '—'}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </CaseManagerScroll>
  );
}

export function CaseManagerBudget({ budget }: { budget: Budget }) {
  const intl = useIntl();
  const f = useCaseManagerFormat();
  const authorized = intl.formatMessage({ id: 'dashboards.caseManager.budget.authorized' });
  const delivered = intl.formatMessage({ id: 'dashboards.caseManager.budget.delivered' });
  if (!budget.lines.length)
    return (
      <Text c="dimmed" size="sm">
        <FormattedMessage id="dashboards.caseManager.budget.empty" />
      </Text>
    );
  const data = budget.months.map((m) => ({
    month: f.month(m.month),
    authorized: m.authorizedHours,
    delivered: m.deliveredHours,
  }));
  return (
    <Stack gap="sm">
      {budget.months.length > 0 && (
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
          <figure
            style={{ margin: 0 }}
            aria-label={intl.formatMessage({ id: 'dashboards.caseManager.budget.chartLabel' })}
          >
            <BarChart
              h={240}
              data={data}
              dataKey="month"
              unit=" h"
              series={[
                { name: 'authorized', color: 'gray.5', label: authorized },
                { name: 'delivered', color: 'teal.7', label: delivered },
              ]}
              withLegend
              maxBarWidth={40}
              data-testid="budget-chart"
            />
          </figure>
          <MonthsTable months={budget.months} />
        </SimpleGrid>
      )}
      <Title order={4} size="h6">
        <FormattedMessage id="dashboards.caseManager.budget.lines" />
      </Title>
      <LinesTable lines={budget.lines} />
    </Stack>
  );
}
