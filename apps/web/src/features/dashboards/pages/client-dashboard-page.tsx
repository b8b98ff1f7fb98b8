/**
 * `/dashboard/client/:clientId` (issue 20): what a client or guardian sees of their own care — upcoming and past
 * visits, the caregivers, the current care protocols in the page's language, and the quarterly summaries. An
 * unknown id and someone else's land on the same invalid page. English and Spanish, phone first.
 */
import { Anchor, Group, List, Stack, Text, Title } from '@mantine/core';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link, Navigate, useParams } from 'react-router';
import type { ClientDashboard } from '@tend/contracts';
import { useClientDashboard } from '../api/client.ts';
import { ClientVisitList } from '../components/client-visits.tsx';
import { ProtocolCards } from '../components/client-protocols.tsx';
import { ClientSummaries } from '../components/client-summaries.tsx';
import {
  DashboardFrame,
  DashboardLoadState,
  DashboardSection,
  isInvalidId,
  usePageLocale,
} from '../components/dashboard-frame.tsx';

/** The caregivers who visited, with their latest visit. */
function ClientCaregivers({ data }: { data: ClientDashboard }) {
  const intl = useIntl();
  if (data.caregivers.length === 0)
    return (
      <Text c="dimmed">
        <FormattedMessage id="dashboards.client.caregiversEmpty" />
      </Text>
    );
  return (
    <List>
      {data.caregivers.map((caregiver) => (
        <List.Item key={caregiver.caregiverName}>
          <FormattedMessage
            id="dashboards.client.caregiverLine"
            values={{
              name: caregiver.caregiverName,
              visits: caregiver.visits,
              date: intl.formatDate(`${caregiver.lastVisitDate}T12:00:00Z`, {
                dateStyle: 'medium',
                timeZone: 'UTC',
              }),
            }}
          />
        </List.Item>
      ))}
    </List>
  );
}

/** The dashboard's sections. */
function ClientDashboardBody({ data }: { data: ClientDashboard }) {
  const intl = useIntl();
  return (
    <Stack gap="lg">
      <div>
        <Title order={1} style={{ overflowWrap: 'anywhere' }}>
          {intl.formatMessage({ id: 'dashboards.client.title' }, { name: data.name })}
        </Title>
        <Text c="dimmed">
          <FormattedMessage id="dashboards.client.intro" />
        </Text>
        <Group gap="md" mt="xs">
          <Anchor component={Link} to="/dashboard/client/portal">
            <FormattedMessage id="dashboards.client.toPortal" />
          </Anchor>
        </Group>
      </div>
      <DashboardSection id="upcoming" titleId="dashboards.client.upcoming">
        <ClientVisitList
          visits={data.upcoming}
          timeZone={data.timeZone}
          emptyId="dashboards.client.upcomingEmpty"
          label={intl.formatMessage({ id: 'dashboards.client.upcoming' })}
        />
      </DashboardSection>
      <DashboardSection id="past" titleId="dashboards.client.past">
        <ClientVisitList
          visits={data.past}
          timeZone={data.timeZone}
          emptyId="dashboards.client.pastEmpty"
          label={intl.formatMessage({ id: 'dashboards.client.past' })}
        />
      </DashboardSection>
      <DashboardSection id="caregivers" titleId="dashboards.client.caregivers">
        <ClientCaregivers data={data} />
      </DashboardSection>
      <DashboardSection id="protocols" titleId="dashboards.client.protocols">
        <ProtocolCards protocols={data.protocols} emptyId="dashboards.client.protocolsEmpty" />
      </DashboardSection>
      <DashboardSection id="summaries" titleId="dashboards.client.summaries">
        <ClientSummaries summaries={data.summaries} />
      </DashboardSection>
    </Stack>
  );
}

export function ClientDashboardPage() {
  const { clientId = '' } = useParams();
  const dashboard = useClientDashboard(clientId, usePageLocale());
  if (isInvalidId(dashboard.error)) return <Navigate to="/dashboard/client/invalid-client" replace />;
  return (
    <DashboardFrame personName={dashboard.data?.name} home="/dashboard/client">
      {dashboard.data ? (
        <ClientDashboardBody data={dashboard.data} />
      ) : (
        <DashboardLoadState isPending={dashboard.isPending} />
      )}
    </DashboardFrame>
  );
}
