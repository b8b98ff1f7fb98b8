/**
 * Caregiver passwordless sign-in by a one-time code sent by email (spec issue 4: `/caregiver/login`,
 * `/caregiver/confirm`; docs/decisions/0011-caregiver-otp.md). better-auth's `emailOTP` plugin generates, stores
 * (hashed), expires and counts the codes; this file decides who may receive one, writes the email through Tend's
 * messaging service (so it lands in the outbox) and switches off the plugin's endpoints Tend does not use.
 *
 * Only an active account whose `user_account.role` is CAREGIVER gets a code or may sign in with one. Every
 * other email (admin, coordinator, deactivated, unknown) gets the same `{ success: true }` answer and no code,
 * and a sign-in attempt for it fails exactly as a wrong code does, so the answers never reveal an account.
 */
import { and, eq } from 'drizzle-orm';
import { emailOTP } from 'better-auth/plugins/email-otp';
import { APIError, createAuthMiddleware } from 'better-auth/api';
import type { Database } from '../db/client.ts';
import type { Locale } from '@tend/contracts/locale';
import { renderEmail } from '../messaging/templates.ts';
import { recipientLocale } from './account-locale.ts';
import { authUsers, userAccounts } from './auth.table.ts';

/** Digits in a sign-in code. */
export const SIGN_IN_CODE_LENGTH = 6;
/** How long a sign-in code stays valid, in seconds (5 min; decision 0011). */
export const SIGN_IN_CODE_TTL_S = 5 * 60;
/** Wrong entries a code survives; the next entry after this many wrong ones ends the code (decision 0011). */
export const SIGN_IN_CODE_ATTEMPTS = 3;

/** The plugin endpoints Tend serves: request a code, sign in with it. */
export const SEND_CODE_PATH = '/email-otp/send-verification-otp';
export const SIGN_IN_CODE_PATH = '/sign-in/email-otp';

/**
 * The `emailOTP` endpoints Tend switches off (better-auth `disabledPaths`, answered 404): email verification,
 * password reset and email change by code would let a mailbox reset a password or change an account outside
 * the admin's control (accounts are admin-managed; decision 0001).
 */
export const DISABLED_OTP_PATHS = [
  '/email-otp/check-verification-otp',
  '/email-otp/verify-email',
  '/email-otp/request-password-reset',
  '/forget-password/email-otp',
  '/email-otp/reset-password',
  '/email-otp/request-email-change',
  '/email-otp/change-email',
];

/** An email to send: the subset of the messaging service's `SendEmailInput` this module fills in. */
export interface SignInCodeEmail {
  to: string;
  subject: string;
  text: string;
  relatedEntityType: 'user_account';
  relatedEntityId: string;
  /** One-time secrets in the body (link, token, code): sent, never stored in the outbox (issue 17 item 4). */
  secrets?: string[];
}

/**
 * The sign-in code email in `locale` (template `signInCode`, platform/messaging/templates). No PHI: the code, its
 * lifetime and a warning, nothing about the caregiver's clients. `to` is the account's address, `code` the 6-digit
 * code; returns the message for `MessagingService.sendEmail`.
 */
export function signInCodeEmail(
  to: string,
  code: string,
  userAccountId: string,
  locale: Locale = 'en',
): SignInCodeEmail {
  const minutes = Math.round(SIGN_IN_CODE_TTL_S / 60);
  return {
    to,
    ...renderEmail(locale, 'signInCode', { code, minutes }),
    relatedEntityType: 'user_account',
    relatedEntityId: userAccountId,
  };
}

/**
 * The `user_account` id of the active CAREGIVER account with this email (compared lower-case, as better-auth
 * stores it), or null for any other email: unknown, another role, or deactivated.
 */
export async function caregiverAccountForEmail(db: Database, email: string): Promise<string | null> {
  const [row] = await db
    .select({ id: userAccounts.id })
    .from(userAccounts)
    .innerJoin(authUsers, eq(authUsers.id, userAccounts.authUserId))
    .where(
      and(
        eq(authUsers.email, email.trim().toLowerCase()),
        eq(userAccounts.role, 'CAREGIVER'),
        eq(userAccounts.isActive, true),
      ),
    )
    .limit(1);
  return row?.id ?? null;
}

export interface CaregiverOtpOptions {
  db: Database;
  /** Sends one email through Tend's messaging service (outbox first). */
  sendEmail: (message: SignInCodeEmail) => Promise<unknown>;
}

/**
 * The configured `emailOTP` plugin: 6 digits, 5 minutes, 3 attempts, stored hashed, no sign-up. The code goes
 * out only to an active caregiver; for anyone else the stored code is deleted and nothing is sent (the endpoint
 * still answers `{ success: true }`). The plugin also carries `caregiverOtpHook` as a before hook on its two
 * endpoints.
 */
export function caregiverEmailOtp({ db, sendEmail }: CaregiverOtpOptions) {
  const plugin = emailOTP({
    otpLength: SIGN_IN_CODE_LENGTH,
    expiresIn: SIGN_IN_CODE_TTL_S,
    allowedAttempts: SIGN_IN_CODE_ATTEMPTS,
    storeOTP: 'hashed',
    disableSignUp: true,
    async sendVerificationOTP({ email, otp, type }, ctx) {
      const accountId = type === 'sign-in' ? await caregiverAccountForEmail(db, email) : null;
      if (!accountId) {
        await ctx?.context.internalAdapter.deleteVerificationByIdentifier(
          `${type}-otp-${email.toLowerCase()}`,
        );
        return;
      }
      const locale = (await recipientLocale(db, accountId, ctx?.headers)) ?? 'en';
      await sendEmail({ ...signInCodeEmail(email, otp, accountId, locale), secrets: [otp] });
    },
  });
  return {
    ...plugin,
    hooks: {
      ...plugin.hooks,
      before: [
        {
          matcher: (context: { path?: string }) =>
            context.path === SEND_CODE_PATH || context.path === SIGN_IN_CODE_PATH,
          handler: caregiverOtpHook(db),
        },
      ],
    },
  };
}

/**
 * The before hook of the two code endpoints: a code request must be of type `sign-in` (400 naming
 * `type` otherwise), and a sign-in with a code for an email that is not an active caregiver fails with the
 * plugin's own "Invalid OTP" answer, before any code is looked at.
 */
export function caregiverOtpHook(db: Database) {
  return createAuthMiddleware(async (ctx) => {
    if (ctx.path !== SEND_CODE_PATH && ctx.path !== SIGN_IN_CODE_PATH) return;
    const body = (ctx.body ?? {}) as Record<string, unknown>;
    if (ctx.path === SEND_CODE_PATH) {
      if (body.type !== 'sign-in') {
        throw new APIError('BAD_REQUEST', {
          code: 'VALIDATION_FAILED',
          message: 'type must be "sign-in": codes are only for caregiver sign-in',
          errors: [{ path: 'type', message: 'must be "sign-in"' }],
        });
      }
      return;
    }
    const email = typeof body.email === 'string' ? body.email : '';
    if (!email || !(await caregiverAccountForEmail(db, email))) {
      throw new APIError('BAD_REQUEST', { code: 'INVALID_OTP', message: 'Invalid OTP' });
    }
  });
}
