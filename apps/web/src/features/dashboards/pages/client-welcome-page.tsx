/**
 * `/dashboard/client/welcome/:clientId` (issue 20): a first visit's welcome — what the dashboard shows, that the
 * agency keeps it up to date, who to call about it — and a link into it. Someone else's or an unknown id: the
 * invalid page.
 */
import { Button, List, Stack, Text, Title } from '@mantine/core';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link, Navigate, useParams } from 'react-router';
import { useClientDashboard } from '../api/client.ts';
import {
  DashboardFrame,
  DashboardLoadState,
  isInvalidId,
  usePageLocale,
} from '../components/dashboard-frame.tsx';

export function ClientWelcomePage() {
  const intl = useIntl();
  const { clientId = '' } = useParams();
  const dashboard = useClientDashboard(clientId, usePageLocale());
  if (isInvalidId(dashboard.error)) return <Navigate to="/dashboard/client/invalid-client" replace />;
  const name = dashboard.data?.name;
  return (
    <DashboardFrame personName={name} home="/dashboard/client">
      {name ? (
        <Stack gap="md" maw={640}>
          <Title order={1} style={{ overflowWrap: 'anywhere' }}>
            {intl.formatMessage({ id: 'dashboards.client.welcomeTitle' }, { name })}
          </Title>
          <Text>
            <FormattedMessage id="dashboards.client.welcomeIntro" />
          </Text>
          <List spacing="xs">
            <List.Item>
              <FormattedMessage id="dashboards.client.welcomeVisits" />
            </List.Item>
            <List.Item>
              <FormattedMessage id="dashboards.client.welcomeProtocols" />
            </List.Item>
            <List.Item>
              <FormattedMessage id="dashboards.client.welcomeSummaries" />
            </List.Item>
          </List>
          <Text c="dimmed">
            <FormattedMessage id="dashboards.client.welcomeContact" />
          </Text>
          <Button component={Link} to={`/dashboard/client/${clientId}`} style={{ alignSelf: 'flex-start' }}>
            <FormattedMessage id="dashboards.client.welcomeOpen" />
          </Button>
        </Stack>
      ) : (
        <DashboardLoadState isPending={dashboard.isPending} />
      )}
    </DashboardFrame>
  );
}
