/**
 * `/caregiver/confirm?email=…` or `?phone=…` (spec issue 4): the caregiver enters the 6-digit code Tend emailed or
 * texted and lands on the home page signed in (docs/decisions/0011-caregiver-otp.md, 0019-caregiver-sms-codes.md).
 * A new code can be sent after a short cooldown; the page never says whether the email or number belongs to an
 * account. Without a usable `email` or `phone` it sends the caregiver back to `/caregiver/login`.
 */
import { Alert, Anchor, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { useForm, type FormErrors } from '@mantine/form';
import { useEffect, useState, type FormEvent } from 'react';
import { IconMailCheck, IconMessageCheck } from '@tabler/icons-react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { RESEND_COOLDOWN_S, useRequestSignInCode, useSignInWithCode } from '../api/sign-in-code.ts';
import { useRequestSmsSignInCode, useSignInWithSmsCode } from '../api/caregiver-sms-code.ts';
import { useNow } from '../session/use-now.ts';
import { contractValidator } from '../../../lib/form-errors.ts';
import { ApiErrorAlert } from '../../../components/ui/api-error-alert.tsx';
import { AuthCard } from './auth-card.tsx';

type Validator = (values: unknown) => FormErrors;
let emailCodeValidator: Validator | null = null;
let smsCodeValidator: Validator | null = null;
/** Loads contracts `signInCodeInput` and `signInSmsCodeInput` (once) as the form's validators. */
const loadCodeValidators = (): Promise<void> =>
  import('@tend/contracts').then(({ signInCodeInput, signInSmsCodeInput }) => {
    emailCodeValidator ??= contractValidator(signInCodeInput, { email: 'Email', otp: 'The code' });
    smsCodeValidator ??= contractValidator(signInSmsCodeInput, { phone: 'Mobile number', otp: 'The code' });
  });

/** A plausible address (the server checks it again): something@something.something, at most 254 characters. */
const looksLikeEmail = (email: string) => email.length <= 254 && /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email);
/** A plausible number as typed (the server reads it): digits and separators, an optional leading +. */
const looksLikePhone = (phone: string) =>
  phone.length <= 32 && /^\+?[\d\s().-]+$/.test(phone) && phone.replace(/\D/g, '').length >= 7;

/** Where the code went: an email address or a mobile number, as the caregiver typed it. */
type Destination = { channel: 'email'; email: string } | { channel: 'sms'; phone: string };

/** The two ways of sending and entering a code, behind one interface for the page. */
function useCodeFlow(destination: Destination) {
  const emailSignIn = useSignInWithCode();
  const emailResend = useRequestSignInCode();
  const smsSignIn = useSignInWithSmsCode();
  const smsResend = useRequestSmsSignInCode();
  if (destination.channel === 'sms') {
    return {
      signIn: smsSignIn,
      resend: smsResend,
      submit: (otp: string, onSuccess: () => void) =>
        smsSignIn.mutate({ phone: destination.phone, otp }, { onSuccess }),
      sendAgain: (onSuccess: () => void) => smsResend.mutate(destination.phone, { onSuccess }),
    };
  }
  return {
    signIn: emailSignIn,
    resend: emailResend,
    submit: (otp: string, onSuccess: () => void) =>
      emailSignIn.mutate({ email: destination.email, otp }, { onSuccess }),
    sendAgain: (onSuccess: () => void) => emailResend.mutate(destination.email, { onSuccess }),
  };
}

/**
 * The code form's state: the code (digits only), submit (signs in, then opens /), and "Send a new
 * code" with its cooldown (`waitS`, seconds left) and whether a new code was sent.
 */
function useCodeForm(destination: Destination) {
  const navigate = useNavigate();
  const { signIn, resend, submit: submitCode, sendAgain: resendCode } = useCodeFlow(destination);
  const [sentAt, setSentAt] = useState(() => Date.now());
  const [resent, setResent] = useState(false);
  const now = useNow(1000);
  const waitS = Math.max(0, Math.ceil((sentAt + RESEND_COOLDOWN_S * 1000 - now) / 1000));
  const sms = destination.channel === 'sms';

  const form = useForm({
    mode: 'controlled',
    initialValues: { ...destination, otp: '' },
    validate: (values) => (sms ? smsCodeValidator : emailCodeValidator)?.(values) ?? {},
  });
  useEffect(() => {
    loadCodeValidators().catch(() => undefined);
  }, []);

  const submitValid = form.onSubmit((values) => {
    resend.reset();
    submitCode(values.otp, () => void navigate('/', { replace: true }));
  });
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    void loadCodeValidators()
      .catch(() => undefined)
      .then(() => submitValid());
  };
  const sendAgain = () => {
    signIn.reset();
    resendCode(() => {
      setSentAt(Date.now());
      setResent(true);
      form.setFieldValue('otp', '');
    });
  };
  return { form, submit, sendAgain, waitS, resent, signIn, resend };
}

/** Where to start again: the caregiver sign-in with this number or email filled in. */
const startAgainPath = (destination: Destination) =>
  destination.channel === 'sms'
    ? `/caregiver/login?${new URLSearchParams({ by: 'sms', phone: destination.phone }).toString()}`
    : `/caregiver/login?${new URLSearchParams({ email: destination.email }).toString()}`;

function CodeForm({ destination }: { destination: Destination }) {
  const { form, submit, sendAgain, waitS, resent, signIn, resend } = useCodeForm(destination);
  const sms = destination.channel === 'sms';
  return (
    <AuthCard title="Enter your sign-in code" subtitle={<CodeSentTo destination={destination} />}>
      {resent && !resend.error && (
        <Alert
          variant="light"
          color="teal"
          icon={sms ? <IconMessageCheck aria-hidden /> : <IconMailCheck aria-hidden />}
          role="status"
        >
          {sms
            ? 'A new code is on its way. Use the newest text message; earlier codes no longer work.'
            : 'A new code is on its way. Use the newest email; earlier codes no longer work.'}
        </Alert>
      )}
      {signIn.error && <ApiErrorAlert title="Sign-in failed" error={signIn.error} />}
      {resend.error && <ApiErrorAlert title="The code could not be sent" error={resend.error} />}
      <form onSubmit={submit} noValidate aria-label="Sign in with your code">
        <Stack gap="sm">
          <TextInput
            label="Sign-in code"
            description={sms ? 'The 6 digits from the text message.' : 'The 6 digits from the email.'}
            autoComplete="one-time-code"
            inputMode="numeric"
            maxLength={6}
            required
            autoFocus
            {...form.getInputProps('otp')}
            onChange={(event) => form.setFieldValue('otp', event.currentTarget.value.replace(/\D/g, ''))}
          />
          <Button type="submit" loading={signIn.isPending} fullWidth mt="xs">
            Sign in
          </Button>
        </Stack>
      </form>
      <Group justify="space-between" gap="xs">
        <Button
          variant="subtle"
          size="compact-sm"
          onClick={sendAgain}
          loading={resend.isPending}
          disabled={waitS > 0}
        >
          {waitS > 0 ? `Send a new code (in ${waitS} s)` : 'Send a new code'}
        </Button>
        <Anchor component={Link} to={startAgainPath(destination)} size="sm">
          {sms ? 'Use another number' : 'Use another email'}
        </Anchor>
      </Group>
      <Text size="xs" c="dimmed">
        {sms
          ? 'No text message? Check the number, or ask your agency’s office to check the mobile number they have for you.'
          : 'No email? Check your spam folder, or ask your agency’s office to check the email address they have for you.'}
      </Text>
    </AuthCard>
  );
}

/** Where the code went and how long it works. */
function CodeSentTo({ destination }: { destination: Destination }) {
  return destination.channel === 'sms' ? (
    <>
      If <b>{destination.phone}</b> belongs to a caregiver account, Tend has texted it a 6-digit code. It
      works once, for 5 minutes.
    </>
  ) : (
    <>
      If <b>{destination.email}</b> belongs to a caregiver account, Tend has emailed it a 6-digit code. It
      works once, for 5 minutes.
    </>
  );
}

export function CaregiverConfirmPage() {
  const [searchParams] = useSearchParams();
  const email = (searchParams.get('email') ?? '').trim();
  const phone = (searchParams.get('phone') ?? '').trim();
  const destination: Destination | null = looksLikePhone(phone)
    ? { channel: 'sms', phone }
    : looksLikeEmail(email)
      ? { channel: 'email', email }
      : null;

  if (!destination) {
    return (
      <AuthCard title="Enter your sign-in code">
        <Alert variant="light" color="yellow" title="Where was the code sent?">
          This page needs the email or mobile number the code was sent to. Start again and enter it.
        </Alert>
        <Button component={Link} to="/caregiver/login" fullWidth>
          Go to caregiver sign in
        </Button>
      </AuthCard>
    );
  }
  return <CodeForm key={`${destination.channel}:${phone || email}`} destination={destination} />;
}
