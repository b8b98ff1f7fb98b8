/**
 * The audit of sign-in methods ("identities": better-auth `auth_account` rows; issue 4 "Accounts";
 * docs/google-sign-in.md). A Google identity is linked either from `/account` ("Link Google account": better-auth's
 * `POST /api/auth/link-social`, then Google's callback) or on the first "Continue with Google" of an account with
 * the same, Google-verified email; either is audited `user.identity_link` with `details.via` `account` or
 * `sign_in`, apart from the `auth.sign_in` of the session. Removing one (`POST /api/auth/unlink-account`) is
 * audited `user.identity_unlink`. Password identities are audited where the password is set (`auth.setup`,
 * `user.invitation_accept`, `auth.sign_up`, `user.password_reset`), not here; removing one is an unlink.
 * Details carry the provider and the identity's row id, never the provider's account id or email.
 */
import type { BetterAuthPlugin } from 'better-auth';
import { getOAuthState } from 'better-auth/api';
import type { Database } from '../db/client.ts';
import { recordAudit } from '../audit/audit.service.ts';
import { authAuditContext, type AuditSession } from './auth-audit.ts';

/** How an identity came to be linked: from `/account`, on a first sign-in, or by server code (no request). */
export type IdentityLinkVia = 'account' | 'sign_in' | 'server';

/** The fields of an endpoint context the hooks read (better-auth passes the endpoint's context, or nothing). */
interface HookContext {
  path?: string;
  headers?: Headers;
  request?: Request;
  context?: { session?: { session: AuditSession } | null };
}

/** Whether the OAuth state of this request is a link started by a signed-in user (`link-social`). */
async function isExplicitLink(): Promise<boolean> {
  try {
    const state = await getOAuthState();
    return Boolean(state?.link);
  } catch {
    // Outside a better-auth request there is no OAuth state.
    return false;
  }
}

/** better-auth's route for linking a social account while signed in (answers Google's URL, or links an ID token). */
export const LINK_SOCIAL_PATH = '/link-social';

/**
 * How a new identity was linked: `account` on `/link-social` itself (an ID token) or when the request's OAuth state
 * carries a link (Google's callback after link-social from `/account`), `sign_in` for any other request (the first
 * social sign-in of an account with the same email), `server` without a request (server code, tests).
 */
export async function identityLinkVia(ctx: HookContext | null | undefined): Promise<IdentityLinkVia> {
  if (!ctx?.path) return 'server';
  if (ctx.path === LINK_SOCIAL_PATH) return 'account';
  return (await isExplicitLink()) ? 'account' : 'sign_in';
}

/** The configured plugin (see the file comment); `db` is Tend's database. */
export function identityAudit({ db }: { db: Database }) {
  return {
    id: 'tend-identity-audit',
    init: () => ({
      options: {
        databaseHooks: {
          account: {
            create: {
              after: async (
                account: { id: string; userId: string; providerId: string },
                ctx?: HookContext | null,
              ) => {
                if (account.providerId === 'credential') return;
                const via = await identityLinkVia(ctx);
                const { ctx: auditCtx, userAccountId } = await authAuditContext(
                  db,
                  account.userId,
                  ctx?.context?.session?.session ?? null,
                  ctx?.request?.headers ?? ctx?.headers,
                );
                await recordAudit(db, via === 'server' ? { ...auditCtx, actor: null } : auditCtx, {
                  action: 'user.identity_link',
                  entityType: 'user_account',
                  entityId: userAccountId,
                  details: { provider: account.providerId, identityId: account.id, via },
                });
              },
            },
            delete: {
              after: async (
                account: { id: string; userId: string; providerId: string },
                ctx?: HookContext | null,
              ) => {
                const { ctx: auditCtx, userAccountId } = await authAuditContext(
                  db,
                  account.userId,
                  ctx?.context?.session?.session ?? null,
                  ctx?.request?.headers ?? ctx?.headers,
                );
                await recordAudit(db, ctx?.path ? auditCtx : { ...auditCtx, actor: null }, {
                  action: 'user.identity_unlink',
                  entityType: 'user_account',
                  entityId: userAccountId,
                  details: { provider: account.providerId, identityId: account.id },
                });
              },
            },
          },
        },
      },
    }),
  } satisfies BetterAuthPlugin;
}
