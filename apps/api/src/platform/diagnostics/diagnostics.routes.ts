/**
 * Admin diagnostics routes (issue 24; decision 0067; contracts `diagnostics.ts`), both admin only at aal2
 * (contracts `apiAccess`): anonymous 401, any other role 403 (audited as denied by the guard).
 * - `GET /api/diagnostics/session`: the server's view of the calling session and of this instance. Not a PHI
 *   route (`phi: false`): reading it must not make a relaxed session strict, or it would report a tier it caused;
 *   an admin still needs aal2 (`mfa: true`). Not audited: ids, times and counts of the caller's own session and
 *   of the server, the same facts as `GET /api/me`, which is not audited either.
 * - `GET /api/diagnostics/protected`: the smallest guarded API, behind exactly the guard every admin API has
 *   (PHI tier rules included), for health checks of the guards themselves. Not audited: it reads nothing.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { diagnosticsEndpoints } from '@tend/contracts';
import { guard, requireActor } from '../auth/auth.plugin.ts';
import { route } from '../http/endpoint-route.ts';
import { readSessionDiagnostics } from './diagnostics.service.ts';

export const diagnosticsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps.database;
  route(
    app,
    diagnosticsEndpoints.getSessionDiagnostics,
    { tags: ['diagnostics'], preValidation: guard(db, 'admin', 'diagnostics', { phi: false, mfa: true }) },
    (request) =>
      readSessionDiagnostics(app.deps, {
        caller: {
          actor: requireActor(request),
          session: request.authSession,
          apiToken: request.apiToken,
          requestId: request.id,
        },
      }),
  );
  route(
    app,
    diagnosticsEndpoints.checkProtected,
    { tags: ['diagnostics'], preValidation: guard(db, 'admin', 'diagnostics') },
    async (request) => {
      const actor = requireActor(request);
      return {
        ok: true as const,
        actorId: actor.userAccountId,
        role: actor.role,
        checkedAt: new Date().toISOString(),
      };
    },
  );
};
