/**
 * New / edit case-manager form (contracts `caseManagerInput`), for the drawer of the Case managers
 * page. Same behaviour as the client form; an existing case manager also shows its client count.
 */
import { useState } from 'react';
import { Badge, Group, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { caseManagerInput, type CaseManager } from '@tend/contracts';
import {
  useCreateCaseManager,
  useSetCaseManagerArchived,
  useUpdateCaseManager,
} from '../api/case-managers.ts';
import { ArchiveControl, focusFirstError, PersonFormFrame, placeServerErrors } from './form-parts.tsx';
import { FORM_ERROR, zodResolver, type FormErrorOptions } from './zod-resolver.ts';

export interface CaseManagerFormValues {
  name: string;
  county: string;
  email: string;
}

const labels = { name: 'Name', county: 'County', email: 'Email' } satisfies Record<
  keyof CaseManagerFormValues,
  string
>;

const errorOptions: FormErrorOptions = { labels, fields: Object.keys(labels) };

export function caseManagerFormValues(caseManager?: CaseManager | null): CaseManagerFormValues {
  return {
    name: caseManager?.name ?? '',
    county: caseManager?.county ?? '',
    email: caseManager?.email ?? '',
  };
}

export interface CaseManagerFormProps {
  caseManager?: CaseManager | null;
  onDone: (caseManager: CaseManager) => void;
}

export function CaseManagerForm({ caseManager, onDone }: CaseManagerFormProps) {
  const createCaseManager = useCreateCaseManager();
  const updateCaseManager = useUpdateCaseManager();
  const setArchived = useSetCaseManagerArchived();
  const [submitError, setSubmitError] = useState<unknown>(undefined);

  const form = useForm<CaseManagerFormValues>({
    mode: 'controlled',
    initialValues: caseManagerFormValues(caseManager),
    validate: zodResolver(caseManagerInput, errorOptions),
    validateInputOnBlur: true,
  });

  const handleSubmit = form.onSubmit(
    async (values) => {
      setSubmitError(undefined);
      const input = caseManagerInput.parse(values);
      try {
        const saved = caseManager
          ? await updateCaseManager.mutateAsync({ id: caseManager.id, input })
          : await createCaseManager.mutateAsync(input);
        notifications.show({
          color: 'green',
          title: caseManager ? 'Case manager saved' : 'Case manager added',
          message: `${saved.name} was ${caseManager ? 'updated' : 'added'}.`,
        });
        onDone(saved);
      } catch (error) {
        setSubmitError(placeServerErrors(form, error, errorOptions));
      }
    },
    (errors) => focusFirstError(form, errors, errorOptions.fields),
  );

  const archive = caseManager ? (
    <ArchiveControl
      archived={caseManager.archived}
      name={caseManager.name}
      noun="case manager"
      pending={setArchived.isPending}
      error={setArchived.error ?? undefined}
      onConfirm={() =>
        setArchived.mutate(
          { id: caseManager.id, archived: !caseManager.archived },
          {
            onSuccess: (saved) => {
              notifications.show({
                color: 'green',
                title: saved.archived ? 'Case manager archived' : 'Case manager unarchived',
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
      saving={createCaseManager.isPending || updateCaseManager.isPending}
      submitError={submitError}
      formError={form.errors[FORM_ERROR]}
      hasFieldErrors={Object.keys(form.errors).some((key) => key !== FORM_ERROR)}
      archive={archive}
    >
      {caseManager ? (
        <Group gap="xs">
          {caseManager.archived ? (
            <Badge color="gray" variant="light">
              Archived
            </Badge>
          ) : null}
          <Text size="sm" c="dimmed">
            {caseManager.clientCount === 1 ? '1 client' : `${caseManager.clientCount} clients`} assigned
          </Text>
        </Group>
      ) : null}
      <TextInput
        label={labels.name}
        required
        autoComplete="off"
        data-autofocus
        {...form.getInputProps('name')}
      />
      <TextInput
        label={labels.county}
        description="County (CDDP) or brokerage they work for"
        autoComplete="off"
        {...form.getInputProps('county')}
      />
      <TextInput label={labels.email} type="email" autoComplete="off" {...form.getInputProps('email')} />
    </PersonFormFrame>
  );
}
