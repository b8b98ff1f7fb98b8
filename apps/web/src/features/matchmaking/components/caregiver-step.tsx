/**
 * What every caregiver onboarding step page shares (issue 21; decision 0054): the frame (progress, title, intro, the
 * caller's listing loaded — or what to do when there is none), the save error in the page's language with the API's
 * field errors on their inputs, the "Back" and "Save and continue" actions, and where a save goes next (the next step,
 * or back to the profile when the step was opened from it with `?return=profile`).
 */
import { useState, type ComponentType, type ReactNode } from 'react';
import { Alert, Anchor, Button, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link, useNavigate, useSearchParams } from 'react-router';
import {
  caregiverStepPath,
  type CaregiverListing,
  type CaregiverOnboardingStep,
  type FieldError,
} from '@tend/contracts';
import { ApiError } from '../../../lib/api-client.ts';
import { applyApiFieldErrors } from '../../../lib/form-errors.ts';
import { isNoListing, useOwnCaregiverListing } from '../api/caregivers.ts';
import { OnboardingProgress } from './onboarding-progress.tsx';

/** Props that let a button's label wrap on a 320 px phone (long Spanish labels) instead of overflowing. */
export const wrappingButton = {
  h: 'auto',
  mih: 36,
  py: 8,
  styles: { label: { whiteSpace: 'normal' as const, textAlign: 'center' as const, lineHeight: 1.3 } },
};

export const CAREGIVER_PROFILE_PATH = '/matchmaking/caregiver/profile';
export const CAREGIVER_CREATE_PATH = '/matchmaking/caregiver/create';

/** Where a step page goes after a save: the profile when opened from it, else `next` of listing `id`. */
export function useAfterSave(next: CaregiverOnboardingStep | 'profile') {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const fromProfile = params.get('return') === 'profile';
  return {
    go: (listingId: string) =>
      navigate(
        fromProfile || next === 'profile' ? CAREGIVER_PROFILE_PATH : caregiverStepPath(next, listingId),
      ),
  };
}

/** A step page's path opened from the profile (a save returns there). */
export const editPath = (step: CaregiverOnboardingStep, listingId: string) =>
  `${caregiverStepPath(step, listingId)}?return=profile`;

/** A save's error (API field errors go on the inputs named in `labels`; the rest are listed here). */
export function useSaveErrors() {
  const [error, setError] = useState<unknown>(null);
  const [unmatched, setUnmatched] = useState<FieldError[]>([]);
  return {
    error,
    unmatched,
    clear: () => {
      setError(null);
      setUnmatched([]);
    },
    show: (
      failure: unknown,
      form?: Parameters<typeof applyApiFieldErrors>[0],
      labels?: Record<string, string>,
    ) => {
      setError(failure);
      setUnmatched(form && labels ? applyApiFieldErrors(form, failure, labels) : []);
    },
  };
}

/** The save error in words, in the page's language, with the fields no input shows. */
export function SaveErrorAlert({
  error,
  unmatched = [],
  labels = {},
}: {
  error: unknown;
  unmatched?: FieldError[];
  labels?: Record<string, string>;
}) {
  const intl = useIntl();
  if (!error) return null;
  const fields = error instanceof ApiError && error.fieldErrors.length > 0;
  return (
    <Alert
      color="red"
      variant="light"
      role="alert"
      icon={<IconAlertCircle aria-hidden />}
      title={intl.formatMessage({ id: 'matchmaking.caregiver.saveError' })}
    >
      <Stack gap={4}>
        <Text size="sm">
          {fields
            ? intl.formatMessage({ id: 'matchmaking.caregiver.saveErrorFields' })
            : intl.formatMessage({ id: 'matchmaking.caregiver.saveErrorRetry' })}
        </Text>
        {unmatched.map((field) => (
          <Text size="sm" key={`${field.path}:${field.message}`}>
            {intl.formatMessage(
              { id: 'matchmaking.caregiver.fieldError' },
              { field: labels[field.path] ?? field.path, message: field.message },
            )}
          </Text>
        ))}
      </Stack>
    </Alert>
  );
}

/**
 * "Back" (a link: to the profile when the step was opened from it, else to step `previous` of listing `listingId`;
 * none on the first step) and the submit button.
 */
export function StepActions({
  previous,
  listingId,
  pending,
}: {
  previous: CaregiverOnboardingStep | null;
  listingId: string | null;
  pending: boolean;
}) {
  const [params] = useSearchParams();
  const back =
    params.get('return') === 'profile'
      ? CAREGIVER_PROFILE_PATH
      : previous
        ? caregiverStepPath(previous, listingId)
        : null;
  return (
    <Group justify="space-between" gap="sm">
      {back ? (
        <Anchor component={Link} to={back}>
          <FormattedMessage id="matchmaking.onboarding.back" />
        </Anchor>
      ) : (
        <span />
      )}
      <Button type="submit" loading={pending}>
        <FormattedMessage id="matchmaking.onboarding.continue" />
      </Button>
    </Group>
  );
}

/** While the listing loads; when the account has none yet (a link to start); when it failed. */
function ListingState({ error }: { error: unknown }) {
  const intl = useIntl();
  if (!error) return <Loader aria-label={intl.formatMessage({ id: 'matchmaking.caregiver.loading' })} />;
  if (isNoListing(error)) {
    return (
      <Alert
        color="blue"
        variant="light"
        title={intl.formatMessage({ id: 'matchmaking.caregiver.noListing' })}
      >
        <Stack gap="xs" align="flex-start">
          <Text size="sm">
            <FormattedMessage id="matchmaking.caregiver.noListingHint" />
          </Text>
          <Button component={Link} to={CAREGIVER_CREATE_PATH}>
            <FormattedMessage id="matchmaking.caregiver.startListing" />
          </Button>
        </Stack>
      </Alert>
    );
  }
  return <SaveErrorAlert error={error} />;
}

/**
 * A caregiver page: (on a step) the progress bar, the title and intro, then `children(listing)` once the caller's
 * listing is loaded. With `allowMissing`, `children(null)` when the account has no listing yet (the form step).
 */
export function CaregiverPage({
  step,
  titleId,
  introId,
  allowMissing = false,
  children,
}: {
  step?: CaregiverOnboardingStep;
  titleId: string;
  introId?: string;
  allowMissing?: boolean;
  children: (listing: CaregiverListing | null) => ReactNode;
}) {
  const listing = useOwnCaregiverListing();
  const missing = allowMissing && isNoListing(listing.error);
  return (
    <Stack gap="md" maw={640} w="100%">
      {step ? <OnboardingProgress side="caregiver" step={step} /> : null}
      <Title order={1} style={{ overflowWrap: 'anywhere' }}>
        <FormattedMessage id={titleId} />
      </Title>
      {introId ? (
        <Text>
          <FormattedMessage id={introId} />
        </Text>
      ) : null}
      {listing.data ? (
        children(listing.data)
      ) : missing ? (
        children(null)
      ) : (
        <ListingState error={listing.error} />
      )}
    </Stack>
  );
}

/** A step page whose form needs the listing: `CaregiverPage` rendering `Form` with it. */
export function CaregiverStepPage({
  step,
  titleId,
  introId,
  form: Form,
}: {
  step: CaregiverOnboardingStep;
  titleId: string;
  introId?: string;
  form: ComponentType<{ listing: CaregiverListing }>;
}) {
  return (
    <CaregiverPage step={step} titleId={titleId} introId={introId}>
      {(listing) => (listing ? <Form listing={listing} /> : null)}
    </CaregiverPage>
  );
}
