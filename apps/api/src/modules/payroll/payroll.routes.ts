/**
 * Payroll routes (admin only; issue 6 "Payroll"; docs/payroll.md):
 * - `GET /api/payroll/settings` → `payPeriodSettings`; `PUT` (`payPeriodSettingsInput`) → the same,
 *   audited `pay_period.update`; 400 naming `anchorDate` when it is not on the workweek start day.
 * - `GET /api/payroll?periodStart=` → `payrollPeriodView` (audited `payroll.list`); 400 naming
 *   `periodStart` when it is not the first day of a period.
 * - `GET /api/payroll/caregivers/:id?periodStart=` → `payrollCaregiverDetail` (audited `payroll.list`); 404.
 * - `PUT /api/segments/:id/payroll-version` (`payrollVersionInput`) / `DELETE` (optional `{ reason }`)
 *   → `payrollVersionResult`; audited `payroll_version.update`; 400 naming `evvEnd`/`evvStart`, 404.
 * - `GET /api/payroll/adjustments` (`payrollAdjustmentListQuery`) → `{ items }`;
 *   `GET /api/payroll/adjustments/:id/history` → `{ items }` oldest first (both audited `payroll.list`);
 *   `POST /api/payroll/adjustments` (`payrollAdjustmentInput`) → 201; `PATCH /:id`
 *   (`payrollAdjustmentPatch`) → the replacing row; `POST /:id/deactivate` (`{ reason }`); audited
 *   `payroll_adjustment.create/update/deactivate`; 400 naming the field, 404, 409 when not active.
 * - `POST /api/payroll/exports` (`{ periodStart }`) → 201 `payrollExport` (audited
 *   `payroll_export.create`); `GET /api/payroll/exports` → `payrollExportPage` (`payroll_export.list`);
 *   `GET /api/payroll/exports/:id/file` → the CSV as an attachment (`payroll_export.download`).
 * Anonymous callers get 401, non-admins 403 (the guard audits the denial).
 */
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { payrollEndpoints } from '@tend/contracts';
import { guard } from '../../platform/auth/auth.plugin.ts';
import { route, type EndpointRequest } from '../../platform/http/endpoint-route.ts';
import {
  adjustmentHistory,
  createAdjustment,
  deactivateAdjustment,
  listAdjustments,
  updateAdjustment,
} from './payroll-adjustments.service.ts';
import { createPayrollExport, listPayrollExports, openPayrollExport } from './payroll-export.service.ts';
import {
  deletePayrollVersion,
  getCaregiverPayroll,
  getPayPeriodSettings,
  getPayroll,
  resolvePayPeriod,
  setPayPeriodSettings,
  setPayrollVersion,
  type PayrollConfig,
} from './payroll.service.ts';

const e = payrollEndpoints;

/** The adjustments for the query's filters, of the pay period starting `periodStart` when given. */
async function listPeriodAdjustments(
  app: FastifyInstance,
  config: PayrollConfig,
  request: EndpointRequest<typeof e.listAdjustments>,
) {
  const { db } = app.deps.database;
  const { caregiverId, periodStart, includeInactive } = request.query;
  const period = periodStart ? (await resolvePayPeriod(db, config, periodStart)).period : null;
  const items = await listAdjustments(db, request.ctx, {
    caregiverId,
    fromDate: period?.start,
    toDate: period?.end,
    includeInactive: includeInactive ?? false,
  });
  return { items };
}

/** Sends the stored CSV as an attachment (its file name reduced to `[\w.-]`); audited by the service. */
async function sendPayrollExportFile(
  app: FastifyInstance,
  request: EndpointRequest<typeof e.downloadPayrollExportFile>,
  reply: FastifyReply,
) {
  const { db } = app.deps.database;
  const { fileName, object } = await openPayrollExport(db, app.deps.storage, request.ctx, request.params.id);
  return reply
    .header('content-type', 'text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${fileName.replace(/[^\w.-]/g, '_')}"`)
    .header('cache-control', 'private, no-store')
    .header('x-content-type-options', 'nosniff')
    .send(object.body);
}

export const payrollRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps.database;
  const { storage } = app.deps;
  const payroll = { tags: ['payroll'], preValidation: guard(db, 'admin', 'payroll') };
  const config: PayrollConfig = {
    timeZone: app.deps.config.agencyTimeZone,
    workweekStart: app.deps.config.workweekStart ?? 'sunday',
  };

  route(app, e.getPayPeriodSettings, payroll, () => getPayPeriodSettings(db, config));
  route(app, e.setPayPeriodSettings, payroll, (request) =>
    setPayPeriodSettings(db, request.ctx, config, request.body),
  );
  route(app, e.getPayroll, payroll, (request) =>
    getPayroll(db, request.ctx, config, request.query.periodStart),
  );
  route(app, e.getCaregiverPayroll, payroll, (request) =>
    getCaregiverPayroll(db, request.ctx, config, request.params.id, request.query.periodStart),
  );

  route(app, e.setPayrollVersion, payroll, (request) =>
    setPayrollVersion(db, request.ctx, config, request.params.id, request.body),
  );
  route(app, e.deletePayrollVersion, payroll, (request) =>
    deletePayrollVersion(db, request.ctx, request.params.id, request.body?.reason ?? null),
  );

  route(app, e.listAdjustments, payroll, (request) => listPeriodAdjustments(app, config, request));
  route(app, e.getAdjustmentHistory, payroll, async (request) => ({
    items: await adjustmentHistory(db, request.ctx, request.params.id),
  }));
  route(app, e.createAdjustment, payroll, (request) => createAdjustment(db, request.ctx, request.body));
  route(app, e.updateAdjustment, payroll, (request) =>
    updateAdjustment(db, request.ctx, request.params.id, request.body),
  );
  route(app, e.deactivateAdjustment, payroll, (request) =>
    deactivateAdjustment(db, request.ctx, request.params.id, request.body.reason),
  );

  route(app, e.createPayrollExport, payroll, (request) =>
    createPayrollExport(db, storage, request.ctx, config, request.body.periodStart),
  );
  route(app, e.listPayrollExports, payroll, (request) => listPayrollExports(db, request.ctx, request.query));
  route(
    app,
    e.downloadPayrollExportFile,
    { ...payroll, description: 'The stored payroll CSV (UTF-8 with BOM, CRLF) as an attachment.' },
    (request, reply) => sendPayrollExportFile(app, request, reply),
  );
};
