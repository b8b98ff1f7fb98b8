/**
 * `/admin/match-detection` (spec s.2; issue 22 "flag suspicious patterns"; decision 0061): the flags the server
 * computes on every read — a listing sending likes beyond the thresholds, duplicate profiles, contact details in the
 * first messages — each with who, what was found and a link to the match; "Dismiss" (kept, not shown again) or
 * "Hide listing" (gone from the map and cards for everyone but its owner). Admin only, English.
 */
import { useState } from 'react';
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Card,
  Group,
  SegmentedControl,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { Link } from 'react-router';
import type { MatchFlag, MatchFlagKind } from '@tend/contracts';
import { ApiErrorAlert } from '../../../components/ui/api-error-alert.tsx';
import { PageLoader } from '../../../components/ui/page-loader.tsx';
import { RelativeTime } from '../../../components/ui/relative-time.tsx';
import { useDismissFlag, useHideListing, useMatchDetection } from '../api/match-detection.ts';
import { ListingName } from './admin-match-review-page.tsx';

const kindWords: Record<MatchFlagKind, string> = {
  likes_burst: 'Many likes',
  duplicate_profile: 'Duplicate profiles',
  contact_details: 'Contact details',
};
const kindColor: Record<MatchFlagKind, string> = {
  likes_burst: 'grape',
  duplicate_profile: 'blue',
  contact_details: 'orange',
};

function FlagCard({ flag }: { flag: MatchFlag }) {
  const dismiss = useDismissFlag();
  const hide = useHideListing();
  return (
    <Card withBorder padding="sm" data-testid="match-flag" component="li">
      <Stack gap="xs">
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Badge color={kindColor[flag.kind]} variant="light">
            {kindWords[flag.kind]}
          </Badge>
          <Text size="xs" c="dimmed" component="div">
            <RelativeTime value={flag.at} />
          </Text>
        </Group>
        <Text size="sm">{flag.evidence}</Text>
        <Stack gap={4}>
          {flag.listings.map((listing) => (
            <Group key={listing.id} gap="xs" wrap="wrap" justify="space-between">
              <Group gap={6}>
                <Text size="sm" c="dimmed">
                  {listing.kind === 'client' ? 'Family listing' : 'Caregiver listing'}:
                </Text>
                <ListingName listing={listing} />
              </Group>
              {!listing.hidden ? (
                <Button
                  size="compact-xs"
                  color="red"
                  variant="light"
                  loading={hide.isPending && hide.variables.id === listing.id}
                  onClick={() => hide.mutate({ kind: listing.kind, id: listing.id })}
                  aria-label={`Hide listing ${listing.firstName} ${listing.lastName ?? ''}`.trim()}
                >
                  Hide listing
                </Button>
              ) : null}
            </Group>
          ))}
        </Stack>
        {dismiss.error ? <ApiErrorAlert error={dismiss.error} /> : null}
        {hide.error ? <ApiErrorAlert error={hide.error} /> : null}
        <Group gap="xs">
          {flag.matchId ? (
            <Anchor component={Link} to={`/review-matches?match=${flag.matchId}`} size="sm">
              Open the match
            </Anchor>
          ) : null}
          <Button
            size="xs"
            variant="default"
            loading={dismiss.isPending}
            onClick={() => dismiss.mutate({ key: flag.key })}
          >
            Dismiss
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}

export function AdminMatchDetectionPage() {
  const detection = useMatchDetection();
  const [kind, setKind] = useState<'all' | MatchFlagKind>('all');
  // The four choices do not fit side by side on a phone (320 px): stacked there.
  const narrow = useMediaQuery('(max-width: 40em)') ?? false;
  if (detection.isPending) return <PageLoader />;
  if (detection.error) return <ApiErrorAlert error={detection.error} />;
  const { flags, thresholds, dismissedCount } = detection.data;
  const shown = kind === 'all' ? flags : flags.filter((flag) => flag.kind === kind);
  return (
    <Stack gap="md">
      <div>
        <Title order={1} size="h2">
          Match detection
        </Title>
        <Text c="dimmed" size="sm">
          Patterns worth a look, computed now: a listing that sent more than {thresholds.likesPerDay} likes in
          24 hours or {thresholds.likesPerWeek} in 7 days; listings sharing an email, a phone number, or a
          name and date of birth; phone numbers, emails or cash requests sent anyway in the first messages.
          Dismiss what is fine; hide a listing to take it off the map and the cards.
        </Text>
      </div>
      <SegmentedControl
        aria-label="Kind of flag"
        orientation={narrow ? 'vertical' : 'horizontal'}
        w="fit-content"
        value={kind}
        onChange={(value) => setKind(value)}
        data={[
          { value: 'all', label: `All (${flags.length})` },
          ...(Object.keys(kindWords) as MatchFlagKind[]).map((value) => ({
            value,
            label: `${kindWords[value]} (${flags.filter((flag) => flag.kind === value).length})`,
          })),
        ]}
      />
      {shown.length ? (
        <Stack gap="sm" component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Flags">
          {shown.map((flag) => (
            <FlagCard key={flag.key} flag={flag} />
          ))}
        </Stack>
      ) : (
        <Alert variant="light" role="status" title="Nothing to review">
          No suspicious patterns right now{kind === 'all' ? '' : ' of this kind'}. Matches are on{' '}
          <Anchor component={Link} to="/review-matches">
            Review matches
          </Anchor>
          .
        </Alert>
      )}
      {dismissedCount ? (
        <Text size="xs" c="dimmed">
          {dismissedCount} dismissed {dismissedCount === 1 ? 'flag is' : 'flags are'} not shown.
        </Text>
      ) : null}
    </Stack>
  );
}
