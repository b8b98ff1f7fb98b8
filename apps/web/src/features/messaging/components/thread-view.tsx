/**
 * The thread of a match's conversation (issue 22): the other side's name, photo and presence, "Share my contact
 * details" (asked twice; the logged action of the API), the messages by day with "Load older", "typing…", the
 * composer, and a polite live region that reads each new message from the other side. An ended conversation (its
 * match ended or a listing was archived; decision 0058 addendum) stays readable but shows "This match has ended" in
 * place of the composer, and no share or edit buttons — also when the match ends while the page is open and the
 * writer's next message is refused.
 */
import { useEffect, useRef, useState } from 'react';
import { Alert, Button, Divider, Group, Modal, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import { IconAddressBook, IconLock } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { FormattedMessage, useIntl } from 'react-intl';
import type { z } from 'zod';
import type { ConversationMessage, ConversationParty, conversationWithMessages } from '@tend/contracts';
import { conversationKeys, useShareContact } from '../api/conversations.ts';
import { groupByDay, partyName } from '../lib/thread.ts';
import { useThread } from '../lib/use-thread.ts';
import { Composer } from './composer.tsx';
import { MessageBubble, PendingBubble } from './message-bubble.tsx';
import { PartyAvatar } from './party-avatar.tsx';

export type ConversationWithMessagesData = z.infer<typeof conversationWithMessages>;

export function ThreadView({ data }: { data: ConversationWithMessagesData }) {
  const intl = useIntl();
  const queryClient = useQueryClient();
  const thread = useThread(data.conversation, data.messages);
  const name = partyName(thread.other);
  const scroller = useRef<HTMLDivElement>(null);
  const newest = thread.messages.at(-1)?.id;
  const pendingCount = thread.pending.length;

  // Keep the newest message in view when one arrives or is written.
  useEffect(() => {
    const element = scroller.current;
    if (element) element.scrollTop = element.scrollHeight;
  }, [newest, pendingCount]);

  return (
    <Stack gap="sm">
      <ThreadHeader
        other={thread.other}
        conversationId={data.conversation.id}
        shared={data.conversation.contactShared.mine}
        ended={data.conversation.ended}
        onShared={thread.replace}
      />
      <div
        ref={scroller}
        tabIndex={0}
        role="region"
        aria-label={intl.formatMessage({ id: 'messaging.thread.messagesLabel' }, { name })}
        data-testid="thread"
        style={{
          height: 'min(60vh, 640px)',
          minHeight: 240,
          overflowY: 'auto',
          border: '1px solid var(--mantine-color-gray-3)',
          borderRadius: 'var(--mantine-radius-md)',
          padding: 'var(--mantine-spacing-sm)',
        }}
      >
        <MessageList thread={thread} name={name} readOnly={data.conversation.ended} />
      </div>
      <Text size="xs" c="dimmed" h={18} data-testid="typing" aria-hidden={!thread.otherTyping}>
        {thread.otherTyping && <FormattedMessage id="messaging.thread.typing" values={{ name }} />}
      </Text>
      <VisuallyHidden aria-live="polite" data-testid="live-region">
        {thread.announcement && (
          <FormattedMessage
            id="messaging.thread.announce"
            values={{ name, content: thread.announcement.content }}
          />
        )}
      </VisuallyHidden>
      {data.conversation.ended ? (
        <Alert
          color="gray"
          variant="light"
          icon={<IconLock size={18} aria-hidden />}
          title={intl.formatMessage({ id: 'messaging.thread.endedTitle' })}
          data-testid="thread-ended"
        >
          <FormattedMessage id="messaging.thread.endedText" values={{ name }} />
        </Alert>
      ) : (
        <Composer
          send={thread.send}
          typed={thread.typed}
          stopTyping={thread.stopTyping}
          // The match ended while the page was open: fetch the conversation again, which shows it ended.
          onEnded={() => void queryClient.invalidateQueries({ queryKey: conversationKeys.all })}
        />
      )}
    </Stack>
  );
}

function MessageList({
  thread,
  name,
  readOnly,
}: {
  thread: ReturnType<typeof useThread>;
  name: string;
  readOnly: boolean;
}) {
  const intl = useIntl();
  return (
    <Stack gap="xs">
      {thread.hasOlder && (
        <Button
          variant="subtle"
          size="xs"
          onClick={() => void thread.loadOlder()}
          loading={thread.loadingOlder}
          w="fit-content"
          mx="auto"
        >
          <FormattedMessage id="messaging.thread.loadOlder" />
        </Button>
      )}
      {thread.messages.length === 0 && thread.pending.length === 0 && (
        <Text size="sm" c="dimmed" ta="center" py="lg" data-testid="thread-empty">
          <FormattedMessage
            id={readOnly ? 'messaging.thread.emptyEnded' : 'messaging.thread.empty'}
            values={{ name }}
          />
        </Text>
      )}
      {groupByDay(thread.messages).map((group) => (
        <Stack gap="xs" key={group.day}>
          <Divider
            label={intl.formatDate(group.firstAt, { weekday: 'long', month: 'long', day: 'numeric' })}
            labelPosition="center"
          />
          {group.messages.map((message) => (
            <MessageBubble key={message.id} message={message} onEdited={thread.replace} readOnly={readOnly} />
          ))}
        </Stack>
      ))}
      {thread.pending.map((message) => (
        <PendingBubble key={message.clientMessageId} message={message} />
      ))}
    </Stack>
  );
}

function ThreadHeader({
  other,
  conversationId,
  shared,
  ended,
  onShared,
}: {
  other: ConversationParty;
  conversationId: string;
  shared: boolean;
  ended: boolean;
  onShared: (message: ConversationMessage) => void;
}) {
  const intl = useIntl();
  const name = partyName(other);
  return (
    <Group justify="space-between" align="center" gap="xs">
      <Group gap="sm" wrap="nowrap" style={{ minWidth: 0 }}>
        <PartyAvatar party={other} size={48} />
        <Stack gap={0} style={{ minWidth: 0 }}>
          <Title order={1} size="h2" style={{ overflowWrap: 'anywhere' }}>
            {name}
          </Title>
          <Text size="xs" c="dimmed" data-testid="presence">
            {other.online ? (
              <FormattedMessage id="messaging.presence.online" />
            ) : other.lastSeenAt ? (
              <FormattedMessage
                id="messaging.presence.lastSeen"
                values={{
                  when: intl.formatDate(other.lastSeenAt, {
                    dateStyle: 'medium',
                    timeStyle: 'short',
                  }),
                }}
              />
            ) : (
              <FormattedMessage id="messaging.presence.offline" />
            )}
          </Text>
        </Stack>
      </Group>
      {!ended && (
        <ShareContact conversationId={conversationId} name={name} shared={shared} onShared={onShared} />
      )}
    </Group>
  );
}

function ShareContact({
  conversationId,
  name,
  shared,
  onShared,
}: {
  conversationId: string;
  name: string;
  shared: boolean;
  onShared: (message: ConversationMessage) => void;
}) {
  const intl = useIntl();
  const [asking, setAsking] = useState(false);
  const share = useShareContact(conversationId);
  const done = shared || share.isSuccess;
  return (
    <>
      <Button
        variant="default"
        size="xs"
        leftSection={<IconAddressBook size={16} aria-hidden />}
        onClick={() => setAsking(true)}
        disabled={done}
      >
        <FormattedMessage id={done ? 'messaging.share.done' : 'messaging.share.button'} />
      </Button>
      <Modal
        opened={asking}
        onClose={() => setAsking(false)}
        title={intl.formatMessage({ id: 'messaging.share.title' })}
      >
        <Stack gap="sm">
          <Text size="sm">
            <FormattedMessage id="messaging.share.text" values={{ name }} />
          </Text>
          {share.isError && (
            <Text size="sm" c="red.8" role="alert">
              <FormattedMessage id="messaging.share.failed" />
            </Text>
          )}
          <Group justify="flex-end" gap="xs">
            <Button variant="default" onClick={() => setAsking(false)}>
              <FormattedMessage id="messaging.share.cancel" />
            </Button>
            <Button
              loading={share.isPending}
              onClick={() =>
                share.mutate(undefined, {
                  onSuccess: (message) => {
                    onShared(message);
                    setAsking(false);
                  },
                })
              }
            >
              <FormattedMessage id="messaging.share.confirm" />
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}
