/**
 * Visits as a family reads them (issue 20): each visit's day, times in the agency zone, the caregiver's short name
 * and the EVV status in plain words. A list of cards, not a table, so it reads at 320 px.
 */
import { Badge, Group, Paper, Stack, Text } from '@mantine/core';
import type { ClientVisit, EvvStatus } from '@tend/contracts';
import type { ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';

/** The badge colour of an EVV status: green verified, orange needs a look, red missing a punch. */
const evvColor = (status: EvvStatus) =>
  status === 'VERIFIED' ? 'green' : status.startsWith('MISSING_CLOCK') ? 'red' : 'orange';

/** The EVV status in plain words (`dashboards.client.evv.*`). */
export function EvvBadge({ status }: { status: EvvStatus }) {
  return (
    <Badge color={evvColor(status)} variant="light" style={{ textTransform: 'none' }}>
      <FormattedMessage id={`dashboards.client.evv.${status}`} />
    </Badge>
  );
}

/** "Mon, Nov 30, 2026" and "9:00 AM – 1:00 PM" (or "Times not recorded yet") in `timeZone`. */
export function useVisitWhen(timeZone: string) {
  const intl = useIntl();
  return (visit: { date: string; start: string | null; end: string | null }) => {
    const day = intl.formatDate(`${visit.date}T12:00:00Z`, {
      weekday: 'short',
      month: 'short',
      day: 'numeric',
      year: 'numeric',
      timeZone: 'UTC',
    });
    const time = (value: string) => intl.formatTime(value, { timeStyle: 'short', timeZone });
    const times =
      visit.start && visit.end
        ? `${time(visit.start)} – ${time(visit.end)}`
        : visit.start
          ? intl.formatMessage({ id: 'dashboards.client.visit.startedAt' }, { time: time(visit.start) })
          : intl.formatMessage({ id: 'dashboards.client.visit.noTimes' });
    return { day, times };
  };
}

/** One visit as a card; `who` is the other person (caregiver for families, client for caregivers). */
export function VisitCard({
  visit,
  who,
  timeZone,
}: {
  visit: { shiftId: string; date: string; start: string | null; end: string | null; evvStatus: EvvStatus };
  who: ReactNode;
  timeZone: string;
}) {
  const when = useVisitWhen(timeZone)(visit);
  return (
    <Paper withBorder p="sm" radius="md" component="li" style={{ listStyle: 'none' }}>
      <Group justify="space-between" align="flex-start" gap="xs" wrap="wrap">
        <Stack gap={2} style={{ minWidth: 0 }}>
          <Text fw={600}>{when.day}</Text>
          <Text size="sm">{when.times}</Text>
          <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
            {who}
          </Text>
        </Stack>
        <EvvBadge status={visit.evvStatus} />
      </Group>
    </Paper>
  );
}

/** A list of a client's visits, or what to do when there is none. */
export function ClientVisitList({
  visits,
  timeZone,
  emptyId,
  label,
}: {
  visits: ClientVisit[];
  timeZone: string;
  emptyId: string;
  label: string;
}) {
  const intl = useIntl();
  if (visits.length === 0)
    return (
      <Text c="dimmed">
        <FormattedMessage id={emptyId} />
      </Text>
    );
  return (
    <Stack gap="xs" component="ul" p={0} m={0} aria-label={label}>
      {visits.map((visit) => (
        <VisitCard
          key={visit.shiftId}
          visit={visit}
          timeZone={timeZone}
          who={
            visit.caregiverName
              ? intl.formatMessage({ id: 'dashboards.client.withCaregiver' }, { name: visit.caregiverName })
              : intl.formatMessage({ id: 'dashboards.client.noCaregiver' })
          }
        />
      ))}
    </Stack>
  );
}
