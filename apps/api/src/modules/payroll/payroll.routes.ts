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
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  idParams,
  payPeriodSettings,
  payPeriodSettingsInput,
  payrollAdjustment,
  payrollAdjustmentDeactivate,
  payrollAdjustmentInput,
  payrollAdjustmentList,
  payrollAdjustmentListQuery,
  payrollAdjustmentPatch,
  payrollCaregiverDetail,
  payrollExport,
  payrollExportInput,
  payrollExportListQuery,
  payrollExportPage,
  payrollPeriodView,
  payrollQuery,
  payrollVersionDelete,
  payrollVersionInput,
  payrollVersionResult,
} from '@tend/contracts';
import { guard } from '../../platform/auth/auth.plugin.ts';
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

export const payrollRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps.database;
  const { storage } = app.deps;
  const access = guard(db, 'admin', 'payroll');
  const tags = ['payroll'];
  const config: PayrollConfig = {
    timeZone: app.deps.config.agencyTimeZone,
    workweekStart: app.deps.config.workweekStart ?? 'sunday',
  };

  app.get(
    '/api/payroll/settings',
    { preValidation: access, schema: { tags, response: { 200: payPeriodSettings } } },
    () => getPayPeriodSettings(db, config),
  );

  app.put(
    '/api/payroll/settings',
    {
      preValidation: access,
      schema: { tags, body: payPeriodSettingsInput, response: { 200: payPeriodSettings } },
    },
    (request) => setPayPeriodSettings(db, request.ctx, config, request.body),
  );

  app.get(
    '/api/payroll',
    {
      preValidation: access,
      schema: { tags, querystring: payrollQuery, response: { 200: payrollPeriodView } },
    },
    (request) => getPayroll(db, request.ctx, config, request.query.periodStart),
  );

  app.get(
    '/api/payroll/caregivers/:id',
    {
      preValidation: access,
      schema: {
        tags,
        params: idParams,
        querystring: payrollQuery,
        response: { 200: payrollCaregiverDetail },
      },
    },
    (request) => getCaregiverPayroll(db, request.ctx, config, request.params.id, request.query.periodStart),
  );

  app.put(
    '/api/segments/:id/payroll-version',
    {
      preValidation: access,
      schema: { tags, params: idParams, body: payrollVersionInput, response: { 200: payrollVersionResult } },
    },
    (request) => setPayrollVersion(db, request.ctx, config, request.params.id, request.body),
  );

  app.delete(
    '/api/segments/:id/payroll-version',
    {
      preValidation: access,
      schema: { tags, params: idParams, body: payrollVersionDelete, response: { 200: payrollVersionResult } },
    },
    (request) => deletePayrollVersion(db, request.ctx, request.params.id, request.body?.reason ?? null),
  );

  app.get(
    '/api/payroll/adjustments',
    {
      preValidation: access,
      schema: { tags, querystring: payrollAdjustmentListQuery, response: { 200: payrollAdjustmentList } },
    },
    async (request) => {
      const { caregiverId, periodStart, includeInactive } = request.query;
      const period = periodStart ? (await resolvePayPeriod(db, config, periodStart)).period : null;
      const items = await listAdjustments(db, request.ctx, {
        caregiverId,
        fromDate: period?.start,
        toDate: period?.end,
        includeInactive: includeInactive ?? false,
      });
      return { items };
    },
  );

  app.get(
    '/api/payroll/adjustments/:id/history',
    { preValidation: access, schema: { tags, params: idParams, response: { 200: payrollAdjustmentList } } },
    async (request) => ({ items: await adjustmentHistory(db, request.ctx, request.params.id) }),
  );

  app.post(
    '/api/payroll/adjustments',
    {
      preValidation: access,
      schema: { tags, body: payrollAdjustmentInput, response: { 201: payrollAdjustment } },
    },
    async (request, reply) => reply.status(201).send(await createAdjustment(db, request.ctx, request.body)),
  );

  app.patch(
    '/api/payroll/adjustments/:id',
    {
      preValidation: access,
      schema: { tags, params: idParams, body: payrollAdjustmentPatch, response: { 200: payrollAdjustment } },
    },
    (request) => updateAdjustment(db, request.ctx, request.params.id, request.body),
  );

  app.post(
    '/api/payroll/adjustments/:id/deactivate',
    {
      preValidation: access,
      schema: {
        tags,
        params: idParams,
        body: payrollAdjustmentDeactivate,
        response: { 200: payrollAdjustment },
      },
    },
    (request) => deactivateAdjustment(db, request.ctx, request.params.id, request.body.reason),
  );

  app.post(
    '/api/payroll/exports',
    { preValidation: access, schema: { tags, body: payrollExportInput, response: { 201: payrollExport } } },
    async (request, reply) =>
      reply
        .status(201)
        .send(await createPayrollExport(db, storage, request.ctx, config, request.body.periodStart)),
  );

  app.get(
    '/api/payroll/exports',
    {
      preValidation: access,
      schema: { tags, querystring: payrollExportListQuery, response: { 200: payrollExportPage } },
    },
    (request) => listPayrollExports(db, request.ctx, request.query),
  );

  app.get(
    '/api/payroll/exports/:id/file',
    {
      preValidation: access,
      schema: {
        tags,
        params: idParams,
        produces: ['text/csv'],
        description: 'The stored payroll CSV (UTF-8 with BOM, CRLF) as an attachment.',
      },
    },
    async (request, reply) => {
      const { fileName, object } = await openPayrollExport(db, storage, request.ctx, request.params.id);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${fileName.replace(/[^\w.-]/g, '_')}"`)
        .header('cache-control', 'private, no-store')
        .header('x-content-type-options', 'nosniff')
        .send(object.body);
    },
  );
};
