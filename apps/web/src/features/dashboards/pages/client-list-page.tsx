/**
 * `/dashboard/client` (issue 20): the people whose care the signed-in account may see; straight to the one when
 * there is exactly one. None: what to do next (ask the agency to link the account).
 */
import { Alert, Anchor, Stack, Text, Title } from '@mantine/core';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link, Navigate } from 'react-router';
import { useDashboardClients } from '../api/client.ts';
import { ClientList } from '../components/client-list.tsx';
import { DashboardFrame, DashboardLoadState } from '../components/dashboard-frame.tsx';

export function ClientListPage() {
  const intl = useIntl();
  const clients = useDashboardClients();
  const only = clients.data?.items.length === 1 ? clients.data.items[0] : undefined;
  if (only) return <Navigate to={`/dashboard/client/${only.clientId}`} replace />;
  return (
    <DashboardFrame home="/dashboard/client">
      <Stack gap="md">
        <Title order={1}>
          <FormattedMessage id="dashboards.client.listTitle" />
        </Title>
        {!clients.data ? (
          <DashboardLoadState isPending={clients.isPending} />
        ) : clients.data.items.length === 0 ? (
          <Alert variant="light" title={intl.formatMessage({ id: 'dashboards.client.listEmpty' })}>
            <FormattedMessage id="dashboards.client.listEmptyText" />
          </Alert>
        ) : (
          <>
            <Text c="dimmed">
              <FormattedMessage id="dashboards.client.listIntro" />
            </Text>
            <Anchor component={Link} to="/dashboard/client/portal">
              <FormattedMessage id="dashboards.client.toPortal" />
            </Anchor>
            <ClientList items={clients.data.items} timeZone={clients.data.timeZone} />
          </>
        )}
      </Stack>
    </DashboardFrame>
  );
}
