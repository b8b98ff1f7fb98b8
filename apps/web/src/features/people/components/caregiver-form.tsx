/**
 * New / edit caregiver form (contracts `caregiverInput`), for the drawer of the Caregivers page.
 * Same behaviour as the client form: contract validation, server errors on their inputs, values
 * kept after a failed save, Archive/Unarchive for an existing caregiver.
 */
import { Group, Select } from '@mantine/core';
import { caregiverInput, type Caregiver, type CaregiverType } from '@tend/contracts';
import { useCreateCaregiver, useSetCaregiverArchived, useUpdateCaregiver } from '../api/caregivers.ts';
import { caregiverTypeOptions } from './caregiver-type.ts';
import {
  ArchivedBadge,
  contactFormValues,
  contactLabels,
  EmailInput,
  NameInput,
  OtherEmailsAndNames,
  PersonFormFrame,
  ReviewNotice,
  type ContactFormValues,
} from './form-parts.tsx';
import { usePersonForm } from './use-person-form.tsx';

export interface CaregiverFormValues extends ContactFormValues {
  type: CaregiverType | null;
}

const labels = { ...contactLabels, type: 'Type' } satisfies Record<keyof CaregiverFormValues, string>;

export function caregiverFormValues(caregiver?: Caregiver | null): CaregiverFormValues {
  return {
    ...contactFormValues(caregiver),
    type: caregiver?.type ?? null,
  };
}

export interface CaregiverFormProps {
  caregiver?: Caregiver | null;
  onDone: (caregiver: Caregiver) => void;
}

export function CaregiverForm({ caregiver, onDone }: CaregiverFormProps) {
  const { form, frame } = usePersonForm({
    schema: caregiverInput,
    labels,
    initialValues: caregiverFormValues(caregiver),
    record: caregiver,
    noun: 'caregiver',
    create: useCreateCaregiver(),
    update: useUpdateCaregiver(),
    setArchived: useSetCaregiverArchived(),
    onDone,
  });

  return (
    <PersonFormFrame {...frame}>
      {caregiver?.archived ? (
        <Group>
          <ArchivedBadge />
        </Group>
      ) : null}
      <ReviewNotice
        flagged={Boolean(caregiver?.needsReview)}
        checkboxProps={form.getInputProps('needsReview', { type: 'checkbox' })}
      />
      <NameInput label={labels.name} {...form.getInputProps('name')} />
      <Select
        label={labels.type}
        description="The programme that employs this caregiver"
        required
        data={caregiverTypeOptions}
        {...form.getInputProps('type')}
      />
      <EmailInput label={labels.email} {...form.getInputProps('email')} />
      <OtherEmailsAndNames noun="caregiver" labels={labels} getInputProps={form.getInputProps} />
    </PersonFormFrame>
  );
}
