/**
 * `/account/mfa`: two-step verification (TOTP) for the signed-in account (docs/decisions/0009-mfa.md).
 * - Off: enter the password again, then add the key to an authenticator app (a QR code of the otpauth link,
 *   and the key and link as text), save the backup codes (shown once), and confirm with a first code. The
 *   session becomes aal2.
 * - On: remove it with the password again (the session drops to aal1; an admin then loses PHI access).
 * Admins are sent here (with `?redirect=`) when they open a PHI page before verifying; after enrolment the
 * page returns them there. English and Spanish (decision 0042): words from the catalogue, server errors by code.
 */
import {
  Alert,
  Badge,
  Button,
  Card,
  Code,
  CopyButton,
  Group,
  List,
  PasswordInput,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { IconShieldCheck, IconShieldLock } from '@tabler/icons-react';
import { useNavigate, useSearchParams } from 'react-router';
import { FormattedMessage, useIntl } from 'react-intl';
import { isAdmin } from '@tend/contracts/permissions';
import { useMe } from '../../../lib/me.ts';
import { safeRedirectPath } from '../../../lib/safe-redirect.ts';
import { AuthErrorAlert } from '../components/auth-error-alert.tsx';
import { PageLoader } from '../../../components/ui/page-loader.tsx';
import {
  useConfirmTotp,
  useRemoveTotp,
  useStartTotpEnrolment,
  type TotpEnrolment,
} from '../api/two-factor.ts';
import { TotpQr } from '../components/totp-qr.tsx';

/** The base32 key in groups of four, as authenticator apps show it. */
const grouped = (secret: string) => secret.replace(/(.{4})/g, '$1 ').trim();

function PasswordStep({
  action,
  failed,
  pending,
  error,
  onSubmit,
}: {
  action: string;
  failed: string;
  pending: boolean;
  error: unknown;
  onSubmit: (password: string) => void;
}) {
  const intl = useIntl();
  const [password, setPassword] = useState('');
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (password) onSubmit(password);
  };
  return (
    <form onSubmit={submit} noValidate aria-label={action}>
      <Stack gap="sm" maw={420}>
        {Boolean(error) && <AuthErrorAlert title={failed} error={error} />}
        <PasswordInput
          label={intl.formatMessage({ id: 'auth.mfa.yourPassword' })}
          description={intl.formatMessage({ id: 'auth.account.confirmItIsYou' })}
          autoComplete="current-password"
          required
          value={password}
          onChange={(event) => setPassword(event.currentTarget.value)}
        />
        <Group>
          <Button type="submit" loading={pending} disabled={!password}>
            {action}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** The three steps of turning it on: add the key to the app, save the backup codes, confirm a code. */
function EnrolStep({ enrolment, onDone }: { enrolment: TotpEnrolment; onDone: () => void }) {
  return (
    <Stack gap="md">
      <AddKeyCard enrolment={enrolment} />
      <BackupCodesCard backupCodes={enrolment.backupCodes} />
      <ConfirmCodeCard onDone={onDone} />
    </Stack>
  );
}

/** Step 1: the key as a QR code, as text (with "Copy key") and as a setup link. */
function AddKeyCard({ enrolment }: { enrolment: TotpEnrolment }) {
  const intl = useIntl();
  return (
    <Card
      withBorder
      padding="md"
      radius="md"
      component="section"
      aria-label={intl.formatMessage({ id: 'auth.mfa.addKeyLabel' })}
    >
      <Title order={2} size="h4" mb="xs">
        <FormattedMessage id="auth.mfa.addKey" />
      </Title>
      {/* Beside the QR code on a wide screen, under it on a phone (320 px: no clipped words). */}
      <Group align="flex-start" wrap="wrap" gap="lg" mb="sm">
        <TotpQr uri={enrolment.totpUri} />
        <Text size="sm" style={{ flex: '1 1 12rem' }}>
          <FormattedMessage id="auth.mfa.scan" />
        </Text>
      </Group>
      <Group gap="xs" wrap="wrap" align="center">
        <Code fz="lg" data-testid="totp-secret" style={{ wordBreak: 'break-all' }}>
          {grouped(enrolment.secret)}
        </Code>
        <CopyButton value={enrolment.secret}>
          {({ copied, copy }) => (
            <Button size="xs" variant="light" onClick={copy}>
              <FormattedMessage id={copied ? 'auth.mfa.copied' : 'auth.mfa.copyKey'} />
            </Button>
          )}
        </CopyButton>
      </Group>
      <Text size="sm" c="dimmed" mt="sm">
        <FormattedMessage id="auth.mfa.orLink" />
      </Text>
      <Code block data-testid="totp-uri" style={{ wordBreak: 'break-all', whiteSpace: 'pre-wrap' }}>
        {enrolment.totpUri}
      </Code>
    </Card>
  );
}

/** Step 2: the backup codes, shown only now, with "Copy all backup codes". */
function BackupCodesCard({ backupCodes }: { backupCodes: string[] }) {
  const intl = useIntl();
  return (
    <Card
      withBorder
      padding="md"
      radius="md"
      component="section"
      aria-label={intl.formatMessage({ id: 'auth.mfa.backupLabel' })}
    >
      <Title order={2} size="h4" mb="xs">
        <FormattedMessage id="auth.mfa.backup" />
      </Title>
      <Alert color="yellow" variant="light" mb="sm" title={intl.formatMessage({ id: 'auth.mfa.shownOnce' })}>
        <FormattedMessage id="auth.mfa.backupText" />
      </Alert>
      <SimpleGrid cols={{ base: 2, sm: 5 }} spacing="xs" data-testid="backup-codes">
        {backupCodes.map((backupCode) => (
          <Code key={backupCode} ta="center">
            {backupCode}
          </Code>
        ))}
      </SimpleGrid>
      <Group mt="sm">
        <CopyButton value={backupCodes.join('\n')}>
          {({ copied, copy }) => (
            <Button size="xs" variant="light" onClick={copy}>
              <FormattedMessage id={copied ? 'auth.mfa.copied' : 'auth.mfa.copyBackup'} />
            </Button>
          )}
        </CopyButton>
      </Group>
    </Card>
  );
}

/** Step 3: the code the app shows turns two-step verification on. */
function ConfirmCodeCard({ onDone }: { onDone: () => void }) {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  const confirm = useConfirmTotp();
  const [code, setCode] = useState('');
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    confirm.mutate(code, { onSuccess: onDone });
  };
  return (
    <Card withBorder padding="md" radius="md" component="section" aria-label={t('auth.mfa.confirmLabel')}>
      <Title order={2} size="h4" mb="xs">
        <FormattedMessage id="auth.mfa.confirm" />
      </Title>
      <form onSubmit={submit} noValidate aria-label={t('auth.mfa.confirmForm')}>
        <Stack gap="sm" maw={420}>
          {confirm.error && <AuthErrorAlert title={t('auth.login.verifyFailed')} error={confirm.error} />}
          <TextInput
            label={t('auth.login.code')}
            description={t('auth.mfa.codeDescription')}
            autoComplete="one-time-code"
            inputMode="numeric"
            required
            value={code}
            onChange={(event) => setCode(event.currentTarget.value)}
            error={code.length > 12 ? t('auth.mfa.codeTooLong') : undefined}
          />
          <Group>
            <Button type="submit" loading={confirm.isPending} disabled={!code.trim()}>
              <FormattedMessage id="auth.mfa.turnOnButton" />
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}

export function MfaPage() {
  const intl = useIntl();
  const { data: me } = useMe();
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const redirect = safeRedirectPath(searchParams.get('redirect'));
  const start = useStartTotpEnrolment();
  const remove = useRemoveTotp();
  const [justEnrolled, setJustEnrolled] = useState(false);

  if (!me) return <PageLoader />;
  const enabled = me.mfa?.enabled ?? false;
  const required = me.mfa?.required ?? false;

  const finish = () => {
    setJustEnrolled(true);
    start.reset();
    if (redirect) void navigate(redirect, { replace: true });
  };

  return (
    <Stack gap="md" maw={880}>
      <MfaHeading enabled={enabled} />

      {required && !start.data && (
        <Alert
          color="orange"
          variant="light"
          title={intl.formatMessage({ id: 'auth.mfa.required' })}
          role="status"
        >
          <FormattedMessage
            id="auth.mfa.requiredText"
            values={{ admin: isAdmin(me) ? 'yes' : 'no', back: redirect ? 'yes' : 'no' }}
          />
        </Alert>
      )}
      {justEnrolled && enabled && (
        <Alert
          color="green"
          variant="light"
          title={intl.formatMessage({ id: 'auth.mfa.isOn' })}
          role="status"
        >
          <FormattedMessage id="auth.mfa.isOnText" />
        </Alert>
      )}

      {!enabled && !start.data && <TurnOnCard start={start} />}

      {!enabled && start.data && <EnrolStep enrolment={start.data} onDone={finish} />}

      {enabled && (
        <TurnOffCard
          admin={isAdmin(me)}
          remove={remove}
          onRemoved={() => setJustEnrolled(false)}
          onContinue={redirect && !required ? () => void navigate(redirect, { replace: true }) : undefined}
        />
      )}
    </Stack>
  );
}

/** The title, whether it is on, and what it is. */
function MfaHeading({ enabled }: { enabled: boolean }) {
  return (
    <div>
      <Group gap="sm">
        <Title order={1}>
          <FormattedMessage id="auth.mfa.title" />
        </Title>
        <Badge
          color={enabled ? 'green' : 'gray'}
          variant="light"
          size="lg"
          leftSection={
            enabled ? <IconShieldCheck size={14} aria-hidden /> : <IconShieldLock size={14} aria-hidden />
          }
          data-testid="mfa-status"
        >
          <FormattedMessage id={enabled ? 'auth.mfa.on' : 'auth.mfa.off'} />
        </Badge>
      </Group>
      <Text c="dimmed">
        <FormattedMessage id="auth.mfa.intro" />
      </Text>
    </div>
  );
}

/** How to turn it on, and the password that starts the setup. */
function TurnOnCard({ start }: { start: ReturnType<typeof useStartTotpEnrolment> }) {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  return (
    <Card withBorder padding="md" radius="md" component="section" aria-label={t('auth.mfa.turnOnLabel')}>
      <Title order={2} size="h4" mb="xs">
        <FormattedMessage id="auth.mfa.turnOn" />
      </Title>
      <List size="sm" spacing={4} mb="sm">
        <List.Item>
          <FormattedMessage id="auth.mfa.step1" />
        </List.Item>
        <List.Item>
          <FormattedMessage id="auth.mfa.step2" />
        </List.Item>
        <List.Item>
          <FormattedMessage id="auth.mfa.step3" />
        </List.Item>
      </List>
      <PasswordStep
        action={t('auth.mfa.startSetup')}
        failed={t('auth.mfa.startSetupFailed')}
        pending={start.isPending}
        error={start.error}
        onSubmit={(password) => start.mutate(password)}
      />
    </Card>
  );
}

/** What turning it off means, the password that does it, and "Continue" back to the asked-for page. */
function TurnOffCard({
  admin,
  remove,
  onRemoved,
  onContinue,
}: {
  admin: boolean;
  remove: ReturnType<typeof useRemoveTotp>;
  onRemoved: () => void;
  onContinue: (() => void) | undefined;
}) {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  return (
    <Card withBorder padding="md" radius="md" component="section" aria-label={t('auth.mfa.turnOffLabel')}>
      <Title order={2} size="h4" mb="xs">
        <FormattedMessage id="auth.mfa.turnOffTitle" />
      </Title>
      <Text size="sm" mb="sm">
        <FormattedMessage id={admin ? 'auth.mfa.turnOffAdmin' : 'auth.mfa.turnOffOther'} />
      </Text>
      <PasswordStep
        action={t('auth.mfa.turnOff')}
        failed={t('auth.mfa.turnOffFailed')}
        pending={remove.isPending}
        error={remove.error}
        onSubmit={(password) =>
          remove.mutate(password, {
            onSuccess: onRemoved,
          })
        }
      />
      {onContinue && (
        <Button mt="md" variant="light" onClick={onContinue}>
          <FormattedMessage id="auth.mfa.continue" />
        </Button>
      )}
    </Card>
  );
}
