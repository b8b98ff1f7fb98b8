/**
 * Where a person is in onboarding (issue 21; contracts `clientOnboardingSteps`, `caregiverOnboardingSteps`): "Step 2
 * of 5 · Profile picture" over a progress bar, narrow enough for a 320 px phone (nine steps do not fit as a stepper).
 * Every onboarding step page shows it above its form.
 */
import { Progress, Stack, Text } from '@mantine/core';
import { useIntl } from 'react-intl';
import {
  caregiverOnboardingSteps,
  clientOnboardingSteps,
  type CaregiverOnboardingStep,
  type ClientOnboardingStep,
} from '@tend/contracts';

export type OnboardingProgressProps =
  { side: 'client'; step: ClientOnboardingStep } | { side: 'caregiver'; step: CaregiverOnboardingStep };

export function OnboardingProgress(props: OnboardingProgressProps) {
  const intl = useIntl();
  const steps: readonly string[] = props.side === 'client' ? clientOnboardingSteps : caregiverOnboardingSteps;
  const number = steps.indexOf(props.step) + 1;
  const label = intl.formatMessage({ id: `matchmaking.onboarding.${props.side}.${props.step}` });
  const text = intl.formatMessage(
    { id: 'matchmaking.onboarding.stepOf' },
    { number, total: steps.length, label },
  );
  return (
    <Stack gap={4} data-testid="onboarding-progress">
      <Text size="sm" fw={600}>
        {text}
      </Text>
      <Progress value={(number / steps.length) * 100} size="sm" aria-label={text} />
    </Stack>
  );
}
