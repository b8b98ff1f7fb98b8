/**
 * The shifts module (shifts, segments, EVV): its routes (list and detail, corrections, the segment
 * editor, the shift import) and the `shift-import` job, which publishes `shifts.imported` when a shift
 * was created or updated (workflows/shift-import.ts queues the screenings: spec "each screening runs as
 * a job over new and changed shifts"). No event subscribers.
 */
import type { FastifyPluginAsync } from 'fastify';
import { importHandlerDeps, importJobHandler } from '../../platform/imports/import-job.ts';
import { shiftsImported } from '../../workflows/events.ts';
import { shiftsRoutes } from './shifts.routes.ts';
import { shiftCorrectionsRoutes } from './shift-corrections.routes.ts';
import { segmentEditorRoutes } from './segment-editor.routes.ts';
import { shiftImportRoutes } from './shift-import.routes.ts';
import { SHIFT_IMPORT_JOB, shiftImportKind } from './shift-import.service.ts';

export const shiftsPlugin: FastifyPluginAsync = async (app) => {
  app.deps.jobs.register(
    SHIFT_IMPORT_JOB,
    importJobHandler(importHandlerDeps(app.deps, shiftsImported), shiftImportKind),
  );
  await app.register(shiftsRoutes);
  await app.register(shiftCorrectionsRoutes);
  await app.register(segmentEditorRoutes);
  await app.register(shiftImportRoutes);
};
