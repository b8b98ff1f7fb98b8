/**
 * `/caregiver/confirm?email=…` or `?phone=…` (spec issue 4): the caregiver enters the 6-digit code Tend emailed or
 * texted and lands on the home page signed in (docs/decisions/0011-caregiver-otp.md, 0019-caregiver-sms-codes.md).
 * A new code can be sent after a short cooldown; the page never says whether the email or number belongs to an
 * account. Without a usable `email` or `phone` it sends the caregiver back to `/caregiver/login`.
 */
import { Alert, Anchor, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { useForm, type FormErrors } from '@mantine/form';
import { useEffect, useState, type FormEvent, type ReactNode } from 'react';
import { IconMailCheck, IconMessageCheck } from '@tabler/icons-react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { FormattedMessage, useIntl } from 'react-intl';
import {
  RESEND_COOLDOWN_S,
  SIGN_IN_CODE_MINUTES,
  useRequestSignInCode,
  useSignInWithCode,
} from '../api/sign-in-code.ts';
import { useRequestSmsSignInCode, useSignInWithSmsCode } from '../api/caregiver-sms-code.ts';
import { useNow } from '../../../lib/use-now.ts';
import { contractValidator } from '../../../lib/form-errors.ts';
import { CodeErrorAlert } from '../components/code-error-alert.tsx';
import { AuthCard } from '../../../app/layouts/auth-card.tsx';

type Validator = (values: unknown) => FormErrors;
let emailCodeValidator: Validator | null = null;
let smsCodeValidator: Validator | null = null;
/** Loads contracts `signInCodeInput` and `signInSmsCodeInput` (once) as the form's validators. */
const loadCodeValidators = (): Promise<void> =>
  import('@tend/contracts').then(({ signInCodeInput, signInSmsCodeInput }) => {
    emailCodeValidator ??= contractValidator(signInCodeInput);
    smsCodeValidator ??= contractValidator(signInSmsCodeInput);
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
  const intl = useIntl();
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
    // Only the code is typed here; any refusal reads as "enter the 6 digits" in the page's language.
    validate: (values) =>
      Object.keys((sms ? smsCodeValidator : emailCodeValidator)?.(values) ?? {}).length > 0
        ? { otp: intl.formatMessage({ id: 'auth.caregiverConfirm.codeInvalid' }) }
        : {},
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
  const intl = useIntl();
  const { form, submit, sendAgain, waitS, resent, signIn, resend } = useCodeForm(destination);
  const sms = destination.channel === 'sms';
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  return (
    <AuthCard title={t('auth.caregiverConfirm.title')} subtitle={<CodeSentTo destination={destination} />}>
      {resent && !resend.error && (
        <Alert
          variant="light"
          color="teal"
          icon={sms ? <IconMessageCheck aria-hidden /> : <IconMailCheck aria-hidden />}
          role="status"
        >
          {t(sms ? 'auth.caregiverConfirm.resentSms' : 'auth.caregiverConfirm.resentEmail')}
        </Alert>
      )}
      {signIn.error && (
        <CodeErrorAlert
          title={t('auth.caregiverConfirm.signInFailed')}
          error={signIn.error}
          channel={destination.channel}
        />
      )}
      {resend.error && (
        <CodeErrorAlert
          title={t('auth.caregiverLogin.sendFailed')}
          error={resend.error}
          channel={destination.channel}
        />
      )}
      <form onSubmit={submit} noValidate aria-label={t('auth.caregiverConfirm.form')}>
        <Stack gap="sm">
          <TextInput
            label={t('auth.caregiverConfirm.code')}
            description={t(sms ? 'auth.caregiverConfirm.codeFromSms' : 'auth.caregiverConfirm.codeFromEmail')}
            autoComplete="one-time-code"
            inputMode="numeric"
            maxLength={6}
            required
            autoFocus
            {...form.getInputProps('otp')}
            onChange={(event) => form.setFieldValue('otp', event.currentTarget.value.replace(/\D/g, ''))}
          />
          <Button type="submit" loading={signIn.isPending} fullWidth mt="xs">
            {t('auth.caregiverConfirm.signIn')}
          </Button>
        </Stack>
      </form>
      <Group justify="space-between" gap="xs">
        <Button
          variant="subtle"
          size="compact-sm"
          // The words may take two lines on a 320 px phone (Spanish is longer) rather than be cut off.
          h="auto"
          mih={26}
          styles={{ label: { whiteSpace: 'normal', textAlign: 'left' } }}
          onClick={sendAgain}
          loading={resend.isPending}
          disabled={waitS > 0}
        >
          {waitS > 0
            ? t('auth.caregiverConfirm.sendAgainIn', { seconds: waitS })
            : t('auth.caregiverConfirm.sendAgain')}
        </Button>
        <Anchor component={Link} to={startAgainPath(destination)} size="sm">
          {t(sms ? 'auth.caregiverConfirm.otherNumber' : 'auth.caregiverConfirm.otherEmail')}
        </Anchor>
      </Group>
      <Text size="xs" c="dimmed">
        {t(sms ? 'auth.caregiverConfirm.noSms' : 'auth.caregiverConfirm.noEmail')}
      </Text>
    </AuthCard>
  );
}

/** Where the code went and how long it works. */
function CodeSentTo({ destination }: { destination: Destination }) {
  const values = {
    b: (chunks: ReactNode[]) => <b>{chunks}</b>,
    minutes: SIGN_IN_CODE_MINUTES,
  };
  return destination.channel === 'sms' ? (
    <FormattedMessage id="auth.caregiverConfirm.sentSms" values={{ ...values, phone: destination.phone }} />
  ) : (
    <FormattedMessage id="auth.caregiverConfirm.sentEmail" values={{ ...values, email: destination.email }} />
  );
}

export function CaregiverConfirmPage() {
  const intl = useIntl();
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
      <AuthCard title={intl.formatMessage({ id: 'auth.caregiverConfirm.title' })}>
        <Alert
          variant="light"
          color="yellow"
          title={intl.formatMessage({ id: 'auth.caregiverConfirm.missingTitle' })}
        >
          <FormattedMessage id="auth.caregiverConfirm.missing" />
        </Alert>
        <Button component={Link} to="/caregiver/login" fullWidth>
          <FormattedMessage id="auth.caregiverConfirm.startAgain" />
        </Button>
      </AuthCard>
    );
  }
  return <CodeForm key={`${destination.channel}:${phone || email}`} destination={destination} />;
}
