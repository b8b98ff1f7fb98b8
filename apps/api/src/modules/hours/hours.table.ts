/**
 * Caregiver-hours tables (spec s.3 ViolationHandling): an admin's handling of a caregiver's hours
 * violation (e.g. overtime beyond 40 h in a workweek, DOMAIN.md) for one week.
 */
import { boolean, index, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { idColumn, timestamps, tstz } from '../../platform/db/columns.ts';
import { caregivers } from '../people/people.table.ts';
import { userAccounts } from '../../platform/auth/auth.table.ts';

export const violationHandlings = pgTable(
  'violation_handling',
  {
    id: idColumn(),
    caregiverId: uuid('caregiver_id')
      .notNull()
      .references(() => caregivers.id, { onDelete: 'cascade' }),
    /** The workweek, identified as the caller names it (e.g. its first day `2025-03-02`). */
    weekName: text('week_name').notNull(),
    handled: boolean('handled').notNull().default(false),
    handledAt: tstz('handled_at'),
    /** The admin who marked the week handled. */
    handledBy: uuid('handled_by').references(() => userAccounts.id, { onDelete: 'set null' }),
    note: text('note'),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('violation_handling_caregiver_week_idx').on(t.caregiverId, t.weekName),
    index('violation_handling_week_idx').on(t.weekName),
    index('violation_handling_handled_by_idx').on(t.handledBy),
  ],
);
