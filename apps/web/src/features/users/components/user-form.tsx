/**
 * What the create-user and edit-user forms share: a Mantine form validated with the contract schema
 * (messages prefixed with the input labels), a submit that saves, says so and closes, the API's
 * field errors placed on their inputs (the others listed in the error alert), and the inputs both
 * forms have.
 */
import { useState } from 'react';
import { Button, Group, Select, TextInput } from '@mantine/core';
import { useForm, type GetInputPropsReturnType, type UseFormReturnType } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import type { FieldError, UserAccount } from '@tend/contracts';
import {
  applyApiFieldErrors,
  contractValidator,
  type ContractSchema,
  type FormValues,
} from '../../../lib/form-errors.ts';
import { roleOptions } from './role-badge.tsx';

/** Labels of the inputs both forms have. */
export const profileLabels = {
  role: 'Role',
  functionalRole: 'Job title',
  firstName: 'First name',
  lastName: 'Last name',
  phone: 'Phone',
};

/** How a form's values are saved: a mutation's `mutate` with the callbacks passed on. */
export type SaveUser<TValues> = (
  values: TValues,
  callbacks: { onSuccess: (user: UserAccount) => void; onError: (error: unknown) => void },
) => void;

export interface UserFormOptions<TValues> {
  /** The contract input schema (`userCreateInput`, `userUpdateInput`). */
  schema: ContractSchema;
  /** Input labels by field; API field errors land on these inputs. */
  labels: Record<string, string>;
  initialValues: TValues;
  save: SaveUser<TValues>;
  /** The notification after a successful save. */
  notice: (user: UserAccount) => { title: string; message: string };
  /** After the notification: the modal closes. */
  onDone: () => void;
}

export interface UserForm<TValues> {
  form: UseFormReturnType<TValues>;
  /** API field errors that match no input, for the error alert. */
  unmatched: FieldError[];
  clearUnmatched: () => void;
  /** The `<form>`'s submit handler. */
  submit: ReturnType<UseFormReturnType<TValues>['onSubmit']>;
}

/** A create or edit user form; see `UserFormOptions`. */
export function useUserForm<TValues extends FormValues>({
  schema,
  labels,
  initialValues,
  save,
  notice,
  onDone,
}: UserFormOptions<TValues>): UserForm<TValues> {
  const [unmatched, setUnmatched] = useState<FieldError[]>([]);
  const form = useForm<TValues>({
    mode: 'controlled',
    initialValues,
    validate: contractValidator(schema, labels),
    validateInputOnBlur: true,
  });

  const submit = form.onSubmit((values) => {
    setUnmatched([]);
    save(values, {
      onSuccess: (user) => {
        notifications.show({ color: 'green', ...notice(user) });
        onDone();
      },
      onError: (error) => setUnmatched(applyApiFieldErrors(form, error, labels)),
    });
  });

  return { form, unmatched, clearUnmatched: () => setUnmatched([]), submit };
}

type InputPropsOf<Field extends string> = (path: Field) => GetInputPropsReturnType;

/** "First name" (focused when the modal opens) and "Last name", side by side. */
export function NameInputs({
  labels,
  getInputProps,
  autoComplete,
}: {
  labels: { firstName: string; lastName: string };
  getInputProps: InputPropsOf<'firstName' | 'lastName'>;
  autoComplete?: string;
}) {
  return (
    <Group grow align="flex-start">
      <TextInput
        label={labels.firstName}
        required
        autoComplete={autoComplete}
        data-autofocus
        {...getInputProps('firstName')}
      />
      <TextInput
        label={labels.lastName}
        required
        autoComplete={autoComplete}
        {...getInputProps('lastName')}
      />
    </Group>
  );
}

/**
 * The role select (its description says what the role may do), then "Job title" (functional role)
 * and "Phone". The phone is typed as the admin likes ("(503) 555-0100"); the server stores it
 * in international form and the person may sign in with codes texted to it (decision 0019).
 */
export function RoleAndJobInputs({
  labels,
  getInputProps,
  roleDescription,
  roleDisabled,
  phoneAutoComplete,
}: {
  labels: { role: string; functionalRole: string; phone: string };
  getInputProps: InputPropsOf<'role' | 'functionalRole' | 'phone'>;
  roleDescription: string;
  roleDisabled?: boolean;
  phoneAutoComplete?: string;
}) {
  return (
    <>
      <Select
        label={labels.role}
        description={roleDescription}
        data={roleOptions}
        required
        allowDeselect={false}
        disabled={roleDisabled}
        {...getInputProps('role')}
      />
      <TextInput
        label={labels.functionalRole}
        placeholder="e.g. Scheduler"
        {...getInputProps('functionalRole')}
      />
      <TextInput
        label={labels.phone}
        description={
          <>
            Mobile, e.g. <span style={{ whiteSpace: 'nowrap' }}>(503) 555-0100</span>. Sign-in codes are
            texted to it.
          </>
        }
        type="tel"
        autoComplete={phoneAutoComplete}
        {...getInputProps('phone')}
      />
    </>
  );
}

/** "Cancel" and the submit button at the bottom of a user form. */
export function UserFormButtons({
  onCancel,
  submitLabel,
  saving,
  disabled,
}: {
  onCancel: () => void;
  submitLabel: string;
  saving: boolean;
  disabled?: boolean;
}) {
  return (
    <Group justify="flex-end" mt="sm">
      <Button variant="default" onClick={onCancel}>
        Cancel
      </Button>
      <Button type="submit" loading={saving} disabled={disabled}>
        {submitLabel}
      </Button>
    </Group>
  );
}
