/**
 * The staging module (issue 23; docs/staging.md): its routes, the `staging-import` job (the
 * `staging-shifts` import kind: GIV exports into staging, never straight to production) and the
 * `staging-promotion` job (READY rows uploaded as shifts through the shifts module's import writer,
 * then `shifts.imported` published so screenings and validation follow). No event subscribers.
 */
import type { FastifyPluginAsync } from 'fastify';
import { importJobHandler } from '../../platform/imports/import-job.ts';
import { shiftsImported } from '../../workflows/events.ts';
import { stagingImportKind, STAGING_IMPORT_JOB } from './staging-import.ts';
import { runPromotion, STAGING_PROMOTION_JOB } from './staging-promotion.service.ts';
import { stagingImportRoutes, stagingRoutes } from './staging.routes.ts';

export const stagingPlugin: FastifyPluginAsync = async (app) => {
  const db = app.deps.database.db;
  const agencyTimeZone = app.deps.config.agencyTimeZone;
  app.deps.jobs.register(
    STAGING_IMPORT_JOB,
    importJobHandler({ db, storage: app.deps.storage, agencyTimeZone }, stagingImportKind),
  );
  app.deps.jobs.register(STAGING_PROMOTION_JOB, async (job) => ({
    ...(await runPromotion(
      {
        db,
        agencyTimeZone,
        shiftsImported: (jobId) => app.deps.events.publish(shiftsImported, { importJobId: jobId }),
      },
      job,
    )),
  }));
  await app.register(stagingRoutes);
  await app.register(stagingImportRoutes);
};
