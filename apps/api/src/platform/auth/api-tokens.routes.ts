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
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  apiTokenIssueInput,
  apiTokenPair,
  apiTokenRefreshInput,
  apiTokenRevokeInput,
  apiTokenRevokeResult,
} from '@tend/contracts';
import { defaultAuthRateLimits } from '../config/config.ts';
import { AppError } from '../http/errors.ts';
import { ApiTokenError, defaultApiTokenLifetimes } from './api-tokens.ts';
import {
  findRefreshToken,
  issueFamily,
  rotateRefreshToken,
  signOut,
  verifyCredentials,
} from './api-tokens.service.ts';
import { guard, requireActor } from './auth.plugin.ts';

export const apiTokensRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps.database;
  const { auth, config } = app.deps;
  const lifetimes = { ...defaultApiTokenLifetimes, ...config.apiTokens };
  const signInLimit = config.authRateLimits?.signInPer5Min ?? defaultAuthRateLimits.signInPer5Min;
  // Issuing from a browser session is a PHI-grade grant: the same checks as any PHI API.
  const sessionGuard = guard(db, 'auth', 'api_token');
  const tags = ['auth'];

  app.post(
    '/api/tokens',
    {
      config: {
        rateLimit: {
          max: signInLimit,
          timeWindow: 5 * 60_000,
          keyGenerator: (request) => `api-token-issue:${request.ip}`,
        },
      },
      schema: {
        tags,
        summary: 'Issue an access token and a refresh token',
        body: apiTokenIssueInput,
        response: { 200: apiTokenPair },
      },
    },
    async (request, reply) => {
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
          { method: 'password', sessionId: null, aal },
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
        { method: 'session', sessionId: session.id, aal: session.aal },
        lifetimes,
      );
    },
  );

  app.post(
    '/api/tokens/refresh',
    {
      schema: {
        tags,
        summary: 'Rotate a refresh token',
        body: apiTokenRefreshInput,
        response: { 200: apiTokenPair },
      },
    },
    (request) => rotateRefreshToken(db, auth, request.ctx, request.body.refreshToken, lifetimes),
  );

  app.post(
    '/api/tokens/revoke',
    {
      schema: {
        tags,
        summary: 'Sign out with a scope (local, others, global)',
        body: apiTokenRevokeInput,
        response: { 200: apiTokenRevokeResult },
      },
    },
    async (request, reply) => {
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
        const { name, attributes } = (await auth.$context).authCookies.sessionToken;
        void reply.clearCookie(name, {
          path: attributes.path ?? '/',
          secure: attributes.secure ?? false,
          httpOnly: true,
          sameSite: 'lax',
        });
      }
      return { scope, ...result };
    },
  );
};
