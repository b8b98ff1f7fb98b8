/**
 * "Email and text messages" on the client and caregiver profile pages (issue 22 "nothing is sent to someone who
 * disabled it"; decision 0060): two switches, email (on by default) and text messages (off until chosen; needs a
 * phone number, else disabled with a hint), and read receipts (on by default; off is reciprocal: the others don't
 * see when you read, and you don't see when they read; decision 0058 addendum). Each change is saved at once and said so; the notices never carry what
 * a message says, only a link (the help text tells). A caller without a profile on that side sees nothing.
 */
import { useId, useState } from 'react';
import { Alert, Card, Loader, Stack, Switch, Text, Title } from '@mantine/core';
import { useIntl } from 'react-intl';
import {
  MESSAGE_NOTIFICATION_THROTTLE_MINUTES,
  type NotificationSettings as NotificationSettingsView,
  type NotificationSide,
} from '@tend/contracts';
import { ApiError } from '../../../lib/api-client.ts';
import { useNotificationSettings, useSetNotificationSettings } from '../api/notifications.ts';

type Choice = {
  emailNotificationsEnabled: boolean;
  smsNotificationsEnabled: boolean;
  readReceiptsEnabled: boolean;
};

/** The three switches over `data`; `onChange` gets every choice after a change. */
function Choices({
  data,
  t,
  onChange,
}: {
  data: NotificationSettingsView;
  t: (id: string) => string;
  onChange: (next: Choice) => void;
}) {
  const current: Choice = {
    emailNotificationsEnabled: data.emailNotificationsEnabled,
    smsNotificationsEnabled: data.smsNotificationsEnabled,
    readReceiptsEnabled: data.readReceiptsEnabled,
  };
  return (
    <>
      <Switch
        label={t('email')}
        description={t('emailHelp')}
        checked={data.emailNotificationsEnabled}
        onChange={(event) => onChange({ ...current, emailNotificationsEnabled: event.currentTarget.checked })}
      />
      <Switch
        label={t('sms')}
        description={data.hasPhone ? t('smsHelp') : t('smsNeedsPhone')}
        checked={data.smsNotificationsEnabled}
        disabled={!data.hasPhone && !data.smsNotificationsEnabled}
        onChange={(event) => onChange({ ...current, smsNotificationsEnabled: event.currentTarget.checked })}
      />
      <Switch
        label={t('readReceipts')}
        description={t('readReceiptsHelp')}
        checked={data.readReceiptsEnabled}
        onChange={(event) => onChange({ ...current, readReceiptsEnabled: event.currentTarget.checked })}
      />
    </>
  );
}

export function NotificationSettings({ side, level = 2 }: { side: NotificationSide; level?: 2 | 3 }) {
  const intl = useIntl();
  const t = (id: string) =>
    intl.formatMessage(
      { id: `matchmaking.notifications.${id}` },
      { minutes: MESSAGE_NOTIFICATION_THROTTLE_MINUTES },
    );
  const settings = useNotificationSettings(side);
  const save = useSetNotificationSettings(side);
  const [saved, setSaved] = useState(false);
  const titleId = useId();

  if (settings.error instanceof ApiError && settings.error.status === 404) return null;
  const change = (next: Choice) => {
    setSaved(false);
    save.mutate(next, { onSuccess: () => setSaved(true) });
  };
  const data = settings.data;
  return (
    <Card
      withBorder
      padding="sm"
      component="section"
      aria-labelledby={titleId}
      data-testid="notification-settings"
    >
      <Stack gap="sm">
        <Title order={level} size="h4" id={titleId}>
          {t('title')}
        </Title>
        <Text size="sm" c="dimmed">
          {t('intro')}
        </Text>
        {settings.isError ? (
          <Alert color="red" role="alert">
            {t('loadError')}
          </Alert>
        ) : !data ? (
          <Loader size="sm" aria-label={t('loading')} />
        ) : (
          <>
            <Choices data={data} t={t} onChange={change} />
            <div role="status" aria-live="polite">
              {saved && !save.isPending ? (
                <Text size="sm" c="teal.9">
                  {t('saved')}
                </Text>
              ) : null}
            </div>
            {save.isError ? (
              <Alert color="red" role="alert">
                {t('saveError')}
              </Alert>
            ) : null}
          </>
        )}
      </Stack>
    </Card>
  );
}
