/** Shifts (spec s.3 Shift) as the API returns them, the list query, and EVV import results. */
import { z } from 'zod';
import { evvStatus } from './evv.ts';
import { pageOf, pageQuery, sortOrder } from './common.ts';
import { processingJob } from './jobs.ts';

const instant = z.iso.datetime({ offset: true });

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
  createdAt: instant,
  updatedAt: instant,
});
export type Shift = z.infer<typeof shift>;

export const shiftDetail = shift.extend({ changeHistory: z.array(shiftChange) });
export type ShiftDetail = z.infer<typeof shiftDetail>;

const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, { message: 'must be a date YYYY-MM-DD' });

export const shiftSortFields = ['date', 'evvInTime', 'billingCode', 'evvStatus'] as const;
export const shiftListQuery = pageQuery.extend({
  from: isoDate.optional(),
  to: isoDate.optional(),
  caregiverId: z.uuid().optional(),
  clientId: z.uuid().optional(),
  billingCode: z.string().trim().max(20).optional(),
  evvStatus: evvStatus.optional(),
  csvFileId: z.uuid().optional(),
  sort: z.enum(shiftSortFields).default('date'),
  order: sortOrder.default('desc'),
});
export type ShiftListQuery = z.infer<typeof shiftListQuery>;
export const shiftPage = pageOf(shift);

/** One input record the import refused: where it is, which field, and why. */
export const rejectedRecord = z.object({
  /** 1-based position: the visit number in a JSON array, or the line number in a CSV file. */
  line: z.number().int(),
  field: z.string(),
  reason: z.string(),
  /** The external id of the record when it has one. */
  externalId: z.string().nullable(),
});
export type RejectedRecord = z.infer<typeof rejectedRecord>;

/** The summary a shift-import job stores as its result. */
export const shiftImportResult = z.object({
  format: z.enum(['sandata-openevv']),
  total: z.number().int(),
  created: z.number().int(),
  updated: z.number().int(),
  unchanged: z.number().int(),
  rejected: z.array(rejectedRecord),
  newCaregivers: z.number().int(),
  newClients: z.number().int(),
});
export type ShiftImportResult = z.infer<typeof shiftImportResult>;

export const shiftImportStarted = z.object({ csvFileId: z.uuid(), job: processingJob });
