/**
 * Shift tables (spec s.3 Shift, NewShift, ShiftSegment): EVV visits and their billable segments. The
 * uploaded files (`csv_file`) and the jobs that process them (`processing_job`) are the platform's
 * (`platform/imports/imports.table.ts`, `platform/jobs/jobs.table.ts`). Coordinates are WGS84
 * degrees; instants are timestamptz; `date` is the service date without time.
 */
import { sql } from 'drizzle-orm';
import {
  boolean,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { ShiftChange } from '@tend/contracts';
import { idColumn, softDelete, timestamps, tstz } from '../../platform/db/columns.ts';
import { validationStatusEnum } from '../../platform/db/enums.ts';
import { userAccounts } from '../../platform/auth/auth.table.ts';
import { csvFiles } from '../../platform/imports/imports.table.ts';
import { caregivers, clients } from '../people/people.table.ts';

/** One entry of a `changeHistory` column (contracts `shiftChange`): who changed which fields, from what to what. */
export type ChangeHistoryEntry = ShiftChange;

/** One open validation violation of a segment (DOMAIN.md "Violation codes"). */
export interface SegmentViolation {
  /** Code from the documented violation catalogue, e.g. `MISSING_CLOCK_OUT`. */
  code: string;
  message: string;
  /** Ids and numbers that explain the violation (other segment id, units over budget, ...). */
  meta?: Record<string, unknown>;
}

/** One visit by one caregiver for one client, as recorded by EVV (spec s.3 Shift). */
export const shifts = pgTable(
  'shift',
  {
    id: idColumn(),
    /** Medicaid provider id of the agency/provider that delivered the service. */
    providerMedicaidId: text('provider_medicaid_id'),
    /** Procedure code, e.g. OR526 (DOMAIN.md). */
    billingCode: text('billing_code'),
    /** First procedure-code modifier, e.g. ZE for 2:1 staffing. */
    mod1: text('mod1'),
    /** Client's Medicaid prime id as given by the EVV export. */
    pid: text('pid'),
    /** Service date (agency local date, no time). */
    date: date('date', { mode: 'string' }).notNull(),
    evvInTime: tstz('evv_in_time'),
    evvOutTime: tstz('evv_out_time'),
    evvInLat: doublePrecision('evv_in_lat'),
    evvInLong: doublePrecision('evv_in_long'),
    evvOutLat: doublePrecision('evv_out_lat'),
    evvOutLong: doublePrecision('evv_out_long'),
    caregiverId: uuid('caregiver_id')
      .notNull()
      .references(() => caregivers.id, { onDelete: 'restrict' }),
    clientId: uuid('client_id')
      .notNull()
      .references(() => clients.id, { onDelete: 'restrict' }),
    /** Shift id in GIV (the external scheduling/EVV system); unique, the key for idempotent re-imports. */
    givShiftId: text('giv_shift_id'),
    incidentAnalyzedNotes: text('incident_analyzed_notes'),
    incidentHandled: boolean('incident_handled').notNull().default(false),
    incidentReason: text('incident_reason'),
    incidentScreened: boolean('incident_screened').notNull().default(false),
    incidentScreenedAt: tstz('incident_screened_at'),
    /** Severity found by incident screening (free text: the spec defines no enumeration). */
    incidentSeverity: text('incident_severity'),
    /** Incident categories the screening found (e.g. `fall`, `seizure`; contracts incident catalogue). */
    incidentCategories: jsonb('incident_categories').$type<string[]>(),
    /** When the report to the case management entity is due (OAR 411-323-0063, DOMAIN.md). */
    incidentReportDueAt: tstz('incident_report_due_at'),
    /** Who marked the incident handled, when, and their note. */
    incidentHandledBy: uuid('incident_handled_by').references(() => userAccounts.id, {
      onDelete: 'set null',
    }),
    incidentHandledAt: tstz('incident_handled_at'),
    incidentHandledNote: text('incident_handled_note'),
    screenedForSuspiciousLocationAt: tstz('screened_for_suspicious_location_at'),
    /** EVV status from the export (e.g. verified, manual edit, missing punch). */
    evvStatus: text('evv_status'),
    /** Reason code/text accompanying `evvStatus` (e.g. the manual-edit reason). */
    evvStatusReason: text('evv_status_reason'),
    /** IANA time zone the visit took place in, e.g. America/Los_Angeles. */
    timeZone: text('time_zone'),
    /** The EVV file this shift was last imported from. */
    csvFileId: uuid('csv_file_id').references(() => csvFiles.id, { onDelete: 'set null' }),
    /** Row or sequence number of the shift in its source export. */
    externalSequence: integer('external_sequence'),
    changeHistory: jsonb('change_history')
      .$type<ChangeHistoryEntry[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    /** The source row as imported, kept unchanged (imports never lose data). */
    rawData: jsonb('raw_data').$type<Record<string, unknown>>(),
    /** SHA-256 of the imported values: a re-import with the same hash changes nothing (corrections stay). */
    importHash: text('import_hash'),
    ...softDelete,
    ...timestamps,
  },
  (t) => [
    uniqueIndex('shift_giv_shift_id_idx').on(t.givShiftId),
    index('shift_date_idx').on(t.date),
    index('shift_caregiver_date_idx').on(t.caregiverId, t.date),
    index('shift_client_date_idx').on(t.clientId, t.date),
    index('shift_csv_file_idx').on(t.csvFileId),
    index('shift_pid_idx').on(t.pid),
    index('shift_incident_idx').on(t.incidentScreened, t.incidentHandled),
    /** The incident queue: found incidents, by reporting deadline. */
    index('shift_incident_queue_idx')
      .on(t.incidentHandled, t.incidentReportDueAt)
      .where(sql`${t.incidentSeverity} is not null and ${t.deletedAt} is null`),
    index('shift_incident_handled_by_idx').on(t.incidentHandledBy),
  ],
);

/** A shift from the newer GIV pipeline with its screening result (spec s.3 NewShift). */
export const newShifts = pgTable(
  'new_shift',
  {
    id: idColumn(),
    givShiftId: text('giv_shift_id').notNull(),
    clientId: uuid('client_id').references(() => clients.id, { onDelete: 'restrict' }),
    caregiverId: uuid('caregiver_id').references(() => caregivers.id, { onDelete: 'restrict' }),
    /** Result of screening the shift (incident, location, note checks), as produced by the screening job. */
    screeningData: jsonb('screening_data').$type<Record<string, unknown>>(),
    /** Audit fields: user account that created / last changed the row (null = system). */
    createdBy: uuid('created_by').references(() => userAccounts.id, { onDelete: 'set null' }),
    updatedBy: uuid('updated_by').references(() => userAccounts.id, { onDelete: 'set null' }),
    ...softDelete,
    ...timestamps,
  },
  (t) => [
    uniqueIndex('new_shift_giv_shift_id_idx').on(t.givShiftId),
    index('new_shift_client_idx').on(t.clientId),
    index('new_shift_caregiver_idx').on(t.caregiverId),
  ],
);

/** A billable slice of a shift: one billing code + modifier (spec s.3 ShiftSegment). */
export const shiftSegments = pgTable(
  'shift_segment',
  {
    id: idColumn(),
    shiftId: uuid('shift_id')
      .notNull()
      .references(() => shifts.id, { onDelete: 'cascade' }),
    evvStart: tstz('evv_start'),
    evvEnd: tstz('evv_end'),
    /** EVV coordinates at the segment's start (in) and end (out). */
    evvInLat: doublePrecision('evv_in_lat'),
    evvInLong: doublePrecision('evv_in_long'),
    evvOutLat: doublePrecision('evv_out_lat'),
    evvOutLong: doublePrecision('evv_out_long'),
    billingCode: text('billing_code'),
    modifier: text('modifier'),
    /** Groups the segments split from one piece of work (no table of its own). */
    segmentGroupId: uuid('segment_group_id'),
    respiteHandled: boolean('respite_handled').notNull().default(false),
    /** How the segment came to be, e.g. `import`, `split`, `manual`. */
    creationSource: text('creation_source'),
    /** Which version of the times is shown and used: the segment's own, its billing or its payroll version. */
    activeView: text('active_view'),
    /** The GIV billing record the segment came from, unchanged (empty for `import` segments: their source is the shift's `rawData`). */
    givData: jsonb('giv_data').$type<Record<string, unknown>>(),
    /** Id of the line in the billing system (GIV billing id). */
    billingId: text('billing_id'),
    notes: text('notes'),
    changeHistory: jsonb('change_history')
      .$type<ChangeHistoryEntry[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    /** READY only when no violation is open (DOMAIN.md). */
    validationStatus: validationStatusEnum('validation_status').notNull().default('NOT_READY'),
    validationViolations: jsonb('validation_violations')
      .$type<SegmentViolation[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    ...softDelete,
    ...timestamps,
  },
  (t) => [
    index('shift_segment_shift_idx').on(t.shiftId),
    index('shift_segment_evv_start_idx').on(t.evvStart),
    index('shift_segment_validation_status_idx').on(t.validationStatus),
    index('shift_segment_billing_id_idx').on(t.billingId),
    index('shift_segment_group_idx').on(t.segmentGroupId),
  ],
);
