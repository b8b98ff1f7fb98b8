/**
 * `/matchmaking/client/likesList`, `/matchmaking/caregiver/likesList` (issue 22; decision 0059): the likes the
 * listing received (Like back opens a match, Pass closes the pair) and those it sent (Withdraw while unanswered),
 * each with the fit in words and the reply time.
 */
import { Alert, Anchor, Badge, Button, Stack, Text, Title } from '@mantine/core';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'react-router';
import type { LikeEntry } from '@tend/contracts';
import { useLikeAction, useLikeLists, useReplyTimes } from '../api/likes.ts';
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

function LikesListView({ side }: { side: Side }) {
  const acting = useActingListing(side);
  const listingId = acting.state === 'ready' ? acting.listingId : '';
  return (
    <Stack gap="md" maw={720} w="100%">
      <Title order={1}>
        <FormattedMessage id="matchmaking.likes.list.title" />
      </Title>
      <LikesNav side={side} clientId={side === 'client' && listingId ? listingId : undefined} />
      <ActingGate side={side} acting={acting} />
      {acting.state === 'ready' && (
        <>
          <ListingPicker acting={acting} />
          <Lists side={side} listingId={listingId} />
        </>
      )}
    </Stack>
  );
}

function Lists({ side, listingId }: { side: Side; listingId: string }) {
  const lists = useLikeLists(listingId);
  const all = [...(lists.data?.received ?? []), ...(lists.data?.sent ?? [])];
  const replies = useReplyTimes(all.map((entry) => entry.other.card.id));
  const act = useLikeAction();
  if (!lists.data) return <LoadState failed={lists.isError} />;
  const entry = (item: LikeEntry, received: boolean) => (
    <LikeCard
      key={item.like.id}
      side={side}
      listingId={listingId}
      item={item}
      received={received}
      replyMinutes={replies.data?.get(item.other.card.id)}
      act={act}
    />
  );
  return (
    <Stack gap="md">
      {act.isError && (
        <Alert color="red" role="alert">
          <FormattedMessage id="matchmaking.likes.error" />
        </Alert>
      )}
      <Title order={2} size="h3">
        <FormattedMessage
          id="matchmaking.likes.list.received"
          values={{ count: lists.data.received.length }}
        />
      </Title>
      {lists.data.received.length === 0 ? (
        <Text size="sm" c="dimmed">
          <FormattedMessage id="matchmaking.likes.list.receivedEmpty" />
        </Text>
      ) : (
        lists.data.received.map((item) => entry(item, true))
      )}
      <Title order={2} size="h3">
        <FormattedMessage id="matchmaking.likes.list.sent" values={{ count: lists.data.sent.length }} />
      </Title>
      {lists.data.sent.length === 0 ? (
        <Text size="sm" c="dimmed">
          <FormattedMessage id="matchmaking.likes.list.sentEmpty" />
          <Anchor
            ml={4}
            component={Link}
            to={`/matchmaking/${side}/${side === 'client' ? 'likes' : 'clients'}`}
          >
            <FormattedMessage id="matchmaking.likes.nav.discover" />
          </Anchor>
        </Text>
      ) : (
        lists.data.sent.map((item) => entry(item, false))
      )}
    </Stack>
  );
}

function LikeCard({
  side,
  listingId,
  item,
  received,
  replyMinutes,
  act,
}: {
  side: Side;
  listingId: string;
  item: LikeEntry;
  received: boolean;
  replyMinutes: number | null | undefined;
  act: ReturnType<typeof useLikeAction>;
}) {
  const intl = useIntl();
  const name = item.other.card.firstName;
  const body = { fromListingId: listingId, toListingId: item.other.card.id };
  const pending = item.like.status === 'PENDING';
  return (
    <EntryCard
      {...item}
      replyMinutes={replyMinutes}
      badge={
        <Badge color={pending ? 'yellow' : 'teal'} variant="light">
          <FormattedMessage id={`matchmaking.likes.status.${item.like.status}`} />
        </Badge>
      }
    >
      {received && pending && (
        <>
          <Button
            aria-label={intl.formatMessage({ id: 'matchmaking.likes.likeBackName' }, { name })}
            onClick={() => act.mutate({ action: 'like', ...body })}
            loading={act.isPending && act.variables?.toListingId === item.other.card.id}
          >
            <FormattedMessage id="matchmaking.likes.likeBack" />
          </Button>
          <Button
            variant="default"
            aria-label={intl.formatMessage({ id: 'matchmaking.likes.passName' }, { name })}
            onClick={() => act.mutate({ action: 'pass', ...body })}
          >
            <FormattedMessage id="matchmaking.likes.pass" />
          </Button>
        </>
      )}
      {!received && pending && (
        <Button
          variant="default"
          aria-label={intl.formatMessage({ id: 'matchmaking.likes.withdrawName' }, { name })}
          onClick={() => act.mutate({ action: 'withdraw', ...body })}
        >
          <FormattedMessage id="matchmaking.likes.withdraw" />
        </Button>
      )}
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

export function ClientLikesListPage() {
  return <LikesListView side="client" />;
}

export function CaregiverLikesListPage() {
  return <LikesListView side="caregiver" />;
}
