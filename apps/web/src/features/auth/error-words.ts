/**
 * Server errors on the sign-in, confirmation, account and two-step verification pages in the page's language
 * (issue 18, decision 0042). The API answers in English (problem+json `detail`, better-auth's `message`), so the
 * web never shows those words: it chooses catalogue words by the error's stable `code` (problem+json `code`,
 * better-auth's error code, `NETWORK` for no answer) and, for a field error, by the path and the reason the server
 * gave. Every error gets words: an unknown code gets a general sentence, an unknown field reason
 * "<label> was not accepted", never the server's English.
 *
 * Field reasons come from the password policy (apps/api/src/platform/auth/password-policy.ts `checkPassword`: each
 * reason a fragment read after the field's label) and the account services (email change, invitations, sign-up,
 * phone numbers); `fieldErrorWords` knows each of their forms.
 */
import type { FieldError } from '@tend/contracts';
import { ApiError } from '../../lib/api-client.ts';
import { identityErrorMessageId } from './identity-errors.ts';

/** A catalogue message: its id and the values it names. */
export interface Words {
  id: string;
  values?: Record<string, string | number>;
}

/** Which link a `/confirm` page opened: its refusal says what to do next for that kind of link. */
export type LinkKind = 'invite' | 'recovery' | 'emailChange' | 'open';

/** What the words of a code depend on where it is met. */
export interface ErrorContext {
  /** The `/confirm` link a token error is about. */
  link?: LinkKind;
  /** Sign-up (where FORBIDDEN means sign-up is turned off). */
  signUp?: boolean;
}

/** Codes whose words do not depend on where they are met (better-auth's codes and the problem codes). */
const codeWords: Record<string, string> = {
  INVALID_EMAIL_OR_PASSWORD: 'auth.signInError.INVALID_EMAIL_OR_PASSWORD',
  FAILED_TO_CREATE_SESSION: 'auth.signInError.FAILED_TO_CREATE_SESSION',
  EMAIL_NOT_VERIFIED: 'auth.signInError.EMAIL_NOT_VERIFIED',
  INVALID_CODE: 'auth.signInError.INVALID_CODE',
  INVALID_TWO_FACTOR_COOKIE: 'auth.signInError.INVALID_TWO_FACTOR_COOKIE',
  TOO_MANY_ATTEMPTS_REQUEST_NEW_CODE: 'auth.signInError.TOO_MANY_ATTEMPTS_REQUEST_NEW_CODE',
  ACCOUNT_TEMPORARILY_LOCKED: 'auth.signInError.ACCOUNT_TEMPORARILY_LOCKED',
  INVALID_OTP: 'auth.codeError.INVALID_OTP_SMS',
  OTP_EXPIRED: 'auth.codeError.OTP_EXPIRED',
  TOO_MANY_ATTEMPTS: 'auth.codeError.TOO_MANY_ATTEMPTS',
  INVALID_PHONE_NUMBER: 'auth.codeError.INVALID_PHONE_NUMBER',
  INVALID_PHONE_NUMBER_OR_PASSWORD: 'auth.error.INVALID_PHONE_NUMBER_OR_PASSWORD',
  PHONE_NUMBER_NOT_VERIFIED: 'auth.error.PHONE_NUMBER_NOT_VERIFIED',
  INVALID_PASSWORD: 'auth.error.INVALID_PASSWORD',
  TOTP_ALREADY_ENABLED: 'auth.error.TOTP_ALREADY_ENABLED',
  CREDENTIAL_ACCOUNT_NOT_FOUND: 'auth.error.CREDENTIAL_ACCOUNT_NOT_FOUND',
  UNAUTHORIZED: 'auth.error.sessionEnded',
  UNAUTHENTICATED: 'auth.error.sessionEnded',
  SESSION_EXPIRED: 'auth.error.sessionEnded',
  UNAVAILABLE: 'auth.error.UNAVAILABLE',
  RATE_LIMITED: 'auth.codeError.rateLimited',
  NETWORK: 'auth.codeError.unreachable',
  NO_KEY: 'auth.error.NO_KEY',
  NO_URL: 'auth.identityError.generic',
};

/** The code and HTTP status of any error the auth pages meet (ApiError, SignInError, TwoFactorError). */
function codeAndStatus(error: unknown): { code: string | undefined; status: number | undefined } {
  if (!(error instanceof Error)) return { code: undefined, status: undefined };
  const { code, status } = error as Error & { code?: unknown; status?: unknown };
  return {
    code: typeof code === 'string' ? code : undefined,
    status: typeof status === 'number' ? status : undefined,
  };
}

/** The field errors of an ApiError (none for other errors). */
export const fieldErrorsOf = (error: unknown): FieldError[] =>
  error instanceof ApiError ? error.fieldErrors : [];

/** Whether the server refused the link itself (used, replaced, expired). */
export function isLinkError(error: unknown): boolean {
  return (
    codeAndStatus(error).code === 'INVALID_TOKEN' ||
    fieldErrorsOf(error).some((fieldError) => fieldError.path === 'token')
  );
}

/** The words for a refused link of `kind`: expired, or used / replaced (the server's sentence says which). */
function linkWords(error: unknown, kind: LinkKind): Words {
  if (kind === 'recovery' || kind === 'open') return { id: `auth.error.link.${kind}` };
  const reason = fieldErrorsOf(error).find((fieldError) => fieldError.path === 'token')?.message ?? '';
  return { id: `auth.error.link.${kind}${/\bexpired\b/.test(reason) ? 'Expired' : 'Used'}` };
}

/**
 * The words of an error as a whole (see the file comment): a refused link, a known code, a rate limit (429), no
 * answer (status 0), else the general sentence.
 */
export function errorWords(error: unknown, context: ErrorContext = {}): Words {
  const { code, status } = codeAndStatus(error);
  if (context.link && isLinkError(error)) return linkWords(error, context.link);
  if (code === 'FORBIDDEN' && context.signUp) return { id: 'auth.error.signUpOff' };
  if (code && Object.hasOwn(codeWords, code)) return { id: codeWords[code] as string };
  if (code && identityErrorMessageId(code) !== 'auth.identityError.generic')
    return { id: identityErrorMessageId(code) };
  if (status === 429) return { id: 'auth.codeError.rateLimited' };
  if (status === 0) return { id: 'auth.codeError.unreachable' };
  if (code === 'VALIDATION_FAILED' || status === 400) return { id: 'auth.error.notAccepted' };
  return { id: 'auth.error.generic' };
}

/** Password policy reasons (password-policy.ts `checkPassword`) and the account services' field reasons. */
const fieldReasons: [RegExp, string, ((match: RegExpExecArray) => Record<string, string | number>)?][] = [
  [/^must be at least (\d+) characters$/, 'auth.fieldError.tooShort', (m) => ({ min: Number(m[1]) })],
  [/^must be at most (\d+) characters$/, 'auth.fieldError.tooLong', (m) => ({ max: Number(m[1]) })],
  [/^is a commonly used password$/, 'auth.fieldError.common'],
  [/^is a commonly used password with only digits or symbols added$/, 'auth.fieldError.commonAdded'],
  [/^must not contain your phone number$/, 'auth.fieldError.containsPhone'],
  [
    /^must not contain "(.+)" from the email address$/,
    'auth.fieldError.containsEmail',
    (m) => ({ word: m[1] ?? '' }),
  ],
  [/^must not contain the name "(.+)"$/, 'auth.fieldError.containsName', (m) => ({ word: m[1] ?? '' })],
  [/^is too easy to guess/, 'auth.fieldError.tooEasy'],
  [/^is not right/, 'auth.fieldError.notRight'],
  [/^is already used by another sign-in/, 'auth.fieldError.usedBySignIn'],
  [/^is already used by another account/, 'auth.fieldError.alreadyUsed'],
  [/^is already your sign-in email/, 'auth.fieldError.alreadyYours'],
  [/^is not a valid phone number/, 'auth.fieldError.invalidPhone'],
  [/^must be (?:a valid|an) email address/, 'auth.fieldError.invalidEmail'],
  [/^You must provide either an email or phone number and a password$/, 'auth.fieldError.signUpRequired'],
];

/**
 * One field error as a sentence in the page's language: the reason's words with the input's `label` (the label
 * of the input it lands on; the API's path when none), or "<label> was not accepted" for a reason it does not know.
 */
export function fieldErrorWords(fieldError: FieldError, label: string): Words {
  for (const [pattern, id, values] of fieldReasons) {
    const match = pattern.exec(fieldError.message);
    if (match) return { id, values: { label, ...(values ? values(match) : {}) } };
  }
  return { id: 'auth.fieldError.notAccepted', values: { label } };
}
