/**
 * `/matchmaking/caregiver/create` (issue 21; decision 0054): the start of a caregiver listing — the nine steps, what
 * families see (first name and last initial, city, availability, languages, background check dates) and what they
 * never see before both sides agree (last name, phone, email, address) — then "Start". An account that already has
 * a listing resumes at its next step (the profile when every step is done); a plain account chooses its role first.
 */
import { Alert, Button, List, Loader, Stack, Text, Title } from '@mantine/core';
import { IconEye, IconEyeOff } from '@tabler/icons-react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link, Navigate } from 'react-router';
import { caregiverOnboardingSteps, caregiverStepPath } from '@tend/contracts';
import { useMe } from '../../../lib/me.ts';
import { isNoListing, useOwnCaregiverListing } from '../api/caregivers.ts';
import { CAREGIVER_PROFILE_PATH, SaveErrorAlert } from '../components/caregiver-step.tsx';

export function CaregiverCreatePage() {
  const intl = useIntl();
  const me = useMe();
  const listing = useOwnCaregiverListing();
  if (listing.data) {
    const next = listing.data.nextStep;
    return <Navigate to={next ? caregiverStepPath(next, listing.data.id) : CAREGIVER_PROFILE_PATH} replace />;
  }
  const ready = isNoListing(listing.error) && me.data;
  const role = me.data?.role;
  const start =
    role === 'CAREGIVER' || role === 'ADMIN'
      ? caregiverStepPath('form', null)
      : role === 'USER'
        ? '/matchmaking/role-select'
        : null;
  return (
    <Stack gap="md" maw={640} w="100%">
      <Title order={1}>
        <FormattedMessage id="matchmaking.caregiver.create.title" />
      </Title>
      <Text>
        <FormattedMessage id="matchmaking.caregiver.create.intro" />
      </Text>
      <Title order={2} size="h3">
        <FormattedMessage id="matchmaking.caregiver.create.stepsTitle" />
      </Title>
      <List type="ordered" spacing={4}>
        {caregiverOnboardingSteps.map((step) => (
          <List.Item key={step}>
            <FormattedMessage id={`matchmaking.onboarding.caregiver.${step}`} />
          </List.Item>
        ))}
      </List>
      <Alert
        color="teal"
        variant="light"
        icon={<IconEye aria-hidden />}
        title={intl.formatMessage({ id: 'matchmaking.caregiver.create.shownTitle' })}
      >
        <FormattedMessage id="matchmaking.caregiver.create.shown" />
      </Alert>
      <Alert
        color="gray"
        variant="light"
        icon={<IconEyeOff aria-hidden />}
        title={intl.formatMessage({ id: 'matchmaking.caregiver.create.hiddenTitle' })}
      >
        <FormattedMessage id="matchmaking.caregiver.create.hidden" />
      </Alert>
      {!ready ? (
        listing.error && !isNoListing(listing.error) ? (
          <SaveErrorAlert error={listing.error} />
        ) : (
          <Loader aria-label={intl.formatMessage({ id: 'matchmaking.caregiver.loading' })} />
        )
      ) : start ? (
        <>
          {role === 'USER' ? (
            <Text size="sm">
              <FormattedMessage id="matchmaking.caregiver.create.chooseRole" />
            </Text>
          ) : null}
          <Button component={Link} to={start} style={{ alignSelf: 'flex-start' }}>
            <FormattedMessage id="matchmaking.caregiver.create.start" />
          </Button>
        </>
      ) : (
        <Alert color="yellow" variant="light">
          <FormattedMessage id="matchmaking.caregiver.create.wrongRole" />
        </Alert>
      )}
    </Stack>
  );
}
