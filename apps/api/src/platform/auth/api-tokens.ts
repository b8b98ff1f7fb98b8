/**
 * Tokens for API clients (issue 4 "Tokens for API clients"; docs/decisions/0015-api-tokens-and-cookies.md): the
 * pure parts — lifetimes, the better-auth `jwt` plugin that holds the signing keys and publishes the JWKS, the
 * access-token claims, the opaque refresh-token format and its hash — and the session cookie names (issue 4
 * "Session cookies"). The database side is api-tokens.service.ts, the routes api-tokens.routes.ts, the
 * verification of `Authorization: Bearer` requests bearer.ts.
 */
import { createHash, randomBytes } from 'node:crypto';
import { jwt } from 'better-auth/plugins/jwt';
import { serverSessionEndReason, tierLimits, type ApiTokenErrorReason, type Problem } from '@tend/contracts';
import { AppError } from '../http/errors.ts';

/** Access-token lifetime default (15 min) and the largest allowed (1 h), in seconds. */
export const ACCESS_TOKEN_TTL_S = 15 * 60;
export const ACCESS_TOKEN_TTL_MAX_S = 60 * 60;

/**
 * A refresh-token family's absolute lifetime, in seconds: the strict_phi tier's absolute limit (12 h; spec s.9),
 * which is also the largest allowed (API clients reach PHI, so they get no relaxed tier).
 */
export const FAMILY_TTL_S = tierLimits.strict_phi.absoluteMs / 1000;

/**
 * How long an unused refresh token stays valid, in seconds: the strict_phi tier's inactivity limit (45 min;
 * spec s.9). A client that has not refreshed for 45 minutes signs in again, as an idle browser would.
 */
export const REFRESH_IDLE_TTL_S = tierLimits.strict_phi.inactivityMs / 1000;

/** How long the in-process key set used to verify access tokens is kept before it is re-read (issue 4: 10 min). */
export const JWKS_CACHE_MS = 10 * 60_000;

/** The better-auth endpoint publishing the key set (`GET /api/auth/jwks`), relative to the auth base path. */
export const JWKS_PATH = '/jwks';

/**
 * The `jwt` plugin endpoints Tend switches off (better-auth `disabledPaths`, answered 404): `/token` mints a JWT
 * straight from a cookie session, without a refresh-token family (so it could be neither rotated nor revoked).
 * Access tokens come from `POST /api/tokens` only.
 */
export const DISABLED_JWT_PATHS = ['/token'];

/** Lifetimes of API tokens, in seconds (config API_ACCESS_TOKEN_TTL_S, API_REFRESH_TOKEN_TTL_S). */
export interface ApiTokenLifetimes {
  accessTokenTtlS: number;
  familyTtlS: number;
}
export const defaultApiTokenLifetimes: ApiTokenLifetimes = {
  accessTokenTtlS: ACCESS_TOKEN_TTL_S,
  familyTtlS: FAMILY_TTL_S,
};

/** The `iss` of Tend's access tokens: the public URL's origin. */
export const tokenIssuer = (publicUrl: string) => new URL(publicUrl).origin;
/** The `aud` of Tend's access tokens: the API under the public URL. */
export const tokenAudience = (publicUrl: string) => `${new URL(publicUrl).origin}/api`;

/**
 * better-auth's `jwt` plugin as Tend uses it: keys in `auth_jwks` (EdDSA / Ed25519, the plugin's default; private
 * keys encrypted with the auth secret), the JWKS at `GET /api/auth/jwks`, `iss`/`aud` from the public URL. The
 * plugin does not add JWTs to `/get-session` answers (`disableSettingJwtHeader`).
 */
export function apiTokenJwt(publicUrl: string) {
  return jwt({
    jwks: { keyPairConfig: { alg: 'EdDSA', crv: 'Ed25519' }, jwksPath: JWKS_PATH },
    jwt: { issuer: tokenIssuer(publicUrl), audience: tokenAudience(publicUrl) },
    disableSettingJwtHeader: true,
  });
}

/** Authenticator assurance level of a token family (decision 0009). */
export type Aal = 'aal1' | 'aal2';

/**
 * The claims of a Tend access token besides `iss`, `aud`, `iat` and `exp`: `sub` the auth user id, `uai` the
 * `user_account` id, `role`, `aal`, `sid` the refresh-token family id and `auth_time` (epoch seconds) when the
 * family was issued. `role` is informational: every request reads the account's current role and active flag.
 */
export interface AccessTokenClaims {
  sub: string;
  uai: string;
  role: string;
  aal: Aal;
  sid: string;
  auth_time: number;
}

/**
 * The access token's `iat` and `exp` (epoch seconds) issued at `nowMs`: `ttlS` later, but never after the family's
 * absolute end `familyEndsAtMs`.
 */
export function accessTokenTimes(nowMs: number, ttlS: number, familyEndsAtMs: number) {
  const iat = Math.floor(nowMs / 1000);
  return { iat, exp: Math.min(iat + ttlS, Math.floor(familyEndsAtMs / 1000)) };
}

/**
 * When a refresh token issued at `nowMs` stops being accepted (epoch ms): `REFRESH_IDLE_TTL_S` later, but never
 * after the family's absolute end.
 */
export function refreshTokenExpiry(nowMs: number, familyEndsAtMs: number): number {
  return Math.min(nowMs + REFRESH_IDLE_TTL_S * 1000, familyEndsAtMs);
}

/** The browser session a family was issued from, as the token checks see it (epoch ms). */
export interface IssuingSession {
  issuedAtMs: number;
  lastActivityAtMs: number;
}

/**
 * Whether the browser session a family was issued from has ended (issue 17 item 1): its row is gone (signed out,
 * revoked, ended by the server) or it is past the strict_phi limits (45 min idle, 12 h since sign-in; spec s.9) —
 * a family is a PHI-grade grant, and the session became strict_phi when it minted one.
 */
export function issuingSessionEnded(session: IssuingSession | null, nowMs: number): boolean {
  if (!session) return true;
  const facts = {
    tier: 'strict_phi' as const,
    issuedAt: session.issuedAtMs,
    lastActivityAt: session.lastActivityAtMs,
  };
  return serverSessionEndReason(facts, nowMs) !== null;
}

/**
 * A new opaque refresh token: `rt<n>_` then 32 random bytes, base64url (43 characters). `n` is the family's
 * assurance level (1 or 2). Only `hashRefreshToken(token)` is stored; since the hash covers the whole string, a
 * changed prefix is simply an unknown token.
 */
export function newRefreshToken(aal: Aal): string {
  return `rt${aal === 'aal2' ? 2 : 1}_${randomBytes(32).toString('base64url')}`;
}

/** SHA-256 of a refresh token, lower-case hex (the stored `token_hash`). */
export function hashRefreshToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

/** The assurance level a refresh token carries, or null when the string is not shaped like one. */
export function refreshTokenAal(token: string): Aal | null {
  const match = /^rt([12])_[A-Za-z0-9_-]{43}$/.exec(token);
  if (!match) return null;
  return match[1] === '2' ? 'aal2' : 'aal1';
}

/**
 * better-auth cookie options for the public URL (issue 4 "Session cookies", decision 0015). Every cookie is
 * HttpOnly, SameSite=Lax, Path=/ and has no Domain (better-auth's defaults). Over https the names get the
 * `__Host-` prefix (`__Host-tend.session_token`), which browsers accept only with Secure, Path=/ and no Domain, so
 * the cookie cannot be set or shadowed by a sibling subdomain or plain http; better-auth's own `__Secure-` prefix
 * is then off (one prefix only). Over http (development, tests) the names are plain (`tend.session_token`) and not
 * Secure: browsers refuse `__Host-` cookies without Secure.
 */
export function sessionCookieOptions(publicUrl: string) {
  if (new URL(publicUrl).protocol === 'https:') {
    return {
      cookiePrefix: '__Host-tend',
      useSecureCookies: false,
      defaultCookieAttributes: { secure: true, sameSite: 'lax' as const, path: '/', httpOnly: true },
    };
  }
  return { cookiePrefix: 'tend', useSecureCookies: false };
}

/**
 * 401 UNAUTHENTICATED for an API-token request, with why as the problem's `reason` extension member (RFC 9457
 * s.3.2; the closed list is contracts `apiTokenErrorReasons`), so a client can tell "refresh now"
 * (`token_expired`) from "sign in again" (everything else).
 */
export class ApiTokenError extends AppError {
  constructor(
    readonly reason: ApiTokenErrorReason,
    message: string,
  ) {
    super('UNAUTHENTICATED', message);
  }
  override toProblem(requestId: string): Problem & { reason: ApiTokenErrorReason } {
    return { ...super.toProblem(requestId), reason: this.reason };
  }
}
