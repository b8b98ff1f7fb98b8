/**
 * The session warning (spec s.4 "Session tiers"): a modal alert dialog with a live countdown.
 * - Inactivity: "Your session will end in m:ss because of inactivity", Continue (resets the inactivity timer)
 *   and Sign out. Activity while it shows (status `activity`) starts the 6 s grace period: the dialog says the
 *   activity was noticed and closes when the grace ends (or at once with Continue).
 * - Absolute: "Your session ends in m:ss (the 12-hour limit for PHI access)", Dismiss (not shown again until a
 *   route change), Continue (resets inactivity and dismisses; gone once the deadline is reached) and Sign out.
 * Not closable by clicking outside; Escape continues (inactivity) or dismisses (absolute). Focus starts on the
 * primary button and stays inside; `role="alertdialog"` (Mantine renders `dialog`, the ref corrects it).
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
import { countdownWords, formatCountdown } from './format-countdown.ts';
import { useNow } from './use-now.ts';

export interface SessionWarningDialogProps {
  state: SessionMonitorState;
  onContinue: () => void;
  onDismiss: () => void;
  onSignOut: () => void;
}

const absoluteLimitWords: Record<SessionTier, string> = {
  strict_phi: 'the 12-hour limit for PHI access',
  relaxed: 'the 14-day session limit',
};
const inactivityLimitWords: Record<SessionTier, string> = {
  strict_phi: '45 minutes',
  relaxed: '14 days',
};

/** Mantine's modal content is a `dialog`; a warning that asks for a decision is an `alertdialog`. */
const asAlertDialog = (element: HTMLElement | null) => {
  element?.setAttribute('role', 'alertdialog');
};

function titleOf(warning: SessionWarning): string {
  if (warning.type === 'absolute') return 'Your session is ending';
  return warning.status === 'activity' ? 'Welcome back' : 'Are you still there?';
}

/** The status region's words (see the module comment). */
export function warningAnnouncement(warning: SessionWarning, left: number): string {
  if (warning.type === 'absolute') return `Your session ends in ${countdownWords(left)}.`;
  if (warning.status === 'activity') return 'Activity noticed: your session continues.';
  return `Your session will end in ${countdownWords(left)} because of inactivity.`;
}

function WarningBody({
  state,
  warning,
  onContinue,
  onDismiss,
  onSignOut,
}: SessionWarningDialogProps & { warning: SessionWarning }) {
  const now = useNow(1000);
  const left = warningCountdown({ ...state, warning }, now) ?? 0;
  const countdown = <strong data-testid="session-countdown">{formatCountdown(left)}</strong>;
  const announcement = (
    <VisuallyHidden role="status" aria-live="polite" aria-atomic="true" data-testid="session-status">
      {warningAnnouncement(warning, left)}
    </VisuallyHidden>
  );

  if (warning.type === 'absolute') {
    return (
      <Stack gap="md">
        {announcement}
        <Text>
          Your session ends in {countdown} ({absoluteLimitWords[state.tier]}).
        </Text>
        <Text size="sm" c="dimmed">
          Save your work now: when the time is up you are signed out and need to sign in again.
        </Text>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onSignOut}>
            Sign out
          </Button>
          {left > 0 && (
            <Button variant="light" onClick={onContinue}>
              Continue
            </Button>
          )}
          <Button onClick={onDismiss} data-autofocus>
            Dismiss
          </Button>
        </Group>
      </Stack>
    );
  }

  return (
    <Stack gap="md">
      {announcement}
      {warning.status === 'activity' ? (
        <Text>Activity noticed: your session continues. This message closes in a few seconds.</Text>
      ) : (
        <Text>Your session will end in {countdown} because of inactivity.</Text>
      )}
      <Text size="sm" c="dimmed">
        For the privacy of the people in your care, Tend signs you out after{' '}
        {inactivityLimitWords[state.tier]} without activity.
      </Text>
      <Group justify="flex-end" gap="sm">
        <Button variant="default" onClick={onSignOut}>
          Sign out
        </Button>
        <Button onClick={onContinue} data-autofocus>
          Continue
        </Button>
      </Group>
    </Stack>
  );
}

export function SessionWarningDialog(props: SessionWarningDialogProps) {
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
          <Modal.Title fw={600}>{warning ? titleOf(warning) : ''}</Modal.Title>
        </Modal.Header>
        <Modal.Body>{warning && <WarningBody {...props} warning={warning} />}</Modal.Body>
      </Modal.Content>
    </Modal.Root>
  );
}
