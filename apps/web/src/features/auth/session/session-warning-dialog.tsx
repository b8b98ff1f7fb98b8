/**
 * The session warning (spec s.4 "Session tiers"): a modal alert dialog with a live countdown.
 * - Inactivity: "Your session will end in m:ss because of inactivity", Continue (resets the inactivity timer)
 *   and Sign out. Activity while it shows (status `activity`) starts the 6 s grace period: the dialog says the
 *   activity was noticed and closes when the grace ends (or at once with Continue).
 * - Absolute: "Your session ends in m:ss (the 12-hour limit for PHI access)", Dismiss (not shown again until a
 *   route change), Continue (resets inactivity and dismisses; gone once the deadline is reached) and Sign out.
 * Not closable by clicking outside; Escape continues (inactivity) or dismisses (absolute). Focus starts on the
 * primary button and stays inside; `role="alertdialog"` (Mantine renders `dialog`, the ref corrects it).
 * Words come from the auth catalogue (`features/auth/messages/`, decision 0042) in the page's language.
 * A polite status region repeats the time left in words that change once a minute ("about 4 minutes"), and says
 * when activity was noticed: the m:ss countdown itself ticks every second and is not announced.
 */
import { Button, Group, Modal, Stack, Text, VisuallyHidden } from '@mantine/core';
import {
  warningCountdown,
  type SessionMonitorState,
  type SessionWarning,
} from '@tend/contracts/session-monitor';
import type { SessionTier } from '@tend/contracts/session-tiers';
import { useState } from 'react';
import { FormattedMessage, useIntl, type IntlShape } from 'react-intl';
import { announcedMinutes, formatCountdown } from './format-countdown.ts';
import { useNow } from '../../../lib/use-now.ts';

export interface SessionWarningDialogProps {
  state: SessionMonitorState;
  onContinue: () => void;
  onDismiss: () => void;
  onSignOut: () => void;
}

/** Mantine's modal content is a `dialog`; a warning that asks for a decision is an `alertdialog`. */
const asAlertDialog = (element: HTMLElement | null) => {
  element?.setAttribute('role', 'alertdialog');
};

/** The catalogue id of the dialog's title. */
function titleOf(warning: SessionWarning): string {
  if (warning.type === 'absolute') return 'auth.sessionWarning.titleAbsolute';
  return warning.status === 'activity'
    ? 'auth.sessionWarning.titleBack'
    : 'auth.sessionWarning.titleInactive';
}

/** The tier as the messages' `select` reads it. */
const tierValue = (tier: SessionTier) => (tier === 'strict_phi' ? 'strict_phi' : 'relaxed');

/** The status region's words (see the module comment), in the page's language. */
export function warningAnnouncement(intl: IntlShape, warning: SessionWarning, left: number): string {
  const minutes = announcedMinutes(left);
  if (warning.type === 'absolute')
    return intl.formatMessage({ id: 'auth.sessionWarning.announceAbsolute' }, { minutes });
  if (warning.status === 'activity')
    return intl.formatMessage({ id: 'auth.sessionWarning.announceActivity' });
  return intl.formatMessage({ id: 'auth.sessionWarning.announceInactive' }, { minutes });
}

function WarningBody({
  state,
  warning,
  onContinue,
  onDismiss,
  onSignOut,
}: SessionWarningDialogProps & { warning: SessionWarning }) {
  const intl = useIntl();
  const now = useNow(1000);
  const left = warningCountdown({ ...state, warning }, now) ?? 0;
  const countdown = <strong data-testid="session-countdown">{formatCountdown(left)}</strong>;
  const announcement = (
    <VisuallyHidden role="status" aria-live="polite" aria-atomic="true" data-testid="session-status">
      {warningAnnouncement(intl, warning, left)}
    </VisuallyHidden>
  );

  if (warning.type === 'absolute') {
    return (
      <Stack gap="md">
        {announcement}
        <Text>
          <FormattedMessage
            id="auth.sessionWarning.endsIn"
            values={{ countdown, tier: tierValue(state.tier) }}
          />
        </Text>
        <Text size="sm" c="dimmed">
          <FormattedMessage id="auth.sessionWarning.saveWork" />
        </Text>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onSignOut}>
            <FormattedMessage id="auth.sessionWarning.signOut" />
          </Button>
          {left > 0 && (
            <Button variant="light" onClick={onContinue}>
              <FormattedMessage id="auth.sessionWarning.continue" />
            </Button>
          )}
          <Button onClick={onDismiss} data-autofocus>
            <FormattedMessage id="auth.sessionWarning.dismiss" />
          </Button>
        </Group>
      </Stack>
    );
  }

  return (
    <Stack gap="md">
      {announcement}
      {warning.status === 'activity' ? (
        <Text>
          <FormattedMessage id="auth.sessionWarning.activity" />
        </Text>
      ) : (
        <Text>
          <FormattedMessage id="auth.sessionWarning.inactiveIn" values={{ countdown }} />
        </Text>
      )}
      <Text size="sm" c="dimmed">
        <FormattedMessage id="auth.sessionWarning.privacy" values={{ tier: tierValue(state.tier) }} />
      </Text>
      <Group justify="flex-end" gap="sm">
        <Button variant="default" onClick={onSignOut}>
          <FormattedMessage id="auth.sessionWarning.signOut" />
        </Button>
        <Button onClick={onContinue} data-autofocus>
          <FormattedMessage id="auth.sessionWarning.continue" />
        </Button>
      </Group>
    </Stack>
  );
}

export function SessionWarningDialog(props: SessionWarningDialogProps) {
  const intl = useIntl();
  const { state, onContinue, onDismiss } = props;
  // Keep the last warning while the dialog closes (its exit transition still shows the content).
  const [lastWarning, setLastWarning] = useState<SessionWarning | null>(state.warning);
  if (state.warning && state.warning !== lastWarning) setLastWarning(state.warning);
  const warning = state.warning ?? lastWarning;
  const opened = state.warning !== null;

  return (
    <Modal.Root
      opened={opened}
      onClose={() => (warning?.type === 'absolute' ? onDismiss() : onContinue())}
      closeOnClickOutside={false}
      closeOnEscape
      trapFocus
      returnFocus
      centered
      size="md"
      zIndex={400}
    >
      <Modal.Overlay />
      <Modal.Content ref={asAlertDialog} data-testid="session-warning">
        <Modal.Header>
          <Modal.Title fw={600}>{warning ? intl.formatMessage({ id: titleOf(warning) }) : ''}</Modal.Title>
        </Modal.Header>
        <Modal.Body>{warning && <WarningBody {...props} warning={warning} />}</Modal.Body>
      </Modal.Content>
    </Modal.Root>
  );
}
