/**
 * The report export routes (contracts `reportExportEndpoints`; docs/report-export.md; decision 0066): admin only
 * (anonymous 401, other roles 403, an admin below two-step verification 403 MFA_REQUIRED). Bad input is 400 naming
 * the field; an unknown client or caregiver, or report, is 404. The job's progress is `GET /api/jobs/:id`.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  reportExportEndpoints as e,
  reportExportTypeInfo,
  reportExportTypes,
  reportFormats,
} from '@tend/contracts';
import { guard } from '../../platform/auth/auth.plugin.ts';
import { route } from '../../platform/http/endpoint-route.ts';
import {
  listGeneratedReports,
  reportDownloadLink,
  startReportExport,
  type ReportExportDeps,
} from './report-export.service.ts';

/** Registers the report export routes over `deps`. */
export function reportExportRoutes(deps: ReportExportDeps): FastifyPluginAsyncZod {
  return async (app) => {
    const admin = { tags: ['report-export'], preValidation: guard(deps.db, 'admin', 'report_reference') };
    route(app, e.findReportExportTypes, admin, () => ({
      items: reportExportTypes.map((type) => ({
        type,
        ...reportExportTypeInfo[type],
        formats: [...reportFormats],
      })),
    }));
    route(app, e.startReportExport, admin, async (request, reply) => {
      const started = await startReportExport(deps, request.ctx, request.body);
      void reply.code(202);
      return started;
    });
    route(app, e.findGeneratedReports, admin, (request) =>
      listGeneratedReports(deps.db, request.ctx, request.query),
    );
    route(app, e.getReportDownloadLink, admin, (request) =>
      reportDownloadLink(deps, request.ctx, request.params.id),
    );
  };
}
