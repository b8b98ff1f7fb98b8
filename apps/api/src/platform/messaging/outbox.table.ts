/**
 * Outbox of every outbound message (email, SMS). DOMAIN.md "Outbound messages": the embedded default
 * only records messages here, and admins read this table at an admin page; with a real provider
 * (SMTP, Twilio-compatible) each row also carries the delivery outcome. No foreign keys: the related
 * entity is a loose (type, id) pair so deleting a person never removes the record of what was sent.
 */
import { index, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { idColumn, timestamps, tstz } from '../db/columns.ts';

export const outboxChannels = ['email', 'sms'] as const;
export type OutboxChannel = (typeof outboxChannels)[number];

/** `outbox` = recorded only (no provider configured); the others name the provider that was called. */
export const outboxProviders = ['outbox', 'smtp', 'twilio'] as const;
export type OutboxProvider = (typeof outboxProviders)[number];

/**
 * `recorded` = written to the outbox (final for provider `outbox`; for a real provider the row is
 * written before the call and moves to `sent` or `failed` after it); `sent` = the provider accepted it;
 * `failed` = the provider refused it or could not be reached (`error` says why).
 */
export const outboxStatuses = ['recorded', 'sent', 'failed'] as const;
export type OutboxStatus = (typeof outboxStatuses)[number];

export const outboxMessages = pgTable(
  'outbox_message',
  {
    id: idColumn(),
    channel: text('channel', { enum: outboxChannels }).notNull(),
    /** Email address, or E.164 phone number for SMS. */
    toAddress: text('to_address').notNull(),
    /** Sender address (email) or number (SMS); null for SMS when no provider number is known. */
    fromAddress: text('from_address'),
    /** Null for SMS. */
    subject: text('subject'),
    textBody: text('text_body').notNull(),
    htmlBody: text('html_body'),
    provider: text('provider', { enum: outboxProviders }).notNull(),
    status: text('status', { enum: outboxStatuses }).notNull(),
    /** The provider's id for the message (SMTP Message-ID, Twilio message sid). */
    providerMessageId: text('provider_message_id'),
    /** The provider's error message when `status` is `failed`. */
    error: text('error'),
    /** What the message is about, e.g. ('incident', '<uuid>'); both null for free-standing messages. */
    relatedEntityType: text('related_entity_type'),
    relatedEntityId: text('related_entity_id'),
    /**
     * A caller's key for "this message once" (e.g. `email_campaign_recipient:<id>`): a second send with the same key
     * finds this row and calls no provider, so a job resumed after a crash never sends a message twice. Null for
     * messages without one.
     */
    idempotencyKey: text('idempotency_key'),
    ...timestamps,
    sentAt: tstz('sent_at'),
  },
  (t) => [
    index('outbox_message_created_at_idx').on(t.createdAt),
    index('outbox_message_channel_to_idx').on(t.channel, t.toAddress),
    uniqueIndex('outbox_message_idempotency_key_idx').on(t.idempotencyKey),
  ],
);

export type OutboxMessage = typeof outboxMessages.$inferSelect;
