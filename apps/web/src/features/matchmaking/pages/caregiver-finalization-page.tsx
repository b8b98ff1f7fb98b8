/**
 * `/matchmaking/caregiver/listingFinalization` (issue 21, caregiver step 8 `listingFinalization`; decision 0054): a
 * review of the listing with a link back to each step, the required fields still missing, and "Publish". Publishing
 * a listing that misses a required field is refused by the API naming each one (first name, ZIP code, availability,
 * a bio); the page lists them with where to fix them. Then the verification step.
 */
import { Alert, Anchor, Button, Card, Group, Stack, Text } from '@mantine/core';
import { IconCircleCheck } from '@tabler/icons-react';
import { FormattedMessage, useIntl, type IntlShape } from 'react-intl';
import { Link } from 'react-router';
import { caregiverStepPath, type CaregiverListing, type CaregiverOnboardingStep } from '@tend/contracts';
import { ApiError } from '../../../lib/api-client.ts';
import { useFinalizeCaregiverListing } from '../api/caregivers.ts';
import { cardName } from '../components/caregiver-card-view.tsx';
import { CaregiverPage, SaveErrorAlert, useAfterSave, useSaveErrors } from '../components/caregiver-step.tsx';
import { isRequiredField, MissingFields } from '../components/caregiver-listing-status.tsx';

const reviewSteps: {
  step: CaregiverOnboardingStep;
  summary: (listing: CaregiverListing, intl: IntlShape) => string | null;
}[] = [
  {
    step: 'form',
    summary: (l) =>
      [cardName({ firstName: l.firstName, lastInitial: l.lastName?.charAt(0) ?? null }), l.city]
        .filter(Boolean)
        .join(' · '),
  },
  { step: 'addMedia', summary: () => null },
  {
    step: 'medallion',
    summary: (l, intl) =>
      l.medallionStatus
        ? intl.formatMessage({ id: `matchmaking.caregiver.medallion.${l.medallionStatus}` })
        : null,
  },
  { step: 'scheduleMaker', summary: () => null },
  {
    step: 'bioCreation',
    summary: (l) => (l.bio ? `${l.bio.slice(0, 80)}${l.bio.length > 80 ? '…' : ''}` : null),
  },
  { step: 'profilePhoto', summary: () => null },
  {
    step: 'additionalInfo',
    summary: (l, intl) =>
      l.availabilityStatus
        ? intl.formatMessage({ id: `matchmaking.caregiver.additional.status.${l.availabilityStatus}` })
        : null,
  },
];

function Review({ listing }: { listing: CaregiverListing }) {
  const intl = useIntl();
  const publish = useFinalizeCaregiverListing();
  const errors = useSaveErrors();
  const after = useAfterSave('verificationComplete');
  const refused =
    publish.error instanceof ApiError
      ? publish.error.fieldErrors.map((f) => f.path.replace(/^body\./, '')).filter(isRequiredField)
      : [];
  return (
    <Stack gap="md">
      <Stack gap="xs">
        {reviewSteps.map(({ step, summary }) => (
          <Card key={step} withBorder padding="sm">
            <Group justify="space-between" wrap="wrap" gap="xs">
              <Stack gap={0} style={{ minWidth: 0 }}>
                <Text fw={600}>{intl.formatMessage({ id: `matchmaking.onboarding.caregiver.${step}` })}</Text>
                {summary(listing, intl) ? (
                  <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                    {summary(listing, intl)}
                  </Text>
                ) : null}
              </Stack>
              <Anchor component={Link} to={caregiverStepPath(step, listing.id)}>
                {intl.formatMessage(
                  { id: 'matchmaking.caregiver.final.edit' },
                  { step: intl.formatMessage({ id: `matchmaking.onboarding.caregiver.${step}` }) },
                )}
              </Anchor>
            </Group>
          </Card>
        ))}
      </Stack>
      {refused.length > 0 ? (
        <MissingFields
          fields={refused}
          listingId={listing.id}
          titleId="matchmaking.caregiver.final.refused"
          role="alert"
        />
      ) : listing.missingFields.length > 0 ? (
        <MissingFields
          fields={listing.missingFields}
          listingId={listing.id}
          titleId="matchmaking.caregiver.final.missing"
        />
      ) : (
        <Alert color="teal" variant="light" icon={<IconCircleCheck aria-hidden />}>
          <FormattedMessage id="matchmaking.caregiver.final.ready" />
        </Alert>
      )}
      {refused.length === 0 ? <SaveErrorAlert error={errors.error} /> : null}
      {listing.listedAt ? (
        <Text size="sm">
          {intl.formatMessage(
            { id: 'matchmaking.caregiver.final.listedAt' },
            { date: intl.formatDate(listing.listedAt, { dateStyle: 'medium' }) },
          )}
        </Text>
      ) : null}
      <Group justify="space-between">
        <Anchor component={Link} to={caregiverStepPath('additionalInfo', listing.id)}>
          <FormattedMessage id="matchmaking.onboarding.back" />
        </Anchor>
        <Button
          loading={publish.isPending}
          onClick={() => {
            errors.clear();
            publish.mutate(undefined, {
              onSuccess: (saved) => void after.go(saved.id),
              onError: (error) => errors.show(error),
            });
          }}
        >
          <FormattedMessage id="matchmaking.caregiver.final.publish" />
        </Button>
      </Group>
    </Stack>
  );
}

export function CaregiverFinalizationPage() {
  return (
    <CaregiverPage
      step="listingFinalization"
      titleId="matchmaking.caregiver.final.title"
      introId="matchmaking.caregiver.final.intro"
    >
      {(listing) => (listing ? <Review listing={listing} /> : null)}
    </CaregiverPage>
  );
}
