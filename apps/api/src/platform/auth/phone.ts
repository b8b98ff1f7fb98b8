/**
 * Phone sign-in and phone password recovery (issue 4 "Accounts": phone plus password, and a one-time code by SMS;
 * docs/accounts.md, docs/decisions/0018-sign-up.md and 0019-caregiver-sms-codes.md). better-auth's `phoneNumber`
 * plugin generates, stores, expires and counts the codes and serves:
 * - `POST /api/auth/sign-in/phone-number` (phone + password);
 * - `POST /api/auth/phone-number/send-otp` and `POST /api/auth/phone-number/verify` (the code; a session on
 *   success, and the number becomes verified);
 * - `POST /api/auth/phone-number/request-password-reset` and `POST /api/auth/phone-number/reset-password` (a code,
 *   then a new password; phone-only accounts only, decision 0019).
 * This file decides who may receive a code, sends it through Tend's messaging service (SMS; with no SMS provider
 * it is recorded in the outbox), reads every number as people type it (phone-numbers.ts: "(503) 555-0100" is
 * `+15035550100` in the default country) and applies the password policy to a reset.
 *
 * Who gets a sign-in code: an active account whose auth user has this number; when the caregiver page asks
 * (`CAREGIVER_SIGN_IN_HEADER: caregiver`), only an active CAREGIVER account. Who gets a reset code: an active
 * phone-only account (stand-in email `<digits>@phone.invalid`, sign-up.ts) whose number is verified. Every other
 * number gets the same answer and no SMS, and a code entered for it fails as a wrong code does ("Invalid OTP"),
 * so the answers never reveal an account.
 */
import { and, eq, like } from 'drizzle-orm';
import { phoneNumber } from 'better-auth/plugins/phone-number';
import { APIError, createAuthMiddleware } from 'better-auth/api';
import type { Database } from '../db/client.ts';
import type { Locale } from '@tend/contracts/locale';
import { renderSms } from '../messaging/templates.ts';
import { recipientLocale } from './account-locale.ts';
import { authUsers, userAccounts } from './auth.table.ts';
import { checkPassword } from './password-policy.ts';
import { validationApiError } from './auth-problem.ts';
import {
  DEFAULT_PHONE_COUNTRY,
  INVALID_PHONE_MESSAGE,
  normalisePhoneNumber,
  type CountryCode,
} from './phone-numbers.ts';

/** Digits in an SMS sign-in code. */
export const PHONE_CODE_LENGTH = 6;
/** How long an SMS code stays valid, in seconds (5 min, as the caregiver email code; decision 0011). */
export const PHONE_CODE_TTL_S = 5 * 60;
/** Wrong entries a code survives (decision 0011). */
export const PHONE_CODE_ATTEMPTS = 3;

/** E.164: `+`, a non-zero digit, at most 15 digits in all (ITU-T E.164; the messaging service's rule). */
export const E164_PATTERN = /^\+[1-9]\d{1,14}$/;

/**
 * The stand-in email domain of a phone-only account (`<digits>@phone.invalid`; RFC 2606 `.invalid`: never
 * deliverable). Only such an account may reset its password by SMS code (decision 0019).
 */
export const PHONE_ONLY_EMAIL_DOMAIN = 'phone.invalid';

export const PHONE_SIGN_IN_PATH = '/sign-in/phone-number';
export const PHONE_SEND_CODE_PATH = '/phone-number/send-otp';
export const PHONE_VERIFY_PATH = '/phone-number/verify';
export const PHONE_RESET_REQUEST_PATH = '/phone-number/request-password-reset';
export const PHONE_RESET_PATH = '/phone-number/reset-password';

/** The plugin endpoints whose body carries `phoneNumber`: each reads it as typed (phone-numbers.ts). */
const PHONE_BODY_PATHS = new Set([
  PHONE_SIGN_IN_PATH,
  PHONE_SEND_CODE_PATH,
  PHONE_VERIFY_PATH,
  PHONE_RESET_REQUEST_PATH,
  PHONE_RESET_PATH,
]);

/**
 * The request header with which `/caregiver/login` and `/caregiver/confirm` ask for a caregiver code (value
 * `caregiver`): only an active CAREGIVER account then receives a code or may verify one (decision 0019, as the
 * emailed caregiver code of decision 0011). Without it the phone code signs in any active account (decision 0018).
 * Sending it gains nothing; it only narrows who may sign in.
 */
export const CAREGIVER_SIGN_IN_HEADER = 'x-tend-sign-in-as';

/** The better-auth verification identifiers of a number's sign-in and reset codes (the plugin's own names). */
export const phoneCodeIdentifier = (phone: string) => `phone-number-otp-${phone}`;
export const phoneResetIdentifier = (phone: string) => `phone-number-reset-${phone}`;

/** An SMS to send: the subset of the messaging service's `SendSmsInput` this module fills in. */
export interface SignInCodeSms {
  /** E.164 number. */
  to: string;
  body: string;
  relatedEntityType: 'user_account';
  relatedEntityId: string;
  /** One-time secrets in the body (the code): sent, never stored in the outbox (issue 17 item 4). */
  secrets?: string[];
}

const codeMinutes = Math.round(PHONE_CODE_TTL_S / 60);

/** The sign-in code SMS in `locale` (template `signInCode`): the code, its lifetime and a warning. No PHI. */
export function signInCodeSms(
  to: string,
  code: string,
  userAccountId: string,
  locale: Locale = 'en',
): SignInCodeSms {
  return {
    to,
    body: renderSms(locale, 'signInCode', { code, minutes: codeMinutes }),
    relatedEntityType: 'user_account',
    relatedEntityId: userAccountId,
  };
}

/** The password-reset code SMS in `locale` (template `passwordResetCode`): code, lifetime, effect, warning. No PHI. */
export function passwordResetSms(
  to: string,
  code: string,
  userAccountId: string,
  locale: Locale = 'en',
): SignInCodeSms {
  return {
    to,
    body: renderSms(locale, 'passwordResetCode', { code, minutes: codeMinutes }),
    relatedEntityType: 'user_account',
    relatedEntityId: userAccountId,
  };
}

/**
 * The `user_account` id of the active account whose auth user has this phone number (E.164, exact), or null.
 * `role` narrows it (the caregiver page asks for CAREGIVER accounts only).
 */
export async function activeAccountForPhone(
  db: Database,
  phone: string,
  role?: 'CAREGIVER',
): Promise<string | null> {
  const [row] = await db
    .select({ id: userAccounts.id })
    .from(userAccounts)
    .innerJoin(authUsers, eq(authUsers.id, userAccounts.authUserId))
    .where(
      and(
        eq(authUsers.phoneNumber, phone.trim()),
        eq(userAccounts.isActive, true),
        ...(role ? [eq(userAccounts.role, role)] : []),
      ),
    )
    .limit(1);
  return row?.id ?? null;
}

/**
 * The account that may reset its password by SMS code to this number (E.164, exact): active, phone-only (its
 * email is the `@phone.invalid` stand-in) and with the number verified. Null for any other number. Returns the
 * `user_account` id and the auth user's email and name (the password policy's context).
 */
export async function phoneOnlyAccountForPhone(
  db: Database,
  phone: string,
): Promise<{ id: string; email: string; name: string } | null> {
  const [row] = await db
    .select({ id: userAccounts.id, email: authUsers.email, name: authUsers.name })
    .from(userAccounts)
    .innerJoin(authUsers, eq(authUsers.id, userAccounts.authUserId))
    .where(
      and(
        eq(authUsers.phoneNumber, phone),
        eq(authUsers.phoneNumberVerified, true),
        like(authUsers.email, `%@${PHONE_ONLY_EMAIL_DOMAIN}`),
        eq(userAccounts.isActive, true),
      ),
    )
    .limit(1);
  return row ?? null;
}

/** True when the request came from the caregiver sign-in page (`CAREGIVER_SIGN_IN_HEADER: caregiver`). */
export function isCaregiverSignIn(headers: Headers | undefined | null): boolean {
  return headers?.get(CAREGIVER_SIGN_IN_HEADER)?.trim().toLowerCase() === 'caregiver';
}

export interface PhoneSignInOptions {
  db: Database;
  /** Sends one SMS through Tend's messaging service (outbox first). */
  sendSms: (message: SignInCodeSms) => Promise<unknown>;
  /** The country of a number typed without a country code (config DEFAULT_PHONE_COUNTRY); `US` when absent. */
  defaultCountry?: CountryCode;
}

/** The plugin's "Invalid OTP" answer, used for every number that may not sign in or reset (neutral answers). */
const invalidCode = () => new APIError('BAD_REQUEST', { code: 'INVALID_OTP', message: 'Invalid OTP' });

/**
 * The configured `phoneNumber` plugin: numbers read as typed and stored E.164, 6-digit codes valid 5 minutes
 * with 3 attempts, and a number must be verified (by a code) before phone + password signs in (an unverified one
 * gets a fresh code and 401 PHONE_NUMBER_NOT_VERIFIED). No sign-up on verification: sign-up is `POST /api/sign-up`
 * (sign-up.ts). Its before hook is `phoneHook`.
 */
export function phoneSignIn({ db, sendSms, defaultCountry = DEFAULT_PHONE_COUNTRY }: PhoneSignInOptions) {
  const plugin = phoneNumber({
    otpLength: PHONE_CODE_LENGTH,
    expiresIn: PHONE_CODE_TTL_S,
    allowedAttempts: PHONE_CODE_ATTEMPTS,
    requireVerification: true,
    phoneNumberValidator: (phone) => E164_PATTERN.test(phone),
    async sendOTP({ phoneNumber: phone, code }, ctx) {
      const role = isCaregiverSignIn(ctx?.headers) ? 'CAREGIVER' : undefined;
      const accountId = await activeAccountForPhone(db, phone, role);
      if (!accountId) {
        // Nothing is sent, and the stored code is deleted so it can never work.
        await ctx?.context.internalAdapter.deleteVerificationByIdentifier(phoneCodeIdentifier(phone));
        return;
      }
      const locale = (await recipientLocale(db, accountId, ctx?.headers)) ?? 'en';
      await sendSms({ ...signInCodeSms(phone, code, accountId, locale), secrets: [code] });
    },
    async sendPasswordResetOTP({ phoneNumber: phone, code }, ctx) {
      const account = await phoneOnlyAccountForPhone(db, phone);
      if (!account) {
        await ctx?.context.internalAdapter.deleteVerificationByIdentifier(phoneResetIdentifier(phone));
        return;
      }
      const locale = (await recipientLocale(db, account.id, ctx?.headers)) ?? 'en';
      await sendSms({ ...passwordResetSms(phone, code, account.id, locale), secrets: [code] });
    },
  });
  return {
    ...plugin,
    hooks: {
      ...plugin.hooks,
      before: [
        ...plugin.hooks.before,
        {
          matcher: (context: { path?: string }) => PHONE_BODY_PATHS.has(context.path ?? ''),
          handler: phoneHook(db, defaultCountry),
        },
      ],
    },
  };
}

/**
 * The before hook of the plugin's endpoints that take a `phoneNumber`:
 * - reads the number as typed (400 INVALID_PHONE_NUMBER naming `phoneNumber` when it is not a valid number) and
 *   hands the endpoint its E.164 form;
 * - a caregiver-page code request for a number without an active caregiver, and a reset request for a number
 *   without an eligible phone-only account, answer as the endpoint does without storing or sending a code;
 * - `verify`: changing a signed-in account's number (`updatePhoneNumber`) is not offered (400 naming the field);
 *   a code for a number that may not sign in (or that has no code waiting) fails with the plugin's own
 *   "Invalid OTP" before any code is looked at;
 * - `reset-password`: the password policy (decision 0007; every reason on `password`) is checked first, for any
 *   number, so its answer reveals nothing; then a number without an eligible account, or without a code waiting,
 *   fails with "Invalid OTP".
 */
export function phoneHook(db: Database, defaultCountry: CountryCode = DEFAULT_PHONE_COUNTRY) {
  return createAuthMiddleware(async (ctx) => {
    if (!PHONE_BODY_PATHS.has(ctx.path)) return;
    const body = (ctx.body ?? {}) as Record<string, unknown>;
    // Not a string: the endpoint's own schema answers 400.
    if (typeof body.phoneNumber !== 'string') return;
    const phone = normalisePhoneNumber(body.phoneNumber, defaultCountry);
    if (!phone) {
      throw new APIError('BAD_REQUEST', {
        code: 'INVALID_PHONE_NUMBER',
        message: `phoneNumber ${INVALID_PHONE_MESSAGE}`,
        errors: [{ path: 'phoneNumber', message: INVALID_PHONE_MESSAGE }],
      });
    }
    const caregiver = isCaregiverSignIn(ctx.headers);
    const codeWaiting = async (identifier: string) =>
      Boolean(await ctx.context.internalAdapter.findVerificationValue(identifier));

    if (ctx.path === PHONE_SEND_CODE_PATH && caregiver) {
      if (!(await activeAccountForPhone(db, phone, 'CAREGIVER'))) return ctx.json({ message: 'code sent' });
    }
    if (ctx.path === PHONE_RESET_REQUEST_PATH && !(await phoneOnlyAccountForPhone(db, phone))) {
      return ctx.json({ status: true });
    }
    if (ctx.path === PHONE_VERIFY_PATH) {
      if (body.updatePhoneNumber === true) {
        throw new APIError('BAD_REQUEST', {
          code: 'VALIDATION_FAILED',
          message: 'updatePhoneNumber is not offered: an administrator changes phone numbers',
          errors: [{ path: 'updatePhoneNumber', message: 'is not offered' }],
        });
      }
      const account = await activeAccountForPhone(db, phone, caregiver ? 'CAREGIVER' : undefined);
      if (!account || !(await codeWaiting(phoneCodeIdentifier(phone)))) throw invalidCode();
    }
    if (ctx.path === PHONE_RESET_PATH) {
      const account = await phoneOnlyAccountForPhone(db, phone);
      if (typeof body.newPassword === 'string') {
        const reasons = checkPassword(body.newPassword, {
          email: account?.email ?? `${phone.replace(/\D/g, '')}@${PHONE_ONLY_EMAIL_DOMAIN}`,
          names: account ? [account.name] : [],
        });
        if (reasons.length > 0)
          throw validationApiError(reasons.map((message) => ({ path: 'password', message })));
      }
      if (!account || !(await codeWaiting(phoneResetIdentifier(phone)))) throw invalidCode();
    }
    return { context: { body: { ...body, phoneNumber: phone } } };
  });
}
