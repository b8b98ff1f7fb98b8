/**
 * "New password" and "Repeat the new password" for every form that sets a password (docs/accounts.md; the same
 * inputs and checks as `/confirm?type=invite|recovery`): the policy hint under the first input, the client-side
 * checks (length; the server applies the full policy, decision 0007, and each reason it gives lands under the
 * first input) and the repeat.
 */
import { PasswordInput } from '@mantine/core';
import type { ComponentProps } from 'react';
import { passwordHint } from '@tend/contracts/messages';

export interface NewPasswordValues {
  password: string;
  repeat: string;
}

/**
 * Client-side checks of a new password: 8..128 characters (UTF-16 units, as the contract counts) and the repeat
 * equal to it. Returns Mantine form errors keyed `password` / `repeat`, as sentences.
 */
export function validateNewPassword(
  values: NewPasswordValues,
): Partial<Record<keyof NewPasswordValues, string>> {
  const errors: Partial<Record<keyof NewPasswordValues, string>> = {};
  if (values.password.length < 8) errors.password = 'Password must be at least 8 characters';
  else if (values.password.length > 128) errors.password = 'Password must be at most 128 characters';
  if (values.repeat !== values.password) errors.repeat = 'The two passwords are not the same';
  return errors;
}

type InputProps = Partial<ComponentProps<typeof PasswordInput>>;

/**
 * The two inputs; pass each one's Mantine `getInputProps` (`password`, `repeat`). The repeat is labelled
 * `repeatLabel`, by default "Repeat the " + `label` in lower case.
 */
export function NewPasswordInputs({
  passwordProps,
  repeatProps,
  label = 'New password',
  repeatLabel = `Repeat the ${label.toLowerCase()}`,
}: {
  passwordProps: InputProps;
  repeatProps: InputProps;
  label?: string;
  repeatLabel?: string;
}) {
  return (
    <>
      <PasswordInput
        label={label}
        description={passwordHint}
        autoComplete="new-password"
        required
        {...passwordProps}
      />
      <PasswordInput label={repeatLabel} autoComplete="new-password" required {...repeatProps} />
    </>
  );
}
