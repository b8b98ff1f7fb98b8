/**
 * The hub's message requests (issue 22 "safe first contact"): those received, pending, with Accept (opens the
 * match's conversation) and Decline; those sent, pending, with "closes in n days" (no answer in 7 days closes it
 * with a polite automatic decline).
 */
import { Alert, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { FormattedMessage } from 'react-intl';
import { useNavigate } from 'react-router';
import type { MessageRequest } from '@tend/contracts';
import { useDecideMessageRequest } from '../api/message-requests.ts';
import { daysUntil, partyName } from '../lib/thread.ts';
import { MessageTime } from './message-time.tsx';
import { PartyAvatar, PresenceText } from './party-avatar.tsx';

export function RequestLists({
  side,
  requests,
}: {
  side: 'client' | 'caregiver';
  requests: MessageRequest[];
}) {
  const pending = requests.filter((request) => request.status === 'PENDING');
  const received = pending.filter((request) => !request.fromMe);
  const sent = pending.filter((request) => request.fromMe);
  return (
    <>
      {received.length > 0 && (
        <Stack gap="xs" component="section" aria-labelledby="requests-received-heading">
          <Title order={2} size="h3" id="requests-received-heading">
            <FormattedMessage id="messaging.requests.received" values={{ count: received.length }} />
          </Title>
          {received.map((request) => (
            <ReceivedRequest key={request.id} side={side} request={request} />
          ))}
        </Stack>
      )}
      {sent.length > 0 && (
        <Stack gap="xs" component="section" aria-labelledby="requests-sent-heading">
          <Title order={2} size="h3" id="requests-sent-heading">
            <FormattedMessage id="messaging.requests.sent" />
          </Title>
          {sent.map((request) => (
            <RequestCard key={request.id} request={request}>
              <Text size="xs" c="dimmed">
                <FormattedMessage
                  id="messaging.requests.closesIn"
                  values={{ days: daysUntil(request.closesAt) }}
                />
              </Text>
            </RequestCard>
          ))}
        </Stack>
      )}
    </>
  );
}

function RequestCard({ request, children }: { request: MessageRequest; children: React.ReactNode }) {
  return (
    <Card withBorder padding="sm" data-testid="message-request">
      <Group wrap="nowrap" align="flex-start" gap="sm">
        <PartyAvatar party={request.other} />
        <Stack gap={4} style={{ flex: 1, minWidth: 0 }}>
          <Group justify="space-between" gap="xs" wrap="nowrap">
            <Text fw={600} truncate>
              {partyName(request.other)}
              <PresenceText party={request.other} />
            </Text>
            <Text size="xs" c="dimmed" style={{ flexShrink: 0 }}>
              <MessageTime value={request.sentAt} />
            </Text>
          </Group>
          <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
            {request.content}
          </Text>
          {children}
        </Stack>
      </Group>
    </Card>
  );
}

function ReceivedRequest({ side, request }: { side: string; request: MessageRequest }) {
  const decide = useDecideMessageRequest();
  const navigate = useNavigate();
  // `mutateAsync`: the card unmounts once the lists are fetched again, and the page still moves to the thread.
  const answer = (decision: 'accept' | 'decline') =>
    decide
      .mutateAsync({ id: request.id, decision })
      .then((decided) => {
        if (decision === 'accept' && decided.matchId)
          return navigate(`/matchmaking/${side}/messager/${decided.matchId}`);
      })
      .catch(() => undefined);
  const name = partyName(request.other);
  return (
    <RequestCard request={request}>
      <Text size="xs" c="dimmed">
        <FormattedMessage id="messaging.requests.closesIn" values={{ days: daysUntil(request.closesAt) }} />
      </Text>
      {decide.isError && (
        <Alert color="red" variant="light" p="xs">
          <FormattedMessage id="messaging.requests.failed" />
        </Alert>
      )}
      <Group gap="xs">
        <Button
          size="xs"
          onClick={() => answer('accept')}
          loading={decide.isPending && decide.variables.decision === 'accept'}
          disabled={decide.isPending}
        >
          <FormattedMessage id="messaging.requests.accept" values={{ name }} />
        </Button>
        <Button
          size="xs"
          variant="default"
          onClick={() => answer('decline')}
          loading={decide.isPending && decide.variables.decision === 'decline'}
          disabled={decide.isPending}
        >
          <FormattedMessage id="messaging.requests.decline" values={{ name }} />
        </Button>
      </Group>
    </RequestCard>
  );
}
