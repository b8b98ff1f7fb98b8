/**
 * One shift and its admin corrections (admin only; issue "shift records with EVV"):
 * - `GET /api/shifts/:id` → `shiftDetail` (deleted shifts too). 404 NOT_FOUND.
 * - `PATCH /api/shifts/:id` (`shiftCorrection`) → `shiftDetail`. 400 VALIDATION_FAILED (bad body, or
 *   nothing would change), 404, 409 CONFLICT (deleted: restore first).
 * - `DELETE /api/shifts/:id` (`shiftDeletion`) → `shiftDetail` (soft delete). 400, 404, 409 (already deleted).
 * - `POST /api/shifts/:id/restore` (`shiftDeletion`) → `shiftDetail`. 400, 404, 409 (not deleted).
 * Anonymous callers get 401, non-admins 403 (the guard audits the denial).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { shiftsEndpoints } from '@tend/contracts';
import { guard } from '../../platform/auth/auth.plugin.ts';
import { route } from '../../platform/http/endpoint-route.ts';
import { deleteShift, getShift, restoreShift, updateShift } from './shift-corrections.service.ts';

export const shiftCorrectionsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps.database;
  const options = { tags: ['shifts'], preValidation: guard(db, 'admin', 'shift') };
  route(app, shiftsEndpoints.getShift, options, (request) => getShift(db, request.ctx, request.params.id));
  route(app, shiftsEndpoints.updateShift, options, (request) =>
    updateShift(db, request.ctx, app.deps, request.params.id, request.body),
  );
  route(app, shiftsEndpoints.deleteShift, options, (request) =>
    deleteShift(db, request.ctx, request.params.id, request.body),
  );
  route(app, shiftsEndpoints.restoreShift, options, (request) =>
    restoreShift(db, request.ctx, request.params.id, request.body),
  );
};
