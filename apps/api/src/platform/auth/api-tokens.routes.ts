/**
 * Token routes for API clients (issue 4 "Tokens for API clients"; docs/decisions/0015-api-tokens-and-cookies.md):
 * - `POST /api/tokens` (`apiTokenIssueInput`) → `apiTokenPair`: with `email` + `password` (+ `totpCode` when the
 *   account has two-step verification), or with an empty body from a signed-in browser session (cookie), which
 *   must pass the PHI guard (strict tier limits, admins at aal2). Limited like sign-in (AUTH_RATE_LIMIT_SIGN_IN per
 *   5 minutes per client IP, its own count). Audited `api_token.issue`.
 * - `POST /api/tokens/refresh` (`apiTokenRefreshInput`) → `apiTokenPair`, rotating the refresh token; a replayed
 *   one revokes its family. Audited `api_token.refresh` / `api_token.reuse_detected`.
 * - `POST /api/tokens/revoke` (`apiTokenRevokeInput`) → `apiTokenRevokeResult`: sign-out with scope `local`,
 *   `others` or `global`; the caller is named by `refreshToken`, its bearer token or its browser session. Audited
 *   `api_token.revoke`.
 * Errors are 401 problems with a `reason` (contracts `apiTokenErrorReasons`). The endpoints authenticate by their
 * body, so without a cookie they are outside the CSRF origin check (bearer.ts `carriesOwnCredentials`).
 */
import type { FastifyInstance, FastifyReply, preValidationAsyncHookHandler } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiTokensEndpoints as endpoints } from '@tend/contracts';
import { defaultAuthRateLimits } from '../config/config.ts';
import { AppError } from '../http/errors.ts';
import { route, type EndpointRequest } from '../http/endpoint-route.ts';
import { ApiTokenError, defaultApiTokenLifetimes, type ApiTokenLifetimes } from './api-tokens.ts';
import {
  findRefreshToken,
  issueFamily,
  rotateRefreshToken,
  signOut,
  verifyCredentials,
} from './api-tokens.service.ts';
import { guard, requireActor } from './auth.plugin.ts';

/**
 * `POST /api/tokens`: with email + password (+ TOTP code), or from the signed-in browser session, which must
 * pass the PHI guard first (a PHI-grade grant). Errors: 401 with a `reason`, 403 for an access token.
 */
async function issueTokens(
  app: FastifyInstance,
  { lifetimes, sessionGuard }: { lifetimes: ApiTokenLifetimes; sessionGuard: preValidationAsyncHookHandler },
  request: EndpointRequest<typeof endpoints.issueApiTokens>,
  reply: FastifyReply,
) {
  const { db } = app.deps.database;
  const { auth } = app.deps;
  const { email, password, totpCode } = request.body;
  if (email !== undefined && password !== undefined) {
    const { authUserId, aal } = await verifyCredentials(
      db,
      auth,
      { email, password, totpCode },
      request.ctx.userAgent,
    );
    return issueFamily(
      db,
      auth,
      request.ctx,
      authUserId,
      { method: 'password', session: null, aal },
      lifetimes,
    );
  }
  if (request.apiToken)
    throw new AppError('FORBIDDEN', 'An access token cannot issue tokens; use /api/tokens/refresh');
  await sessionGuard.call(app, request, reply);
  const actor = requireActor(request);
  const session = request.authSession;
  if (!session) throw new AppError('UNAUTHENTICATED', 'Sign in to continue');
  return issueFamily(
    db,
    auth,
    request.ctx,
    actor.authUserId,
    { method: 'session', session: { id: session.id, issuedAt: session.issuedAt }, aal: session.aal },
    lifetimes,
  );
}

/**
 * `POST /api/tokens/revoke`: signs out with `scope`; the caller is the refresh token's holder, else the bearer
 * token's or the browser session's. Errors: 401 `refresh_token_invalid`, 403 for another account's token.
 */
async function revokeTokens(
  app: FastifyInstance,
  request: EndpointRequest<typeof endpoints.revokeApiTokens>,
  reply: FastifyReply,
) {
  const { db } = app.deps.database;
  const { refreshToken, scope } = request.body;
  let caller;
  if (refreshToken !== undefined) {
    const row = await findRefreshToken(db, refreshToken);
    if (!row) throw new ApiTokenError('refresh_token_invalid', 'This refresh token is not valid');
    // A token of another user than the bearer/session caller is refused rather than acted on.
    if (request.ctx.actor && request.ctx.actor.authUserId !== row.userId)
      throw new AppError('FORBIDDEN', 'This refresh token belongs to another account');
    // The token holder signs out: a browser session sent along is not "this session".
    caller = { authUserId: row.userId, familyId: row.familyId, sessionId: null };
  } else {
    const actor = requireActor(request);
    caller = {
      authUserId: actor.authUserId,
      familyId: request.apiToken?.familyId ?? null,
      sessionId: request.authSession?.id ?? null,
    };
  }
  const result = await signOut(db, request.ctx, caller, scope);
  // This browser's own session ended: expire its cookie too (as better-auth's sign-out does).
  if (caller.sessionId && scope !== 'others') {
    const { name, attributes } = (await app.deps.auth.$context).authCookies.sessionToken;
    void reply.clearCookie(name, {
      path: attributes.path ?? '/',
      secure: attributes.secure ?? false,
      httpOnly: true,
      sameSite: 'lax',
    });
  }
  return { scope, ...result };
}

export const apiTokensRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps.database;
  const { auth, config } = app.deps;
  const lifetimes = { ...defaultApiTokenLifetimes, ...config.apiTokens };
  const signInLimit = config.authRateLimits?.signInPer5Min ?? defaultAuthRateLimits.signInPer5Min;
  // Issuing from a browser session is a PHI-grade grant: the same checks as any PHI API.
  const sessionGuard = guard(db, 'auth', 'api_token');
  const tags = ['auth'];

  route(
    app,
    endpoints.issueApiTokens,
    {
      tags,
      summary: 'Issue an access token and a refresh token',
      config: {
        rateLimit: {
          max: signInLimit,
          timeWindow: 5 * 60_000,
          keyGenerator: (request: { ip: string }) => `api-token-issue:${request.ip}`,
        },
      },
    },
    (request, reply) => issueTokens(app, { lifetimes, sessionGuard }, request, reply),
  );
  route(app, endpoints.refreshApiToken, { tags, summary: 'Rotate a refresh token' }, (request) =>
    rotateRefreshToken({ db, auth, ctx: request.ctx, refreshToken: request.body.refreshToken, lifetimes }),
  );
  route(
    app,
    endpoints.revokeApiTokens,
    { tags, summary: 'Sign out with a scope (local, others, global)' },
    (request, reply) => revokeTokens(app, request, reply),
  );
};
