/**
 * Resolves the actor of a request from its session cookie in one database round trip
 * (docs/decisions/0005-api-performance.md).
 *
 * better-auth's `getSession` costs two queries (session, user) plus our `user_account` lookup, and
 * ~1 ms of CPU. The fast path here does what it does for a valid session that needs no refresh —
 * checks the cookie's HMAC-SHA256 signature with the auth secret (better-call's signed-cookie format,
 * `token.base64(hmac)`), looks the token up and checks expiry — and reads the `user_account` role and
 * active flag in the same query. Nothing is cached: a deleted session or a deactivated account loses
 * access on the very next request.
 *
 * The same query reads the session's tier, last activity and assurance level (`resolveSession`), for the
 * server-side tier and MFA checks of auth.plugin.ts (docs/decisions/0009-mfa.md).
 *
 * Every other case goes through better-auth itself (`slowPath`): an expired session (better-auth
 * deletes it) and a session due for its sliding refresh (better-auth extends `expiresAt` once per
 * `updateAge`), so session lifetimes behave exactly as before.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { fromNodeHeaders } from 'better-auth/node';
import { eq, sql } from 'drizzle-orm';
import type { IncomingHttpHeaders } from 'node:http';
import type { Database } from '../db/client.ts';
import type { ActorRecord } from '../http/context.ts';
import { SESSION_EXPIRES_IN_S, SESSION_UPDATE_AGE_S, type Auth } from './auth.ts';
import { authSessions, userAccounts } from './auth.table.ts';

/**
 * What the server knows of a session for the tier and MFA checks (decision 0009): its recorded tier, sign-in
 * time (`issuedAt`, the session's `createdAt`), last authenticated API activity and assurance level.
 */
export interface SessionState {
  id: string;
  tier: 'relaxed' | 'strict_phi';
  issuedAt: Date;
  lastActivityAt: Date;
  aal: 'aal1' | 'aal2';
}

export interface ActorResolver {
  /** The signed-in, active actor of a request, or null (no/invalid/expired session, inactive account). */
  resolve(
    headers: IncomingHttpHeaders,
    cookies: Record<string, string | undefined>,
  ): Promise<ActorRecord | null>;
  /** As `resolve`, with the session's tier, activity and assurance level (same single query). */
  resolveSession(
    headers: IncomingHttpHeaders,
    cookies: Record<string, string | undefined>,
  ): Promise<{ actor: ActorRecord; session: SessionState } | null>;
}

/**
 * Verifies a better-call signed cookie value (`value.signature`, already URL-decoded) and returns the
 * value, or null when the signature is missing or wrong (constant-time comparison).
 */
export function verifySignedCookie(signed: string, secret: string): string | null {
  const dot = signed.lastIndexOf('.');
  if (dot < 1) return null;
  const value = signed.slice(0, dot);
  const signature = signed.slice(dot + 1);
  // better-call's own shape check: a base64 SHA-256 HMAC is 44 characters ending in '='.
  if (signature.length !== 44 || !signature.endsWith('=')) return null;
  const given = Buffer.from(signature, 'base64');
  const expected = createHmac('sha256', secret).update(value).digest();
  return given.length === expected.length && timingSafeEqual(given, expected) ? value : null;
}

export function createActorResolver({ auth, db }: { auth: Auth; db: Database }): ActorResolver {
  const settings = auth.$context.then((ctx) => ({
    cookieName: ctx.authCookies.sessionToken.name,
    dontRememberName: ctx.authCookies.dontRememberToken.name,
    secret: ctx.secret,
  }));

  // One statement, prepared once per connection: session by token, joined to the Tend account.
  const bySessionToken = db
    .select({
      sessionId: authSessions.id,
      authUserId: authSessions.userId,
      expiresAt: authSessions.expiresAt,
      createdAt: authSessions.createdAt,
      tier: authSessions.tier,
      lastActivityAt: authSessions.lastActivityAt,
      aal: authSessions.aal,
      userAccountId: userAccounts.id,
      role: userAccounts.role,
      email: userAccounts.email,
      fullName: userAccounts.fullName,
      isActive: userAccounts.isActive,
    })
    .from(authSessions)
    .innerJoin(userAccounts, eq(userAccounts.authUserId, authSessions.userId))
    .where(eq(authSessions.token, sql.placeholder('token')))
    .prepare('tend_actor_by_session_token');

  /** better-auth's own path (refresh, expiry clean-up), then the account row. */
  type Resolved = { actor: ActorRecord; session: SessionState };
  async function slowPath(headers: IncomingHttpHeaders): Promise<Resolved | null> {
    const session = await auth.api.getSession({ headers: fromNodeHeaders(headers) });
    if (!session) return null;
    const [row] = await bySessionToken.execute({ token: session.session.token });
    if (!row?.isActive) return null;
    return toResolved(row);
  }

  async function resolveSession(
    headers: IncomingHttpHeaders,
    cookies: Record<string, string | undefined>,
  ): Promise<Resolved | null> {
    const { cookieName, dontRememberName, secret } = await settings;
    const signed = cookies[cookieName];
    if (!signed) return null;
    const token = verifySignedCookie(signed, secret);
    // Anything the fast path cannot verify is better-auth's to judge (it refuses a bad signature).
    if (!token) return slowPath(headers);
    const [row] = await bySessionToken.execute({ token });
    if (!row?.isActive) return null;
    const now = Date.now();
    const expiresAt = row.expiresAt.getTime();
    const refreshDue = expiresAt - SESSION_EXPIRES_IN_S * 1000 + SESSION_UPDATE_AGE_S * 1000 <= now;
    if (expiresAt <= now || (refreshDue && !cookies[dontRememberName])) return slowPath(headers);
    return toResolved(row);
  }

  return {
    resolveSession,
    async resolve(headers, cookies) {
      return (await resolveSession(headers, cookies))?.actor ?? null;
    },
  };
}

function toResolved(row: Parameters<typeof toActor>[0] & Omit<SessionState, 'id' | 'issuedAt'>) {
  return {
    actor: toActor(row),
    session: {
      id: row.sessionId,
      tier: row.tier,
      issuedAt: row.createdAt,
      lastActivityAt: row.lastActivityAt,
      aal: row.aal,
    },
  };
}

function toActor(row: {
  sessionId: string;
  createdAt: Date;
  authUserId: string;
  userAccountId: string;
  role: ActorRecord['role'];
  email: string;
  fullName: string | null;
}): ActorRecord {
  return {
    userAccountId: row.userAccountId,
    role: row.role,
    email: row.email,
    authUserId: row.authUserId,
    fullName: row.fullName,
    sessionId: row.sessionId,
    sessionIssuedAt: row.createdAt,
  };
}
