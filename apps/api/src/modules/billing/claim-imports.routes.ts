/**
 * Claim import and reconciliation routes (admin only; issue 6; docs/claim-reconciliation.md):
 * - `POST /api/claim-imports` multipart `file` (eXPRS claim CSV or X12 835) → 201 `claimImportResult`
 *   (200 with `duplicate: true` when the same file was imported before). 400 on `file`. Audited
 *   `billing_import.create`.
 * - `GET /api/claim-imports` (`claimImportListQuery`) → `claimImportPage`. Audited `billing_import.list`.
 * - `GET /api/claim-imports/:id` → `claimImportDetail`. 404. Audited `billing_import.read`.
 * - `GET /api/exprs-records` (`exprsRecordListQuery`) → `exprsRecordPage`. Audited `exprs_record.list`.
 * - `POST /api/exprs-records/:id/acknowledge` → `exprsRecordItem`. 404. Audited `exprs_record.acknowledge`.
 * - `POST /api/exprs-records/:id/link` (`exprsRecordLinkInput`) → `exprsRecordItem`. 404, 409. Audited
 *   `exprs_record.link`.
 * - `GET /api/claim-reconciliation/unpaid-items` and `/link-candidates` (`reconciliationItemQuery`) →
 *   `reconciliationItemPage`. Audited `exprs_record.list`.
 * Anonymous callers get 401, non-admins 403 (the guard audits the denial).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  claimImportDetail,
  claimImportListQuery,
  claimImportPage,
  claimImportResult,
  exprsRecordItem,
  exprsRecordLinkInput,
  exprsRecordListQuery,
  exprsRecordPage,
  idParams,
  reconciliationItemPage,
  reconciliationItemQuery,
} from '@tend/contracts';
import { guard } from '../../platform/auth/auth.plugin.ts';
import { AppError } from '../../platform/http/errors.ts';
import { importClaimFile, MAX_CLAIM_FILE_BYTES } from './claim-import.service.ts';
import {
  acknowledgeExprsRecord,
  getClaimImport,
  linkExprsRecord,
  listClaimImports,
  listExprsRecords,
  listReconciliationItems,
} from './claim-reconciliation.service.ts';

export const claimImportsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps.database;
  const batchAccess = guard(db, 'admin', 'billing_import_batch');
  const recordAccess = guard(db, 'admin', 'exprs_record');
  const tags = ['billing'];

  app.post(
    '/api/claim-imports',
    {
      preValidation: batchAccess,
      schema: {
        tags,
        consumes: ['multipart/form-data'],
        response: { 200: claimImportResult, 201: claimImportResult },
      },
    },
    async (request, reply) => {
      if (!request.isMultipart())
        throw new AppError(
          'UNSUPPORTED_MEDIA_TYPE',
          'Send the file as multipart/form-data in a field named "file"',
        );
      const file = await request.file({ limits: { fileSize: MAX_CLAIM_FILE_BYTES } });
      if (!file || file.fieldname !== 'file') throw AppError.field('file', 'is required');
      const bytes = await file.toBuffer();
      const result = await importClaimFile({ db, storage: app.deps.storage }, request.ctx, {
        originalName: file.filename || 'claims',
        contentType: file.mimetype || 'application/octet-stream',
        bytes,
      });
      return reply.status(result.duplicate ? 200 : 201).send(result);
    },
  );

  app.get(
    '/api/claim-imports',
    {
      preValidation: batchAccess,
      schema: { tags, querystring: claimImportListQuery, response: { 200: claimImportPage } },
    },
    (request) => listClaimImports(db, request.ctx, request.query),
  );

  app.get(
    '/api/claim-imports/:id',
    { preValidation: batchAccess, schema: { tags, params: idParams, response: { 200: claimImportDetail } } },
    (request) => getClaimImport(db, request.ctx, request.params.id),
  );

  app.get(
    '/api/exprs-records',
    {
      preValidation: recordAccess,
      schema: { tags, querystring: exprsRecordListQuery, response: { 200: exprsRecordPage } },
    },
    (request) => listExprsRecords(db, request.ctx, request.query),
  );

  app.post(
    '/api/exprs-records/:id/acknowledge',
    { preValidation: recordAccess, schema: { tags, params: idParams, response: { 200: exprsRecordItem } } },
    (request) => acknowledgeExprsRecord(db, request.ctx, request.params.id),
  );

  app.post(
    '/api/exprs-records/:id/link',
    {
      preValidation: recordAccess,
      schema: { tags, params: idParams, body: exprsRecordLinkInput, response: { 200: exprsRecordItem } },
    },
    (request) => linkExprsRecord(db, request.ctx, request.params.id, request.body.billingItemId),
  );

  app.get(
    '/api/claim-reconciliation/unpaid-items',
    {
      preValidation: recordAccess,
      schema: { tags, querystring: reconciliationItemQuery, response: { 200: reconciliationItemPage } },
    },
    (request) => listReconciliationItems(db, request.ctx, 'unpaid', request.query),
  );

  app.get(
    '/api/claim-reconciliation/link-candidates',
    {
      preValidation: recordAccess,
      schema: { tags, querystring: reconciliationItemQuery, response: { 200: reconciliationItemPage } },
    },
    (request) => listReconciliationItems(db, request.ctx, 'linkable', request.query),
  );
};
