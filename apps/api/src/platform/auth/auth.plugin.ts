/**
 * Fastify side of authentication: mounts better-auth at /api/auth/* (with per-IP limits on sign-in, one-time
 * codes, recovery and MFA verification), resolves the actor of every /api request into `request.ctx`, enforces
 * the session tiers on the server (spec s.4 "the server enforces the tiers too", s.9) and offers `guard(...)`
 * preValidation hooks (run before body validation, so an anonymous caller gets 401, not 400) that enforce the
 * route-table guards of `@tend/contracts` (spec s.6; STYLE.md s.7) and the admin MFA rule
 * (docs/decisions/0009-mfa.md).
 */
import type { FastifyInstance, FastifyReply, FastifyRequest, preValidationAsyncHookHandler } from 'fastify';
import { fromNodeHeaders } from 'better-auth/node';
import { and, eq, gt, inArray } from 'drizzle-orm';
import type { IncomingHttpHeaders } from 'node:http';
import {
  authEndpoints,
  passesGuard,
  serverSessionEndReason,
  type Guard,
  type Problem,
} from '@tend/contracts';
import type { Database } from '../db/client.ts';
import { recordAudit } from '../audit/audit.service.ts';
import { defaultAuthRateLimits } from '../config/config.ts';
import { AppError } from '../http/errors.ts';
import { route } from '../http/endpoint-route.ts';
import type { ActorRecord, RequestContext } from '../http/context.ts';
import type { Auth } from './auth.ts';
import { authSessions, userAccounts } from './auth.table.ts';
import { createActorResolver, type SessionRow, type SessionState } from './actor.ts';
import { registerBearer } from './bearer.ts';
import { registerNoStore } from './no-store.ts';
import { assertSignInOpen, recordSignInOutcome } from './sign-in-lockout.ts';
import { SessionCache, withoutSessionInvalidation } from './session-cache.ts';
import { watchSessionWrites } from './session-invalidation.ts';

/** Why the server ended a session (spec s.8 logout reasons it can decide on its own). */
export type SessionEndReason = 'absolute_timeout' | 'inactivity_timeout';

/**
 * What the realtime channel (platform/realtime) needs of sessions: the actor of a socket's handshake headers (the same
 * cookie session as HTTP, judged by its own tier's limits; null when none or ended), which of some sessions are still
 * live (one query), and a call whenever sessions or accounts were written on any instance (session-invalidation.ts).
 */
export interface SessionsForRealtime {
  actorOf(headers: IncomingHttpHeaders): Promise<ActorRecord | null>;
  liveSessionIds(sessionIds: readonly string[]): Promise<Set<string>>;
  onChange(listener: () => void): void;
}

declare module 'fastify' {
  interface FastifyInstance {
    sessions: SessionsForRealtime;
  }
  interface FastifyRequest {
    ctx: RequestContext;
    /** The session behind `ctx.actor` (tier, sign-in time, last recorded activity, aal); null without one. */
    authSession: SessionState | null;
    /** Set when this request found its session past its tier's limits and ended it. */
    sessionEndReason: SessionEndReason | null;
  }
}

/**
 * How stale `auth_session.last_activity_at` may get before a request writes it again (60 s): a session costs at most
 * one activity write a minute per instance, not one per request; the server's idle clock therefore lags real
 * activity by at most this much (decision 0009). The writing instance updates its cached copy (decision 0028).
 */
export const ACTIVITY_WRITE_INTERVAL_MS = 60_000;

/**
 * 401 SESSION_EXPIRED with the logout reason as the problem's `reason` extension member (RFC 9457 s.3.2), so
 * the browser can send the user to `/login?reason=…`.
 */
export class SessionEndedError extends AppError {
  constructor(readonly reason: SessionEndReason) {
    super(
      'SESSION_EXPIRED',
      reason === 'absolute_timeout'
        ? 'Your session reached its time limit; sign in again'
        : 'Your session ended after a period of inactivity; sign in again',
    );
  }
  override toProblem(requestId: string): Problem & { reason: SessionEndReason } {
    return { ...super.toProblem(requestId), reason: this.reason };
  }
}

/**
 * 403 with code MFA_REQUIRED: an admin whose session has not verified a TOTP code (aal1) asked for PHI while
 * REQUIRE_ADMIN_MFA is on (decision 0009). The web app sends them to the MFA screen.
 */
export class MfaRequiredError extends AppError {
  constructor() {
    super('FORBIDDEN', 'Verify a code from your authenticator app (two-step verification) to open this');
  }
  override toProblem(requestId: string): Problem {
    return {
      ...super.toProblem(requestId),
      type: 'https://tend.local/problems/mfa-required',
      title: 'Two-step verification required',
      code: 'MFA_REQUIRED',
    };
  }
}

/** Copies a Fetch Response (status, every header including each Set-Cookie, body) onto the reply. */
async function sendFetchResponse(reply: FastifyReply, response: Response): Promise<void> {
  reply.status(response.status);
  response.headers.forEach((value, key) => {
    if (key !== 'set-cookie') reply.header(key, value);
  });
  const cookies = response.headers.getSetCookie();
  if (cookies.length) reply.header('set-cookie', cookies);
  const body = response.body ? Buffer.from(await response.arrayBuffer()) : null;
  await reply.send(body);
}

/** Deletes a session the server found past its limits and records it (ids and the reason only). */
async function endSession(
  db: Database,
  ctx: RequestContext,
  actor: ActorRecord,
  sessionId: string,
  reason: SessionEndReason,
): Promise<void> {
  await db.delete(authSessions).where(eq(authSessions.id, sessionId));
  await recordAudit(
    db,
    { ...ctx, actor },
    {
      action: 'auth.sign_out',
      entityType: 'user_account',
      entityId: actor.userAccountId,
      details: { reason, sessionId },
    },
  );
}

/**
 * The better-auth endpoints limited per client IP (decision 0009; GoTrue-like defaults in config.ts). The key is
 * Fastify's `request.ip`, which follows X-Forwarded-For only when TRUST_PROXY is on.
 */
function authLimitGroup(path: string): 'sign-in' | 'otp' | 'mfa' | null {
  // A password check or an identity link by a signed-in caller counts as a sign-in attempt: a stolen session must
  // not be able to guess the current password without limit.
  if (path.startsWith('/sign-in/') || path === '/change-password' || path === '/link-social')
    return 'sign-in';
  if (path.startsWith('/two-factor/verify-')) return 'mfa';
  if (
    path.startsWith('/sign-up/') ||
    path.startsWith('/email-otp/') ||
    path.startsWith('/phone-number/') ||
    path.startsWith('/magic-link') ||
    path === '/two-factor/send-otp' ||
    path === '/request-password-reset' ||
    path === '/forget-password' ||
    path === '/reset-password' ||
    path === '/send-verification-email'
  )
    return 'otp';
  return null;
}

/**
 * Registers the auth handler, the auth rate limits, the actor resolver with its session cache (kept true to the
 * database by session-invalidation.ts; stopped when the app closes) and the server-side tier checks.
 */
export function registerAuth(app: FastifyInstance, { auth, db }: { auth: Auth; db: Database }): void {
  app.decorateRequest('ctx', null as unknown as RequestContext);
  app.decorateRequest('authSession', null);
  app.decorateRequest('sessionEndReason', null);
  const changeListeners = new Set<() => void>();
  const actors = createActorResolver({ auth, db, cache: watchedSessionCache(app, changeListeners) });
  app.decorate('sessions', sessionsForRealtime(app, { db, actors, changeListeners }));
  // API clients: `Authorization: Bearer <access token>` (bearer.ts; decision 0015).
  const authenticateBearer = registerBearer(app, { auth, db });
  registerAuthHandler(app, { auth, db, actors });
  registerNoStore(app);

  // The browser's activity heartbeat (session provider): counts as activity for a live session, answers
  // 401 SESSION_EXPIRED with the reason for an ended one (activity never revives it).
  route(app, authEndpoints.recordSessionActivity, { tags: ['auth'] }, (request) => {
    requireActor(request);
    return null;
  });

  app.addHook('onRequest', async (request) => {
    request.ctx = {
      actor: null,
      requestId: request.id,
      ip: request.ip ?? null,
      userAgent: request.headers['user-agent']?.slice(0, 500) ?? null,
    };
    if (!request.url.startsWith('/api/') || request.url.startsWith('/api/auth/')) return;
    if (request.headers.authorization !== undefined) return authenticateBearer(request);
    if (!request.headers.cookie?.includes('session_token')) return;
    await resolveCookieSession(request, { db, actors });
  });
}

/**
 * The per-process session cache, emptied by every write to sessions and accounts on any instance
 * (session-invalidation.ts, decision 0028); its watch starts with the app and stops when it closes.
 */
function watchedSessionCache(
  app: FastifyInstance,
  changeListeners: ReadonlySet<() => void>,
): SessionCache<SessionRow> {
  const cache = new SessionCache<SessionRow>();
  const watch = watchSessionWrites(app.deps.database, {
    clear: () => {
      cache.clear();
      for (const listener of changeListeners) listener();
    },
    setEnabled: (enabled) => {
      cache.enabled = enabled;
      if (!enabled) cache.clear();
    },
    onError: (error) => app.log.warn({ err: error }, 'session cache notification connection'),
  });
  app.addHook('onReady', () => watch.ready);
  app.addHook('onClose', () => watch.close());
  return cache;
}

/** {@link SessionsForRealtime} over this app's actor resolver. */
function sessionsForRealtime(
  app: FastifyInstance,
  {
    db,
    actors,
    changeListeners,
  }: { db: Database; actors: ReturnType<typeof createActorResolver>; changeListeners: Set<() => void> },
): SessionsForRealtime {
  return {
    async actorOf(headers) {
      const cookies = app.parseCookie(headers.cookie ?? '');
      let resolved = await actors.resolveSession(headers, cookies);
      const view = (session: SessionState) => ({
        tier: session.tier,
        issuedAt: session.issuedAt.getTime(),
        lastActivityAt: session.lastActivityAt.getTime(),
      });
      if (resolved?.cached && serverSessionEndReason(view(resolved.session), Date.now()))
        resolved = await actors.resolveSession(headers, cookies, { fresh: true });
      if (!resolved || serverSessionEndReason(view(resolved.session), Date.now())) return null;
      return resolved.actor;
    },
    async liveSessionIds(sessionIds) {
      if (!sessionIds.length) return new Set();
      const rows = await db
        .select({ id: authSessions.id })
        .from(authSessions)
        .innerJoin(userAccounts, eq(userAccounts.authUserId, authSessions.userId))
        .where(
          and(
            inArray(authSessions.id, [...sessionIds]),
            gt(authSessions.expiresAt, new Date()),
            eq(userAccounts.isActive, true),
          ),
        );
      return new Set(rows.map((row) => row.id));
    },
    onChange(listener) {
      changeListeners.add(listener);
    },
  };
}

/**
 * The path under `/api/auth` of a request URL, lower-cased, or null when it is not in canonical form: a `.` or `..`
 * segment, an empty segment (`//`), a trailing `/`, a backslash or a percent-escape. better-auth routes the
 * normalised path, so a non-canonical one could reach a limited endpoint while the limiter classified it as
 * another (issue 17 item 2); such paths are refused with 400 instead. Lower-cased so that the limit groups match
 * whatever case the router accepts.
 */
export function canonicalAuthPath(url: string): string | null {
  const path = (url.split('?')[0] as string).slice('/api/auth'.length);
  if (/[%\\]|\/\/|\/\.\.?(\/|$)/.test(path) || (path.length > 1 && path.endsWith('/'))) return null;
  return path.toLowerCase();
}

/**
 * better-auth's own endpoints under `/api/auth/*`, behind the per-IP limits of `authLimitGroup`, the per-address
 * password lockout and the tier check (issue 17 item 9): a cookie session past its tier's limits is ended before
 * better-auth sees it, so `get-session`, `list-sessions`, `list-accounts` and the rest answer as signed out.
 * `list-sessions` never returns session tokens.
 */
function registerAuthHandler(
  app: FastifyInstance,
  { auth, db, actors }: { auth: Auth; db: Database; actors: ReturnType<typeof createActorResolver> },
): void {
  const limits = { ...defaultAuthRateLimits, ...app.deps.config.authRateLimits };
  const limiters = {
    'sign-in': app.rateLimit({
      max: limits.signInPer5Min,
      timeWindow: 5 * 60_000,
      keyGenerator: (request) => `auth-sign-in:${request.ip}`,
    }),
    otp: app.rateLimit({
      max: limits.otpPer5Min,
      timeWindow: 5 * 60_000,
      keyGenerator: (request) => `auth-otp:${request.ip}`,
    }),
    mfa: app.rateLimit({
      max: limits.mfaPerMinute,
      timeWindow: 60_000,
      keyGenerator: (request) => `auth-mfa:${request.ip}`,
    }),
  };
  app.route({
    method: ['GET', 'POST'],
    url: '/api/auth/*',
    schema: { hide: true },
    onRequest: async (request, reply) => {
      const path = canonicalAuthPath(request.url);
      if (path === null)
        throw AppError.field('path', 'must be canonical: no ".", "..", "//", "%" escapes or trailing "/"');
      const group = request.method === 'POST' ? authLimitGroup(path) : null;
      if (group) await limiters[group].call(app, request, reply);
      if (request.headers.cookie?.includes('session_token'))
        await resolveCookieSession(request, { db, actors }, { recordActivity: false });
    },
    handler: async (request, reply) => {
      const email = passwordSignInEmail(request);
      if (email !== null) await assertSignInOpen(db, email);
      const url = new URL(request.url, `http://${request.headers.host ?? 'localhost'}`);
      const headers = fromNodeHeaders(request.headers);
      // Audit events written inside better-auth carry this request's id (auth-audit.ts auditRequestId).
      headers.set('x-request-id', request.id);
      const init: RequestInit = { method: request.method, headers };
      if (request.method !== 'GET' && request.body !== undefined) {
        init.body = typeof request.body === 'string' ? request.body : JSON.stringify(request.body);
      }
      const response = await auth.handler(new Request(url, init));
      if (email !== null && (response.status === 200 || response.status === 401))
        await recordSignInOutcome(db, email, response.status === 200);
      const listsSessions = canonicalAuthPath(request.url) === '/list-sessions' && response.ok;
      await sendFetchResponse(reply, listsSessions ? await withoutSessionTokens(response) : response);
    },
  });
}

/**
 * better-auth's `list-sessions` answer without the sessions' `token`s (issue 17 item 9): a token is the session
 * credential itself (the HttpOnly cookie's value), never for scripts to read; Tend's own sign-out scopes
 * (`POST /api/tokens/revoke`) end other sessions without naming them.
 */
async function withoutSessionTokens(response: Response): Promise<Response> {
  const sessions = await response.json();
  const safe = Array.isArray(sessions)
    ? sessions.map((entry: unknown) => {
        if (typeof entry !== 'object' || entry === null) return entry;
        const { token: _token, ...rest } = entry as Record<string, unknown>;
        return rest;
      })
    : sessions;
  const headers = new Headers(response.headers);
  headers.delete('content-length');
  return new Response(JSON.stringify(safe), { status: response.status, headers });
}

/** The email of a password sign-in (`POST /sign-in/email` with a string `email`), else null. */
function passwordSignInEmail(request: FastifyRequest): string | null {
  if (request.method !== 'POST' || canonicalAuthPath(request.url) !== '/sign-in/email') return null;
  const email = (request.body as { email?: unknown } | null | undefined)?.email;
  return typeof email === 'string' ? email : null;
}

/**
 * Signed cookie → session (tier, activity, aal) → active user_account: the session cache, else one query
 * (actor.ts, session-cache.ts). Sets `request.ctx.actor` and `request.authSession` for a live session;
 * ends one past its tier's limits (`request.sessionEndReason`); records activity at most once a minute.
 */
async function resolveCookieSession(
  request: FastifyRequest,
  { db, actors }: { db: Database; actors: ReturnType<typeof createActorResolver> },
  { recordActivity = true }: { recordActivity?: boolean } = {},
): Promise<void> {
  let resolved = await actors.resolveSession(request.headers, request.cookies);
  const now = Date.now();
  // A session is never ended on a cached copy: one past even the strict tier's limits is read again first (another
  // instance may have recorded newer activity), so every tier check below and in `guard` decides on fresh data.
  if (resolved?.cached && serverSessionEndReason(strictView(resolved.session), now))
    resolved = await actors.resolveSession(request.headers, request.cookies, { fresh: true });
  if (!resolved) return;
  const { actor, session } = resolved;
  // The session's own tier decides on every API request (relaxed: 14 d / 14 d); PHI APIs check the
  // strict limits in `guard`. Whatever the request carries, an ended session stays ended.
  const reason = serverSessionEndReason(
    {
      tier: session.tier,
      issuedAt: session.issuedAt.getTime(),
      lastActivityAt: session.lastActivityAt.getTime(),
    },
    now,
  );
  if (reason) {
    await endSession(db, request.ctx, actor, session.id, reason);
    request.sessionEndReason = reason;
    return;
  }
  request.ctx.actor = actor;
  request.authSession = session;
  // A relaxed session past the strict limits stays good for relaxed screens, but its activity is not recorded:
  // recording it would reset the strict idle clock and let the next PHI request through (issue 17 item 8). The
  // relaxed tier's own idle limit equals its absolute limit (14 d), so its verdict does not need the activity.
  const strictLapsed =
    session.tier !== 'strict_phi' && serverSessionEndReason(strictView(session), now) !== null;
  if (
    recordActivity &&
    !strictLapsed &&
    now - session.lastActivityAt.getTime() >= ACTIVITY_WRITE_INTERVAL_MS
  ) {
    const at = new Date(now);
    // A later activity time makes no cached copy too lenient (see above): no cache is emptied for it.
    await withoutSessionInvalidation(() =>
      db.update(authSessions).set({ lastActivityAt: at }).where(eq(authSessions.id, session.id)),
    );
    actors.noteActivity(session.id, at);
    // The request sees the session as now recorded (the diagnostics report it; decision 0067).
    request.authSession = { ...session, lastActivityAt: at };
  }
}

/** `session` judged by the strict_phi tier's limits, the strictest there is (contracts session-tiers). */
function strictView(session: SessionState) {
  return {
    tier: 'strict_phi' as const,
    issuedAt: session.issuedAt.getTime(),
    lastActivityAt: session.lastActivityAt.getTime(),
  };
}

/**
 * The signed-in actor of a request, or the error to answer with: 401 SESSION_EXPIRED with the reason when this
 * request ended its session, else 401 UNAUTHENTICATED.
 */
export function requireActor(request: FastifyRequest): ActorRecord {
  const { actor } = request.ctx;
  if (actor) return actor;
  if (request.sessionEndReason) throw new SessionEndedError(request.sessionEndReason);
  if (request.apiTokenError) throw request.apiTokenError;
  throw new AppError('UNAUTHENTICATED', 'Sign in to continue');
}

/** Whether an admin session still has to verify a TOTP code before PHI (REQUIRE_ADMIN_MFA, decision 0009). */
export function mfaPending(request: FastifyRequest): boolean {
  const { actor } = request.ctx;
  if (actor?.role !== 'ADMIN') return false;
  if (request.server.deps.config.requireAdminMfa === false) return false;
  return (request.authSession?.aal ?? request.apiToken?.aal) !== 'aal2';
}

export interface GuardOptions {
  /**
   * Whether the route serves PHI (default true for every guarded route outside /api/matchmaking): PHI routes
   * check the strict_phi limits, make the session strict_phi and need aal2 for admins (decision 0009).
   */
  phi?: boolean;
  /**
   * Whether an admin session must be at aal2 (default: `phi`). A route that is not PHI but is still an admin
   * route (the diagnostics of decision 0067, which must not change the tier they report) sets `phi: false,
   * mfa: true`.
   */
  mfa?: boolean;
}

/** A route URL under /api/matchmaking serves the relaxed-tier matchmaking screens (spec s.6), not PHI. */
const isMatchmakingRoute = (url: string | undefined) =>
  url === '/api/matchmaking' || Boolean(url?.startsWith('/api/matchmaking/'));

/**
 * A preValidation hook enforcing a route-table guard on an API route:
 * - 401 UNAUTHENTICATED without a session; 401 SESSION_EXPIRED with `reason` when the session has passed its
 *   limits (on a PHI route, the strict_phi limits: 45 min idle, 12 h since sign-in; spec s.9);
 * - 403 FORBIDDEN (audited as denied) when the actor's role does not pass;
 * - 403 MFA_REQUIRED (audited as denied) for an admin session below aal2 on a PHI route (or with `mfa: true`).
 * A relaxed session that passes a PHI route becomes strict_phi for good.
 */
export function guard(
  db: Database,
  which: Guard,
  entityType: string,
  options: GuardOptions = {},
): preValidationAsyncHookHandler {
  return async (request: FastifyRequest) => {
    if (which === 'public') return;
    const actor = requireActor(request);
    const route = request.routeOptions.url;
    const phi = options.phi ?? !isMatchmakingRoute(route);
    const session = request.authSession;
    if (phi && session && session.tier !== 'strict_phi') {
      const reason = serverSessionEndReason(strictView(session), Date.now());
      if (reason) {
        await endSession(db, request.ctx, actor, session.id, reason);
        request.ctx.actor = null;
        request.authSession = null;
        throw new SessionEndedError(reason);
      }
      await db.update(authSessions).set({ tier: 'strict_phi' }).where(eq(authSessions.id, session.id));
      session.tier = 'strict_phi';
    }
    const mfa = options.mfa ?? phi;
    const denied = !passesGuard(which, actor) ? 'role' : mfa && mfaPending(request) ? 'mfa_required' : null;
    if (denied) {
      await recordAudit(db, request.ctx, {
        action: 'access.denied',
        entityType,
        outcome: 'denied',
        details: {
          method: request.method,
          route: route ?? null,
          ...(denied === 'mfa_required' ? { reason: denied } : {}),
        },
      });
      throw denied === 'role'
        ? new AppError('FORBIDDEN', 'Your role does not allow this')
        : new MfaRequiredError();
    }
  };
}
