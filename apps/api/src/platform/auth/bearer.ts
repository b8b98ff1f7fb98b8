/**
 * `Authorization: Bearer <access token>` on API requests (issue 4 "Tokens for API clients";
 * docs/decisions/0015-api-tokens-and-cookies.md).
 *
 * - The token must be three non-empty base64url parts (`token_malformed`), signed by a key of Tend's JWKS with
 *   EdDSA, for Tend's issuer and audience (`token_invalid`), and unexpired (`token_expired`: refresh it).
 * - Keys: the JWKS better-auth's `jwt` plugin publishes (`GET /api/auth/jwks`), kept in process for 10 minutes
 *   (`JWKS_CACHE_MS`, the rule). A token signed by a key not in the cached set re-reads the set at once
 *   (at most every 30 s), so a rotated-in key works immediately; a key removed from the store stops verifying
 *   within 10 minutes at the latest. A verified token's claims are remembered until its `exp` (at most 10,000
 *   tokens, emptied with every re-read of the key set), so a client pays for one signature check per token.
 * - Then one query (prepared) reads the account by `sub` and whether the token's family (`sid`) still has a live
 *   refresh token: a revoked family (sign-out, reuse) is refused at once (`token_revoked`), as is a family issued
 *   from a browser session that has ended or passed the strict limits (issue 17 item 1), and a deactivated or
 *   demoted account loses access on its next request (`account_inactive`; the role comes from the database, not
 *   the token).
 * The actor then passes the same `guard` as a cookie session (roles, admin aal2 rule with the token's `aal`, PHI
 * audit); there is no cookie-session tier row: the access token's 15 minutes, the refresh token's 45 idle minutes
 * and the family's 12 hours are the strict tier for API clients.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { eq, sql } from 'drizzle-orm';
import { createLocalJWKSet, errors, jwtVerify, type JSONWebKeySet, type JWTVerifyGetKey } from 'jose';
import { z } from 'zod';
import type { Database } from '../db/client.ts';
import type { ActorRecord } from '../http/context.ts';
import type { Auth } from './auth.ts';
import { apiRefreshTokens, authSessions, userAccounts } from './auth.table.ts';
import {
  ApiTokenError,
  issuingSessionEnded,
  JWKS_CACHE_MS,
  tokenAudience,
  tokenIssuer,
  type AccessTokenClaims,
  type Aal,
  type IssuingSession,
} from './api-tokens.ts';

/** What the server knows of a bearer request's token: its family, assurance level and when the family began. */
export interface ApiTokenState {
  familyId: string;
  aal: Aal;
  issuedAt: Date;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The verified access token behind `ctx.actor` on a bearer request; null otherwise. */
    apiToken: ApiTokenState | null;
    /** Why this request's bearer token was refused; `requireActor` answers with it. */
    apiTokenError: ApiTokenError | null;
  }
}

/** Shortest time between two re-reads of the key set forced by an unknown key id, in ms. */
export const JWKS_REFETCH_COOLDOWN_MS = 30_000;

/**
 * Verified tokens remembered per process (their claims, until `exp`), so a client's repeated requests cost one
 * signature check per token rather than one per request. Emptied whenever the key set is re-read.
 */
export const VERIFIED_TOKEN_CACHE_SIZE = 10_000;

const base64urlPart = /^[A-Za-z0-9_-]+$/;

/**
 * The token of an `Authorization` header: the part after `Bearer ` (scheme case-insensitive), or null when the
 * header is absent or uses another scheme.
 */
export function bearerToken(header: string | undefined): string | null {
  const match = header ? /^Bearer +(\S+) *$/i.exec(header) : null;
  return match ? (match[1] as string) : null;
}

/** Whether `token` has the JWS compact shape: three non-empty base64url parts separated by dots. */
export function isCompactJws(token: string): boolean {
  const parts = token.split('.');
  return parts.length === 3 && parts.every((part) => base64urlPart.test(part));
}

const claimsSchema = z.object({
  sub: z.string().min(1),
  uai: z.uuid(),
  role: z.string(),
  aal: z.enum(['aal1', 'aal2']),
  sid: z.uuid(),
  auth_time: z.number().int(),
});

export interface AccessTokenVerifierOptions {
  /** Reads the current public key set (in the app: better-auth's `getJwks`). */
  loadKeys: () => Promise<JSONWebKeySet>;
  issuer: string;
  audience: string;
  /** The clock, epoch ms (tests inject one). */
  now?: () => number;
}

/** Claims of a verified access token, with its expiry and issue time (epoch seconds). */
type VerifiedAccessToken = AccessTokenClaims & { exp: number; iat: number };

/**
 * A verifier's state: its options, the key set read last (and when, epoch ms), the load in flight, and the tokens
 * the current set verified (at most `VERIFIED_TOKEN_CACHE_SIZE`, oldest dropped first).
 */
interface VerifierState extends Required<AccessTokenVerifierOptions> {
  cached: { keys: JWTVerifyGetKey; loadedAt: number } | null;
  loading: Promise<JWTVerifyGetKey> | null;
  verified: Map<string, VerifiedAccessToken>;
}

/**
 * Verifies access tokens against a key set kept in process for `JWKS_CACHE_MS`. `verify` resolves to the claims
 * or throws `ApiTokenError` (`token_malformed`, `token_expired`, `token_invalid`).
 */
export function createAccessTokenVerifier({
  loadKeys,
  issuer,
  audience,
  now = Date.now,
}: AccessTokenVerifierOptions) {
  const state: VerifierState = {
    loadKeys,
    issuer,
    audience,
    now,
    cached: null,
    loading: null,
    verified: new Map(),
  };
  return {
    /** Drops the cached key set (the next verification reads it again). */
    clear() {
      state.cached = null;
      state.verified.clear();
    },
    verify: (token: string) => verifyAccessToken(state, token),
  };
}

/** Whether the cached key set is younger than `maxAgeMs`. */
const keysYoungerThan = (state: VerifierState, maxAgeMs: number): boolean =>
  state.cached !== null && state.now() - state.cached.loadedAt < maxAgeMs;

/** The claims of `token`: from the verified-token cache while the key set is fresh, else checked ({@link checkToken}). */
async function verifyAccessToken(state: VerifierState, token: string): Promise<VerifiedAccessToken> {
  if (!isCompactJws(token))
    throw new ApiTokenError('token_malformed', 'The access token must be three base64url parts');
  const known = state.verified.get(token);
  if (known && keysYoungerThan(state, JWKS_CACHE_MS)) {
    if (known.exp * 1000 > state.now()) return known;
    state.verified.delete(token);
    throw new ApiTokenError('token_expired', 'The access token has expired; refresh it');
  }
  const payload = await checkToken(state, token);
  const claims = claimsSchema.safeParse(payload);
  if (!claims.success)
    throw new ApiTokenError('token_invalid', 'The access token is not a Tend API access token');
  const result = { ...claims.data, exp: payload.exp as number, iat: payload.iat as number };
  if (state.verified.size >= VERIFIED_TOKEN_CACHE_SIZE)
    state.verified.delete(state.verified.keys().next().value as string);
  state.verified.set(token, result);
  return result;
}

/**
 * The signed payload of `token`, verified against the key set; a key not in the set reads the set again once (a
 * rotation), at most every `JWKS_REFETCH_COOLDOWN_MS`. Errors: ApiTokenError `token_expired`, `token_invalid`,
 * `token_malformed`.
 */
async function checkToken(state: VerifierState, token: string) {
  try {
    try {
      return await checkSignature(state, token, await keySet(state, false));
    } catch (error) {
      const stale = !keysYoungerThan(state, JWKS_REFETCH_COOLDOWN_MS);
      if (!(error instanceof errors.JWKSNoMatchingKey) || !stale) throw error;
      // A key this process has not seen yet (rotation): read the set again once.
      return await checkSignature(state, token, await keySet(state, true));
    }
  } catch (error) {
    if (error instanceof errors.JWTExpired)
      throw new ApiTokenError('token_expired', 'The access token has expired; refresh it');
    if (error instanceof errors.JOSEError)
      throw new ApiTokenError('token_invalid', 'The access token is not valid for this server');
    throw new ApiTokenError('token_malformed', 'The access token could not be read');
  }
}

/** The cached key set while fresh (unless `force`), else a new read; concurrent reads share one load. */
async function keySet(state: VerifierState, force: boolean): Promise<JWTVerifyGetKey> {
  if (state.cached && keysYoungerThan(state, JWKS_CACHE_MS) && !force) return state.cached.keys;
  // One load at a time; concurrent requests share it.
  state.loading ??= state
    .loadKeys()
    .then((set) => {
      const keys = createLocalJWKSet(set);
      state.cached = { keys, loadedAt: state.now() };
      // A removed key must stop verifying: forget what the previous set verified.
      state.verified.clear();
      return keys;
    })
    .finally(() => {
      state.loading = null;
    });
  return state.loading;
}

/** jose's `jwtVerify` of `token` with Tend's issuer, audience, algorithm (EdDSA) and required claims. */
async function checkSignature(state: VerifierState, token: string, keys: JWTVerifyGetKey) {
  const { payload } = await jwtVerify(token, keys, {
    issuer: state.issuer,
    audience: state.audience,
    algorithms: ['EdDSA'],
    requiredClaims: ['exp', 'iat', 'sub'],
    currentDate: new Date(state.now()),
  });
  return payload;
}

/**
 * Adds bearer authentication to the app: decorates requests with `apiToken` / `apiTokenError` and returns the
 * function the actor hook (auth.plugin.ts) calls for a request that carries an `Authorization` header. It sets
 * `request.ctx.actor` and `request.apiToken`, or `request.apiTokenError` (the request then continues anonymous,
 * and a guarded route answers the 401 with its reason).
 */
export function registerBearer(app: FastifyInstance, { auth, db }: { auth: Auth; db: Database }) {
  app.decorateRequest('apiToken', null);
  app.decorateRequest('apiTokenError', null);
  const { publicUrl } = app.deps.config;
  const verifier = createAccessTokenVerifier({
    loadKeys: () => auth.api.getJwks(),
    issuer: tokenIssuer(publicUrl),
    audience: tokenAudience(publicUrl),
  });
  // One statement: the account behind `sub`, and whether family `sid` still has a live refresh token (null when
  // not) with the browser session it was issued from (its clocks in epoch ms; null values once the row is gone).
  const accountByToken = db
    .select({
      userAccountId: userAccounts.id,
      role: userAccounts.role,
      email: userAccounts.email,
      fullName: userAccounts.fullName,
      isActive: userAccounts.isActive,
      family: sql<LiveFamily | null>`(select json_build_object(
          'sessionId', t.session_id,
          'issuedAtMs', (extract(epoch from s.created_at) * 1000)::float8,
          'lastActivityAtMs', (extract(epoch from s.last_activity_at) * 1000)::float8)
        from ${apiRefreshTokens} t left join ${authSessions} s on s.id = t.session_id
        where t.family_id = ${sql.placeholder('sid')} and t.user_id = ${userAccounts.authUserId}
          and t.revoked_at is null
        limit 1)`,
    })
    .from(userAccounts)
    .where(eq(userAccounts.authUserId, sql.placeholder('sub')))
    .prepare('tend_actor_by_api_token');

  return async function authenticateBearer(request: FastifyRequest): Promise<void> {
    const token = bearerToken(request.headers.authorization);
    if (!token) {
      request.apiTokenError = new ApiTokenError(
        'token_malformed',
        'Send the access token as "Authorization: Bearer <token>"',
      );
      return;
    }
    try {
      const claims = await verifier.verify(token);
      const [row] = await accountByToken.execute({ sub: claims.sub, sid: claims.sid });
      if (!row?.isActive || row.userAccountId !== claims.uai)
        throw new ApiTokenError('account_inactive', 'This account is deactivated');
      if (!row.family)
        throw new ApiTokenError('token_revoked', 'This access token was signed out; sign in again');
      if (row.family.sessionId && issuingSessionEnded(sessionOf(row.family), Date.now()))
        throw new ApiTokenError(
          'token_revoked',
          'The sign-in this access token came from has ended; sign in again',
        );
      const issuedAt = new Date(claims.auth_time * 1000);
      const actor: ActorRecord = {
        userAccountId: row.userAccountId,
        role: row.role,
        email: row.email,
        authUserId: claims.sub,
        fullName: row.fullName,
        sessionId: claims.sid,
        sessionIssuedAt: issuedAt,
      };
      request.ctx.actor = actor;
      request.apiToken = { familyId: claims.sid, aal: claims.aal, issuedAt };
    } catch (error) {
      if (!(error instanceof ApiTokenError)) throw error;
      request.apiTokenError = error;
    }
  };
}

/** A live family as the bearer query reads it: its issuing session's id and clocks (null without one / once gone). */
interface LiveFamily {
  sessionId: string | null;
  issuedAtMs: number | null;
  lastActivityAtMs: number | null;
}

/** The issuing session's clocks, or null when its row is gone. */
function sessionOf(family: LiveFamily): IssuingSession | null {
  if (family.issuedAtMs === null || family.lastActivityAtMs === null) return null;
  return { issuedAtMs: family.issuedAtMs, lastActivityAtMs: family.lastActivityAtMs };
}

/** Paths of the token endpoints, which authenticate by their body (credentials, refresh token), not a cookie. */
const tokenPaths = new Set(['/api/tokens', '/api/tokens/refresh', '/api/tokens/revoke']);

/**
 * Whether a state-changing request is outside the CSRF origin check (app.ts): it carries no cookie (so a browser
 * cannot have attached an ambient credential to it) and authenticates itself, with a bearer token or, on the
 * token endpoints, with its body. Browser requests (with cookies) are always checked.
 */
export function carriesOwnCredentials(request: FastifyRequest): boolean {
  if (request.headers.cookie) return false;
  if (bearerToken(request.headers.authorization)) return true;
  return tokenPaths.has(request.url.split('?')[0] as string);
}
