/**
 * `/caregiver/login` (spec issue 4): a caregiver picks "Email" or "Text message (SMS)" (`?by=sms`), enters the
 * email or mobile number their agency has for them, and Tend sends a one-time sign-in code there
 * (docs/decisions/0011-caregiver-otp.md, 0019-caregiver-sms-codes.md); `/caregiver/confirm?email=…` or
 * `?phone=…` then asks for the code. The answer never says whether the email or number belongs to an account. A
 * number may be typed as the caregiver dials it; the server reads it. The contract schemas load once the form is
 * on screen, as on `/login` (docs/decisions/0005-api-performance.md).
 */
import { Anchor, Button, SegmentedControl, Stack, Text, TextInput, useMatches } from '@mantine/core';
import { useForm, type FormErrors } from '@mantine/form';
import { useEffect, useState, type FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { FormattedMessage, useIntl } from 'react-intl';
import type { SignInCodeRequest, SignInSmsCodeRequest } from '@tend/contracts';
import { useRequestSignInCode } from '../api/sign-in-code.ts';
import { useRequestSmsSignInCode } from '../api/caregiver-sms-code.ts';
import { contractValidator } from '../../../lib/form-errors.ts';
import { AuthCard } from '../../../app/layouts/auth-card.tsx';
import { CodeErrorAlert } from '../components/code-error-alert.tsx';

type Validator = (values: unknown) => FormErrors;
let emailValidator: Validator | null = null;
let phoneValidator: Validator | null = null;
/** Loads contracts `signInCodeRequest` and `signInSmsCodeRequest` (once) as the forms' validators. */
const loadValidators = (): Promise<void> =>
  import('@tend/contracts').then(({ signInCodeRequest, signInSmsCodeRequest }) => {
    emailValidator ??= contractValidator(signInCodeRequest);
    phoneValidator ??= contractValidator(signInSmsCodeRequest);
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

/** The contract's verdict in the page's words: each field it refuses gets `message` (the contract's is English). */
const inWords = (errors: FormErrors, message: string): FormErrors =>
  Object.fromEntries(Object.keys(errors).map((field) => [field, message]));

function EmailCodeForm({ initialEmail, autoFocus }: { initialEmail: string; autoFocus: boolean }) {
  const intl = useIntl();
  const navigate = useNavigate();
  const requestCode = useRequestSignInCode();
  const form = useForm<SignInCodeRequest>({
    mode: 'controlled',
    initialValues: { email: initialEmail },
    validate: (values) =>
      inWords(emailValidator?.(values) ?? {}, intl.formatMessage({ id: 'auth.caregiverLogin.emailInvalid' })),
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
    <form
      onSubmit={submit}
      noValidate
      aria-label={intl.formatMessage({ id: 'auth.caregiverLogin.emailForm' })}
    >
      <Stack gap="sm">
        {requestCode.error && (
          <CodeErrorAlert
            title={intl.formatMessage({ id: 'auth.caregiverLogin.sendFailed' })}
            error={requestCode.error}
            channel="email"
          />
        )}
        <TextInput
          label={intl.formatMessage({ id: 'auth.caregiverLogin.email' })}
          description={intl.formatMessage({ id: 'auth.caregiverLogin.emailDescription' })}
          type="email"
          autoComplete="email"
          required
          autoFocus={autoFocus}
          {...form.getInputProps('email')}
        />
        <Button type="submit" loading={requestCode.isPending} fullWidth mt="xs">
          <FormattedMessage id="auth.caregiverLogin.send" />
        </Button>
      </Stack>
    </form>
  );
}

function SmsCodeForm({ initialPhone, autoFocus }: { initialPhone: string; autoFocus: boolean }) {
  const intl = useIntl();
  const navigate = useNavigate();
  const requestCode = useRequestSmsSignInCode();
  const form = useForm<SignInSmsCodeRequest>({
    mode: 'controlled',
    initialValues: { phone: initialPhone },
    validate: (values) =>
      inWords(phoneValidator?.(values) ?? {}, intl.formatMessage({ id: 'auth.caregiverLogin.phoneInvalid' })),
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
    <form onSubmit={submit} noValidate aria-label={intl.formatMessage({ id: 'auth.caregiverLogin.smsForm' })}>
      <Stack gap="sm">
        {requestCode.error && (
          <CodeErrorAlert
            title={intl.formatMessage({ id: 'auth.caregiverLogin.sendFailed' })}
            error={requestCode.error}
            channel="sms"
          />
        )}
        <TextInput
          label={intl.formatMessage({ id: 'auth.caregiverLogin.phone' })}
          description={
            <FormattedMessage
              id="auth.caregiverLogin.phoneDescription"
              values={{ nowrap: (chunks) => <span style={{ whiteSpace: 'nowrap' }}>{chunks}</span> }}
            />
          }
          type="tel"
          inputMode="tel"
          autoComplete="tel"
          required
          autoFocus={autoFocus}
          {...form.getInputProps('phone')}
        />
        <Button type="submit" loading={requestCode.isPending} fullWidth mt="xs">
          <FormattedMessage id="auth.caregiverLogin.send" />
        </Button>
      </Stack>
    </form>
  );
}

export function CaregiverLoginPage() {
  const intl = useIntl();
  const orientation = useMatches<'horizontal' | 'vertical'>({ base: 'vertical', xs: 'horizontal' });
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
      title={intl.formatMessage({ id: 'auth.caregiverLogin.title' })}
      subtitle={intl.formatMessage({ id: 'auth.caregiverLogin.subtitle' })}
    >
      <SegmentedControl
        // Stacked on a phone: "Mensaje de texto" does not fit beside "Correo" at 320 px.
        orientation={orientation}
        aria-label={intl.formatMessage({ id: 'auth.caregiverLogin.channel' })}
        fullWidth
        value={channel}
        onChange={setChannel}
        data={[
          { value: 'email', label: intl.formatMessage({ id: 'auth.caregiverLogin.channelEmail' }) },
          { value: 'sms', label: intl.formatMessage({ id: 'auth.caregiverLogin.channelSms' }) },
        ]}
      />
      {channel === 'sms' ? (
        <SmsCodeForm initialPhone={searchParams.get('phone') ?? ''} autoFocus={!switched} />
      ) : (
        <EmailCodeForm initialEmail={searchParams.get('email') ?? ''} autoFocus={!switched} />
      )}
      <Text size="sm" c="dimmed">
        <FormattedMessage
          id="auth.caregiverLogin.staff"
          values={{
            link: (chunks) => (
              // Underlined: a link inside text is told apart by more than colour (WCAG 1.4.1).
              <Anchor component={Link} to="/login" size="sm" underline="always">
                {chunks}
              </Anchor>
            ),
          }}
        />
      </Text>
    </AuthCard>
  );
}
