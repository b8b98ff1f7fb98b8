/**
 * `/setup` (Tend's first run): reads the one-time `?token=` the server printed, checks `GET /api/setup`,
 * and creates the first admin (`POST /api/setup`, contracts `setupInput`), optionally with the demo
 * agency. On success it signs in with the same credentials and opens `/admin`.
 * 403 FORBIDDEN: the token is wrong; 403 CSRF_REJECTED: the page was opened under another host name
 * than Tend's PUBLIC_URL (the server's detail says which to open, or TRUSTED_ORIGINS); 409 CONFLICT: already set up; 400: errors land on their inputs
 * (a refused password shows every reason the server's password policy gives).
 */
import { Alert, Anchor, Button, Checkbox, Group, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { useForm, type UseFormReturnType } from '@mantine/form';
import { IconCircleCheck } from '@tabler/icons-react';
import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import type { FieldError } from '@tend/contracts';
import { passwordHint, setupInput, type SetupInput } from '@tend/contracts';
import { ApiError } from '../../../lib/api-client.ts';
import { applyApiFieldErrors, contractValidator } from '../../../lib/form-errors.ts';
import { ApiErrorAlert } from '../../../components/ui/api-error-alert.tsx';
import { PageLoader } from '../../../components/ui/page-loader.tsx';
import { useCompleteSetup } from '../api/complete-setup.ts';
import { setupStatusQueryOptions, useSetupStatus } from '../api/get-setup-status.ts';
import { useSignIn } from '../api/sign-in.ts';
import { AuthCard } from '../../../app/layouts/auth-card.tsx';

const setupLabels = {
  token: 'Setup token',
  email: 'Email',
  password: 'Password',
  firstName: 'First name',
  lastName: 'Last name',
  loadDemoData: 'Demo agency',
};

function AlreadySetUp() {
  return (
    <AuthCard title="Tend is already set up">
      <Alert variant="light" icon={<IconCircleCheck aria-hidden />} title="Nothing to do here">
        An administrator account exists. Sign in with it, or ask that administrator to create an account for
        you.
      </Alert>
      <Button component={Link} to="/login">
        Sign in
      </Button>
    </AuthCard>
  );
}

/**
 * The setup form's state and submit: completes the setup, then signs the new administrator in and
 * opens /admin. A 409 (set up meanwhile) refreshes the setup status; other field errors land on
 * their inputs, the rest in `unmatched`.
 */
function useSetupForm(initialToken: string) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const completeSetup = useCompleteSetup();
  const signIn = useSignIn();
  const [unmatched, setUnmatched] = useState<FieldError[]>([]);

  const form = useForm<SetupInput>({
    mode: 'controlled',
    initialValues: {
      token: initialToken,
      firstName: '',
      lastName: '',
      email: '',
      password: '',
      loadDemoData: true,
    },
    validate: contractValidator(setupInput, setupLabels),
    validateInputOnBlur: true,
  });

  // Awaited in sequence (not per-call callbacks): the page re-renders as "already set up" once the
  // setup status refreshes, and the sign-in and navigation must still happen.
  const submit = form.onSubmit(async (values) => {
    setUnmatched([]);
    signIn.reset();
    try {
      await completeSetup.mutateAsync(values);
    } catch (error) {
      if (error instanceof ApiError && error.status === 409) {
        void queryClient.invalidateQueries({ queryKey: setupStatusQueryOptions().queryKey });
      } else {
        setUnmatched(applyApiFieldErrors(form, error, setupLabels));
      }
      return;
    }
    try {
      await signIn.mutateAsync({ email: values.email, password: values.password });
    } catch {
      return; // shown by the sign-in error alert, with a link to the sign-in page
    }
    await navigate('/admin', { replace: true });
    void queryClient.invalidateQueries({ queryKey: setupStatusQueryOptions().queryKey });
  });

  return { form, submit, completeSetup, signIn, unmatched };
}

function SetupForm({ initialToken }: { initialToken: string }) {
  const { form, submit, completeSetup, signIn, unmatched } = useSetupForm(initialToken);
  const setupError = completeSetup.error;
  // CSRF_REJECTED is also a 403, but the token was never looked at: the page was opened under another
  // host name than Tend's PUBLIC_URL (e.g. 127.0.0.1 for the printed localhost; issue 16 item 10).
  const otherHost = setupError instanceof ApiError && setupError.code === 'CSRF_REJECTED';
  const badToken = setupError instanceof ApiError && setupError.status === 403 && !otherHost;

  return (
    <AuthCard
      title="Set up Tend"
      subtitle="Create the first administrator account. You can add everyone else from the Users page afterwards."
      width={520}
    >
      {badToken && (
        <Alert color="red" variant="light" role="alert" title="This setup link is not valid">
          Use the one-time link the server printed when it started (it contains the setup token), or paste the
          token below.
        </Alert>
      )}
      {otherHost && (
        <Alert color="red" variant="light" role="alert" title="Open Tend at the address the server printed">
          {setupError.message}
        </Alert>
      )}
      {setupError && !badToken && !otherHost && (
        <ApiErrorAlert title="Setup failed" error={setupError} fieldErrors={unmatched} />
      )}
      {signIn.error && (
        <ApiErrorAlert
          title="Tend is set up, but signing in failed"
          error={signIn.error}
          hint={
            <Anchor component={Link} to="/login" size="sm">
              Go to the sign-in page
            </Anchor>
          }
        />
      )}
      <form onSubmit={submit} noValidate aria-label="Set up Tend">
        <Stack gap="sm">
          {(!initialToken || badToken) && (
            <TextInput
              label="Setup token"
              description="Printed by the server at start, in the /setup?token=… link."
              required
              autoComplete="off"
              {...form.getInputProps('token')}
            />
          )}
          <AdministratorFields form={form} />
          <Button type="submit" loading={completeSetup.isPending || signIn.isPending} mt="xs">
            Create the administrator
          </Button>
        </Stack>
      </form>
      <Text size="sm" c="dimmed">
        Already set up?{' '}
        <Anchor component={Link} to="/login" size="sm" underline="always">
          Sign in
        </Anchor>
      </Text>
    </AuthCard>
  );
}

/** The first administrator's name, email and password, and whether to load the demo agency. */
function AdministratorFields({ form }: { form: UseFormReturnType<SetupInput> }) {
  return (
    <>
      <Group grow align="flex-start">
        <TextInput
          label="First name"
          required
          autoComplete="given-name"
          {...form.getInputProps('firstName')}
        />
        <TextInput
          label="Last name"
          required
          autoComplete="family-name"
          {...form.getInputProps('lastName')}
        />
      </Group>
      <TextInput label="Email" type="email" required autoComplete="email" {...form.getInputProps('email')} />
      <PasswordInput
        label="Password"
        description={passwordHint}
        required
        autoComplete="new-password"
        {...form.getInputProps('password')}
      />
      <Checkbox
        label="Load the demo agency (clearly labelled sample data)"
        description="Sample clients, caregivers and case managers to explore Tend. Leave unticked for a real agency."
        {...form.getInputProps('loadDemoData', { type: 'checkbox' })}
      />
    </>
  );
}

export function SetupPage() {
  const [searchParams] = useSearchParams();
  const status = useSetupStatus();
  if (status.isPending) return <PageLoader />;
  if (status.isError) {
    return (
      <AuthCard title="Set up Tend">
        <ApiErrorAlert
          title="Tend could not check its setup"
          error={status.error}
          hint="Check that the server is running, then reload."
        />
      </AuthCard>
    );
  }
  if (!status.data.needsSetup) return <AlreadySetUp />;
  return <SetupForm initialToken={searchParams.get('token') ?? ''} />;
}
