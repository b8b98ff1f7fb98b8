/**
 * The two forms of the likes pages (issue 22): a message request to a listing of the other side (contracts
 * `conversationEndpoints.sendMessageRequest`; a `CONTACT_DETAILS` answer shows its warning and lets the person send
 * anyway or edit), and a family's rating of a matched caregiver (1–5 and a review, editable).
 */
import { useState } from 'react';
import { Alert, Button, Group, Radio, Stack, Text, Textarea } from '@mantine/core';
import { FormattedMessage, useIntl } from 'react-intl';
import { MESSAGE_MAX_CHARS, type Rating } from '@tend/contracts';
import { ApiError } from '../../../lib/api-client.ts';
import { useSaveRating, useSendMessageRequest } from '../api/likes.ts';

/** The `CONTACT_DETAILS` warning: what was found, and "Send anyway". */
function FlaggedWarning({
  found,
  sending,
  onSendAnyway,
}: {
  found: string[];
  sending: boolean;
  onSendAnyway: () => void;
}) {
  const intl = useIntl();
  return (
    <Alert
      color="yellow"
      role="alert"
      title={intl.formatMessage({ id: 'matchmaking.likes.request.flaggedTitle' })}
    >
      <Text size="sm">
        <FormattedMessage id="matchmaking.likes.request.flagged" />
      </Text>
      {found.map((message) => (
        <Text key={message} size="sm" fw={600}>
          {message}
        </Text>
      ))}
      <Button mt="xs" size="xs" variant="outline" color="yellow.9" onClick={onSendAnyway} loading={sending}>
        <FormattedMessage id="matchmaking.likes.request.sendAnyway" />
      </Button>
    </Alert>
  );
}

/** "Send a message request" from `fromListingId` to `toListingId`. */
export function MessageRequestForm({
  fromListingId,
  toListingId,
}: {
  fromListingId: string;
  toListingId: string;
}) {
  const intl = useIntl();
  const [content, setContent] = useState('');
  const [flagged, setFlagged] = useState<string[] | null>(null);
  const send = useSendMessageRequest();
  const submit = (confirmFlagged: boolean) =>
    send.mutate(
      { fromListingId, toListingId, content, confirmFlagged },
      {
        onSuccess: () => setFlagged(null),
        onError: (error) => {
          if (error instanceof ApiError && error.code === 'CONTACT_DETAILS')
            setFlagged(error.fieldErrors.map((field) => field.message));
        },
      },
    );
  const otherError = send.error && !(send.error instanceof ApiError && send.error.code === 'CONTACT_DETAILS');
  if (send.isSuccess)
    return (
      <Alert color="teal" role="status">
        <FormattedMessage id="matchmaking.likes.request.sent" />
      </Alert>
    );
  return (
    <Stack
      gap="xs"
      component="form"
      onSubmit={(event) => {
        event.preventDefault();
        submit(false);
      }}
    >
      <Textarea
        label={intl.formatMessage({ id: 'matchmaking.likes.request.label' })}
        description={intl.formatMessage({ id: 'matchmaking.likes.request.hint' })}
        value={content}
        onChange={(event) => {
          setContent(event.currentTarget.value);
          setFlagged(null);
        }}
        maxLength={MESSAGE_MAX_CHARS}
        autosize
        minRows={3}
        required
      />
      {flagged && (
        <FlaggedWarning found={flagged} sending={send.isPending} onSendAnyway={() => submit(true)} />
      )}
      {otherError && (
        <Alert color="red" role="alert">
          <FormattedMessage id="matchmaking.likes.error" />
        </Alert>
      )}
      <Button type="submit" w="fit-content" loading={send.isPending} disabled={content.trim() === ''}>
        <FormattedMessage id="matchmaking.likes.request.send" />
      </Button>
    </Stack>
  );
}

/** The rating of caregiver `caregiverId` by client listing `clientId` (`current`: the saved one). */
export function RatingForm({
  clientId,
  caregiverId,
  current,
  onDone,
}: {
  clientId: string;
  caregiverId: string;
  current: Rating | null;
  onDone: () => void;
}) {
  const intl = useIntl();
  const [stars, setStars] = useState(current ? String(current.rating) : '');
  const [review, setReview] = useState(current?.review ?? '');
  const save = useSaveRating();
  return (
    <Stack
      gap="sm"
      component="form"
      onSubmit={(event) => {
        event.preventDefault();
        save.mutate({ clientId, caregiverId, rating: Number(stars), review }, { onSuccess: onDone });
      }}
    >
      <Radio.Group
        label={intl.formatMessage({ id: 'matchmaking.likes.rating.stars' })}
        value={stars}
        onChange={setStars}
        required
      >
        <Group gap="sm" mt={4}>
          {[1, 2, 3, 4, 5].map((value) => (
            <Radio
              key={value}
              value={String(value)}
              label={intl.formatMessage({ id: 'matchmaking.likes.rating.star' }, { count: value })}
            />
          ))}
        </Group>
      </Radio.Group>
      <Textarea
        label={intl.formatMessage({ id: 'matchmaking.likes.rating.review' })}
        value={review}
        onChange={(event) => setReview(event.currentTarget.value)}
        maxLength={2000}
        autosize
        minRows={3}
      />
      {save.isError && (
        <Alert color="red" role="alert">
          <FormattedMessage id="matchmaking.likes.error" />
        </Alert>
      )}
      <Button type="submit" w="fit-content" loading={save.isPending} disabled={stars === ''}>
        <FormattedMessage id="matchmaking.likes.rating.save" />
      </Button>
    </Stack>
  );
}
