/**
 * Tokens for API clients (issue 4 "Tokens for API clients"; docs/decisions/0015-api-tokens-and-cookies.md):
 * `POST /api/tokens` issues a short-lived JWT access token and a rotating refresh token, `POST /api/tokens/refresh`
 * rotates, `POST /api/tokens/revoke` signs out with a scope (GoTrue's names). Access tokens are sent as
 * `Authorization: Bearer <jwt>`; the signing keys are published at `GET /api/auth/jwks`.
 */
import { z } from 'zod';
import { defineEndpoint } from './endpoint.ts';
import { text } from './common.ts';

/** A refresh token as Tend issues it: `rt1_` or `rt2_` then 43 base64url characters (32 random bytes). */
export const refreshToken = text().regex(/^rt[12]_[A-Za-z0-9_-]{43}$/, {
  message: 'is not a refresh token issued by Tend',
});

/**
 * Issue a token pair. With `email` and `password` (integrations) the credentials are checked as sign-in does, and
 * `totpCode` (6 digits from the authenticator app) is required when the account has two-step verification. With an
 * empty body the caller's signed-in browser session (cookie) vouches for it (e.g. pairing a mobile app).
 */
export const apiTokenIssueInput = z
  .object({
    email: z
      .email({ message: 'must be a valid email address' })
      .max(254, { message: 'is too long' })
      .optional(),
    password: text().min(1, { message: 'is required' }).max(128, { message: 'is too long' }).optional(),
    totpCode: text()
      .regex(/^\d{6}$/, { message: 'must be the 6 digits from your authenticator app' })
      .optional(),
  })
  .superRefine((value, ctx) => {
    if (value.email !== undefined && value.password === undefined)
      ctx.addIssue({ code: 'custom', path: ['password'], message: 'is required with email' });
    if (value.password !== undefined && value.email === undefined)
      ctx.addIssue({ code: 'custom', path: ['email'], message: 'is required with password' });
    if (value.totpCode !== undefined && value.email === undefined)
      ctx.addIssue({ code: 'custom', path: ['totpCode'], message: 'is only used with email and password' });
  });
export type ApiTokenIssueInput = z.input<typeof apiTokenIssueInput>;

/** A token pair (OAuth 2.0 token response shape): `expiresIn` is the access token's lifetime in seconds. */
export const apiTokenPair = z.object({
  accessToken: z.string(),
  tokenType: z.literal('Bearer'),
  expiresIn: z.number().int().positive(),
  refreshToken: z.string(),
});
export type ApiTokenPair = z.infer<typeof apiTokenPair>;

/** Rotate: the refresh token is used up and a new pair of the same family is returned. */
export const apiTokenRefreshInput = z.object({ refreshToken });
export type ApiTokenRefreshInput = z.infer<typeof apiTokenRefreshInput>;

/**
 * Sign-out scopes (GoTrue's names): `local` this token family (or, from a browser, this session); `others` every
 * other family and every other browser session of the user; `global` all of them.
 */
export const signOutScopes = ['local', 'others', 'global'] as const;
export type SignOutScope = (typeof signOutScopes)[number];

/**
 * Revoke. The caller is identified by `refreshToken`, else by its bearer access token, else by its browser session
 * cookie; `scope` defaults to `local`.
 */
export const apiTokenRevokeInput = z.object({
  refreshToken: refreshToken.optional(),
  scope: z.enum(signOutScopes).default('local'),
});
export type ApiTokenRevokeInput = z.input<typeof apiTokenRevokeInput>;

/** What a revocation ended: token families and browser sessions. */
export const apiTokenRevokeResult = z.object({
  scope: z.enum(signOutScopes),
  revokedFamilies: z.number().int().nonnegative(),
  endedSessions: z.number().int().nonnegative(),
});
export type ApiTokenRevokeResult = z.infer<typeof apiTokenRevokeResult>;

/**
 * Why an API-token request was refused (401, as the problem's `reason` member): the access token is malformed
 * (not three base64url parts), expired, has a bad signature / unknown key / wrong issuer or audience, or its family
 * was revoked; the refresh token is unknown, expired, already used (reuse: the family is revoked) or revoked; the
 * credentials or the TOTP code are wrong or missing; the account is deactivated.
 */
export const apiTokenErrorReasons = [
  'token_malformed',
  'token_expired',
  'token_invalid',
  'token_revoked',
  'refresh_token_invalid',
  'refresh_token_expired',
  'refresh_token_reused',
  'refresh_token_revoked',
  'invalid_credentials',
  'mfa_code_required',
  'mfa_code_invalid',
  'account_inactive',
] as const;
export type ApiTokenErrorReason = (typeof apiTokenErrorReasons)[number];

/** Tokens for API clients (decision 0015): issue a pair, rotate a refresh token, sign out with a scope. */
export const apiTokensEndpoints = {
  issueApiTokens: defineEndpoint({
    method: 'POST',
    path: '/api/tokens',
    body: apiTokenIssueInput,
    response: { 200: apiTokenPair },
  }),
  refreshApiToken: defineEndpoint({
    method: 'POST',
    path: '/api/tokens/refresh',
    body: apiTokenRefreshInput,
    response: { 200: apiTokenPair },
  }),
  revokeApiTokens: defineEndpoint({
    method: 'POST',
    path: '/api/tokens/revoke',
    body: apiTokenRevokeInput,
    response: { 200: apiTokenRevokeResult },
  }),
};
