/**
 * Parts shared by the likes, matches and profile pages (issue 22; decision 0059): which of the caller's listings the
 * page is for (a family picks among its published client listings, `?clientId=`; a caregiver has one), the links
 * between these pages, the fit in words ("why it fits", "what is missing"), the reply time and the other side's
 * summary. Everything shown comes from the privacy cards (contracts `matchmaking-cards.ts`).
 */
import type { ReactNode } from 'react';
import {
  Alert,
  Anchor,
  Avatar,
  Badge,
  Card,
  Group,
  List,
  NativeSelect,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { IconUser } from '@tabler/icons-react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link, useSearchParams } from 'react-router';
import type { FitResult, MatchSummary, OtherSide, RatingSummary } from '@tend/contracts';
import { isNoListing, useOwnCaregiverListing } from '../api/caregivers.ts';
import { useClientListings } from '../api/clients.ts';
import { LoadState } from './client-form-parts.tsx';

export type Side = 'client' | 'caregiver';

const nameOf = (card: { firstName: string; lastInitial: string | null }) =>
  card.lastInitial ? `${card.firstName} ${card.lastInitial}.` : card.firstName;

/** The caller's listing a page is for: `ready` with its id (and the choices a family has), or why not. */
export type ActingState =
  | { state: 'loading' | 'error' | 'none' }
  | { state: 'ready'; listingId: string; choices: Array<{ id: string; name: string }> };

/** The listing of `side` the page acts for (see the file comment). */
export function useActingListing(side: Side): ActingState {
  const [params] = useSearchParams();
  const clients = useClientListings();
  const caregiver = useOwnCaregiverListing();
  if (side === 'caregiver') {
    if (caregiver.data) return { state: 'ready', listingId: caregiver.data.id, choices: [] };
    if (caregiver.isError) return { state: isNoListing(caregiver.error) ? 'none' : 'error' };
    return { state: 'loading' };
  }
  if (clients.isError) return { state: 'error' };
  if (!clients.data) return { state: 'loading' };
  const published = clients.data.items.filter((item) => item.listedAt !== null);
  if (published.length === 0) return { state: 'none' };
  const wanted = params.get('clientId');
  const chosen = published.find((item) => item.id === wanted) ?? published[0]!;
  return {
    state: 'ready',
    listingId: chosen.id,
    choices: published.map((item) => ({ id: item.id, name: item.firstName })),
  };
}

/** A family with several listings picks which one the page is for (kept in `?clientId=`). */
export function ListingPicker({ acting }: { acting: Extract<ActingState, { state: 'ready' }> }) {
  const intl = useIntl();
  const [, setParams] = useSearchParams();
  if (acting.choices.length < 2) return null;
  return (
    <NativeSelect
      label={intl.formatMessage({ id: 'matchmaking.likes.picker' })}
      value={acting.listingId}
      data={acting.choices.map((choice) => ({ value: choice.id, label: choice.name }))}
      onChange={(event) => setParams({ clientId: event.currentTarget.value })}
      maw={320}
    />
  );
}

/** The state of the acting listing when it is not ready: loading, failed, or none yet (what to do next). */
export function ActingGate({ side, acting }: { side: Side; acting: ActingState }) {
  if (acting.state === 'loading' || acting.state === 'error')
    return <LoadState failed={acting.state === 'error'} />;
  if (acting.state !== 'none') return null;
  return (
    <Alert variant="light" title={<FormattedMessage id={`matchmaking.likes.noListing.${side}.title`} />}>
      <Text size="sm" mb="xs">
        <FormattedMessage id={`matchmaking.likes.noListing.${side}.text`} />
      </Text>
      <Anchor component={Link} to={`/matchmaking/${side}/profile`}>
        <FormattedMessage id="matchmaking.likes.noListing.link" />
      </Anchor>
    </Alert>
  );
}

/** Links between the pages of likes and matches for `side`. */
export function LikesNav({ side, clientId }: { side: Side; clientId?: string }) {
  const intl = useIntl();
  const query = clientId ? `?clientId=${clientId}` : '';
  const links = [
    [side === 'client' ? 'likes' : 'clients', 'matchmaking.likes.nav.discover'],
    ['likesList', 'matchmaking.likes.nav.likes'],
    ['matches', 'matchmaking.likes.nav.matches'],
    ['messageHub', 'matchmaking.likes.nav.messages'],
  ] as const;
  return (
    <Group gap="md" component="nav" aria-label={intl.formatMessage({ id: 'matchmaking.likes.nav.label' })}>
      {links.map(([path, id]) => (
        <Anchor key={path} component={Link} to={`/matchmaking/${side}/${path}${query}`} size="sm">
          <FormattedMessage id={id} />
        </Anchor>
      ))}
    </Group>
  );
}

/** "Usually replies within …" when the reply time is known (issue 22 "no ghosting"). */
export function ReplyTime({ minutes }: { minutes: number | null | undefined }) {
  const intl = useIntl();
  if (minutes === null || minutes === undefined) return null;
  const within =
    minutes < 60
      ? intl.formatMessage(
          { id: 'matchmaking.likes.reply.minutes' },
          { count: Math.max(1, Math.round(minutes)) },
        )
      : minutes < 48 * 60
        ? intl.formatMessage({ id: 'matchmaking.likes.reply.hours' }, { count: Math.round(minutes / 60) })
        : intl.formatMessage({ id: 'matchmaking.likes.reply.days' }, { count: Math.round(minutes / 1440) });
  return (
    <Text size="sm" c="teal.9" data-testid="reply-time">
      <FormattedMessage id="matchmaking.likes.reply.within" values={{ time: within }} />
    </Text>
  );
}

/** The fit score with why it fits and what is missing (issue 22 "every card says why it fits and what is missing"). */
export function FitSummary({ fit, headingLevel = 3 }: { fit: FitResult; headingLevel?: 2 | 3 | 4 }) {
  const intl = useIntl();
  const values = (raw: Record<string, string | number>) =>
    Object.fromEntries(Object.entries(raw).map(([key, value]) => [key, value]));
  const good = fit.reasons.filter((reason) => reason.points > 0 && reason.maxPoints > 0);
  const needText = (need: string | undefined) =>
    need ? intl.formatMessage({ id: `matchmaking.fit.need.${need}` }) : '';
  return (
    <Stack gap={6} data-testid="fit">
      <Group gap="xs">
        <Badge
          size="lg"
          color={fit.score >= 70 ? 'teal' : fit.score >= 40 ? 'yellow' : 'gray'}
          variant="light"
        >
          <FormattedMessage id="matchmaking.fit.score" values={{ score: fit.score }} />
        </Badge>
        {!fit.eligible && (
          <Badge color="red" variant="outline">
            <FormattedMessage id="matchmaking.fit.excluded" />
          </Badge>
        )}
      </Group>
      {fit.excludedBy.length > 0 && (
        <Text size="sm" c="red.9">
          {intl.formatList(
            fit.excludedBy.map((code) => intl.formatMessage({ id: `matchmaking.fit.exclusion.${code}` })),
          )}
        </Text>
      )}
      <Title order={headingLevel} size="h5">
        <FormattedMessage id="matchmaking.fit.why" />
      </Title>
      <List size="sm" spacing={2}>
        {good.map((reason) => (
          <List.Item key={reason.factor}>
            <FormattedMessage id={`matchmaking.fit.reason.${reason.detail}`} values={values(reason.values)} />
            <Text span size="xs" c="dimmed" ml={4}>
              <FormattedMessage
                id="matchmaking.fit.points"
                values={{ points: Math.round(reason.points), max: reason.maxPoints }}
              />
            </Text>
          </List.Item>
        ))}
      </List>
      {fit.missing.length > 0 && (
        <>
          <Title order={headingLevel} size="h5">
            <FormattedMessage id="matchmaking.fit.missingTitle" />
          </Title>
          <List size="sm" spacing={2}>
            {fit.missing.map((missing) => (
              <List.Item key={`${missing.code}-${missing.need ?? ''}`}>
                <FormattedMessage
                  id={`matchmaking.fit.missing.${missing.code}`}
                  values={{ need: needText(missing.need) }}
                />
              </List.Item>
            ))}
          </List>
        </>
      )}
    </Stack>
  );
}

/** The other side in a few lines: photo, name, place and distance, what matters, ratings. */
export function OtherSummary({
  other,
  distanceKm,
  ratings,
  headingLevel = 2,
}: {
  other: OtherSide;
  distanceKm: number | null;
  ratings: RatingSummary;
  headingLevel?: 2 | 3;
}) {
  const intl = useIntl();
  const { card } = other;
  const place = [card.city, card.state].filter(Boolean).join(', ');
  const facts =
    other.kind === 'caregiver'
      ? [
          other.card.experienceYears !== null &&
            intl.formatMessage({ id: 'matchmaking.likes.card.years' }, { count: other.card.experienceYears }),
          other.card.languages.length > 0 && intl.formatList(other.card.languages),
          other.card.canDrive && intl.formatMessage({ id: 'matchmaking.likes.card.drives' }),
        ]
      : [
          other.card.careType &&
            intl.formatMessage({
              id: `matchmaking.client.option.careType.${other.card.careType}`,
              defaultMessage: other.card.careType,
            }),
          other.card.hoursNeeded !== null &&
            intl.formatMessage({ id: 'matchmaking.likes.card.hours' }, { count: other.card.hoursNeeded }),
          other.card.languages.length > 0 && intl.formatList(other.card.languages),
        ];
  return (
    <Group wrap="nowrap" align="flex-start" gap="sm">
      <Avatar
        src={card.photoUrl ? `${card.photoUrl}?w=160` : null}
        size={56}
        radius="xl"
        alt={intl.formatMessage({ id: 'matchmaking.likes.card.photo' }, { name: nameOf(card) })}
      >
        <IconUser aria-hidden />
      </Avatar>
      <Stack gap={2} style={{ minWidth: 0 }}>
        <Title order={headingLevel} size="h4" style={{ overflowWrap: 'anywhere' }} data-testid="entry-name">
          {nameOf(card)}
        </Title>
        <Text size="sm" c="dimmed">
          {[
            place,
            distanceKm !== null &&
              intl.formatMessage({ id: 'matchmaking.likes.card.km' }, { km: distanceKm }),
          ]
            .filter(Boolean)
            .join(' · ')}
        </Text>
        <Text size="sm">{facts.filter(Boolean).join(' · ')}</Text>
        {other.kind === 'caregiver' && ratings.count > 0 && ratings.average !== null && (
          <Text size="sm">
            <FormattedMessage
              id="matchmaking.likes.card.rating"
              values={{
                average: intl.formatNumber(ratings.average, { maximumFractionDigits: 1 }),
                count: ratings.count,
              }}
            />
          </Text>
        )}
      </Stack>
    </Group>
  );
}

/** One listing of the other side as a card: summary, reply time, fit, actions. */
export function EntryCard({
  other,
  distanceKm,
  ratings,
  fit,
  replyMinutes,
  badge,
  children,
}: {
  other: OtherSide;
  distanceKm: number | null;
  ratings: RatingSummary;
  fit: FitResult;
  replyMinutes?: number | null;
  badge?: ReactNode;
  children?: ReactNode;
}) {
  return (
    <Card withBorder padding="md" radius="md" component="article" data-testid="entry-card">
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" wrap="wrap" gap="xs">
          <OtherSummary other={other} distanceKm={distanceKm} ratings={ratings} />
          {badge}
        </Group>
        <ReplyTime minutes={replyMinutes} />
        <FitSummary fit={fit} />
        {children && (
          <Group gap="xs" wrap="wrap">
            {children}
          </Group>
        )}
      </Stack>
    </Card>
  );
}

/** Where the other side's profile is, seen from `side` (`from`: the acting client listing). */
export const profilePath = (side: Side, otherId: string, clientId?: string) =>
  side === 'client'
    ? `/matchmaking/client/caregiver/${otherId}/profile${clientId ? `?clientId=${clientId}` : ''}`
    : `/matchmaking/caregiver/client/${otherId}/profile`;

/**
 * The status of a match as `side` sees it, a key of `matchmaking.matches.state.*`: `matched`, `waiting` (for the
 * case manager), `pending`, `declined` (by the case manager), `endedByMe`, `endedByThem`, or `endedByAgency` — a
 * REJECTED match without `rejectedBy`, which only an admin's "End match" on `/review-matches` leaves (decision 0061;
 * decision 0059 addendum "mmauth": it must not read as the other side's doing).
 */
export function matchState(match: MatchSummary, side: Side) {
  if (match.status === 'ACCEPTED') return 'matched';
  if (match.status === 'PENDING') return match.careAuthorization === 'requested' ? 'waiting' : 'pending';
  if (match.careAuthorization === 'declined') return 'declined';
  if (match.rejectedBy === null) return 'endedByAgency';
  return match.rejectedBy === (side === 'client' ? 'CLIENT' : 'CAREGIVER') ? 'endedByMe' : 'endedByThem';
}
