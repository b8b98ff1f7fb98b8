/**
 * The bucket catalogue (spec s.7 Storage bucket fields: id, name, public, file_size_limit,
 * allowed_mime_types). Object bytes and their metadata live in the storage driver (local directory
 * or S3), not in the database; a row here is what makes a bucket exist for the API.
 */
import { bigint, boolean, pgTable, text } from 'drizzle-orm/pg-core';
import { timestamps } from '../db/columns.ts';

export const storageBuckets = pgTable('storage_bucket', {
  /** The bucket id, also its name in the driver (`assertSafeBucketId`: 2-63 chars, lowercase). */
  id: text('id').primaryKey(),
  /** Display name. */
  name: text('name').notNull(),
  /** Objects readable without a session at `/api/storage/object/public/<id>/<path>`. */
  public: boolean('public').notNull().default(false),
  /** Largest accepted object in bytes; null = no bucket limit. */
  fileSizeLimit: bigint('file_size_limit', { mode: 'number' }),
  /** Accepted MIME types (`image/png`, `image/*`); null = any type. */
  allowedMimeTypes: text('allowed_mime_types').array(),
  ...timestamps,
});

export type StorageBucketRow = typeof storageBuckets.$inferSelect;
