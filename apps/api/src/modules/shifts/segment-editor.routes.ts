/**
 * The segment editor (admin only; issue 6; docs/segment-editor.md). `GET /api/segments` (the list) and
 * `POST /api/segments/validate` belong to module `validation`; these take one segment's id:
 * - `GET /api/segments/:id` → `segmentDetail` (with its history and its shift's times). 404. Audited
 *   `segment.read`.
 * - `PATCH /api/segments/:id` (`segmentUpdate`: code, modifier, respite handling, notes; reason
 *   required for all but notes) → `segmentDetail`. 400 VALIDATION_FAILED (bad body, or nothing would
 *   change), 404, 409 CONFLICT (stale `expectedUpdatedAt`, or deleted with its shift).
 * - `POST /api/segments/:id/split` (`segmentSplit`) → `segmentSplitResult` (first part, then the new
 *   second part). 400 naming `at` (not on the minute, not strictly inside the segment), 404, 409.
 * Anonymous callers get 401, non-admins 403 (the guard audits the denial).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { segmentEditorEndpoints as endpoints } from '@tend/contracts';
import { guard } from '../../platform/auth/auth.plugin.ts';
import { route } from '../../platform/http/endpoint-route.ts';
import { segmentsMayHaveChanged } from '../../workflows/events.ts';
import { getSegment, splitSegment, updateSegment, type SegmentEditorDeps } from './segment-editor.service.ts';

export const segmentEditorRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps.database;
  const options = { tags: ['segments'], preValidation: guard(db, 'admin', 'shift_segment') };
  const deps: SegmentEditorDeps = {
    revalidateSegments: (range) => app.deps.events.publish(segmentsMayHaveChanged, range),
    revalidateAroundDate: (executor, date) => app.deps.revalidateAroundDate(executor, date),
  };
  route(app, endpoints.getSegment, options, (request) => getSegment(db, request.ctx, request.params.id));
  route(app, endpoints.updateSegment, options, (request) =>
    updateSegment(db, request.ctx, deps, request.params.id, request.body),
  );
  route(app, endpoints.splitSegment, options, async (request) => ({
    segments: await splitSegment(db, request.ctx, deps, request.params.id, request.body),
  }));
};
