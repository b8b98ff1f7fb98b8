/**
 * `/matchmaking/caregiver/previewProfileTest` (issue 21; decision 0054): the caregiver's listing exactly as families
 * see it (the API's card and current bio: first name and last initial, never the last name, phone, email or
 * address), with a way back to the profile.
 */
import { Alert, Anchor, Loader, Stack, Text, Title } from '@mantine/core';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'react-router';
import { isNoListing, useCaregiverPreview } from '../api/caregivers.ts';
import { CaregiverCardView } from '../components/caregiver-card-view.tsx';
import {
  CAREGIVER_CREATE_PATH,
  CAREGIVER_PROFILE_PATH,
  SaveErrorAlert,
} from '../components/caregiver-step.tsx';

export function CaregiverPreviewPage() {
  const intl = useIntl();
  const preview = useCaregiverPreview();
  return (
    <Stack gap="md" maw={640} w="100%">
      <Title order={1}>
        <FormattedMessage id="matchmaking.caregiver.preview.title" />
      </Title>
      <Text>
        <FormattedMessage id="matchmaking.caregiver.preview.intro" />
      </Text>
      {preview.data ? (
        <CaregiverCardView card={preview.data.card} bio={preview.data.bio} />
      ) : isNoListing(preview.error) ? (
        <Alert color="blue" variant="light">
          <Anchor component={Link} to={CAREGIVER_CREATE_PATH}>
            <FormattedMessage id="matchmaking.caregiver.startListing" />
          </Anchor>
        </Alert>
      ) : preview.error ? (
        <SaveErrorAlert error={preview.error} />
      ) : (
        <Loader aria-label={intl.formatMessage({ id: 'matchmaking.caregiver.loading' })} />
      )}
      <Anchor component={Link} to={CAREGIVER_PROFILE_PATH}>
        <FormattedMessage id="matchmaking.caregiver.preview.back" />
      </Anchor>
    </Stack>
  );
}
