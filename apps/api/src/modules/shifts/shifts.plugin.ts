/**
 * The shifts module (shifts, segments, EVV): its routes (list and detail, corrections, the segment
 * editor, the shift import) and the `shift-import` job, which publishes `shifts.imported`
 * (workflows/shift-import.ts follows it up). No event subscribers.
 */
import type { FastifyPluginAsync } from 'fastify';
import { importHandlerDeps } from '../../platform/imports/import-job.ts';
import { shiftsImported } from '../../workflows/events.ts';
import { shiftsRoutes } from './shifts.routes.ts';
import { shiftCorrectionsRoutes } from './shift-corrections.routes.ts';
import { segmentEditorRoutes } from './segment-editor.routes.ts';
import { shiftImportRoutes } from './shift-import.routes.ts';
import { createShiftImportHandler, SHIFT_IMPORT_JOB } from './shift-import.service.ts';

export const shiftsPlugin: FastifyPluginAsync = async (app) => {
  app.deps.jobs.register(
    SHIFT_IMPORT_JOB,
    createShiftImportHandler(importHandlerDeps(app.deps, shiftsImported)),
  );
  await app.register(shiftsRoutes);
  await app.register(shiftCorrectionsRoutes);
  await app.register(segmentEditorRoutes);
  await app.register(shiftImportRoutes);
};
