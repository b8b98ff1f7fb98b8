/**
 * `/caregiver/login` (spec issue 4): a caregiver picks "Email" or "Text message (SMS)" (`?by=sms`), enters the
 * email or mobile number their agency has for them, and Tend sends a one-time sign-in code there
 * (docs/decisions/0011-caregiver-otp.md, 0019-caregiver-sms-codes.md); `/caregiver/confirm?email=…` or
 * `?phone=…` then asks for the code. The answer never says whether the email or number belongs to an account. A
 * number may be typed as the caregiver dials it; the server reads it. The contract schemas load once the form is
 * on screen, as on `/login` (docs/decisions/0005-api-performance.md).
 */
import { Anchor, Button, SegmentedControl, Stack, Text, TextInput } from '@mantine/core';
import { useForm, type FormErrors } from '@mantine/form';
import { useEffect, useState, type FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import type { SignInCodeRequest, SignInSmsCodeRequest } from '@tend/contracts';
import { useRequestSignInCode } from '../api/sign-in-code.ts';
import { useRequestSmsSignInCode } from '../api/caregiver-sms-code.ts';
import { contractValidator } from '../../../lib/form-errors.ts';
import { ApiErrorAlert } from '../../../components/ui/api-error-alert.tsx';
import { AuthCard } from './auth-card.tsx';

type Validator = (values: unknown) => FormErrors;
let emailValidator: Validator | null = null;
let phoneValidator: Validator | null = null;
/** Loads contracts `signInCodeRequest` and `signInSmsCodeRequest` (once) as the forms' validators. */
const loadValidators = (): Promise<void> =>
  import('@tend/contracts').then(({ signInCodeRequest, signInSmsCodeRequest }) => {
    emailValidator ??= contractValidator(signInCodeRequest, { email: 'Email' });
    phoneValidator ??= contractValidator(signInSmsCodeRequest, { phone: 'Mobile number' });
  });

/** Runs `submitValid` once the validators are loaded (or failed to load: the server checks again). */
const submitAfterLoading = (submitValid: () => void) => (event: FormEvent<HTMLFormElement>) => {
  event.preventDefault();
  void loadValidators()
    .catch(() => undefined)
    .then(() => submitValid());
};

/** How the code travels. */
type Channel = 'email' | 'sms';

function EmailCodeForm({ initialEmail, autoFocus }: { initialEmail: string; autoFocus: boolean }) {
  const navigate = useNavigate();
  const requestCode = useRequestSignInCode();
  const form = useForm<SignInCodeRequest>({
    mode: 'controlled',
    initialValues: { email: initialEmail },
    validate: (values) => emailValidator?.(values) ?? {},
    validateInputOnBlur: true,
  });
  const submit = submitAfterLoading(
    form.onSubmit(({ email }) => {
      requestCode.mutate(email, {
        onSuccess: () => {
          void navigate(`/caregiver/confirm?${new URLSearchParams({ email: email.trim() }).toString()}`);
        },
      });
    }),
  );
  return (
    <form onSubmit={submit} noValidate aria-label="Send a sign-in code">
      <Stack gap="sm">
        {requestCode.error && <ApiErrorAlert title="The code could not be sent" error={requestCode.error} />}
        <TextInput
          label="Email"
          description="The email your agency has for you."
          type="email"
          autoComplete="email"
          required
          autoFocus={autoFocus}
          {...form.getInputProps('email')}
        />
        <Button type="submit" loading={requestCode.isPending} fullWidth mt="xs">
          Send code
        </Button>
      </Stack>
    </form>
  );
}

function SmsCodeForm({ initialPhone, autoFocus }: { initialPhone: string; autoFocus: boolean }) {
  const navigate = useNavigate();
  const requestCode = useRequestSmsSignInCode();
  const form = useForm<SignInSmsCodeRequest>({
    mode: 'controlled',
    initialValues: { phone: initialPhone },
    validate: (values) => phoneValidator?.(values) ?? {},
    validateInputOnBlur: true,
  });
  const submit = submitAfterLoading(
    form.onSubmit(({ phone }) => {
      requestCode.mutate(phone, {
        onSuccess: () => {
          void navigate(`/caregiver/confirm?${new URLSearchParams({ phone: phone.trim() }).toString()}`);
        },
      });
    }),
  );
  return (
    <form onSubmit={submit} noValidate aria-label="Text a sign-in code">
      <Stack gap="sm">
        {requestCode.error && <ApiErrorAlert title="The code could not be sent" error={requestCode.error} />}
        <TextInput
          label="Mobile number"
          description={
            <>
              The number your agency has for you, as you dial it, e.g.{' '}
              <span style={{ whiteSpace: 'nowrap' }}>(503) 555-0100</span>. A number abroad starts with + and
              its country code.
            </>
          }
          type="tel"
          inputMode="tel"
          autoComplete="tel"
          required
          autoFocus={autoFocus}
          {...form.getInputProps('phone')}
        />
        <Button type="submit" loading={requestCode.isPending} fullWidth mt="xs">
          Send code
        </Button>
      </Stack>
    </form>
  );
}

export function CaregiverLoginPage() {
  const [searchParams, setSearchParams] = useSearchParams();
  const channel: Channel = searchParams.get('by') === 'sms' ? 'sms' : 'email';
  // The input takes focus when the page opens, not when the caregiver switches channel with the arrow keys.
  const [switched, setSwitched] = useState(false);
  useEffect(() => {
    loadValidators().catch(() => undefined);
  }, []);
  const setChannel = (value: string) => {
    setSwitched(true);
    setSearchParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (value === 'sms') next.set('by', 'sms');
        else next.delete('by');
        return next;
      },
      { replace: true },
    );
  };

  return (
    <AuthCard
      title="Caregiver sign in"
      subtitle="We send you a 6-digit code by email or text message; no password needed."
    >
      <SegmentedControl
        aria-label="Send the code by"
        fullWidth
        value={channel}
        onChange={setChannel}
        data={[
          { value: 'email', label: 'Email' },
          { value: 'sms', label: 'Text message (SMS)' },
        ]}
      />
      {channel === 'sms' ? (
        <SmsCodeForm initialPhone={searchParams.get('phone') ?? ''} autoFocus={!switched} />
      ) : (
        <EmailCodeForm initialEmail={searchParams.get('email') ?? ''} autoFocus={!switched} />
      )}
      <Text size="sm" c="dimmed">
        Office staff and administrators:{' '}
        <Anchor component={Link} to="/login" size="sm">
          sign in with your password
        </Anchor>
        .
      </Text>
    </AuthCard>
  );
}
