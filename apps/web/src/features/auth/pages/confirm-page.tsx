/**
 * `/confirm?type=…&token=…` (spec s.2, public, no layout): the page every account email links to
 * (docs/accounts.md):
 * - `invite`: shows who the invitation is for, the invitee chooses a password (password policy; every reason a
 *   password is refused shows under the input), then is signed in and lands on `/admin` (admins) or `/`;
 * - `recovery`: a new password for a reset link; every session ends, so it then offers "Sign in";
 * - `email_change`: a button confirms the new sign-in email (a button, not on open: mail scanners open links);
 * - `signup`: a button confirms a new account's email and signs in (docs/decisions/0018-sign-up.md);
 * - `magiclink`: a button signs in with an emailed sign-in link.
 * A used, replaced or expired link says so in words and what to do next. English and Spanish (decision 0042): words
 * from the catalogue, server errors by code (auth-error-alert.tsx, error-words.ts).
 */
import { Alert, Anchor, Button, Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconAlertCircle, IconCircleCheck, IconMailCheck } from '@tabler/icons-react';
import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { FormattedMessage, useIntl } from 'react-intl';
import { confirmTypes, type ConfirmType, type FieldError } from '@tend/contracts';
import { isAdmin } from '@tend/contracts/permissions';
import { PageLoader } from '../../../components/ui/page-loader.tsx';
import {
  useAcceptInvitation,
  useConfirmEmailChange,
  useInvitation,
  useResetPassword,
} from '../api/accounts.ts';
import { useSignIn } from '../api/sign-in.ts';
import { useOpenLink } from '../api/sign-up.ts';
import { AuthCard } from '../../../app/layouts/auth-card.tsx';
import { AuthErrorAlert, applyFieldErrors } from '../components/auth-error-alert.tsx';
import { errorWords, isLinkError, type LinkKind } from '../error-words.ts';
import {
  NewPasswordInputs,
  validateNewPassword,
  type NewPasswordValues,
} from '../components/new-password-inputs.tsx';

/** A refused link (used, replaced, expired): what happened and what to do next, for this kind of link. */
function LinkErrorAlert({ title, error, kind }: { title: string; error: unknown; kind: LinkKind }) {
  const words = errorWords(error, { link: kind });
  return (
    <Alert color="red" variant="light" role="alert" title={title} icon={<IconAlertCircle aria-hidden />}>
      <FormattedMessage id={words.id} values={words.values} />
    </Alert>
  );
}

/** "New password" and "Repeat the password", with the policy hint, and the submit button. */
function NewPasswordForm({
  label,
  submitLabel,
  saving,
  onSubmit,
  error,
  kind,
}: {
  label: string;
  submitLabel: string;
  saving: boolean;
  /** Saves; on a failed save, returns the API error so its field errors land on the input. */
  onSubmit: (password: string, done: (error?: unknown) => void) => void;
  error: unknown;
  kind: LinkKind;
}) {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  const [unmatched, setUnmatched] = useState<FieldError[]>([]);
  const form = useForm<NewPasswordValues>({
    mode: 'controlled',
    initialValues: { password: '', repeat: '' },
    validate: (values) => validateNewPassword(intl, values),
  });
  const submit = form.onSubmit((values) => {
    setUnmatched([]);
    onSubmit(values.password, (failure) => {
      // A link error's words are the alert's message already; do not list them twice.
      if (failure) {
        const password = t('auth.newPassword.password');
        setUnmatched(
          applyFieldErrors(intl, form, failure, { password, newPassword: password }).filter(
            (e) => e.path !== 'token',
          ),
        );
      }
    });
  });
  return (
    <form onSubmit={submit} noValidate aria-label={label}>
      <Stack gap="sm">
        {isLinkError(error) ? (
          <LinkErrorAlert title={t('auth.confirm.linkBroken')} error={error} kind={kind} />
        ) : (
          Boolean(error) && (
            <AuthErrorAlert
              title={t('auth.confirm.passwordNotSaved')}
              error={error}
              fieldErrors={unmatched}
            />
          )
        )}
        <NewPasswordInputs
          repeatLabel={t('auth.newPassword.repeat')}
          passwordProps={{ ...form.getInputProps('password'), autoFocus: true }}
          repeatProps={form.getInputProps('repeat')}
        />
        <Button type="submit" loading={saving} fullWidth mt="xs">
          {submitLabel}
        </Button>
      </Stack>
    </form>
  );
}

function SignInLink({ id = 'auth.confirm.goToSignIn' }: { id?: string }) {
  return (
    <Button component={Link} to="/login" variant="light" fullWidth>
      <FormattedMessage id={id} />
    </Button>
  );
}

function AcceptInvitation({ token }: { token: string }) {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  const navigate = useNavigate();
  const invitation = useInvitation(token);
  const accept = useAcceptInvitation();
  const signIn = useSignIn();
  if (invitation.isPending) return <PageLoader />;
  if (invitation.isError) {
    return (
      <AuthCard title={t('auth.confirm.invitationBroken')}>
        {isLinkError(invitation.error) ? (
          <LinkErrorAlert
            title={t('auth.confirm.invitationUnusable')}
            error={invitation.error}
            kind="invite"
          />
        ) : (
          <AuthErrorAlert title={t('auth.confirm.invitationUnusable')} error={invitation.error} />
        )}
        <SignInLink />
      </AuthCard>
    );
  }
  const details = invitation.data;
  return (
    <AuthCard
      title={t('auth.confirm.welcome')}
      subtitle={intl.formatMessage(
        { id: 'auth.confirm.invitedAs' },
        { name: details.fullName ?? details.email, role: details.role },
      )}
    >
      <Text size="sm">
        <FormattedMessage
          id="auth.confirm.choosePasswordFor"
          values={{ email: details.email, b: (text) => <strong>{text}</strong> }}
        />
      </Text>
      {signIn.error ? (
        <>
          <AuthErrorAlert title={t('auth.confirm.setButSignInFailed')} error={signIn.error} />
          <SignInLink />
        </>
      ) : (
        <NewPasswordForm
          label={t('auth.confirm.chooseYourPassword')}
          submitLabel={t('auth.confirm.setAndSignIn')}
          saving={accept.isPending || signIn.isPending}
          error={accept.error}
          kind="invite"
          onSubmit={(password, done) =>
            accept.mutate(
              { token, password },
              {
                onError: (error) => done(error),
                onSuccess: ({ email }) => {
                  done();
                  signIn.mutate(
                    { email, password },
                    {
                      onSuccess: (actor) => void navigate(isAdmin(actor) ? '/admin' : '/', { replace: true }),
                    },
                  );
                },
              },
            )
          }
        />
      )}
    </AuthCard>
  );
}

function ResetPassword({ token }: { token: string }) {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  const reset = useResetPassword();
  if (reset.isSuccess) {
    return (
      <AuthCard title={t('auth.confirm.passwordChanged')}>
        <Alert variant="light" color="green" icon={<IconCircleCheck aria-hidden />} role="status">
          <FormattedMessage id="auth.confirm.signedOutEverywhere" />
        </Alert>
        <Button component={Link} to="/login" fullWidth>
          <FormattedMessage id="auth.confirm.signIn" />
        </Button>
      </AuthCard>
    );
  }
  return (
    <AuthCard
      title={t('auth.confirm.chooseNewPassword')}
      subtitle={t('auth.confirm.chooseNewPasswordSubtitle')}
    >
      <NewPasswordForm
        label={t('auth.confirm.chooseNewPassword')}
        submitLabel={t('auth.confirm.saveNewPassword')}
        saving={reset.isPending}
        error={reset.error}
        kind="recovery"
        onSubmit={(newPassword, done) =>
          reset.mutate({ token, newPassword }, { onError: (error) => done(error), onSuccess: () => done() })
        }
      />
      <Text size="sm" c="dimmed">
        <FormattedMessage
          id="auth.confirm.linkExpired"
          values={{
            link: (text) => (
              <Anchor component={Link} to="/login?forgot=1" size="sm">
                {text}
              </Anchor>
            ),
          }}
        />
      </Text>
    </AuthCard>
  );
}

function ConfirmEmailChange({ token }: { token: string }) {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  const confirm = useConfirmEmailChange();
  if (confirm.isSuccess) {
    return (
      <AuthCard title={t('auth.confirm.emailChanged')}>
        <Alert variant="light" color="green" icon={<IconCircleCheck aria-hidden />} role="status">
          <FormattedMessage
            id="auth.confirm.nowSignInWith"
            values={{ email: confirm.data.email, b: (text) => <strong>{text}</strong> }}
          />
        </Alert>
        <Button component={Link} to="/" fullWidth>
          <FormattedMessage id="auth.login.home" />
        </Button>
      </AuthCard>
    );
  }
  return (
    <AuthCard title={t('auth.confirm.confirmNewEmail')} subtitle={t('auth.confirm.confirmNewEmailSubtitle')}>
      {confirm.error &&
        (isLinkError(confirm.error) ? (
          <LinkErrorAlert
            title={t('auth.account.emailNotChanged')}
            error={confirm.error}
            kind="emailChange"
          />
        ) : (
          <AuthErrorAlert title={t('auth.account.emailNotChanged')} error={confirm.error} />
        ))}
      <Button
        leftSection={<IconMailCheck size={18} aria-hidden />}
        loading={confirm.isPending}
        onClick={() => confirm.mutate(token)}
        fullWidth
      >
        <FormattedMessage id="auth.confirm.confirmNewEmailButton" />
      </Button>
    </AuthCard>
  );
}

/** `signup` and `magiclink`: one button opens the session (mail scanners open links, they do not press buttons). */
function OpenLink({ kind, token }: { kind: 'signup' | 'magiclink'; token: string }) {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  const navigate = useNavigate();
  const open = useOpenLink();
  const signup = kind === 'signup';
  return (
    <AuthCard
      title={t(signup ? 'auth.confirm.confirmAccount' : 'auth.login.title')}
      subtitle={t(signup ? 'auth.confirm.confirmAccountSubtitle' : 'auth.confirm.magicLinkSubtitle')}
    >
      {open.error &&
        (isLinkError(open.error) ? (
          <LinkErrorAlert title={t('auth.confirm.linkBroken')} error={open.error} kind="open" />
        ) : (
          <AuthErrorAlert title={t('auth.confirm.linkBroken')} error={open.error} />
        ))}
      {open.error ? (
        <SignInLink />
      ) : (
        <Button
          leftSection={<IconMailCheck size={18} aria-hidden />}
          loading={open.isPending}
          onClick={() =>
            open.mutate(
              { kind, token },
              { onSuccess: (actor) => void navigate(isAdmin(actor) ? '/admin' : '/', { replace: true }) },
            )
          }
          fullWidth
        >
          <FormattedMessage id={signup ? 'auth.confirm.confirmAndSignIn' : 'auth.confirm.signIn'} />
        </Button>
      )}
    </AuthCard>
  );
}

export function ConfirmPage() {
  const intl = useIntl();
  const [searchParams] = useSearchParams();
  const type = searchParams.get('type');
  const token = searchParams.get('token')?.trim() ?? '';
  const known = confirmTypes.find((t): t is ConfirmType => t === type);
  // Link tokens are base64url; an email confirmation token is a signed JWT (three dot-separated parts).
  if (!known || !/^[\w.-]{1,2000}$/.test(token)) {
    return (
      <AuthCard title={intl.formatMessage({ id: 'auth.confirm.incomplete' })}>
        <Alert variant="light" color="yellow" title={intl.formatMessage({ id: 'auth.confirm.openWhole' })}>
          <FormattedMessage id="auth.confirm.openWholeText" />
        </Alert>
        <SignInLink />
      </AuthCard>
    );
  }
  if (known === 'invite') return <AcceptInvitation token={token} />;
  if (known === 'recovery') return <ResetPassword token={token} />;
  if (known === 'signup' || known === 'magiclink') return <OpenLink kind={known} token={token} />;
  return <ConfirmEmailChange token={token} />;
}
