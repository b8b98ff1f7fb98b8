/**
 * The screening module (baseline and suspicious locations, incidents, shift notes): its routes and jobs.
 * - `location-screening`: publishes `screening.locationsScreened` when a run ends;
 * - `incident-screening`;
 * - `shift-note-import`: publishes `screening.shiftNotesImported` when an import matched notes.
 * Approved location and finding review routes publish `segments.mayHaveChanged`. No event subscribers
 * (the follow-ups are in workflows/).
 */
import type { FastifyPluginAsync } from 'fastify';
import { importHandlerDeps, importJobHandler } from '../../platform/imports/import-job.ts';
import { shiftNotesImported } from '../../workflows/events.ts';
import { shiftNotesRoutes } from './shift-notes.routes.ts';
import { locationScreeningRoutes } from './location-screening.routes.ts';
import { incidentsRoutes } from './incidents.routes.ts';
import { createIncidentScreeningHandler, INCIDENT_SCREENING_JOB } from './incident-screening.service.ts';
import { createLocationScreeningHandler, LOCATION_SCREENING_JOB } from './location-screening.job.ts';
import { SHIFT_NOTE_IMPORT_JOB, shiftNoteImportKind } from './shift-note-import.ts';

export const screeningPlugin: FastifyPluginAsync = async (app) => {
  const { config, database, jobs, events } = app.deps;
  const { db } = database;
  jobs.register(LOCATION_SCREENING_JOB, createLocationScreeningHandler({ db, events }));
  jobs.register(
    INCIDENT_SCREENING_JOB,
    createIncidentScreeningHandler({ db, timeZone: config.agencyTimeZone, ai: config.ai }),
  );
  jobs.register(
    SHIFT_NOTE_IMPORT_JOB,
    importJobHandler(importHandlerDeps(app.deps, shiftNotesImported), shiftNoteImportKind),
  );
  await app.register(shiftNotesRoutes);
  await app.register(locationScreeningRoutes);
  await app.register(incidentsRoutes);
};
