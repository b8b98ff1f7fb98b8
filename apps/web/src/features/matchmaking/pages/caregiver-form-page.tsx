/**
 * `/matchmaking/caregiver/new/form` (issue 21, caregiver step 1 `form`; decision 0054): about you — name parts, sex,
 * date of birth, contact details, address and ZIP code, experience, driving, languages, specialties, certifications
 * and the SMS opt-in. Only first name, last name and ZIP code are required. The first save creates the listing;
 * later saves edit it. Then the photos-and-video step.
 */
import { Checkbox, Group, NumberInput, Select, Stack, TagsInput, Text, TextInput } from '@mantine/core';
import { useForm, type UseFormReturnType } from '@mantine/form';
import { FormattedMessage, useIntl } from 'react-intl';
import type { CaregiverFormInput, CaregiverListing } from '@tend/contracts';
import { useSaveCaregiverForm } from '../api/caregivers.ts';
import {
  CaregiverPage,
  SaveErrorAlert,
  StepActions,
  useAfterSave,
  useSaveErrors,
} from '../components/caregiver-step.tsx';

interface Values {
  firstName: string;
  middleName: string;
  lastName: string;
  sex: string | null;
  dob: string;
  email: string;
  phoneNumber: string;
  address: string;
  zipCode: string;
  experienceYears: number | string;
  canDrive: boolean;
  languages: string[];
  specialties: string[];
  certifications: string[];
  smsNotificationsEnabled: boolean;
}

const valuesOf = (listing: CaregiverListing | null): Values => ({
  firstName: listing?.firstName ?? '',
  middleName: listing?.middleName ?? '',
  lastName: listing?.lastName ?? '',
  sex: listing?.sex ?? null,
  dob: listing?.dob ?? '',
  email: listing?.email ?? '',
  phoneNumber: listing?.phoneNumber ?? '',
  address: listing?.address ?? '',
  zipCode: listing?.zipCode ?? '',
  experienceYears: listing?.experienceYears ?? '',
  canDrive: listing?.canDrive ?? false,
  languages: listing?.languages ?? [],
  specialties: listing?.specialties ?? [],
  certifications: listing?.certifications ?? [],
  smsNotificationsEnabled: listing?.smsNotificationsEnabled ?? false,
});

const bodyOf = (values: Values): CaregiverFormInput => ({
  ...values,
  sex: (values.sex as CaregiverFormInput['sex']) || null,
  dob: values.dob || null,
  experienceYears: values.experienceYears === '' ? null : Number(values.experienceYears),
});

/** Everything after the names: all optional but the ZIP code. */
function MoreInputs({
  form,
  labels,
  hint,
}: {
  form: UseFormReturnType<Values>;
  labels: Record<keyof Values, string>;
  hint: (id: string) => string;
}) {
  return (
    <>
      <Select
        label={labels.sex}
        clearable
        data={['female', 'male', 'other'].map((value) => ({ value, label: hint(`sex.${value}`) }))}
        {...form.getInputProps('sex')}
      />
      <TextInput label={labels.dob} type="date" autoComplete="bday" {...form.getInputProps('dob')} />
      <TextInput label={labels.email} type="email" autoComplete="email" {...form.getInputProps('email')} />
      <TextInput
        label={labels.phoneNumber}
        type="tel"
        autoComplete="tel"
        {...form.getInputProps('phoneNumber')}
      />
      <TextInput label={labels.address} autoComplete="street-address" {...form.getInputProps('address')} />
      <TextInput
        label={labels.zipCode}
        description={hint('zipHint')}
        required
        inputMode="numeric"
        autoComplete="postal-code"
        {...form.getInputProps('zipCode')}
      />
      <NumberInput
        label={labels.experienceYears}
        min={0}
        max={80}
        allowDecimal={false}
        {...form.getInputProps('experienceYears')}
      />
      <TagsInput
        label={labels.languages}
        description={hint('tagsHint')}
        {...form.getInputProps('languages')}
      />
      <TagsInput
        label={labels.specialties}
        description={hint('tagsHint')}
        {...form.getInputProps('specialties')}
      />
      <TagsInput
        label={labels.certifications}
        description={hint('tagsHint')}
        {...form.getInputProps('certifications')}
      />
      <Group>
        <Checkbox label={labels.canDrive} {...form.getInputProps('canDrive', { type: 'checkbox' })} />
      </Group>
      <Checkbox
        label={labels.smsNotificationsEnabled}
        description={hint('smsHint')}
        {...form.getInputProps('smsNotificationsEnabled', { type: 'checkbox' })}
      />
    </>
  );
}

function CaregiverForm({ listing }: { listing: CaregiverListing | null }) {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id: `matchmaking.caregiver.form.${id}` });
  const labels: Record<keyof Values, string> = {
    firstName: t('firstName'),
    middleName: t('middleName'),
    lastName: t('lastName'),
    sex: t('sex'),
    dob: t('dob'),
    email: t('email'),
    phoneNumber: t('phoneNumber'),
    address: t('address'),
    zipCode: t('zipCode'),
    experienceYears: t('experienceYears'),
    canDrive: t('canDrive'),
    languages: t('languages'),
    specialties: t('specialties'),
    certifications: t('certifications'),
    smsNotificationsEnabled: t('sms'),
  };
  const form = useForm<Values>({ mode: 'controlled', initialValues: valuesOf(listing) });
  const save = useSaveCaregiverForm(listing !== null);
  const errors = useSaveErrors();
  const after = useAfterSave('addMedia');
  const submit = form.onSubmit((values) => {
    errors.clear();
    save.mutate(bodyOf(values), {
      onSuccess: (saved) => void after.go(saved.id),
      onError: (error) => errors.show(error, form, labels),
    });
  });
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <Text size="sm">
          <FormattedMessage id="matchmaking.caregiver.form.privacy" />
        </Text>
        <TextInput
          label={labels.firstName}
          required
          autoComplete="given-name"
          {...form.getInputProps('firstName')}
        />
        <TextInput
          label={labels.middleName}
          autoComplete="additional-name"
          {...form.getInputProps('middleName')}
        />
        <TextInput
          label={labels.lastName}
          required
          autoComplete="family-name"
          {...form.getInputProps('lastName')}
        />
        <MoreInputs form={form} labels={labels} hint={t} />
        <SaveErrorAlert error={errors.error} unmatched={errors.unmatched} labels={labels} />
        <StepActions previous={null} listingId={listing?.id ?? null} pending={save.isPending} />
      </Stack>
    </form>
  );
}

export function CaregiverFormPage() {
  return (
    <CaregiverPage
      step="form"
      titleId="matchmaking.caregiver.form.title"
      introId="matchmaking.caregiver.form.intro"
      allowMissing
    >
      {(listing) => <CaregiverForm listing={listing} />}
    </CaregiverPage>
  );
}
