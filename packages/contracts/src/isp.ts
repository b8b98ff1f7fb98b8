/**
 * Individual support plans (issue 19; spec s.1 ISPs, s.2 `/admin/misctools/isp…`, `/protocols`,
 * `/test-protocol-creation`, s.3 ISP, Protocol, ReportReference, s.4 ISPStatus, ProtocolStatus, s.7 PDF fetch with
 * Range; DOMAIN.md "ISP"): uploading an ISP PDF, its processing job, the extracted risk protocols and their review,
 * verification, the annotated PDF versions, and the caregiver export. Every endpoint is admin only (others 403; an
 * id that does not exist 404). Rules for an admin: docs/isp.md; decision 0043.
 *
 * Statuses: an ISP runs UPLOADED → PROCESSING → ANALYZED → COMPLETED → VERIFIED, or ERROR with `problem` and
 * `errorMessage`; a protocol is DRAFT / REVIEWED / FINALIZED / NEEDS_INFO, and may be excluded (with a reason).
 * Conflicts answer 409 with one of `ispErrorCodes` (see each endpoint).
 */
import { z } from 'zod';
import {
  idParams,
  isoDate,
  optionalText,
  pageOf,
  pageQuery,
  requiredText,
  text,
  timestamps,
} from './common.ts';
import { defineEndpoint } from './endpoint.ts';
import { ispStatus, jobStatus, protocolStatus } from './enums.ts';
import { protocolSources, threshold, thresholdComparison, thresholdWindowUnit } from './isp-protocol.ts';

/** Largest ISP PDF (or annotated version) accepted, in bytes: 50 MiB (413 above). */
export const ISP_MAX_FILE_BYTES = 50 * 1024 * 1024;
/** The storage bucket of ISP PDFs (originals and annotated versions; `application/pdf` only). */
export const ISP_BUCKET = 'isp';
/** The `reportType` of the caregiver export of an ISP's finalized protocols (ReportReference). */
export const ISP_PROTOCOLS_REPORT_TYPE = 'isp-protocols';
/** Most protocols one reorder may name, thresholds per protocol, steps and medication references per protocol. */
export const ISP_MAX_PROTOCOLS = 200;
export const PROTOCOL_MAX_THRESHOLDS = 50;
export const PROTOCOL_MAX_LIST_ITEMS = 50;
/** Longest text section of a protocol (description, prevention, response, emergency), in characters. */
export const PROTOCOL_MAX_SECTION_CHARS = 20_000;
/** Longest pasted text `/test-protocol-creation` takes, in characters. */
export const ISP_EXTRACTION_TEST_MAX_CHARS = 200_000;

/**
 * Why an ISP ended in ERROR (its `problem`): the file's problems found by reading it (`password-protected`,
 * `damaged`, `not-a-pdf`, `empty`, `unreadable-scan`), or `processing-failed` when processing itself failed
 * (retry it). `errorMessage` says it in words a person understands (`ispProblemMessages`).
 */
export const ispProblems = [
  'password-protected',
  'damaged',
  'not-a-pdf',
  'empty',
  'unreadable-scan',
  'processing-failed',
] as const;
export const ispProblem = z.enum(ispProblems);
export type IspProblem = z.infer<typeof ispProblem>;

/** The default `errorMessage` of each problem (English; the web app shows its own catalogue's words by `problem`). */
export const ispProblemMessages: Record<IspProblem, string> = {
  'password-protected': 'The file is password-protected. Upload a copy without a password.',
  damaged: 'The file is damaged (for example an incomplete download). Upload the file again.',
  'not-a-pdf': 'The file is not a PDF. Upload the ISP as a PDF.',
  empty: 'The file has no pages or no text to read.',
  'unreadable-scan': 'The scanned pages could not be read. Upload a clearer scan or a PDF with text.',
  'processing-failed': 'Processing stopped with an error. Retry it; if it fails again, contact support.',
};

/**
 * The 409 codes of the ISP endpoints (`problem.code`):
 * - `PROTOCOL_LOCKED`: the protocol is FINALIZED and its author is a licensed professional (an order): edit it
 *   only by creating a new version (`POST /api/protocols/:id/versions`); also any edit of a superseded version,
 *   or of a protocol of a VERIFIED ISP;
 * - `PROTOCOL_NOT_READY`: FINALIZED refused: a threshold is not confirmed or the risk type is empty
 *   (`errors[].path` names each, e.g. `thresholds.1.confirmed`);
 * - `ISP_NOT_READY`: verify refused (`errors[]` names each protocol neither FINALIZED nor excluded, path
 *   `protocols.<id>`), an export with no FINALIZED protocol, a review action on an ISP still processing, or a
 *   retry of an ISP that is not in ERROR.
 */
export const ispErrorCodes = ['PROTOCOL_LOCKED', 'PROTOCOL_NOT_READY', 'ISP_NOT_READY'] as const;
export type IspErrorCode = (typeof ispErrorCodes)[number];

const nullableInstant = z.iso.datetime({ offset: true }).nullable();

/** The processing job of an ISP as its list shows it: progress 0..100 and the step it is at ("page 3 of 12"). */
export const ispJob = z.object({
  id: z.uuid(),
  status: jobStatus,
  progress: z.number().int().min(0).max(100),
  /** The latest step, e.g. `Reading page 3 of 12`, `Reading page 4 of 12 by OCR`, `Extracting protocols`. */
  step: z.string().nullable(),
  /** Lost its worker; waits to be resumed (decision 0038). */
  interrupted: z.boolean(),
  error: z.string().nullable(),
  startedAt: nullableInstant,
  completedAt: nullableInstant,
});
export type IspJob = z.infer<typeof ispJob>;

/** An ISP as lists show it (`/process`, `/admin/misctools/isp`). Sizes in bytes; dates `YYYY-MM-DD`. */
export const ispSummary = z.object({
  id: z.uuid(),
  clientId: z.uuid(),
  clientName: z.string(),
  status: ispStatus,
  fileName: z.string(),
  fileSize: z.number().int(),
  /** Hex SHA-256 of the original file. */
  sha256: z.string(),
  /** Null until the file was read. */
  pageCount: z.number().int().nullable(),
  /** Set when `status` is ERROR. */
  problem: ispProblem.nullable(),
  errorMessage: z.string().nullable(),
  planStart: z.string().nullable(),
  planEnd: z.string().nullable(),
  /** Things a reviewer should know ("page 4 had no text and was read by OCR"). */
  warnings: z.array(z.string()),
  /** The PDF version the viewer opens by default (1 = the original; annotated versions count up). */
  currentPdfVersion: z.number().int().min(1),
  uploadedBy: z.uuid().nullable(),
  uploadedByName: z.string().nullable(),
  processingCompletedAt: nullableInstant,
  verifiedAt: nullableInstant,
  verifiedBy: z.uuid().nullable(),
  verifiedByName: z.string().nullable(),
  /** Current (not superseded) protocols, and how many of them are FINALIZED or excluded. */
  protocolCount: z.number().int(),
  protocolsDone: z.number().int(),
  /** The latest processing job; null before one was queued. */
  job: ispJob.nullable(),
  ...timestamps,
});
export type IspSummary = z.infer<typeof ispSummary>;

/** One protocol (spec s.3 Protocol) with its structured parts and review state. */
export const protocol = z.object({
  id: z.uuid(),
  ispId: z.uuid(),
  clientId: z.uuid(),
  /** Risk name from the Risk Identification Tool, e.g. choking, falls, seizures. */
  riskType: z.string(),
  description: z.string().nullable(),
  prevention: z.string().nullable(),
  response: z.string().nullable(),
  emergency: z.string().nullable(),
  status: protocolStatus,
  mar: z.boolean(),
  pbsp: z.boolean(),
  serious: z.boolean(),
  sortOrder: z.number().int(),
  includeDescription: z.boolean(),
  includeDescriptionEmail: z.boolean(),
  includePrevention: z.boolean(),
  includePreventionEmail: z.boolean(),
  includeResponse: z.boolean(),
  includeResponseEmail: z.boolean(),
  includeEmergency: z.boolean(),
  includeEmergencyEmail: z.boolean(),
  thresholds: z.array(threshold),
  /** Escalation steps, in order. */
  escalationSteps: z.array(z.string()),
  /** As-needed medication references ("see MAR"). */
  medicationReferences: z.array(z.string()),
  author: z.string().nullable(),
  /** The author is a licensed professional: once FINALIZED the protocol is an order (`lockedBecauseLicensed`). */
  authorLicensed: z.boolean(),
  effectiveDate: z.string().nullable(),
  reviewDueDate: z.string().nullable(),
  /** Where each extracted field came from in the PDF (viewer highlights). */
  sources: protocolSources,
  /** 1 for a protocol first seen; counts up along `previousVersionId`. */
  version: z.number().int().min(1),
  /** The protocol this one replaces: an earlier version in the same ISP, or the same risk in the last VERIFIED ISP. */
  previousVersionId: z.uuid().nullable(),
  /** The newer version in the same ISP that replaced this one; a superseded protocol is read-only. */
  supersededById: z.uuid().nullable(),
  excluded: z.boolean(),
  exclusionReason: z.string().nullable(),
  statusChangedBy: z.uuid().nullable(),
  statusChangedByName: z.string().nullable(),
  statusChangedAt: nullableInstant,
  reviewedBy: z.uuid().nullable(),
  reviewedAt: nullableInstant,
  finalizedBy: z.uuid().nullable(),
  finalizedAt: nullableInstant,
  /** FINALIZED with a licensed author: edits answer 409 `PROTOCOL_LOCKED`; create a new version instead. */
  lockedBecauseLicensed: z.boolean(),
  ...timestamps,
});
export type Protocol = z.infer<typeof protocol>;

/** A protocol in the cross-client list (`/protocols`): with its client and ISP. */
export const protocolListItem = protocol.extend({
  clientName: z.string(),
  ispStatus,
  ispCreatedAt: z.iso.datetime({ offset: true }),
});
export type ProtocolListItem = z.infer<typeof protocolListItem>;
export const protocolPage = pageOf(protocolListItem);
export type ProtocolPage = z.infer<typeof protocolPage>;

/** One stored version of an ISP's PDF: 1 is the original upload (never overwritten), higher ones annotated copies. */
export const ispPdfVersion = z.object({
  id: z.uuid(),
  ispId: z.uuid(),
  version: z.number().int().min(1),
  fileName: z.string(),
  /** Bytes. */
  size: z.number().int(),
  note: z.string().nullable(),
  createdBy: z.uuid().nullable(),
  createdByName: z.string().nullable(),
  createdAt: z.iso.datetime({ offset: true }),
});
export type IspPdfVersion = z.infer<typeof ispPdfVersion>;
export const ispPdfVersionList = z.object({ items: z.array(ispPdfVersion) });

/** The protocol fields compared between versions (`ispChange.fields`). */
export const protocolComparedFields = [
  'description',
  'prevention',
  'response',
  'emergency',
  'mar',
  'pbsp',
  'serious',
  'thresholds',
  'escalationSteps',
  'medicationReferences',
  'author',
  'authorLicensed',
  'effectiveDate',
  'reviewDueDate',
] as const;
export const protocolComparedField = z.enum(protocolComparedFields);
export type ProtocolComparedField = z.infer<typeof protocolComparedField>;

/**
 * What changed for one risk since the client's last VERIFIED ISP (matched by risk type, case-insensitive):
 * `added` (new risk), `removed` (no longer in this ISP), `changed` (with the fields that differ), `unchanged`.
 */
export const ispChange = z.object({
  riskType: z.string(),
  kind: z.enum(['added', 'removed', 'changed', 'unchanged']),
  protocolId: z.uuid().nullable(),
  previousProtocolId: z.uuid().nullable(),
  fields: z.array(protocolComparedField),
});
export type IspChange = z.infer<typeof ispChange>;

/** Changes since the client's last VERIFIED ISP before this one; null when there is none. */
export const ispChanges = z
  .object({
    previousIspId: z.uuid(),
    previousVerifiedAt: z.iso.datetime({ offset: true }),
    items: z.array(ispChange),
  })
  .nullable();
export type IspChanges = z.infer<typeof ispChanges>;

/**
 * `GET /api/isps/:id`: the ISP, its text as sanitized HTML (null before processing), its current protocols in
 * `sortOrder` (superseded versions in `supersededProtocols`), its PDF versions and the changes since the last
 * VERIFIED ISP of the client.
 */
export const ispDetail = ispSummary.extend({
  processedHtml: z.string().nullable(),
  protocols: z.array(protocol),
  supersededProtocols: z.array(protocol),
  pdfVersions: z.array(ispPdfVersion),
  changes: ispChanges,
});
export type IspDetail = z.infer<typeof ispDetail>;

const booleanQuery = z
  .enum(['true', 'false'], { message: 'must be true or false' })
  .optional()
  .transform((value) => (value === undefined ? undefined : value === 'true'));

/** `GET /api/isps`: newest first; `status` and `clientId` filter (the `/process` queue uses `status`). */
export const ispListQuery = pageQuery.extend({
  status: ispStatus.optional(),
  clientId: z.uuid({ message: 'must be a valid id' }).optional(),
});
export type IspListQuery = z.infer<typeof ispListQuery>;
export const ispPage = pageOf(ispSummary).extend({
  /** ISPs per status for the `clientId` filter (every status present, 0 when none). */
  counts: z.record(z.string(), z.number().int()),
});
export type IspPage = z.infer<typeof ispPage>;

/** `GET /api/protocols`: current protocols across clients (by client name, ISP newest first, then `sortOrder`). */
export const protocolListQuery = pageQuery.extend({
  clientId: z.uuid({ message: 'must be a valid id' }).optional(),
  ispId: z.uuid({ message: 'must be a valid id' }).optional(),
  /** Risk type contains (case-insensitive). */
  riskType: text().trim().max(200, { message: 'must be at most 200 characters' }).optional(),
  status: protocolStatus.optional(),
  serious: booleanQuery,
  excluded: booleanQuery,
});
export type ProtocolListQuery = z.infer<typeof protocolListQuery>;

/** `GET /api/isps/:id/pdf?version=`: the stored PDF of that version (default: the ISP's current version). */
export const ispPdfQuery = z.object({
  version: z.coerce.number().int({ message: 'must be a whole number' }).min(1).max(10_000).optional(),
});

/** A threshold as a request sends it (the same shape as `threshold`, its strings through `text()`). */
export const thresholdInput = z.object({
  metric: text().trim().min(1, { message: 'is required' }).max(200),
  comparison: thresholdComparison,
  value: z.number().finite(),
  unit: text().trim().min(1, { message: 'is required' }).max(40),
  window: z
    .object({ amount: z.number().positive().finite(), unit: thresholdWindowUnit })
    .nullable()
    .default(null),
  byTime: text()
    .regex(/^([01]\d|2[0-3]):[0-5]\d$/, { message: 'must be a time HH:mm' })
    .nullable()
    .default(null),
  text: text().max(2000),
  confirmed: z.boolean().default(false),
});
export type ThresholdInput = z.input<typeof thresholdInput>;

const section = optionalText(PROTOCOL_MAX_SECTION_CHARS).optional();
const listOfText = z
  .array(text().trim().min(1, { message: 'must not be empty' }).max(2000))
  .max(PROTOCOL_MAX_LIST_ITEMS, { message: `must have at most ${PROTOCOL_MAX_LIST_ITEMS} items` });

/**
 * `PATCH /api/protocols/:id` (and the body of a new version): only the fields sent change; `null` clears a
 * section. 409 `PROTOCOL_LOCKED` when the content of a licensed author's FINALIZED protocol, of a superseded one,
 * or of one of a VERIFIED ISP would change (its include flags alone may change: they choose what is printed).
 * Changing the content of a FINALIZED protocol (not locked) moves it back to REVIEWED.
 */
export const protocolUpdate = z
  .object({
    riskType: requiredText(200).optional(),
    description: section,
    prevention: section,
    response: section,
    emergency: section,
    mar: z.boolean().optional(),
    pbsp: z.boolean().optional(),
    serious: z.boolean().optional(),
    includeDescription: z.boolean().optional(),
    includeDescriptionEmail: z.boolean().optional(),
    includePrevention: z.boolean().optional(),
    includePreventionEmail: z.boolean().optional(),
    includeResponse: z.boolean().optional(),
    includeResponseEmail: z.boolean().optional(),
    includeEmergency: z.boolean().optional(),
    includeEmergencyEmail: z.boolean().optional(),
    thresholds: z
      .array(thresholdInput)
      .max(PROTOCOL_MAX_THRESHOLDS, { message: `must have at most ${PROTOCOL_MAX_THRESHOLDS} items` })
      .optional(),
    escalationSteps: listOfText.optional(),
    medicationReferences: listOfText.optional(),
    author: optionalText(200).optional(),
    authorLicensed: z.boolean().optional(),
    effectiveDate: isoDate.nullable().optional(),
    reviewDueDate: isoDate.nullable().optional(),
  })
  .refine((body) => Object.values(body).some((value) => value !== undefined), {
    message: 'must change at least one field',
    path: ['riskType'],
  })
  .refine((body) => !body.effectiveDate || !body.reviewDueDate || body.reviewDueDate >= body.effectiveDate, {
    message: 'must be on or after effectiveDate',
    path: ['reviewDueDate'],
  });
export type ProtocolUpdateInput = z.input<typeof protocolUpdate>;
export type ProtocolUpdate = z.output<typeof protocolUpdate>;

/**
 * `POST /api/protocols/:id/status`: who and when are recorded. FINALIZED needs a risk type and every threshold
 * confirmed (409 `PROTOCOL_NOT_READY`); a locked protocol cannot change status (409 `PROTOCOL_LOCKED`).
 */
export const protocolStatusChange = z.object({ status: protocolStatus });
export type ProtocolStatusChange = z.infer<typeof protocolStatusChange>;

/** `POST /api/protocols/:id/exclusion`: exclude (the reason is required) or include again. */
export const protocolExclusion = z
  .object({ excluded: z.boolean(), reason: optionalText(500) })
  .refine((body) => !body.excluded || body.reason !== null, { message: 'is required', path: ['reason'] });
export type ProtocolExclusionInput = z.input<typeof protocolExclusion>;

/** `PUT /api/isps/:id/protocol-order`: every current protocol of the ISP, once each, in the new order. */
export const protocolOrder = z.object({
  protocolIds: z
    .array(z.uuid({ message: 'must be a valid id' }))
    .min(1, { message: 'must list the protocols' })
    .max(ISP_MAX_PROTOCOLS)
    .refine((ids) => new Set(ids).size === ids.length, { message: 'must not repeat a protocol' }),
});
export type ProtocolOrder = z.infer<typeof protocolOrder>;
export const protocolList = z.object({ items: z.array(protocol) });

/** `POST /api/isps/:id/pdf-versions` is multipart: a part `file` (the annotated PDF) and an optional `note`. */
export const ISP_PDF_VERSION_NOTE_MAX_CHARS = 500;

/** A stored export of an ISP (a ReportReference row, spec s.3), `reportType` `isp-protocols`. */
export const ispExport = z.object({
  id: z.uuid(),
  ispId: z.uuid().nullable(),
  clientId: z.uuid(),
  reportType: z.string(),
  year: z.number().int(),
  /** e.g. the plan period `2026-01-01..2026-12-31`; null when the plan has no dates. */
  period: z.string().nullable(),
  storageKey: z.string(),
  bucket: z.string(),
  /** Storage region (S3); null for local storage. */
  region: z.string().nullable(),
  fileName: z.string(),
  /** Bytes. */
  size: z.number().int().nullable(),
  protocolCount: z.number().int().nullable(),
  createdBy: z.uuid().nullable(),
  ...timestamps,
});
export type IspExport = z.infer<typeof ispExport>;
export const ispExportList = z.object({ items: z.array(ispExport) });

/** The languages the caregiver document and email are written in. */
export const ispExportLocale = z.enum(['en', 'es']);
export type IspExportLocale = z.infer<typeof ispExportLocale>;

/**
 * `POST /api/isps/:id/exports`: renders the caregiver PDF of the FINALIZED, not excluded protocols (serious risks
 * first, each with its included sections) and stores it. `year` defaults to the plan start's year (else this
 * year); `period` to the plan's dates. 409 `ISP_NOT_READY` when no protocol is FINALIZED.
 */
export const ispExportCreate = z.object({
  year: z.number().int().min(1900).max(9999).optional(),
  period: optionalText(40),
  /** The language the document is written in (docs/languages.md). */
  locale: ispExportLocale.default('en'),
});
export type IspExportCreateInput = z.input<typeof ispExportCreate>;

export const ispExportParams = z.object({
  id: z.uuid({ message: 'must be a valid id' }),
  exportId: z.uuid({ message: 'must be a valid id' }),
});

/** `GET /api/isps/:id/export-email`: the same content as the PDF honouring the email include flags. */
export const ispExportEmail = z.object({
  subject: z.string(),
  /** A full HTML document with inline styles, ready to send. */
  html: z.string(),
  /** The same content as plain text (the email's text part). */
  text: z.string(),
  protocolCount: z.number().int(),
});
/** `GET /api/isps/:id/export-email?locale=`. */
export const ispExportEmailQuery = z.object({ locale: ispExportLocale.default('en') });
export type IspExportEmail = z.infer<typeof ispExportEmail>;

/** A protocol as extraction found it (before review): the stored DRAFT's fields. */
export const extractedProtocol = z.object({
  riskType: z.string(),
  description: z.string().nullable(),
  prevention: z.string().nullable(),
  response: z.string().nullable(),
  emergency: z.string().nullable(),
  mar: z.boolean(),
  pbsp: z.boolean(),
  serious: z.boolean(),
  sortOrder: z.number().int(),
  thresholds: z.array(threshold),
  escalationSteps: z.array(z.string()),
  medicationReferences: z.array(z.string()),
  author: z.string().nullable(),
  authorLicensed: z.boolean(),
  effectiveDate: z.string().nullable(),
  reviewDueDate: z.string().nullable(),
  sources: protocolSources,
});
export type ExtractedProtocolResult = z.infer<typeof extractedProtocol>;

/** `POST /api/isp-extraction-test` (pasted text). Nothing is saved. */
export const ispExtractionTestText = z.object({
  text: text()
    .trim()
    .min(1, { message: 'is required' })
    .max(ISP_EXTRACTION_TEST_MAX_CHARS, {
      message: `must be at most ${ISP_EXTRACTION_TEST_MAX_CHARS} characters`,
    }),
  /** Also refine with the configured OpenAI-compatible endpoint (ISP_AI_BASE_URL; 400 when none is configured). */
  refine: z.boolean().optional(),
});
export type IspExtractionTestText = z.infer<typeof ispExtractionTestText>;

/**
 * What extraction made of pasted text or a file, nothing saved. A file that cannot be read answers 200 with
 * `problem` and `errorMessage` set and no protocols (the same words as an ISP in ERROR).
 */
export const ispExtractionTestResult = z.object({
  source: z.enum(['text', 'file']),
  fileName: z.string().nullable(),
  pageCount: z.number().int(),
  /** Pages without a text layer read by OCR. */
  ocrPageCount: z.number().int(),
  processedHtml: z.string(),
  planStart: z.string().nullable(),
  planEnd: z.string().nullable(),
  warnings: z.array(z.string()),
  protocols: z.array(extractedProtocol),
  problem: ispProblem.nullable(),
  errorMessage: z.string().nullable(),
  /** Wall time of the extraction, milliseconds. */
  durationMs: z.number().int(),
  /**
   * How the optional AI refinement ended (docs/isp-extraction.md "Optional AI refinement"), with counts; absent when
   * it was not asked for.
   */
  aiRefinement: z
    .object({
      status: z.enum(['applied', 'unchanged', 'skipped', 'invalid', 'invented', 'failed', 'timeout']),
      changedFields: z.number().int(),
      addedProtocols: z.number().int(),
    })
    .optional(),
});
export type IspExtractionTestResult = z.infer<typeof ispExtractionTestResult>;

/**
 * The ISP endpoints (admin only; docs/isp.md):
 * - `uploadIsp` multipart: a part `clientId` and a part `file` (a PDF up to 50 MiB; 413 above; 400 naming
 *   `clientId` or `file`; 404 for an unknown client) → 202 the ISP, UPLOADED, its processing job queued. A file
 *   that is not a readable PDF is still stored and ends in ERROR with its reason.
 * - `findIsps` / `findIsp`; `retryIsp` → 202 (409 `ISP_NOT_READY` unless ERROR); processing is idempotent (a
 *   retry replaces the DRAFTs of the earlier run).
 * - `downloadIspPdf`: the PDF bytes with `accept-ranges: bytes`; `Range: bytes=a-b` answers 206 with
 *   `content-range`, an unsatisfiable range 416; `?version=` picks a stored version (404 unknown).
 * - `findIspPdfVersions`, `saveIspPdfVersion` multipart (`file` PDF, optional `note`) → 201 the new version,
 *   which becomes the ISP's current one; the original is never overwritten.
 * - `findProtocols`, `updateProtocol`, `createProtocolVersion` (201: a new DRAFT version replacing this one in
 *   its ISP; the way to change a locked protocol), `changeProtocolStatus`, `setProtocolExclusion`,
 *   `reorderProtocols` (400 `protocolIds` unless it lists every current protocol once).
 * - `verifyIsp` → 200 VERIFIED (`verifiedAt`, `verifiedBy`) when every current protocol is FINALIZED or
 *   excluded, else 409 `ISP_NOT_READY` naming the others; an ISP not COMPLETED is 409 too.
 * - `createIspExport` → 201, `findIspExports`, `downloadIspExport` (the stored PDF), `getIspExportEmail`.
 * - `testIspExtraction` (pasted text) and `testIspExtractionFile` (multipart `file`): nothing saved.
 */
export const ispEndpoints = {
  uploadIsp: defineEndpoint({
    method: 'POST',
    path: '/api/isps',
    multipart: true,
    response: { 202: ispSummary },
  }),
  findIsps: defineEndpoint({
    method: 'GET',
    path: '/api/isps',
    query: ispListQuery,
    response: { 200: ispPage },
  }),
  findIsp: defineEndpoint({
    method: 'GET',
    path: '/api/isps/:id',
    params: idParams,
    response: { 200: ispDetail },
  }),
  retryIsp: defineEndpoint({
    method: 'POST',
    path: '/api/isps/:id/retry',
    params: idParams,
    response: { 202: ispSummary },
  }),
  downloadIspPdf: defineEndpoint({
    method: 'GET',
    path: '/api/isps/:id/pdf',
    params: idParams,
    query: ispPdfQuery,
    response: {},
    produces: ['application/pdf'],
  }),
  findIspPdfVersions: defineEndpoint({
    method: 'GET',
    path: '/api/isps/:id/pdf-versions',
    params: idParams,
    response: { 200: ispPdfVersionList },
  }),
  saveIspPdfVersion: defineEndpoint({
    method: 'POST',
    path: '/api/isps/:id/pdf-versions',
    params: idParams,
    multipart: true,
    response: { 201: ispPdfVersion },
  }),
  reorderProtocols: defineEndpoint({
    method: 'PUT',
    path: '/api/isps/:id/protocol-order',
    params: idParams,
    body: protocolOrder,
    response: { 200: protocolList },
  }),
  verifyIsp: defineEndpoint({
    method: 'POST',
    path: '/api/isps/:id/verify',
    params: idParams,
    response: { 200: ispSummary },
  }),
  createIspExport: defineEndpoint({
    method: 'POST',
    path: '/api/isps/:id/exports',
    params: idParams,
    body: ispExportCreate,
    response: { 201: ispExport },
  }),
  findIspExports: defineEndpoint({
    method: 'GET',
    path: '/api/isps/:id/exports',
    params: idParams,
    response: { 200: ispExportList },
  }),
  downloadIspExport: defineEndpoint({
    method: 'GET',
    path: '/api/isps/:id/exports/:exportId/file',
    params: ispExportParams,
    response: {},
    produces: ['application/pdf'],
  }),
  getIspExportEmail: defineEndpoint({
    method: 'GET',
    path: '/api/isps/:id/export-email',
    params: idParams,
    query: ispExportEmailQuery,
    response: { 200: ispExportEmail },
  }),
  findProtocols: defineEndpoint({
    method: 'GET',
    path: '/api/protocols',
    query: protocolListQuery,
    response: { 200: protocolPage },
  }),
  updateProtocol: defineEndpoint({
    method: 'PATCH',
    path: '/api/protocols/:id',
    params: idParams,
    body: protocolUpdate,
    response: { 200: protocol },
  }),
  createProtocolVersion: defineEndpoint({
    method: 'POST',
    path: '/api/protocols/:id/versions',
    params: idParams,
    body: protocolUpdate,
    response: { 201: protocol },
  }),
  changeProtocolStatus: defineEndpoint({
    method: 'POST',
    path: '/api/protocols/:id/status',
    params: idParams,
    body: protocolStatusChange,
    response: { 200: protocol },
  }),
  setProtocolExclusion: defineEndpoint({
    method: 'POST',
    path: '/api/protocols/:id/exclusion',
    params: idParams,
    body: protocolExclusion,
    response: { 200: protocol },
  }),
  testIspExtraction: defineEndpoint({
    method: 'POST',
    path: '/api/isp-extraction-test',
    body: ispExtractionTestText,
    response: { 200: ispExtractionTestResult },
  }),
  testIspExtractionFile: defineEndpoint({
    method: 'POST',
    path: '/api/isp-extraction-test/file',
    multipart: true,
    response: { 200: ispExtractionTestResult },
  }),
};
