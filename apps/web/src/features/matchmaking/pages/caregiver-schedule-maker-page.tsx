/**
 * `/matchmaking/caregiver/scheduleMaker` (issue 21; caregiver onboarding step 4 of 9): when the caregiver can work,
 * from their own words or by hand; saving records the step (and the listing's availability) and goes on to
 * `bioCreation`.
 */
import { Stack, Text, Title } from '@mantine/core';
import { useIntl } from 'react-intl';
import { useNavigate } from 'react-router';
import { caregiverStepPath } from '@tend/contracts';
import { useOwnCaregiverSchedule, useSaveOwnCaregiverSchedule } from '../api/schedules.ts';
import { OnboardingProgress } from '../components/onboarding-progress.tsx';
import { ScheduleMaker } from '../components/schedule-maker.tsx';
import { ListingLoadState } from '../components/schedule-load-state.tsx';

export function CaregiverScheduleMakerPage() {
  const intl = useIntl();
  const navigate = useNavigate();
  const schedule = useOwnCaregiverSchedule();
  const save = useSaveOwnCaregiverSchedule();
  return (
    <Stack gap="md" maw={720}>
      <OnboardingProgress side="caregiver" step="scheduleMaker" />
      <Title order={1}>{intl.formatMessage({ id: 'matchmaking.schedule.title.caregiver' })}</Title>
      <Text>{intl.formatMessage({ id: 'matchmaking.schedule.intro.caregiver' })}</Text>
      {schedule.data ? (
        <ScheduleMaker
          key={schedule.data.listingId}
          side="caregiver"
          saved={schedule.data}
          saving={save.isPending}
          saveError={save.error}
          onSave={(input) =>
            save.mutate(input, {
              onSuccess: (saved) => void navigate(caregiverStepPath('bioCreation', saved.listingId)),
            })
          }
        />
      ) : (
        <ListingLoadState isPending={schedule.isPending} error={schedule.error} />
      )}
    </Stack>
  );
}
