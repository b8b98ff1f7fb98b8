/**
 * `/matchmaking/caregiver/profile` (issue 21; decision 0054): the caregiver's own listing — each part with an "Edit"
 * link (a save returns here; the name as families see it, first name and last initial: the last name, email, phone
 * and address are shown only in the form they are edited in, so a shared screen never shows them), the steps left with "Continue" at the next one, whether it is published and verified,
 * and a link to see it as families do.
 */
import type { ReactNode } from 'react';
import { Alert, Anchor, Badge, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'react-router';
import {
  caregiverOnboardingSteps,
  caregiverStepPath,
  type CaregiverListing,
  type CaregiverOnboardingStep,
} from '@tend/contracts';
import { cardName } from '../components/caregiver-card-view.tsx';
import { CaregiverPage, editPath, wrappingButton } from '../components/caregiver-step.tsx';
import { MissingFields, VerificationStatus } from '../components/caregiver-listing-status.tsx';
import { NotificationSettings } from '../components/notification-settings.tsx';
import { ProfileAlerts } from '../components/profile-alerts.tsx';

export const CAREGIVER_PREVIEW_PATH = '/matchmaking/caregiver/previewProfileTest';

function Part({
  step,
  listing,
  children,
}: {
  step: CaregiverOnboardingStep;
  listing: CaregiverListing;
  children: ReactNode;
}) {
  const intl = useIntl();
  const name = intl.formatMessage({ id: `matchmaking.onboarding.caregiver.${step}` });
  return (
    <Card withBorder padding="sm">
      <Stack gap={4}>
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Title order={2} size="h4">
            {name}
          </Title>
          <Anchor component={Link} to={editPath(step, listing.id)}>
            {intl.formatMessage({ id: 'matchmaking.caregiver.final.edit' }, { step: name })}
          </Anchor>
        </Group>
        {children}
      </Stack>
    </Card>
  );
}

function Value({ labelId, value }: { labelId: string; value: string | null }) {
  const intl = useIntl();
  return (
    <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
      <Text span fw={600} size="sm" mr={4}>
        {intl.formatMessage({ id: labelId })}
      </Text>
      {value || intl.formatMessage({ id: 'matchmaking.caregiver.card.none' })}
    </Text>
  );
}

/** Each part of the listing with its "Edit" link: about you, medallion, bio, additional information. */
function ProfileParts({ listing }: { listing: CaregiverListing }) {
  const intl = useIntl();
  const list = (values: string[]) => (values.length ? intl.formatList(values) : null);
  const shownName = cardName({
    firstName: listing.firstName,
    lastInitial: listing.lastName?.charAt(0) ?? null,
  });
  return (
    <>
      <Part step="form" listing={listing}>
        <Value labelId="matchmaking.caregiver.profile.name" value={shownName} />
        <Value
          labelId="matchmaking.caregiver.profile.city"
          value={[listing.city, listing.state].filter(Boolean).join(', ')}
        />
        <Value labelId="matchmaking.caregiver.card.languages" value={list(listing.languages)} />
        <Value labelId="matchmaking.caregiver.card.specialties" value={list(listing.specialties)} />
        <Value labelId="matchmaking.caregiver.card.certifications" value={list(listing.certifications)} />
        <Text size="xs" c="dimmed">
          <FormattedMessage id="matchmaking.caregiver.profile.privateNote" />
        </Text>
      </Part>
      <Part step="medallion" listing={listing}>
        <Value
          labelId="matchmaking.caregiver.profile.medallion"
          value={intl.formatMessage({
            id: `matchmaking.caregiver.medallion.${listing.medallionStatus ?? 'none'}`,
          })}
        />
      </Part>
      <Part step="bioCreation" listing={listing}>
        <Text size="sm" style={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>
          {listing.bio ?? intl.formatMessage({ id: 'matchmaking.caregiver.card.noBio' })}
        </Text>
      </Part>
      <Part step="additionalInfo" listing={listing}>
        <Value
          labelId="matchmaking.caregiver.profile.availability"
          value={
            listing.availabilityStatus
              ? intl.formatMessage({
                  id: `matchmaking.caregiver.additional.status.${listing.availabilityStatus}`,
                })
              : null
          }
        />
        <Value
          labelId="matchmaking.caregiver.profile.contacts"
          value={list(listing.contacts.map((c) => c.name))}
        />
        <Value
          labelId="matchmaking.caregiver.profile.references"
          value={list(listing.references.map((r) => r.refName))}
        />
      </Part>
    </>
  );
}

function Profile({ listing }: { listing: CaregiverListing }) {
  const intl = useIntl();
  const next = listing.nextStep;
  const done = listing.furthestStep ? caregiverOnboardingSteps.indexOf(listing.furthestStep) + 1 : 0;
  return (
    <Stack gap="md">
      <Group gap="xs">
        <Badge color={listing.listedAt ? 'teal' : 'gray'} variant="light">
          {intl.formatMessage({
            id: listing.listedAt
              ? 'matchmaking.caregiver.profile.listed'
              : 'matchmaking.caregiver.profile.draft',
          })}
        </Badge>
      </Group>
      <ProfileAlerts kind="caregiver" />
      {next ? (
        <Alert
          color="blue"
          variant="light"
          title={intl.formatMessage(
            { id: 'matchmaking.caregiver.profile.stepsLeft' },
            { count: caregiverOnboardingSteps.length - done },
          )}
        >
          <Stack gap="xs" align="flex-start">
            <Text size="sm">
              {intl.formatMessage(
                { id: 'matchmaking.caregiver.profile.nextStep' },
                { step: intl.formatMessage({ id: `matchmaking.onboarding.caregiver.${next}` }) },
              )}
            </Text>
            <Button component={Link} to={caregiverStepPath(next, listing.id)}>
              <FormattedMessage id="matchmaking.caregiver.profile.continue" />
            </Button>
          </Stack>
        </Alert>
      ) : null}
      {listing.missingFields.length > 0 ? (
        <MissingFields
          fields={listing.missingFields}
          listingId={listing.id}
          titleId="matchmaking.caregiver.final.missing"
        />
      ) : null}
      <Button
        component={Link}
        to={CAREGIVER_PREVIEW_PATH}
        {...wrappingButton}
        variant="light"
        style={{ alignSelf: 'flex-start' }}
      >
        <FormattedMessage id="matchmaking.caregiver.profile.preview" />
      </Button>
      {listing.listedAt ? (
        <Button
          component={Link}
          to={`/matchmaking/caregiver/${listing.uniqueKey}/map`}
          {...wrappingButton}
          variant="light"
          style={{ alignSelf: 'flex-start' }}
        >
          <FormattedMessage id="matchmaking.caregiver.profile.map" />
        </Button>
      ) : null}
      <ProfileParts listing={listing} />
      <VerificationStatus listing={listing} />
      <NotificationSettings side="caregiver" />
    </Stack>
  );
}

export function CaregiverProfilePage() {
  return (
    <CaregiverPage titleId="matchmaking.caregiver.profile.title">
      {(listing) => (listing ? <Profile listing={listing} /> : null)}
    </CaregiverPage>
  );
}
