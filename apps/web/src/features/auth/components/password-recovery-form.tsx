/**
 * The "Forgot your password?" step of `/login` (`?forgot=1`; docs/accounts.md): the email to send a reset link
 * to. The answer is the same for every email (the server never says whether an account exists), so after sending
 * the page says where to look and how long the link lasts.
 */
import { Alert, Button, Stack, Text, TextInput } from '@mantine/core';
import { IconMailCheck } from '@tabler/icons-react';
import { useState, type FormEvent } from 'react';
import { useRequestPasswordReset } from '../api/password-recovery.ts';
import { ApiErrorAlert } from '../../../components/ui/api-error-alert.tsx';

/** A plausible address (the server checks it again). */
const looksLikeEmail = (email: string) => email.length <= 254 && /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email);

export function PasswordRecoveryForm({ initialEmail, onBack }: { initialEmail: string; onBack: () => void }) {
  const [email, setEmail] = useState(initialEmail);
  const [invalid, setInvalid] = useState(false);
  const request = useRequestPasswordReset();
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const trimmed = email.trim();
    if (!looksLikeEmail(trimmed)) {
      setInvalid(true);
      return;
    }
    setInvalid(false);
    request.mutate(trimmed);
  };
  if (request.isSuccess) {
    return (
      <Stack gap="sm">
        <Alert
          variant="light"
          color="green"
          icon={<IconMailCheck aria-hidden />}
          title="Check your email"
          role="status"
          data-testid="recovery-sent"
        >
          If an account uses {request.variables}, an email with a link to choose a new password is on its way.
          The link works once, for 60 minutes.
        </Alert>
        <Button variant="light" onClick={onBack} fullWidth>
          Back to sign in
        </Button>
      </Stack>
    );
  }
  return (
    <form onSubmit={submit} noValidate aria-label="Reset your password">
      <Stack gap="sm">
        <Text size="sm">
          Enter the email you sign in with. We will send you a link to choose a new password.
        </Text>
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
          Send reset link
        </Button>
        <Button variant="subtle" onClick={onBack}>
          Back to sign in
        </Button>
      </Stack>
    </form>
  );
}
