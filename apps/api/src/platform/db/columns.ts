/**
 * Column helpers shared by every table: uuid primary keys, `created_at`/`updated_at` (timestamptz),
 * soft delete. Column names are snake_case; TypeScript property names are the spec's camelCase.
 */
import { sql } from 'drizzle-orm';
import { text, timestamp, uuid } from 'drizzle-orm/pg-core';

export const idColumn = () => uuid('id').primaryKey().defaultRandom();

/** timestamptz column (always with time zone; instants are stored in UTC). */
export const tstz = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const timestamps = {
  createdAt: tstz('created_at').notNull().defaultNow(),
  updatedAt: tstz('updated_at')
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date()),
};

/** Soft delete (spec s.3 NewShift, ShiftSegment): `deleted_at` set means deleted; `deleted_by` is a user account id. */
export const softDelete = {
  deletedAt: tstz('deleted_at'),
  deletedBy: uuid('deleted_by'),
};

/** A text[] column that defaults to an empty array. */
export const textArray = (name: string) =>
  text(name)
    .array()
    .notNull()
    .default(sql`'{}'::text[]`);
