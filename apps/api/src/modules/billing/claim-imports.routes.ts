/**
 * Claim import and reconciliation routes (admin only; issue 6; docs/claim-reconciliation.md), the
 * endpoints of contracts `claimImportEndpoints`:
 * - `POST /api/claim-imports` multipart `file` (eXPRS claim CSV or X12 835) → 202 `claimImportQueued`
 *   (the `claims` kind of the import pipeline: the claim import job reconciles it, decision 0031), or 200
 *   `claimImportResult` with `duplicate: true` when the same file was imported before. 400 on `file`.
 *   Audited `billing_import.create`.
 * - `GET /api/claim-imports` → `claimImportPage`. Audited `billing_import.list`.
 * - `GET /api/claim-imports/:id` → `claimImportDetail`. 404. Audited `billing_import.read`.
 * - `GET /api/exprs-records` → `exprsRecordPage`. Audited `exprs_record.list`.
 * - `POST /api/exprs-records/:id/acknowledge` → `exprsRecordItem`. 404. Audited `exprs_record.acknowledge`.
 * - `POST /api/exprs-records/:id/link` → `exprsRecordItem`. 404, 409. Audited `exprs_record.link`.
 * - `GET /api/claim-reconciliation/unpaid-items` and `/link-candidates` → `reconciliationItemPage`.
 *   Audited `exprs_record.list`.
 * Anonymous callers get 401, non-admins 403 (the guard audits the denial).
 */
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { claimImportEndpoints as e } from '@tend/contracts';
import { guard } from '../../platform/auth/auth.plugin.ts';
import { route, type EndpointRequest } from '../../platform/http/endpoint-route.ts';
import { AppError } from '../../platform/http/errors.ts';
import type { ImportDeps } from '../../platform/imports/import-kind.ts';
import { MAX_CLAIM_FILE_BYTES, uploadClaimImport } from './claim-import.service.ts';
import {
  acknowledgeExprsRecord,
  getClaimImport,
  linkExprsRecord,
  listClaimImports,
  listExprsRecords,
  listReconciliationItems,
} from './claim-reconciliation.service.ts';

/** `POST /api/claim-imports`: 202 with the queued job, or 200 with the earlier batch (`duplicate`). */
async function uploadClaimFile(
  deps: Pick<ImportDeps, 'db' | 'storage' | 'jobs'>,
  request: EndpointRequest<typeof e.uploadClaimImport>,
  reply: FastifyReply,
) {
  if (!request.isMultipart())
    throw new AppError(
      'UNSUPPORTED_MEDIA_TYPE',
      'Send the file as multipart/form-data in a field named "file"',
    );
  const file = await request.file({ limits: { fileSize: MAX_CLAIM_FILE_BYTES } });
  if (!file || file.fieldname !== 'file') throw AppError.field('file', 'is required');
  const answer = await uploadClaimImport(deps, request.ctx, {
    originalName: file.filename || 'claims',
    contentType: file.mimetype || 'application/octet-stream',
    bytes: await file.toBuffer(),
  });
  void reply.code('duplicate' in answer ? 200 : 202);
  return answer;
}

export const claimImportsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps.database;
  const deps = { db, storage: app.deps.storage, jobs: app.deps.jobs };
  const batches = { tags: ['billing'], preValidation: guard(db, 'admin', 'billing_import_batch') };
  const records = { tags: ['billing'], preValidation: guard(db, 'admin', 'exprs_record') };

  route(app, e.uploadClaimImport, batches, (request, reply) => uploadClaimFile(deps, request, reply));
  route(app, e.findClaimImports, batches, (request) => listClaimImports(db, request.ctx, request.query));
  route(app, e.findClaimImport, batches, (request) => getClaimImport(db, request.ctx, request.params.id));
  route(app, e.findExprsRecords, records, (request) => listExprsRecords(db, request.ctx, request.query));
  route(app, e.acknowledgeExprsRecord, records, (request) =>
    acknowledgeExprsRecord(db, request.ctx, request.params.id),
  );
  route(app, e.linkExprsRecord, records, (request) =>
    linkExprsRecord(db, request.ctx, request.params.id, request.body.billingItemId),
  );
  route(app, e.findUnpaidItems, records, (request) =>
    listReconciliationItems(db, request.ctx, 'unpaid', request.query),
  );
  route(app, e.findLinkCandidates, records, (request) =>
    listReconciliationItems(db, request.ctx, 'linkable', request.query),
  );
};
