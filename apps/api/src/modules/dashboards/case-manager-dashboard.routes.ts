/**
 * The case-manager dashboard routes (contracts `caseManagerDashboardEndpoints`; docs/dashboards.md "Case manager";
 * decision 0051). Any signed-in account at the PHI tier (anonymous 401); what it sees is decided by its access scope
 * (a case manager or client outside it: 404, as an unknown id). Bad ids are 400 naming the field. The report download
 * is sent as an attachment (`Range` answers 206, or 416 past the end).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { caseManagerDashboardEndpoints as e } from '@tend/contracts';
import { guard } from '../../platform/auth/auth.plugin.ts';
import { route } from '../../platform/http/endpoint-route.ts';
import { sendStoredPdf } from '../../platform/storage/send-pdf.ts';
import {
  getCaseManagerClientDetail,
  getCaseManagerDashboard,
  listDashboardCaseManagers,
  openCaseManagerClientReport,
  type DashboardDeps,
} from './case-manager-dashboard.service.ts';

/** Registers the case-manager dashboard routes over `deps`. */
export function caseManagerDashboardRoutes(deps: DashboardDeps): FastifyPluginAsyncZod {
  return async (app) => {
    const options = { tags: ['dashboards'], preValidation: guard(deps.db, 'dashboard', 'case_manager') };
    route(app, e.findDashboardCaseManagers, options, (request) =>
      listDashboardCaseManagers(deps, request.ctx, request.query),
    );
    route(app, e.getCaseManagerDashboard, options, (request) =>
      getCaseManagerDashboard(deps, request.ctx, request.params.caseManagerId),
    );
    route(app, e.getCaseManagerClient, options, (request) =>
      getCaseManagerClientDetail(deps, request.ctx, { ...request.params, locale: request.query.locale }),
    );
    route(app, e.downloadCaseManagerClientReport, options, async (request, reply) => {
      const opened = await openCaseManagerClientReport(
        deps,
        request.ctx,
        request.params,
        request.headers.range,
      );
      return sendStoredPdf(reply, opened.download, opened.fileName);
    });
  };
}
