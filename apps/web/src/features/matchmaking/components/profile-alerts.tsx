/**
 * Profile-completeness alerts (issue 21 "Profile-completeness alerts with severity, dismissible, shown on profiles";
 * decision 0056), for the client and caregiver profile pages: what is missing, how much it matters (in words and
 * colour, never colour alone), a link to the page that fixes it, and Dismiss for alerts that are not high. The
 * server decides everything (contracts `matchmakingAlertEndpoints`); this only shows it.
 */
import { Alert, Anchor, Badge, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { IconCircleCheck } from '@tabler/icons-react';
import { useIntl } from 'react-intl';
import { Link } from 'react-router';
import type { ProfileAlert } from '@tend/contracts';
import { useDismissAlert, useProfileAlerts, type AlertListing } from '../api/alerts.ts';
import { useId } from 'react';

export type ProfileAlertsProps = ({ kind: 'client'; id: string } | { kind: 'caregiver'; id?: string }) & {
  /** The heading level of the alerts' title (default 2; 3 inside a listing's own section). */
  level?: 2 | 3;
};

const severityColor = { high: 'red', medium: 'orange', low: 'gray' } as const;

/** The listing reference of the API for `props`. */
const listingOf = (props: ProfileAlertsProps): AlertListing =>
  props.kind === 'client' ? `client:${props.id}` : props.id ? `caregiver:${props.id}` : 'caregiver';

/** One alert: its severity in words, what to do, the page that fixes it, and Dismiss when it may be dismissed. */
function ProfileAlertItem({
  alert,
  words,
  dismissing,
  onDismiss,
}: {
  alert: ProfileAlert;
  words: string;
  dismissing: boolean;
  onDismiss: () => void;
}) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) =>
    intl.formatMessage({ id: `matchmaking.alerts.${id}` }, values);
  return (
    <li data-testid={`profile-alert-${alert.field}`}>
      <Stack gap={4}>
        <Group gap="xs" wrap="wrap">
          <Badge color={severityColor[alert.severity]} variant="light">
            {t(`severity.${alert.severity}`)}
          </Badge>
          <Text size="sm" style={{ flex: 1, minWidth: 160 }}>
            {words}
          </Text>
        </Group>
        <Group gap="sm">
          <Anchor component={Link} to={alert.fixPath} size="sm">
            {t('fix')}
          </Anchor>
          {alert.dismissible ? (
            <Button
              variant="subtle"
              size="compact-sm"
              loading={dismissing}
              aria-label={t('dismissOf', { alert: words })}
              onClick={onDismiss}
            >
              {t('dismiss')}
            </Button>
          ) : (
            <Text size="xs" c="dimmed">
              {t('notDismissible')}
            </Text>
          )}
        </Group>
      </Stack>
    </li>
  );
}

export function ProfileAlerts(props: ProfileAlertsProps) {
  const intl = useIntl();
  const listing = listingOf(props);
  const alerts = useProfileAlerts(listing);
  const titleId = useId();
  const dismiss = useDismissAlert(listing);
  const t = (id: string, values?: Record<string, string | number>) =>
    intl.formatMessage({ id: `matchmaking.alerts.${id}` }, values);
  const words = (alert: ProfileAlert) =>
    t(`field.${props.kind}.${alert.field}`, {
      date: alert.date
        ? intl.formatDate(`${alert.date}T12:00:00Z`, { dateStyle: 'medium', timeZone: 'UTC' })
        : '',
    });

  if (alerts.isError)
    return (
      <Alert color="red" role="alert">
        {t('loadError')}
      </Alert>
    );
  if (!alerts.data) return null;
  const list = alerts.data;
  return (
    <Card withBorder padding="sm" data-testid="profile-alerts" component="section" aria-labelledby={titleId}>
      <Stack gap="sm">
        <Title order={props.level ?? 2} size="h4" id={titleId}>
          {t('title')}
        </Title>
        {list.alerts.length === 0 ? (
          <Group gap="xs" wrap="nowrap">
            <IconCircleCheck size={20} color="var(--mantine-color-teal-8)" aria-hidden />
            <Text size="sm">{t('none')}</Text>
          </Group>
        ) : (
          <Stack gap="xs" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
            {list.alerts.map((alert) => (
              <ProfileAlertItem
                key={alert.field}
                alert={alert}
                words={words(alert)}
                dismissing={dismiss.isPending && dismiss.variables === alert.field}
                onDismiss={() => dismiss.mutate(alert.field)}
              />
            ))}
          </Stack>
        )}
        {list.dismissedCount > 0 ? (
          <Text size="xs" c="dimmed">
            {t('dismissedCount', { count: list.dismissedCount })}
          </Text>
        ) : null}
        {dismiss.isError ? (
          <Alert color="red" role="alert">
            {t('dismissError')}
          </Alert>
        ) : null}
      </Stack>
    </Card>
  );
}
