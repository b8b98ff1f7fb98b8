import { describe, expect, it } from 'vitest';
import {
  caregiverOnboardingSteps,
  caregiverStepPath,
  clientOnboardingSteps,
  clientStepPath,
  furtherStep,
  nextOnboardingStep,
} from './matchmaking.ts';

describe('matchmaking onboarding order', () => {
  it('resumes at the step after the furthest one completed, and at the start when none is', () => {
    expect(nextOnboardingStep(clientOnboardingSteps, null)).toBe('new');
    expect(nextOnboardingStep(clientOnboardingSteps, 'avatar')).toBe('careDetails');
    expect(nextOnboardingStep(clientOnboardingSteps, 'listingFinalization')).toBeNull();
    expect(nextOnboardingStep(caregiverOnboardingSteps, 'medallion')).toBe('scheduleMaker');
  });

  it('never moves the furthest step back', () => {
    expect(furtherStep(clientOnboardingSteps, 'scheduleMaker', 'avatar')).toBe('scheduleMaker');
    expect(furtherStep(clientOnboardingSteps, 'avatar', 'scheduleMaker')).toBe('scheduleMaker');
    expect(furtherStep(caregiverOnboardingSteps, null, 'form')).toBe('form');
  });

  it('names each step page', () => {
    expect(clientStepPath('new', null)).toBe('/matchmaking/client/new');
    expect(clientStepPath('avatar', 'abc')).toBe('/matchmaking/client/new/abc/avatar');
    expect(clientStepPath('careDetails', 'abc')).toBe('/matchmaking/client/careDetails?clientId=abc');
    expect(caregiverStepPath('addMedia', 'xyz')).toBe('/matchmaking/caregiver/new/xyz/addMedia');
    expect(caregiverStepPath('bioCreation', 'xyz')).toBe('/matchmaking/caregiver/bioCreation');
  });
});
