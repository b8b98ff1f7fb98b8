/**
 * Phone sign-in (issue 4 "Accounts": phone plus password, and a one-time code by SMS; docs/accounts.md,
 * docs/decisions/0018-sign-up.md). better-auth's `phoneNumber` plugin generates, stores, expires and counts the
 * codes and serves `POST /api/auth/sign-in/phone-number` (phone + password), `POST /api/auth/phone-number/send-otp`
 * and `POST /api/auth/phone-number/verify` (the code; a session on success). This file decides who may receive a
 * code (an active account whose auth user has this phone number), sends it through Tend's messaging service (SMS;
 * with no SMS provider it is recorded in the outbox) and switches off what Tend does not use.
 *
 * A number without an active account gets the same `{ message: "code sent" }` answer and no SMS, and a code entered
 * for it fails as a wrong code does ("Invalid OTP"), so the answers never reveal an account.
 */
import { and, eq } from 'drizzle-orm';
import { phoneNumber } from 'better-auth/plugins/phone-number';
import { APIError, createAuthMiddleware } from 'better-auth/api';
import type { Database } from '../db/client.ts';
import { authUsers, userAccounts } from './auth.table.ts';

/** Digits in an SMS sign-in code. */
export const PHONE_CODE_LENGTH = 6;
/** How long an SMS code stays valid, in seconds (5 min, as the caregiver email code; decision 0011). */
export const PHONE_CODE_TTL_S = 5 * 60;
/** Wrong entries a code survives (decision 0011). */
export const PHONE_CODE_ATTEMPTS = 3;

/** E.164: `+`, a non-zero digit, at most 15 digits in all (ITU-T E.164; the messaging service's rule). */
export const E164_PATTERN = /^\+[1-9]\d{1,14}$/;

export const PHONE_SEND_CODE_PATH = '/phone-number/send-otp';
export const PHONE_VERIFY_PATH = '/phone-number/verify';

/**
 * The `phoneNumber` endpoints Tend switches off (answered 404): password reset by SMS code (recovery is by emailed
 * link, decision 0014, where the password policy applies) and the hidden consume endpoint.
 */
export const DISABLED_PHONE_PATHS = ['/phone-number/request-password-reset', '/phone-number/reset-password'];

/** An SMS to send: the subset of the messaging service's `SendSmsInput` this module fills in. */
export interface SignInCodeSms {
  /** E.164 number. */
  to: string;
  body: string;
  relatedEntityType: 'user_account';
  relatedEntityId: string;
}

/** The sign-in code SMS: the code, its lifetime and a warning. No PHI. */
export function signInCodeSms(to: string, code: string, userAccountId: string): SignInCodeSms {
  return {
    to,
    body: `Your Tend code is ${code}. It works once, for ${Math.round(PHONE_CODE_TTL_S / 60)} minutes. If you did not ask for it, ignore this message.`,
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

export interface PhoneSignInOptions {
  db: Database;
  /** Sends one SMS through Tend's messaging service (outbox first). */
  sendSms: (message: SignInCodeSms) => Promise<unknown>;
}

/**
 * The configured `phoneNumber` plugin: E.164 numbers only, 6-digit codes valid 5 minutes with 3 attempts, and a
 * number must be verified (by a code) before phone + password signs in (an unverified one gets a fresh code and
 * 401 PHONE_NUMBER_NOT_VERIFIED). No sign-up on verification: sign-up is `POST /api/sign-up` (sign-up.ts).
 */
export function phoneSignIn({ db, sendSms }: PhoneSignInOptions) {
  const plugin = phoneNumber({
    otpLength: PHONE_CODE_LENGTH,
    expiresIn: PHONE_CODE_TTL_S,
    allowedAttempts: PHONE_CODE_ATTEMPTS,
    requireVerification: true,
    phoneNumberValidator: (phone) => E164_PATTERN.test(phone),
    async sendOTP({ phoneNumber: phone, code }) {
      const accountId = await activeAccountForPhone(db, phone);
      if (!accountId) return;
      await sendSms(signInCodeSms(phone, code, accountId));
    },
  });
  return {
    ...plugin,
    hooks: {
      ...plugin.hooks,
      before: [
        ...plugin.hooks.before,
        {
          matcher: (context: { path?: string }) => context.path === PHONE_VERIFY_PATH,
          handler: phoneVerifyHook(db),
        },
      ],
    },
  };
}

/**
 * The before hook of `/phone-number/verify`: changing a signed-in account's number (`updatePhoneNumber`) is not
 * offered (400 naming the field), and a code for a number without an active account fails with the plugin's own
 * "Invalid OTP" answer before any code is looked at (the plugin would otherwise answer 500 for an unknown number).
 */
export function phoneVerifyHook(db: Database) {
  return createAuthMiddleware(async (ctx) => {
    if (ctx.path !== PHONE_VERIFY_PATH) return;
    const body = (ctx.body ?? {}) as Record<string, unknown>;
    if (body.updatePhoneNumber === true) {
      throw new APIError('BAD_REQUEST', {
        code: 'VALIDATION_FAILED',
        message: 'updatePhoneNumber is not offered: an administrator changes phone numbers',
        errors: [{ path: 'updatePhoneNumber', message: 'is not offered' }],
      });
    }
    const phone = typeof body.phoneNumber === 'string' ? body.phoneNumber : '';
    if (!phone || !(await activeAccountForPhone(db, phone))) {
      throw new APIError('BAD_REQUEST', { code: 'INVALID_OTP', message: 'Invalid OTP' });
    }
  });
}
