/**
 * The error of a one-time-code request or sign-in in the page's language (decision 0042): better-auth's codes
 * (`INVALID_OTP`, `OTP_EXPIRED`, `TOO_MANY_ATTEMPTS`, `INVALID_PHONE_NUMBER`, `FAILED_TO_CREATE_SESSION`), a
 * rate limit (429) and an unreachable server have words in the catalogue; anything else gets the general
 * "Sign-in failed" message rather than the server's English text.
 */
import { Alert } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { useIntl } from 'react-intl';
import { SignInError } from '../api/sign-in.ts';

/** Codes whose words do not depend on the channel. */
const sharedCodes = new Set([
  'INVALID_PHONE_NUMBER',
  'OTP_EXPIRED',
  'TOO_MANY_ATTEMPTS',
  'FAILED_TO_CREATE_SESSION',
]);

/** The catalogue id of the words for `error` (see the file comment). */
export function codeErrorMessageId(error: unknown, channel: 'email' | 'sms'): string {
  if (!(error instanceof SignInError)) return 'auth.codeError.generic';
  if (error.code === 'INVALID_OTP')
    return `auth.codeError.INVALID_OTP_${channel === 'sms' ? 'SMS' : 'EMAIL'}`;
  if (error.code && sharedCodes.has(error.code)) return `auth.codeError.${error.code}`;
  if (error.status === 429) return 'auth.codeError.rateLimited';
  if (error.status === 0) return 'auth.codeError.unreachable';
  return 'auth.codeError.generic';
}

export function CodeErrorAlert({
  title,
  error,
  channel,
}: {
  title: string;
  error: unknown;
  channel: 'email' | 'sms';
}) {
  const intl = useIntl();
  return (
    <Alert color="red" variant="light" role="alert" title={title} icon={<IconAlertCircle aria-hidden />}>
      {intl.formatMessage({ id: codeErrorMessageId(error, channel) })}
    </Alert>
  );
}
