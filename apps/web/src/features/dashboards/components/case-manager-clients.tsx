/**
 * The case manager's clients (issue 20): a search by name, then one card per client with a compact status (ISP,
 * reviews, unacknowledged protocols, unfilled hours this month, open incidents) and a link to the client's detail.
 * Empty states say what to do next.
 */
import { useState } from 'react';
import { Anchor, Badge, Card, Group, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'react-router';
import type { CaseManagerClientStatus, IspPlanStatus } from '@tend/contracts';
import { useCaseManagerFormat } from './case-manager-format.ts';

const ispColors: Record<IspPlanStatus, string> = {
  current: 'green',
  due_soon: 'yellow',
  overdue: 'red',
  missing: 'gray',
};

/** The ISP status as a badge (with the due date when known). */
export function CaseManagerIspBadge({ status }: { status: CaseManagerClientStatus }) {
  const f = useCaseManagerFormat();
  return (
    <Badge color={ispColors[status.ispStatus]} variant="light" style={{ textTransform: 'none' }}>
      <FormattedMessage
        id={`dashboards.caseManager.isp.${status.ispStatus}`}
        values={{ date: status.ispDueDate ? f.day(status.ispDueDate) : '—' }}
      />
    </Badge>
  );
}

function ClientCard({ status, href }: { status: CaseManagerClientStatus; href: string }) {
  const intl = useIntl();
  const f = useCaseManagerFormat();
  const headingId = `client-${status.clientId}`;
  return (
    <Card
      withBorder
      padding="sm"
      radius="md"
      component="article"
      aria-labelledby={headingId}
      data-testid="client-card"
    >
      <Stack gap={6}>
        <Group justify="space-between" gap="xs" wrap="wrap">
          <Anchor component={Link} to={href} fw={600} id={headingId} style={{ overflowWrap: 'anywhere' }}>
            {status.clientName}
          </Anchor>
          {status.archived && (
            <Badge variant="outline" color="gray">
              <FormattedMessage id="dashboards.caseManager.archived" />
            </Badge>
          )}
        </Group>
        <Group gap={6} wrap="wrap">
          <CaseManagerIspBadge status={status} />
          {status.reviewsOverdue > 0 && (
            <Badge color="red" variant="light" style={{ textTransform: 'none' }}>
              {intl.formatMessage(
                { id: 'dashboards.caseManager.client.reviews' },
                { count: status.reviewsOverdue },
              )}
            </Badge>
          )}
          {status.openIncidents > 0 && (
            <Badge color={status.overdueIncidents ? 'red' : 'orange'} style={{ textTransform: 'none' }}>
              {intl.formatMessage(
                { id: 'dashboards.caseManager.client.incidents' },
                { count: status.openIncidents },
              )}
            </Badge>
          )}
        </Group>
        <Text size="sm" c="dimmed">
          {intl.formatMessage(
            { id: 'dashboards.caseManager.client.summary' },
            {
              protocols: status.protocols,
              unacknowledged: status.unacknowledged,
              unfilled: status.month ? f.hours(status.month.unfilledHours) : '—',
            },
          )}
        </Text>
      </Stack>
    </Card>
  );
}

export function CaseManagerClients({
  clients,
  hrefOf,
}: {
  clients: CaseManagerClientStatus[];
  hrefOf: (clientId: string) => string;
}) {
  const intl = useIntl();
  const [search, setSearch] = useState('');
  const needle = search.trim().toLocaleLowerCase();
  const shown = needle ? clients.filter((c) => c.clientName.toLocaleLowerCase().includes(needle)) : clients;
  return (
    <Stack gap="sm" component="section" aria-labelledby="clients-title">
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <Title order={2} size="h3" id="clients-title">
          <FormattedMessage id="dashboards.caseManager.clients.title" values={{ count: clients.length }} />
        </Title>
        {clients.length > 0 && (
          <TextInput
            label={intl.formatMessage({ id: 'dashboards.caseManager.clients.search' })}
            leftSection={<IconSearch size={16} aria-hidden />}
            value={search}
            onChange={(event) => setSearch(event.currentTarget.value)}
            w={{ base: '100%', sm: 280 }}
          />
        )}
      </Group>
      {clients.length === 0 ? (
        <Text c="dimmed">
          <FormattedMessage id="dashboards.caseManager.clients.empty" />
        </Text>
      ) : shown.length === 0 ? (
        <Text c="dimmed" role="status">
          <FormattedMessage id="dashboards.caseManager.clients.noMatch" />
        </Text>
      ) : (
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="sm">
          {shown.map((status) => (
            <ClientCard key={status.clientId} status={status} href={hrefOf(status.clientId)} />
          ))}
        </SimpleGrid>
      )}
    </Stack>
  );
}
