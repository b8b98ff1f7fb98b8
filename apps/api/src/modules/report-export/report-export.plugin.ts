/**
 * The report-export module (issue 24 "Report export"; docs/report-export.md; decision 0066): its routes and the
 * `report-export` job. Files go to the isp module's `generated-reports` bucket (ensured by isp.plugin.ts).
 */
import type { FastifyPluginAsync } from 'fastify';
import { REPORT_EXPORT_JOB } from '@tend/contracts';
import { createReportExportHandler } from './report-export.job.ts';
import { reportExportRoutes } from './report-export.routes.ts';

export const reportExportPlugin: FastifyPluginAsync = async (app) => {
  const { config, database, storage, jobs } = app.deps;
  jobs.register(
    REPORT_EXPORT_JOB,
    createReportExportHandler({
      db: database.db,
      storage,
      storageRegion: config.storage.driver === 's3' ? config.storage.region : null,
      timeZone: config.agencyTimeZone,
      workweekStart: config.workweekStart ?? 'sunday',
    }),
  );
  await app.register(reportExportRoutes({ db: database.db, storage, jobs }));
};
