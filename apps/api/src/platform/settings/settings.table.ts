/** Agency-wide settings as key → JSON value (e.g. `demo_data` marks a database holding demo data). */
import { jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { tstz } from '../db/columns.ts';

export const appSettings = pgTable('app_setting', {
  key: text('key').primaryKey(),
  value: jsonb('value').$type<Record<string, unknown>>().notNull(),
  updatedAt: tstz('updated_at').notNull().defaultNow(),
});
