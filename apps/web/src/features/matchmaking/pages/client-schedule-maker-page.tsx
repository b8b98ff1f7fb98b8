/**
 * `/matchmaking/client/scheduleMaker?clientId=` (issue 21; client onboarding step 4 of 5): the weekly care a family
 * needs, from their own words or by hand; saving records the step and goes on to `listingFinalization`.
 */
import { Stack, Text, Title } from '@mantine/core';
import { useIntl } from 'react-intl';
import { useNavigate, useSearchParams } from 'react-router';
import { clientStepPath } from '@tend/contracts';
import { useClientSchedule, useSaveClientSchedule } from '../api/schedules.ts';
import { OnboardingProgress } from '../components/onboarding-progress.tsx';
import { ScheduleMaker } from '../components/schedule-maker.tsx';
import { ListingLoadState } from '../components/schedule-load-state.tsx';

export function ClientScheduleMakerPage() {
  const intl = useIntl();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const clientId = params.get('clientId') ?? '';
  const schedule = useClientSchedule(clientId);
  const save = useSaveClientSchedule(clientId);
  return (
    <Stack gap="md" maw={720}>
      <OnboardingProgress side="client" step="scheduleMaker" />
      <Title order={1}>{intl.formatMessage({ id: 'matchmaking.schedule.title.client' })}</Title>
      <Text>{intl.formatMessage({ id: 'matchmaking.schedule.intro.client' })}</Text>
      {schedule.data ? (
        <ScheduleMaker
          key={schedule.data.listingId}
          side="client"
          saved={schedule.data}
          saving={save.isPending}
          saveError={save.error}
          onSave={(input) =>
            save.mutate(input, {
              onSuccess: () => void navigate(clientStepPath('listingFinalization', clientId)),
            })
          }
        />
      ) : (
        <ListingLoadState
          isPending={clientId !== '' && schedule.isPending}
          error={clientId === '' ? new Error('no client id') : schedule.error}
        />
      )}
    </Stack>
  );
}
