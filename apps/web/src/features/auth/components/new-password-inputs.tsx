/**
 * "New password" and "Repeat the new password" for every form that sets a password (docs/accounts.md; the same
 * inputs and checks as `/confirm?type=invite|recovery`): the policy hint under the first input, the client-side
 * checks (length; the server applies the full policy, decision 0007, and each reason it gives lands under the
 * first input) and the repeat. Words from the catalogue (decision 0042).
 */
import { PasswordInput } from '@mantine/core';
import type { ComponentProps } from 'react';
import { useIntl, type IntlShape } from 'react-intl';

export interface NewPasswordValues {
  password: string;
  repeat: string;
}

/**
 * Client-side checks of a new password: 8..128 characters (UTF-16 units, as the contract counts) and the repeat
 * equal to it. Returns Mantine form errors keyed `password` / `repeat`, as sentences in the page's language.
 */
export function validateNewPassword(
  intl: IntlShape,
  values: NewPasswordValues,
): Partial<Record<keyof NewPasswordValues, string>> {
  const errors: Partial<Record<keyof NewPasswordValues, string>> = {};
  const label = intl.formatMessage({ id: 'auth.newPassword.password' });
  if (values.password.length < 8)
    errors.password = intl.formatMessage({ id: 'auth.fieldError.tooShort' }, { label, min: 8 });
  else if (values.password.length > 128)
    errors.password = intl.formatMessage({ id: 'auth.fieldError.tooLong' }, { label, max: 128 });
  if (values.repeat !== values.password)
    errors.repeat = intl.formatMessage({ id: 'auth.newPassword.notSame' });
  return errors;
}

type InputProps = Partial<ComponentProps<typeof PasswordInput>>;

/**
 * The two inputs; pass each one's Mantine `getInputProps` (`password`, `repeat`). The first is labelled `label`
 * (default "New password"), the repeat `repeatLabel` (default "Repeat the new password").
 */
export function NewPasswordInputs({
  passwordProps,
  repeatProps,
  label,
  repeatLabel,
}: {
  passwordProps: InputProps;
  repeatProps: InputProps;
  label?: string;
  repeatLabel?: string;
}) {
  const intl = useIntl();
  return (
    <>
      <PasswordInput
        label={label ?? intl.formatMessage({ id: 'auth.newPassword.newPassword' })}
        description={intl.formatMessage({ id: 'auth.newPassword.hint' })}
        autoComplete="new-password"
        required
        {...passwordProps}
      />
      <PasswordInput
        label={repeatLabel ?? intl.formatMessage({ id: 'auth.newPassword.repeatNew' })}
        autoComplete="new-password"
        required
        {...repeatProps}
      />
    </>
  );
}
