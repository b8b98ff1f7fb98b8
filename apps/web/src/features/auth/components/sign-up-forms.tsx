/**
 * The other ways in on `/login` (`?mode=`; issue 4 "Accounts"; docs/decisions/0018-sign-up.md):
 * - `signup`: create an account with an email or a phone number plus a password (role USER, no PHI until an
 *   administrator gives a role); an email account is confirmed by the emailed link, a phone account by the texted
 *   code entered right here;
 * - `link`: a sign-in link by email;
 * - `phone`: phone number + password, or a code by text message.
 * The answers never say whether an account exists; they say where to look and how long a link or code lasts.
 */
import { Alert, Button, PasswordInput, SegmentedControl, Stack, Text, TextInput } from '@mantine/core';
import { IconMailCheck, IconMessage } from '@tabler/icons-react';
import { useState, type FormEvent } from 'react';
import type { Me } from '@tend/contracts';
import { passwordHint, SIGN_UP_REQUIRED_MESSAGE } from '@tend/contracts/messages';
import { ApiErrorAlert } from '../../../components/ui/api-error-alert.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { SignInError } from '../api/sign-in.ts';
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
const PHONE_HINT = 'International form with country code, e.g. +1 503 555 0100.';

interface DoneProps {
  /** Where a new session goes next (the caller navigates). */
  onSignedIn: (actor: Me) => void;
  returnTo: string | null;
}

/** The code step for a phone number: the 6-digit code from the text message; signs in. */
function PhoneCodeForm({ phoneNumber, onSignedIn, returnTo }: DoneProps & { phoneNumber: string }) {
  const [code, setCode] = useState('');
  const verify = useSignInWithPhoneCode();
  const resend = useRequestPhoneCode();
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    verify.mutate({ phoneNumber, code, returnTo }, { onSuccess: onSignedIn });
  };
  return (
    <form onSubmit={submit} noValidate aria-label="Enter the code">
      <Stack gap="sm">
        <Alert variant="light" color="blue" icon={<IconMessage aria-hidden />} role="status">
          We texted a 6-digit code to {phoneNumber}. It works once, for 5 minutes.
        </Alert>
        {verify.error && <ApiErrorAlert title="Sign-in failed" error={verify.error} />}
        {resend.isSuccess && (
          <Text size="sm" c="dimmed" role="status">
            A new code is on its way.
          </Text>
        )}
        <TextInput
          label="Code from the text message"
          autoComplete="one-time-code"
          inputMode="numeric"
          required
          autoFocus
          value={code}
          onChange={(event) => setCode(event.currentTarget.value)}
        />
        <Button type="submit" loading={verify.isPending} disabled={!/^\d{6}$/.test(code.trim())} fullWidth>
          Sign in
        </Button>
        <Button variant="subtle" loading={resend.isPending} onClick={() => resend.mutate(phoneNumber)}>
          Send a new code
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

/** The browser's checks of a sign-up by email or by phone: required fields, then their shapes. */
function signUpErrors(by: 'email' | 'phone', values: SignUpValues, identity: string): SignUpErrors {
  const next: SignUpErrors = {};
  if (!identity || !values.password) {
    next[by === 'email' ? 'email' : 'phoneNumber'] = identity ? undefined : SIGN_UP_REQUIRED_MESSAGE;
    if (!values.password) next.password = SIGN_UP_REQUIRED_MESSAGE;
  } else if (by === 'email' && !looksLikeEmail(identity)) next.email = 'Email must be a valid email address';
  else if (by === 'phone' && !looksLikePhone(identity)) next.phoneNumber = PHONE_HINT;
  else if (values.password.length < 8) next.password = 'Password must be at least 8 characters';
  return next;
}

/** The API's field errors on the form's fields, several on one field joined with "; ". */
function apiSignUpErrors(error: ApiError, values: SignUpValues): SignUpErrors {
  const fieldErrors: SignUpErrors = {};
  for (const fieldError of error.fieldErrors) {
    if (fieldError.path in values) {
      const key = fieldError.path as keyof SignUpValues;
      fieldErrors[key] = fieldErrors[key] ? `${fieldErrors[key]}; ${fieldError.message}` : fieldError.message;
    }
  }
  return fieldErrors;
}

/** The sign-up form's state (by email or phone, values, errors) and its submit. */
function useSignUpForm() {
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
    const next = signUpErrors(by, values, identity);
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
          if (error instanceof ApiError) setErrors(apiSignUpErrors(error, values));
        },
      },
    );
  };
  return { by, setBy, values, errors, setErrors, set, submit, signUp };
}

/** "Create an account": by email or by phone, with a password. */
export function SignUpForm({ onSignedIn, returnTo }: DoneProps) {
  const { by, setBy, values, errors, setErrors, set, submit, signUp } = useSignUpForm();
  if (signUp.data?.confirmBy === 'email') {
    return (
      <Alert
        variant="light"
        color="green"
        icon={<IconMailCheck aria-hidden />}
        title="Check your email"
        role="status"
        data-testid="sign-up-sent"
      >
        We sent a link to {values.email.trim()}. Open it to confirm your account and sign in; it works for 24
        hours. If this email already has an account, sign in instead.
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
    <form onSubmit={submit} noValidate aria-label="Create an account">
      <Stack gap="sm">
        <Text size="sm">
          A new account can use Tend&apos;s general pages. An administrator of your agency gives access to
          people and their records.
        </Text>
        {signUp.error && !(signUp.error instanceof ApiError && signUp.error.fieldErrors.length) && (
          <ApiErrorAlert title="The account was not created" error={signUp.error} />
        )}
        <SegmentedControl
          aria-label="Sign up with"
          value={by}
          onChange={(value) => {
            setBy(value === 'phone' ? 'phone' : 'email');
            setErrors({});
          }}
          data={[
            { value: 'email', label: 'Email' },
            { value: 'phone', label: 'Phone number' },
          ]}
        />
        <TextInput label="Your name" autoComplete="name" value={values.name} onChange={set('name')} />
        <IdentityInput by={by} values={values} errors={errors} set={set} />
        <PasswordInput
          label="Password"
          description={passwordHint}
          autoComplete="new-password"
          required
          value={values.password}
          onChange={set('password')}
          error={errors.password}
        />
        <Button type="submit" loading={signUp.isPending} fullWidth mt="xs">
          Create account
        </Button>
      </Stack>
    </form>
  );
}

/** "Email me a sign-in link". */
export function MagicLinkForm({ initialEmail }: { initialEmail: string }) {
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
        title="Check your email"
        role="status"
        data-testid="magic-link-sent"
      >
        If an account uses {request.variables}, a sign-in link is on its way. It works once, for 10 minutes.
      </Alert>
    );
  }
  return (
    <form onSubmit={submit} noValidate aria-label="Email me a sign-in link">
      <Stack gap="sm">
        <Text size="sm">Enter the email you sign in with. We will send you a link that signs you in.</Text>
        {request.error && <ApiErrorAlert title="The link was not sent" error={request.error} />}
        <TextInput
          label="Email"
          type="email"
          autoComplete="username"
          required
          autoFocus
          value={email}
          onChange={(event) => setEmail(event.currentTarget.value)}
          error={invalid ? 'Email must be a valid email address' : undefined}
        />
        <Button type="submit" loading={request.isPending} fullWidth mt="xs">
          Send sign-in link
        </Button>
      </Stack>
    </form>
  );
}

/** "Sign in with a phone number": phone + password, or a code by text message. */
export function PhoneSignInForm({ onSignedIn, returnTo }: DoneProps) {
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
    <form onSubmit={submit} noValidate aria-label="Sign in with a phone number">
      <Stack gap="sm">
        {signIn.error && <ApiErrorAlert title="Sign-in failed" error={signIn.error} />}
        {requestCode.error && <ApiErrorAlert title="The code was not sent" error={requestCode.error} />}
        <TextInput
          label="Phone number"
          type="tel"
          autoComplete="tel"
          description={PHONE_HINT}
          required
          autoFocus
          value={phone}
          onChange={(event) => setPhone(event.currentTarget.value)}
          error={invalid ? PHONE_HINT : undefined}
        />
        <PasswordInput
          label="Password"
          autoComplete="current-password"
          value={password}
          onChange={(event) => setPassword(event.currentTarget.value)}
        />
        <Button type="submit" loading={signIn.isPending} disabled={!password} fullWidth mt="xs">
          Sign in
        </Button>
        <Button variant="light" loading={requestCode.isPending} onClick={textMe} fullWidth>
          Text me a code instead
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
  return by === 'email' ? (
    <TextInput
      label="Email"
      type="email"
      autoComplete="email"
      required
      value={values.email}
      onChange={set('email')}
      error={errors.email}
    />
  ) : (
    <TextInput
      label="Phone number"
      type="tel"
      autoComplete="tel"
      description={PHONE_HINT}
      required
      value={values.phoneNumber}
      onChange={set('phoneNumber')}
      error={errors.phoneNumber}
    />
  );
}
