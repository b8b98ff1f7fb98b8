/**
 * New / edit caregiver form (contracts `caregiverInput`), for the drawer of the Caregivers page.
 * Same behaviour as the client form: contract validation, server errors on their inputs, values
 * kept after a failed save, Archive/Unarchive for an existing caregiver.
 */
import { useState } from 'react';
import { Badge, Group, Select, TagsInput, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { caregiverInput, type Caregiver, type CaregiverType } from '@tend/contracts';
import { useCreateCaregiver, useSetCaregiverArchived, useUpdateCaregiver } from '../api/caregivers.ts';
import { caregiverTypeOptions } from './caregiver-type.ts';
import { ArchiveControl, focusFirstError, PersonFormFrame, placeServerErrors } from './form-parts.tsx';
import { FORM_ERROR, zodResolver, type FormErrorOptions } from './zod-resolver.ts';

export interface CaregiverFormValues {
  name: string;
  email: string;
  emails: string[];
  altNames: string[];
  type: CaregiverType | null;
}

const labels = {
  name: 'Name',
  email: 'Email',
  emails: 'Additional emails',
  altNames: 'Alternate names',
  type: 'Type',
} satisfies Record<keyof CaregiverFormValues, string>;

const errorOptions: FormErrorOptions = { labels, fields: Object.keys(labels) };

export function caregiverFormValues(caregiver?: Caregiver | null): CaregiverFormValues {
  return {
    name: caregiver?.name ?? '',
    email: caregiver?.email ?? '',
    emails: caregiver?.emails ?? [],
    altNames: caregiver?.altNames ?? [],
    type: caregiver?.type ?? null,
  };
}

export interface CaregiverFormProps {
  caregiver?: Caregiver | null;
  onDone: (caregiver: Caregiver) => void;
}

export function CaregiverForm({ caregiver, onDone }: CaregiverFormProps) {
  const createCaregiver = useCreateCaregiver();
  const updateCaregiver = useUpdateCaregiver();
  const setArchived = useSetCaregiverArchived();
  const [submitError, setSubmitError] = useState<unknown>(undefined);

  const form = useForm<CaregiverFormValues>({
    mode: 'controlled',
    initialValues: caregiverFormValues(caregiver),
    validate: zodResolver(caregiverInput, errorOptions),
    validateInputOnBlur: true,
  });

  const handleSubmit = form.onSubmit(
    async (values) => {
      setSubmitError(undefined);
      const input = caregiverInput.parse(values);
      try {
        const saved = caregiver
          ? await updateCaregiver.mutateAsync({ id: caregiver.id, input })
          : await createCaregiver.mutateAsync(input);
        notifications.show({
          color: 'green',
          title: caregiver ? 'Caregiver saved' : 'Caregiver added',
          message: `${saved.name} was ${caregiver ? 'updated' : 'added'}.`,
        });
        onDone(saved);
      } catch (error) {
        setSubmitError(placeServerErrors(form, error, errorOptions));
      }
    },
    (errors) => focusFirstError(form, errors, errorOptions.fields),
  );

  const archive = caregiver ? (
    <ArchiveControl
      archived={caregiver.archived}
      name={caregiver.name}
      noun="caregiver"
      pending={setArchived.isPending}
      error={setArchived.error ?? undefined}
      onConfirm={() =>
        setArchived.mutate(
          { id: caregiver.id, archived: !caregiver.archived },
          {
            onSuccess: (saved) => {
              notifications.show({
                color: 'green',
                title: saved.archived ? 'Caregiver archived' : 'Caregiver unarchived',
                message: saved.archived
                  ? `${saved.name} is now under Inactive.`
                  : `${saved.name} is back in the active list.`,
              });
              onDone(saved);
            },
          },
        )
      }
    />
  ) : undefined;

  return (
    <PersonFormFrame
      onSubmit={handleSubmit}
      saving={createCaregiver.isPending || updateCaregiver.isPending}
      submitError={submitError}
      formError={form.errors[FORM_ERROR]}
      hasFieldErrors={Object.keys(form.errors).some((key) => key !== FORM_ERROR)}
      archive={archive}
    >
      {caregiver?.archived ? (
        <Group>
          <Badge color="gray" variant="light">
            Archived
          </Badge>
        </Group>
      ) : null}
      <TextInput
        label={labels.name}
        required
        autoComplete="off"
        data-autofocus
        {...form.getInputProps('name')}
      />
      <Select
        label={labels.type}
        description="The programme that employs this caregiver"
        required
        data={caregiverTypeOptions}
        {...form.getInputProps('type')}
      />
      <TextInput label={labels.email} type="email" autoComplete="off" {...form.getInputProps('email')} />
      <TagsInput
        label={labels.emails}
        description="Other addresses this caregiver is known by; press Enter or comma after each"
        splitChars={[',', ' ', ';']}
        clearable
        {...form.getInputProps('emails')}
      />
      <TagsInput
        label={labels.altNames}
        description="Other spellings or names used in EVV exports and documents"
        clearable
        {...form.getInputProps('altNames')}
      />
    </PersonFormFrame>
  );
}
