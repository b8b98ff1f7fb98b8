/**
 * The `email-campaign-send` job (contracts `EMAIL_CAMPAIGN_JOB`; docs/campaigns.md; decision 0049): sends an
 * IN_PROGRESS campaign to its PENDING recipients, one at a time, until none is left or the campaign is cancelled.
 *
 * Once per recipient, whatever crashes: the message goes through the messaging service with the idempotency key
 * `email_campaign_recipient:<id>`, unique in the outbox. Before sending, the job looks the key up: a recipient whose
 * message is already recorded (a run that died between sending and marking) is settled from that row (SENT when the
 * provider took it; FAILED when it refused, or when the run died while the provider was being called: it may have
 * been delivered, and it is never sent again). Two runs racing on one recipient insert one outbox row; the loser
 * gets that row back and calls no provider. Marking a recipient (PENDING → SENT / FAILED / SKIPPED) and counting it
 * on the campaign is one conditional update, so no recipient is counted twice.
 *
 * Rate limits (spec s.3 EmailRateLimit, one row per identifier and window): `campaign-sender`, at most
 * CAMPAIGN_EMAILS_PER_MINUTE emails a minute over all campaigns (the job waits for the next window), and
 * `address:<email>`, one campaign email per address per CAMPAIGN_ADDRESS_WINDOW_MINUTES (SKIPPED rate-limited).
 */
import { and, asc, eq, sql } from 'drizzle-orm';
import { campaignSkipReasons, EMAIL_CAMPAIGN_JOB } from '@tend/contracts';
import type { Database } from '../../platform/db/client.ts';
import { recordAudit } from '../../platform/audit/audit.service.ts';
import { systemContext } from '../../platform/http/context.ts';
import { JobInputError, type JobHandler } from '../../platform/jobs/jobs.service.ts';
import {
  MessagingError,
  type MessagingService,
  type OutboxMessage,
} from '../../platform/messaging/messaging.service.ts';
import { findCaseManagerContact } from '../people/case-manager-contacts.ts';
import { accessLinkUrl, issueAccessLink } from '../access/access-links.service.ts';
import { renderCampaignEmail } from './campaign-email.ts';
import { emailCampaignRecipients, emailCampaigns, emailRateLimits } from './campaigns.table.ts';

/** What the sending job needs. */
export interface CampaignSendingDeps {
  db: Database;
  messaging: Pick<MessagingService, 'sendEmail' | 'findByIdempotencyKey'>;
  publicUrl: string;
  defaultFrom: string;
  linkDays: number;
  emailsPerMinute: number;
  addressWindowMinutes: number;
}

/** The rate-limit identifier of all campaign sending. */
export const SENDER_LIMIT_ID = 'campaign-sender';
const WINDOW_MS = 60_000;
const INTERRUPTED =
  'Sending was interrupted by a restart while the email server was being called; it may have arrived, and it is not sent again so that nobody gets it twice.';
const REFUSED = 'The email server refused the message';

type CampaignRow = typeof emailCampaigns.$inferSelect;
type RecipientRow = typeof emailCampaignRecipients.$inferSelect;
type Outcome = { status: 'SENT' | 'FAILED' | 'SKIPPED'; error: string | null };

/** The outbox key of a recipient's message. */
export const recipientKey = (recipientId: string) => `email_campaign_recipient:${recipientId}`;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** What an outbox row already recorded for a recipient means (see the file comment). */
function outcomeOfRecorded(row: OutboxMessage): Outcome {
  if (row.status === 'sent' || (row.status === 'recorded' && row.provider === 'outbox')) {
    return { status: 'SENT', error: null };
  }
  return { status: 'FAILED', error: row.status === 'failed' ? REFUSED : INTERRUPTED };
}

/**
 * Takes one place in the sender-wide window: resolves null when taken, else the milliseconds to wait for the next
 * window. One statement (`email_rate_limit` row `campaign-sender`), safe across instances.
 */
async function takeSenderSlot(db: Database, perMinute: number): Promise<number | null> {
  const stale = sql`${emailRateLimits.windowStart} <= now() - interval '1 minute'`;
  const [taken] = await db
    .insert(emailRateLimits)
    .values({ identifier: SENDER_LIMIT_ID, count: 1 })
    .onConflictDoUpdate({
      target: emailRateLimits.identifier,
      set: {
        count: sql`case when ${stale} then 1 else ${emailRateLimits.count} + 1 end`,
        windowStart: sql`case when ${stale} then now() else ${emailRateLimits.windowStart} end`,
        updatedAt: sql`now()`,
      },
      setWhere: sql`${stale} or ${emailRateLimits.count} < ${perMinute}`,
    })
    .returning({ count: emailRateLimits.count });
  if (taken) return null;
  const [row] = await db
    .select({ windowStart: emailRateLimits.windowStart })
    .from(emailRateLimits)
    .where(eq(emailRateLimits.identifier, SENDER_LIMIT_ID));
  const wait = row ? row.windowStart.getTime() + WINDOW_MS - Date.now() : 0;
  return Math.max(50, Math.min(wait, WINDOW_MS));
}

/** Whether `email` got a campaign email within the last `minutes` (its `address:` rate-limit row). */
async function addressLimited(db: Database, email: string, minutes: number): Promise<boolean> {
  if (minutes <= 0) return false;
  const [row] = await db
    .select({ windowStart: emailRateLimits.windowStart })
    .from(emailRateLimits)
    .where(
      and(
        eq(emailRateLimits.identifier, `address:${email}`),
        sql`${emailRateLimits.windowStart} > now() - make_interval(mins => ${minutes})`,
      ),
    );
  return Boolean(row);
}

/** Whether the campaign is still IN_PROGRESS (not cancelled meanwhile). */
async function stillSending(db: Database, campaignId: string): Promise<boolean> {
  const [row] = await db
    .select({ status: emailCampaigns.status })
    .from(emailCampaigns)
    .where(eq(emailCampaigns.id, campaignId));
  return row?.status === 'IN_PROGRESS';
}

/**
 * Marks `recipient` with `outcome` and counts it on the campaign, once (only while PENDING); a SENT address starts
 * its `address:` window. One transaction. Resolves whether this call marked it.
 */
async function settle(db: Database, recipient: RecipientRow, outcome: Outcome): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [marked] = await tx
      .update(emailCampaignRecipients)
      .set({
        status: outcome.status,
        error: outcome.error,
        sentAt: outcome.status === 'SENT' ? new Date() : null,
        updatedAt: new Date(),
      })
      .where(and(eq(emailCampaignRecipients.id, recipient.id), eq(emailCampaignRecipients.status, 'PENDING')))
      .returning({ id: emailCampaignRecipients.id });
    if (!marked) return false;
    const counter =
      outcome.status === 'SENT'
        ? { sentCount: sql`${emailCampaigns.sentCount} + 1` }
        : outcome.status === 'FAILED'
          ? { failedCount: sql`${emailCampaigns.failedCount} + 1` }
          : { skippedCount: sql`${emailCampaigns.skippedCount} + 1` };
    await tx
      .update(emailCampaigns)
      .set({ ...counter, updatedAt: new Date() })
      .where(eq(emailCampaigns.id, recipient.campaignId));
    if (outcome.status === 'SENT' && recipient.email) {
      await tx
        .insert(emailRateLimits)
        .values({ identifier: `address:${recipient.email}`, count: 1 })
        .onConflictDoUpdate({
          target: emailRateLimits.identifier,
          set: { count: sql`${emailRateLimits.count} + 1`, windowStart: sql`now()`, updatedAt: sql`now()` },
        });
    }
    return true;
  });
}

/** Sends one recipient its email (a fresh personal link) and says how it went; never throws for a refusal. */
async function deliver(
  deps: CampaignSendingDeps,
  campaign: CampaignRow,
  recipient: RecipientRow,
): Promise<Outcome> {
  const email = recipient.email as string;
  const expires = new Date(Date.now() + deps.linkDays * 86_400_000);
  const link = await issueAccessLink(deps.db, {
    purpose: 'DASHBOARD',
    identifier: `case_manager:${recipient.caseManagerId}`,
    expires,
    createdBy: campaign.createdBy,
  });
  const url = accessLinkUrl(deps.publicUrl, link.token);
  const rendered = renderCampaignEmail(
    {
      subject: campaign.subject,
      fromEmail: campaign.fromEmail,
      fromName: campaign.fromName,
      customMessage: campaign.customMessage,
      recipientName: recipient.name,
      link: url,
      linkExpires: expires,
    },
    deps.defaultFrom,
  );
  try {
    const row = await deps.messaging.sendEmail({
      to: email,
      ...rendered,
      idempotencyKey: recipientKey(recipient.id),
      relatedEntityType: 'email_campaign_recipient',
      relatedEntityId: recipient.id,
      secrets: [url, link.token],
    });
    return outcomeOfRecorded(row);
  } catch (error) {
    if (!(error instanceof MessagingError)) throw error;
    return {
      status: 'FAILED',
      error: error.code === 'MESSAGE_INVALID' ? 'Not a valid email address' : REFUSED,
    };
  }
}

/** Handles one PENDING recipient (see the file comment). Resolves whether the campaign goes on. */
async function handleRecipient(
  deps: CampaignSendingDeps,
  campaign: CampaignRow,
  recipient: RecipientRow,
): Promise<boolean> {
  const recorded = await deps.messaging.findByIdempotencyKey(recipientKey(recipient.id));
  if (recorded) return settle(deps.db, recipient, outcomeOfRecorded(recorded)).then(() => true);
  const contact = recipient.caseManagerId
    ? await findCaseManagerContact(deps.db, recipient.caseManagerId)
    : null;
  if (!contact || contact.archived || !recipient.email) {
    const error = !contact ? campaignSkipReasons.unknown : campaignSkipReasons.archived;
    return settle(deps.db, recipient, { status: 'SKIPPED', error }).then(() => true);
  }
  if (await addressLimited(deps.db, recipient.email, deps.addressWindowMinutes)) {
    return settle(deps.db, recipient, { status: 'SKIPPED', error: campaignSkipReasons.rateLimited }).then(
      () => true,
    );
  }
  for (;;) {
    const wait = await takeSenderSlot(deps.db, deps.emailsPerMinute);
    if (wait === null) break;
    await sleep(Math.min(wait, 1000));
    if (!(await stillSending(deps.db, campaign.id))) return false;
  }
  await settle(deps.db, recipient, await deliver(deps, campaign, recipient));
  return true;
}

/** The next PENDING recipients of a campaign, in name order (then id). */
function pendingRecipients(db: Database, campaignId: string, limit: number) {
  return db
    .select()
    .from(emailCampaignRecipients)
    .where(
      and(eq(emailCampaignRecipients.campaignId, campaignId), eq(emailCampaignRecipients.status, 'PENDING')),
    )
    .orderBy(asc(emailCampaignRecipients.name), asc(emailCampaignRecipients.id))
    .limit(limit);
}

/** Ends the campaign: COMPLETED, or FAILED when nothing was sent and something failed; a cancel stays CANCELLED. */
async function finish(db: Database, campaignId: string): Promise<CampaignRow | undefined> {
  const [row] = await db
    .update(emailCampaigns)
    .set({
      status: sql`case when ${emailCampaigns.sentCount} = 0 and ${emailCampaigns.failedCount} > 0 then 'FAILED'::email_campaign_status else 'COMPLETED'::email_campaign_status end`,
      completedAt: new Date(),
    })
    .where(and(eq(emailCampaigns.id, campaignId), eq(emailCampaigns.status, 'IN_PROGRESS')))
    .returning();
  return row;
}

/** Creates the job handler. Metadata: `{ campaignId }`. Result: the campaign's final counts. */
export function createCampaignSendingHandler(deps: CampaignSendingDeps): JobHandler {
  return async (ctx) => {
    const campaignId = typeof ctx.metadata.campaignId === 'string' ? ctx.metadata.campaignId : null;
    if (!campaignId) throw new JobInputError('The campaign id is missing');
    const [campaign] = await deps.db.select().from(emailCampaigns).where(eq(emailCampaigns.id, campaignId));
    if (!campaign) throw new JobInputError('The campaign no longer exists');
    let going = campaign.status === 'IN_PROGRESS';
    while (going) {
      const batch = await pendingRecipients(deps.db, campaignId, 50);
      if (!batch.length) break;
      for (const recipient of batch) {
        going =
          (await stillSending(deps.db, campaignId)) && (await handleRecipient(deps, campaign, recipient));
        if (!going) break;
      }
      const [counts] = await deps.db.select().from(emailCampaigns).where(eq(emailCampaigns.id, campaignId));
      if (counts) {
        const done = counts.sentCount + counts.failedCount + counts.skippedCount;
        await ctx.progress(
          (done / Math.max(1, counts.totalRecipients)) * 100,
          `${done} of ${counts.totalRecipients} recipients handled`,
        );
      }
    }
    const ended =
      (await finish(deps.db, campaignId)) ??
      (await deps.db.select().from(emailCampaigns).where(eq(emailCampaigns.id, campaignId)))[0];
    const result = {
      campaignId,
      status: ended?.status ?? 'UNKNOWN',
      sent: ended?.sentCount ?? 0,
      failed: ended?.failedCount ?? 0,
      skipped: ended?.skippedCount ?? 0,
    };
    await recordAudit(deps.db, systemContext(`job:${ctx.jobId}`), {
      action: 'email_campaign.finish',
      entityType: 'email_campaign',
      entityId: campaignId,
      details: result,
    });
    return result;
  };
}

export { EMAIL_CAMPAIGN_JOB };
