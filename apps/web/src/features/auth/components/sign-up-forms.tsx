/**
 * The other ways in on `/login` (`?mode=`; issue 4 "Accounts"; docs/decisions/0018-sign-up.md):
 * - `signup`: create an account with an email or a phone number plus a password (role USER, no PHI until an
 *   administrator gives a role); an email account is confirmed by the emailed link, a phone account by the texted
 *   code entered right here;
 * - `link`: a sign-in link by email;
 * - `phone`: phone number + password, or a code by text message.
 * The answers never say whether an account exists; they say where to look and how long a link or code lasts.
 * English and Spanish (decision 0042): words from the catalogue, server errors by code (auth-error-alert.tsx).
 */
import { Alert, Button, PasswordInput, SegmentedControl, Stack, Text, TextInput } from '@mantine/core';
import { IconMailCheck, IconMessage } from '@tabler/icons-react';
import { useState, type FormEvent } from 'react';
import { FormattedMessage, useIntl, type IntlShape } from 'react-intl';
import type { Me } from '@tend/contracts';
import { ApiError } from '../../../lib/api-client.ts';
import { SignInError } from '../api/sign-in.ts';
import { fieldErrorWords } from '../error-words.ts';
import { AuthErrorAlert } from './auth-error-alert.tsx';
import {
  useRequestMagicLink,
  useRequestPhoneCode,
  useSignInWithPhone,
  useSignInWithPhoneCode,
  useSignUp,
} from '../api/sign-up.ts';

/** A plausible address (the server checks it again). */
const looksLikeEmail = (email: string) => email.length <= 254 && /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email);
/** E.164 after dropping spaces, dots, dashes and brackets (the server's rule). */
const normalPhone = (phone: string) => phone.replace(/[\s().-]/g, '');
const looksLikePhone = (phone: string) => /^\+[1-9]\d{1,14}$/.test(normalPhone(phone));

interface DoneProps {
  /** Where a new session goes next (the caller navigates). */
  onSignedIn: (actor: Me) => void;
  returnTo: string | null;
}

/** The code step for a phone number: the 6-digit code from the text message; signs in. */
function PhoneCodeForm({ phoneNumber, onSignedIn, returnTo }: DoneProps & { phoneNumber: string }) {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  const [code, setCode] = useState('');
  const verify = useSignInWithPhoneCode();
  const resend = useRequestPhoneCode();
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    verify.mutate({ phoneNumber, code, returnTo }, { onSuccess: onSignedIn });
  };
  return (
    <form onSubmit={submit} noValidate aria-label={t('auth.phone.codeForm')}>
      <Stack gap="sm">
        <Alert variant="light" color="blue" icon={<IconMessage aria-hidden />} role="status">
          <FormattedMessage id="auth.phone.codeSent" values={{ phone: phoneNumber, minutes: 5 }} />
        </Alert>
        {verify.error && <AuthErrorAlert title={t('auth.login.failed')} error={verify.error} />}
        {resend.isSuccess && (
          <Text size="sm" c="dimmed" role="status">
            <FormattedMessage id="auth.phone.newCode" />
          </Text>
        )}
        <TextInput
          label={t('auth.phone.code')}
          autoComplete="one-time-code"
          inputMode="numeric"
          required
          autoFocus
          value={code}
          onChange={(event) => setCode(event.currentTarget.value)}
        />
        <Button type="submit" loading={verify.isPending} disabled={!/^\d{6}$/.test(code.trim())} fullWidth>
          <FormattedMessage id="auth.login.submit" />
        </Button>
        <Button variant="subtle" loading={resend.isPending} onClick={() => resend.mutate(phoneNumber)}>
          <FormattedMessage id="auth.caregiverConfirm.sendAgain" />
        </Button>
      </Stack>
    </form>
  );
}

interface SignUpValues {
  name: string;
  email: string;
  phoneNumber: string;
  password: string;
}

type SignUpErrors = Partial<Record<keyof SignUpValues, string>>;

/** The browser's checks of a sign-up by email or by phone: required fields, then their shapes, in words. */
function signUpErrors(
  intl: IntlShape,
  by: 'email' | 'phone',
  values: SignUpValues,
  identity: string,
): SignUpErrors {
  const t = (id: string, more?: Record<string, string | number>) => intl.formatMessage({ id }, more);
  const required = t('auth.fieldError.signUpRequired');
  const next: SignUpErrors = {};
  if (!identity || !values.password) {
    next[by === 'email' ? 'email' : 'phoneNumber'] = identity ? undefined : required;
    if (!values.password) next.password = required;
  } else if (by === 'email' && !looksLikeEmail(identity)) next.email = t('auth.login.emailInvalid');
  else if (by === 'phone' && !looksLikePhone(identity)) next.phoneNumber = t('auth.phone.hint');
  else if (values.password.length < 8)
    next.password = t('auth.fieldError.tooShort', { label: t('auth.newPassword.password'), min: 8 });
  return next;
}

/** The API's field errors on the form's fields, in words (several on one field joined with "; "). */
function apiSignUpErrors(intl: IntlShape, error: ApiError, values: SignUpValues): SignUpErrors {
  const labels: Record<keyof SignUpValues, string> = {
    name: intl.formatMessage({ id: 'auth.signUp.name' }),
    email: intl.formatMessage({ id: 'auth.login.email' }),
    phoneNumber: intl.formatMessage({ id: 'auth.phone.number' }),
    password: intl.formatMessage({ id: 'auth.newPassword.password' }),
  };
  const fieldErrors: SignUpErrors = {};
  for (const fieldError of error.fieldErrors) {
    if (Object.hasOwn(values, fieldError.path)) {
      const key = fieldError.path as keyof SignUpValues;
      const words = fieldErrorWords(fieldError, labels[key]);
      const sentence = intl.formatMessage({ id: words.id }, words.values);
      fieldErrors[key] = fieldErrors[key] ? `${fieldErrors[key]}; ${sentence}` : sentence;
    }
  }
  return fieldErrors;
}

/** The sign-up form's state (by email or phone, values, errors) and its submit. */
function useSignUpForm() {
  const intl = useIntl();
  const [by, setBy] = useState<'email' | 'phone'>('email');
  const [values, setValues] = useState<SignUpValues>({ name: '', email: '', phoneNumber: '', password: '' });
  const [errors, setErrors] = useState<SignUpErrors>({});
  const signUp = useSignUp();
  const set = (field: keyof SignUpValues) => (event: { currentTarget: { value: string } }) => {
    const value = event.currentTarget.value;
    setValues((current) => ({ ...current, [field]: value }));
  };
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const identity = by === 'email' ? values.email.trim() : normalPhone(values.phoneNumber);
    const next = signUpErrors(intl, by, values, identity);
    setErrors(next);
    if (Object.values(next).some(Boolean)) return;
    signUp.mutate(
      {
        ...(values.name.trim() ? { name: values.name.trim() } : {}),
        ...(by === 'email' ? { email: identity } : { phoneNumber: identity }),
        password: values.password,
      },
      {
        onError: (error) => {
          if (error instanceof ApiError) setErrors(apiSignUpErrors(intl, error, values));
        },
      },
    );
  };
  return { by, setBy, values, errors, setErrors, set, submit, signUp };
}

/** "Create an account": by email or by phone, with a password. */
export function SignUpForm({ onSignedIn, returnTo }: DoneProps) {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  const { by, setBy, values, errors, setErrors, set, submit, signUp } = useSignUpForm();
  if (signUp.data?.confirmBy === 'email') {
    return (
      <Alert
        variant="light"
        color="green"
        icon={<IconMailCheck aria-hidden />}
        title={t('auth.signUp.checkEmail')}
        role="status"
        data-testid="sign-up-sent"
      >
        <FormattedMessage id="auth.signUp.sent" values={{ email: values.email.trim(), hours: 24 }} />
      </Alert>
    );
  }
  if (signUp.data?.confirmBy === 'sms') {
    return (
      <PhoneCodeForm
        phoneNumber={normalPhone(values.phoneNumber)}
        onSignedIn={onSignedIn}
        returnTo={returnTo}
      />
    );
  }
  return (
    <form onSubmit={submit} noValidate aria-label={t('auth.signUp.form')}>
      <Stack gap="sm">
        <Text size="sm">
          <FormattedMessage id="auth.signUp.intro" />
        </Text>
        {signUp.error && !(signUp.error instanceof ApiError && signUp.error.fieldErrors.length) && (
          <AuthErrorAlert
            title={t('auth.signUp.notCreated')}
            error={signUp.error}
            context={{ signUp: true }}
          />
        )}
        <SegmentedControl
          aria-label={t('auth.signUp.with')}
          value={by}
          onChange={(value) => {
            setBy(value === 'phone' ? 'phone' : 'email');
            setErrors({});
          }}
          data={[
            { value: 'email', label: t('auth.signUp.byEmail') },
            { value: 'phone', label: t('auth.signUp.byPhone') },
          ]}
        />
        <TextInput
          label={t('auth.signUp.name')}
          autoComplete="name"
          value={values.name}
          onChange={set('name')}
        />
        <IdentityInput by={by} values={values} errors={errors} set={set} />
        <PasswordInput
          label={t('auth.login.password')}
          description={t('auth.newPassword.hint')}
          autoComplete="new-password"
          required
          value={values.password}
          onChange={set('password')}
          error={errors.password}
        />
        <Button type="submit" loading={signUp.isPending} fullWidth mt="xs">
          <FormattedMessage id="auth.signUp.create" />
        </Button>
      </Stack>
    </form>
  );
}

/** "Email me a sign-in link". */
export function MagicLinkForm({ initialEmail }: { initialEmail: string }) {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  const [email, setEmail] = useState(initialEmail);
  const [invalid, setInvalid] = useState(false);
  const request = useRequestMagicLink();
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const ok = looksLikeEmail(email.trim());
    setInvalid(!ok);
    if (ok) request.mutate(email.trim());
  };
  if (request.isSuccess) {
    return (
      <Alert
        variant="light"
        color="green"
        icon={<IconMailCheck aria-hidden />}
        title={t('auth.signUp.checkEmail')}
        role="status"
        data-testid="magic-link-sent"
      >
        <FormattedMessage id="auth.magicLink.sent" values={{ email: request.variables, minutes: 10 }} />
      </Alert>
    );
  }
  return (
    <form onSubmit={submit} noValidate aria-label={t('auth.login.wayLink')}>
      <Stack gap="sm">
        <Text size="sm">
          <FormattedMessage id="auth.magicLink.intro" />
        </Text>
        {request.error && <AuthErrorAlert title={t('auth.magicLink.notSent')} error={request.error} />}
        <TextInput
          label={t('auth.login.email')}
          type="email"
          autoComplete="username"
          required
          autoFocus
          value={email}
          onChange={(event) => setEmail(event.currentTarget.value)}
          error={invalid ? t('auth.login.emailInvalid') : undefined}
        />
        <Button type="submit" loading={request.isPending} fullWidth mt="xs">
          <FormattedMessage id="auth.magicLink.send" />
        </Button>
      </Stack>
    </form>
  );
}

/** "Sign in with a phone number": phone + password, or a code by text message. */
export function PhoneSignInForm({ onSignedIn, returnTo }: DoneProps) {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  const [phone, setPhone] = useState('');
  const [password, setPassword] = useState('');
  const [invalid, setInvalid] = useState(false);
  const [codeFor, setCodeFor] = useState<string | null>(null);
  const signIn = useSignInWithPhone();
  const requestCode = useRequestPhoneCode();
  const valid = () => {
    const ok = looksLikePhone(phone);
    setInvalid(!ok);
    return ok;
  };
  if (codeFor) return <PhoneCodeForm phoneNumber={codeFor} onSignedIn={onSignedIn} returnTo={returnTo} />;
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!valid() || !password) return;
    const phoneNumber = normalPhone(phone);
    signIn.mutate(
      { phoneNumber, password, returnTo },
      {
        onSuccess: onSignedIn,
        onError: (error) => {
          // An unconfirmed number: the server texted a code; the code step confirms it and signs in.
          if (error instanceof SignInError && error.code === 'PHONE_NUMBER_NOT_VERIFIED')
            setCodeFor(phoneNumber);
        },
      },
    );
  };
  const textMe = () => {
    if (!valid()) return;
    const phoneNumber = normalPhone(phone);
    requestCode.mutate(phoneNumber, { onSuccess: () => setCodeFor(phoneNumber) });
  };
  return (
    <form onSubmit={submit} noValidate aria-label={t('auth.phone.signInForm')}>
      <Stack gap="sm">
        {signIn.error && <AuthErrorAlert title={t('auth.login.failed')} error={signIn.error} />}
        {requestCode.error && (
          <AuthErrorAlert title={t('auth.phone.codeNotSent')} error={requestCode.error} />
        )}
        <TextInput
          label={t('auth.phone.number')}
          type="tel"
          autoComplete="tel"
          description={t('auth.phone.hint')}
          required
          autoFocus
          value={phone}
          onChange={(event) => setPhone(event.currentTarget.value)}
          error={invalid ? t('auth.phone.hint') : undefined}
        />
        <PasswordInput
          label={t('auth.login.password')}
          autoComplete="current-password"
          value={password}
          onChange={(event) => setPassword(event.currentTarget.value)}
        />
        <Button type="submit" loading={signIn.isPending} disabled={!password} fullWidth mt="xs">
          <FormattedMessage id="auth.login.submit" />
        </Button>
        <Button variant="light" loading={requestCode.isPending} onClick={textMe} fullWidth>
          <FormattedMessage id="auth.phone.textMe" />
        </Button>
      </Stack>
    </form>
  );
}

/** The email, or the phone number, to sign up with. */
function IdentityInput({
  by,
  values,
  errors,
  set,
}: Pick<ReturnType<typeof useSignUpForm>, 'by' | 'values' | 'errors' | 'set'>) {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  return by === 'email' ? (
    <TextInput
      label={t('auth.login.email')}
      type="email"
      autoComplete="email"
      required
      value={values.email}
      onChange={set('email')}
      error={errors.email}
    />
  ) : (
    <TextInput
      label={t('auth.phone.number')}
      type="tel"
      autoComplete="tel"
      description={t('auth.phone.hint')}
      required
      value={values.phoneNumber}
      onChange={set('phoneNumber')}
      error={errors.phoneNumber}
    />
  );
}
