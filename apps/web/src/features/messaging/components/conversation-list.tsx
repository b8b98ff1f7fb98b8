/**
 * The hub's conversations (issue 22 `/messageHub`): each a link to `/matchmaking/<side>/messager/<matchId>` with the
 * other side's photo and online dot, first name and initial, the last message (yours marked "You:"), its time and
 * the unread count.
 */
import { Badge, Card, Group, Stack, Text, Title, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'react-router';
import type { ConversationSummary } from '@tend/contracts';
import { partyName } from '../lib/thread.ts';
import { MessageTime } from './message-time.tsx';
import { PartyAvatar, PresenceText } from './party-avatar.tsx';

export function ConversationList({
  side,
  conversations,
}: {
  side: 'client' | 'caregiver';
  conversations: ConversationSummary[];
}) {
  const linked = conversations.filter((conversation) => conversation.matchId !== null);
  return (
    <Stack gap="xs" component="section" aria-labelledby="conversations-heading">
      <Title order={2} size="h3" id="conversations-heading">
        <FormattedMessage id="messaging.hub.conversations" />
      </Title>
      {linked.length === 0 ? (
        <Text size="sm" c="dimmed">
          <FormattedMessage id="messaging.hub.noConversations" />
        </Text>
      ) : (
        <Stack gap="xs" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
          {linked.map((conversation) => (
            <li key={conversation.id}>
              <ConversationRow side={side} conversation={conversation} />
            </li>
          ))}
        </Stack>
      )}
    </Stack>
  );
}

function ConversationRow({ side, conversation }: { side: string; conversation: ConversationSummary }) {
  const intl = useIntl();
  const { other, lastMessage, unreadCount } = conversation;
  const preview = !lastMessage
    ? intl.formatMessage({ id: 'messaging.hub.noMessagesYet' })
    : lastMessage.kind === 'contact_share'
      ? intl.formatMessage({ id: 'messaging.hub.contactShared' })
      : lastMessage.preview;
  return (
    <Card withBorder padding="sm" data-testid="conversation-row">
      <UnstyledButton
        component={Link}
        to={`/matchmaking/${side}/messager/${conversation.matchId ?? ''}`}
        style={{ display: 'block' }}
      >
        <Group wrap="nowrap" gap="sm" align="center">
          <PartyAvatar party={other} />
          <Stack gap={2} style={{ flex: 1, minWidth: 0 }}>
            <Group justify="space-between" wrap="nowrap" gap="xs">
              <Text fw={600} truncate>
                {partyName(other)}
                <PresenceText party={other} />
              </Text>
              {lastMessage && (
                <Text size="xs" c="dimmed" style={{ flexShrink: 0 }}>
                  <MessageTime value={lastMessage.sentAt} />
                </Text>
              )}
            </Group>
            <Group justify="space-between" wrap="nowrap" gap="xs">
              <Text size="sm" c="dimmed" truncate fw={unreadCount > 0 ? 600 : undefined}>
                {lastMessage?.fromMe && <FormattedMessage id="messaging.hub.you" />}
                {preview}
              </Text>
              {unreadCount > 0 && (
                <Badge color="teal" circle={unreadCount < 10} data-testid="unread-badge">
                  {unreadCount}
                  <VisuallyHidden>
                    <FormattedMessage id="messaging.hub.unreadHidden" values={{ count: unreadCount }} />
                  </VisuallyHidden>
                </Badge>
              )}
            </Group>
          </Stack>
        </Group>
      </UnstyledButton>
    </Card>
  );
}
