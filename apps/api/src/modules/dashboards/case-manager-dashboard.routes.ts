/**
 * The case-manager dashboard routes (contracts `caseManagerDashboardEndpoints`; docs/dashboards.md "Case manager";
 * decision 0051). Any signed-in account at the PHI tier (anonymous 401); what it sees is decided by its access scope
 * (a case manager or client outside it: 404, as an unknown id). Bad ids are 400 naming the field. The report download
 * is sent as an attachment (`Range` answers 206, or 416 past the end).
 */
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { caseManagerDashboardEndpoints as e } from '@tend/contracts';
import { guard } from '../../platform/auth/auth.plugin.ts';
import { route } from '../../platform/http/endpoint-route.ts';
import { rangeHeaders } from '../../platform/storage/byte-range.ts';
import type { Download } from '../../platform/storage/storage.service.ts';
import {
  getCaseManagerClientDetail,
  getCaseManagerDashboard,
  listDashboardCaseManagers,
  openCaseManagerClientReport,
  type DashboardDeps,
} from './case-manager-dashboard.service.ts';

/** Sends a stored PDF as an attachment: whole (200), a range (206) or none (416). */
function sendAttachment(reply: FastifyReply, download: Download, fileName: string) {
  const ascii = fileName.replace(/[^\x20-\x7e]|["\\]/g, '_');
  return reply
    .header('content-type', 'application/pdf')
    .header('cache-control', 'private, no-store')
    .header(
      'content-disposition',
      `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`,
    )
    .header('content-security-policy', "default-src 'none'; sandbox")
    .header('accept-ranges', 'bytes')
    .headers(rangeHeaders(download))
    .code(download.unsatisfiable ? 416 : download.range ? 206 : 200)
    .send(download.body);
}

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
      return sendAttachment(reply, opened.download, opened.fileName);
    });
  };
}
