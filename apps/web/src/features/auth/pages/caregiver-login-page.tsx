/**
 * `/caregiver/login` (spec issue 4): a caregiver enters their email and Tend sends a one-time sign-in code to it
 * (docs/decisions/0011-caregiver-otp.md), then `/caregiver/confirm?email=…` asks for the code. The answer never
 * says whether the email belongs to an account. The contract schema loads once the form is on screen, as on
 * `/login` (docs/decisions/0005-api-performance.md).
 */
import { Anchor, Button, Stack, Text, TextInput } from '@mantine/core';
import { useForm, type FormErrors } from '@mantine/form';
import { useEffect, type FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import type { SignInCodeRequest } from '@tend/contracts';
import { useRequestSignInCode } from '../api/sign-in-code.ts';
import { contractValidator } from '../../../lib/form-errors.ts';
import { ApiErrorAlert } from '../../../components/ui/api-error-alert.tsx';
import { AuthCard } from './auth-card.tsx';

type Validator = (values: unknown) => FormErrors;
let requestValidator: Validator | null = null;
/** Loads contracts `signInCodeRequest` (once) as the form's validator. */
const loadRequestValidator = (): Promise<Validator> =>
  import('@tend/contracts').then(({ signInCodeRequest }) => {
    requestValidator ??= contractValidator(signInCodeRequest, { email: 'Email' });
    return requestValidator;
  });

export function CaregiverLoginPage() {
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const requestCode = useRequestSignInCode();
  const form = useForm<SignInCodeRequest>({
    mode: 'controlled',
    initialValues: { email: searchParams.get('email') ?? '' },
    validate: (values) => requestValidator?.(values) ?? {},
    validateInputOnBlur: true,
  });
  useEffect(() => {
    loadRequestValidator().catch(() => undefined);
  }, []);

  const submitValid = form.onSubmit(({ email }) => {
    requestCode.mutate(email, {
      onSuccess: () => {
        void navigate(`/caregiver/confirm?${new URLSearchParams({ email: email.trim() }).toString()}`);
      },
    });
  });
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    void loadRequestValidator()
      .catch(() => undefined)
      .then(() => submitValid());
  };

  return (
    <AuthCard
      title="Caregiver sign in"
      subtitle="Enter the email your agency has for you. We will email you a 6-digit code; no password needed."
    >
      {requestCode.error && <ApiErrorAlert title="The code could not be sent" error={requestCode.error} />}
      <form onSubmit={submit} noValidate aria-label="Send a sign-in code">
        <Stack gap="sm">
          <TextInput
            label="Email"
            type="email"
            autoComplete="email"
            required
            autoFocus
            {...form.getInputProps('email')}
          />
          <Button type="submit" loading={requestCode.isPending} fullWidth mt="xs">
            Send code
          </Button>
        </Stack>
      </form>
      <Text size="sm" c="dimmed">
        Office staff and administrators:{' '}
        <Anchor component={Link} to="/login" size="sm">
          sign in with your password
        </Anchor>
        .
      </Text>
    </AuthCard>
  );
}
