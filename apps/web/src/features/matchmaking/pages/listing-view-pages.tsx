/**
 * Profiles of the other side (issue 22; spec s.2 `/matchmaking/client/caregiver/{id}/profile`, `/fullProfile`,
 * `/matchmaking/caregiver/client/{id}/profile`; decision 0059): the card, the fit in words, the reply time, Like /
 * Pass (or where the pair stands) and "Send a message request". A caregiver's full profile adds the bio, the video,
 * how many references they gave, and their ratings and reviews. A profile the caller may not see: not found.
 */
import { Alert, Anchor, Badge, Button, Card, Group, List, Stack, Text, Title } from '@mantine/core';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link, useParams } from 'react-router';
import type { CaregiverProfileView, ClientProfileView } from '@tend/contracts';
import { ApiError } from '../../../lib/api-client.ts';
import { useCaregiverProfileView, useClientProfileView, useLikeAction, useReplyTimes } from '../api/likes.ts';
import { CaregiverCardView } from '../components/caregiver-card-view.tsx';
import { LoadState } from '../components/client-form-parts.tsx';
import { MessageRequestForm } from '../components/likes-forms.tsx';
import {
  ActingGate,
  FitSummary,
  LikesNav,
  matchState,
  OtherSummary,
  ReplyTime,
  useActingListing,
  type Side,
} from '../components/likes-parts.tsx';

const notFound = (error: unknown) => error instanceof ApiError && error.status === 404;

function Missing() {
  return (
    <Alert color="gray" title={<FormattedMessage id="matchmaking.profileView.missingTitle" />}>
      <FormattedMessage id="matchmaking.profileView.missingText" />
    </Alert>
  );
}

/** Where the pair stands, and Like / Pass while nobody has answered. */
function PairActions({
  side,
  view,
  listingId,
}: {
  side: Side;
  view: CaregiverProfileView | ClientProfileView;
  listingId: string;
}) {
  const intl = useIntl();
  const act = useLikeAction();
  const name = view.other.card.firstName;
  const body = { fromListingId: listingId, toListingId: view.other.card.id };
  const mine = side === 'client' ? 'CLIENT' : 'CAREGIVER';
  if (view.match)
    return (
      <Group gap="xs">
        <Badge variant="light" data-testid="pair-status">
          <FormattedMessage id={`matchmaking.matches.state.${matchState(view.match, side)}`} />
        </Badge>
        <Anchor
          component={Link}
          to={`/matchmaking/${side}/matches${side === 'client' ? `?clientId=${listingId}` : ''}`}
        >
          <FormattedMessage id="matchmaking.likes.matched.link" />
        </Anchor>
      </Group>
    );
  const answered = view.like && (view.like.initiator === mine || view.like.status !== 'PENDING');
  return (
    <Stack gap="xs">
      {view.like && (
        <Badge variant="light" w="fit-content" data-testid="pair-status">
          <FormattedMessage
            id={
              view.like.status === 'REJECTED'
                ? 'matchmaking.likes.status.REJECTED'
                : view.like.initiator === mine
                  ? 'matchmaking.profileView.youLiked'
                  : 'matchmaking.profileView.likedYou'
            }
          />
        </Badge>
      )}
      {!answered && (
        <Group gap="xs">
          <Button onClick={() => act.mutate({ action: 'like', ...body })} loading={act.isPending}>
            <FormattedMessage id={view.like ? 'matchmaking.likes.likeBack' : 'matchmaking.likes.like'} />
          </Button>
          <Button
            variant="default"
            aria-label={intl.formatMessage({ id: 'matchmaking.likes.passName' }, { name })}
            onClick={() => act.mutate({ action: 'pass', ...body })}
          >
            <FormattedMessage id="matchmaking.likes.pass" />
          </Button>
        </Group>
      )}
      {act.isError && (
        <Alert color="red" role="alert">
          <FormattedMessage id="matchmaking.likes.error" />
        </Alert>
      )}
    </Stack>
  );
}

function FullProfile({ view }: { view: CaregiverProfileView }) {
  const intl = useIntl();
  const name = view.other.card.firstName;
  return (
    <Stack gap="md">
      {view.videoId && (
        <Stack gap={4}>
          <Title order={2} size="h4">
            <FormattedMessage id="matchmaking.profileView.video" />
          </Title>
          <video
            controls
            preload="metadata"
            style={{ width: '100%', maxHeight: 360 }}
            aria-label={intl.formatMessage({ id: 'matchmaking.profileView.videoLabel' }, { name })}
            src={`/api/matchmaking/media/videos/${view.videoId}`}
          >
            <track kind="captions" />
          </video>
        </Stack>
      )}
      <Text size="sm">
        <FormattedMessage id="matchmaking.profileView.references" values={{ count: view.referencesCount }} />
      </Text>
      <Title order={2} size="h4">
        <FormattedMessage id="matchmaking.profileView.reviews" values={{ count: view.ratings.count }} />
      </Title>
      {view.reviews.length === 0 ? (
        <Text size="sm" c="dimmed">
          <FormattedMessage id="matchmaking.profileView.noReviews" />
        </Text>
      ) : (
        <List spacing="xs" listStyleType="none" p={0}>
          {view.reviews.map((review) => (
            <List.Item key={`${review.by}-${review.updatedAt}`}>
              <Card withBorder padding="sm">
                <Text size="sm" fw={600}>
                  <FormattedMessage
                    id="matchmaking.profileView.reviewBy"
                    values={{ count: review.rating, name: review.by }}
                  />
                </Text>
                {review.review && (
                  <Text size="sm" style={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>
                    {review.review}
                  </Text>
                )}
              </Card>
            </List.Item>
          ))}
        </List>
      )}
    </Stack>
  );
}

function CaregiverView({ full }: { full: boolean }) {
  const { id = '' } = useParams();
  const acting = useActingListing('client');
  const listingId = acting.state === 'ready' ? acting.listingId : '';
  const view = useCaregiverProfileView(id, listingId);
  const replies = useReplyTimes(view.data ? [id] : []);
  const base = `/matchmaking/client/caregiver/${id}`;
  const query = listingId ? `?clientId=${listingId}` : '';
  return (
    <Stack gap="md" maw={720} w="100%">
      <Title order={1}>
        <FormattedMessage id={full ? 'matchmaking.profileView.fullTitle' : 'matchmaking.profileView.title'} />
      </Title>
      <LikesNav side="client" clientId={listingId || undefined} />
      <ActingGate side="client" acting={acting} />
      {acting.state === 'ready' &&
        (view.data ? (
          <>
            {view.data.other.kind === 'caregiver' && (
              <CaregiverCardView card={view.data.other.card} bio={view.data.bio} />
            )}
            <ReplyTime minutes={replies.data?.get(id)} />
            <FitSummary fit={view.data.fit} headingLevel={2} />
            <PairActions side="client" view={view.data} listingId={listingId} />
            {full ? (
              <FullProfile view={view.data} />
            ) : (
              <Anchor component={Link} to={`${base}/fullProfile${query}`}>
                <FormattedMessage
                  id="matchmaking.profileView.seeFull"
                  values={{ name: view.data.other.card.firstName }}
                />
              </Anchor>
            )}
            <Title order={2} size="h4">
              <FormattedMessage id="matchmaking.likes.request.title" />
            </Title>
            <MessageRequestForm fromListingId={listingId} toListingId={id} />
          </>
        ) : view.isError && notFound(view.error) ? (
          <Missing />
        ) : (
          <LoadState failed={view.isError} />
        ))}
    </Stack>
  );
}

/** `/matchmaking/client/caregiver/:id/profile`. */
export function CaregiverViewPage() {
  return <CaregiverView full={false} />;
}

/** `/matchmaking/client/caregiver/:id/fullProfile`. */
export function CaregiverFullViewPage() {
  return <CaregiverView full />;
}

/** `/matchmaking/caregiver/client/:id/profile`. */
export function ClientViewPage() {
  const { id = '' } = useParams();
  const acting = useActingListing('caregiver');
  const listingId = acting.state === 'ready' ? acting.listingId : '';
  const view = useClientProfileView(id, listingId);
  const replies = useReplyTimes(view.data ? [id] : []);
  const card = view.data?.other.kind === 'client' ? view.data.other.card : null;
  return (
    <Stack gap="md" maw={720} w="100%">
      <Title order={1}>
        <FormattedMessage id="matchmaking.profileView.clientTitle" />
      </Title>
      <LikesNav side="caregiver" />
      <ActingGate side="caregiver" acting={acting} />
      {acting.state === 'ready' &&
        (view.data && card ? (
          <>
            <Card withBorder padding="md">
              <Stack gap="xs">
                <OtherSummary
                  other={view.data.other}
                  distanceKm={view.data.distanceKm}
                  ratings={view.data.ratings}
                />
                {card.careNeededDescription && (
                  <Text size="sm" style={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>
                    {card.careNeededDescription}
                  </Text>
                )}
              </Stack>
            </Card>
            <ReplyTime minutes={replies.data?.get(id)} />
            <FitSummary fit={view.data.fit} headingLevel={2} />
            <PairActions side="caregiver" view={view.data} listingId={listingId} />
            <Title order={2} size="h4">
              <FormattedMessage id="matchmaking.likes.request.title" />
            </Title>
            <MessageRequestForm fromListingId={listingId} toListingId={id} />
          </>
        ) : view.isError && notFound(view.error) ? (
          <Missing />
        ) : (
          <LoadState failed={view.isError} />
        ))}
    </Stack>
  );
}
