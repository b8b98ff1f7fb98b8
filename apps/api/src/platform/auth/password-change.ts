/**
 * "Change password" on `/account` (issue 4 "Accounts"; docs/accounts.md): better-auth's
 * `POST /api/auth/change-password { currentPassword, newPassword, revokeOtherSessions? }`, signed in only (401
 * otherwise). The current password is the re-authentication (spec s.7 "reauthenticate"); the password policy
 * applies to `newPassword` (auth.ts before hook, password-policy.ts; decision 0007). Every account that signs in
 * with a password has one, phone-only accounts included; an account without a password (it removed its Password
 * sign-in method) gets better-auth's 400 CREDENTIAL_ACCOUNT_NOT_FOUND and can set one by recovery link.
 *
 * This plugin adds:
 * - a wrong current password is answered 400 VALIDATION_FAILED naming `currentPassword` (better-auth answers
 *   INVALID_PASSWORD without a field) and audited `user.password_change` with outcome denied;
 * - with `revokeOtherSessions`, better-auth deletes every session of the account and opens a replacing one; the
 *   replacement keeps the old session's sign-in time, tier and assurance level (decision 0009: a replacing session
 *   never extends the 12 h limit, and a verified second factor stays verified), and auth.ts does not count it
 *   as a sign-in; API refresh-token families of the account are "other sessions" too and are revoked
 *   (`password_change`, decision 0015);
 * - a change is audited `user.password_change` with `details.otherSessionsEnded` and
 *   `details.apiTokenFamiliesRevoked`.
 */
import type { BetterAuthPlugin } from 'better-auth';
import { createAuthMiddleware, getSessionFromCtx, isAPIError } from 'better-auth/api';
import { eq } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { recordAudit } from '../audit/audit.service.ts';
import { revokeUserFamilies } from './api-tokens.service.ts';
import { authSessions } from './auth.table.ts';
import { authAuditContext } from './auth-audit.ts';
import { validationApiError } from './auth-problem.ts';

/** better-auth's change-password route (under /api/auth). */
export const CHANGE_PASSWORD_PATH = '/change-password';

/** The words for a wrong current password, after the field's label ("Current password is not right"). */
export const WRONG_CURRENT_PASSWORD = 'is not right';

interface SessionSnapshot {
  createdAt: Date;
  tier: 'relaxed' | 'strict_phi';
  aal: 'aal1' | 'aal2';
}

/** The signed-in session's Tend columns as the request started, by request (the session is gone afterwards). */
const snapshots = new WeakMap<object, SessionSnapshot>();

/** The configured plugin (see the file comment); `db` is Tend's database. */
export function passwordChange({ db }: { db: Database }) {
  return {
    id: 'tend-password-change',
    hooks: {
      before: [
        {
          matcher: (ctx) => ctx.path === CHANGE_PASSWORD_PATH,
          handler: createAuthMiddleware(async (ctx) => {
            if (!ctx.request) return;
            const session = await getSessionFromCtx(ctx);
            if (!session) return;
            const [row] = await db
              .select({ createdAt: authSessions.createdAt, tier: authSessions.tier, aal: authSessions.aal })
              .from(authSessions)
              .where(eq(authSessions.id, session.session.id));
            if (row) snapshots.set(ctx.request, row);
          }),
        },
      ],
      after: [
        {
          matcher: (ctx) => ctx.path === CHANGE_PASSWORD_PATH,
          handler: createAuthMiddleware(async (ctx) => {
            const current = ctx.context.session;
            // Anonymous: better-auth answered 401 and nothing changed.
            if (!current) return;
            const returned = ctx.context.returned;
            const audit = async (outcome: 'success' | 'denied', details: Record<string, unknown>) => {
              const { ctx: auditCtx, userAccountId } = await authAuditContext(
                db,
                current.user.id,
                current.session,
                ctx.request?.headers ?? ctx.headers,
              );
              await recordAudit(db, auditCtx, {
                action: 'user.password_change',
                entityType: 'user_account',
                entityId: userAccountId,
                outcome,
                details,
              });
            };
            if (isAPIError(returned)) {
              if (returned.body?.code !== 'INVALID_PASSWORD') return;
              await audit('denied', { reason: 'wrong_current_password' });
              throw validationApiError([{ path: 'currentPassword', message: WRONG_CURRENT_PASSWORD }]);
            }
            if (returned instanceof Error || (returned instanceof Response && !returned.ok)) return;
            const token: unknown =
              returned && typeof returned === 'object' && 'token' in returned ? returned.token : null;
            const snapshot = ctx.request ? snapshots.get(ctx.request) : undefined;
            const otherSessionsEnded = typeof token === 'string';
            if (otherSessionsEnded && snapshot) {
              await db
                .update(authSessions)
                .set({ createdAt: snapshot.createdAt, tier: snapshot.tier, aal: snapshot.aal })
                .where(eq(authSessions.token, token));
            }
            const apiTokenFamiliesRevoked = otherSessionsEnded
              ? await revokeUserFamilies(db, current.user.id, 'password_change')
              : 0;
            await audit('success', { otherSessionsEnded, apiTokenFamiliesRevoked });
          }),
        },
      ],
    },
  } satisfies BetterAuthPlugin;
}
