/**
 * `/dashboard/caregiver/:caregiverId` (issue 20): a caregiver's own page — hours this week with overtime (chart and
 * table), upcoming and recent shifts, the care protocols of the people they support, and what needs attention on
 * their own shifts (open violations, screening items). Someone else's or an unknown id: the invalid page. English
 * and Spanish, phone first.
 */
import { Stack, Text, Title } from '@mantine/core';
import { FormattedMessage, useIntl } from 'react-intl';
import { Navigate, useParams } from 'react-router';
import type { CaregiverDashboard, CaregiverShift } from '@tend/contracts';
import { useCaregiverDashboard } from '../api/caregiver.ts';
import { CaregiverHours } from '../components/caregiver-hours.tsx';
import { CaregiverScreening, CaregiverViolations } from '../components/caregiver-issues.tsx';
import { ProtocolCards } from '../components/client-protocols.tsx';
import { VisitCard } from '../components/client-visits.tsx';
import {
  DashboardFrame,
  DashboardLoadState,
  DashboardSection,
  isInvalidId,
  usePageLocale,
} from '../components/dashboard-frame.tsx';

/** A list of the caregiver's shifts, or what to do when there is none. */
function ShiftList({
  shifts,
  timeZone,
  emptyId,
}: {
  shifts: CaregiverShift[];
  timeZone: string;
  emptyId: string;
}) {
  if (shifts.length === 0)
    return (
      <Text c="dimmed">
        <FormattedMessage id={emptyId} />
      </Text>
    );
  return (
    <Stack gap="xs" component="ul" p={0} m={0}>
      {shifts.map((shift) => (
        <VisitCard key={shift.shiftId} visit={shift} timeZone={timeZone} who={shift.clientName ?? '—'} />
      ))}
    </Stack>
  );
}

/** The protocols of each client the caregiver serves. */
function ClientsProtocols({ data }: { data: CaregiverDashboard }) {
  if (data.clients.length === 0)
    return (
      <Text c="dimmed">
        <FormattedMessage id="dashboards.caregiver.clientsEmpty" />
      </Text>
    );
  return (
    <Stack gap="md">
      {data.clients.map((client) => (
        <Stack key={client.clientId} gap="xs">
          <Title order={3} size="h4" style={{ overflowWrap: 'anywhere' }}>
            {client.clientName}
          </Title>
          <ProtocolCards
            protocols={client.protocols}
            emptyId="dashboards.caregiver.protocolsEmpty"
            level={4}
          />
        </Stack>
      ))}
    </Stack>
  );
}

function CaregiverDashboardBody({ data }: { data: CaregiverDashboard }) {
  const intl = useIntl();
  return (
    <Stack gap="lg">
      <div>
        <Title order={1} style={{ overflowWrap: 'anywhere' }}>
          {intl.formatMessage({ id: 'dashboards.caregiver.title' }, { name: data.name })}
        </Title>
        <Text c="dimmed">
          <FormattedMessage id="dashboards.caregiver.intro" />
        </Text>
      </div>
      <DashboardSection id="hours" titleId="dashboards.caregiver.hoursTitle">
        <CaregiverHours weeks={data.weeks} threshold={data.overtimeThresholdHours} />
      </DashboardSection>
      <DashboardSection id="upcoming" titleId="dashboards.caregiver.upcoming">
        <ShiftList
          shifts={data.upcoming}
          timeZone={data.timeZone}
          emptyId="dashboards.caregiver.upcomingEmpty"
        />
      </DashboardSection>
      <DashboardSection id="recent" titleId="dashboards.caregiver.recent">
        <ShiftList shifts={data.recent} timeZone={data.timeZone} emptyId="dashboards.caregiver.recentEmpty" />
      </DashboardSection>
      <DashboardSection id="issues" titleId="dashboards.caregiver.violations">
        <CaregiverViolations violations={data.violations} />
      </DashboardSection>
      <DashboardSection id="screening" titleId="dashboards.caregiver.screening">
        <CaregiverScreening items={data.screening} />
      </DashboardSection>
      <DashboardSection id="protocols" titleId="dashboards.caregiver.protocols">
        <ClientsProtocols data={data} />
      </DashboardSection>
    </Stack>
  );
}

export function CaregiverDashboardPage() {
  const { caregiverId = '' } = useParams();
  const dashboard = useCaregiverDashboard(caregiverId, usePageLocale());
  if (isInvalidId(dashboard.error)) return <Navigate to="/dashboard/caregiver/invalid-caregiver" replace />;
  return (
    <DashboardFrame personName={dashboard.data?.name} home={`/dashboard/caregiver/${caregiverId}`}>
      {dashboard.data ? (
        <CaregiverDashboardBody data={dashboard.data} />
      ) : (
        <DashboardLoadState isPending={dashboard.isPending} />
      )}
    </DashboardFrame>
  );
}
