/**
 * `/matchmaking/client/matches`, `/matchmaking/caregiver/matches` (issue 22; decision 0059): the listing's matches,
 * newest first, each with its status in words — matched, waiting for the client's case manager, declined by the case
 * manager, ended (by whom: me, the other side, or the agency) — and Message (the conversation page), End match (asked twice) and, for a family, Rate.
 */
import { useState } from 'react';
import { Alert, Anchor, Badge, Button, Group, Modal, Stack, Text, Title } from '@mantine/core';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'react-router';
import type { MatchEntry } from '@tend/contracts';
import { useEndMatch, useMatches, useReplyTimes } from '../api/likes.ts';
import { LoadState } from '../components/client-form-parts.tsx';
import { RatingForm } from '../components/likes-forms.tsx';
import {
  ActingGate,
  EntryCard,
  LikesNav,
  ListingPicker,
  matchState,
  profilePath,
  useActingListing,
  type Side,
} from '../components/likes-parts.tsx';

const stateColor: Record<string, string> = {
  matched: 'teal',
  waiting: 'yellow',
  pending: 'yellow',
  declined: 'red',
  endedByMe: 'gray',
  endedByThem: 'gray',
  endedByAgency: 'gray',
};

function MatchesView({ side }: { side: Side }) {
  const acting = useActingListing(side);
  const listingId = acting.state === 'ready' ? acting.listingId : '';
  return (
    <Stack gap="md" maw={720} w="100%">
      <Title order={1}>
        <FormattedMessage id="matchmaking.matches.title" />
      </Title>
      <LikesNav side={side} clientId={side === 'client' && listingId ? listingId : undefined} />
      <ActingGate side={side} acting={acting} />
      {acting.state === 'ready' && (
        <>
          <ListingPicker acting={acting} />
          <MatchList side={side} listingId={listingId} />
        </>
      )}
    </Stack>
  );
}

function MatchList({ side, listingId }: { side: Side; listingId: string }) {
  const intl = useIntl();
  const matches = useMatches(listingId);
  const replies = useReplyTimes(matches.data?.items.map((item) => item.other.card.id) ?? []);
  const [rating, setRating] = useState<MatchEntry | null>(null);
  if (!matches.data) return <LoadState failed={matches.isError} />;
  if (matches.data.items.length === 0)
    return (
      <Alert variant="light" title={intl.formatMessage({ id: 'matchmaking.matches.emptyTitle' })}>
        <Text size="sm">
          <FormattedMessage id={`matchmaking.matches.empty.${side}`} />
        </Text>
      </Alert>
    );
  return (
    <Stack gap="md">
      {matches.data.items.map((item) => (
        <MatchCard
          key={item.match.id}
          side={side}
          item={item}
          listingId={listingId}
          replyMinutes={replies.data?.get(item.other.card.id)}
          onRate={() => setRating(item)}
        />
      ))}
      <Modal
        opened={rating !== null}
        onClose={() => setRating(null)}
        title={intl.formatMessage(
          { id: 'matchmaking.likes.rating.title' },
          { name: rating?.other.card.firstName ?? '' },
        )}
      >
        {rating && (
          <RatingForm
            clientId={listingId}
            caregiverId={rating.other.card.id}
            current={rating.myRating}
            onDone={() => setRating(null)}
          />
        )}
      </Modal>
    </Stack>
  );
}

function MatchCard({
  side,
  item,
  listingId,
  replyMinutes,
  onRate,
}: {
  side: Side;
  item: MatchEntry;
  listingId: string;
  replyMinutes: number | null | undefined;
  onRate: () => void;
}) {
  const end = useEndMatch();
  const state = matchState(item.match, side);
  return (
    <EntryCard
      {...item}
      replyMinutes={replyMinutes}
      badge={
        <Badge color={stateColor[state]} variant="light" data-testid="match-status">
          <FormattedMessage id={`matchmaking.matches.state.${state}`} />
        </Badge>
      }
    >
      <Stack gap="xs" w="100%">
        {state === 'waiting' && (
          <Text size="sm">
            <FormattedMessage id="matchmaking.matches.waitingText" />
          </Text>
        )}
        {item.match.authorizationNote && (
          <Text size="sm" c="dimmed">
            <FormattedMessage id="matchmaking.matches.note" values={{ note: item.match.authorizationNote }} />
          </Text>
        )}
        {item.myRating && (
          <Text size="sm">
            <FormattedMessage id="matchmaking.matches.yourRating" values={{ count: item.myRating.rating }} />
          </Text>
        )}
        <MatchActions side={side} item={item} listingId={listingId} state={state} onRate={onRate} end={end} />
        {end.isError && (
          <Alert color="red" role="alert">
            <FormattedMessage id="matchmaking.likes.error" />
          </Alert>
        )}
      </Stack>
    </EntryCard>
  );
}

function MatchActions({
  side,
  item,
  listingId,
  state,
  onRate,
  end,
}: {
  side: Side;
  item: MatchEntry;
  listingId: string;
  state: string;
  onRate: () => void;
  end: ReturnType<typeof useEndMatch>;
}) {
  const intl = useIntl();
  const [confirming, setConfirming] = useState(false);
  const name = item.other.card.firstName;
  return (
    <Group gap="xs">
      {(state === 'matched' || state === 'waiting') && (
        <Button component={Link} to={`/matchmaking/${side}/messager/${item.match.id}`}>
          <FormattedMessage id="matchmaking.matches.message" />
        </Button>
      )}
      {side === 'client' && state === 'matched' && (
        <Button
          variant="light"
          onClick={onRate}
          aria-label={intl.formatMessage(
            { id: item.myRating ? 'matchmaking.matches.editRatingName' : 'matchmaking.matches.rateName' },
            { name },
          )}
        >
          <FormattedMessage
            id={item.myRating ? 'matchmaking.matches.editRating' : 'matchmaking.matches.rate'}
          />
        </Button>
      )}
      {(state === 'matched' || state === 'waiting') &&
        (confirming ? (
          <Button color="red" loading={end.isPending} onClick={() => end.mutate(item.match.id)}>
            <FormattedMessage id="matchmaking.matches.endConfirm" values={{ name }} />
          </Button>
        ) : (
          <Button variant="default" onClick={() => setConfirming(true)}>
            <FormattedMessage id="matchmaking.matches.end" />
          </Button>
        ))}
      <Anchor
        component={Link}
        to={profilePath(side, item.other.card.id, side === 'client' ? listingId : undefined)}
        size="sm"
      >
        <FormattedMessage id="matchmaking.likes.viewProfile" values={{ name }} />
      </Anchor>
    </Group>
  );
}

export function ClientMatchesPage() {
  return <MatchesView side="client" />;
}

export function CaregiverMatchesPage() {
  return <MatchesView side="caregiver" />;
}
