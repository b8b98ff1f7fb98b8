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
 *   refresh token: a revoked family (sign-out, reuse) is refused at once (`token_revoked`), and a deactivated or
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
import { apiRefreshTokens, userAccounts } from './auth.table.ts';
import {
  ApiTokenError,
  JWKS_CACHE_MS,
  tokenAudience,
  tokenIssuer,
  type AccessTokenClaims,
  type Aal,
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
  let cached: { keys: JWTVerifyGetKey; loadedAt: number } | null = null;
  let loading: Promise<JWTVerifyGetKey> | null = null;
  type Verified = AccessTokenClaims & { exp: number; iat: number };
  const verified = new Map<string, Verified>();

  async function keySet(force: boolean): Promise<JWTVerifyGetKey> {
    const fresh = cached && now() - cached.loadedAt < JWKS_CACHE_MS;
    if (cached && fresh && !force) return cached.keys;
    // One load at a time; concurrent requests share it.
    loading ??= loadKeys()
      .then((set) => {
        const keys = createLocalJWKSet(set);
        cached = { keys, loadedAt: now() };
        // A removed key must stop verifying: forget what the previous set verified.
        verified.clear();
        return keys;
      })
      .finally(() => {
        loading = null;
      });
    return loading;
  }

  async function check(token: string, keys: JWTVerifyGetKey) {
    const { payload } = await jwtVerify(token, keys, {
      issuer,
      audience,
      algorithms: ['EdDSA'],
      requiredClaims: ['exp', 'iat', 'sub'],
      currentDate: new Date(now()),
    });
    return payload;
  }

  return {
    /** Drops the cached key set (the next verification reads it again). */
    clear() {
      cached = null;
      verified.clear();
    },
    async verify(token: string): Promise<Verified> {
      if (!isCompactJws(token))
        throw new ApiTokenError('token_malformed', 'The access token must be three base64url parts');
      const known = verified.get(token);
      if (known && cached && now() - cached.loadedAt < JWKS_CACHE_MS) {
        if (known.exp * 1000 > now()) return known;
        verified.delete(token);
        throw new ApiTokenError('token_expired', 'The access token has expired; refresh it');
      }
      let payload;
      try {
        try {
          payload = await check(token, await keySet(false));
        } catch (error) {
          const stale = !cached || now() - cached.loadedAt >= JWKS_REFETCH_COOLDOWN_MS;
          if (!(error instanceof errors.JWKSNoMatchingKey) || !stale) throw error;
          // A key this process has not seen yet (rotation): read the set again once.
          payload = await check(token, await keySet(true));
        }
      } catch (error) {
        if (error instanceof errors.JWTExpired)
          throw new ApiTokenError('token_expired', 'The access token has expired; refresh it');
        if (error instanceof errors.JOSEError)
          throw new ApiTokenError('token_invalid', 'The access token is not valid for this server');
        throw new ApiTokenError('token_malformed', 'The access token could not be read');
      }
      const claims = claimsSchema.safeParse(payload);
      if (!claims.success)
        throw new ApiTokenError('token_invalid', 'The access token is not a Tend API access token');
      const result = { ...claims.data, exp: payload.exp as number, iat: payload.iat as number };
      if (verified.size >= VERIFIED_TOKEN_CACHE_SIZE) verified.delete(verified.keys().next().value as string);
      verified.set(token, result);
      return result;
    },
  };
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
  // One statement: the account behind `sub`, and whether family `sid` still has a live refresh token.
  const accountByToken = db
    .select({
      userAccountId: userAccounts.id,
      role: userAccounts.role,
      email: userAccounts.email,
      fullName: userAccounts.fullName,
      isActive: userAccounts.isActive,
      familyLive: sql<boolean>`exists (select 1 from ${apiRefreshTokens} where ${apiRefreshTokens.familyId} = ${sql.placeholder('sid')} and ${apiRefreshTokens.userId} = ${userAccounts.authUserId} and ${apiRefreshTokens.revokedAt} is null)`,
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
      if (!row.familyLive)
        throw new ApiTokenError('token_revoked', 'This access token was signed out; sign in again');
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
