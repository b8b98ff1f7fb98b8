/**
 * Screening tables (spec s.3 BaselineLocation, SuspiciousLocation, ShiftNote, NewShiftNote, Term,
 * ClientSpecificTerm): learned EVV geofences, location findings, shift notes and the phrase/redaction
 * terms. Coordinates are WGS84 degrees, distances metres (DOMAIN.md "Geofence").
 */
import { sql } from 'drizzle-orm';
import {
  boolean,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { idColumn, timestamps, tstz } from '../../platform/db/columns.ts';
import { userAccounts } from '../../platform/auth/auth.table.ts';
import { caregivers, clients } from '../people/people.table.ts';
import { csvFiles } from '../../platform/imports/imports.table.ts';
import { newShifts, shifts } from '../shifts/shifts.table.ts';

/**
 * A client's learned EVV location (spec s.3 BaselineLocation): the dominant cluster of past clock-ins
 * and of past clock-outs. One row per client, recomputed in place.
 */
export const baselineLocations = pgTable(
  'baseline_location',
  {
    id: idColumn(),
    clientId: uuid('client_id')
      .notNull()
      .references(() => clients.id, { onDelete: 'cascade' }),
    /** Centre of the dominant clock-in cluster. */
    inLat: doublePrecision('in_lat'),
    inLong: doublePrecision('in_long'),
    /** Centre of the dominant clock-out cluster. */
    outLat: doublePrecision('out_lat'),
    outLong: doublePrecision('out_long'),
    /** Geofence radius: max(100 m, p95 distance inside the cluster), capped at 1 mile (DOMAIN.md). */
    radiusMeters: doublePrecision('radius_meters'),
    /** Sizes of every clock-in cluster found, largest (dominant) first. */
    inClusterSizes: jsonb('in_cluster_sizes')
      .$type<number[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    /** Sizes of every clock-out cluster found, largest (dominant) first. */
    outClusterSizes: jsonb('out_cluster_sizes')
      .$type<number[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    /** Clock-ins that fell in no cluster. */
    inOutlierCount: integer('in_outlier_count').notNull().default(0),
    /** Clock-outs that fell in no cluster. */
    outOutlierCount: integer('out_outlier_count').notNull().default(0),
    /** Number of shifts with coordinates the baseline was learned from. */
    sampleSize: integer('sample_size').notNull().default(0),
    /** Share (0..1) of clock-ins inside the dominant cluster. */
    inConfidence: doublePrecision('in_confidence'),
    /** Share (0..1) of clock-outs inside the dominant cluster. */
    outConfidence: doublePrecision('out_confidence'),
    /** When the baseline was last recomputed. */
    lastUpdated: tstz('last_updated'),
    ...timestamps,
  },
  (t) => [uniqueIndex('baseline_location_client_idx').on(t.clientId)],
);

/**
 * A place an admin approved as counting as the client's home for EVV (DOMAIN.md "Geofence": a client may
 * have several approved locations: home, day programme, family home). A punch within `radiusMeters` of
 * any approved location is not suspicious. Coordinates WGS84 degrees.
 */
export const approvedLocations = pgTable(
  'approved_location',
  {
    id: idColumn(),
    clientId: uuid('client_id')
      .notNull()
      .references(() => clients.id, { onDelete: 'cascade' }),
    /** What the place is, e.g. "Day programme — Main St". */
    label: text('label').notNull(),
    kind: text('kind', { enum: ['HOME', 'DAY_PROGRAM', 'FAMILY_HOME', 'WORK', 'OTHER'] })
      .notNull()
      .default('OTHER'),
    lat: doublePrecision('lat').notNull(),
    long: doublePrecision('long').notNull(),
    /** Fence around the place, metres (default 100 m, DOMAIN.md). */
    radiusMeters: doublePrecision('radius_meters').notNull().default(100),
    createdBy: uuid('created_by').references(() => userAccounts.id, { onDelete: 'set null' }),
    ...timestamps,
  },
  (t) => [
    index('approved_location_client_idx').on(t.clientId),
    index('approved_location_created_by_idx').on(t.createdBy),
  ],
);

/** A clock-in or clock-out outside the client's baseline, flagged for review (spec s.3 SuspiciousLocation). */
export const suspiciousLocations = pgTable(
  'suspicious_location',
  {
    id: idColumn(),
    shiftId: uuid('shift_id')
      .notNull()
      .references(() => shifts.id, { onDelete: 'cascade' }),
    caregiverId: uuid('caregiver_id')
      .notNull()
      .references(() => caregivers.id, { onDelete: 'restrict' }),
    clientId: uuid('client_id')
      .notNull()
      .references(() => clients.id, { onDelete: 'restrict' }),
    /** Which punch is suspicious, e.g. `CLOCK_IN`, `CLOCK_OUT`, `MISSING_COORDINATES` (DOMAIN.md). */
    suspiciousType: text('suspicious_type').notNull(),
    /** Coordinates EVV recorded. */
    actualLat: doublePrecision('actual_lat'),
    actualLong: doublePrecision('actual_long'),
    /** Coordinates expected from the client's baseline. */
    expectedLat: doublePrecision('expected_lat'),
    expectedLong: doublePrecision('expected_long'),
    distanceMeters: doublePrecision('distance_meters'),
    /** LOW beyond 1x radius, MEDIUM beyond 2x, HIGH beyond 5x or 1 mile (DOMAIN.md). */
    suspicionLevel: text('suspicion_level', { enum: ['LOW', 'MEDIUM', 'HIGH'] }),
    flagged: boolean('flagged').notNull().default(false),
    reviewed: boolean('reviewed').notNull().default(false),
    reviewNote: text('review_note'),
    reviewedBy: uuid('reviewed_by').references(() => userAccounts.id, { onDelete: 'set null' }),
    reviewedAt: tstz('reviewed_at'),
    ...timestamps,
  },
  (t) => [
    /** Re-screening a shift updates its findings instead of adding duplicates. */
    uniqueIndex('suspicious_location_shift_type_idx').on(t.shiftId, t.suspiciousType),
    index('suspicious_location_caregiver_idx').on(t.caregiverId),
    index('suspicious_location_client_idx').on(t.clientId),
    index('suspicious_location_reviewed_idx').on(t.reviewed, t.suspicionLevel),
    index('suspicious_location_reviewed_by_idx').on(t.reviewedBy),
  ],
);

/**
 * A caregiver's shift note (spec s.3 ShiftNote). Notes that could not be matched to a shift keep
 * `shiftId` null and wait for manual review.
 */
export const shiftNotes = pgTable(
  'shift_note',
  {
    id: idColumn(),
    shiftId: uuid('shift_id').references(() => shifts.id, { onDelete: 'set null' }),
    submittedAt: tstz('submitted_at'),
    /** Question the caregiver answered. */
    prompt: text('prompt'),
    /** The caregiver's answer (PHI). */
    documentation: text('documentation'),
    staffName: text('staff_name'),
    caregiverId: uuid('caregiver_id').references(() => caregivers.id, { onDelete: 'restrict' }),
    sectionType: text('section_type'),
    clientId: uuid('client_id').references(() => clients.id, { onDelete: 'restrict' }),
    /** GIV shift id given with the note. */
    givShiftId: text('giv_shift_id'),
    /** GIV shift id the note was finally matched to (may differ from `givShiftId`). */
    matchedGivShiftId: text('matched_giv_shift_id'),
    needsManualReview: boolean('needs_manual_review').notNull().default(false),
    reviewReason: text('review_reason'),
    /**
     * SHA-256 of the note's source identity (shift id, staff, submitted at, prompt, documentation):
     * re-importing the same notes file adds nothing.
     */
    importKey: text('import_key'),
    /** The notes file the note came from. */
    csvFileId: uuid('csv_file_id').references(() => csvFiles.id, { onDelete: 'set null' }),
    /** Who resolved a note that needed manual review, and when. */
    resolvedBy: uuid('resolved_by').references(() => userAccounts.id, { onDelete: 'set null' }),
    resolvedAt: tstz('resolved_at'),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('shift_note_import_key_idx').on(t.importKey),
    index('shift_note_csv_file_idx').on(t.csvFileId),
    index('shift_note_resolved_by_idx').on(t.resolvedBy),
    index('shift_note_shift_idx').on(t.shiftId),
    index('shift_note_caregiver_idx').on(t.caregiverId),
    index('shift_note_client_idx').on(t.clientId),
    index('shift_note_giv_shift_id_idx').on(t.givShiftId),
    index('shift_note_matched_giv_shift_id_idx').on(t.matchedGivShiftId),
    index('shift_note_needs_review_idx').on(t.needsManualReview),
    index('shift_note_submitted_at_idx').on(t.submittedAt),
  ],
);

/** A shift note of a NewShift (spec s.3 NewShiftNote). */
export const newShiftNotes = pgTable(
  'new_shift_note',
  {
    id: idColumn(),
    newShiftId: uuid('new_shift_id').references(() => newShifts.id, { onDelete: 'set null' }),
    submittedAt: tstz('submitted_at'),
    prompt: text('prompt'),
    documentation: text('documentation'),
    staffName: text('staff_name'),
    caregiverId: uuid('caregiver_id').references(() => caregivers.id, { onDelete: 'restrict' }),
    sectionType: text('section_type'),
    clientId: uuid('client_id').references(() => clients.id, { onDelete: 'restrict' }),
    givShiftId: text('giv_shift_id'),
    ...timestamps,
  },
  (t) => [
    index('new_shift_note_new_shift_idx').on(t.newShiftId),
    index('new_shift_note_caregiver_idx').on(t.caregiverId),
    index('new_shift_note_client_idx').on(t.clientId),
    index('new_shift_note_giv_shift_id_idx').on(t.givShiftId),
    index('new_shift_note_submitted_at_idx').on(t.submittedAt),
  ],
);

/** A phrase term for screening (spec s.3 Term); `shouldRedact` terms are replaced before any AI call. */
export const terms = pgTable(
  'term',
  {
    id: idColumn(),
    term: text('term').notNull(),
    label: text('label'),
    shouldRedact: boolean('should_redact').notNull().default(false),
    ...timestamps,
  },
  (t) => [uniqueIndex('term_lower_term_idx').on(sql`lower(${t.term})`)],
);

/** A term specific to one client (e.g. a name or place), always redacted before any AI call (spec s.3 ClientSpecificTerm). */
export const clientSpecificTerms = pgTable(
  'client_specific_term',
  {
    id: idColumn(),
    clientName: text('client_name').notNull(),
    term: text('term').notNull(),
    ...timestamps,
  },
  (t) => [uniqueIndex('client_specific_term_client_term_idx').on(t.clientName, t.term)],
);
