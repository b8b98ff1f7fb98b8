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
  importDetail,
  importFileList,
  importOptions,
  importPreview,
  importStarted,
  importUploaded,
  shiftNoteEndpoints,
} from '@tend/contracts';
import { guard } from '../../platform/auth/auth.plugin.ts';
import { route } from '../../platform/http/endpoint-route.ts';
import { importRoutes } from '../../platform/imports/import-routes.ts';
import { shiftNoteImportKind } from './shift-note-import.ts';
import {
  dismissShiftNote,
  getShiftNoteReview,
  listMismatchedShiftNotes,
  resolveShiftNote,
} from './shift-note-review.service.ts';

const e = shiftNoteEndpoints;

export const shiftNotesRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(
    importRoutes({
      kind: shiftNoteImportKind,
      basePath: '/api/shift-note-imports',
      tags: ['shift notes'],
      schemas: {
        uploaded: importUploaded,
        list: importFileList,
        detail: importDetail,
        options: importOptions,
        preview: importPreview,
        started: importStarted,
      },
    }),
  );

  const { db } = app.deps.database;
  const zone = app.deps.config.agencyTimeZone;
  const notes = { tags: ['shift notes'], preValidation: guard(db, 'admin', 'shift_note') };

  route(app, e.listMismatchedShiftNotes, notes, (request) =>
    listMismatchedShiftNotes(db, request.ctx, zone, request.query),
  );
  route(app, e.getShiftNoteReview, notes, (request) =>
    getShiftNoteReview(db, request.ctx, zone, request.query.id),
  );
  route(app, e.resolveShiftNote, notes, async (request) => {
    await resolveShiftNote(db, request.ctx, request.params.id, request.body);
    return null;
  });
  route(app, e.dismissShiftNote, notes, async (request) => {
    await dismissShiftNote(db, request.ctx, request.params.id, request.body);
    return null;
  });
};
