/**
 * Payroll tables (spec s.3 PayrollVersion, PayrollAdjustment): the times of a segment as paid, and
 * manual adjustments to what a caregiver is paid.
 */
import {
  boolean,
  date,
  index,
  integer,
  numeric,
  pgTable,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { idColumn, timestamps, tstz } from '../../platform/db/columns.ts';
import { userAccounts } from '../../platform/auth/auth.table.ts';
import { caregivers } from '../people/people.table.ts';
import { shiftSegments } from '../shifts/shifts.table.ts';

/** The times of a segment as paid, when they differ from the EVV times (spec s.3 PayrollVersion). */
export const payrollVersions = pgTable(
  'payroll_version',
  {
    id: idColumn(),
    shiftSegmentId: uuid('shift_segment_id')
      .notNull()
      .references(() => shiftSegments.id, { onDelete: 'cascade' }),
    evvStart: tstz('evv_start'),
    evvEnd: tstz('evv_end'),
    ...timestamps,
  },
  (t) => [uniqueIndex('payroll_version_shift_segment_idx').on(t.shiftSegmentId)],
);

/**
 * A manual payroll adjustment (spec s.3 PayrollAdjustment). The spec names no owner; Tend ties an
 * adjustment to a segment, or to a caregiver when it is not about one segment.
 */
export const payrollAdjustments = pgTable(
  'payroll_adjustment',
  {
    id: idColumn(),
    /** Segment adjusted (not in the spec's field list). */
    shiftSegmentId: uuid('shift_segment_id').references(() => shiftSegments.id, { onDelete: 'cascade' }),
    /** Caregiver adjusted (not in the spec's field list). */
    caregiverId: uuid('caregiver_id').references(() => caregivers.id, { onDelete: 'cascade' }),
    /** What is adjusted, e.g. `HOURS`, `AMOUNT`, `MILEAGE`; decides the unit of the values below. */
    adjustmentType: text('adjustment_type').notNull(),
    reason: text('reason'),
    /** The change applied, in the unit of `adjustmentType` (hours, miles; money in integer cents). */
    adjustmentValue: numeric('adjustment_value', { precision: 12, scale: 2, mode: 'number' }),
    originalValue: numeric('original_value', { precision: 12, scale: 2, mode: 'number' }),
    adjustedValue: numeric('adjusted_value', { precision: 12, scale: 2, mode: 'number' }),
    isActive: boolean('is_active').notNull().default(true),
    appliedAt: tstz('applied_at'),
    notes: text('notes'),
    /** Service date the adjustment counts on (decides its pay period; not in the spec's field list). */
    effectiveDate: date('effective_date', { mode: 'string' }),
    /** The adjustment this one replaced (its history); the replaced one is made inactive. */
    replacesId: uuid('replaces_id'),
    createdBy: uuid('created_by').references(() => userAccounts.id, { onDelete: 'set null' }),
    ...timestamps,
  },
  (t) => [
    index('payroll_adjustment_shift_segment_idx').on(t.shiftSegmentId),
    index('payroll_adjustment_caregiver_idx').on(t.caregiverId),
    index('payroll_adjustment_active_idx').on(t.isActive),
    index('payroll_adjustment_effective_date_idx').on(t.effectiveDate),
    index('payroll_adjustment_replaces_idx').on(t.replacesId),
  ],
);

/** One payroll export of a pay period (not a spec entity): the CSV kept in storage, with its totals. */
export const payrollExports = pgTable(
  'payroll_export',
  {
    id: idColumn(),
    /** Pay period, inclusive dates in the agency's time zone. */
    periodStart: date('period_start', { mode: 'string' }).notNull(),
    periodEnd: date('period_end', { mode: 'string' }).notNull(),
    exportedBy: uuid('exported_by').references(() => userAccounts.id, { onDelete: 'set null' }),
    fileName: text('file_name').notNull(),
    /** Storage path of the CSV (bucket `exports`) and its SHA-256 (hex). */
    filePath: text('file_path').notNull(),
    fileSha256: text('file_sha256').notNull(),
    caregiverCount: integer('caregiver_count').notNull().default(0),
    regularHours: numeric('regular_hours', { precision: 12, scale: 2, mode: 'number' }).notNull().default(0),
    overtimeHours: numeric('overtime_hours', { precision: 12, scale: 2, mode: 'number' })
      .notNull()
      .default(0),
    mileageMiles: numeric('mileage_miles', { precision: 12, scale: 2, mode: 'number' }).notNull().default(0),
    ...timestamps,
  },
  (t) => [index('payroll_export_period_idx').on(t.periodStart, t.periodEnd)],
);
