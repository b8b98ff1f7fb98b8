/**
 * Audit context for events recorded inside better-auth's endpoints (password change, sign-in methods), where
 * Fastify's `request.ctx` is out of reach: the acting account is read from `user_account` by its auth user.
 */
import { eq } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import type { RequestContext } from '../http/context.ts';
import { userAccounts } from './auth.table.ts';

/** The better-auth session fields the audit context uses. */
export interface AuditSession {
  id: string;
  userId: string;
  createdAt: Date | string;
  ipAddress?: string | null | undefined;
}

/**
 * The audit context of a request inside better-auth acting as the account of auth user `authUserId`:
 * `actor` is that account (null when no `user_account` row has it); `requestId` is {@link auditRequestId}'s; `ip` is the one better-auth
 * recorded on `session` (as `auth.sign_in` records it); `userAgent` is the request's, at most 500 characters.
 * Also returns the account id (`entityId` of the event), null without an account.
 */
export async function authAuditContext(
  db: Database,
  authUserId: string,
  session: AuditSession | null,
  headers: Headers | undefined,
): Promise<{ ctx: RequestContext; userAccountId: string | null }> {
  const [account] = await db
    .select({
      id: userAccounts.id,
      email: userAccounts.email,
      role: userAccounts.role,
      fullName: userAccounts.fullName,
    })
    .from(userAccounts)
    .where(eq(userAccounts.authUserId, authUserId));
  const ctx: RequestContext = {
    actor: account
      ? {
          userAccountId: account.id,
          role: account.role,
          email: account.email,
          authUserId,
          fullName: account.fullName,
          sessionId: session?.id ?? '',
          sessionIssuedAt: new Date(session?.createdAt ?? Date.now()),
        }
      : null,
    requestId: auditRequestId(headers),
    ip: session?.ipAddress ?? null,
    userAgent: headers?.get('user-agent')?.slice(0, 500) ?? null,
  };
  return { ctx, userAccountId: account?.id ?? null };
}

/**
 * The request id of an audit event written inside better-auth: the `x-request-id` header, which auth.plugin.ts sets
 * to Fastify's request id before handing the request over (so the event and the request's log lines share it),
 * when it is 8..64 word characters or dashes; `auth` otherwise (a call without a request, e.g. from a test).
 */
export function auditRequestId(headers: Headers | null | undefined): string {
  const id = headers?.get('x-request-id');
  return id && /^[\w-]{8,64}$/.test(id) ? id : 'auth';
}
