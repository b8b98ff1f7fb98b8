/**
 * The sections of one client's detail on the case-manager dashboard: recent shifts with EVV status, location findings,
 * current protocols (serious first; the included sections as written), quarterly summaries and reports to download.
 * Each empty section says what it would show and what to do.
 */
import { Accordion, Anchor, Badge, Group, List, Stack, Table, Text } from '@mantine/core';
import { IconAlertTriangle, IconDownload } from '@tabler/icons-react';
import { FormattedMessage, useIntl } from 'react-intl';
import type { CaseManagerClientDetail } from '@tend/contracts';
import { reportFileUrl } from '../api/case-manager.ts';
import { useCaseManagerFormat } from './case-manager-format.ts';
import { CaseManagerScroll } from './case-manager-scroll.tsx';

const Empty = ({ id }: { id: string }) => (
  <Text c="dimmed" size="sm">
    <FormattedMessage id={id} />
  </Text>
);
const Th = ({ id }: { id: string }) => (
  <Table.Th>
    <FormattedMessage id={id} />
  </Table.Th>
);

export function CaseManagerShifts({ shifts }: { shifts: CaseManagerClientDetail['shifts'] }) {
  const intl = useIntl();
  const f = useCaseManagerFormat();
  if (!shifts.length) return <Empty id="dashboards.caseManager.shifts.empty" />;
  return (
    <CaseManagerScroll
      minWidth={520}
      label={intl.formatMessage({ id: 'dashboards.caseManager.shifts.title' })}
    >
      <Table
        striped
        withTableBorder
        aria-label={intl.formatMessage({ id: 'dashboards.caseManager.shifts.title' })}
      >
        <Table.Thead>
          <Table.Tr>
            <Th id="dashboards.common.date" />
            <Th id="dashboards.common.caregiver" />
            <Th id="dashboards.caseManager.shifts.times" />
            <Th id="dashboards.caseManager.shifts.evv" />
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {shifts.map((shift) => (
            <Table.Tr key={shift.shiftId}>
              <Table.Td>{f.day(shift.date)}</Table.Td>
              <Table.Td style={{ overflowWrap: 'anywhere' }}>{shift.caregiverName}</Table.Td>
              <Table.Td>
                {shift.evvInTime ? f.dateTime(shift.evvInTime) : '—'} →{' '}
                {shift.evvOutTime ? f.dateTime(shift.evvOutTime) : '—'}
              </Table.Td>
              <Table.Td>
                <Badge
                  variant="light"
                  color={shift.evvStatus === 'VERIFIED' ? 'green' : 'orange'}
                  style={{ textTransform: 'none' }}
                >
                  <FormattedMessage id={`dashboards.caseManager.evv.${shift.evvStatus}`} />
                </Badge>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </CaseManagerScroll>
  );
}

export function CaseManagerLocations({ locations }: { locations: CaseManagerClientDetail['locations'] }) {
  const intl = useIntl();
  const f = useCaseManagerFormat();
  if (!locations.length) return <Empty id="dashboards.caseManager.locations.empty" />;
  return (
    <CaseManagerScroll
      minWidth={520}
      label={intl.formatMessage({ id: 'dashboards.caseManager.locations.title' })}
    >
      <Table
        striped
        withTableBorder
        aria-label={intl.formatMessage({ id: 'dashboards.caseManager.locations.title' })}
      >
        <Table.Thead>
          <Table.Tr>
            <Th id="dashboards.common.date" />
            <Th id="dashboards.common.caregiver" />
            <Th id="dashboards.caseManager.locations.level" />
            <Th id="dashboards.caseManager.locations.distance" />
            <Th id="dashboards.caseManager.locations.reviewed" />
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {locations.map((row) => (
            <Table.Tr key={row.id}>
              <Table.Td>{f.day(row.date)}</Table.Td>
              <Table.Td style={{ overflowWrap: 'anywhere' }}>{row.caregiverName}</Table.Td>
              <Table.Td>
                {row.suspicionLevel ? (
                  <FormattedMessage id={`dashboards.caseManager.level.${row.suspicionLevel}`} />
                ) : (
                  '—'
                )}
              </Table.Td>
              <Table.Td>
                {row.distanceMeters === null
                  ? '—'
                  : `${intl.formatNumber(row.distanceMeters / 1000, { maximumFractionDigits: 1 })} km`}
              </Table.Td>
              <Table.Td>
                <FormattedMessage id={row.reviewed ? 'dashboards.common.yes' : 'dashboards.common.no'} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </CaseManagerScroll>
  );
}

const sectionIds = ['description', 'prevention', 'response', 'emergency'] as const;

export function CaseManagerProtocols({ protocols }: { protocols: CaseManagerClientDetail['protocols'] }) {
  if (!protocols.length) return <Empty id="dashboards.caseManager.protocols.empty" />;
  return (
    <Accordion variant="separated" multiple>
      {protocols.map((protocol) => (
        <Accordion.Item key={protocol.protocolId} value={protocol.protocolId}>
          <Accordion.Control>
            <Group gap="xs" wrap="wrap">
              <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
                {protocol.riskType}
              </Text>
              {protocol.serious && (
                <Badge color="red" leftSection={<IconAlertTriangle size={12} aria-hidden />}>
                  <FormattedMessage id="dashboards.caseManager.protocols.serious" />
                </Badge>
              )}
            </Group>
          </Accordion.Control>
          <Accordion.Panel>
            <Stack gap="xs">
              {sectionIds.map((key) =>
                protocol.sections[key] ? (
                  <div key={key}>
                    <Text fw={600} size="sm">
                      <FormattedMessage id={`dashboards.caseManager.protocols.${key}`} />
                    </Text>
                    <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                      {protocol.sections[key]}
                    </Text>
                  </div>
                ) : null,
              )}
              {protocol.thresholds.length > 0 && (
                <List size="sm">
                  {protocol.thresholds.map((threshold) => (
                    <List.Item key={threshold}>{threshold}</List.Item>
                  ))}
                </List>
              )}
            </Stack>
          </Accordion.Panel>
        </Accordion.Item>
      ))}
    </Accordion>
  );
}

export function CaseManagerSummaries({
  detail,
  caseManagerId,
}: {
  detail: CaseManagerClientDetail;
  caseManagerId: string;
}) {
  const intl = useIntl();
  const f = useCaseManagerFormat();
  return (
    <Stack gap="sm">
      {detail.quarters.length === 0 ? (
        <Empty id="dashboards.caseManager.summaries.empty" />
      ) : (
        detail.quarters.map((quarter) => (
          <Stack key={`${quarter.year}-${quarter.quarter}`} gap={4}>
            <Text fw={600}>
              <FormattedMessage
                id="dashboards.caseManager.summaries.quarter"
                values={{ quarter: quarter.quarter, year: quarter.year }}
              />
            </Text>
            {quarter.sections.map((section) => (
              <Text
                key={section.sectionName}
                size="sm"
                style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}
              >
                <strong>{section.sectionName}:</strong> {section.sectionSummary ?? '—'}
              </Text>
            ))}
          </Stack>
        ))
      )}
      {detail.reports.length === 0 ? (
        <Empty id="dashboards.caseManager.reports.empty" />
      ) : (
        <List spacing="xs" aria-label={intl.formatMessage({ id: 'dashboards.caseManager.reports.title' })}>
          {detail.reports.map((report) => (
            <List.Item key={report.id} icon={<IconDownload size={16} aria-hidden />}>
              <Anchor
                href={reportFileUrl(caseManagerId, detail.status.clientId, report.id)}
                download
                style={{ overflowWrap: 'anywhere' }}
              >
                {report.fileName}
              </Anchor>{' '}
              <Text span size="xs" c="dimmed">
                {f.dateTime(report.createdAt)}
              </Text>
            </List.Item>
          ))}
        </List>
      )}
    </Stack>
  );
}
