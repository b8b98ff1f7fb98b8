/**
 * The behaviour the three people forms share: a Mantine form validated with the contract input
 * schema (messages prefixed with the input labels), submit that creates or updates, server field
 * errors placed on their inputs (the rest shown above "Save"), the "saved"/"added" notification,
 * and the Archive/Unarchive control of an existing record. Each form keeps only its inputs.
 */
import { useState } from 'react';
import { useForm, type UseFormReturnType } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import type { z } from 'zod';
import type { FormValues } from '../../../lib/form-errors.ts';
import {
  ArchiveControl,
  focusFirstError,
  placeServerErrors,
  type PersonFormFrameProps,
} from './form-parts.tsx';
import { FORM_ERROR, zodResolver, type FormErrorOptions } from './zod-resolver.ts';

/** A saved person, as the API returns it. */
export interface PersonRecord {
  id: string;
  name: string;
  archived: boolean;
}

/** The create or update mutation (`useCreateClient()`, `useUpdateClient()`, …). */
interface SaveMutation<TVariables, TRecord> {
  mutateAsync: (variables: TVariables) => Promise<TRecord>;
  isPending: boolean;
}

/** The archive mutation (`useSetClientArchived()`, …). */
interface ArchiveMutation<TRecord> {
  mutate: (
    variables: { id: string; archived: boolean },
    options: { onSuccess: (record: TRecord) => void },
  ) => void;
  isPending: boolean;
  error: unknown;
}

export interface PersonFormOptions<TValues, TInput, TRecord extends PersonRecord> {
  /** The contract input schema (`clientInput`): validates the values and makes the request body. */
  schema: z.ZodType<TInput>;
  /** Input labels by field, in the order of the inputs (the first error is focused). */
  labels: Record<keyof TValues & string, string>;
  initialValues: TValues;
  /** The record being edited; absent for a new one. */
  record: TRecord | null | undefined;
  /** "client", "caregiver", "case manager": notifications and the archive control. */
  noun: string;
  create: SaveMutation<TInput, TRecord>;
  update: SaveMutation<{ id: string; input: TInput }, TRecord>;
  setArchived: ArchiveMutation<TRecord>;
  /** Called after a successful save or (un)archive: the drawer closes. */
  onDone: (record: TRecord) => void;
}

export interface PersonForm<TValues> {
  form: UseFormReturnType<TValues>;
  /** Everything `PersonFormFrame` needs but its inputs (`<PersonFormFrame {...frame}>`). */
  frame: Omit<PersonFormFrameProps, 'children'>;
}

const capitalize = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** A new/edit person form; see `PersonFormOptions`. */
export function usePersonForm<TValues extends FormValues, TInput, TRecord extends PersonRecord>({
  schema,
  labels,
  initialValues,
  record,
  noun,
  create,
  update,
  setArchived,
  onDone,
}: PersonFormOptions<TValues, TInput, TRecord>): PersonForm<TValues> {
  const [submitError, setSubmitError] = useState<unknown>(undefined);
  const errorOptions: FormErrorOptions = { labels, fields: Object.keys(labels) };
  const title = capitalize(noun);

  const form = useForm<TValues>({
    mode: 'controlled',
    initialValues,
    validate: zodResolver(schema, errorOptions),
    validateInputOnBlur: true,
  });

  const onSubmit = form.onSubmit(
    async (values) => {
      setSubmitError(undefined);
      const input = schema.parse(values);
      try {
        const saved = record
          ? await update.mutateAsync({ id: record.id, input })
          : await create.mutateAsync(input);
        notifications.show({
          color: 'green',
          title: record ? `${title} saved` : `${title} added`,
          message: `${saved.name} was ${record ? 'updated' : 'added'}.`,
        });
        onDone(saved);
      } catch (error) {
        setSubmitError(placeServerErrors(form, error, errorOptions));
      }
    },
    (errors) => focusFirstError(form, errors, errorOptions.fields),
  );

  const archive = record ? (
    <PersonArchiveControl record={record} noun={noun} setArchived={setArchived} onDone={onDone} />
  ) : undefined;

  return {
    form,
    frame: {
      onSubmit,
      saving: create.isPending || update.isPending,
      submitError,
      formError: form.errors[FORM_ERROR],
      hasFieldErrors: Object.keys(form.errors).some((key) => key !== FORM_ERROR),
      archive,
    },
  };
}

/** Archive or unarchive an existing record, with its notification; then `onDone`. */
function PersonArchiveControl<TRecord extends PersonRecord>({
  record,
  noun,
  setArchived,
  onDone,
}: {
  record: TRecord;
  noun: string;
  setArchived: ArchiveMutation<TRecord>;
  onDone: (record: TRecord) => void;
}) {
  const title = capitalize(noun);
  return (
    <ArchiveControl
      archived={record.archived}
      name={record.name}
      noun={noun}
      pending={setArchived.isPending}
      error={setArchived.error ?? undefined}
      onConfirm={() =>
        setArchived.mutate(
          { id: record.id, archived: !record.archived },
          {
            onSuccess: (saved) => {
              notifications.show({
                color: 'green',
                title: saved.archived ? `${title} archived` : `${title} unarchived`,
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
  );
}
