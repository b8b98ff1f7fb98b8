/**
 * "Change password" on `/account` (docs/accounts.md): the current password (re-authentication), the new one twice
 * (new-password-inputs.tsx: policy hint, length and repeat checks; the server's reasons land under the input) and
 * "Sign out my other sessions" (on by default). This browser stays signed in either way.
 */
import { Alert, Button, Checkbox, Group, PasswordInput, Stack } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconCircleCheck } from '@tabler/icons-react';
import { useState } from 'react';
import type { FieldError } from '@tend/contracts';
import { ApiErrorAlert } from '../../../components/ui/api-error-alert.tsx';
import { applyApiFieldErrors } from '../../../lib/form-errors.ts';
import { useChangePassword } from '../api/accounts.ts';
import { NewPasswordInputs, validateNewPassword, type NewPasswordValues } from './new-password-inputs.tsx';

interface ChangePasswordValues extends NewPasswordValues {
  currentPassword: string;
  revokeOtherSessions: boolean;
}

/** Input labels by the API's field paths (the policy's reasons come on `password`). */
const labels = { currentPassword: 'Current password', password: 'New password' };

export function ChangePasswordForm() {
  const change = useChangePassword();
  const [unmatched, setUnmatched] = useState<FieldError[]>([]);
  const form = useForm<ChangePasswordValues>({
    mode: 'controlled',
    initialValues: { currentPassword: '', password: '', repeat: '', revokeOtherSessions: true },
    validate: (values) => ({
      ...(values.currentPassword ? {} : { currentPassword: 'Current password is required' }),
      ...validateNewPassword(values),
    }),
  });
  const submit = form.onSubmit((values) => {
    setUnmatched([]);
    change.mutate(
      {
        currentPassword: values.currentPassword,
        newPassword: values.password,
        revokeOtherSessions: values.revokeOtherSessions,
      },
      {
        onSuccess: () => form.setValues({ currentPassword: '', password: '', repeat: '' }),
        onError: (error) => setUnmatched(applyApiFieldErrors(form, error, labels)),
      },
    );
  });
  return (
    <form onSubmit={submit} noValidate aria-label="Change password">
      <Stack gap="sm" maw={420}>
        {change.isSuccess && (
          <Alert
            variant="light"
            color="green"
            icon={<IconCircleCheck aria-hidden />}
            role="status"
            data-testid="password-changed"
          >
            Your password is changed.{' '}
            {change.variables.revokeOtherSessions
              ? 'You were signed out everywhere else; this browser stays signed in.'
              : 'Your other sessions stay signed in.'}
          </Alert>
        )}
        {change.error && (
          <ApiErrorAlert title="The password was not changed" error={change.error} fieldErrors={unmatched} />
        )}
        <PasswordInput
          label={labels.currentPassword}
          description="For your security, confirm it is you."
          autoComplete="current-password"
          required
          {...form.getInputProps('currentPassword')}
        />
        <NewPasswordInputs
          passwordProps={form.getInputProps('password')}
          repeatProps={form.getInputProps('repeat')}
        />
        <Checkbox
          label="Sign out my other sessions"
          description="Ends every other browser and device signed in to this account."
          {...form.getInputProps('revokeOtherSessions', { type: 'checkbox' })}
        />
        <Group>
          <Button type="submit" loading={change.isPending}>
            Change password
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
