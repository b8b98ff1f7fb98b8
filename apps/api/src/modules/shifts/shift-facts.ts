/**
 * The read API of module `shifts` (decision 0025): the relations other modules query shifts and
 * segments through — billing, payroll, hours, budgets, screening and validation never name the
 * `shift` / `shift_segment` tables. Each function returns a Drizzle subquery with the alias the
 * caller gives, usable
 * - in the query builder: `executor.select({ id: s.id }).from(s).where(eq(s.clientId, id))` (typed
 *   fields, the tables' own decoders: dates `YYYY-MM-DD` text, instants `Date`, jsonb parsed), and
 * - in raw SQL: `sql\`select s.date from ${shiftFacts('s')} join ${segmentFacts('g')} on g.shift_id = s.id\``
 *   (columns under their SQL names, listed below).
 *
 * Each is a plain column list over one table (no join, expression, aggregate or limit), so PostgreSQL
 * pulls the subquery up into the caller's statement: the plan is the one of the same statement
 * written against the table (same indexes: `shift_date_idx`, `shift_caregiver_date_idx`,
 * `shift_client_date_idx`, `shift_segment_shift_idx`, the incident queue's partial index).
 *
 * Soft-deleted rows are included (`deleted_at` set): a caller that wants live rows says
 * `deleted_at is null` (a segment is live when it and its shift are). Writes other modules make to
 * shifts and segments go through `shift-results.service.ts`, never through these relations.
 */
import { getTableColumns } from 'drizzle-orm';
import { QueryBuilder } from 'drizzle-orm/pg-core';
import { shiftSegments, shifts } from './shifts.table.ts';

const builder = new QueryBuilder();

const shift = getTableColumns(shifts);

/** The published columns of a shift (spec s.3 Shift; SQL names in snake case). */
const shiftColumns = {
  id: shift.id,
  providerMedicaidId: shift.providerMedicaidId,
  billingCode: shift.billingCode,
  pid: shift.pid,
  date: shift.date,
  evvInTime: shift.evvInTime,
  evvOutTime: shift.evvOutTime,
  evvInLat: shift.evvInLat,
  evvInLong: shift.evvInLong,
  evvOutLat: shift.evvOutLat,
  evvOutLong: shift.evvOutLong,
  caregiverId: shift.caregiverId,
  clientId: shift.clientId,
  givShiftId: shift.givShiftId,
  timeZone: shift.timeZone,
  csvFileId: shift.csvFileId,
  deletedAt: shift.deletedAt,
  updatedAt: shift.updatedAt,
  // Screening results stored on the shift (written by `shift-results.service.ts`).
  screenedForSuspiciousLocationAt: shift.screenedForSuspiciousLocationAt,
  incidentScreened: shift.incidentScreened,
  incidentScreenedAt: shift.incidentScreenedAt,
  incidentSeverity: shift.incidentSeverity,
  incidentCategories: shift.incidentCategories,
  incidentReason: shift.incidentReason,
  incidentAnalyzedNotes: shift.incidentAnalyzedNotes,
  incidentReportDueAt: shift.incidentReportDueAt,
  incidentHandled: shift.incidentHandled,
  incidentHandledBy: shift.incidentHandledBy,
  incidentHandledAt: shift.incidentHandledAt,
  incidentHandledNote: shift.incidentHandledNote,
};

const segment = getTableColumns(shiftSegments);

/** The published columns of a segment (spec s.3 ShiftSegment; SQL names in snake case). */
const segmentColumns = {
  id: segment.id,
  shiftId: segment.shiftId,
  evvStart: segment.evvStart,
  evvEnd: segment.evvEnd,
  evvInLat: segment.evvInLat,
  evvInLong: segment.evvInLong,
  evvOutLat: segment.evvOutLat,
  evvOutLong: segment.evvOutLong,
  billingCode: segment.billingCode,
  modifier: segment.modifier,
  billingId: segment.billingId,
  validationStatus: segment.validationStatus,
  validationViolations: segment.validationViolations,
  deletedAt: segment.deletedAt,
};

/**
 * Shifts (one row per shift, deleted ones included) as the subquery `alias`. Columns: `id`,
 * `provider_medicaid_id`, `billing_code`, `pid`, `date` (service date), `evv_in_time`, `evv_out_time`,
 * `evv_in_lat`, `evv_in_long`, `evv_out_lat`, `evv_out_long` (WGS84 degrees), `caregiver_id`,
 * `client_id`, `giv_shift_id`, `time_zone` (IANA, or null), `csv_file_id` (the EVV file it was last
 * imported from), `deleted_at`, `updated_at`, and the screening results
 * `screened_for_suspicious_location_at`, `incident_screened`, `incident_screened_at`,
 * `incident_severity`, `incident_categories`, `incident_reason`, `incident_analyzed_notes`,
 * `incident_report_due_at`, `incident_handled`, `incident_handled_by`, `incident_handled_at`,
 * `incident_handled_note`.
 */
export function shiftFacts<TAlias extends string>(alias: TAlias) {
  return builder.select(shiftColumns).from(shifts).as(alias);
}

/**
 * Segments (one row per segment, deleted ones included; join `shift_id` to {@link shiftFacts} for the
 * shift's date, people and state) as the subquery `alias`. Columns: `id`, `shift_id`, `evv_start`,
 * `evv_end`, `evv_in_lat`, `evv_in_long`, `evv_out_lat`, `evv_out_long` (the segment's own EVV
 * locations; null sides fall back to the shift's), `billing_code`, `modifier`, `billing_id` (GIV
 * billing id), `validation_status`, `validation_violations`, `deleted_at`.
 */
export function segmentFacts<TAlias extends string>(alias: TAlias) {
  return builder.select(segmentColumns).from(shiftSegments).as(alias);
}
