/**
 * Billing export routes (admin only; issue 6 "Billing export"; docs/billing-export.md):
 * - `GET /api/billing-exports/preview` (`billingExportPreviewQuery`) → `billingExportPreview`.
 *   Audited `billing_export.preview`.
 * - `POST /api/billing-exports` (`billingExportCreate` `{ dateFrom, dateTo, notes? }`) → 201
 *   `{ batch, skippedNoRule }`; 409 when nothing is left to bill or another export billed a segment
 *   meanwhile. Audited `billing_export.create`.
 * - `GET /api/billing-exports` (paged) → `billingExportBatchPage`. Audited `billing_export.list`.
 * - `GET /api/billing-exports/:id` (paged items) → `billingExportDetail`. 404. Audited `billing_export.read`.
 * - `GET /api/billing-exports/:id/file` → the stored CSV (`text/csv; charset=utf-8` attachment, first
 *   column `billing_id`). 404. Audited `billing_export.download`.
 * Batches are immutable: there is no update or delete route. Anonymous callers get 401, non-admins
 * 403 (the guard audits the denial); bad input 400 naming the field.
 */
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { billingExportEndpoints } from '@tend/contracts';
import { guard } from '../../platform/auth/auth.plugin.ts';
import { route, type EndpointRequest } from '../../platform/http/endpoint-route.ts';
import {
  createBillingExport,
  findBillingExport,
  findBillingExports,
  openBillingExportFile,
  previewBillingExport,
  type BillingExportDeps,
} from './billing-export.service.ts';

const e = billingExportEndpoints;

/** Sends the batch's stored CSV as an attachment (audited `billing_export.download` by the service). */
async function sendBillingExportFile(
  deps: BillingExportDeps,
  request: EndpointRequest<typeof e.downloadBillingExportFile>,
  reply: FastifyReply,
) {
  const { fileName, object } = await openBillingExportFile(deps, request.ctx, request.params.id);
  return reply
    .header('content-type', 'text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${fileName}"`)
    .header('cache-control', 'no-store')
    .header('x-content-type-options', 'nosniff')
    .send(object.body);
}

export const billingExportRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps.database;
  const deps = { db, storage: app.deps.storage, agencyTimeZone: app.deps.config.agencyTimeZone };
  const exports = { tags: ['billing'], preValidation: guard(db, 'admin', 'billing_export_batch') };

  route(app, e.previewBillingExport, exports, (request) =>
    previewBillingExport(db, request.ctx, request.query),
  );
  route(app, e.createBillingExport, exports, (request) =>
    createBillingExport(deps, request.ctx, request.body),
  );
  route(app, e.findBillingExports, exports, (request) => findBillingExports(db, request.ctx, request.query));
  route(app, e.findBillingExport, exports, (request) =>
    findBillingExport(db, request.ctx, request.params.id, request.query),
  );
  route(
    app,
    e.downloadBillingExportFile,
    { ...exports, description: 'The batch file as stored (eXPRS-ready CSV, docs/billing-export.md).' },
    (request, reply) => sendBillingExportFile(deps, request, reply),
  );
};
