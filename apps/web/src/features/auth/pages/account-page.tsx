/**
 * `/account` (signed in): the account's name, role and sign-in email, with "Change email" (the new address and
 * the current password: re-authentication; the change happens only when the link emailed to the NEW address is
 * opened, docs/accounts.md), "Change password" (current password, new one twice, "Sign out my other sessions"; an
 * account without a password is told how to set one), a link to two-step verification (`/account/mfa`) and
 * "Sign-in methods": the linked identities (password, Google…), each removable except the last one, and "Link
 * Google account" when Google sign-in is configured (docs/google-sign-in.md). Google brings a link back here with
 * `?linked=google` or `?error=<code>`, shown in words. English and Spanish (decision 0042): words from the catalogue,
 * server errors by code (auth-error-alert.tsx), dates in the page's language and the agency's time zone.
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
import { useState, type ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import { FormattedMessage, useIntl } from 'react-intl';
import { emailChangeInput, type EmailChangeInput, type FieldError } from '@tend/contracts';
import { useMe } from '../../../lib/me.ts';
import { useClientConfig } from '../../../lib/client-config.tsx';
import { contractValidator } from '../../../lib/form-errors.ts';
import { useDates } from '../../../i18n/dates.ts';
import { PageLoader } from '../../../components/ui/page-loader.tsx';
import { useRequestEmailChange } from '../api/accounts.ts';
import { useIdentities, useLinkGoogle, useUnlinkIdentity } from '../api/identities.ts';
import { googleLinkErrorMessageId } from '../identity-errors.ts';
import { ChangePasswordForm } from '../components/change-password-form.tsx';
import { AuthErrorAlert, applyFieldErrors } from '../components/auth-error-alert.tsx';

const validateEmailChange = contractValidator(emailChangeInput);

function ChangeEmailForm({ currentEmail }: { currentEmail: string }) {
  const intl = useIntl();
  const dates = useDates();
  const t = (id: string) => intl.formatMessage({ id });
  const labels = { newEmail: t('auth.account.newEmail'), currentPassword: t('auth.account.currentPassword') };
  const request = useRequestEmailChange();
  const [unmatched, setUnmatched] = useState<FieldError[]>([]);
  const form = useForm<EmailChangeInput>({
    mode: 'controlled',
    initialValues: { newEmail: '', currentPassword: '' },
    // The contract judges; the words are the catalogue's, in the page's language.
    validate: (values) =>
      Object.fromEntries(
        Object.keys(validateEmailChange(values)).map((field) => [
          field,
          t(field === 'newEmail' ? 'auth.account.newEmailInvalid' : 'auth.account.currentPasswordRequired'),
        ]),
      ),
    validateInputOnBlur: ['newEmail'],
  });
  const submit = form.onSubmit((values) => {
    setUnmatched([]);
    request.mutate(values, {
      onSuccess: () => form.reset(),
      onError: (error) => setUnmatched(applyFieldErrors(intl, form, error, labels)),
    });
  });
  return (
    <form onSubmit={submit} noValidate aria-label={t('auth.account.changeEmail')}>
      <Stack gap="sm" maw={420}>
        {request.isSuccess && (
          <Alert
            variant="light"
            color="green"
            icon={<IconMailForward aria-hidden />}
            role="status"
            data-testid="email-change-sent"
            // Long addresses break anywhere rather than run out of the alert on a 320 px phone.
            style={{ overflowWrap: 'anywhere' }}
          >
            <FormattedMessage
              id="auth.account.emailChangeSent"
              values={{
                email: request.data.email,
                current: currentEmail,
                until: dates.exact(request.data.expiresAt),
                b: (text) => <strong>{text}</strong>,
              }}
            />
          </Alert>
        )}
        {request.error && (
          <AuthErrorAlert
            title={t('auth.account.emailNotChanged')}
            error={request.error}
            fieldErrors={unmatched}
            labels={labels}
          />
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
          description={t('auth.account.confirmItIsYou')}
          autoComplete="current-password"
          required
          {...form.getInputProps('currentPassword')}
        />
        <Group>
          <Button type="submit" loading={request.isPending}>
            <FormattedMessage id="auth.account.sendConfirmation" />
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** How each identity provider is named on the page (better-auth `providerId`). */
const providerLabelIds: Record<string, string> = {
  credential: 'auth.account.providerPassword',
  google: 'auth.account.providerGoogle',
};

/**
 * "Change password", or for an account without a password identity (it removed it) how to set one: the recovery
 * link creates it (better-auth has no safe client-side "set password").
 */
function PasswordSection() {
  const identities = useIdentities();
  if (identities.data && !identities.data.some((identity) => identity.providerId === 'credential')) {
    return (
      <Text size="sm" data-testid="no-password">
        <FormattedMessage id="auth.account.noPassword" />
      </Text>
    );
  }
  return (
    <>
      <Text size="sm" mb="sm">
        <FormattedMessage id="auth.account.changePasswordIntro" />
      </Text>
      <ChangePasswordForm />
    </>
  );
}

/** What Google's return to `/account` says: linked, or an error code in words; dismissing clears the URL. */
function GoogleLinkResult({ email }: { email: string }) {
  const intl = useIntl();
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
      title={intl.formatMessage({ id: 'auth.account.googleNotLinked' })}
      withCloseButton
      closeButtonLabel={intl.formatMessage({ id: 'auth.account.dismiss' })}
      onClose={dismiss}
      data-testid="google-link-error"
    >
      <FormattedMessage id={googleLinkErrorMessageId(error)} values={{ email }} />
    </Alert>
  ) : (
    <Alert
      variant="light"
      color="green"
      role="status"
      icon={<IconCircleCheck aria-hidden />}
      withCloseButton
      closeButtonLabel={intl.formatMessage({ id: 'auth.account.dismiss' })}
      onClose={dismiss}
      data-testid="google-linked"
    >
      <FormattedMessage id="auth.account.googleLinked" />
    </Alert>
  );
}

/** The account's sign-in methods, each with a Remove button. */
function MethodsTable({
  identities,
  unlink,
}: {
  identities: NonNullable<ReturnType<typeof useIdentities>['data']>;
  unlink: ReturnType<typeof useUnlinkIdentity>;
}) {
  const intl = useIntl();
  const dates = useDates();
  const t = (id: string) => intl.formatMessage({ id });
  return (
    <Table aria-label={t('auth.account.methods')} maw={560}>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>
            <FormattedMessage id="auth.account.method" />
          </Table.Th>
          <Table.Th>
            <FormattedMessage id="auth.account.added" />
          </Table.Th>
          <Table.Th>
            <VisuallyHidden>
              <FormattedMessage id="auth.account.actions" />
            </VisuallyHidden>
          </Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {identities.map((identity) => {
          const labelId = providerLabelIds[identity.providerId];
          const label = labelId ? t(labelId) : identity.providerId;
          return (
            <Table.Tr key={identity.id} data-testid="sign-in-method">
              <Table.Td>{label}</Table.Td>
              <Table.Td>{dates.exact(identity.createdAt)}</Table.Td>
              <Table.Td>
                <Button
                  size="xs"
                  variant="subtle"
                  color="red"
                  aria-label={intl.formatMessage({ id: 'auth.account.removeMethod' }, { method: label })}
                  loading={unlink.isPending && unlink.variables === identity.id}
                  onClick={() => unlink.mutate(identity.id)}
                >
                  <FormattedMessage id="auth.account.remove" />
                </Button>
              </Table.Td>
            </Table.Tr>
          );
        })}
      </Table.Tbody>
    </Table>
  );
}

function SignInMethods({ email, googleEnabled }: { email: string; googleEnabled: boolean }) {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  const identities = useIdentities();
  const unlink = useUnlinkIdentity();
  const linkGoogle = useLinkGoogle();
  const hasGoogle = identities.data?.some((identity) => identity.providerId === 'google') ?? false;
  if (identities.error)
    return (
      <AuthErrorAlert
        title={t('auth.account.methodsNotLoaded')}
        error={identities.error}
        onRetry={() => void identities.refetch()}
      />
    );
  if (!identities.data)
    return (
      <Text size="sm">
        <FormattedMessage id="auth.account.methodsLoading" />
      </Text>
    );
  return (
    <Stack gap="sm">
      <GoogleLinkResult email={email} />
      {unlink.error && <AuthErrorAlert title={t('auth.account.methodNotRemoved')} error={unlink.error} />}
      {linkGoogle.error && (
        <AuthErrorAlert title={t('auth.account.googleNotLinked')} error={linkGoogle.error} />
      )}
      {identities.data.length === 0 ? (
        <Text size="sm">
          <FormattedMessage id="auth.account.noMethods" />
        </Text>
      ) : (
        <MethodsTable identities={identities.data} unlink={unlink} />
      )}
      {googleEnabled && !hasGoogle && (
        <Group>
          <Button
            variant="default"
            leftSection={<IconBrandGoogle size={18} aria-hidden />}
            loading={linkGoogle.isPending || linkGoogle.isSuccess}
            onClick={() => linkGoogle.mutate()}
          >
            <FormattedMessage id="auth.account.linkGoogle" />
          </Button>
        </Group>
      )}
    </Stack>
  );
}

/** One titled card of the account page. */
function AccountSection({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card withBorder padding="md" radius="md" component="section" aria-label={title}>
      <Title order={2} size="h4" mb="xs">
        {title}
      </Title>
      {children}
    </Card>
  );
}

export function AccountPage() {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  const { data: me } = useMe();
  const clientConfig = useClientConfig();
  const googleEnabled = clientConfig.data?.googleSignInEnabled === true;
  if (!me) return <PageLoader />;
  return (
    <Stack gap="md" maw={880}>
      <div>
        <Title order={1}>
          <FormattedMessage id="auth.account.title" />
        </Title>
        <Text c="dimmed">
          <FormattedMessage id="auth.account.subtitle" />
        </Text>
      </div>
      <Card withBorder padding="md" radius="md" component="section" aria-label={t('auth.account.yours')}>
        {/* A long address breaks anywhere rather than run out of the card on a 320 px phone. */}
        <Stack gap={4} style={{ overflowWrap: 'anywhere' }}>
          <Text fw={500}>{me.fullName ?? me.email}</Text>
          <Text size="sm">
            <FormattedMessage
              id="auth.account.signInEmail"
              values={{
                email: me.email,
                b: (text) => <strong data-testid="account-email">{text}</strong>,
              }}
            />
          </Text>
          <Text size="sm">
            <FormattedMessage id="auth.account.role" values={{ role: me.role }} />
          </Text>
        </Stack>
      </Card>
      <AccountSection title={t('auth.account.changeEmail')}>
        <Text size="sm" mb="sm">
          <FormattedMessage id="auth.account.changeEmailIntro" />
        </Text>
        <ChangeEmailForm currentEmail={me.email} />
      </AccountSection>
      <AccountSection title={t('auth.account.changePassword')}>
        <PasswordSection />
      </AccountSection>
      <AccountSection title={t('auth.account.security')}>
        <Text size="sm">
          <FormattedMessage
            id="auth.account.securityText"
            values={{
              link: (text) => (
                <Anchor component={Link} to="/account/mfa">
                  <IconShieldLock size={14} aria-hidden /> {text}
                </Anchor>
              ),
            }}
          />
        </Text>
      </AccountSection>
      <AccountSection title={t('auth.account.methods')}>
        <Text size="sm" mb="sm">
          <FormattedMessage id="auth.account.methodsIntro" />
          {googleEnabled && (
            <>
              {' '}
              <FormattedMessage id="auth.account.methodsGoogle" values={{ email: me.email }} />
            </>
          )}
        </Text>
        <SignInMethods email={me.email} googleEnabled={googleEnabled} />
      </AccountSection>
    </Stack>
  );
}
