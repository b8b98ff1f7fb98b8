/**
 * The validation module (segment readiness, DOMAIN.md "Violation codes"): its routes (the segment list,
 * "Validate these dates") and the `segment-validation` job. Queued by workflows/segment-validation.ts and
 * workflows/shift-import.ts; publishes `validation.segmentsValidated` when a run ends; no event subscribers of its own.
 */
import type { FastifyPluginAsync } from 'fastify';
import { segmentValidationRoutes } from './validation.routes.ts';
import { createSegmentValidationHandler, SEGMENT_VALIDATION_JOB } from './validation.job.ts';

export const validationPlugin: FastifyPluginAsync = async (app) => {
  app.deps.jobs.register(
    SEGMENT_VALIDATION_JOB,
    createSegmentValidationHandler({ db: app.deps.database.db, events: app.deps.events }),
  );
  await app.register(segmentValidationRoutes);
};
