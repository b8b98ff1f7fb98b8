/**
 * Dismissed match-detection flags (issue 22 "flag suspicious patterns"; decision 0061): flags are computed on every
 * read; an admin's dismissal keeps the flag's key (e.g. `likes_burst:caregiver:<id>:<date>`) so it is not shown
 * again. Ids and the admin's note only.
 */
import { pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { idColumn, timestamps } from '../../platform/db/columns.ts';

export const matchFlagDismissals = pgTable(
  'match_flag_dismissal',
  {
    id: idColumn(),
    flagKey: text('flag_key').notNull(),
    dismissedByUserId: uuid('dismissed_by_user_id').notNull(),
    note: text('note'),
    ...timestamps,
  },
  (t) => [uniqueIndex('match_flag_dismissal_key_idx').on(t.flagKey)],
);
