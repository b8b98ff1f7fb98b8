/**
 * "Change password" on `/account` (docs/accounts.md): the current password (re-authentication), the new one twice
 * (new-password-inputs.tsx: policy hint, length and repeat checks; the server's reasons land under the input) and
 * "Sign out my other sessions" (on by default). This browser stays signed in either way. Words from the catalogue
 * (decision 0042); server errors by code (auth-error-alert.tsx).
 */
import { Alert, Button, Checkbox, Group, PasswordInput, Stack } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconCircleCheck } from '@tabler/icons-react';
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import type { FieldError } from '@tend/contracts';
import { useChangePassword } from '../api/accounts.ts';
import { AuthErrorAlert, applyFieldErrors } from './auth-error-alert.tsx';
import { NewPasswordInputs, validateNewPassword, type NewPasswordValues } from './new-password-inputs.tsx';

interface ChangePasswordValues extends NewPasswordValues {
  currentPassword: string;
  revokeOtherSessions: boolean;
}

/** The confirmation after a change: whether the other sessions were signed out. */
function PasswordChanged({ othersOut }: { othersOut: boolean }) {
  return (
    <Alert
      variant="light"
      color="green"
      icon={<IconCircleCheck aria-hidden />}
      role="status"
      data-testid="password-changed"
    >
      <FormattedMessage
        id={othersOut ? 'auth.account.passwordChangedOthersOut' : 'auth.account.passwordChangedOthersIn'}
      />
    </Alert>
  );
}

export function ChangePasswordForm() {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  /** Input labels by the API's field paths (the policy's reasons come on `password`). */
  const labels = {
    currentPassword: t('auth.account.currentPassword'),
    password: t('auth.newPassword.newPassword'),
  };
  const change = useChangePassword();
  const [unmatched, setUnmatched] = useState<FieldError[]>([]);
  const form = useForm<ChangePasswordValues>({
    mode: 'controlled',
    initialValues: { currentPassword: '', password: '', repeat: '', revokeOtherSessions: true },
    validate: (values) => ({
      ...(values.currentPassword ? {} : { currentPassword: t('auth.account.currentPasswordRequired') }),
      ...validateNewPassword(intl, values),
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
        onError: (error) => setUnmatched(applyFieldErrors(intl, form, error, labels)),
      },
    );
  });
  return (
    <form onSubmit={submit} noValidate aria-label={t('auth.account.changePassword')}>
      <Stack gap="sm" maw={420}>
        {change.isSuccess && <PasswordChanged othersOut={change.variables.revokeOtherSessions} />}
        {change.error && (
          <AuthErrorAlert
            title={t('auth.account.passwordNotChanged')}
            error={change.error}
            fieldErrors={unmatched}
            labels={labels}
          />
        )}
        <PasswordInput
          label={labels.currentPassword}
          description={t('auth.account.confirmItIsYou')}
          autoComplete="current-password"
          required
          {...form.getInputProps('currentPassword')}
        />
        <NewPasswordInputs
          passwordProps={form.getInputProps('password')}
          repeatProps={form.getInputProps('repeat')}
        />
        <Checkbox
          label={t('auth.account.revokeOthers')}
          description={t('auth.account.revokeOthersDescription')}
          {...form.getInputProps('revokeOtherSessions', { type: 'checkbox' })}
        />
        <Group>
          <Button type="submit" loading={change.isPending}>
            <FormattedMessage id="auth.account.changePassword" />
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
