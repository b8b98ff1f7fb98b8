/**
 * `/matchmaking/caregiver/verificationComplete` (issue 21, caregiver step 9 `verificationComplete`; decision 0054):
 * whether the listing is verified, how and when; when it is not, why it matters and a link to verify
 * (`/matchmaking/verification/id`). "Finish" records the step and opens the profile. A listing not published yet is
 * sent back to the finishing step.
 */
import { Alert, Anchor, Button, Group, Stack, Text } from '@mantine/core';
import { FormattedMessage } from 'react-intl';
import { Link } from 'react-router';
import { caregiverStepPath, type CaregiverListing } from '@tend/contracts';
import { useCompleteCaregiverVerificationStep } from '../api/caregivers.ts';
import { CaregiverPage, SaveErrorAlert, useAfterSave, useSaveErrors } from '../components/caregiver-step.tsx';
import { VerificationStatus } from '../components/caregiver-listing-status.tsx';

function VerificationStep({ listing }: { listing: CaregiverListing }) {
  const finish = useCompleteCaregiverVerificationStep();
  const errors = useSaveErrors();
  const after = useAfterSave('profile');
  if (!listing.listedAt) {
    return (
      <Alert color="yellow" variant="light">
        <Stack gap="xs" align="flex-start">
          <Text size="sm">
            <FormattedMessage id="matchmaking.caregiver.verify.publishFirst" />
          </Text>
          <Anchor component={Link} to={caregiverStepPath('listingFinalization', listing.id)}>
            <FormattedMessage id="matchmaking.onboarding.caregiver.listingFinalization" />
          </Anchor>
        </Stack>
      </Alert>
    );
  }
  return (
    <Stack gap="md">
      <VerificationStatus listing={listing} />
      <SaveErrorAlert error={errors.error} />
      <Group justify="space-between">
        <Anchor component={Link} to={caregiverStepPath('listingFinalization', listing.id)}>
          <FormattedMessage id="matchmaking.onboarding.back" />
        </Anchor>
        <Button
          loading={finish.isPending}
          onClick={() => {
            errors.clear();
            finish.mutate(undefined, {
              onSuccess: (saved) => void after.go(saved.id),
              onError: (error) => errors.show(error),
            });
          }}
        >
          <FormattedMessage id="matchmaking.caregiver.verify.finish" />
        </Button>
      </Group>
    </Stack>
  );
}

export function CaregiverVerificationPage() {
  return (
    <CaregiverPage
      step="verificationComplete"
      titleId="matchmaking.caregiver.verify.title"
      introId="matchmaking.caregiver.verify.intro"
    >
      {(listing) => (listing ? <VerificationStep listing={listing} /> : null)}
    </CaregiverPage>
  );
}
