/**
 * Resolves the actor of a request from its session cookie in one database round trip
 * (docs/decisions/0005-api-performance.md).
 *
 * better-auth's `getSession` costs two queries (session, user) plus our `user_account` lookup, and
 * ~1 ms of CPU. The fast path here does what it does for a valid session that needs no refresh —
 * checks the cookie's HMAC-SHA256 signature with the auth secret (better-call's signed-cookie format,
 * `token.base64(hmac)`), looks the token up and checks expiry — and reads the `user_account` role and
 * active flag in the same query. That row is kept in the per-process session cache (session-cache.ts; decision
 * 0028) for at most 30 s; every write to sessions or accounts empties the cache at once, on every instance
 * (session-invalidation.ts), so a deleted session or a deactivated account still loses access on the very next
 * request.
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
import { type SessionCache, withoutSessionInvalidation } from './session-cache.ts';

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
    options?: { fresh?: boolean },
  ): Promise<ResolvedSession | null>;
  /** Notes that session `sessionId`'s `last_activity_at` is now `at` (the caller wrote it). */
  noteActivity(sessionId: string, at: Date): void;
}

/** A request's actor and session; `cached` when they came from the session cache rather than the database. */
export interface ResolvedSession {
  actor: ActorRecord;
  session: SessionState;
  cached: boolean;
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

/** The row the actor query reads (session ⋈ account), as the session cache keeps it. */
export interface SessionRow {
  sessionId: string;
  authUserId: string;
  expiresAt: Date;
  createdAt: Date;
  tier: SessionState['tier'];
  lastActivityAt: Date;
  aal: SessionState['aal'];
  userAccountId: string;
  role: ActorRecord['role'];
  email: string;
  fullName: string | null;
  isActive: boolean;
}

/**
 * The actor resolver of an app. `cache` keeps the actor query's rows (session-cache.ts); the caller keeps it true to
 * the database (session-invalidation.ts).
 */
export function createActorResolver({
  auth,
  db,
  cache,
}: {
  auth: Auth;
  db: Database;
  cache: SessionCache<SessionRow>;
}): ActorResolver {
  const deps: ActorDeps = {
    auth,
    cache,
    settings: auth.$context.then((ctx) => ({
      cookieName: ctx.authCookies.sessionToken.name,
      dontRememberName: ctx.authCookies.dontRememberToken.name,
      secret: ctx.secret,
    })),
    bySessionToken: prepareActorQuery(db),
  };
  return {
    resolveSession: (headers, cookies, options) => resolveSession(deps, headers, cookies, options),
    async resolve(headers, cookies) {
      return (await resolveSession(deps, headers, cookies))?.actor ?? null;
    },
    noteActivity(sessionId, at) {
      cache.patchSession(sessionId, { lastActivityAt: at });
    },
  };
}

/** What the resolver works with: better-auth, the cache, the session cookie's names and secret, the actor query. */
interface ActorDeps {
  auth: Auth;
  cache: SessionCache<SessionRow>;
  settings: Promise<{ cookieName: string; dontRememberName: string; secret: string }>;
  bySessionToken: ReturnType<typeof prepareActorQuery>;
}

/** One statement, prepared once per connection: session by token, joined to the Tend account. */
function prepareActorQuery(db: Database) {
  return db
    .select(sessionRowShape())
    .from(authSessions)
    .innerJoin(userAccounts, eq(userAccounts.authUserId, authSessions.userId))
    .where(eq(authSessions.token, sql.placeholder('token')))
    .prepare('tend_actor_by_session_token');
}

/** {@link ActorResolver.resolveSession}: the fast path of the module comment, else {@link slowPath}. */
async function resolveSession(
  deps: ActorDeps,
  headers: IncomingHttpHeaders,
  cookies: Record<string, string | undefined>,
  { fresh = false }: { fresh?: boolean } = {},
): Promise<ResolvedSession | null> {
  const { cookieName, dontRememberName, secret } = await deps.settings;
  const signed = cookies[cookieName];
  if (!signed) return null;
  const token = verifySignedCookie(signed, secret);
  // Anything the fast path cannot verify is better-auth's to judge (it refuses a bad signature).
  if (!token) return slowPath(deps, headers, null);
  const cachedRow = fresh ? undefined : deps.cache.get(token);
  const row = cachedRow ?? (await readRow(deps, token));
  if (!row?.isActive) return null;
  const now = Date.now();
  const expiresAt = row.expiresAt.getTime();
  const refreshDue = expiresAt - SESSION_EXPIRES_IN_S * 1000 + SESSION_UPDATE_AGE_S * 1000 <= now;
  if (expiresAt <= now || (refreshDue && !cookies[dontRememberName])) return slowPath(deps, headers, token);
  return toResolved(row, cachedRow !== undefined);
}

/** The actor query's row for `token`, stored in the cache unless a change happened while it was read. */
async function readRow(deps: ActorDeps, token: string): Promise<SessionRow | undefined> {
  const generation = deps.cache.generation;
  const [row] = await deps.bySessionToken.execute({ token });
  if (row) deps.cache.set(token, row, generation);
  return row;
}

/**
 * better-auth's own path (refresh, expiry clean-up), then the account row. Its writes leave other instances'
 * caches alone (a later expiry, or the deletion of an expired session: their copies are no more lenient); this
 * instance's copy is replaced by the row read after it.
 */
async function slowPath(
  deps: ActorDeps,
  headers: IncomingHttpHeaders,
  token: string | null,
): Promise<ResolvedSession | null> {
  if (token !== null) deps.cache.delete(token);
  const session = await withoutSessionInvalidation(() =>
    deps.auth.api.getSession({ headers: fromNodeHeaders(headers) }),
  );
  if (!session) return null;
  const row = await readRow(deps, session.session.token);
  if (!row?.isActive) return null;
  return toResolved(row, false);
}

/** The columns of the actor query: the session by token joined to its Tend account. */
function sessionRowShape() {
  return {
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
  };
}

function toResolved(row: SessionRow, cached: boolean): ResolvedSession {
  return {
    cached,
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
