/**
 * `/admin/session-debug` (open to anyone signed in, so framed by who is signed in: the admin frame for an
 * administrator, the simple frame for anyone else; app/router.tsx `ActorLayout`): what the session monitor
 * of this tab knows right now (spec s.4
 * "Session tiers", s.6): the tier with its label, the session's issue time, the absolute and inactivity
 * deadlines as exact times with live countdowns, the last counted activity, the warning state and the
 * stored logout reason; and the rules in short. The page's own path is in the relaxed list, so opening it
 * does not make a relaxed session strict (a strict one stays strict, and so does a session the server
 * records as strict: the monitor starts from the server's tier, so the limits shown are those enforced).
 * A second card shows what the server
 * records for the session (`GET /api/me`: its tier and assurance level aal1/aal2; docs/decisions/0009-mfa.md).
 */
import { Anchor, Badge, Card, Code, Group, List, Loader, Stack, Table, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import type { ReactNode } from 'react';
import { parseLogoutReason, type SessionMonitorState } from '@tend/contracts/session-monitor';
import { sessionTimings, tierLimits } from '@tend/contracts/session-tiers';
import { useMe } from '../../../lib/me.ts';
import { FormattedMessage } from 'react-intl';
import { logoutReasonMessageId } from '../logout-reasons.ts';
import { useSessionMonitorState } from '../session/session-context.ts';
import { readLogoutReason } from '../session/session-storage.ts';
import { formatCountdown } from '../session/format-countdown.ts';
import { useNow } from '../../../lib/use-now.ts';
import { formatExactTime, formatRelativeTime, formatTimeLeft } from '../../../lib/format/index.ts';

function Row({ label, testId, children }: { label: string; testId: string; children: ReactNode }) {
  return (
    <Table.Tr>
      <Table.Th scope="row" w={220} fw={600}>
        {label}
      </Table.Th>
      <Table.Td data-testid={testId}>{children}</Table.Td>
    </Table.Tr>
  );
}

function Deadline({ at, now }: { at: number | null; now: number }) {
  if (at === null) return <Text c="dimmed">Not set</Text>;
  const left = at - now;
  return (
    <Group gap="xs" wrap="wrap">
      <Text>{formatExactTime(new Date(at))}</Text>
      <Badge variant="light" color={left <= tierLimits.strict_phi.warningMs ? 'orange' : 'gray'}>
        {left > 0 ? `in ${formatTimeLeft(left)}` : 'reached'}
      </Badge>
    </Group>
  );
}

function warningWords(state: SessionMonitorState, now: number): string {
  const { warning } = state;
  if (!warning) return state.absoluteWarningDismissed ? 'None (the absolute warning was dismissed)' : 'None';
  const kind = warning.type === 'absolute' ? 'Absolute' : 'Inactivity';
  if (warning.status === 'activity') {
    const graceLeft = warning.graceEndsAt === null ? 0 : warning.graceEndsAt - now;
    return `${kind}: activity noticed, grace period ${formatCountdown(graceLeft)} left`;
  }
  return `${kind}: shown`;
}

function MonitorDetails({ state }: { state: SessionMonitorState }) {
  const now = useNow(1000);
  const limits = tierLimits[state.tier];
  const storedReason = readLogoutReason();
  const reason = parseLogoutReason(storedReason);
  return (
    <Card withBorder padding="md" radius="md" component="section" aria-label="This tab's session">
      <Title order={2} size="h4" mb="sm">
        This tab's session
      </Title>
      <Table variant="vertical" layout="fixed" withTableBorder={false}>
        <Table.Tbody>
          <Row label="Tier" testId="session-tier">
            <Group gap="xs">
              <Badge color={state.tier === 'strict_phi' ? 'red' : 'teal'} variant="light" size="lg">
                {limits.label}
              </Badge>
              <Code>{state.tier}</Code>
            </Group>
          </Row>
          <Row label="Monitoring" testId="session-monitoring">
            {state.monitoring ? 'Yes, checked every second' : 'No'}
          </Row>
          <Row label="Session issued at" testId="session-issued-at">
            {state.issuedAt === null ? (
              <Text c="dimmed">Unknown</Text>
            ) : (
              <Text>{formatExactTime(new Date(state.issuedAt))}</Text>
            )}
          </Row>
          <Row label="Absolute deadline" testId="session-absolute-deadline">
            <Deadline at={state.absoluteExpiresAt} now={now} />
          </Row>
          <Row label="Inactivity deadline" testId="session-inactivity-deadline">
            <Deadline at={state.inactivityExpiresAt} now={now} />
          </Row>
          <Row label="Last activity" testId="session-last-activity">
            {state.lastActivityAt === null ? (
              <Text c="dimmed">None yet</Text>
            ) : (
              <Text>
                {formatExactTime(new Date(state.lastActivityAt))} (
                {formatRelativeTime(new Date(state.lastActivityAt), new Date(now))})
              </Text>
            )}
          </Row>
          <Row label="Warning" testId="session-warning-state">
            {warningWords(state, now)}
          </Row>
          <Row label="Stored logout reason" testId="session-stored-reason">
            {storedReason === null ? (
              <Text c="dimmed">None</Text>
            ) : (
              <Stack gap={2}>
                <Code>{storedReason}</Code>
                {reason && (
                  <Text size="sm" c="dimmed">
                    <FormattedMessage id={logoutReasonMessageId(reason) ?? 'auth.error.generic'} />
                  </Text>
                )}
              </Stack>
            )}
          </Row>
        </Table.Tbody>
      </Table>
    </Card>
  );
}

/** What the server records for this session (tier, aal, MFA), from `GET /api/me`. */
function ServerSession() {
  const { data: me } = useMe();
  const tier = me?.session.tier;
  const aal = me?.session.aal;
  return (
    <Card withBorder padding="md" radius="md" component="section" aria-label="On the server">
      <Title order={2} size="h4" mb="sm">
        On the server
      </Title>
      <Table variant="vertical" layout="fixed" withTableBorder={false}>
        <Table.Tbody>
          <Row label="Recorded tier" testId="server-session-tier">
            {tier ? (
              <Group gap="xs">
                <Badge color={tier === 'strict_phi' ? 'red' : 'teal'} variant="light">
                  {tierLimits[tier].label}
                </Badge>
                <Code>{tier}</Code>
              </Group>
            ) : (
              <Text c="dimmed">Unknown</Text>
            )}
          </Row>
          <Row label="Assurance level" testId="server-session-aal">
            {aal ? (
              <Group gap="xs">
                <Badge color={aal === 'aal2' ? 'green' : 'yellow'} variant="light">
                  {aal === 'aal2' ? 'Two-step verified' : 'Password only'}
                </Badge>
                <Code>{aal}</Code>
              </Group>
            ) : (
              <Text c="dimmed">Unknown</Text>
            )}
          </Row>
          <Row label="Two-step verification" testId="server-session-mfa">
            {me?.mfa ? (
              <Group gap="xs">
                <Text>
                  {me.mfa.enabled ? 'On for this account' : 'Off for this account'}
                  {me.mfa.required ? ' (required before records with health information open)' : ''}
                </Text>
                <Anchor component={Link} to="/account/mfa" size="sm">
                  Manage two-step verification
                </Anchor>
              </Group>
            ) : (
              <Text c="dimmed">Unknown</Text>
            )}
          </Row>
        </Table.Tbody>
      </Table>
      <Text size="sm" c="dimmed" mt="xs">
        The server applies the same limits whatever this tab does: any request for health information checks
        the 45-minute and 12-hour limits and makes the session strict.
      </Text>
    </Card>
  );
}

export function SessionDebugPage() {
  const state = useSessionMonitorState();
  const strict = tierLimits.strict_phi;
  const relaxed = tierLimits.relaxed;
  return (
    <Stack gap="md">
      <div>
        <Title order={1}>Session debug</Title>
        <Text c="dimmed">
          How long this browser tab stays signed in, and why. Activity in any tab of this session keeps every
          tab signed in; signing out in one tab signs out the others.
        </Text>
      </div>

      {state ? (
        <MonitorDetails state={state} />
      ) : (
        <Group gap="sm" role="status" aria-live="polite">
          <Loader size="sm" />
          <Text>The session monitor is starting…</Text>
        </Group>
      )}

      <ServerSession />

      <Card withBorder padding="md" radius="md" component="section" aria-label="The rules">
        <Title order={2} size="h4" mb="sm">
          The rules
        </Title>
        <List spacing={6} size="sm">
          <List.Item>
            <strong>{strict.label}</strong>: signed out after 45 minutes without activity, and 12 hours after
            signing in at the latest. Any page outside the relaxed list switches the session to this mode, and
            it stays until you sign out.
          </List.Item>
          <List.Item>
            <strong>{relaxed.label}</strong>: 14 days either way. Only for matchmaking pages, the home page,
            sign-in, confirmation and this page.
          </List.Item>
          <List.Item>
            A warning appears 5 minutes before the nearer deadline. Moving the mouse, clicking, typing or
            scrolling while it shows counts as activity: it closes after a{' '}
            {sessionTimings.activityGraceMs / 1000}
            -second grace period. Continue resets the inactivity timer; the absolute deadline never moves, so
            its warning can only be dismissed (until the next page change).
          </List.Item>
          <List.Item>
            At a deadline the tab signs out, tells your other tabs, clears this browser's session storage and
            opens the sign-in page, which brings you back here after you sign in again.
          </List.Item>
        </List>
      </Card>
    </Stack>
  );
}
