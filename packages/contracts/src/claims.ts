/**
 * Claim import and reconciliation (issue 6 "Claim import and reconciliation"; spec s.3
 * BillingImportBatch, ExprsRecord, BillingItem, BillingStatusHistory). eXPRS claim CSVs and X12 835
 * remittances are imported into `ExprsRecord` lines, matched to billing items, and reconciled by an
 * admin (acknowledge, link by hand). Money is integer cents (DOMAIN.md). Rules and the file layouts:
 * docs/claim-reconciliation.md.
 */
import { z } from 'zod';
import { idParams, isoDate, pageOf, pageQuery } from './common.ts';
import { defineEndpoint } from './endpoint.ts';
import { billingItemStatus } from './enums.ts';
import { rejectedRecord } from './imports.ts';
import { processingJob } from './jobs.ts';

/**
 * Claim status of a line, normalised from the CSV `status` column or the 835 CLP02 code
 * (docs/claim-reconciliation.md "Claim status").
 */
export const claimStatuses = ['paid', 'denied', 'pended', 'reversed'] as const;
export const claimStatus = z.enum(claimStatuses);
export type ClaimStatus = z.infer<typeof claimStatus>;

/** Matching state of a line: MATCHED to a billing item, or ORPHANED with a reason (UNMATCHED only before matching). */
export const exprsMatchStatuses = ['MATCHED', 'ORPHANED', 'UNMATCHED'] as const;
export const exprsMatchStatus = z.enum(exprsMatchStatuses);
export type ExprsMatchStatus = z.infer<typeof exprsMatchStatus>;

/** File formats a claim import accepts. */
export const claimImportFormats = ['EXPRS_CSV', 'X12_835'] as const;
export const claimImportFormat = z.enum(claimImportFormats);
export type ClaimImportFormat = z.infer<typeof claimImportFormat>;

/** One claim import (BillingImportBatch) as lists show it. */
export const claimImportBatch = z.object({
  id: z.uuid(),
  importDate: z.iso.datetime({ offset: true }),
  importedBy: z.uuid().nullable(),
  fileName: z.string().nullable(),
  format: z.string().nullable(),
  status: z.string(),
  /** Lines stored (rejected lines are not counted). */
  rowCount: z.number().int(),
  matchedCount: z.number().int(),
  orphanedCount: z.number().int(),
  rejectedCount: z.number().int(),
});
export type ClaimImportBatch = z.infer<typeof claimImportBatch>;

/** Counts of one import's lines by outcome. */
export const claimImportCounts = z.object({
  matched: z.number().int(),
  orphaned: z.number().int(),
  paid: z.number().int(),
  denied: z.number().int(),
  pended: z.number().int(),
  reversed: z.number().int(),
  /** Denied or orphaned lines nobody acknowledged yet. */
  toReview: z.number().int(),
  rejected: z.number().int(),
  /** Paid amount of the import's lines, integer cents. */
  paidAmount: z.number().int(),
});
export type ClaimImportCounts = z.infer<typeof claimImportCounts>;

/** `GET /api/claim-imports/:id`: the batch, its counts and every rejected row. */
export const claimImportDetail = z.object({
  batch: claimImportBatch,
  counts: claimImportCounts,
  /** Lines the import refused: 1-based line (CSV) or service-line ordinal (835), field, reason; no external id. */
  rejectedRows: z.array(rejectedRecord),
});
export type ClaimImportDetail = z.infer<typeof claimImportDetail>;

/**
 * What the claim import job stores as its result, and the `POST /api/claim-imports` answer (200) for a
 * file imported before: the batch detail; `duplicate` true when the same file (SHA-256) was imported
 * before (that batch, nothing written).
 */
export const claimImportResult = claimImportDetail.extend({ duplicate: z.boolean() });
export type ClaimImportResult = z.infer<typeof claimImportResult>;

/** `POST /api/claim-imports` answer (202) for a new file: its format (from content), upload and job. */
export const claimImportQueued = z.object({
  format: claimImportFormat,
  csvFileId: z.uuid(),
  job: processingJob,
});
export type ClaimImportQueued = z.infer<typeof claimImportQueued>;

export const claimImportListQuery = pageQuery;
export type ClaimImportListQuery = z.infer<typeof claimImportListQuery>;
export const claimImportPage = pageOf(claimImportBatch);
export type ClaimImportPage = z.infer<typeof claimImportPage>;

/** What a reconciliation view shows of a billing item (no snapshot, no coordinates). */
export const claimBillingItemSummary = z.object({
  id: z.uuid(),
  date: z.string(),
  billingCode: z.string(),
  modifier: z.string().nullable(),
  hours: z.number(),
  units: z.number().nullable(),
  /** Billed amount, integer cents. */
  amount: z.number().int().nullable(),
  status: billingItemStatus,
  clientId: z.uuid(),
  clientName: z.string(),
  caregiverId: z.uuid(),
  caregiverName: z.string(),
  exportBatchId: z.uuid().nullable(),
});
export type ClaimBillingItemSummary = z.infer<typeof claimBillingItemSummary>;

const booleanText = z
  .enum(['true', 'false'], { message: 'must be true or false' })
  .optional()
  .transform((value) => (value === undefined ? undefined : value === 'true'));

/** `GET /api/exprs-records`: lines of one or every import, filtered. */
export const exprsRecordListQuery = pageQuery.extend({
  importBatchId: z.uuid({ message: 'must be a valid id' }).optional(),
  matchStatus: exprsMatchStatus.optional(),
  claimStatus: claimStatus.optional(),
  acknowledged: booleanText,
});
export type ExprsRecordListQuery = Omit<z.output<typeof exprsRecordListQuery>, 'acknowledged'> & {
  acknowledged?: boolean | undefined;
};

/** One imported claim line with its match and, when matched, the item's summary. */
export const exprsRecordItem = z.object({
  id: z.uuid(),
  importBatchId: z.uuid().nullable(),
  lineNumber: z.number().int().nullable(),
  claimId: z.string().nullable(),
  payerClaimNumber: z.string().nullable(),
  billingId: z.string().nullable(),
  clientPid: z.string().nullable(),
  providerId: z.string().nullable(),
  serviceDate: z.string().nullable(),
  procedureCode: z.string().nullable(),
  modifier: z.string().nullable(),
  units: z.number().nullable(),
  /** Integer cents. */
  billedAmount: z.number().int().nullable(),
  /** Integer cents. */
  paidAmount: z.number().int().nullable(),
  paymentDate: z.string().nullable(),
  claimStatus: z.string().nullable(),
  denialReason: z.string().nullable(),
  exceptionCode: z.string().nullable(),
  matchStatus: z.string(),
  matchConfidence: z.number().nullable(),
  matchFailureReason: z.string().nullable(),
  acknowledgedBy: z.uuid().nullable(),
  acknowledgedAt: z.iso.datetime({ offset: true }).nullable(),
  matchedBy: z.uuid().nullable(),
  matchedAt: z.iso.datetime({ offset: true }).nullable(),
  billingItem: claimBillingItemSummary.nullable(),
});
export type ExprsRecordItem = z.infer<typeof exprsRecordItem>;
export const exprsRecordPage = pageOf(exprsRecordItem);
export type ExprsRecordPage = z.infer<typeof exprsRecordPage>;

/** `POST /api/exprs-records/:id/link`: the billing item an admin links an orphaned line to. */
export const exprsRecordLinkInput = z.object({ billingItemId: z.uuid({ message: 'must be a valid id' }) });
export type ExprsRecordLinkInput = z.infer<typeof exprsRecordLinkInput>;

/**
 * `GET /api/claim-reconciliation/unpaid-items` and `/link-candidates`: billing items by client and
 * service dates (`from`..`to`, inclusive).
 */
export const reconciliationItemQuery = pageQuery
  .extend({
    clientId: z.uuid({ message: 'must be a valid id' }).optional(),
    from: isoDate.optional(),
    to: isoDate.optional(),
  })
  .refine((q) => !q.from || !q.to || q.to >= q.from, { message: 'must be on or after from', path: ['to'] });
export type ReconciliationItemQuery = z.output<typeof reconciliationItemQuery>;

/** A billing item with the claim line that decides whether it is paid (the newest matched line), if any. */
export const reconciliationItem = claimBillingItemSummary.extend({
  exprsRecordId: z.uuid().nullable(),
  claimStatus: z.string().nullable(),
  denialReason: z.string().nullable(),
  exceptionCode: z.string().nullable(),
});
export type ReconciliationItem = z.infer<typeof reconciliationItem>;
export const reconciliationItemPage = pageOf(reconciliationItem);
export type ReconciliationItemPage = z.infer<typeof reconciliationItemPage>;

/**
 * Claim import and reconciliation endpoints (admin only; docs/claim-reconciliation.md). The upload is
 * multipart (the file in a part named `file`): 202 with the queued job (the claim import job's result is
 * `claimImportResult`), or 200 with the earlier batch (`duplicate: true`) when the same bytes were imported.
 */
export const claimImportEndpoints = {
  uploadClaimImport: defineEndpoint({
    method: 'POST',
    path: '/api/claim-imports',
    multipart: true,
    response: { 200: claimImportResult, 202: claimImportQueued },
  }),
  findClaimImports: defineEndpoint({
    method: 'GET',
    path: '/api/claim-imports',
    query: claimImportListQuery,
    response: { 200: claimImportPage },
  }),
  findClaimImport: defineEndpoint({
    method: 'GET',
    path: '/api/claim-imports/:id',
    params: idParams,
    response: { 200: claimImportDetail },
  }),
  findExprsRecords: defineEndpoint({
    method: 'GET',
    path: '/api/exprs-records',
    query: exprsRecordListQuery,
    response: { 200: exprsRecordPage },
  }),
  acknowledgeExprsRecord: defineEndpoint({
    method: 'POST',
    path: '/api/exprs-records/:id/acknowledge',
    params: idParams,
    response: { 200: exprsRecordItem },
  }),
  linkExprsRecord: defineEndpoint({
    method: 'POST',
    path: '/api/exprs-records/:id/link',
    params: idParams,
    body: exprsRecordLinkInput,
    response: { 200: exprsRecordItem },
  }),
  findUnpaidItems: defineEndpoint({
    method: 'GET',
    path: '/api/claim-reconciliation/unpaid-items',
    query: reconciliationItemQuery,
    response: { 200: reconciliationItemPage },
  }),
  findLinkCandidates: defineEndpoint({
    method: 'GET',
    path: '/api/claim-reconciliation/link-candidates',
    query: reconciliationItemQuery,
    response: { 200: reconciliationItemPage },
  }),
};
