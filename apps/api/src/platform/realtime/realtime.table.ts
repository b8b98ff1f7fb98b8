/**
 * `socket_io_attachments`: the table `@socket.io/postgres-adapter` keeps payloads too large for one `NOTIFY` in
 * (its documented shape). Only used on PostgreSQL (several instances); created on both engines so that one migration
 * history serves both.
 */
import { bigserial, customType, pgTable } from 'drizzle-orm/pg-core';
import { tstz } from '../db/columns.ts';

const bytea = customType<{ data: Buffer }>({ dataType: () => 'bytea' });

export const socketIoAttachments = pgTable('socket_io_attachments', {
  id: bigserial('id', { mode: 'number' }).unique(),
  createdAt: tstz('created_at').defaultNow(),
  payload: bytea('payload'),
});
