/**
 * `/dashboard/client/portal` (issue 20): a family's front page — every person they may see, and for each what a
 * family looks for first: the next visit (day, times, caregiver, whether it was verified) and the newest quarterly
 * summary. None: what to do next.
 */
import { Alert, Stack, Text, Title } from '@mantine/core';
import { FormattedMessage, useIntl } from 'react-intl';
import { useDashboardClients } from '../api/client.ts';
import { ClientList } from '../components/client-list.tsx';
import { DashboardFrame, DashboardLoadState } from '../components/dashboard-frame.tsx';

export function ClientPortalPage() {
  const intl = useIntl();
  const clients = useDashboardClients();
  return (
    <DashboardFrame home="/dashboard/client/portal">
      <Stack gap="md">
        <div>
          <Title order={1}>
            <FormattedMessage id="dashboards.client.portalTitle" />
          </Title>
          <Text c="dimmed">
            <FormattedMessage id="dashboards.client.portalIntro" />
          </Text>
        </div>
        {!clients.data ? (
          <DashboardLoadState isPending={clients.isPending} />
        ) : clients.data.items.length === 0 ? (
          <Alert variant="light" title={intl.formatMessage({ id: 'dashboards.client.listEmpty' })}>
            <FormattedMessage id="dashboards.client.listEmptyText" />
          </Alert>
        ) : (
          <ClientList items={clients.data.items} timeZone={clients.data.timeZone} attention />
        )}
      </Stack>
    </DashboardFrame>
  );
}
