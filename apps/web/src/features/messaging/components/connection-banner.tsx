/**
 * The realtime connection's state for a conversation page (issue 22; spec s.9 backoff 1, 2, 5, 10 s): nothing while
 * connected; "Reconnecting in n s…" counting down, with "Try now"; "Connecting…"; and a note once the session ended.
 */
import { useEffect, useState } from 'react';
import { Alert, Button, Group, Text } from '@mantine/core';
import { IconPlugConnectedX } from '@tabler/icons-react';
import { FormattedMessage } from 'react-intl';
import { reconnectRealtimeNow, useRealtimeStatus } from '../../../lib/realtime.ts';

/** "Reconnecting in n s…", counting down from the moment this attempt was scheduled (remounted per attempt). */
function Countdown({ delayMs }: { delayMs: number }) {
  const [deadline] = useState(() => Date.now() + delayMs);
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 250);
    return () => clearInterval(timer);
  }, []);
  const seconds = Math.max(0, Math.ceil((deadline - now) / 1000));
  return seconds > 0 ? (
    <FormattedMessage id="messaging.connection.reconnectingIn" values={{ seconds }} />
  ) : (
    <FormattedMessage id="messaging.connection.reconnecting" />
  );
}

export function ConnectionBanner() {
  const status = useRealtimeStatus();
  if (status.state === 'connected' || status.state === 'connecting') return null;
  if (status.state === 'ended')
    return (
      <Alert color="gray" variant="light" role="status" data-testid="connection-banner">
        <FormattedMessage id="messaging.connection.ended" />
      </Alert>
    );
  return (
    <Alert
      color="yellow"
      variant="light"
      role="status"
      data-testid="connection-banner"
      icon={<IconPlugConnectedX size={18} aria-hidden />}
    >
      <Group justify="space-between" gap="xs">
        <Text size="sm">
          <Countdown key={status.attempt} delayMs={status.delayMs} />
        </Text>
        <Button size="xs" variant="default" onClick={() => reconnectRealtimeNow()}>
          <FormattedMessage id="messaging.connection.tryNow" />
        </Button>
      </Group>
    </Alert>
  );
}
