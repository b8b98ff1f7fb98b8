/**
 * `/matchmaking/caregiver/medallion` (issue 21, caregiver step 3 `medallion`; DOMAIN.md "medallion"; decision 0054):
 * what a medallion is, in plain words, and where the caregiver stands — none yet, working on it, or earned. The
 * server stamps the date it changed. Then the schedule step.
 */
import { Radio, Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { FormattedMessage, useIntl } from 'react-intl';
import { medallionStatuses, type CaregiverListing, type MedallionStatus } from '@tend/contracts';
import { useSaveCaregiverMedallion } from '../api/caregivers.ts';
import {
  CaregiverPage,
  SaveErrorAlert,
  StepActions,
  useAfterSave,
  useSaveErrors,
} from '../components/caregiver-step.tsx';

function MedallionForm({ listing }: { listing: CaregiverListing }) {
  const intl = useIntl();
  const label = intl.formatMessage({ id: 'matchmaking.caregiver.medallion.label' });
  const form = useForm<{ medallionStatus: MedallionStatus }>({
    mode: 'controlled',
    initialValues: { medallionStatus: listing.medallionStatus ?? 'none' },
  });
  const save = useSaveCaregiverMedallion();
  const errors = useSaveErrors();
  const after = useAfterSave('scheduleMaker');
  const submit = form.onSubmit((values) => {
    errors.clear();
    save.mutate(values, {
      onSuccess: (saved) => void after.go(saved.id),
      onError: (error) => errors.show(error, form, { medallionStatus: label }),
    });
  });
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <Radio.Group label={label} {...form.getInputProps('medallionStatus')}>
          <Stack gap="sm" mt="xs">
            {medallionStatuses.map((status) => (
              <Radio
                key={status}
                value={status}
                label={intl.formatMessage({ id: `matchmaking.caregiver.medallion.${status}` })}
                description={intl.formatMessage({ id: `matchmaking.caregiver.medallion.${status}Hint` })}
              />
            ))}
          </Stack>
        </Radio.Group>
        {listing.medallionUpdatedAt ? (
          <Text size="sm" c="dimmed">
            {intl.formatMessage(
              { id: 'matchmaking.caregiver.medallion.updated' },
              { date: intl.formatDate(listing.medallionUpdatedAt, { dateStyle: 'medium' }) },
            )}
          </Text>
        ) : null}
        <SaveErrorAlert error={errors.error} unmatched={errors.unmatched} />
        <StepActions previous="addMedia" listingId={listing.id} pending={save.isPending} />
      </Stack>
    </form>
  );
}

export function CaregiverMedallionPage() {
  return (
    <CaregiverPage step="medallion" titleId="matchmaking.caregiver.medallion.title">
      {(listing) =>
        listing ? (
          <>
            <Text>
              <FormattedMessage id="matchmaking.caregiver.medallion.what" />
            </Text>
            <Text>
              <FormattedMessage id="matchmaking.caregiver.medallion.why" />
            </Text>
            <MedallionForm listing={listing} />
          </>
        ) : null
      }
    </CaregiverPage>
  );
}
