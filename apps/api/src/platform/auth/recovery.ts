/**
 * Password recovery (spec s.7 "POST recover", issue 4; docs/accounts.md,
 * docs/decisions/0014-accounts-by-email-link.md) on better-auth's own endpoints:
 * `POST /api/auth/request-password-reset { email }` answers the same whatever the email, and
 * `POST /api/auth/reset-password { token, newPassword }` sets the password (the password policy applies through
 * auth.ts's before hook) and ends every session of the user (`revokeSessionsOnPasswordReset`) and every API
refresh-token family (`onPasswordReset`, revoked as `password_reset`). Both are limited
 * per IP with the one-time-code limit (auth.plugin.ts, AUTH_RATE_LIMIT_OTP_PER_5MIN: 30 per 5 minutes).
 *
 * This file supplies the options: the link points at the web app's `/confirm?type=recovery&token=…` (not
 * better-auth's redirecting GET), the email goes through Tend's messaging service (so it lands in the outbox), and
 * only an active `user_account` gets one; for any other email the stored token is deleted and nothing is sent,
 * while the answer stays the same. A completed reset is audited `user.password_reset`.
 *
 * Phone-only accounts (no mailbox) reset by SMS code instead: `POST /api/auth/phone-number/request-password-reset`
 * and `POST /api/auth/phone-number/reset-password` (phone.ts; docs/decisions/0019-caregiver-sms-codes.md). better-auth
 * ends every session and calls the same `onPasswordReset`, so both are audited alike (`details.method`).
 */
import { PASSWORD_RESET_TTL_MINUTES } from '@tend/contracts';
import { createHash } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { recordAudit } from '../audit/audit.service.ts';
import { revokeUserFamilies } from './api-tokens.service.ts';
import { auditRequestId } from './auth-audit.ts';
import { systemContext } from '../http/context.ts';
import type { Locale } from '@tend/contracts/locale';
import { renderEmail } from '../messaging/templates.ts';
import { recipientLocale } from './account-locale.ts';
import { authVerifications, userAccounts } from './auth.table.ts';
import type { SignInCodeEmail } from './caregiver-otp.ts';

/** Seconds a reset link stays valid (better-auth `resetPasswordTokenExpiresIn`): 60 minutes. */
export const RESET_PASSWORD_TOKEN_TTL_S = PASSWORD_RESET_TTL_MINUTES * 60;

/**
 * better-auth `verification.storeIdentifier` for auth.ts: reset tokens are stored as the SHA-256 (base64url) of
 * their identifier `reset-password:<token>`, so a database read never yields a working reset link; other
 * verification values stay as better-auth stores them.
 */
export const verificationStorage = {
  default: 'plain' as const,
  overrides: { 'reset-password:': 'hashed' as const },
};

/** The stored identifier of a reset token (better-auth's `hashed` storage: SHA-256, base64url without padding). */
export function storedResetIdentifier(token: string): string {
  return createHash('sha256').update(`reset-password:${token}`, 'utf8').digest('base64url');
}

/** The web app's reset link for a better-auth reset token. */
export function recoveryLink(publicUrl: string, token: string): string {
  const url = new URL('/confirm', publicUrl);
  url.searchParams.set('type', 'recovery');
  url.searchParams.set('token', token);
  return url.href;
}

/** The reset email in `locale` (template `passwordReset`): link, lifetime, what to do if unexpected. No PHI. */
export function passwordResetEmail(
  to: string,
  link: string,
  userAccountId: string,
  locale: Locale = 'en',
): SignInCodeEmail {
  return {
    to,
    ...renderEmail(locale, 'passwordReset', { link, minutes: PASSWORD_RESET_TTL_MINUTES }),
    relatedEntityType: 'user_account',
    relatedEntityId: userAccountId,
  };
}

/** The id of the active `user_account` linked to this auth user, or null (none, or deactivated). */
async function activeAccountId(db: Database, authUserId: string): Promise<string | null> {
  const [row] = await db
    .select({ id: userAccounts.id })
    .from(userAccounts)
    .where(and(eq(userAccounts.authUserId, authUserId), eq(userAccounts.isActive, true)));
  return row?.id ?? null;
}

/**
 * How a completed reset proved the account (`user.password_reset` `details.method`): `phone_otp` for better-auth's
 * `/phone-number/reset-password` (an SMS code, decision 0019), `email_link` for `/reset-password` (decision 0014).
 */
export function passwordResetMethod(request: Request | undefined): 'phone_otp' | 'email_link' {
  const path = request ? new URL(request.url).pathname : '';
  return path.endsWith('/phone-number/reset-password') ? 'phone_otp' : 'email_link';
}

export interface PasswordRecoveryOptions {
  db: Database;
  publicUrl: string;
  /** Sends one email through Tend's messaging service (outbox first). */
  sendEmail: (message: SignInCodeEmail) => Promise<unknown>;
}

/**
 * better-auth `emailAndPassword` options for recovery: `sendResetPassword`, `onPasswordReset`, the 60-minute
 * token lifetime and `revokeSessionsOnPasswordReset: true`. Spread into `emailAndPassword` in auth.ts.
 */
export function passwordRecoveryOptions({ db, publicUrl, sendEmail }: PasswordRecoveryOptions) {
  return {
    resetPasswordTokenExpiresIn: RESET_PASSWORD_TOKEN_TTL_S,
    revokeSessionsOnPasswordReset: true,
    async sendResetPassword(
      { user, token }: { user: { id: string; email: string }; token: string },
      request?: Request,
    ) {
      const accountId = await activeAccountId(db, user.id);
      if (!accountId) {
        // A deactivated (or unlinked) account gets nothing, and its token is deleted so it can never work.
        await db
          .delete(authVerifications)
          .where(eq(authVerifications.identifier, storedResetIdentifier(token)));
        return;
      }
      const link = recoveryLink(publicUrl, token);
      const locale = (await recipientLocale(db, accountId, request?.headers)) ?? 'en';
      await sendEmail({ ...passwordResetEmail(user.email, link, accountId, locale), secrets: [link, token] });
    },
    async onPasswordReset({ user }: { user: { id: string } }, request?: Request) {
      const [account] = await db
        .select({ id: userAccounts.id })
        .from(userAccounts)
        .where(eq(userAccounts.authUserId, user.id));
      // API clients too: every live refresh-token family of the user ends with the sessions (decision 0015).
      await db.transaction(async (tx) => {
        const apiTokenFamiliesRevoked = await revokeUserFamilies(tx, user.id, 'password_reset');
        await recordAudit(tx, systemContext(auditRequestId(request?.headers)), {
          action: 'user.password_reset',
          entityType: 'user_account',
          ...(account ? { entityId: account.id } : {}),
          details: { sessionsEnded: true, apiTokenFamiliesRevoked, method: passwordResetMethod(request) },
        });
      });
    },
  };
}
