/**
 * Discovery (issue 22; spec s.2 `/matchmaking/client/likes`, `/matchmaking/caregiver/likes`, `/clients`; decision
 * 0059): the other side's listings that can reply, that no hard filter excludes and that the listing has not liked
 * or passed yet, best fit first, each saying why it fits and what is missing, with its reply time, Like and Pass.
 * A like back opens a match: the page says so and links to the matches.
 */
import { useState } from 'react';
import { Alert, Anchor, Button, Stack, Text, Title } from '@mantine/core';
import { IconHeart, IconX } from '@tabler/icons-react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'react-router';
import type { DiscoverList } from '@tend/contracts';
import { useDiscover, useLikeAction, useReplyTimes } from '../api/likes.ts';
import { LoadState } from '../components/client-form-parts.tsx';
import {
  ActingGate,
  EntryCard,
  LikesNav,
  ListingPicker,
  profilePath,
  useActingListing,
  type Side,
} from '../components/likes-parts.tsx';

function DiscoverView({ side }: { side: Side }) {
  const acting = useActingListing(side);
  const listingId = acting.state === 'ready' ? acting.listingId : '';
  const clientId = side === 'client' && listingId ? listingId : undefined;
  return (
    <Stack gap="md" maw={720} w="100%">
      <Title order={1}>
        <FormattedMessage id={`matchmaking.likes.discover.${side}.title`} />
      </Title>
      <LikesNav side={side} clientId={clientId} />
      <ActingGate side={side} acting={acting} />
      {acting.state === 'ready' && (
        <>
          <ListingPicker acting={acting} />
          <DiscoverItems side={side} listingId={listingId} />
        </>
      )}
    </Stack>
  );
}

function DiscoverItems({ side, listingId }: { side: Side; listingId: string }) {
  const intl = useIntl();
  const list = useDiscover(listingId);
  const ids = list.data?.items.map((item) => item.other.card.id) ?? [];
  const replies = useReplyTimes(ids);
  const act = useLikeAction();
  const [matched, setMatched] = useState<string | null>(null);
  const clientQuery = side === 'client' ? `?clientId=${listingId}` : '';
  if (!list.data) return <LoadState failed={list.isError} />;
  return (
    <Stack gap="md">
      <Text size="sm" c="dimmed">
        <FormattedMessage id={`matchmaking.likes.discover.${side}.intro`} />
      </Text>
      {matched && (
        <Alert
          color="teal"
          role="status"
          title={intl.formatMessage({ id: 'matchmaking.likes.matched.title' })}
        >
          <Text size="sm">
            <FormattedMessage id="matchmaking.likes.matched.text" values={{ name: matched }} />
          </Text>
          <Anchor component={Link} to={`/matchmaking/${side}/matches${clientQuery}`}>
            <FormattedMessage id="matchmaking.likes.matched.link" />
          </Anchor>
        </Alert>
      )}
      {act.isError && (
        <Alert color="red" role="alert">
          <FormattedMessage id="matchmaking.likes.error" />
        </Alert>
      )}
      {list.data.items.length === 0 ? (
        <Alert variant="light" title={intl.formatMessage({ id: 'matchmaking.likes.discover.emptyTitle' })}>
          <Text size="sm">
            <FormattedMessage id={`matchmaking.likes.discover.${side}.empty`} />
          </Text>
        </Alert>
      ) : (
        list.data.items.map((item) => (
          <DiscoverCard
            key={item.other.card.id}
            side={side}
            listingId={listingId}
            item={item}
            replyMinutes={replies.data?.get(item.other.card.id)}
            onMatched={setMatched}
            act={act}
          />
        ))
      )}
      {list.data.excludedCount > 0 && (
        <Text size="sm" c="dimmed">
          <FormattedMessage
            id="matchmaking.likes.discover.excluded"
            values={{ count: list.data.excludedCount }}
          />
        </Text>
      )}
    </Stack>
  );
}

function DiscoverCard({
  side,
  listingId,
  item,
  replyMinutes,
  onMatched,
  act,
}: {
  side: Side;
  listingId: string;
  item: DiscoverList['items'][number];
  replyMinutes: number | null | undefined;
  onMatched: (name: string | null) => void;
  act: ReturnType<typeof useLikeAction>;
}) {
  const intl = useIntl();
  const name = item.other.card.firstName;
  const body = { fromListingId: listingId, toListingId: item.other.card.id };
  return (
    <EntryCard {...item} replyMinutes={replyMinutes}>
      <Button
        leftSection={<IconHeart size={18} aria-hidden />}
        loading={act.isPending && act.variables?.toListingId === item.other.card.id}
        aria-label={intl.formatMessage({ id: 'matchmaking.likes.likeName' }, { name })}
        onClick={() =>
          act.mutate(
            { action: 'like', ...body },
            { onSuccess: (result) => onMatched('match' in result && result.match ? name : null) },
          )
        }
      >
        <FormattedMessage id="matchmaking.likes.like" />
      </Button>
      <Button
        variant="default"
        leftSection={<IconX size={18} aria-hidden />}
        aria-label={intl.formatMessage({ id: 'matchmaking.likes.passName' }, { name })}
        onClick={() => act.mutate({ action: 'pass', ...body })}
      >
        <FormattedMessage id="matchmaking.likes.pass" />
      </Button>
      <Anchor
        component={Link}
        to={profilePath(side, item.other.card.id, side === 'client' ? listingId : undefined)}
        size="sm"
      >
        <FormattedMessage id="matchmaking.likes.viewProfile" values={{ name }} />
      </Anchor>
    </EntryCard>
  );
}

/** `/matchmaking/client/likes`. */
export function ClientLikesPage() {
  return <DiscoverView side="client" />;
}

/** `/matchmaking/caregiver/likes` and `/matchmaking/caregiver/clients`. */
export function CaregiverLikesPage() {
  return <DiscoverView side="caregiver" />;
}
