/**
 * What the three people forms share: the drawer that holds them, the form frame (submit button with
 * progress, error summary, archive control), the inputs every person has, server error placement
 * and the archive confirm step.
 */
import { useEffect, useRef, useState, type FormEvent, type ReactNode } from 'react';
import {
  Alert,
  Badge,
  Button,
  Checkbox,
  Divider,
  Drawer,
  Group,
  Stack,
  TagsInput,
  Text,
  TextInput,
  type CheckboxProps,
  type TextInputProps,
} from '@mantine/core';
import type { FormErrors, GetInputPropsReturnType } from '@mantine/form';
import { IconArchive, IconArchiveOff, IconUserQuestion } from '@tabler/icons-react';
import { ApiError } from '../../../lib/api-client.ts';
import { ApiErrorAlert } from '../../../components/ui/api-error-alert.tsx';
import { FORM_ERROR, toFormErrors, type FormErrorOptions } from './zod-resolver.ts';

// ---- Drawer --------------------------------------------------------------------------------------

export interface DrawerTarget<T> {
  opened: boolean;
  /** The record being edited, or null for a new one. Kept while the drawer closes (no flash). */
  record: T | null;
  /** Changes on every opening: the key of the form, so a new opening starts from fresh values. */
  session: number;
  openNew: () => void;
  openEdit: (record: T) => void;
  close: () => void;
}

/** Open/close state of a "new or edit" drawer. */
export function useDrawerTarget<T>(): DrawerTarget<T> {
  const [state, setState] = useState<{ opened: boolean; record: T | null; session: number }>({
    opened: false,
    record: null,
    session: 0,
  });
  return {
    ...state,
    openNew: () => setState((current) => ({ opened: true, record: null, session: current.session + 1 })),
    openEdit: (record) => setState((current) => ({ opened: true, record, session: current.session + 1 })),
    close: () => setState((current) => ({ ...current, opened: false })),
  };
}

export function PersonDrawer({
  opened,
  onClose,
  title,
  children,
}: {
  opened: boolean;
  onClose: () => void;
  title: string;
  children: ReactNode;
}) {
  return (
    <Drawer
      opened={opened}
      onClose={onClose}
      title={title}
      position="right"
      size="lg"
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      {children}
    </Drawer>
  );
}

// ---- Server errors -------------------------------------------------------------------------------

/** The part of a Mantine form that errors are placed on. */
export interface ErrorTarget {
  setErrors: (errors: FormErrors) => void;
  getInputNode: (path: string) => HTMLElement | null;
}

/**
 * Places an API error on the form: field errors (problem+json `errors[].path`) go on their inputs
 * and the first one is focused. Returns what the form should still show above its buttons: the
 * error itself when it was not about fields, otherwise undefined.
 */
export function placeServerErrors(form: ErrorTarget, error: unknown, options: FormErrorOptions): unknown {
  if (!(error instanceof ApiError) || error.fieldErrors.length === 0) return error;
  const errors = toFormErrors(error.fieldErrors, options);
  form.setErrors(errors);
  focusFirstError(form, errors);
  return undefined;
}

/** Focuses the input of the first error (in field order), so keyboard and screen-reader users land on it. */
export function focusFirstError(form: ErrorTarget, errors: FormErrors, fields?: readonly string[]) {
  const first = (fields ?? Object.keys(errors)).find((field) => Boolean(errors[field]));
  if (first && first !== FORM_ERROR) form.getInputNode(first)?.focus();
}

// ---- Form frame ----------------------------------------------------------------------------------

export interface PersonFormFrameProps {
  onSubmit: (event?: FormEvent<HTMLFormElement>) => void;
  saving: boolean;
  /** An error not about one field (network, conflict, 5xx); shown with its code and request id. */
  submitError: unknown;
  /** Form-level message (an error path that matches no input). */
  formError?: ReactNode;
  /** Whether some inputs carry errors: a summary line says so near the button. */
  hasFieldErrors: boolean;
  children: ReactNode;
  /** The archive control, for an existing record. */
  archive?: ReactNode;
}

/** `<form>` with the fields, the error summary, "Save" (with progress) and the archive control. */
export function PersonFormFrame({
  onSubmit,
  saving,
  submitError,
  formError,
  hasFieldErrors,
  children,
  archive,
}: PersonFormFrameProps) {
  return (
    <Stack gap="lg">
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="sm">
          {children}
          {formError ? (
            <Alert color="red" variant="light" role="alert">
              {formError}
            </Alert>
          ) : hasFieldErrors ? (
            <Text size="sm" c="red.8" role="status">
              Some fields need attention: see the messages under them.
            </Text>
          ) : null}
          {submitError !== undefined && submitError !== null ? (
            <ApiErrorAlert title="Couldn't save" error={submitError} />
          ) : null}
          <Group justify="flex-end" mt="xs">
            <Button type="submit" loading={saving}>
              Save
            </Button>
          </Group>
        </Stack>
      </form>
      {archive ? (
        <>
          <Divider />
          {archive}
        </>
      ) : null}
    </Stack>
  );
}

// ---- Inputs --------------------------------------------------------------------------------------

/** The contact values of a client or caregiver form. */
export interface ContactFormValues {
  name: string;
  email: string;
  emails: string[];
  altNames: string[];
  /** Set while a person an import created awaits an admin's review (contracts `needsReview`). */
  needsReview: boolean;
}

/** Labels of the contact inputs, first in the form's labels (their order is the focus order of errors). */
export const contactLabels = {
  name: 'Name',
  email: 'Email',
  emails: 'Additional emails',
  altNames: 'Alternate names',
  needsReview: 'Needs review',
} satisfies Record<keyof ContactFormValues, string>;

/** Contact values of a client or caregiver (or of a new one): empty strings and lists for missing ones. */
export function contactFormValues(
  person?: {
    name: string;
    email: string | null;
    emails: string[];
    altNames: string[];
    needsReview: boolean;
  } | null,
): ContactFormValues {
  return {
    name: person?.name ?? '',
    email: person?.email ?? '',
    emails: person?.emails ?? [],
    altNames: person?.altNames ?? [],
    needsReview: person?.needsReview ?? false,
  };
}

/**
 * For a person an import created (flagged `needsReview`): says so, and a checkbox the admin clears
 * once the name and details are checked (saved with the form). Renders nothing for anyone else.
 */
export function ReviewNotice({
  flagged,
  checkboxProps,
}: {
  /** Whether the saved record is flagged (the notice stays while the admin edits). */
  flagged: boolean;
  checkboxProps: CheckboxProps;
}) {
  if (!flagged) return null;
  return (
    <Alert
      color="yellow"
      variant="light"
      title="Created by an import"
      icon={<IconUserQuestion size={18} aria-hidden />}
    >
      <Stack gap="xs">
        <Text size="sm">
          An EVV import named someone Tend did not know, so this record was created for them. Check the name
          (or merge it into the right person by adding this name to their alternate names), then clear the box
          and save.
        </Text>
        <Checkbox label="Needs review" {...checkboxProps} />
      </Stack>
    </Alert>
  );
}

/** A "Needs review" badge for people lists. */
export function NeedsReviewBadge() {
  return (
    <Badge color="yellow" variant="light" size="sm">
      Needs review
    </Badge>
  );
}

/** The "Name" input: required, focused when the drawer opens. */
export function NameInput(props: TextInputProps) {
  return <TextInput required autoComplete="off" data-autofocus {...props} />;
}

/** The main "Email" input. */
export function EmailInput(props: TextInputProps) {
  return <TextInput type="email" autoComplete="off" {...props} />;
}

/** "Additional emails" and "Alternate names" of a client or caregiver. */
export function OtherEmailsAndNames({
  noun,
  labels,
  getInputProps,
}: {
  /** "client", "caregiver". */
  noun: string;
  labels: { emails: string; altNames: string };
  getInputProps: (path: 'emails' | 'altNames') => GetInputPropsReturnType;
}) {
  return (
    <>
      <TagsInput
        label={labels.emails}
        description={`Other addresses this ${noun} is known by; press Enter or comma after each`}
        splitChars={[',', ' ', ';']}
        clearable
        {...getInputProps('emails')}
      />
      <TagsInput
        label={labels.altNames}
        description="Other spellings or names used in EVV exports and documents"
        clearable
        {...getInputProps('altNames')}
      />
    </>
  );
}

/** The "Archived" badge at the top of the form of an archived person. */
export function ArchivedBadge() {
  return (
    <Badge color="gray" variant="light">
      Archived
    </Badge>
  );
}

// ---- Archive -------------------------------------------------------------------------------------

export interface ArchiveControlProps {
  archived: boolean;
  /** The person's name, for the confirm question. */
  name: string;
  /** "client", "caregiver", "case manager". */
  noun: string;
  pending: boolean;
  error?: unknown;
  onConfirm: () => void;
}

/**
 * "Archive" (or "Unarchive") with a confirm step in place: the button gives way to the question and
 * its "Archive"/"Cancel" buttons, so there is only ever one "Archive" button on screen.
 */
export function ArchiveControl({ archived, name, noun, pending, error, onConfirm }: ArchiveControlProps) {
  const [confirming, setConfirming] = useState(false);
  const questionRef = useRef<HTMLDivElement>(null);
  const verb = archived ? 'Unarchive' : 'Archive';
  useEffect(() => {
    if (confirming) questionRef.current?.focus();
  }, [confirming]);

  const Icon = archived ? IconArchiveOff : IconArchive;
  return (
    <Stack gap="xs">
      <Text size="sm" c="dimmed">
        {archived
          ? `This ${noun} is archived: hidden from the active lists.`
          : `Archiving hides this ${noun} from the active lists; it stays in past records and can be unarchived from Inactive.`}
      </Text>
      {confirming ? (
        <Stack
          gap="xs"
          ref={questionRef}
          tabIndex={-1}
          role="group"
          aria-label={`Confirm ${verb.toLowerCase()}`}
        >
          <Text size="sm" fw={500}>
            {verb} {name}?
          </Text>
          <Group gap="xs">
            <Button
              color={archived ? undefined : 'red'}
              leftSection={<Icon size={16} aria-hidden />}
              loading={pending}
              onClick={onConfirm}
            >
              {verb}
            </Button>
            <Button variant="default" onClick={() => setConfirming(false)} disabled={pending}>
              Cancel
            </Button>
          </Group>
        </Stack>
      ) : (
        <Group>
          <Button
            variant="light"
            color={archived ? undefined : 'red'}
            leftSection={<Icon size={16} aria-hidden />}
            onClick={() => setConfirming(true)}
          >
            {verb}
          </Button>
        </Group>
      )}
      {error !== undefined && error !== null ? (
        <ApiErrorAlert title={`Couldn't ${verb.toLowerCase()} ${name}`} error={error} />
      ) : null}
    </Stack>
  );
}
