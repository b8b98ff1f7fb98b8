/**
 * Email campaign tables (spec s.3 EmailCampaign, EmailCampaignRecipient, EmailRateLimit): bulk emails
 * to case managers, one row per recipient, and the send-rate window.
 */
import { sql } from 'drizzle-orm';
import { index, integer, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { idColumn, timestamps, tstz } from '../../platform/db/columns.ts';
import { emailCampaignStatusEnum, emailRecipientStatusEnum } from '../../platform/db/enums.ts';
import { userAccounts } from '../../platform/auth/auth.table.ts';
import { caseManagers } from '../people/people.table.ts';

/** One bulk email (spec s.3 EmailCampaign). */
export const emailCampaigns = pgTable(
  'email_campaign',
  {
    id: idColumn(),
    name: text('name').notNull(),
    subject: text('subject').notNull(),
    fromEmail: text('from_email'),
    fromName: text('from_name'),
    customMessage: text('custom_message'),
    status: emailCampaignStatusEnum('status').notNull().default('PENDING'),
    totalRecipients: integer('total_recipients').notNull().default(0),
    sentCount: integer('sent_count').notNull().default(0),
    failedCount: integer('failed_count').notNull().default(0),
    skippedCount: integer('skipped_count').notNull().default(0),
    startedAt: tstz('started_at'),
    completedAt: tstz('completed_at'),
    createdBy: uuid('created_by').references(() => userAccounts.id, { onDelete: 'set null' }),
    /** Creator's email at creation, kept if the account goes away. */
    createdByEmail: text('created_by_email'),
    ...timestamps,
  },
  (t) => [
    index('email_campaign_status_idx').on(t.status),
    index('email_campaign_created_by_idx').on(t.createdBy),
    index('email_campaign_created_at_idx').on(t.createdAt),
  ],
);

/**
 * One recipient of a campaign. `email` is lower case, null when the case manager had none (SKIPPED); it is unique
 * per campaign among recipients not SKIPPED, so no address is sent a campaign twice (a second case manager with the
 * same address is SKIPPED as a duplicate). The message itself goes out once per recipient through the outbox's
 * idempotency key `email_campaign_recipient:<id>` (docs/campaigns.md).
 */
export const emailCampaignRecipients = pgTable(
  'email_campaign_recipient',
  {
    id: idColumn(),
    campaignId: uuid('campaign_id')
      .notNull()
      .references(() => emailCampaigns.id, { onDelete: 'cascade' }),
    caseManagerId: uuid('case_manager_id').references(() => caseManagers.id, { onDelete: 'set null' }),
    email: text('email'),
    name: text('name'),
    status: emailRecipientStatusEnum('status').notNull().default('PENDING'),
    sentAt: tstz('sent_at'),
    error: text('error'),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('email_campaign_recipient_email_idx')
      .on(t.campaignId, t.email)
      .where(sql`${t.status} <> 'SKIPPED'`),
    index('email_campaign_recipient_status_idx').on(t.campaignId, t.status),
    index('email_campaign_recipient_case_manager_idx').on(t.caseManagerId),
  ],
);

/** Send counter for one identifier (sender, domain or campaign) in the current window (spec s.3 EmailRateLimit). */
export const emailRateLimits = pgTable(
  'email_rate_limit',
  {
    id: idColumn(),
    identifier: text('identifier').notNull(),
    count: integer('count').notNull().default(0),
    windowStart: tstz('window_start').notNull().defaultNow(),
    ...timestamps,
  },
  (t) => [uniqueIndex('email_rate_limit_identifier_idx').on(t.identifier)],
);
