/**
 * `/matchmaking/caregiver/bioCreation` (issue 21, caregiver step 5 `bioCreation`; spec s.3 TextBio; decision 0054):
 * three guided prompts (why you care, your experience, what families should know) compose a bio the caregiver then
 * edits; saving makes a new current version (earlier ones are kept and listed). Length limits are shown as they
 * type. Then the profile-photo step.
 */
import { useState } from 'react';
import { Button, Stack, Text, Textarea, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { FormattedMessage, useIntl } from 'react-intl';
import {
  CAREGIVER_BIO_ANSWER_MAX_CHARS,
  CAREGIVER_BIO_MAX_CHARS,
  CAREGIVER_BIO_MIN_CHARS,
  caregiverBioPrompts,
  composeCaregiverBio,
  type CaregiverBioPrompt,
  type CaregiverListing,
} from '@tend/contracts';
import { useCaregiverBios, useSaveCaregiverBio } from '../api/caregivers.ts';
import {
  CaregiverStepPage,
  SaveErrorAlert,
  StepActions,
  useAfterSave,
  useSaveErrors,
  wrappingButton,
} from '../components/caregiver-step.tsx';

function BioForm({ listing }: { listing: CaregiverListing }) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) =>
    intl.formatMessage({ id: `matchmaking.caregiver.bio.${id}` }, values);
  const [answers, setAnswers] = useState<Partial<Record<CaregiverBioPrompt, string>>>({});
  const form = useForm<{ bio: string }>({ mode: 'controlled', initialValues: { bio: listing.bio ?? '' } });
  const save = useSaveCaregiverBio();
  const bios = useCaregiverBios();
  const errors = useSaveErrors();
  const after = useAfterSave('profilePhoto');
  const label = t('label');
  const length = form.values.bio.trim().length;
  const submit = form.onSubmit((values) => {
    errors.clear();
    if (values.bio.trim().length < CAREGIVER_BIO_MIN_CHARS) {
      form.setFieldError('bio', t('tooShort', { min: CAREGIVER_BIO_MIN_CHARS }));
      return;
    }
    save.mutate(values, {
      onSuccess: () => void after.go(listing.id),
      onError: (error) => errors.show(error, form, { bio: label }),
    });
  });
  const composed = composeCaregiverBio(answers);
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <Title order={2} size="h3">
          <FormattedMessage id="matchmaking.caregiver.bio.promptsTitle" />
        </Title>
        {caregiverBioPrompts.map((prompt) => (
          <Textarea
            key={prompt}
            label={t(`prompt.${prompt}`)}
            description={t(`prompt.${prompt}Hint`)}
            autosize
            minRows={2}
            maxLength={CAREGIVER_BIO_ANSWER_MAX_CHARS}
            value={answers[prompt] ?? ''}
            onChange={(event) => {
              const value = event.currentTarget.value;
              setAnswers((current) => ({ ...current, [prompt]: value }));
            }}
          />
        ))}
        <Button
          variant="light"
          disabled={composed.length === 0}
          {...wrappingButton}
          onClick={() => form.setFieldValue('bio', composed.slice(0, CAREGIVER_BIO_MAX_CHARS))}
          style={{ alignSelf: 'flex-start' }}
        >
          <FormattedMessage id="matchmaking.caregiver.bio.compose" />
        </Button>
        <Textarea
          label={label}
          description={t('limits', { min: CAREGIVER_BIO_MIN_CHARS, max: CAREGIVER_BIO_MAX_CHARS })}
          required
          autosize
          minRows={5}
          maxLength={CAREGIVER_BIO_MAX_CHARS}
          {...form.getInputProps('bio')}
        />
        <Text size="sm" c="dimmed" aria-live="polite">
          {t('count', { count: length, max: CAREGIVER_BIO_MAX_CHARS })}
        </Text>
        {bios.data && bios.data.items.length > 0 ? (
          <Text size="sm" c="dimmed">
            {t('versions', { count: bios.data.items.length, version: bios.data.items[0]?.version ?? 0 })}
          </Text>
        ) : null}
        <SaveErrorAlert error={errors.error} unmatched={errors.unmatched} />
        <StepActions previous="scheduleMaker" listingId={listing.id} pending={save.isPending} />
      </Stack>
    </form>
  );
}

export function CaregiverBioPage() {
  return (
    <CaregiverStepPage
      step="bioCreation"
      titleId="matchmaking.caregiver.bio.title"
      introId="matchmaking.caregiver.bio.intro"
      form={BioForm}
    />
  );
}
