/**
 * `/caregiver/confirm?email=…` (spec issue 4): the caregiver enters the 6-digit code Tend emailed and lands on
 * the home page signed in (docs/decisions/0011-caregiver-otp.md). A new code can be sent after a short cooldown;
 * the page never says whether the email belongs to an account. Without a usable `email` it sends the caregiver
 * back to `/caregiver/login`.
 */
import { Alert, Anchor, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { useForm, type FormErrors } from '@mantine/form';
import { useEffect, useState, type FormEvent } from 'react';
import { IconMailCheck } from '@tabler/icons-react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import type { SignInCodeInput } from '@tend/contracts';
import { RESEND_COOLDOWN_S, useRequestSignInCode, useSignInWithCode } from '../api/sign-in-code.ts';
import { useNow } from '../session/use-now.ts';
import { contractValidator } from '../../../lib/form-errors.ts';
import { ApiErrorAlert } from '../../../components/ui/api-error-alert.tsx';
import { AuthCard } from './auth-card.tsx';

type Validator = (values: unknown) => FormErrors;
let codeValidator: Validator | null = null;
/** Loads contracts `signInCodeInput` (once) as the form's validator. */
const loadCodeValidator = (): Promise<Validator> =>
  import('@tend/contracts').then(({ signInCodeInput }) => {
    codeValidator ??= contractValidator(signInCodeInput, { email: 'Email', otp: 'The code' });
    return codeValidator;
  });

/** A plausible address (the server checks it again): something@something.something, at most 254 characters. */
const looksLikeEmail = (email: string) => email.length <= 254 && /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email);

export function CaregiverConfirmPage() {
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const email = (searchParams.get('email') ?? '').trim();
  const signIn = useSignInWithCode();
  const resend = useRequestSignInCode();
  const [sentAt, setSentAt] = useState(() => Date.now());
  const [resent, setResent] = useState(false);
  const now = useNow(1000);
  const waitS = Math.max(0, Math.ceil((sentAt + RESEND_COOLDOWN_S * 1000 - now) / 1000));

  const form = useForm<SignInCodeInput>({
    mode: 'controlled',
    initialValues: { email, otp: '' },
    validate: (values) => codeValidator?.(values) ?? {},
  });
  useEffect(() => {
    loadCodeValidator().catch(() => undefined);
  }, []);

  const submitValid = form.onSubmit((values) => {
    resend.reset();
    signIn.mutate({ email, otp: values.otp }, { onSuccess: () => void navigate('/', { replace: true }) });
  });
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    void loadCodeValidator()
      .catch(() => undefined)
      .then(() => submitValid());
  };
  const sendAgain = () => {
    signIn.reset();
    resend.mutate(email, {
      onSuccess: () => {
        setSentAt(Date.now());
        setResent(true);
        form.setFieldValue('otp', '');
      },
    });
  };

  if (!looksLikeEmail(email)) {
    return (
      <AuthCard title="Enter your sign-in code">
        <Alert variant="light" color="yellow" title="Which email?">
          This page needs the email the code was sent to. Start again and enter your email.
        </Alert>
        <Button component={Link} to="/caregiver/login" fullWidth>
          Go to caregiver sign in
        </Button>
      </AuthCard>
    );
  }

  return (
    <AuthCard
      title="Enter your sign-in code"
      subtitle={
        <>
          If <b>{email}</b> belongs to a caregiver account, Tend has emailed it a 6-digit code. It works once,
          for 5 minutes.
        </>
      }
    >
      {resent && !resend.error && (
        <Alert variant="light" color="teal" icon={<IconMailCheck aria-hidden />} role="status">
          A new code is on its way. Use the newest email; earlier codes no longer work.
        </Alert>
      )}
      {signIn.error && <ApiErrorAlert title="Sign-in failed" error={signIn.error} />}
      {resend.error && <ApiErrorAlert title="The code could not be sent" error={resend.error} />}
      <form onSubmit={submit} noValidate aria-label="Sign in with your code">
        <Stack gap="sm">
          <TextInput
            label="Sign-in code"
            description="The 6 digits from the email."
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
        <Anchor
          component={Link}
          to={`/caregiver/login?${new URLSearchParams({ email }).toString()}`}
          size="sm"
        >
          Use another email
        </Anchor>
      </Group>
      <Text size="xs" c="dimmed">
        No email? Check your spam folder, or ask your agency’s office to check the email address they have for
        you.
      </Text>
    </AuthCard>
  );
}
