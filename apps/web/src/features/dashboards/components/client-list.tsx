/**
 * The clients a signed-in family member (or caregiver, case manager, auditor) may see, as cards linking to each
 * dashboard (issue 20 `/dashboard/client`, `/dashboard/client/portal`): the relationship, and with `attention`
 * what needs it — the next visit and the newest quarterly summary.
 */
import { Anchor, Badge, Group, Paper, Stack, Text, Title } from '@mantine/core';
import type { DashboardClientItem } from '@tend/contracts';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'react-router';
import { EvvBadge, useVisitWhen } from './client-visits.tsx';

/** The next visit in a sentence, or that none is scheduled. */
function NextVisit({ item, timeZone }: { item: DashboardClientItem; timeZone: string }) {
  const when = useVisitWhen(timeZone);
  if (!item.nextVisit)
    return (
      <Text size="sm" c="dimmed">
        <FormattedMessage id="dashboards.client.noNextVisit" />
      </Text>
    );
  const { day, times } = when(item.nextVisit);
  return (
    <Group gap="xs" wrap="wrap">
      <Text size="sm">
        <FormattedMessage
          id="dashboards.client.nextVisit"
          values={{ day, times, caregiver: item.nextVisit.caregiverName ?? '—' }}
        />
      </Text>
      <EvvBadge status={item.nextVisit.evvStatus} />
    </Group>
  );
}

/** One client's card. */
function ClientCard({
  item,
  timeZone,
  attention,
}: {
  item: DashboardClientItem;
  timeZone: string;
  attention: boolean;
}) {
  const intl = useIntl();
  return (
    <Paper withBorder p="md" radius="md" component="li" style={{ listStyle: 'none' }}>
      <Stack gap={6}>
        <Group gap="xs" wrap="wrap" justify="space-between">
          <Title order={2} size="h4" style={{ overflowWrap: 'anywhere' }}>
            <Anchor component={Link} to={`/dashboard/client/${item.clientId}`} inherit>
              {item.name}
            </Anchor>
          </Title>
          <Badge variant="light" color="gray" style={{ textTransform: 'none' }}>
            <FormattedMessage id={`dashboards.client.relationship.${item.relationship}`} />
          </Badge>
        </Group>
        {attention && <NextVisit item={item} timeZone={timeZone} />}
        {attention && item.latestSummary && (
          <Text size="sm">
            <Anchor component={Link} to={`/dashboard/client/${item.clientId}#summaries`}>
              {intl.formatMessage(
                { id: 'dashboards.client.latestSummary' },
                { quarter: item.latestSummary.quarter, year: item.latestSummary.year },
              )}
            </Anchor>
          </Text>
        )}
      </Stack>
    </Paper>
  );
}

export function ClientList({
  items,
  timeZone,
  attention = false,
}: {
  items: DashboardClientItem[];
  timeZone: string;
  attention?: boolean;
}) {
  return (
    <Stack gap="sm" component="ul" p={0} m={0}>
      {items.map((item) => (
        <ClientCard key={item.clientId} item={item} timeZone={timeZone} attention={attention} />
      ))}
    </Stack>
  );
}
