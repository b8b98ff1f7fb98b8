/**
 * Addresses Tend must not include in an email export (issue 24 "Email export": opted-out and bounced addresses are
 * excluded and counted; decision 0065). Owned by `platform/messaging`, beside the outbox whose sends find bounces.
 * One row per (address, reason); the address is stored normalised (trimmed, lower case), so a person's address is
 * matched whatever its case on their record. No foreign keys: an address outlives the person who gave it.
 */
import { pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { emailSuppressionReasons, type EmailSuppressionReasonName } from '@tend/contracts';
import { idColumn, tstz } from '../db/columns.ts';

/**
 * `BOUNCED`: an SMTP send got a permanent (5xx) refusal of the recipient; `OPTED_OUT`: an admin marked it (contracts
 * `emailSuppressionReasons`).
 */
export type EmailSuppressionReason = EmailSuppressionReasonName;

export const emailSuppressions = pgTable(
  'email_suppression',
  {
    id: idColumn(),
    /** Normalised: trimmed, lower case (`normaliseEmailAddress`). */
    address: text('address').notNull(),
    reason: text('reason', { enum: emailSuppressionReasons }).notNull(),
    /** BOUNCED: the server's reply (cut to 500 characters); OPTED_OUT: the admin's note, or null. */
    detail: text('detail'),
    /** When the bounce happened or the admin marked it (the first time: a repeat keeps the first row). */
    at: tstz('at').notNull().defaultNow(),
    /** BOUNCED: the outbox row whose send bounced; null otherwise. */
    outboxMessageId: uuid('outbox_message_id'),
    /** OPTED_OUT: the admin's account; null for bounces. */
    markedBy: uuid('marked_by'),
  },
  (t) => [uniqueIndex('email_suppression_address_reason_idx').on(t.address, t.reason)],
);
