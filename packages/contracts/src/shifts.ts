/** Shifts (spec s.3 Shift) as the API returns them, the list query, and EVV import results. */
import { z } from 'zod';
import { defineEndpoint } from './endpoint.ts';
import { evvStatus } from './evv.ts';
import {
  idParams,
  isoDate,
  isoDateTime,
  optionalText,
  pageOf,
  pageQuery,
  requiredText,
  sortOrder,
  text,
} from './common.ts';
import { validationStatus } from './enums.ts';

const instant = isoDateTime();

export const shiftChange = z.object({
  at: instant,
  /** User account id of the person who changed it, or null for an import or an external system. */
  by: z.string().nullable(),
  /** Who changed it when `by` is not a Tend user (e.g. the EVV system's `ChangeMadeBy`). */
  byName: z.string().nullable().optional(),
  action: z.string(),
  reason: z.string().nullable().optional(),
  changes: z.record(z.string(), z.object({ from: z.unknown(), to: z.unknown() })),
});
export type ShiftChange = z.infer<typeof shiftChange>;

export const shift = z.object({
  id: z.uuid(),
  givShiftId: z.string().nullable(),
  date: z.string(),
  providerMedicaidId: z.string().nullable(),
  billingCode: z.string().nullable(),
  mod1: z.string().nullable(),
  pid: z.string().nullable(),
  caregiverId: z.uuid(),
  caregiverName: z.string(),
  clientId: z.uuid(),
  clientName: z.string(),
  evvInTime: instant.nullable(),
  evvOutTime: instant.nullable(),
  evvInLat: z.number().nullable(),
  evvInLong: z.number().nullable(),
  evvOutLat: z.number().nullable(),
  evvOutLong: z.number().nullable(),
  evvStatus: evvStatus.nullable(),
  evvStatusReason: z.string().nullable(),
  timeZone: z.string().nullable(),
  csvFileId: z.uuid().nullable(),
  externalSequence: z.number().int().nullable(),
  /** Set when an admin deleted the shift (soft delete; restorable). */
  deletedAt: instant.nullable(),
  createdAt: instant,
  updatedAt: instant,
});
export type Shift = z.infer<typeof shift>;

/** Words for shift fields (spec s.3 Shift), for change histories, forms and errors. */
export const shiftFieldLabels = {
  date: 'Service date',
  evvInTime: 'Clock-in',
  evvOutTime: 'Clock-out',
  evvInLat: 'Clock-in latitude',
  evvInLong: 'Clock-in longitude',
  evvOutLat: 'Clock-out latitude',
  evvOutLong: 'Clock-out longitude',
  billingCode: 'Procedure code',
  mod1: 'Modifier',
  providerMedicaidId: 'Provider Medicaid id',
  pid: 'Client Medicaid id (pid)',
  caregiverId: 'Caregiver',
  clientId: 'Client',
  timeZone: 'Time zone',
} as const;

/** A billable slice of a shift (spec s.3 ShiftSegment) as the shift detail shows it. */
export const shiftSegment = z.object({
  id: z.uuid(),
  evvStart: instant.nullable(),
  evvEnd: instant.nullable(),
  billingCode: z.string().nullable(),
  modifier: z.string().nullable(),
  segmentGroupId: z.uuid().nullable(),
  /** How the segment came to be: `import`, `correction`, `split`, `manual`. */
  creationSource: z.string().nullable(),
  validationStatus: validationStatus,
  notes: z.string().nullable(),
  changeHistory: z.array(shiftChange),
});
export type ShiftSegment = z.infer<typeof shiftSegment>;

export const shiftDetail = shift.extend({
  changeHistory: z.array(shiftChange),
  segments: z.array(shiftSegment),
  /** The upload the shift was last imported from, with its original file name. */
  csvFile: z.object({ id: z.uuid(), originalName: z.string(), uploadDate: instant }).nullable(),
  deletedBy: z.uuid().nullable(),
  /** Incident screening of the shift's notes (spec s.3 Shift; filled by the screening issue's job). */
  incident: z.object({
    screened: z.boolean(),
    screenedAt: instant.nullable(),
    severity: z.string().nullable(),
    reason: z.string().nullable(),
    analyzedNotes: z.string().nullable(),
    handled: z.boolean(),
  }),
  /** When the suspicious-location screening last looked at this shift (null: not yet). */
  screenedForSuspiciousLocationAt: instant.nullable(),
  /** The source record exactly as imported (JSON visit or CSV row keyed by header). */
  rawData: z.record(z.string(), z.unknown()).nullable(),
});
export type ShiftDetail = z.infer<typeof shiftDetail>;

const coordinate = (max: number) =>
  z
    .number({ message: 'must be a number' })
    .min(-max, { message: `must be between -${max} and ${max}` })
    .max(max, { message: `must be between -${max} and ${max}` })
    .nullable();

/**
 * An admin correction of a shift: any of times, coordinates and billing code, with a required reason
 * (recorded in the change history and the audit log). Omitted fields stay as they are; null clears.
 */
export const shiftCorrection = z
  .object({
    evvInTime: instant.nullable().optional(),
    evvOutTime: instant.nullable().optional(),
    evvInLat: coordinate(90).optional(),
    evvInLong: coordinate(180).optional(),
    evvOutLat: coordinate(90).optional(),
    evvOutLong: coordinate(180).optional(),
    billingCode: optionalText(20).optional(),
    mod1: optionalText(10).optional(),
    reason: requiredText(500),
  })
  .refine((value) => Object.keys(value).some((key) => key !== 'reason'), {
    message: 'names no field to change',
    path: ['reason'],
  });
export type ShiftCorrection = z.infer<typeof shiftCorrection>;

/** Deleting a shift (soft delete) needs a reason too. */
export const shiftDeletion = z.object({ reason: requiredText(500) });
export type ShiftDeletion = z.infer<typeof shiftDeletion>;

export const shiftSortFields = ['date', 'evvInTime', 'billingCode', 'evvStatus'] as const;
export const shiftListQuery = pageQuery.extend({
  from: isoDate.optional(),
  to: isoDate.optional(),
  caregiverId: z.uuid().optional(),
  clientId: z.uuid().optional(),
  billingCode: text().trim().max(20).optional(),
  evvStatus: evvStatus.optional(),
  csvFileId: z.uuid().optional(),
  /** `active` (default) lists live shifts, `deleted` the soft-deleted ones (to restore). */
  state: z.enum(['active', 'deleted']).default('active'),
  sort: z.enum(shiftSortFields).default('date'),
  order: sortOrder.default('desc'),
});
export type ShiftListQuery = z.infer<typeof shiftListQuery>;
/** A page of shifts plus the totals for the whole filter (not just the page). */
export const shiftPage = pageOf(shift).extend({
  totals: z.object({
    shifts: z.number().int(),
    /** Sum of clock-in→clock-out durations of the filtered shifts that have both, in hours. */
    hours: z.number(),
  }),
});
export type ShiftPage = z.infer<typeof shiftPage>;

/** The export's query: the list filters; `page`, `pageSize`, `sort` and `order` are accepted and ignored. */
export const shiftExportQuery = shiftListQuery.omit({ page: true, pageSize: true, sort: true, order: true });

/**
 * Shifts (admin only): the list (one page for the filter, with totals), the CSV export of the whole filter
 * (UTF-8 with BOM, CRLF, streamed), one shift, and its corrections (PATCH, soft DELETE with a reason, restore).
 */
export const shiftsEndpoints = {
  findShifts: defineEndpoint({
    method: 'GET',
    path: '/api/shifts',
    query: shiftListQuery,
    response: { 200: shiftPage },
  }),
  exportShifts: defineEndpoint({
    method: 'GET',
    path: '/api/shifts/export',
    query: shiftExportQuery,
    response: {},
    produces: ['text/csv'],
  }),
  getShift: defineEndpoint({
    method: 'GET',
    path: '/api/shifts/:id',
    params: idParams,
    response: { 200: shiftDetail },
  }),
  updateShift: defineEndpoint({
    method: 'PATCH',
    path: '/api/shifts/:id',
    params: idParams,
    body: shiftCorrection,
    response: { 200: shiftDetail },
  }),
  deleteShift: defineEndpoint({
    method: 'DELETE',
    path: '/api/shifts/:id',
    params: idParams,
    body: shiftDeletion,
    response: { 200: shiftDetail },
  }),
  restoreShift: defineEndpoint({
    method: 'POST',
    path: '/api/shifts/:id/restore',
    params: idParams,
    body: shiftDeletion,
    response: { 200: shiftDetail },
  }),
};
