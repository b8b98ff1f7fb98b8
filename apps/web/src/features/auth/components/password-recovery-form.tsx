/**
 * The "Forgot your password?" step of `/login` (`?forgot=1`; docs/accounts.md): "Email" sends a reset link to the
 * sign-in email; "Phone" is for accounts made with a phone number only (docs/decisions/0019-caregiver-sms-codes.md):
 * the number gets a 6-digit code by SMS, and the code with a new password (password policy; every reason shows
 * under the input) saves it and signs the account out everywhere. The answers are the same for every email or
 * number (the server never says whether an account exists), so after sending the page says where to look and how
 * long the link or code lasts.
 */
import { Alert, Button, Group, SegmentedControl, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconCircleCheck, IconMailCheck } from '@tabler/icons-react';
import { useState, type FormEvent } from 'react';
import type { FieldError } from '@tend/contracts';
import {
  useRequestPasswordReset,
  useRequestPhonePasswordReset,
  useResetPasswordWithPhoneCode,
} from '../api/password-recovery.ts';
import { applyApiFieldErrors } from '../../../lib/form-errors.ts';
import { ApiErrorAlert } from '../../../components/ui/api-error-alert.tsx';
import { NewPasswordInputs, validateNewPassword, type NewPasswordValues } from './new-password-inputs.tsx';

/** A plausible address (the server checks it again). */
const looksLikeEmail = (email: string) => email.length <= 254 && /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email);
/** A plausible number as typed (the server reads it): digits and separators, an optional leading +. */
const looksLikePhone = (phone: string) =>
  phone.length <= 32 && /^\+?[\d\s().-]+$/.test(phone) && phone.replace(/\D/g, '').length >= 7;
/** contracts `passwordHint`, written out: this form is part of the zod-free sign-in page (decision 0005). */
function EmailRecovery({
  initialEmail,
  onBack,
  autoFocus,
}: {
  initialEmail: string;
  onBack: () => void;
  autoFocus: boolean;
}) {
  const [email, setEmail] = useState(initialEmail);
  const [invalid, setInvalid] = useState(false);
  const request = useRequestPasswordReset();
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const trimmed = email.trim();
    if (!looksLikeEmail(trimmed)) {
      setInvalid(true);
      return;
    }
    setInvalid(false);
    request.mutate(trimmed);
  };
  if (request.isSuccess) {
    return (
      <Stack gap="sm">
        <Alert
          variant="light"
          color="green"
          icon={<IconMailCheck aria-hidden />}
          title="Check your email"
          role="status"
          data-testid="recovery-sent"
        >
          If an account uses {request.variables}, an email with a link to choose a new password is on its way.
          The link works once, for 60 minutes.
        </Alert>
        <Button variant="light" onClick={onBack} fullWidth>
          Back to sign in
        </Button>
      </Stack>
    );
  }
  return (
    <form onSubmit={submit} noValidate aria-label="Reset your password">
      <Stack gap="sm">
        <Text size="sm">
          Enter the email you sign in with. We will send you a link to choose a new password.
        </Text>
        {request.error && <ApiErrorAlert title="The link was not sent" error={request.error} />}
        <TextInput
          label="Email"
          type="email"
          autoComplete="username"
          required
          autoFocus={autoFocus}
          value={email}
          onChange={(event) => setEmail(event.currentTarget.value)}
          error={invalid ? 'Email must be a valid email address' : undefined}
        />
        <Button type="submit" loading={request.isPending} fullWidth mt="xs">
          Send reset link
        </Button>
        <Button variant="subtle" onClick={onBack}>
          Back to sign in
        </Button>
      </Stack>
    </form>
  );
}

interface PhoneResetValues extends NewPasswordValues {
  otp: string;
}

/** Client-side checks (the server applies the full password policy and checks the code). */
function validatePhoneReset(values: PhoneResetValues) {
  const errors: Partial<Record<keyof PhoneResetValues, string>> = validateNewPassword(values);
  if (!/^\d{6}$/.test(values.otp)) errors.otp = 'The code must be the 6 digits from the text message';
  return errors;
}

/**
 * The code step's form: the code and the new password, checked here first; submit resets the
 * password with the code (the API's field errors land on their inputs, the rest in `unmatched`).
 */
function usePhoneResetForm(phone: string, onDone: () => void) {
  const reset = useResetPasswordWithPhoneCode();
  const resend = useRequestPhonePasswordReset();
  const [unmatched, setUnmatched] = useState<FieldError[]>([]);
  const form = useForm<PhoneResetValues>({
    mode: 'controlled',
    initialValues: { otp: '', password: '', repeat: '' },
    validate: validatePhoneReset,
  });
  const submit = form.onSubmit((values) => {
    setUnmatched([]);
    resend.reset();
    reset.mutate(
      { phone, otp: values.otp, newPassword: values.password },
      {
        onSuccess: onDone,
        onError: (error) =>
          setUnmatched(
            applyApiFieldErrors(form, error, {
              password: 'Password',
              newPassword: 'Password',
              otp: 'The code',
            }),
          ),
      },
    );
  });
  return { form, submit, reset, resend, unmatched };
}

/** The code step: the texted code and the new password, twice. */
function PhoneCodeStep({
  phone,
  onDone,
  onRestart,
}: {
  phone: string;
  onDone: () => void;
  onRestart: () => void;
}) {
  const { form, submit, reset, resend, unmatched } = usePhoneResetForm(phone, onDone);
  return (
    <form onSubmit={submit} noValidate aria-label="Choose a new password with the code">
      <Stack gap="sm">
        <Alert
          variant="light"
          color="teal"
          icon={<IconMailCheck aria-hidden />}
          role="status"
          data-testid="recovery-code-sent"
        >
          If an account made with {phone} uses Tend, we texted it a 6-digit code. It works once, for 5
          minutes.
        </Alert>
        {reset.error && (
          <ApiErrorAlert title="The password was not saved" error={reset.error} fieldErrors={unmatched} />
        )}
        {resend.error && <ApiErrorAlert title="The code could not be sent" error={resend.error} />}
        <TextInput
          label="Code from the text message"
          autoComplete="one-time-code"
          inputMode="numeric"
          maxLength={6}
          required
          autoFocus
          {...form.getInputProps('otp')}
          onChange={(event) => form.setFieldValue('otp', event.currentTarget.value.replace(/\D/g, ''))}
        />
        <NewPasswordInputs
          repeatLabel="Repeat the password"
          passwordProps={form.getInputProps('password')}
          repeatProps={form.getInputProps('repeat')}
        />
        <Button type="submit" loading={reset.isPending} fullWidth mt="xs">
          Save new password
        </Button>
        <Group justify="space-between" gap="xs">
          <Button
            variant="subtle"
            size="compact-sm"
            loading={resend.isPending}
            onClick={() => {
              reset.reset();
              resend.mutate(phone);
            }}
          >
            Send a new code
          </Button>
          <Button variant="subtle" size="compact-sm" onClick={onRestart}>
            Use another number
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function PhoneRecovery({ onBack }: { onBack: () => void }) {
  const [phone, setPhone] = useState('');
  const [invalid, setInvalid] = useState(false);
  const [step, setStep] = useState<'number' | 'code' | 'done'>('number');
  const request = useRequestPhonePasswordReset();
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const trimmed = phone.trim();
    if (!looksLikePhone(trimmed)) {
      setInvalid(true);
      return;
    }
    setInvalid(false);
    request.mutate(trimmed, { onSuccess: () => setStep('code') });
  };
  if (step === 'done') {
    return (
      <Stack gap="sm">
        <Alert
          variant="light"
          color="green"
          icon={<IconCircleCheck aria-hidden />}
          title="Your password is changed"
          role="status"
          data-testid="recovery-done"
        >
          For your safety you were signed out everywhere. Sign in with your new password.
        </Alert>
        <Button onClick={onBack} fullWidth>
          Back to sign in
        </Button>
      </Stack>
    );
  }
  if (step === 'code') {
    return (
      <PhoneCodeStep
        phone={phone.trim()}
        onDone={() => setStep('done')}
        onRestart={() => {
          request.reset();
          setStep('number');
        }}
      />
    );
  }
  return (
    <form onSubmit={submit} noValidate aria-label="Reset your password by text message">
      <Stack gap="sm">
        <Text size="sm">
          For an account made with a phone number only. We will text you a code to choose a new password.
        </Text>
        {request.error && <ApiErrorAlert title="The code was not sent" error={request.error} />}
        <TextInput
          label="Phone number"
          description={
            <>
              The number you sign in with, e.g. <span style={{ whiteSpace: 'nowrap' }}>(503) 555-0100</span>.
            </>
          }
          type="tel"
          inputMode="tel"
          autoComplete="tel"
          required
          value={phone}
          onChange={(event) => setPhone(event.currentTarget.value)}
          error={invalid ? 'Phone number must be a phone number, e.g. (503) 555-0100' : undefined}
        />
        <Button type="submit" loading={request.isPending} fullWidth mt="xs">
          Send code
        </Button>
        <Button variant="subtle" onClick={onBack}>
          Back to sign in
        </Button>
      </Stack>
    </form>
  );
}

export function PasswordRecoveryForm({ initialEmail, onBack }: { initialEmail: string; onBack: () => void }) {
  const [by, setBy] = useState<'email' | 'phone'>('email');
  // The email input takes focus when the step opens, not when the user switches with the arrow keys.
  const [switched, setSwitched] = useState(false);
  return (
    <Stack gap="sm">
      <SegmentedControl
        aria-label="Reset by"
        fullWidth
        value={by}
        onChange={(value) => {
          setSwitched(true);
          setBy(value === 'phone' ? 'phone' : 'email');
        }}
        data={[
          { value: 'email', label: 'Email' },
          { value: 'phone', label: 'Phone' },
        ]}
      />
      {by === 'email' ? (
        <EmailRecovery initialEmail={initialEmail} onBack={onBack} autoFocus={!switched} />
      ) : (
        <PhoneRecovery onBack={onBack} />
      )}
    </Stack>
  );
}
