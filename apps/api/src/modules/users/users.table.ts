/**
 * Users-domain tables (spec s.3 VerificationToken): one-time tokens for email verification, password
 * reset and invitations. Store a hash of the token, never the token itself.
 */
import { index, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { idColumn, timestamps, tstz } from '../../platform/db/columns.ts';

export const verificationTokens = pgTable(
  'verification_token',
  {
    id: idColumn(),
    /** What the token verifies, usually an email address. */
    identifier: text('identifier').notNull(),
    token: text('token').notNull(),
    expires: tstz('expires').notNull(),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('verification_token_identifier_token_idx').on(t.identifier, t.token),
    index('verification_token_expires_idx').on(t.expires),
  ],
);
