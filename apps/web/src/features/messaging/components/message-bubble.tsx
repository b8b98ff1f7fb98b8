/**
 * One message in the thread (issue 22): the writer's on the right, the other side's on the left; "edited" when
 * corrected; the writer's own with its receipt — sent ✓, delivered ✓✓ with the time, read ✓✓ (blue) with the time;
 * "Edit" on the writer's own text messages (the server keeps the original). A contact share and system notes look
 * different. Pending messages show "Sending…" or "Waiting for connection".
 */
import { useState } from 'react';
import { Button, Group, Paper, Stack, Text, Textarea } from '@mantine/core';
import { IconCheck, IconChecks, IconClock } from '@tabler/icons-react';
import { FormattedMessage, useIntl } from 'react-intl';
import type { ContactFlag, ConversationMessage } from '@tend/contracts';
import { ApiError } from '../../../lib/api-client.ts';
import { useEditMessage } from '../api/conversations.ts';
import { flagsFromRefusal, receiptOf, type PendingMessage } from '../lib/thread.ts';
import { ContactWarning } from './contact-warning.tsx';

const timeOf = (intl: ReturnType<typeof useIntl>, value: string) =>
  intl.formatTime(value, { hour: 'numeric', minute: '2-digit' });

function Receipt({ message }: { message: ConversationMessage }) {
  const intl = useIntl();
  const receipt = receiptOf(message);
  if (!receipt) return null;
  if (receipt.state === 'sent')
    return (
      <Group gap={2} data-testid="receipt" data-state="sent">
        <IconCheck size={14} aria-hidden />
        <Text size="xs" c="dimmed">
          <FormattedMessage id="messaging.receipt.sent" />
        </Text>
      </Group>
    );
  const time = timeOf(intl, receipt.at);
  return (
    <Group gap={2} data-testid="receipt" data-state={receipt.state}>
      <IconChecks
        size={14}
        aria-hidden
        color={receipt.state === 'read' ? 'var(--mantine-color-blue-7)' : undefined}
      />
      <Text size="xs" c="dimmed">
        <FormattedMessage
          id={receipt.state === 'read' ? 'messaging.receipt.read' : 'messaging.receipt.delivered'}
          values={{ time }}
        />
      </Text>
    </Group>
  );
}

export function MessageBubble({
  message,
  onEdited,
  readOnly = false,
}: {
  message: ConversationMessage;
  onEdited: (message: ConversationMessage) => void;
  /** The conversation ended (its match ended or a listing was archived): no correcting. */
  readOnly?: boolean;
}) {
  const intl = useIntl();
  const [editing, setEditing] = useState(false);
  if (message.kind === 'system')
    return (
      <Text size="xs" c="dimmed" ta="center" py={4} data-testid="system-message">
        {message.content}
      </Text>
    );
  const mine = message.fromMe;
  return (
    <Stack gap={2} align={mine ? 'flex-end' : 'flex-start'} data-testid="message" data-mine={mine}>
      <Paper
        px="sm"
        py={6}
        radius="md"
        maw="85%"
        bg={mine ? 'teal.0' : 'gray.1'}
        withBorder={message.kind === 'contact_share'}
        style={{ overflowWrap: 'anywhere' }}
      >
        {editing ? (
          <EditForm
            message={message}
            onDone={(edited) => {
              setEditing(false);
              if (edited) onEdited(edited);
            }}
          />
        ) : (
          <>
            {message.kind === 'contact_share' && (
              <Text size="xs" fw={600} c="teal.9">
                <FormattedMessage id="messaging.message.contactShare" />
              </Text>
            )}
            <Text size="sm" style={{ whiteSpace: 'pre-wrap' }} data-testid="message-content">
              {message.content}
            </Text>
          </>
        )}
      </Paper>
      <Group gap={6} wrap="wrap" justify={mine ? 'flex-end' : 'flex-start'}>
        <Text size="xs" c="dimmed">
          <time dateTime={message.sentAt}>{timeOf(intl, message.sentAt)}</time>
        </Text>
        {message.editedAt && (
          <Text size="xs" c="dimmed" data-testid="edited">
            <FormattedMessage id="messaging.message.edited" />
          </Text>
        )}
        <Receipt message={message} />
        {mine && message.kind === 'text' && !editing && !readOnly && (
          <Button
            variant="subtle"
            size="compact-xs"
            onClick={() => setEditing(true)}
            aria-label={intl.formatMessage(
              { id: 'messaging.message.editLabel' },
              { time: timeOf(intl, message.sentAt) },
            )}
          >
            <FormattedMessage id="messaging.message.edit" />
          </Button>
        )}
      </Group>
    </Stack>
  );
}

function EditForm({
  message,
  onDone,
}: {
  message: ConversationMessage;
  onDone: (edited: ConversationMessage | null) => void;
}) {
  const intl = useIntl();
  const [text, setText] = useState(message.content);
  const [flags, setFlags] = useState<ContactFlag[] | null>(null);
  const edit = useEditMessage(message.conversationId);
  const save = (confirmFlagged: boolean) =>
    edit.mutate(
      { messageId: message.id, content: text.trim(), confirmFlagged },
      {
        onSuccess: (edited) => onDone(edited),
        onError: (error) => {
          if (error instanceof ApiError && error.code === 'CONTACT_DETAILS')
            setFlags(flagsFromRefusal(error.message, error.fieldErrors));
        },
      },
    );
  return (
    <Stack gap="xs" miw={220}>
      <Textarea
        label={intl.formatMessage({ id: 'messaging.message.editField' })}
        autosize
        minRows={1}
        value={text}
        onChange={(event) => {
          setText(event.currentTarget.value);
          setFlags(null);
        }}
        data-autofocus
        autoFocus
      />
      {flags && (
        <ContactWarning
          flags={flags}
          busy={edit.isPending}
          onSendAnyway={() => save(true)}
          onEdit={() => setFlags(null)}
        />
      )}
      {edit.isError && !flags && (
        <Text size="xs" c="red.8" role="alert">
          <FormattedMessage id="messaging.message.editFailed" />
        </Text>
      )}
      <Group gap="xs" justify="flex-end">
        <Button size="compact-sm" variant="default" onClick={() => onDone(null)}>
          <FormattedMessage id="messaging.message.cancel" />
        </Button>
        <Button
          size="compact-sm"
          onClick={() => save(false)}
          loading={edit.isPending}
          disabled={text.trim() === '' || flags !== null}
        >
          <FormattedMessage id="messaging.message.save" />
        </Button>
      </Group>
    </Stack>
  );
}

/** A message the server has not acknowledged yet. */
export function PendingBubble({ message }: { message: PendingMessage }) {
  return (
    <Stack gap={2} align="flex-end" data-testid="pending-message" data-state={message.state}>
      <Paper
        px="sm"
        py={6}
        radius="md"
        maw="85%"
        bg="teal.0"
        style={{ opacity: 0.7, overflowWrap: 'anywhere' }}
      >
        <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
          {message.content}
        </Text>
      </Paper>
      <Group gap={2}>
        <IconClock size={14} aria-hidden />
        <Text size="xs" c="dimmed">
          <FormattedMessage
            id={message.state === 'queued' ? 'messaging.pending.queued' : 'messaging.pending.sending'}
          />
        </Text>
      </Group>
    </Stack>
  );
}
