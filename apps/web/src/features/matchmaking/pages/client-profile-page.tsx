/**
 * `/matchmaking/client/profile` (issue 21 "a half-finished profile resumes at the right step"; decision 0053): the
 * guardian's client listings, each with its status — published, or "Step n of 5" with "Continue: <step>" to the
 * step after the furthest one done — links to change each step, the map once published, and archive (asked twice).
 * No listing yet: how to add one.
 */
import { useState } from 'react';
import { Alert, Anchor, Badge, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'react-router';
import { clientOnboardingSteps, type ClientListing } from '@tend/contracts';
import { useClientListings, useWriteClientListing } from '../api/clients.ts';
import { FormProblems, LoadState } from '../components/client-form-parts.tsx';
import { editStepPath } from '../components/client-steps.ts';
import { NotificationSettings } from '../components/notification-settings.tsx';
import { ProfileAlerts } from '../components/profile-alerts.tsx';

export function ClientProfilePage() {
  const listings = useClientListings();
  return (
    <Stack gap="md" maw={720} w="100%">
      <Title order={1}>
        <FormattedMessage id="matchmaking.client.profile.title" />
      </Title>
      {!listings.data ? (
        <LoadState failed={listings.isError} />
      ) : listings.data.items.length === 0 ? (
        <Alert variant="light" title={<FormattedMessage id="matchmaking.client.profile.emptyTitle" />}>
          <Text size="sm" mb="sm">
            <FormattedMessage id="matchmaking.client.profile.emptyText" />
          </Text>
          <AddClient />
        </Alert>
      ) : (
        <>
          {listings.data.items.map((listing) => (
            <ListingCard key={listing.id} listing={listing} />
          ))}
          <AddClient />
        </>
      )}
      <NotificationSettings side="client" />
    </Stack>
  );
}

function AddClient() {
  return (
    <Button
      component={Link}
      to="/matchmaking/client/new"
      leftSection={<IconPlus size={18} aria-hidden />}
      w="fit-content"
    >
      <FormattedMessage id="matchmaking.client.profile.add" />
    </Button>
  );
}

function ListingCard({ listing }: { listing: ClientListing }) {
  const intl = useIntl();
  const stepLabel = (step: string) => intl.formatMessage({ id: `matchmaking.onboarding.client.${step}` });
  const name = [listing.firstName, listing.lastName].filter(Boolean).join(' ');
  const done = listing.onboardingStep ? clientOnboardingSteps.indexOf(listing.onboardingStep) + 1 : 0;
  const headingId = `client-${listing.id}`;
  return (
    <Card withBorder padding="md" component="section" aria-labelledby={headingId}>
      <Stack gap="xs">
        <Group justify="space-between" align="flex-start" gap="xs">
          <Title order={2} size="h3" id={headingId} style={{ overflowWrap: 'anywhere' }}>
            {name}
          </Title>
          {listing.listedAt ? (
            <Badge color={listing.hidden ? 'gray' : 'green'}>
              <FormattedMessage
                id={
                  listing.hidden ? 'matchmaking.client.profile.hidden' : 'matchmaking.client.profile.listed'
                }
              />
            </Badge>
          ) : (
            <Badge color="yellow">
              <FormattedMessage
                id="matchmaking.client.profile.stepsDone"
                values={{ done, total: clientOnboardingSteps.length }}
              />
            </Badge>
          )}
        </Group>
        {listing.city && (
          <Text size="sm" c="dimmed">
            {[listing.city, listing.state].filter(Boolean).join(', ')}
          </Text>
        )}
        <ProfileAlerts kind="client" id={listing.id} level={3} />
        {listing.nextStep && (
          <Button component={Link} to={editStepPath(listing.nextStep, listing.id)} w="fit-content">
            <FormattedMessage
              id="matchmaking.client.profile.continue"
              values={{ step: stepLabel(listing.nextStep) }}
            />
          </Button>
        )}
        {listing.listedAt && (
          <Anchor component={Link} to={`/matchmaking/client/${listing.uniqueKey}/map`}>
            <FormattedMessage id="matchmaking.client.profile.map" />
          </Anchor>
        )}
        <StepLinks id={listing.id} name={name} />
        <ArchiveControl id={listing.id} name={name} />
      </Stack>
    </Card>
  );
}

/** A link to change each step of listing `id`. */
function StepLinks({ id, name }: { id: string; name: string }) {
  const intl = useIntl();
  const stepLabel = (step: string) => intl.formatMessage({ id: `matchmaking.onboarding.client.${step}` });

  return (
    <>
      <Text size="sm" fw={600}>
        <FormattedMessage id="matchmaking.client.profile.change" />
      </Text>
      <Group gap="sm">
        {clientOnboardingSteps.map((step) => (
          <Anchor
            key={step}
            component={Link}
            to={editStepPath(step, id)}
            size="sm"
            aria-label={intl.formatMessage(
              { id: 'matchmaking.client.profile.changeStep' },
              { step: stepLabel(step), name },
            )}
          >
            {stepLabel(step)}
          </Anchor>
        ))}
      </Group>
    </>
  );
}

/** "Archive", asked twice; archived, the listing leaves the list. */
function ArchiveControl({ id, name }: { id: string; name: string }) {
  const intl = useIntl();
  const write = useWriteClientListing();
  const [confirming, setConfirming] = useState(false);
  const [problems, setProblems] = useState<string[]>([]);

  return (
    <>
      <FormProblems messages={problems} />
      <Group gap="sm">
        {confirming ? (
          <>
            <Text size="sm">
              <FormattedMessage id="matchmaking.client.profile.archiveAsk" values={{ name }} />
            </Text>
            <Button
              color="red"
              size="xs"
              loading={write.isPending}
              onClick={() =>
                write.mutate(
                  { kind: 'archive', id },
                  {
                    onError: () =>
                      setProblems([intl.formatMessage({ id: 'matchmaking.client.error.generic' })]),
                  },
                )
              }
            >
              <FormattedMessage id="matchmaking.client.profile.archiveYes" />
            </Button>
            <Button variant="default" size="xs" onClick={() => setConfirming(false)}>
              <FormattedMessage id="matchmaking.client.profile.archiveNo" />
            </Button>
          </>
        ) : (
          <Button
            variant="subtle"
            color="red"
            size="xs"
            onClick={() => setConfirming(true)}
            aria-label={intl.formatMessage({ id: 'matchmaking.client.profile.archiveLabel' }, { name })}
          >
            <FormattedMessage id="matchmaking.client.profile.archive" />
          </Button>
        )}
      </Group>
    </>
  );
}
