/**
 * The message composer (issue 22): a labelled text area — Enter sends, Shift+Enter starts a new line — and a Send
 * button. A `CONTACT_DETAILS` refusal keeps the words and shows the contact warning ("Send anyway" resends with
 * `confirmFlagged`, "Edit" returns to the text); a refusal because the match ended meanwhile (409 `CONFLICT` on
 * `conversation`, decision 0058 addendum) calls `onEnded`, so the page shows "This match has ended" in the reader's
 * language instead of the server's English words; other refusals are named.
 */
import { useRef, useState, type KeyboardEvent, type RefObject } from 'react';
import { ActionIcon, Alert, Group, Stack, Text, Textarea } from '@mantine/core';
import { IconSend } from '@tabler/icons-react';
import { FormattedMessage, useIntl } from 'react-intl';
import { MESSAGE_MAX_CHARS, type ContactFlag } from '@tend/contracts';
import type { ApiError } from '../../../lib/api-client.ts';
import { flagsFromRefusal } from '../lib/thread.ts';
import type { SendOutcome } from '../lib/use-thread.ts';
import { ContactWarning } from './contact-warning.tsx';

/** Whether `error` refuses writing because the conversation is closed (409 `CONFLICT` on `conversation`). */
const endedRefusal = (error: ApiError) =>
  error.code === 'CONFLICT' && error.fieldErrors.some((field) => field.path === 'conversation');

export function Composer({
  send,
  typed,
  stopTyping,
  onEnded,
}: {
  send: (content: string, confirmFlagged: boolean) => Promise<SendOutcome>;
  typed: () => void;
  stopTyping: () => void;
  /** The conversation turned out to be closed (its match ended since the page opened). */
  onEnded: () => void;
}) {
  const [text, setText] = useState('');
  const [warning, setWarning] = useState<{ content: string; flags: ContactFlag[] } | null>(null);
  const [failure, setFailure] = useState<ApiError | null>(null);
  const [busy, setBusy] = useState(false);
  const area = useRef<HTMLTextAreaElement>(null);

  const submit = async (content: string, confirmFlagged: boolean) => {
    const words = content.trim();
    if (!words) return;
    setFailure(null);
    setBusy(confirmFlagged);
    stopTyping();
    if (!confirmFlagged) setText('');
    // Not awaited before the next message: offline, a message waits (queued) and the writer goes on writing.
    const outcome = await send(words, confirmFlagged);
    setBusy(false);
    if (outcome.ok) {
      setWarning(null);
      if (confirmFlagged) setText('');
      return;
    }
    setText(words);
    if (outcome.error.code === 'CONTACT_DETAILS')
      setWarning({
        content: words,
        flags: flagsFromRefusal(outcome.error.message, outcome.error.fieldErrors),
      });
    else if (endedRefusal(outcome.error)) onEnded();
    else setFailure(outcome.error);
  };

  return (
    <Stack gap="xs">
      {warning && (
        <ContactWarning
          flags={warning.flags}
          busy={busy}
          onSendAnyway={() => void submit(warning.content, true)}
          onEdit={() => {
            setWarning(null);
            area.current?.focus();
          }}
        />
      )}
      {failure && (
        <Alert color="red" variant="light" role="alert" p="xs">
          <FormattedMessage id="messaging.composer.failed" values={{ reason: failure.message }} />
        </Alert>
      )}
      <ComposerInput
        area={area}
        text={text}
        blocked={warning !== null}
        onText={(value) => {
          setText(value);
          if (warning) setWarning(null);
          typed();
        }}
        onSubmit={() => void submit(text, false)}
        onBlur={stopTyping}
      />
      {text.length > MESSAGE_MAX_CHARS - 200 && (
        <Text size="xs" c="dimmed">
          <FormattedMessage
            id="messaging.composer.left"
            values={{ count: MESSAGE_MAX_CHARS - text.length }}
          />
        </Text>
      )}
    </Stack>
  );
}

/** The labelled text area (Enter sends, Shift+Enter a new line) and the Send button. */
function ComposerInput({
  area,
  text,
  blocked,
  onText,
  onSubmit,
  onBlur,
}: {
  area: RefObject<HTMLTextAreaElement | null>;
  text: string;
  blocked: boolean;
  onText: (value: string) => void;
  onSubmit: () => void;
  onBlur: () => void;
}) {
  const intl = useIntl();
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      if (!blocked) onSubmit();
    }
  };
  return (
    <Group gap="xs" align="flex-end" wrap="nowrap">
      <Textarea
        ref={area}
        label={intl.formatMessage({ id: 'messaging.composer.label' })}
        description={intl.formatMessage({ id: 'messaging.composer.hint' })}
        placeholder={intl.formatMessage({ id: 'messaging.composer.placeholder' })}
        autosize
        minRows={1}
        maxRows={6}
        maxLength={MESSAGE_MAX_CHARS}
        value={text}
        onChange={(event) => onText(event.currentTarget.value)}
        onKeyDown={onKeyDown}
        onBlur={onBlur}
        style={{ flex: 1 }}
      />
      <ActionIcon
        size={42}
        aria-label={intl.formatMessage({ id: 'messaging.composer.send' })}
        onClick={onSubmit}
        disabled={text.trim() === '' || blocked}
      >
        <IconSend size={20} aria-hidden />
      </ActionIcon>
    </Group>
  );
}
