/**
 * The "Forgot your password?" step of `/login` (`?forgot=1`; docs/accounts.md): "Email" sends a reset link to the
 * sign-in email; "Phone" is for accounts made with a phone number only (docs/decisions/0019-caregiver-sms-codes.md):
 * the number gets a 6-digit code by SMS, and the code with a new password (password policy; every reason shows
 * under the input) saves it and signs the account out everywhere. The answers are the same for every email or
 * number (the server never says whether an account exists), so after sending the page says where to look and how
 * long the link or code lasts. English and Spanish (decision 0042): words from the catalogue, server errors by code.
 */
import { Alert, Button, Group, SegmentedControl, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconCircleCheck, IconMailCheck } from '@tabler/icons-react';
import { useState, type FormEvent } from 'react';
import { FormattedMessage, useIntl, type IntlShape } from 'react-intl';
import type { FieldError } from '@tend/contracts';
import {
  useRequestPasswordReset,
  useRequestPhonePasswordReset,
  useResetPasswordWithPhoneCode,
} from '../api/password-recovery.ts';
import { AuthErrorAlert, applyFieldErrors } from './auth-error-alert.tsx';
import { NewPasswordInputs, validateNewPassword, type NewPasswordValues } from './new-password-inputs.tsx';

/** A plausible address (the server checks it again). */
const looksLikeEmail = (email: string) => email.length <= 254 && /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email);
/** A plausible number as typed (the server reads it): digits and separators, an optional leading +. */
const looksLikePhone = (phone: string) =>
  phone.length <= 32 && /^\+?[\d\s().-]+$/.test(phone) && phone.replace(/\D/g, '').length >= 7;
function EmailRecovery({
  initialEmail,
  onBack,
  autoFocus,
}: {
  initialEmail: string;
  onBack: () => void;
  autoFocus: boolean;
}) {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
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
          title={t('auth.signUp.checkEmail')}
          role="status"
          data-testid="recovery-sent"
        >
          <FormattedMessage id="auth.recovery.sent" values={{ email: request.variables, minutes: 60 }} />
        </Alert>
        <Button variant="light" onClick={onBack} fullWidth>
          <FormattedMessage id="auth.recovery.back" />
        </Button>
      </Stack>
    );
  }
  return (
    <form onSubmit={submit} noValidate aria-label={t('auth.recovery.form')}>
      <Stack gap="sm">
        <Text size="sm">
          <FormattedMessage id="auth.recovery.intro" />
        </Text>
        {request.error && <AuthErrorAlert title={t('auth.magicLink.notSent')} error={request.error} />}
        <TextInput
          label={t('auth.login.email')}
          type="email"
          autoComplete="username"
          required
          autoFocus={autoFocus}
          value={email}
          onChange={(event) => setEmail(event.currentTarget.value)}
          error={invalid ? t('auth.login.emailInvalid') : undefined}
        />
        <Button type="submit" loading={request.isPending} fullWidth mt="xs">
          <FormattedMessage id="auth.recovery.send" />
        </Button>
        <Button variant="subtle" onClick={onBack}>
          <FormattedMessage id="auth.recovery.back" />
        </Button>
      </Stack>
    </form>
  );
}

interface PhoneResetValues extends NewPasswordValues {
  otp: string;
}

/** Client-side checks (the server applies the full password policy and checks the code), in words. */
function validatePhoneReset(intl: IntlShape, values: PhoneResetValues) {
  const errors: Partial<Record<keyof PhoneResetValues, string>> = validateNewPassword(intl, values);
  if (!/^\d{6}$/.test(values.otp)) errors.otp = intl.formatMessage({ id: 'auth.recovery.codeInvalid' });
  return errors;
}

/**
 * The code step's form: the code and the new password, checked here first; submit resets the
 * password with the code (the API's field errors land on their inputs, the rest in `unmatched`).
 */
function usePhoneResetForm(phone: string, onDone: () => void) {
  const intl = useIntl();
  const reset = useResetPasswordWithPhoneCode();
  const resend = useRequestPhonePasswordReset();
  const [unmatched, setUnmatched] = useState<FieldError[]>([]);
  const form = useForm<PhoneResetValues>({
    mode: 'controlled',
    initialValues: { otp: '', password: '', repeat: '' },
    validate: (values) => validatePhoneReset(intl, values),
  });
  const submit = form.onSubmit((values) => {
    setUnmatched([]);
    resend.reset();
    reset.mutate(
      { phone, otp: values.otp, newPassword: values.password },
      {
        onSuccess: onDone,
        onError: (error) => {
          const password = intl.formatMessage({ id: 'auth.newPassword.password' });
          const otp = intl.formatMessage({ id: 'auth.recovery.theCode' });
          setUnmatched(applyFieldErrors(intl, form, error, { password, newPassword: password, otp }));
        },
      },
    );
  });
  return { form, submit, reset, resend, unmatched };
}

/** The code step: the texted code and the new password, twice. */
function PhoneCodeStep({
  phone,
  onDone,
  onRestart,
}: {
  phone: string;
  onDone: () => void;
  onRestart: () => void;
}) {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  const { form, submit, reset, resend, unmatched } = usePhoneResetForm(phone, onDone);
  return (
    <form onSubmit={submit} noValidate aria-label={t('auth.recovery.codeForm')}>
      <Stack gap="sm">
        <Alert
          variant="light"
          color="teal"
          icon={<IconMailCheck aria-hidden />}
          role="status"
          data-testid="recovery-code-sent"
        >
          <FormattedMessage id="auth.recovery.codeSent" values={{ phone, minutes: 5 }} />
        </Alert>
        {reset.error && (
          <AuthErrorAlert
            title={t('auth.confirm.passwordNotSaved')}
            error={reset.error}
            fieldErrors={unmatched}
          />
        )}
        {resend.error && <AuthErrorAlert title={t('auth.caregiverLogin.sendFailed')} error={resend.error} />}
        <TextInput
          label={t('auth.phone.code')}
          autoComplete="one-time-code"
          inputMode="numeric"
          maxLength={6}
          required
          autoFocus
          {...form.getInputProps('otp')}
          onChange={(event) => form.setFieldValue('otp', event.currentTarget.value.replace(/\D/g, ''))}
        />
        <NewPasswordInputs
          repeatLabel={t('auth.newPassword.repeat')}
          passwordProps={form.getInputProps('password')}
          repeatProps={form.getInputProps('repeat')}
        />
        <Button type="submit" loading={reset.isPending} fullWidth mt="xs">
          <FormattedMessage id="auth.confirm.saveNewPassword" />
        </Button>
        <Group justify="space-between" gap="xs">
          <Button
            variant="subtle"
            size="compact-sm"
            loading={resend.isPending}
            onClick={() => {
              reset.reset();
              resend.mutate(phone);
            }}
          >
            <FormattedMessage id="auth.caregiverConfirm.sendAgain" />
          </Button>
          <Button variant="subtle" size="compact-sm" onClick={onRestart}>
            <FormattedMessage id="auth.caregiverConfirm.otherNumber" />
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** The end of a phone recovery: the password is changed and every session signed out. */
function RecoveryDone({ onBack }: { onBack: () => void }) {
  const intl = useIntl();
  return (
    <Stack gap="sm">
      <Alert
        variant="light"
        color="green"
        icon={<IconCircleCheck aria-hidden />}
        title={intl.formatMessage({ id: 'auth.confirm.passwordChanged' })}
        role="status"
        data-testid="recovery-done"
      >
        <FormattedMessage id="auth.confirm.signedOutEverywhere" />
      </Alert>
      <Button onClick={onBack} fullWidth>
        <FormattedMessage id="auth.recovery.back" />
      </Button>
    </Stack>
  );
}

function PhoneRecovery({ onBack }: { onBack: () => void }) {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  const [phone, setPhone] = useState('');
  const [invalid, setInvalid] = useState(false);
  const [step, setStep] = useState<'number' | 'code' | 'done'>('number');
  const request = useRequestPhonePasswordReset();
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const trimmed = phone.trim();
    if (!looksLikePhone(trimmed)) {
      setInvalid(true);
      return;
    }
    setInvalid(false);
    request.mutate(trimmed, { onSuccess: () => setStep('code') });
  };
  if (step === 'done') return <RecoveryDone onBack={onBack} />;
  if (step === 'code') {
    return (
      <PhoneCodeStep
        phone={phone.trim()}
        onDone={() => setStep('done')}
        onRestart={() => {
          request.reset();
          setStep('number');
        }}
      />
    );
  }
  return (
    <form onSubmit={submit} noValidate aria-label={t('auth.recovery.phoneForm')}>
      <Stack gap="sm">
        <Text size="sm">
          <FormattedMessage id="auth.recovery.phoneIntro" />
        </Text>
        {request.error && <AuthErrorAlert title={t('auth.phone.codeNotSent')} error={request.error} />}
        <TextInput
          label={t('auth.phone.number')}
          description={
            <FormattedMessage
              id="auth.recovery.phoneDescription"
              values={{ nowrap: (text) => <span style={{ whiteSpace: 'nowrap' }}>{text}</span> }}
            />
          }
          type="tel"
          inputMode="tel"
          autoComplete="tel"
          required
          value={phone}
          onChange={(event) => setPhone(event.currentTarget.value)}
          error={invalid ? t('auth.recovery.phoneInvalid') : undefined}
        />
        <Button type="submit" loading={request.isPending} fullWidth mt="xs">
          <FormattedMessage id="auth.caregiverLogin.send" />
        </Button>
        <Button variant="subtle" onClick={onBack}>
          <FormattedMessage id="auth.recovery.back" />
        </Button>
      </Stack>
    </form>
  );
}

export function PasswordRecoveryForm({ initialEmail, onBack }: { initialEmail: string; onBack: () => void }) {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  const [by, setBy] = useState<'email' | 'phone'>('email');
  // The email input takes focus when the step opens, not when the user switches with the arrow keys.
  const [switched, setSwitched] = useState(false);
  return (
    <Stack gap="sm">
      <SegmentedControl
        aria-label={t('auth.recovery.by')}
        fullWidth
        value={by}
        onChange={(value) => {
          setSwitched(true);
          setBy(value === 'phone' ? 'phone' : 'email');
        }}
        data={[
          { value: 'email', label: t('auth.signUp.byEmail') },
          { value: 'phone', label: t('auth.recovery.phone') },
        ]}
      />
      {by === 'email' ? (
        <EmailRecovery initialEmail={initialEmail} onBack={onBack} autoFocus={!switched} />
      ) : (
        <PhoneRecovery onBack={onBack} />
      )}
    </Stack>
  );
}
