/**
 * `/confirm?type=…&token=…` (spec s.2, public, no layout): the page every account email links to
 * (docs/accounts.md):
 * - `invite`: shows who the invitation is for, the invitee chooses a password (password policy; every reason a
 *   password is refused shows under the input), then is signed in and lands on `/admin` (admins) or `/`;
 * - `recovery`: a new password for a reset link; every session ends, so it then offers "Sign in";
 * - `email_change`: a button confirms the new sign-in email (a button, not on open: mail scanners open links);
 * - `signup`: a button confirms a new account's email and signs in (docs/decisions/0018-sign-up.md);
 * - `magiclink`: a button signs in with an emailed sign-in link.
 * A used, replaced or expired link says so in words and what to do next.
 */
import { Alert, Anchor, Button, Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconAlertCircle, IconCircleCheck, IconMailCheck } from '@tabler/icons-react';
import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { confirmTypes, type ConfirmType, type FieldError } from '@tend/contracts';
import { isAdmin } from '@tend/contracts/permissions';
import { applyApiFieldErrors } from '../../../lib/form-errors.ts';
import { ApiErrorAlert, errorMessage } from '../../../components/ui/api-error-alert.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { PageLoader } from '../../../components/ui/page-loader.tsx';
import {
  useAcceptInvitation,
  useConfirmEmailChange,
  useInvitation,
  useResetPassword,
} from '../api/accounts.ts';
import { useSignIn } from '../api/sign-in.ts';
import { useOpenLink } from '../api/sign-up.ts';
import { AuthCard } from './auth-card.tsx';
import {
  NewPasswordInputs,
  validateNewPassword,
  type NewPasswordValues,
} from '../components/new-password-inputs.tsx';

const roleWords = {
  ADMIN: 'an administrator',
  GUARDIAN: 'a guardian',
  CAREGIVER: 'a caregiver',
  USER: 'a user',
};

/** Whether the API refused the link itself (used, replaced, expired): a 400 with a field error on `token`. */
const isLinkError = (error: unknown) =>
  error instanceof ApiError && error.fieldErrors.some((fieldError) => fieldError.path === 'token');

/** A refused link: the server's sentence says what happened and what to do next. */
function LinkErrorAlert({ title, error }: { title: string; error: unknown }) {
  return (
    <Alert color="red" variant="light" role="alert" title={title} icon={<IconAlertCircle aria-hidden />}>
      {errorMessage(error)}
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
}: {
  label: string;
  submitLabel: string;
  saving: boolean;
  /** Saves; on a failed save, returns the API error so its field errors land on the input. */
  onSubmit: (password: string, done: (error?: unknown) => void) => void;
  error: unknown;
}) {
  const [unmatched, setUnmatched] = useState<FieldError[]>([]);
  const form = useForm<NewPasswordValues>({
    mode: 'controlled',
    initialValues: { password: '', repeat: '' },
    validate: validateNewPassword,
  });
  const submit = form.onSubmit((values) => {
    setUnmatched([]);
    onSubmit(values.password, (failure) => {
      // A link error's words are the alert's message already; do not list them twice.
      if (failure)
        setUnmatched(
          applyApiFieldErrors(form, failure, { password: 'Password', newPassword: 'Password' }).filter(
            (e) => e.path !== 'token',
          ),
        );
    });
  });
  return (
    <form onSubmit={submit} noValidate aria-label={label}>
      <Stack gap="sm">
        {isLinkError(error) ? (
          <LinkErrorAlert title="This link does not work" error={error} />
        ) : (
          Boolean(error) && (
            <ApiErrorAlert title="The password was not saved" error={error} fieldErrors={unmatched} />
          )
        )}
        <NewPasswordInputs
          repeatLabel="Repeat the password"
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

function SignInLink({ label = 'Go to sign in' }: { label?: string }) {
  return (
    <Button component={Link} to="/login" variant="light" fullWidth>
      {label}
    </Button>
  );
}

function AcceptInvitation({ token }: { token: string }) {
  const navigate = useNavigate();
  const invitation = useInvitation(token);
  const accept = useAcceptInvitation();
  const signIn = useSignIn();
  if (invitation.isPending) return <PageLoader />;
  if (invitation.isError) {
    return (
      <AuthCard title="This invitation link does not work">
        {isLinkError(invitation.error) ? (
          <LinkErrorAlert title="The invitation cannot be used" error={invitation.error} />
        ) : (
          <ApiErrorAlert title="The invitation cannot be used" error={invitation.error} />
        )}
        <SignInLink />
      </AuthCard>
    );
  }
  const details = invitation.data;
  return (
    <AuthCard
      title="Welcome to Tend"
      subtitle={`${details.fullName ?? details.email}, your agency invited you as ${roleWords[details.role]}.`}
    >
      <Text size="sm">
        Choose the password you will sign in with. Your sign-in email is <strong>{details.email}</strong>.
      </Text>
      {signIn.error ? (
        <>
          <ApiErrorAlert title="Your password is set, but signing in failed" error={signIn.error} />
          <SignInLink />
        </>
      ) : (
        <NewPasswordForm
          label="Choose your password"
          submitLabel="Set password and sign in"
          saving={accept.isPending || signIn.isPending}
          error={accept.error}
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
  const reset = useResetPassword();
  if (reset.isSuccess) {
    return (
      <AuthCard title="Your password is changed">
        <Alert variant="light" color="green" icon={<IconCircleCheck aria-hidden />} role="status">
          For your safety you were signed out everywhere. Sign in with your new password.
        </Alert>
        <Button component={Link} to="/login" fullWidth>
          Sign in
        </Button>
      </AuthCard>
    );
  }
  return (
    <AuthCard title="Choose a new password" subtitle="Choosing a new password signs you out on every device.">
      <NewPasswordForm
        label="Choose a new password"
        submitLabel="Save new password"
        saving={reset.isPending}
        error={reset.error}
        onSubmit={(newPassword, done) =>
          reset.mutate({ token, newPassword }, { onError: (error) => done(error), onSuccess: () => done() })
        }
      />
      <Text size="sm" c="dimmed">
        Link expired?{' '}
        <Anchor component={Link} to="/login?forgot=1" size="sm">
          Ask for a new one
        </Anchor>
      </Text>
    </AuthCard>
  );
}

function ConfirmEmailChange({ token }: { token: string }) {
  const confirm = useConfirmEmailChange();
  if (confirm.isSuccess) {
    return (
      <AuthCard title="Your email is changed">
        <Alert variant="light" color="green" icon={<IconCircleCheck aria-hidden />} role="status">
          You now sign in with <strong>{confirm.data.email}</strong>.
        </Alert>
        <Button component={Link} to="/" fullWidth>
          Go to the home page
        </Button>
      </AuthCard>
    );
  }
  return (
    <AuthCard title="Confirm your new email" subtitle="Your sign-in email changes when you confirm.">
      {confirm.error &&
        (isLinkError(confirm.error) ? (
          <LinkErrorAlert title="The email was not changed" error={confirm.error} />
        ) : (
          <ApiErrorAlert title="The email was not changed" error={confirm.error} />
        ))}
      <Button
        leftSection={<IconMailCheck size={18} aria-hidden />}
        loading={confirm.isPending}
        onClick={() => confirm.mutate(token)}
        fullWidth
      >
        Confirm new email
      </Button>
    </AuthCard>
  );
}

/** `signup` and `magiclink`: one button opens the session (mail scanners open links, they do not press buttons). */
function OpenLink({ kind, token }: { kind: 'signup' | 'magiclink'; token: string }) {
  const navigate = useNavigate();
  const open = useOpenLink();
  const signup = kind === 'signup';
  return (
    <AuthCard
      title={signup ? 'Confirm your account' : 'Sign in to Tend'}
      subtitle={signup ? 'Confirming your email signs you in.' : 'This link signs you in once.'}
    >
      {open.error && <LinkErrorAlert title="This link does not work" error={open.error} />}
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
          {signup ? 'Confirm and sign in' : 'Sign in'}
        </Button>
      )}
    </AuthCard>
  );
}

export function ConfirmPage() {
  const [searchParams] = useSearchParams();
  const type = searchParams.get('type');
  const token = searchParams.get('token')?.trim() ?? '';
  const known = confirmTypes.find((t): t is ConfirmType => t === type);
  // Link tokens are base64url; an email confirmation token is a signed JWT (three dot-separated parts).
  if (!known || !/^[\w.-]{1,2000}$/.test(token)) {
    return (
      <AuthCard title="This link is incomplete">
        <Alert variant="light" color="yellow" title="Open the whole link">
          Open the link from your email again; some email programs cut long links. If it still does not work,
          ask for a new email.
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
