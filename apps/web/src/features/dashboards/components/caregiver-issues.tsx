/**
 * What needs the caregiver's attention on their own shifts (issue 20 "open violations and screening items about
 * their own shifts"): open validation violations by shift (each code in plain words) and screening items (an
 * incident found in their notes, a clock-in or clock-out far from the client's usual place). Dates and kinds only.
 */
import { Badge, Group, Paper, Stack, Text } from '@mantine/core';
import type { CaregiverScreeningItem, CaregiverViolation } from '@tend/contracts';
import { FormattedMessage, useIntl } from 'react-intl';

const knownCodes = new Set([
  'MISSING_CLOCK_IN',
  'MISSING_CLOCK_OUT',
  'END_NOT_AFTER_START',
  'SEGMENT_OUTSIDE_SHIFT',
  'CAREGIVER_OVERLAP',
  'CLIENT_SEGMENT_OVERLAP',
  'MISSING_BILLING_CODE',
  'NO_RATE_FOR_CODE',
  'CAREGIVER_TYPE_NOT_ALLOWED',
  'NO_ACTIVE_BUDGET',
  'BUDGET_UNITS_EXCEEDED',
  'LOCATION_UNVERIFIED',
  'SHIFT_NOTE_MISSING',
]);

/** "Mon, Nov 30" for a service date. */
function useDay() {
  const intl = useIntl();
  return (date: string) =>
    intl.formatDate(`${date}T12:00:00Z`, {
      weekday: 'short',
      month: 'short',
      day: 'numeric',
      timeZone: 'UTC',
    });
}

/** Open violations, one card per shift. */
export function CaregiverViolations({ violations }: { violations: CaregiverViolation[] }) {
  const day = useDay();
  if (violations.length === 0)
    return (
      <Text c="dimmed">
        <FormattedMessage id="dashboards.caregiver.violationsEmpty" />
      </Text>
    );
  return (
    <Stack gap="xs" component="ul" p={0} m={0}>
      {violations.map((violation) => (
        <Paper
          key={violation.shiftId}
          withBorder
          p="sm"
          radius="md"
          component="li"
          style={{ listStyle: 'none' }}
        >
          <Text fw={600}>
            {day(violation.date)}
            {violation.clientName ? ` · ${violation.clientName}` : ''}
          </Text>
          <Stack gap={2} component="ul" pl="md" m={0}>
            {violation.codes.map((code) => (
              <Text key={code} size="sm" component="li">
                <FormattedMessage
                  id={
                    knownCodes.has(code)
                      ? `dashboards.caregiver.violation.${code}`
                      : 'dashboards.caregiver.violation.other'
                  }
                />
              </Text>
            ))}
          </Stack>
        </Paper>
      ))}
    </Stack>
  );
}

/** Screening items on the caregiver's shifts, one card each. */
export function CaregiverScreening({ items }: { items: CaregiverScreeningItem[] }) {
  const day = useDay();
  const intl = useIntl();
  if (items.length === 0)
    return (
      <Text c="dimmed">
        <FormattedMessage id="dashboards.caregiver.screeningEmpty" />
      </Text>
    );
  return (
    <Stack gap="xs" component="ul" p={0} m={0}>
      {items.map((item, index) => (
        <Paper
          key={`${item.shiftId}-${item.kind}-${index}`}
          withBorder
          p="sm"
          radius="md"
          component="li"
          style={{ listStyle: 'none' }}
        >
          <Group justify="space-between" gap="xs" wrap="wrap">
            <Text fw={600}>{day(item.date)}</Text>
            {item.level && (
              <Badge
                color={item.level === 'LOW' || item.level === 'MEDIUM' ? 'yellow' : 'red'}
                variant="light"
              >
                <FormattedMessage
                  id={`dashboards.caregiver.level.${item.level}`}
                  defaultMessage={item.level}
                />
              </Badge>
            )}
          </Group>
          <Text size="sm">
            <FormattedMessage
              id={
                item.kind === 'INCIDENT'
                  ? 'dashboards.caregiver.incidentItem'
                  : 'dashboards.caregiver.locationItem'
              }
              values={{
                categories: item.categories
                  .map((id) =>
                    intl.formatMessage({
                      id: `dashboards.caregiver.incidentCategory.${id}`,
                      defaultMessage: id,
                    }),
                  )
                  .join(', '),
              }}
            />
          </Text>
          {item.dueAt && (
            <Text size="sm" c="dimmed">
              {intl.formatMessage(
                { id: 'dashboards.caregiver.reportDue' },
                { when: intl.formatDate(item.dueAt, { dateStyle: 'medium', timeStyle: 'short' }) },
              )}
            </Text>
          )}
        </Paper>
      ))}
    </Stack>
  );
}
