/**
 * Budget table (spec s.3 Budget): a client's authorized units for one procedure code and modifier over
 * a plan period. Authorized amounts are "not to be exceeded" (DOMAIN.md); units follow `measure`.
 */
import { sql } from 'drizzle-orm';
import { check, date, index, numeric, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { idColumn, timestamps } from '../../platform/db/columns.ts';
import { clients } from '../people/people.table.ts';
import { csvFiles } from '../../platform/imports/imports.table.ts';

export const budgets = pgTable(
  'budget',
  {
    id: idColumn(),
    /** Null until the budget's `budgetClientId` is linked to a client. */
    clientId: uuid('client_id').references(() => clients.id, { onDelete: 'cascade' }),
    /** Procedure code, e.g. OR526. */
    procCode: text('proc_code').notNull(),
    /** Service modifier code, e.g. ZE. */
    svcModifierCd: text('svc_modifier_cd'),
    /** Authorized units, in `measure`. */
    units: numeric('units', { precision: 12, scale: 2, mode: 'number' }).notNull(),
    /** Unit of `units`: hours, 15-minute units, days or miles (DOMAIN.md). */
    measure: text('measure'),
    /** Period the units cover as given by the source (e.g. per plan year, per month). */
    term: text('term'),
    /** Client id used by the budget source; matches `client.budget_client_id`. */
    budgetClientId: text('budget_client_id'),
    effectiveDate: date('effective_date', { mode: 'string' }).notNull(),
    /** Last day the budget applies; null = open-ended. */
    expirationDate: date('expiration_date', { mode: 'string' }),
    /** The client/budget file the line was last imported from. */
    csvFileId: uuid('csv_file_id').references(() => csvFiles.id, { onDelete: 'set null' }),
    ...timestamps,
  },
  (t) => [
    /** One line per source client, code, modifier and start date: re-importing a budget file updates. */
    uniqueIndex('budget_source_line_idx').on(
      t.budgetClientId,
      t.procCode,
      sql`coalesce(${t.svcModifierCd}, '')`,
      t.effectiveDate,
    ),
    index('budget_csv_file_idx').on(t.csvFileId),
    index('budget_client_code_idx').on(t.clientId, t.procCode, t.effectiveDate),
    index('budget_budget_client_idx').on(t.budgetClientId),
    index('budget_proc_code_idx').on(t.procCode),
    check(
      'budget_dates_order',
      sql`${t.expirationDate} is null or ${t.expirationDate} >= ${t.effectiveDate}`,
    ),
  ],
);
