/**
 * Shift-note routes (admin only; docs/shift-notes.md):
 *   /api/shift-note-imports…                 the import pipeline's five routes for the `shift-notes` kind
 *   GET  /api/shift-notes/mismatched         notes waiting for review (filters, paged, totals per reason)
 *   GET  /api/shift-notes/review?id=         one note in full with candidate shifts (or the oldest waiting)
 *   POST /api/shift-notes/:id/resolve        { shiftId } → matched to that shift (204)
 *   POST /api/shift-notes/:id/dismiss        { reason } → belongs to no shift (204)
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  dismissShiftNote as dismissBody,
  idParams,
  mismatchedShiftNotePage,
  mismatchedShiftNoteQuery,
  resolveShiftNote as resolveBody,
  shiftNoteImportEndpoints,
  shiftNoteReview,
  shiftNoteReviewQuery,
} from '@tend/contracts';
import { guard } from '../../platform/auth/auth.plugin.ts';
import { importRoutes } from '../../platform/imports/import-routes.ts';
import { shiftNoteImportKind } from './shift-note-import.ts';
import {
  dismissShiftNote,
  getShiftNoteReview,
  listMismatchedShiftNotes,
  resolveShiftNote,
} from './shift-note-review.service.ts';

export const shiftNotesRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(
    importRoutes({ kind: shiftNoteImportKind, endpoints: shiftNoteImportEndpoints, tags: ['shift notes'] }),
  );

  const { db } = app.deps.database;
  const zone = app.deps.config.agencyTimeZone;
  const access = guard(db, 'admin', 'shift_note');
  const tags = ['shift notes'];

  app.get(
    '/api/shift-notes/mismatched',
    {
      preValidation: access,
      schema: { tags, querystring: mismatchedShiftNoteQuery, response: { 200: mismatchedShiftNotePage } },
    },
    (request) => listMismatchedShiftNotes(db, request.ctx, zone, request.query),
  );

  app.get(
    '/api/shift-notes/review',
    {
      preValidation: access,
      schema: { tags, querystring: shiftNoteReviewQuery, response: { 200: shiftNoteReview } },
    },
    (request) => getShiftNoteReview(db, request.ctx, zone, request.query.id),
  );

  app.post(
    '/api/shift-notes/:id/resolve',
    { preValidation: access, schema: { tags, params: idParams, body: resolveBody } },
    async (request, reply) => {
      await resolveShiftNote(db, request.ctx, request.params.id, request.body);
      return reply.status(204).send();
    },
  );

  app.post(
    '/api/shift-notes/:id/dismiss',
    { preValidation: access, schema: { tags, params: idParams, body: dismissBody } },
    async (request, reply) => {
      await dismissShiftNote(db, request.ctx, request.params.id, request.body);
      return reply.status(204).send();
    },
  );
};
