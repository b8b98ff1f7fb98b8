/**
 * Staging (issue 23; spec s.1 "staging import", s.2 `/staging/*`, s.3 StagingShift, StagingShiftSegment,
 * StagingResolutionRule, GivIdMapping; s.4 StagingStatus, ConnectionStatus, EntityType, MappingMethod):
 * GIV exports land in staging first, their caregiver and client ids are mapped to Tend people (exact id,
 * a name match with a confidence, or an admin's approval), resolution rules rewrite known misspellings
 * and codes, and READY rows are compared with production and promoted ("uploaded") as shifts.
 * Rules: docs/staging.md; choices: docs/decisions/0062-staging-import.md.
 */
import { z } from 'zod';
import {
  idParams,
  isoDate,
  isoDateTime,
  optionalText,
  pageOf,
  pageQuery,
  requiredText,
  text,
} from './common.ts';
import { defineEndpoint } from './endpoint.ts';
import { connectionStatus, entityType, mappingMethod, stagingStatus } from './enums.ts';
import {
  importEndpointSet,
  importOptions,
  importPreviewOf,
  importResultBase,
  importStarted,
  importUploaded,
} from './imports.ts';
import { processingJob } from './jobs.ts';
import {
  columnMap,
  csvAnalysis,
  csvFileList,
  shiftImportDetail,
  shiftImportPreviewRow,
} from './shift-import.ts';
import { shiftListQuery, shiftPage } from './shifts.ts';

const instant = isoDateTime();

// ---- The `staging-shifts` import kind -------------------------------------------------------------

/** Options of a staging import: the GIV export's column map (the shift import's fields) and zone. */
export const stagingImportOptions = importOptions.extend({ columnMap });
export type StagingImportOptions = z.infer<typeof stagingImportOptions>;

/** What a staging import job stores: the pipeline's fates and how many rows each status got. */
export const stagingImportResult = importResultBase.extend({
  format: z.literal('csv'),
  ready: z.number().int(),
  notReady: z.number().int(),
  /** Times a resolution rule rewrote a value in this file. */
  rulesApplied: z.number().int(),
});
export type StagingImportResult = z.infer<typeof stagingImportResult>;

/** The staging import's five endpoints (`importEndpointSet`, admin only). */
export const stagingImportEndpoints = importEndpointSet('/api/staging-imports', {
  uploaded: importUploaded.extend({ analysis: csvAnalysis }),
  list: csvFileList,
  detail: shiftImportDetail,
  options: stagingImportOptions,
  preview: importPreviewOf(shiftImportPreviewRow),
  started: importStarted,
});

// ---- Staged rows ----------------------------------------------------------------------------------

/** A possible Tend person for a GIV id or name, best first, with the evidence in words. */
export const stagingCandidate = z.object({
  entityId: z.uuid(),
  name: z.string(),
  method: mappingMethod,
  /** 0..1. */
  confidence: z.number(),
  /** E.g. `name "Jon Smiht" ~ alt name "Jon Smith" (0.91)`. */
  evidence: z.string().optional(),
});
export type StagingCandidate = z.infer<typeof stagingCandidate>;

/** One staged shift (spec s.3 StagingShift with its one segment's times and code). */
export const stagingShift = z.object({
  id: z.uuid(),
  givShiftId: z.string(),
  status: stagingStatus,
  errorDetails: z.string().nullable(),
  date: z.string().nullable(),
  evvStart: instant.nullable(),
  evvEnd: instant.nullable(),
  billingCode: z.string().nullable(),
  originalBillingCode: z.string().nullable(),
  originalCaregiverId: z.string().nullable(),
  originalCaregiverName: z.string().nullable(),
  originalClientId: z.string().nullable(),
  originalClientName: z.string().nullable(),
  caregiverId: z.uuid().nullable(),
  caregiverName: z.string().nullable(),
  clientId: z.uuid().nullable(),
  clientName: z.string().nullable(),
  caregiverConnectionStatus: connectionStatus,
  clientConnectionStatus: connectionStatus,
  caregiverCandidates: z.array(stagingCandidate),
  clientCandidates: z.array(stagingCandidate),
  seenCount: z.number().int(),
  source: z.string(),
  shiftId: z.uuid().nullable(),
  uploadedAt: instant.nullable(),
  importedAt: instant,
});
export type StagingShift = z.infer<typeof stagingShift>;

export const stagingShiftQuery = pageQuery.extend({
  status: stagingStatus.optional(),
  /** Only rows whose caregiver or client is not linked yet. */
  unmapped: z.enum(['true', 'false']).optional(),
  q: text().trim().max(200).optional(),
});
export type StagingShiftQuery = z.infer<typeof stagingShiftQuery>;
export const stagingShiftPage = pageOf(stagingShift).extend({
  counts: z.record(stagingStatus, z.number().int()),
});
export type StagingShiftPage = z.infer<typeof stagingShiftPage>;

/** An admin's fix of a staged row (only the fields given change); the row is re-validated. */
export const stagingShiftFix = z.object({
  billingCode: optionalText(20).optional(),
  date: isoDate.optional(),
});
export type StagingShiftFix = z.infer<typeof stagingShiftFix>;

// ---- Mappings -------------------------------------------------------------------------------------

/**
 * An external person (GIV id, or a name without an id: `givKey` `name:<folded name>`) that staged rows
 * name and Tend has not linked: how many rows, the spellings seen and the ranked candidates.
 */
export const unmappedPerson = z.object({
  entityType,
  givKey: z.string(),
  givId: z.string().nullable(),
  names: z.array(z.string()),
  rows: z.number().int(),
  status: connectionStatus,
  candidates: z.array(stagingCandidate),
});
export type UnmappedPerson = z.infer<typeof unmappedPerson>;
export const unmappedList = z.object({ items: z.array(unmappedPerson) });

/** A GivIdMapping as listed (spec s.3). */
export const givIdMapping = z.object({
  id: z.uuid(),
  givId: z.string(),
  entityType,
  entityId: z.uuid(),
  entityName: z.string().nullable(),
  matchMethod: mappingMethod,
  matchConfidence: z.number().nullable(),
  approvedBy: z.uuid().nullable(),
  approvedAt: instant.nullable(),
});
export type GivIdMapping = z.infer<typeof givIdMapping>;
export const givIdMappingList = z.object({ items: z.array(givIdMapping) });

/**
 * Approve a link: the external person `givKey` is `entityId` (MANUAL_APPROVAL, who and when). With
 * `createRule`, also a name rule from the spelling `sourceName` to the person's name, so later files
 * spelled that way resolve by the rule.
 */
export const mappingApproval = z.object({
  entityType,
  givKey: requiredText(220),
  entityId: z.uuid(),
  createRule: z.boolean().optional(),
  sourceName: optionalText(200).optional(),
});
export type MappingApproval = z.infer<typeof mappingApproval>;
export const mappingApproved = z.object({ mapping: givIdMapping, revalidated: z.number().int() });

// ---- Resolution rules -----------------------------------------------------------------------------

export const stagingRuleTypes = [
  'CAREGIVER_NAME',
  'CLIENT_NAME',
  'CAREGIVER_ID',
  'CLIENT_ID',
  'BILLING_CODE',
] as const;
export const stagingRuleType = z.enum(stagingRuleTypes);
export type StagingRuleType = z.infer<typeof stagingRuleType>;

export const stagingRule = z.object({
  id: z.uuid(),
  ruleType: stagingRuleType,
  sourceValue: z.string(),
  targetValue: z.string(),
  isActive: z.boolean(),
  appliedCount: z.number().int(),
  notes: z.string().nullable(),
  createdAt: instant,
});
export type StagingRule = z.infer<typeof stagingRule>;
export const stagingRuleList = z.object({ items: z.array(stagingRule) });
export const stagingRuleInput = z.object({
  ruleType: stagingRuleType,
  sourceValue: requiredText(200),
  targetValue: requiredText(200),
  notes: optionalText(500).optional(),
});
export type StagingRuleInput = z.infer<typeof stagingRuleInput>;
export const stagingRulePatch = z.object({ isActive: z.boolean() });

export const revalidated = z.object({ revalidated: z.number().int(), ready: z.number().int() });

// ---- Comparison and promotion ---------------------------------------------------------------------

export const dateRange = z
  .object({ from: isoDate, to: isoDate })
  .refine((range) => range.from <= range.to, { path: ['to'], message: 'must not be before from' });
export type DateRange = z.infer<typeof dateRange>;

export const comparisonChange = z.object({
  field: z.string(),
  staging: z.string().nullable(),
  production: z.string().nullable(),
});
export const comparisonRow = z.object({
  givShiftId: z.string(),
  stagingShiftId: z.uuid().nullable(),
  shiftId: z.uuid().nullable(),
  status: stagingStatus.nullable(),
  date: z.string().nullable(),
  caregiver: z.string().nullable(),
  client: z.string().nullable(),
  changes: z.array(comparisonChange),
});
export type ComparisonRow = z.infer<typeof comparisonRow>;
/**
 * Staging vs production for a date range: `new` (staged, no shift with its id), `changed` (field by
 * field), `missing` (a production shift no staged row has), `same`; `ready` READY rows promotable.
 * Each list at most 500 rows; counts are exact.
 */
export const stagingComparison = z.object({
  counts: z.object({
    new: z.number().int(),
    changed: z.number().int(),
    missing: z.number().int(),
    same: z.number().int(),
    ready: z.number().int(),
  }),
  new: z.array(comparisonRow),
  changed: z.array(comparisonRow),
  missing: z.array(comparisonRow),
});
export type StagingComparison = z.infer<typeof stagingComparison>;

export const promotionStarted = z.object({ job: processingJob });
/** What a `staging-promotion` job stores. */
export const promotionResult = z.object({
  promoted: z.number().int(),
  created: z.number().int(),
  updated: z.number().int(),
  unchanged: z.number().int(),
  failed: z.number().int(),
});
export type PromotionResult = z.infer<typeof promotionResult>;

// ---- Health and sync ------------------------------------------------------------------------------

export const stagingCheck = z.object({
  counts: z.record(stagingStatus, z.number().int()),
  unmapped: z.object({ caregivers: z.number().int(), clients: z.number().int() }),
  mappings: z.record(mappingMethod, z.number().int()),
  rules: z.object({ active: z.number().int(), applied: z.number().int() }),
  lastImports: z.array(z.object({ id: z.uuid(), source: z.string(), at: instant, rows: z.number().int() })),
  dropFolder: z.string().nullable(),
});
export type StagingCheck = z.infer<typeof stagingCheck>;

/** Each file of the drop folder: queued (its job) or skipped with the column-map problems in words. */
export const directSyncResult = z.object({
  folder: z.string(),
  files: z.array(
    z.object({
      name: z.string(),
      csvFileId: z.uuid().nullable(),
      job: processingJob.nullable(),
      problems: z.array(z.string()),
    }),
  ),
});
export type DirectSyncResult = z.infer<typeof directSyncResult>;

/** What staging would do with one row of the file (decision 0036's fates, less `stale`: a GIV row has no version). */
export const testSyncFates = ['created', 'updated', 'unchanged', 'duplicate', 'rejected'] as const;
export const testSyncFate = z.enum(testSyncFates);
export type TestSyncFate = z.infer<typeof testSyncFate>;

/**
 * One row of a `/test-sync` dry run: its line, shift id, fate and, unless duplicate or rejected, the
 * status staging would give it (READY / NOT_READY) and the people and date after the rules; `staged`
 * is the status of the staging row already there (null: none); `reasons` are why it is NOT_READY,
 * rejected or a duplicate, in words.
 */
export const testSyncRow = z.object({
  line: z.number().int(),
  givShiftId: z.string().nullable(),
  fate: testSyncFate,
  status: z.enum(['READY', 'NOT_READY']).nullable(),
  staged: stagingStatus.nullable(),
  date: z.string().nullable(),
  caregiver: z.string().nullable(),
  client: z.string().nullable(),
  reasons: z.array(z.string()),
});
export type TestSyncRow = z.infer<typeof testSyncRow>;

/**
 * `/test-sync` (issue 23): what staging an uploaded GIV file would do, nothing staged. `counts`: the
 * fate of every row (`duplicates`: a repeated shift id, only the first copy is staged; `rejected`:
 * unreadable) and READY / NOT_READY among the rows staged; `rows`: every row's fate, first 500 lines;
 * `rejected`: rows that would not be staged (line, shift id when read, reasons in words); `unmapped`:
 * people the rows name that no mapping links, with how many rows name them (first 200 of each list).
 */
export const testSyncResult = z.object({
  csvFileId: z.uuid(),
  rows: z.number().int(),
  counts: z.object({
    created: z.number().int(),
    updated: z.number().int(),
    unchanged: z.number().int(),
    duplicates: z.number().int(),
    rejected: z.number().int(),
    ready: z.number().int(),
    notReady: z.number().int(),
  }),
  fates: z.array(testSyncRow),
  rejected: z.array(
    z.object({ line: z.number().int(), givShiftId: z.string().nullable(), reasons: z.array(z.string()) }),
  ),
  unmapped: z.array(
    z.object({
      entityType: z.enum(['CAREGIVER', 'CLIENT']),
      givId: z.string().nullable(),
      name: z.string().nullable(),
      status: connectionStatus,
      rows: z.number().int(),
    }),
  ),
});
export type TestSyncResult = z.infer<typeof testSyncResult>;

const stagingIdParams = idParams;

/**
 * The staging endpoints (admin only). `findProductionShifts`: the shifts promoted from staging (a
 * staging shift uploaded as this shift), with the filters, paging, sort and totals of `GET /api/shifts`.
 */
export const stagingEndpoints = {
  findProductionShifts: defineEndpoint({
    method: 'GET',
    path: '/api/production-shifts',
    query: shiftListQuery,
    response: { 200: shiftPage },
  }),
  listShifts: defineEndpoint({
    method: 'GET',
    path: '/api/staging/shifts',
    query: stagingShiftQuery,
    response: { 200: stagingShiftPage },
  }),
  fixShift: defineEndpoint({
    method: 'PATCH',
    path: '/api/staging/shifts/:id',
    params: stagingIdParams,
    body: stagingShiftFix,
    response: { 200: stagingShift },
  }),
  revalidate: defineEndpoint({
    method: 'POST',
    path: '/api/staging/revalidate',
    response: { 200: revalidated },
  }),
  listUnmapped: defineEndpoint({
    method: 'GET',
    path: '/api/staging/unmapped',
    response: { 200: unmappedList },
  }),
  listMappings: defineEndpoint({
    method: 'GET',
    path: '/api/staging/mappings',
    response: { 200: givIdMappingList },
  }),
  approveMapping: defineEndpoint({
    method: 'POST',
    path: '/api/staging/mappings',
    body: mappingApproval,
    response: { 200: mappingApproved },
  }),
  listRules: defineEndpoint({
    method: 'GET',
    path: '/api/staging/rules',
    response: { 200: stagingRuleList },
  }),
  createRule: defineEndpoint({
    method: 'POST',
    path: '/api/staging/rules',
    body: stagingRuleInput,
    response: { 201: stagingRule },
  }),
  updateRule: defineEndpoint({
    method: 'PATCH',
    path: '/api/staging/rules/:id',
    params: stagingIdParams,
    body: stagingRulePatch,
    response: { 200: stagingRule },
  }),
  compare: defineEndpoint({
    method: 'GET',
    path: '/api/staging/comparison',
    query: dateRange,
    response: { 200: stagingComparison },
  }),
  promote: defineEndpoint({
    method: 'POST',
    path: '/api/staging/promotions',
    body: dateRange,
    response: { 202: promotionStarted },
  }),
  check: defineEndpoint({ method: 'GET', path: '/api/staging/check', response: { 200: stagingCheck } }),
  testSync: defineEndpoint({
    method: 'POST',
    path: '/api/staging-imports/:id/test-sync',
    params: stagingIdParams,
    body: stagingImportOptions,
    response: { 200: testSyncResult },
  }),
  directSync: defineEndpoint({
    method: 'POST',
    path: '/api/staging/direct-sync',
    response: { 202: directSyncResult },
  }),
};
