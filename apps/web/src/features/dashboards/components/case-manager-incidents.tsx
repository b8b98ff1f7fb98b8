/**
 * Open incidents with their report deadlines, soonest first; an overdue deadline stands out (red badge and bold
 * text). An empty list says there is nothing to report.
 */
import { Badge, Table, Text } from '@mantine/core';
import { FormattedMessage, useIntl } from 'react-intl';
import type { DashboardIncident } from '@tend/contracts';
import { useCaseManagerFormat } from './case-manager-format.ts';
import { CaseManagerScroll } from './case-manager-scroll.tsx';

/** An incident's report deadline; an overdue one in bold red with an "Overdue" badge. */
function ReportDue({ incident }: { incident: DashboardIncident }) {
  const f = useCaseManagerFormat();
  if (!incident.reportDueAt) return '—';
  return (
    <Text size="sm" fw={incident.overdue ? 700 : undefined} c={incident.overdue ? 'red.9' : undefined}>
      {f.dateTime(incident.reportDueAt)}
      {incident.overdue && (
        <Badge color="red" ml="xs" size="sm">
          <FormattedMessage id="dashboards.caseManager.incidents.overdue" />
        </Badge>
      )}
    </Text>
  );
}

export function CaseManagerIncidents({
  incidents,
  showClient,
}: {
  incidents: DashboardIncident[];
  showClient: boolean;
}) {
  const intl = useIntl();
  const f = useCaseManagerFormat();
  if (!incidents.length)
    return (
      <Text c="dimmed" size="sm">
        <FormattedMessage id="dashboards.caseManager.incidents.empty" />
      </Text>
    );
  return (
    <CaseManagerScroll
      minWidth={480}
      label={intl.formatMessage({ id: 'dashboards.caseManager.incidents.title' })}
    >
      <Table
        striped
        withTableBorder
        aria-label={intl.formatMessage({ id: 'dashboards.caseManager.incidents.title' })}
      >
        <Table.Thead>
          <Table.Tr>
            {showClient && (
              <Table.Th>
                <FormattedMessage id="dashboards.common.client" />
              </Table.Th>
            )}
            <Table.Th>
              <FormattedMessage id="dashboards.common.date" />
            </Table.Th>
            <Table.Th>
              <FormattedMessage id="dashboards.caseManager.incidents.severity" />
            </Table.Th>
            <Table.Th>
              <FormattedMessage id="dashboards.caseManager.incidents.due" />
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {incidents.map((incident) => (
            <Table.Tr key={incident.shiftId} data-overdue={incident.overdue || undefined}>
              {showClient && <Table.Td style={{ overflowWrap: 'anywhere' }}>{incident.clientName}</Table.Td>}
              <Table.Td>{f.day(incident.date)}</Table.Td>
              <Table.Td>
                <Badge
                  variant="light"
                  color={incident.severity === 'CRITICAL' || incident.severity === 'HIGH' ? 'red' : 'orange'}
                >
                  <FormattedMessage id={`dashboards.caseManager.severity.${incident.severity}`} />
                </Badge>
              </Table.Td>
              <Table.Td>
                <ReportDue incident={incident} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </CaseManagerScroll>
  );
}
