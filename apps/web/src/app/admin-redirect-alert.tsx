/**
 * The dismissible red alert for the admin-redirect message (spec s.2, s.8): reads the message stored
 * under `tend.adminRedirectMessage`, removes it, and hides after 5 seconds (spec s.9) or when closed.
 */
import { Alert } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import {
  ADMIN_ALERT_TIMEOUT_MS,
  clearAdminRedirectMessage,
  readAdminRedirectMessage,
} from './admin-redirect.ts';

export function AdminRedirectAlert() {
  const [message, setMessage] = useState<string | null>(readAdminRedirectMessage);
  useEffect(() => {
    if (!message) return;
    clearAdminRedirectMessage();
    const timer = setTimeout(() => setMessage(null), ADMIN_ALERT_TIMEOUT_MS);
    return () => clearTimeout(timer);
  }, [message]);
  if (!message) return null;
  return (
    <Alert
      color="red"
      variant="light"
      role="alert"
      title="You were sent back to the home page"
      icon={<IconAlertCircle aria-hidden />}
      withCloseButton
      closeButtonLabel="Dismiss message"
      onClose={() => setMessage(null)}
      data-testid="admin-redirect-alert"
    >
      {message}
    </Alert>
  );
}
