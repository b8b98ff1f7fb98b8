/**
 * People: clients, caregivers and case managers (spec s.3). Each has an input schema (create and
 * update share it), a record schema (what the API returns) and a list query.
 */
import { z } from 'zod';
import { caregiverType } from './enums.ts';
import { defineEndpoint } from './endpoint.ts';
import {
  idParams,
  optionalEmail,
  optionalText,
  pageOf,
  pageQuery,
  requiredText,
  sortOrder,
  text,
  textList,
  timestamps,
  type Page,
} from './common.ts';

/** Set on a person an import created for someone it did not know; cleared when an admin reviews them. */
const needsReview = z
  .boolean()
  .optional()
  .describe('true while a person created by an import awaits review; send false once reviewed');
const needsReviewFilter = z
  .enum(['true'])
  .optional()
  .describe('true: only people created by an import and not yet reviewed');

/**
 * A filtered people list (search text, case manager, caregiver type) counts its matches up to this
 * many, or up to the end of the page after the one asked for when that is further; past that its
 * `total` is a lower bound (docs/decisions/0020-list-totals.md).
 */
export const listTotalCap = 1000;

/**
 * A page of a people list: `pageOf` plus `totalExact`. Unfiltered views (only `archived`,
 * `needsReview`) always have an exact total; a filtered view's total is exact while it is at most
 * `listTotalCap` (or the end of the next page), and otherwise `total` is a lower bound: more than
 * `total` records match, and the next page exists (docs/decisions/0020-list-totals.md).
 */
export function peoplePageOf<T extends z.ZodTypeAny>(item: T) {
  return pageOf(item).extend({
    totalExact: z
      .boolean()
      .describe('false: more than `total` records match (the count stopped there); true: `total` is exact'),
  });
}
/** A page of a people list, see `peoplePageOf`. */
export interface PeoplePage<T> extends Page<T> {
  totalExact: boolean;
}

const archivedFilter = z
  .enum(['true', 'false', 'all'])
  .default('false')
  .describe('archived people only (true), active only (false, default) or both (all)');

// ---- Clients -----------------------------------------------------------------------------------
export const clientInput = z.object({
  name: requiredText(),
  email: optionalEmail,
  emails: z
    .array(z.email({ message: 'must be a valid email address' }))
    .max(20)
    .default([]),
  altNames: textList(),
  pid: optionalText(32).describe('Medicaid prime id'),
  budgetClientId: optionalText(64),
  clientPrime: optionalText(64),
  ispMonth: z
    .number()
    .int()
    .min(1, { message: 'must be a month 1-12' })
    .max(12, { message: 'must be a month 1-12' })
    .nullish()
    .transform((v) => v ?? null),
  serviceElement: optionalText(32),
  caseManagerId: z
    .uuid({ message: 'must be a valid id' })
    .nullish()
    .transform((v) => v ?? null),
  needsReview,
});
export type ClientInput = z.input<typeof clientInput>;

export const client = z.object({
  id: z.uuid(),
  name: z.string(),
  email: z.string().nullable(),
  emails: z.array(z.string()),
  altNames: z.array(z.string()),
  archived: z.boolean(),
  pid: z.string().nullable(),
  budgetClientId: z.string().nullable(),
  clientPrime: z.string().nullable(),
  ispMonth: z.number().int().nullable(),
  serviceElement: z.string().nullable(),
  caseManagerId: z.uuid().nullable(),
  caseManagerName: z.string().nullable(),
  needsReview: z.boolean(),
  ...timestamps,
});
export type Client = z.infer<typeof client>;

export const clientSortFields = ['name', 'pid', 'serviceElement', 'ispMonth', 'createdAt'] as const;
export const clientListQuery = pageQuery.extend({
  q: text().trim().max(200).optional().describe('matches name, alt names, email or pid'),
  archived: archivedFilter,
  needsReview: needsReviewFilter,
  caseManagerId: z.uuid().optional(),
  sort: z.enum(clientSortFields).default('name'),
  order: sortOrder.default('asc'),
});
export type ClientListQuery = z.infer<typeof clientListQuery>;
export const clientPage = peoplePageOf(client);

// ---- Caregivers --------------------------------------------------------------------------------
export const caregiverInput = z.object({
  name: requiredText(),
  email: optionalEmail,
  emails: z
    .array(z.email({ message: 'must be a valid email address' }))
    .max(20)
    .default([]),
  altNames: textList(),
  type: caregiverType,
  needsReview,
});
export type CaregiverInput = z.input<typeof caregiverInput>;

export const caregiver = z.object({
  id: z.uuid(),
  name: z.string(),
  email: z.string().nullable(),
  emails: z.array(z.string()),
  altNames: z.array(z.string()),
  archived: z.boolean(),
  type: caregiverType,
  /** The caregiver's id in the EVV/scheduling system (e.g. Sandata `EmployeeSSN:…`), used to link imports. */
  externalId: z.string().nullable(),
  needsReview: z.boolean(),
  ...timestamps,
});
export type Caregiver = z.infer<typeof caregiver>;

export const caregiverSortFields = ['name', 'type', 'email', 'createdAt'] as const;
export const caregiverListQuery = pageQuery.extend({
  q: text().trim().max(200).optional().describe('matches name, alt names or email'),
  archived: archivedFilter,
  needsReview: needsReviewFilter,
  type: caregiverType.optional(),
  sort: z.enum(caregiverSortFields).default('name'),
  order: sortOrder.default('asc'),
});
export type CaregiverListQuery = z.infer<typeof caregiverListQuery>;
export const caregiverPage = peoplePageOf(caregiver);

// ---- Case managers -----------------------------------------------------------------------------
export const caseManagerInput = z.object({
  name: requiredText(),
  county: optionalText(100),
  email: optionalEmail,
});
export type CaseManagerInput = z.input<typeof caseManagerInput>;

export const caseManager = z.object({
  id: z.uuid(),
  name: z.string(),
  county: z.string().nullable(),
  email: z.string().nullable(),
  archived: z.boolean(),
  clientCount: z.number().int(),
  ...timestamps,
});
export type CaseManager = z.infer<typeof caseManager>;

export const caseManagerSortFields = ['name', 'county', 'email', 'createdAt'] as const;
export const caseManagerListQuery = pageQuery.extend({
  q: text().trim().max(200).optional().describe('matches name, county or email'),
  archived: archivedFilter,
  county: text().trim().max(100).optional(),
  sort: z.enum(caseManagerSortFields).default('name'),
  order: sortOrder.default('asc'),
});
export type CaseManagerListQuery = z.infer<typeof caseManagerListQuery>;
export const caseManagerPage = peoplePageOf(caseManager);

/** Body of the archive/unarchive endpoints. */
export const archiveInput = z.object({ archived: z.boolean() });
export type ArchiveInput = z.infer<typeof archiveInput>;

/**
 * The people endpoints (admin only): per resource a paged list (`find…`), read, create (201), update
 * (PUT, the whole input) and archive (`POST …/:id/archive` with `{ archived }`).
 */
export const peopleEndpoints = {
  findClients: defineEndpoint({
    method: 'GET',
    path: '/api/clients',
    query: clientListQuery,
    response: { 200: clientPage },
  }),
  getClient: defineEndpoint({
    method: 'GET',
    path: '/api/clients/:id',
    params: idParams,
    response: { 200: client },
  }),
  createClient: defineEndpoint({
    method: 'POST',
    path: '/api/clients',
    body: clientInput,
    response: { 201: client },
  }),
  updateClient: defineEndpoint({
    method: 'PUT',
    path: '/api/clients/:id',
    params: idParams,
    body: clientInput,
    response: { 200: client },
  }),
  setClientArchived: defineEndpoint({
    method: 'POST',
    path: '/api/clients/:id/archive',
    params: idParams,
    body: archiveInput,
    response: { 200: client },
  }),
  findCaregivers: defineEndpoint({
    method: 'GET',
    path: '/api/caregivers',
    query: caregiverListQuery,
    response: { 200: caregiverPage },
  }),
  getCaregiver: defineEndpoint({
    method: 'GET',
    path: '/api/caregivers/:id',
    params: idParams,
    response: { 200: caregiver },
  }),
  createCaregiver: defineEndpoint({
    method: 'POST',
    path: '/api/caregivers',
    body: caregiverInput,
    response: { 201: caregiver },
  }),
  updateCaregiver: defineEndpoint({
    method: 'PUT',
    path: '/api/caregivers/:id',
    params: idParams,
    body: caregiverInput,
    response: { 200: caregiver },
  }),
  setCaregiverArchived: defineEndpoint({
    method: 'POST',
    path: '/api/caregivers/:id/archive',
    params: idParams,
    body: archiveInput,
    response: { 200: caregiver },
  }),
  findCaseManagers: defineEndpoint({
    method: 'GET',
    path: '/api/case-managers',
    query: caseManagerListQuery,
    response: { 200: caseManagerPage },
  }),
  getCaseManager: defineEndpoint({
    method: 'GET',
    path: '/api/case-managers/:id',
    params: idParams,
    response: { 200: caseManager },
  }),
  createCaseManager: defineEndpoint({
    method: 'POST',
    path: '/api/case-managers',
    body: caseManagerInput,
    response: { 201: caseManager },
  }),
  updateCaseManager: defineEndpoint({
    method: 'PUT',
    path: '/api/case-managers/:id',
    params: idParams,
    body: caseManagerInput,
    response: { 200: caseManager },
  }),
  setCaseManagerArchived: defineEndpoint({
    method: 'POST',
    path: '/api/case-managers/:id/archive',
    params: idParams,
    body: archiveInput,
    response: { 200: caseManager },
  }),
};
