/**
 * Billing export batches, billing items, drift and void (issue 6 "Billing export"; spec s.3
 * BillingExportBatch, BillingItem, BillingStatusHistory, s.4 BillingItemStatus). Money is integer
 * cents (DOMAIN.md); the batch file shows dollars with 2 decimals. Rules and the file layout:
 * docs/billing-export.md.
 */
import { z } from 'zod';
import { idParams, isoDate, optionalText, pageOf, pageQuery, requiredText, timestamps } from './common.ts';
import { defineEndpoint } from './endpoint.ts';
import { billingItemStatus, validationStatus } from './enums.ts';
import { segmentRangeMaxDays, segmentViolation } from './segment-validation.ts';

const rangeInOrder = (range: { dateFrom: string; dateTo: string }) => range.dateTo >= range.dateFrom;
const rangeInOrderIssue = { message: 'must be on or after dateFrom', path: ['dateTo'] };
const rangeNotTooLong = (range: { dateFrom: string; dateTo: string }) =>
  (Date.parse(range.dateTo) - Date.parse(range.dateFrom)) / 86_400_000 < segmentRangeMaxDays;
const rangeTooLongIssue = {
  message: `must be within ${segmentRangeMaxDays} days of dateFrom`,
  path: ['dateTo'],
};

/**
 * Columns of the batch file, in order (docs/billing-export.md "File layout"). `billing_id` is the
 * BillingItem id: claim files refer back to it.
 */
export const billingExportCsvColumns = [
  'billing_id',
  'client_prime',
  'provider_medicaid_id',
  'service_date',
  'start_time',
  'end_time',
  'procedure_code',
  'modifier',
  'units',
  'unit_measure',
  'rate',
  'amount',
  'hours',
  'dsp_name',
  'evv_in_lat',
  'evv_in_long',
  'evv_out_lat',
  'evv_out_long',
] as const;

/** `GET /api/billing-exports/preview`: service dates `dateFrom`..`dateTo`; the list is paged and may keep one status. */
export const billingExportPreviewQuery = pageQuery
  .extend({ dateFrom: isoDate, dateTo: isoDate, status: validationStatus.optional() })
  .refine(rangeInOrder, rangeInOrderIssue)
  .refine(rangeNotTooLong, rangeTooLongIssue);
export type BillingExportPreviewQuery = z.infer<typeof billingExportPreviewQuery>;

/** One segment of the preview: its validation result and whether a non-VOID billing item has it already. */
export const billingExportPreviewItem = z.object({
  id: z.uuid(),
  shiftId: z.uuid(),
  date: z.string(),
  evvStart: z.iso.datetime({ offset: true }).nullable(),
  evvEnd: z.iso.datetime({ offset: true }).nullable(),
  billingCode: z.string().nullable(),
  modifier: z.string().nullable(),
  caregiverId: z.uuid(),
  caregiverName: z.string(),
  clientId: z.uuid(),
  clientName: z.string(),
  validationStatus,
  validationViolations: z.array(segmentViolation),
  /** In a non-VOID billing item already: a new batch skips it. */
  billed: z.boolean(),
});
export type BillingExportPreviewItem = z.infer<typeof billingExportPreviewItem>;

/** The preview: counts of the whole range and one page of its segments (READY first is not implied: by date). */
export const billingExportPreview = pageOf(billingExportPreviewItem).extend({
  dateFrom: z.string(),
  dateTo: z.string(),
  counts: z.object({
    /** READY live segments of live shifts in the range. */
    ready: z.number().int(),
    notReady: z.number().int(),
    /** READY segments already in a non-VOID item (skipped by a new batch). */
    alreadyBilled: z.number().int(),
    /** READY segments a new batch would bill now (`ready - alreadyBilled`). */
    exportable: z.number().int(),
  }),
});
export type BillingExportPreview = z.infer<typeof billingExportPreview>;

/** `POST /api/billing-exports`. */
export const billingExportCreate = z
  .object({ dateFrom: isoDate, dateTo: isoDate, notes: optionalText(1000) })
  .refine(rangeInOrder, rangeInOrderIssue)
  .refine(rangeNotTooLong, rangeTooLongIssue);
export type BillingExportCreateInput = z.input<typeof billingExportCreate>;
export type BillingExportCreate = z.output<typeof billingExportCreate>;

/** A batch (immutable once COMPLETED). `totalAmount` is integer cents. */
export const billingExportBatch = z.object({
  id: z.uuid(),
  exportDate: z.iso.datetime({ offset: true }),
  exportedBy: z.uuid().nullable(),
  exportedByName: z.string().nullable(),
  fileName: z.string().nullable(),
  rowCount: z.number().int(),
  status: z.string(),
  notes: z.string().nullable(),
  dateFrom: z.string().nullable(),
  dateTo: z.string().nullable(),
  fileSha256: z.string().nullable(),
  totalAmount: z.number().int().nullable(),
  ...timestamps,
});
export type BillingExportBatch = z.infer<typeof billingExportBatch>;

export const billingExportListQuery = pageQuery;
export type BillingExportListQuery = z.infer<typeof billingExportListQuery>;
export const billingExportBatchPage = pageOf(billingExportBatch);
export type BillingExportBatchPage = z.infer<typeof billingExportBatchPage>;

/**
 * `POST /api/billing-exports` → 201: the batch, and `skippedNoRule`, the READY segments left out because
 * no billing rule is in effect for them any more (re-validate them).
 */
export const billingExportCreated = z.object({ batch: billingExportBatch, skippedNoRule: z.number().int() });
export type BillingExportCreated = z.infer<typeof billingExportCreated>;

/** A field whose current segment value differs from the exported one. */
export const billingDriftField = z.object({
  field: z.string(),
  exported: z.unknown(),
  current: z.unknown(),
});
export type BillingDriftFieldItem = z.infer<typeof billingDriftField>;

/** One billing item. `rate` and `amount` are integer cents; `hours` and `units` have 2 decimals. */
export const billingItem = z.object({
  id: z.uuid(),
  shiftSegmentId: z.uuid(),
  shiftId: z.uuid().nullable(),
  clientId: z.uuid(),
  clientName: z.string(),
  caregiverId: z.uuid(),
  exportBatchId: z.uuid().nullable(),
  date: z.string(),
  start: z.iso.datetime({ offset: true }),
  end: z.iso.datetime({ offset: true }),
  hours: z.number(),
  units: z.number().nullable(),
  mileageMiles: z.number().nullable(),
  billingCode: z.string(),
  modifier: z.string().nullable(),
  rate: z.number().int().nullable(),
  amount: z.number().int().nullable(),
  evvInLat: z.number().nullable(),
  evvInLong: z.number().nullable(),
  evvOutLat: z.number().nullable(),
  evvOutLong: z.number().nullable(),
  dspName: z.string().nullable(),
  status: billingItemStatus,
  snapshotHash: z.string(),
  hasDrift: z.boolean(),
  driftDetectedAt: z.iso.datetime({ offset: true }).nullable(),
  driftFields: z.array(billingDriftField),
  ...timestamps,
});
export type BillingItem = z.infer<typeof billingItem>;
export const billingItemPage = pageOf(billingItem);
export type BillingItemPage = z.infer<typeof billingItemPage>;

/** `GET /api/billing-exports/:id`: the batch and one page of its items. */
export const billingExportDetailQuery = pageQuery;
export const billingExportDetail = z.object({ batch: billingExportBatch, items: billingItemPage });
export type BillingExportDetail = z.infer<typeof billingExportDetail>;

const booleanQuery = z
  .enum(['true', 'false'], { message: 'must be true or false' })
  .optional()
  .transform((value) => (value === undefined ? undefined : value === 'true'));

/**
 * `GET /api/billing-items`: filters; `status` defaults to every status except VOID when `hasDrift`
 * is true (the drift queue lists what still needs a decision).
 */
export const billingItemListQuery = pageQuery.extend({
  hasDrift: booleanQuery,
  status: billingItemStatus.optional(),
  exportBatchId: z.uuid({ message: 'must be a valid id' }).optional(),
  dateFrom: isoDate.optional(),
  dateTo: isoDate.optional(),
});
export type BillingItemListQuery = z.infer<typeof billingItemListQuery>;

/** `POST /api/billing-items/:id/void`: the reason is required (BillingStatusHistory.reason). */
export const billingItemVoid = z.object({ reason: requiredText(500) });
export type BillingItemVoidInput = z.input<typeof billingItemVoid>;
export const billingItemVoidResult = z.object({ item: billingItem });

/**
 * The billing export endpoints (admin only; docs/billing-export.md): the preview of a date range, creating
 * a batch (201; 409 when nothing is left to bill or another export billed a segment meanwhile), the
 * batches (paged) and one batch with a page of its items, the batch's stored CSV (an attachment, not JSON),
 * and the billing items (the drift queue: `?hasDrift=true`) with voiding one (409 when void already).
 * Batches are immutable: there is no update or delete.
 */
export const billingExportEndpoints = {
  previewBillingExport: defineEndpoint({
    method: 'GET',
    path: '/api/billing-exports/preview',
    query: billingExportPreviewQuery,
    response: { 200: billingExportPreview },
  }),
  createBillingExport: defineEndpoint({
    method: 'POST',
    path: '/api/billing-exports',
    body: billingExportCreate,
    response: { 201: billingExportCreated },
  }),
  findBillingExports: defineEndpoint({
    method: 'GET',
    path: '/api/billing-exports',
    query: billingExportListQuery,
    response: { 200: billingExportBatchPage },
  }),
  findBillingExport: defineEndpoint({
    method: 'GET',
    path: '/api/billing-exports/:id',
    params: idParams,
    query: billingExportDetailQuery,
    response: { 200: billingExportDetail },
  }),
  /** The batch file as stored (eXPRS-ready CSV); the web app links to it (`endpointUrl`). */
  downloadBillingExportFile: defineEndpoint({
    method: 'GET',
    path: '/api/billing-exports/:id/file',
    params: idParams,
    response: {},
    produces: ['text/csv'],
  }),
  findBillingItems: defineEndpoint({
    method: 'GET',
    path: '/api/billing-items',
    query: billingItemListQuery,
    response: { 200: billingItemPage },
  }),
  voidBillingItem: defineEndpoint({
    method: 'POST',
    path: '/api/billing-items/:id/void',
    params: idParams,
    body: billingItemVoid,
    response: { 200: billingItemVoidResult },
  }),
};
