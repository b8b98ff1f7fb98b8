/**
 * `/account/mfa`: two-step verification (TOTP) for the signed-in account (docs/decisions/0009-mfa.md).
 * - Off: enter the password again, then add the key to an authenticator app (a QR code of the otpauth link,
 *   and the key and link as text), save the backup codes (shown once), and confirm with a first code. The
 *   session becomes aal2.
 * - On: remove it with the password again (the session drops to aal1; an admin then loses PHI access).
 * Admins are sent here (with `?redirect=`) when they open a PHI page before verifying; after enrolment the
 * page returns them there.
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
import { isAdmin } from '@tend/contracts/permissions';
import { useMe } from '../../../lib/me.ts';
import { safeRedirectPath } from '../../../lib/safe-redirect.ts';
import { ApiErrorAlert } from '../../../components/ui/api-error-alert.tsx';
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
  label,
  action,
  pending,
  error,
  onSubmit,
}: {
  label: string;
  action: string;
  pending: boolean;
  error: unknown;
  onSubmit: (password: string) => void;
}) {
  const [password, setPassword] = useState('');
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (password) onSubmit(password);
  };
  return (
    <form onSubmit={submit} noValidate aria-label={action}>
      <Stack gap="sm" maw={420}>
        {Boolean(error) && <ApiErrorAlert title={`${action} failed`} error={error} />}
        <PasswordInput
          label={label}
          description="For your security, confirm it is you."
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
  return (
    <Card withBorder padding="md" radius="md" component="section" aria-label="Add the key to your app">
      <Title order={2} size="h4" mb="xs">
        1. Add Tend to your authenticator app
      </Title>
      <Group align="flex-start" wrap="nowrap" gap="lg" mb="sm">
        <TotpQr uri={enrolment.totpUri} />
        <Text size="sm">
          Scan this code with your authenticator app (for example Google Authenticator, Microsoft
          Authenticator, 1Password or Aegis). If you cannot scan it, choose to add an account by entering a
          setup key, and type the key below. Time-based, 6 digits.
        </Text>
      </Group>
      <Group gap="xs" wrap="nowrap" align="center">
        <Code fz="lg" data-testid="totp-secret" style={{ wordBreak: 'break-all' }}>
          {grouped(enrolment.secret)}
        </Code>
        <CopyButton value={enrolment.secret}>
          {({ copied, copy }) => (
            <Button size="xs" variant="light" onClick={copy}>
              {copied ? 'Copied' : 'Copy key'}
            </Button>
          )}
        </CopyButton>
      </Group>
      <Text size="sm" c="dimmed" mt="sm">
        Or open this setup link on a device with the app:
      </Text>
      <Code block data-testid="totp-uri" style={{ wordBreak: 'break-all', whiteSpace: 'pre-wrap' }}>
        {enrolment.totpUri}
      </Code>
    </Card>
  );
}

/** Step 2: the backup codes, shown only now, with "Copy all backup codes". */
function BackupCodesCard({ backupCodes }: { backupCodes: string[] }) {
  return (
    <Card withBorder padding="md" radius="md" component="section" aria-label="Backup codes">
      <Title order={2} size="h4" mb="xs">
        2. Save your backup codes
      </Title>
      <Alert color="yellow" variant="light" mb="sm" title="Shown only now">
        Each code signs you in once if you lose your phone. Store them somewhere safe (a password manager or a
        printed copy); Tend will not show them again.
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
              {copied ? 'Copied' : 'Copy all backup codes'}
            </Button>
          )}
        </CopyButton>
      </Group>
    </Card>
  );
}

/** Step 3: the code the app shows turns two-step verification on. */
function ConfirmCodeCard({ onDone }: { onDone: () => void }) {
  const confirm = useConfirmTotp();
  const [code, setCode] = useState('');
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    confirm.mutate(code, { onSuccess: onDone });
  };
  return (
    <Card withBorder padding="md" radius="md" component="section" aria-label="Confirm with a code">
      <Title order={2} size="h4" mb="xs">
        3. Enter the code your app shows
      </Title>
      <form onSubmit={submit} noValidate aria-label="Confirm two-step verification">
        <Stack gap="sm" maw={420}>
          {confirm.error && <ApiErrorAlert title="Verification failed" error={confirm.error} />}
          <TextInput
            label="Verification code"
            description="6 digits; it changes every 30 seconds."
            autoComplete="one-time-code"
            inputMode="numeric"
            required
            value={code}
            onChange={(event) => setCode(event.currentTarget.value)}
            error={code.length > 12 ? 'The code has 6 digits' : undefined}
          />
          <Group>
            <Button type="submit" loading={confirm.isPending} disabled={!code.trim()}>
              Turn on two-step verification
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}

export function MfaPage() {
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
        <Alert color="orange" variant="light" title="Required before you continue" role="status">
          {isAdmin(me)
            ? 'Administrators must turn on two-step verification before opening records with health information.'
            : 'This account must verify a code before opening records with health information.'}
          {redirect ? ' You will return to the page you asked for afterwards.' : ''}
        </Alert>
      )}
      {justEnrolled && enabled && (
        <Alert color="green" variant="light" title="Two-step verification is on" role="status">
          From now on, signing in asks for a code from your app after your password.
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
        <Title order={1}>Two-step verification</Title>
        <Badge
          color={enabled ? 'green' : 'gray'}
          variant="light"
          size="lg"
          leftSection={
            enabled ? <IconShieldCheck size={14} aria-hidden /> : <IconShieldLock size={14} aria-hidden />
          }
          data-testid="mfa-status"
        >
          {enabled ? 'On' : 'Off'}
        </Badge>
      </Group>
      <Text c="dimmed">
        Signing in asks for your password and then a 6-digit code from an authenticator app on your phone, so
        a stolen password alone cannot open Tend.
      </Text>
    </div>
  );
}

/** How to turn it on, and the password that starts the setup. */
function TurnOnCard({ start }: { start: ReturnType<typeof useStartTotpEnrolment> }) {
  return (
    <Card withBorder padding="md" radius="md" component="section" aria-label="Turn on">
      <Title order={2} size="h4" mb="xs">
        Turn on two-step verification
      </Title>
      <List size="sm" spacing={4} mb="sm">
        <List.Item>Install an authenticator app on your phone if you do not have one.</List.Item>
        <List.Item>Confirm your password; Tend then shows a key to add to the app.</List.Item>
        <List.Item>Enter the first code the app shows.</List.Item>
      </List>
      <PasswordStep
        label="Your password"
        action="Start setup"
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
  return (
    <Card withBorder padding="md" radius="md" component="section" aria-label="Turn off">
      <Title order={2} size="h4" mb="xs">
        Turn off two-step verification
      </Title>
      <Text size="sm" mb="sm">
        {admin
          ? 'Administrators need it to open records with health information: turning it off blocks that until you set it up again.'
          : 'Your account will be protected by your password only.'}
      </Text>
      <PasswordStep
        label="Your password"
        action="Turn off"
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
          Continue
        </Button>
      )}
    </Card>
  );
}
