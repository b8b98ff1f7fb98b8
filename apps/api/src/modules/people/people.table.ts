/** People tables: clients, caregivers, case managers, guardians (spec s.3 Client, Caregiver, CaseManager, Guardian). */
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  date,
  foreignKey,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  uuid,
} from 'drizzle-orm/pg-core';
import { idColumn, textArray, timestamps, tstz } from '../../platform/db/columns.ts';
import { caregiverTypeEnum } from '../../platform/db/enums.ts';
import { referenceFromUserAccount, userAccounts } from '../../platform/auth/auth.table.ts';

export const caseManagers = pgTable(
  'case_manager',
  {
    id: idColumn(),
    name: text('name').notNull(),
    county: text('county'),
    email: text('email'),
    archived: boolean('archived').notNull().default(false),
    ...timestamps,
  },
  (t) => [index('case_manager_name_idx').on(t.name), index('case_manager_email_idx').on(t.email)],
);

export const clients = pgTable(
  'client',
  {
    id: idColumn(),
    name: text('name').notNull(),
    email: text('email'),
    emails: textArray('emails'),
    altNames: textArray('alt_names'),
    archived: boolean('archived').notNull().default(false),
    budgetClientId: text('budget_client_id'),
    clientPrime: text('client_prime'),
    /** Month (1-12) in which the client's ISP year starts. */
    ispMonth: integer('isp_month'),
    caseManagerId: uuid('case_manager_id').references(() => caseManagers.id, { onDelete: 'set null' }),
    /** Medicaid prime id. */
    pid: text('pid'),
    serviceElement: text('service_element'),
    /** Set on records created from an import for an unknown person, until an admin reviews them. */
    needsReview: boolean('needs_review').notNull().default(false),
    ...timestamps,
  },
  (t) => [
    index('client_name_idx').on(t.name),
    // The clients list: active or archived, in name order, ties by id (docs/decisions/0005).
    index('client_archived_name_idx').on(t.archived, t.name, t.id),
    index('client_pid_idx').on(t.pid),
    index('client_case_manager_idx').on(t.caseManagerId),
    index('client_budget_client_idx').on(t.budgetClientId),
    index('client_lower_name_idx').on(sql`lower(${t.name})`),
  ],
);

export const caregivers = pgTable(
  'caregiver',
  {
    id: idColumn(),
    name: text('name').notNull(),
    email: text('email'),
    emails: textArray('emails'),
    altNames: textArray('alt_names'),
    archived: boolean('archived').notNull().default(false),
    type: caregiverTypeEnum('type').notNull().default('DSP_CARE'),
    /** External employee id (EVV `EmployeeIdentifier`), used to link imports. */
    externalId: text('external_id'),
    needsReview: boolean('needs_review').notNull().default(false),
    ...timestamps,
  },
  (t) => [
    index('caregiver_name_idx').on(t.name),
    index('caregiver_email_idx').on(t.email),
    index('caregiver_external_id_idx').on(t.externalId),
    index('caregiver_lower_name_idx').on(sql`lower(${t.name})`),
  ],
);

/**
 * Exact row counts of `client` and `caregiver` per (archived, needs_review): the totals of the
 * unfiltered list views, read in O(1) instead of counting every row on every list request. Kept by
 * statement-level triggers on both tables (insert, update, delete, truncate) in the writing
 * transaction, so a count is exactly as visible as the rows it counts (migration 0010,
 * docs/decisions/0020-list-totals.md). `list` is the counted table's name; all four
 * (archived, needs_review) rows of each list exist from the migration on. A list's total is the sum
 * of its row here and its pending `people_total_delta` rows.
 */
export const peopleTotals = pgTable(
  'people_total',
  {
    list: text('list').notNull(),
    archived: boolean('archived').notNull(),
    needsReview: boolean('needs_review').notNull(),
    n: bigint('n', { mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.list, t.archived, t.needsReview] })],
);

/**
 * Count changes written by a transaction that found the `people_total` row locked by another writer
 * (the trigger never waits for it, so writers never block or deadlock on a counter). The next writer
 * that holds the row folds them into it; until then readers add them.
 */
export const peopleTotalDeltas = pgTable('people_total_delta', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  list: text('list').notNull(),
  archived: boolean('archived').notNull(),
  needsReview: boolean('needs_review').notNull(),
  n: bigint('n', { mode: 'number' }).notNull(),
});

// The person record an account is (issue 20 "Accounts linked to people"): the account outlives its person record.
referenceFromUserAccount(
  foreignKey({ columns: [userAccounts.caregiverId], foreignColumns: [caregivers.id] }).onDelete('set null'),
);
referenceFromUserAccount(
  foreignKey({ columns: [userAccounts.caseManagerId], foreignColumns: [caseManagers.id] }).onDelete(
    'set null',
  ),
);

/** A legal guardian or family member acting for clients (spec s.3 Guardian). */
export const guardians = pgTable(
  'guardian',
  {
    id: idColumn(),
    firstName: text('first_name').notNull(),
    middleName: text('middle_name'),
    lastName: text('last_name').notNull(),
    sex: text('sex'),
    phoneNumber: text('phone_number'),
    email: text('email'),
    dob: date('dob', { mode: 'string' }),
    /** SMS opt-in (off until the guardian agrees). */
    smsNotificationsEnabled: boolean('sms_notifications_enabled').notNull().default(false),
    /** Matchmaking emails (new messages, matches, reminders); on until the guardian turns them off (issue 22). */
    emailNotificationsEnabled: boolean('email_notifications_enabled').notNull().default(true),
    /** Read receipts (decision 0058 addendum): when off, reading sets no `read_at` and no read times of others show. */
    readReceiptsEnabled: boolean('read_receipts_enabled').notNull().default(true),
    lastProfileReminderAt: tstz('last_profile_reminder_at'),
    /** Who verified the family in matchmaking, how and when (issue 21; `verification_method` as the listings'). */
    verifiedAt: tstz('verified_at'),
    verificationMethod: text('verification_method'),
    verifiedByUserId: uuid('verified_by_user_id'),
    ...timestamps,
  },
  (t) => [index('guardian_email_idx').on(t.email), index('guardian_last_name_idx').on(t.lastName)],
);

referenceFromUserAccount(
  foreignKey({ columns: [userAccounts.guardianId], foreignColumns: [guardians.id] }).onDelete('set null'),
);
