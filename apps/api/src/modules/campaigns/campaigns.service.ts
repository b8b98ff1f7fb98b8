/**
 * Case-manager email campaigns (issue 20 "Campaigns"; spec s.1, s.3 EmailCampaign, EmailCampaignRecipient; s.4
 * statuses; docs/campaigns.md; decision 0049): create (recipients fixed at creation), preview, send (a job:
 * campaign-sending.ts), cancel, read. Admin only (the routes' guard); every read and write is audited with ids and
 * counts, never names, addresses or message bodies.
 *
 * Recipients are fixed when the campaign is created: one row per case manager chosen, PENDING, or SKIPPED at once
 * when archived, without an email, or with an address an earlier recipient of the campaign already has (case
 * ignored). The sending job skips those archived since, and those rate-limited, when it reaches them.
 */
import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import {
  ACCESS_LINK_PAGE,
  campaignSkipReasons,
  EMAIL_CAMPAIGN_JOB,
  type CampaignCandidates,
  type CampaignPreview,
  type EmailCampaign,
  type EmailCampaignRecipient,
  type campaignInput,
  type campaignPreviewInput,
} from '@tend/contracts';
import type { z } from 'zod';
import type { Database } from '../../platform/db/client.ts';
import { recordAudit } from '../../platform/audit/audit.service.ts';
import type { RequestContext } from '../../platform/http/context.ts';
import { AppError, notFound } from '../../platform/http/errors.ts';
import type { JobRunner } from '../../platform/jobs/jobs.service.ts';
import {
  caseManagerDirectory,
  findCaseManagerContact,
  findCaseManagerContacts,
  type CaseManagerContact,
} from '../people/case-manager-contacts.ts';
import { renderCampaignEmail } from './campaign-email.ts';
import { emailCampaignRecipients, emailCampaigns } from './campaigns.table.ts';

/** What the campaign services need. */
export interface CampaignDeps {
  db: Database;
  jobs: Pick<JobRunner, 'enqueue'>;
  publicUrl: string;
  /** config MAIL_FROM: the sender when a campaign names none. */
  defaultFrom: string;
  /** Days a campaign's dashboard link works (config CAMPAIGN_LINK_DAYS). */
  linkDays: number;
}

type CampaignRow = typeof emailCampaigns.$inferSelect;

const iso = (value: Date | null) => (value ? value.toISOString() : null);

function toCampaign(row: CampaignRow): EmailCampaign {
  return {
    id: row.id,
    name: row.name,
    subject: row.subject,
    fromEmail: row.fromEmail,
    fromName: row.fromName,
    customMessage: row.customMessage,
    status: row.status,
    totalRecipients: row.totalRecipients,
    sentCount: row.sentCount,
    failedCount: row.failedCount,
    skippedCount: row.skippedCount,
    pendingCount: Math.max(0, row.totalRecipients - row.sentCount - row.failedCount - row.skippedCount),
    startedAt: iso(row.startedAt),
    completedAt: iso(row.completedAt),
    createdByEmail: row.createdByEmail,
    createdAt: row.createdAt.toISOString(),
  };
}

/** A recipient row to insert for `contact`, PENDING or SKIPPED with the reason; `seen` holds addresses taken. */
function recipientFor(contact: CaseManagerContact, seen: Set<string>) {
  const email = contact.email?.toLowerCase() ?? null;
  const base = { caseManagerId: contact.id, name: contact.name, email };
  if (contact.archived) return { ...base, status: 'SKIPPED' as const, error: campaignSkipReasons.archived };
  if (!email) return { ...base, status: 'SKIPPED' as const, error: campaignSkipReasons.noEmail };
  if (seen.has(email)) return { ...base, status: 'SKIPPED' as const, error: campaignSkipReasons.duplicate };
  seen.add(email);
  return { ...base, status: 'PENDING' as const, error: null };
}

/**
 * Creates a PENDING campaign and its recipients (see the file comment). Audited `email_campaign.create` with the
 * counts. Errors: VALIDATION_FAILED on `recipients` when no case manager matches the choice.
 */
export async function createCampaign(
  db: Database,
  ctx: RequestContext,
  input: z.output<typeof campaignInput>,
): Promise<EmailCampaign> {
  const contacts = await findCaseManagerContacts(db, input.recipients);
  if (!contacts.length) {
    throw AppError.field('recipients', 'match no case manager: choose other counties or pick case managers');
  }
  const seen = new Set<string>();
  const rows = contacts.map((contact) => recipientFor(contact, seen));
  const skipped = rows.filter((row) => row.status === 'SKIPPED').length;
  return db.transaction(async (tx) => {
    const [campaign] = await tx
      .insert(emailCampaigns)
      .values({
        name: input.name,
        subject: input.subject,
        fromEmail: input.fromEmail,
        fromName: input.fromName,
        customMessage: input.customMessage,
        totalRecipients: rows.length,
        skippedCount: skipped,
        createdBy: ctx.actor?.userAccountId ?? null,
        createdByEmail: ctx.actor?.email ?? null,
      })
      .returning();
    if (!campaign) throw new Error('the campaign was not stored');
    for (let start = 0; start < rows.length; start += 500) {
      const batch = rows.slice(start, start + 500).map((row) => ({ ...row, campaignId: campaign.id }));
      await tx.insert(emailCampaignRecipients).values(batch);
    }
    await recordAudit(tx, ctx, {
      action: 'email_campaign.create',
      entityType: 'email_campaign',
      entityId: campaign.id,
      details: { mode: input.recipients.mode, recipients: rows.length, skipped },
    });
    return toCampaign(campaign);
  });
}

/** The campaign row, or NOT_FOUND. */
async function campaignRow(db: Database, id: string): Promise<CampaignRow> {
  const [row] = await db.select().from(emailCampaigns).where(eq(emailCampaigns.id, id));
  if (!row) throw notFound('Campaign');
  return row;
}

/** One campaign with its live counts. Audited `email_campaign.read`. Errors: NOT_FOUND. */
export async function getCampaign(db: Database, ctx: RequestContext, id: string): Promise<EmailCampaign> {
  const row = await campaignRow(db, id);
  await recordAudit(db, ctx, { action: 'email_campaign.read', entityType: 'email_campaign', entityId: id });
  return toCampaign(row);
}

/** Every campaign, newest first (at most 200). Audited `email_campaign.list` with the count. */
export async function listCampaigns(db: Database, ctx: RequestContext): Promise<{ items: EmailCampaign[] }> {
  const rows = await db
    .select()
    .from(emailCampaigns)
    .orderBy(desc(emailCampaigns.createdAt), desc(emailCampaigns.id))
    .limit(200);
  await recordAudit(db, ctx, {
    action: 'email_campaign.list',
    entityType: 'email_campaign',
    details: { count: rows.length },
  });
  return { items: rows.map(toCampaign) };
}

/**
 * A campaign's recipients: failed first, then pending, skipped and sent, each in name order. Audited
 * `email_campaign_recipient.list` with the count. Errors: NOT_FOUND.
 */
export async function listRecipients(
  db: Database,
  ctx: RequestContext,
  campaignId: string,
): Promise<{ items: EmailCampaignRecipient[] }> {
  await campaignRow(db, campaignId);
  const rows = await db
    .select()
    .from(emailCampaignRecipients)
    .where(eq(emailCampaignRecipients.campaignId, campaignId))
    .orderBy(
      sql`case ${emailCampaignRecipients.status} when 'FAILED' then 0 when 'PENDING' then 1 when 'SKIPPED' then 2 else 3 end`,
      asc(emailCampaignRecipients.name),
      asc(emailCampaignRecipients.id),
    );
  await recordAudit(db, ctx, {
    action: 'email_campaign_recipient.list',
    entityType: 'email_campaign',
    entityId: campaignId,
    details: { count: rows.length },
  });
  return {
    items: rows.map((row) => ({
      id: row.id,
      caseManagerId: row.caseManagerId,
      name: row.name,
      email: row.email ?? '',
      status: row.status,
      error: row.error,
      sentAt: iso(row.sentAt),
    })),
  };
}

/**
 * The email as `caseManagerId` (or a sample recipient) would get it, with a sample link that opens nothing.
 * Audited `email_campaign.preview`. Errors: NOT_FOUND for an unknown case manager.
 */
export async function previewCampaign(
  deps: Pick<CampaignDeps, 'db' | 'publicUrl' | 'defaultFrom' | 'linkDays'>,
  ctx: RequestContext,
  input: z.output<typeof campaignPreviewInput>,
): Promise<CampaignPreview> {
  const contact = input.caseManagerId ? await findCaseManagerContact(deps.db, input.caseManagerId) : null;
  if (input.caseManagerId && !contact) throw notFound('Case manager');
  const sample = new URL(ACCESS_LINK_PAGE, deps.publicUrl);
  sample.searchParams.set('token', 'sample-link-each-recipient-gets-their-own');
  const email = renderCampaignEmail(
    {
      subject: input.subject,
      fromEmail: input.fromEmail,
      fromName: input.fromName,
      customMessage: input.customMessage,
      recipientName: contact?.name ?? 'Jordan Case Manager',
      link: sample.href,
      linkExpires: new Date(Date.now() + deps.linkDays * 86_400_000),
    },
    deps.defaultFrom,
  );
  await recordAudit(deps.db, ctx, {
    action: 'email_campaign.preview',
    entityType: 'email_campaign',
    details: { caseManagerId: input.caseManagerId ?? null },
  });
  return {
    from: email.from ?? deps.defaultFrom,
    to: contact?.email ?? 'case.manager@example.org',
    subject: email.subject,
    text: email.text,
    html: email.html,
  };
}

/**
 * Starts sending: PENDING → IN_PROGRESS (once: a second call is CONFLICT) and queues the sending job. Audited
 * `email_campaign.send` with the job id. Errors: NOT_FOUND; CONFLICT when the campaign is not PENDING.
 */
export async function sendCampaign(
  deps: CampaignDeps,
  ctx: RequestContext,
  id: string,
): Promise<EmailCampaign> {
  await campaignRow(deps.db, id);
  const [started] = await deps.db
    .update(emailCampaigns)
    .set({ status: 'IN_PROGRESS', startedAt: new Date() })
    .where(and(eq(emailCampaigns.id, id), eq(emailCampaigns.status, 'PENDING')))
    .returning();
  if (!started) throw new AppError('CONFLICT', 'This campaign was sent already or cancelled.');
  const job = await deps.jobs.enqueue({
    jobType: EMAIL_CAMPAIGN_JOB,
    metadata: { campaignId: id },
    triggeredBy: ctx.actor?.userAccountId ?? null,
  });
  await recordAudit(deps.db, ctx, {
    action: 'email_campaign.send',
    entityType: 'email_campaign',
    entityId: id,
    details: { jobId: job.id, recipients: started.totalRecipients },
  });
  return toCampaign(started);
}

/**
 * Cancels a PENDING or IN_PROGRESS campaign: the job stops before its next recipient; recipients not reached stay
 * PENDING. Audited `email_campaign.cancel`. Errors: NOT_FOUND; CONFLICT when it has ended.
 */
export async function cancelCampaign(db: Database, ctx: RequestContext, id: string): Promise<EmailCampaign> {
  await campaignRow(db, id);
  const [cancelled] = await db
    .update(emailCampaigns)
    .set({ status: 'CANCELLED', completedAt: new Date() })
    .where(and(eq(emailCampaigns.id, id), inArray(emailCampaigns.status, ['PENDING', 'IN_PROGRESS'])))
    .returning();
  if (!cancelled) throw new AppError('CONFLICT', 'This campaign has ended; it cannot be cancelled.');
  await recordAudit(db, ctx, { action: 'email_campaign.cancel', entityType: 'email_campaign', entityId: id });
  return toCampaign(cancelled);
}

/** The recipients chooser: every case manager (archived included) and the counties of active ones. Audited. */
export async function listCandidates(db: Database, ctx: RequestContext): Promise<CampaignCandidates> {
  const { contacts, counties } = await caseManagerDirectory(db);
  await recordAudit(db, ctx, {
    action: 'email_campaign.list',
    entityType: 'case_manager',
    details: { candidates: contacts.length },
  });
  return {
    items: contacts.map((contact) => ({
      id: contact.id,
      name: contact.name,
      county: contact.county,
      hasEmail: contact.email !== null,
      archived: contact.archived,
    })),
    counties,
  };
}
