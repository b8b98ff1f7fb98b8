/**
 * `/account` (signed in): the account's name, role and sign-in email, with "Change email" (the new address and
 * the current password: re-authentication; the change happens only when the link emailed to the NEW address is
 * opened, docs/accounts.md), "Change password" (current password, new one twice, "Sign out my other sessions"; an
 * account without a password is told how to set one), a link to two-step verification (`/account/mfa`) and
 * "Sign-in methods": the linked identities (password, Google…), each removable except the last one, and "Link
 * Google account" when Google sign-in is configured (docs/google-sign-in.md). Google brings a link back here with
 * `?linked=google` or `?error=<code>`, shown in words.
 */
import {
  Alert,
  Anchor,
  Button,
  Card,
  Group,
  PasswordInput,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconBrandGoogle, IconCircleCheck, IconMailForward, IconShieldLock } from '@tabler/icons-react';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { emailChangeInput, type EmailChangeInput, type FieldError } from '@tend/contracts';
import { useMe } from '../../../lib/me.ts';
import { useClientConfig } from '../../../lib/client-config.tsx';
import { applyApiFieldErrors, contractValidator } from '../../../lib/form-errors.ts';
import { ApiErrorAlert, LoadErrorAlert } from '../../../components/ui/api-error-alert.tsx';
import { PageLoader } from '../../../components/ui/page-loader.tsx';
import { useRequestEmailChange } from '../api/accounts.ts';
import {
  googleLinkErrorMessage,
  useIdentities,
  useLinkGoogle,
  useUnlinkIdentity,
} from '../api/identities.ts';
import { ChangePasswordForm } from '../components/change-password-form.tsx';
import { formatExactTime } from '../../../lib/format/index.ts';

const labels = { newEmail: 'New email', currentPassword: 'Current password' };
const roleLabels = { ADMIN: 'Admin', GUARDIAN: 'Guardian', CAREGIVER: 'Caregiver', USER: 'User' };

function ChangeEmailForm({ currentEmail }: { currentEmail: string }) {
  const request = useRequestEmailChange();
  const [unmatched, setUnmatched] = useState<FieldError[]>([]);
  const form = useForm<EmailChangeInput>({
    mode: 'controlled',
    initialValues: { newEmail: '', currentPassword: '' },
    validate: contractValidator(emailChangeInput, labels),
    validateInputOnBlur: ['newEmail'],
  });
  const submit = form.onSubmit((values) => {
    setUnmatched([]);
    request.mutate(values, {
      onSuccess: () => form.reset(),
      onError: (error) => setUnmatched(applyApiFieldErrors(form, error, labels)),
    });
  });
  return (
    <form onSubmit={submit} noValidate aria-label="Change email">
      <Stack gap="sm" maw={420}>
        {request.isSuccess && (
          <Alert
            variant="light"
            color="green"
            icon={<IconMailForward aria-hidden />}
            role="status"
            data-testid="email-change-sent"
          >
            We sent a confirmation link to <strong>{request.data.email}</strong>. Your sign-in email stays{' '}
            {currentEmail} until you open it (by {formatExactTime(request.data.expiresAt)}).
          </Alert>
        )}
        {request.error && (
          <ApiErrorAlert title="The email was not changed" error={request.error} fieldErrors={unmatched} />
        )}
        <TextInput
          label={labels.newEmail}
          type="email"
          autoComplete="email"
          required
          {...form.getInputProps('newEmail')}
        />
        <PasswordInput
          label={labels.currentPassword}
          description="For your security, confirm it is you."
          autoComplete="current-password"
          required
          {...form.getInputProps('currentPassword')}
        />
        <Group>
          <Button type="submit" loading={request.isPending}>
            Send confirmation link
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** How each identity provider is named on the page (better-auth `providerId`). */
const providerLabels: Record<string, string> = { credential: 'Password', google: 'Google' };

/**
 * "Change password", or for an account without a password identity (it removed it) how to set one: the recovery
 * link creates it (better-auth has no safe client-side "set password").
 */
function PasswordSection() {
  const identities = useIdentities();
  if (identities.data && !identities.data.some((identity) => identity.providerId === 'credential')) {
    return (
      <Text size="sm" data-testid="no-password">
        Your account has no password: you sign in with Google. To add one, sign out and choose &ldquo;Forgot
        your password?&rdquo; on the sign-in page; the emailed link lets you choose it.
      </Text>
    );
  }
  return (
    <>
      <Text size="sm" mb="sm">
        Enter your current password and choose a new one. Forgot the current one? Sign out and choose
        &ldquo;Forgot your password?&rdquo; on the sign-in page.
      </Text>
      <ChangePasswordForm />
    </>
  );
}

/** What Google's return to `/account` says: linked, or an error code in words; dismissing clears the URL. */
function GoogleLinkResult({ email }: { email: string }) {
  const [searchParams, setSearchParams] = useSearchParams();
  const error = searchParams.get('error');
  const linked = searchParams.get('linked') === 'google';
  if (!error && !linked) return null;
  const dismiss = () =>
    setSearchParams(
      (params) => {
        params.delete('error');
        params.delete('error_description');
        params.delete('linked');
        return params;
      },
      { replace: true },
    );
  return error ? (
    <Alert
      variant="light"
      color="red"
      role="alert"
      title="Google was not linked"
      withCloseButton
      closeButtonLabel="Dismiss"
      onClose={dismiss}
      data-testid="google-link-error"
    >
      {googleLinkErrorMessage(error, email)}
    </Alert>
  ) : (
    <Alert
      variant="light"
      color="green"
      role="status"
      icon={<IconCircleCheck aria-hidden />}
      withCloseButton
      closeButtonLabel="Dismiss"
      onClose={dismiss}
      data-testid="google-linked"
    >
      Your Google account is linked: &ldquo;Continue with Google&rdquo; now signs you in.
    </Alert>
  );
}

function SignInMethods({ email, googleEnabled }: { email: string; googleEnabled: boolean }) {
  const identities = useIdentities();
  const unlink = useUnlinkIdentity();
  const linkGoogle = useLinkGoogle();
  const hasGoogle = identities.data?.some((identity) => identity.providerId === 'google') ?? false;
  if (identities.error)
    return (
      <LoadErrorAlert
        title="Sign-in methods could not be loaded"
        error={identities.error}
        onRetry={() => void identities.refetch()}
      />
    );
  if (!identities.data) return <Text size="sm">Loading sign-in methods…</Text>;
  return (
    <Stack gap="sm">
      <GoogleLinkResult email={email} />
      {unlink.error && <ApiErrorAlert title="The sign-in method was not removed" error={unlink.error} />}
      {linkGoogle.error && <ApiErrorAlert title="Google was not linked" error={linkGoogle.error} />}
      {identities.data.length === 0 ? (
        <Text size="sm">No sign-in method is linked. Ask your administrator to set a password for you.</Text>
      ) : (
        <Table aria-label="Sign-in methods" maw={560}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Method</Table.Th>
              <Table.Th>Added</Table.Th>
              <Table.Th>
                <VisuallyHidden>Actions</VisuallyHidden>
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {identities.data.map((identity) => {
              const label = providerLabels[identity.providerId] ?? identity.providerId;
              return (
                <Table.Tr key={identity.id} data-testid="sign-in-method">
                  <Table.Td>{label}</Table.Td>
                  <Table.Td>{formatExactTime(identity.createdAt)}</Table.Td>
                  <Table.Td>
                    <Button
                      size="xs"
                      variant="subtle"
                      color="red"
                      aria-label={`Remove ${label}`}
                      loading={unlink.isPending && unlink.variables === identity.id}
                      onClick={() => unlink.mutate(identity.id)}
                    >
                      Remove
                    </Button>
                  </Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      )}
      {googleEnabled && !hasGoogle && (
        <Group>
          <Button
            variant="default"
            leftSection={<IconBrandGoogle size={18} aria-hidden />}
            loading={linkGoogle.isPending || linkGoogle.isSuccess}
            onClick={() => linkGoogle.mutate()}
          >
            Link Google account
          </Button>
        </Group>
      )}
    </Stack>
  );
}

export function AccountPage() {
  const { data: me } = useMe();
  const clientConfig = useClientConfig();
  const googleEnabled = clientConfig.data?.googleSignInEnabled === true;
  if (!me) return <PageLoader />;
  return (
    <Stack gap="md" maw={880}>
      <div>
        <Title order={1}>Account</Title>
        <Text c="dimmed">Your sign-in details. Your administrator manages your role and name.</Text>
      </div>
      <Card withBorder padding="md" radius="md" component="section" aria-label="Your account">
        {/* A long address breaks anywhere rather than run out of the card on a 320 px phone. */}
        <Stack gap={4} style={{ overflowWrap: 'anywhere' }}>
          <Text fw={500}>{me.fullName ?? me.email}</Text>
          <Text size="sm">
            Sign-in email: <strong data-testid="account-email">{me.email}</strong>
          </Text>
          <Text size="sm">Role: {roleLabels[me.role]}</Text>
        </Stack>
      </Card>
      <Card withBorder padding="md" radius="md" component="section" aria-label="Change email">
        <Title order={2} size="h4" mb="xs">
          Change email
        </Title>
        <Text size="sm" mb="sm">
          Enter the new address and your current password. We email a link to the new address; your sign-in
          email changes when you open it, and the old address gets a notice.
        </Text>
        <ChangeEmailForm currentEmail={me.email} />
      </Card>
      <Card withBorder padding="md" radius="md" component="section" aria-label="Change password">
        <Title order={2} size="h4" mb="xs">
          Change password
        </Title>
        <PasswordSection />
      </Card>
      <Card withBorder padding="md" radius="md" component="section" aria-label="Security">
        <Title order={2} size="h4" mb="xs">
          Security
        </Title>
        <Text size="sm">
          <Anchor component={Link} to="/account/mfa">
            <IconShieldLock size={14} aria-hidden /> Two-step verification
          </Anchor>{' '}
          adds a code from your phone to every sign-in.
        </Text>
      </Card>
      <Card withBorder padding="md" radius="md" component="section" aria-label="Sign-in methods">
        <Title order={2} size="h4" mb="xs">
          Sign-in methods
        </Title>
        <Text size="sm" mb="sm">
          The ways you can sign in. You cannot remove your only one.
          {googleEnabled && (
            <>
              {' '}
              A Google account can be linked when its email is your sign-in email, {me.email}: with
              &ldquo;Link Google account&rdquo; below, or on your first &ldquo;Continue with Google&rdquo;.
            </>
          )}
        </Text>
        <SignInMethods email={me.email} googleEnabled={googleEnabled} />
      </Card>
    </Stack>
  );
}
