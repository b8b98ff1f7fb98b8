/**
 * `/login` (spec s.2): email and password, validated with contracts `signInInput`. `?reason=` is shown
 * in words (logout reasons of spec s.8); `?redirect=` is honoured only when it is a same-origin path.
 * After sign-in: the redirect, else `/admin` for admins and `/` for everyone else. An account with two-step
 * verification gets a second step asking for the code from the authenticator app (or a backup code);
 * no session exists before it (docs/decisions/0009-mfa.md). "Forgot your password?" (`?forgot=1`) asks for a reset
 * link by email instead (docs/accounts.md). `?mode=signup` creates an account (when SIGN_UP_ENABLED),
 * `?mode=link` emails a sign-in link and `?mode=phone` signs in with a phone number (components/sign-up-forms.tsx;
 * docs/decisions/0018-sign-up.md). An account whose email is not confirmed yet is offered the email again.
 * "Continue with Google" shows only when the server has a Google client (client config `googleSignInEnabled`;
 * docs/google-sign-in.md); it ends at `/auth/callback`.
 *
 * The contract schema (and with it zod) is loaded once the form is on screen, not before: the form is
 * usable first, and submitting waits for the schema, so no input skips validation
 * (docs/decisions/0005-api-performance.md).
 */
import { Alert, Anchor, Button, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { useForm, type FormErrors } from '@mantine/form';
import { lazy, Suspense, useEffect, useState, type FormEvent } from 'react';
import { IconBrandGoogle, IconInfoCircle } from '@tabler/icons-react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { FormattedMessage, useIntl } from 'react-intl';
import { useResendConfirmation } from '../api/sign-up.ts';
import { useGoogleSignIn } from '../api/identities.ts';
import { useClientConfig } from '../../../lib/client-config.tsx';
import type { Me, SignInInput } from '@tend/contracts';
import { isAdmin } from '@tend/contracts/permissions';
import { SignInError, TwoFactorRequiredError, useSignIn, useVerifyTotpSignIn } from '../api/sign-in.ts';
import { clearSessionEndReason } from '../../../lib/session-end.ts';
import { useSetupStatus } from '../api/get-setup-status.ts';
import { logoutReasonMessageId } from '../logout-reasons.ts';
import { safeRedirectPath } from '../../../lib/safe-redirect.ts';
import { contractValidator } from '../../../lib/form-errors.ts';
import { AuthErrorAlert } from '../components/auth-error-alert.tsx';
import { AuthCard } from '../../../app/layouts/auth-card.tsx';
import { PageLoader } from '../../../components/ui/page-loader.tsx';

// The other ways in (recovery, sign-up, emailed link, SMS code) load when chosen: the password form is what /login
// needs first (docs/decisions/0005-api-performance.md, /login initial JavaScript).
const PasswordRecoveryForm = lazy(() =>
  import('../components/password-recovery-form.tsx').then((m) => ({ default: m.PasswordRecoveryForm })),
);
const SignUpForm = lazy(() =>
  import('../components/sign-up-forms.tsx').then((m) => ({ default: m.SignUpForm })),
);
const MagicLinkForm = lazy(() =>
  import('../components/sign-up-forms.tsx').then((m) => ({ default: m.MagicLinkForm })),
);
const PhoneSignInForm = lazy(() =>
  import('../components/sign-up-forms.tsx').then((m) => ({ default: m.PhoneSignInForm })),
);

type Validator = (values: unknown) => FormErrors;
let signInValidator: Validator | null = null;
/** Loads contracts `signInInput` (once) as the form's validator. */
const loadSignInValidator = (): Promise<Validator> =>
  import('@tend/contracts').then(({ signInInput }) => {
    signInValidator ??= contractValidator(signInInput);
    return signInValidator;
  });

/** Keeps focus in the form: a blur would validate the empty email and move these links mid-click. */
const keepFocus = (event: { preventDefault: () => void }) => event.preventDefault();

type WayIn = 'signup' | 'link' | 'phone';

/**
 * The URL state of /login: `forgot=1` (the recovery step) or `mode` (another way in), with the
 * logout `reason` in words and the same-origin `redirect`; the setters keep `reason` and `redirect`.
 */
function useLoginUrl() {
  const [searchParams, setSearchParams] = useSearchParams();
  const forgot = searchParams.get('forgot') === '1';
  const modeParam = searchParams.get('mode');
  const mode: WayIn | null =
    modeParam === 'signup' || modeParam === 'link' || modeParam === 'phone' ? modeParam : null;
  /** Shows or hides the recovery step, keeping `reason` and `redirect` in the URL. */
  const setForgot = (on: boolean) =>
    setSearchParams((params) => {
      const next = new URLSearchParams(params);
      if (on) next.set('forgot', '1');
      else next.delete('forgot');
      next.delete('mode');
      return next;
    });
  /** Switches to another way in (`mode`), or back to email + password (null). */
  const setMode = (next: WayIn | null) =>
    setSearchParams((params) => {
      const updated = new URLSearchParams(params);
      updated.delete('forgot');
      if (next) updated.set('mode', next);
      else updated.delete('mode');
      return updated;
    });
  const reason = searchParams.get('reason');
  const reasonMessage = logoutReasonMessageId(reason);
  const redirect = safeRedirectPath(searchParams.get('redirect'));
  return { forgot, mode, setForgot, setMode, reasonMessage, redirect };
}

/**
 * Email + password sign-in and its second step: the form (validated with contracts `signInInput`
 * once loaded), the sign-in and code mutations, the typed code, and where a signed-in person goes.
 */
function usePasswordSignIn(redirect: string | null) {
  const intl = useIntl();
  const navigate = useNavigate();
  const signIn = useSignIn();
  const verifyCode = useVerifyTotpSignIn();
  const [code, setCode] = useState('');
  const afterSignIn = (actor: Me) => {
    void navigate(redirect ?? (isAdmin(actor) ? '/admin' : '/'), { replace: true });
  };
  const form = useForm<SignInInput>({
    mode: 'controlled',
    initialValues: { email: '', password: '' },
    // Until the schema has loaded (a moment after the form shows) a blur validates nothing; submit waits.
    // The contract judges; the words are the catalogue's, in the page's language.
    validate: (values) => {
      const errors = signInValidator?.(values) ?? {};
      return Object.fromEntries(
        Object.keys(errors).map((field) => [
          field,
          intl.formatMessage({
            id: field === 'password' ? 'auth.login.passwordRequired' : 'auth.login.emailInvalid',
          }),
        ]),
      );
    },
    validateInputOnBlur: true,
  });
  useEffect(() => {
    loadSignInValidator().catch(() => undefined);
  }, []);
  const submitValid = form.onSubmit((values) => {
    verifyCode.reset();
    signIn.mutate({ ...values, returnTo: redirect }, { onSuccess: afterSignIn });
  });
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    // If the schema cannot load (connection lost), the server still validates the sign-in.
    void loadSignInValidator()
      .catch(() => undefined)
      .then(() => submitValid());
  };
  const submitCode = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    verifyCode.mutate(code, { onSuccess: afterSignIn });
  };
  const startOver = () => {
    setCode('');
    signIn.reset();
    verifyCode.reset();
  };
  return { form, signIn, verifyCode, code, setCode, submit, submitCode, startOver, afterSignIn };
}

/** The catalogue id of the card's subtitle for the step on screen. */
function loginSubtitle(forgot: boolean, mode: WayIn | null, codeStep: boolean): string {
  if (forgot) return 'auth.login.subtitleForgot';
  if (mode === 'signup') return 'auth.login.subtitleSignUp';
  if (mode === 'link') return 'auth.login.subtitleLink';
  if (mode === 'phone') return 'auth.login.subtitlePhone';
  if (codeStep) return 'auth.login.subtitleCode';
  return 'auth.login.subtitle';
}

export function LoginPage() {
  const intl = useIntl();
  const { forgot, mode, setForgot, setMode, reasonMessage, redirect } = useLoginUrl();
  const clientConfig = useClientConfig();
  const signUpEnabled = clientConfig.data?.signUpEnabled === true;
  const googleSignInEnabled = clientConfig.data?.googleSignInEnabled === true;
  const googleSignIn = useGoogleSignIn();
  const resend = useResendConfirmation();
  const setupStatus = useSetupStatus();
  const password = usePasswordSignIn(redirect);
  const { form, signIn, afterSignIn } = password;
  const codeStep = signIn.error instanceof TwoFactorRequiredError;
  const unconfirmed = signIn.error instanceof SignInError && signIn.error.code === 'EMAIL_NOT_VERIFIED';
  const other = forgot || mode !== null;
  useEffect(() => clearSessionEndReason(), []);

  return (
    <AuthCard
      title={intl.formatMessage({ id: mode === 'signup' ? 'auth.login.titleSignUp' : 'auth.login.title' })}
      subtitle={intl.formatMessage({ id: loginSubtitle(forgot, mode, codeStep) })}
    >
      <LoginNotices reason={reasonMessage} needsSetup={setupStatus.data?.needsSetup === true} />
      {signIn.error && !codeStep && !other && (
        <AuthErrorAlert title={intl.formatMessage({ id: 'auth.login.failed' })} error={signIn.error} />
      )}
      {unconfirmed && !other && <ResendConfirmation resend={resend} email={form.values.email} />}
      <Suspense fallback={<PageLoader />}>
        {forgot && <PasswordRecoveryForm initialEmail={form.values.email} onBack={() => setForgot(false)} />}
        {mode === 'signup' && signUpEnabled && <SignUpForm onSignedIn={afterSignIn} returnTo={redirect} />}
        {mode === 'link' && <MagicLinkForm initialEmail={form.values.email} />}
        {mode === 'phone' && <PhoneSignInForm onSignedIn={afterSignIn} returnTo={redirect} />}
      </Suspense>
      {codeStep && !other && <TwoStepForm {...password} />}
      <PasswordForm {...password} hidden={codeStep || other} />
      {googleSignInEnabled && !codeStep && !other && (
        <GoogleSignIn googleSignIn={googleSignIn} redirect={redirect} />
      )}
      {!codeStep && <WaysIn mode={mode} signUpEnabled={signUpEnabled} onMode={setMode} />}
      <Text size="sm" c="dimmed">
        {!other && !codeStep && (
          <>
            <Anchor
              component="button"
              type="button"
              size="sm"
              // Keeps focus in the form: a blur would validate the empty email and move this link mid-click.
              onMouseDown={(event) => event.preventDefault()}
              onClick={() => setForgot(true)}
            >
              <FormattedMessage id="auth.login.forgot" />
            </Anchor>{' '}
          </>
        )}
        <Anchor component={Link} to="/" size="sm">
          <FormattedMessage id="auth.login.home" />
        </Anchor>
      </Text>
    </AuthCard>
  );
}

/** Why the last session ended (`?reason=`), and a notice while Tend has no administrator yet. */
function LoginNotices({ reason, needsSetup }: { reason: string | null; needsSetup: boolean }) {
  const intl = useIntl();
  return (
    <>
      {reason && (
        <Alert
          variant="light"
          color="blue"
          icon={<IconInfoCircle aria-hidden />}
          role="status"
          data-testid="logout-reason"
        >
          <FormattedMessage id={reason} />
        </Alert>
      )}
      {needsSetup && (
        <Alert variant="light" color="yellow" title={intl.formatMessage({ id: 'auth.login.notSetUpTitle' })}>
          <FormattedMessage id="auth.login.notSetUp" />
        </Alert>
      )}
    </>
  );
}

/** For an account whose email is not confirmed yet: send the confirmation email again. */
function ResendConfirmation({
  resend,
  email,
}: {
  resend: ReturnType<typeof useResendConfirmation>;
  email: string;
}) {
  const intl = useIntl();
  return (
    <>
      {resend.isSuccess ? (
        <Alert variant="light" color="green" role="status" data-testid="confirmation-resent">
          <FormattedMessage id="auth.login.resent" values={{ email: resend.variables, hours: 24 }} />
        </Alert>
      ) : (
        resend.error && (
          <AuthErrorAlert
            title={intl.formatMessage({ id: 'auth.login.resendFailed' })}
            error={resend.error}
          />
        )
      )}
      <Button variant="light" loading={resend.isPending} onClick={() => resend.mutate(email)} fullWidth>
        <FormattedMessage id="auth.login.resend" />
      </Button>
    </>
  );
}

type PasswordSignIn = ReturnType<typeof usePasswordSignIn>;

/** The second step of an account with two-step verification: the authenticator (or backup) code. */
function TwoStepForm({ verifyCode, code, setCode, submitCode, startOver }: PasswordSignIn) {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  return (
    <form onSubmit={submitCode} noValidate aria-label={t('auth.login.twoStep')}>
      <Stack gap="sm">
        {verifyCode.error && <AuthErrorAlert title={t('auth.login.verifyFailed')} error={verifyCode.error} />}
        <TextInput
          label={t('auth.login.code')}
          description={t('auth.login.codeDescription')}
          autoComplete="one-time-code"
          inputMode="text"
          required
          autoFocus
          value={code}
          onChange={(event) => setCode(event.currentTarget.value)}
          error={code.length > 40 ? t('auth.login.codeTooLong') : undefined}
        />
        <Button type="submit" loading={verifyCode.isPending} disabled={!code.trim()} fullWidth mt="xs">
          {t('auth.login.verify')}
        </Button>
        <Button variant="subtle" onClick={startOver}>
          {t('auth.login.otherAccount')}
        </Button>
      </Stack>
    </form>
  );
}

/** Email and password; kept mounted (hidden) during the other steps so what was typed stays. */
function PasswordForm({ form, signIn, submit, hidden }: PasswordSignIn & { hidden: boolean }) {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  return (
    <form onSubmit={submit} noValidate aria-label={t('auth.login.form')} hidden={hidden}>
      <Stack gap="sm">
        <TextInput
          label={t('auth.login.email')}
          type="email"
          autoComplete="username"
          required
          autoFocus
          {...form.getInputProps('email')}
        />
        <PasswordInput
          label={t('auth.login.password')}
          autoComplete="current-password"
          required
          {...form.getInputProps('password')}
        />
        <Button type="submit" loading={signIn.isPending} fullWidth mt="xs">
          {t('auth.login.submit')}
        </Button>
      </Stack>
    </form>
  );
}

/** "Continue with Google" (it ends at `/auth/callback`), with its error. */
function GoogleSignIn({
  googleSignIn,
  redirect,
}: {
  googleSignIn: ReturnType<typeof useGoogleSignIn>;
  redirect: string | null;
}) {
  const intl = useIntl();
  return (
    <Stack gap="xs">
      {googleSignIn.error && (
        <AuthErrorAlert
          title={intl.formatMessage({ id: 'auth.login.googleFailed' })}
          error={googleSignIn.error}
        />
      )}
      <Button
        variant="default"
        leftSection={<IconBrandGoogle size={18} aria-hidden />}
        loading={googleSignIn.isPending || googleSignIn.isSuccess}
        onClick={() => googleSignIn.mutate(redirect)}
        fullWidth
      >
        <FormattedMessage id="auth.login.google" />
      </Button>
    </Stack>
  );
}

/** Links to the other ways in than the one on screen (sign-up only when the server allows it). */
function WaysIn({
  mode,
  signUpEnabled,
  onMode,
}: {
  mode: WayIn | null;
  signUpEnabled: boolean;
  onMode: (mode: WayIn | null) => void;
}) {
  const intl = useIntl();
  const link = (to: WayIn | null, id: string) => (
    <Anchor component="button" type="button" size="sm" onMouseDown={keepFocus} onClick={() => onMode(to)}>
      {intl.formatMessage({ id })}
    </Anchor>
  );
  return (
    <Text size="sm" c="dimmed" component="div">
      <Stack gap={4} align="flex-start">
        {mode !== null && link(null, 'auth.login.wayPassword')}
        {mode !== 'link' && link('link', 'auth.login.wayLink')}
        {mode !== 'phone' && link('phone', 'auth.login.wayPhone')}
        {signUpEnabled && mode !== 'signup' && link('signup', 'auth.login.waySignUp')}
      </Stack>
    </Text>
  );
}
