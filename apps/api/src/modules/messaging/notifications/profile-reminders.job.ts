/**
 * The `profile-completion-reminders` job (contracts `PROFILE_REMINDER_JOB`; issue 22 "Profile-completion reminders
 * (ProfileCompletionNotification) on a schedule with nextEmailScheduledAt, stopping once resolved"; decision 0060),
 * run on a schedule (`sweeps.ts`).
 *
 * A listing is incomplete while it has a `high` profile alert (module matchmaking `listing-completion.ts`). Each run:
 * 1. opens one active `profile_completion_notification` per incomplete listing that has none (`user_id` = the
 *    listing, `user_type` its side, `issue_type` `incomplete-profile`, `issue_details.missing` = the alert fields,
 *    `notification_schedule` = `PROFILE_REMINDER_SCHEDULE_DAYS`, the first email due a day later);
 * 2. resolves (`resolved_at`, inactive) the active rows whose listing is complete now or gone;
 * 3. sends each due reminder: a conditional update takes it (`emails_sent` + 1 where it still has the count read, so
 *    concurrent runs send it once) and moves `next_email_scheduled_at` to the next day of the schedule (null after
 *    the last); then each active account of the owner gets the email, unless the owner turned email off (counted
 *    `optedOut`, the schedule still moves on). Outbox key `profile-reminder:<rowId>:<n>:<accountId>`.
 * The run is audited `profile_reminder.run` with counts only.
 */
import { and, eq, inArray, lte } from 'drizzle-orm';
import { PROFILE_REMINDER_SCHEDULE_DAYS } from '@tend/contracts';
import { recordAudit } from '../../../platform/audit/audit.service.ts';
import type { Database } from '../../../platform/db/client.ts';
import { systemContext } from '../../../platform/http/context.ts';
import type { JobHandler } from '../../../platform/jobs/jobs.service.ts';
import type { MessagingService } from '../../../platform/messaging/messaging.service.ts';
import { listingCompletions, type ListingCompletion } from '../../matchmaking/listing-completion.ts';
import { profileCompletionNotifications as reminders } from '../messaging.table.ts';
import { matchmakingLink, renderNotificationEmail } from './notification-templates.ts';
import { recipientsOfOwner } from './recipients.ts';
import { nextReminderAt } from './reminder-schedule.ts';

/** What the job needs. */
export interface ProfileReminderDeps {
  db: Database;
  messaging: Pick<MessagingService, 'sendEmail'>;
  publicUrl: string;
}

export const INCOMPLETE_PROFILE = 'incomplete-profile';

type ReminderRow = typeof reminders.$inferSelect;
const keyOf = (side: string, listingId: string) => `${side}:${listingId}`;

/** Steps 1 and 2: opens rows for newly incomplete listings, resolves rows of complete ones; resolves the counts. */
async function reconcile(db: Database, completions: ListingCompletion[], now: Date) {
  const active = await db
    .select()
    .from(reminders)
    .where(and(eq(reminders.isActive, true), eq(reminders.issueType, INCOMPLETE_PROFILE)));
  const open = new Set(active.map((row) => keyOf(row.userType, row.userId)));
  const incomplete = completions.filter((listing) => listing.missing.length > 0);
  const stillIncomplete = new Set(incomplete.map((listing) => keyOf(listing.side, listing.listingId)));
  const fresh = incomplete.filter((listing) => !open.has(keyOf(listing.side, listing.listingId)));
  const schedule = [...PROFILE_REMINDER_SCHEDULE_DAYS];
  if (fresh.length)
    await db.insert(reminders).values(
      fresh.map((listing) => ({
        userId: listing.listingId,
        userType: listing.side,
        issueType: INCOMPLETE_PROFILE,
        issueDetails: { missing: listing.missing },
        notificationSchedule: schedule,
        nextEmailScheduledAt: nextReminderAt(now, schedule, 0),
      })),
    );
  const resolved = active.filter((row) => !stillIncomplete.has(keyOf(row.userType, row.userId)));
  if (resolved.length)
    await db
      .update(reminders)
      .set({ isActive: false, resolvedAt: now, nextEmailScheduledAt: null, updatedAt: now })
      .where(
        and(
          inArray(
            reminders.id,
            resolved.map((row) => row.id),
          ),
          eq(reminders.isActive, true),
        ),
      );
  return { opened: fresh.length, resolved: resolved.length };
}

/** Takes due row `row` (see step 3); resolves whether this run took it. */
async function takeDue(db: Database, row: ReminderRow, now: Date): Promise<boolean> {
  const schedule = row.notificationSchedule ?? [...PROFILE_REMINDER_SCHEDULE_DAYS];
  const taken = await db
    .update(reminders)
    .set({
      emailsSent: row.emailsSent + 1,
      lastEmailSentAt: now,
      nextEmailScheduledAt: nextReminderAt(row.createdAt, schedule, row.emailsSent + 1),
      updatedAt: now,
    })
    .where(
      and(eq(reminders.id, row.id), eq(reminders.emailsSent, row.emailsSent), eq(reminders.isActive, true)),
    )
    .returning({ id: reminders.id });
  return taken.length > 0;
}

/** Step 3 for one due row: resolves the emails sent, or null when its owner opted out. */
async function sendReminder(
  deps: ProfileReminderDeps,
  row: ReminderRow,
  listing: ListingCompletion,
): Promise<number | null> {
  const recipients = await recipientsOfOwner(deps.db, listing.owner);
  if (!recipients?.emailEnabled) return null;
  let sent = 0;
  for (const account of recipients.accounts) {
    if (!account.email) continue;
    const email = renderNotificationEmail(account.locale, 'profileReminder', {
      count: listing.missing.length,
      link: matchmakingLink(deps.publicUrl, listing.side, '/profile'),
      settingsLink: matchmakingLink(deps.publicUrl, listing.side, '/profile'),
    });
    await deps.messaging.sendEmail({
      to: account.email,
      ...email,
      relatedEntityType: 'profile_completion_notification',
      relatedEntityId: row.id,
      idempotencyKey: `profile-reminder:${row.id}:${row.emailsSent + 1}:${account.userAccountId}`,
    });
    sent += 1;
  }
  return sent;
}

/** One run at `now` (see the file comment); resolves its counts. */
export async function runProfileReminders(deps: ProfileReminderDeps, jobId: string, now = new Date()) {
  const completions = await listingCompletions(deps.db, now.toISOString().slice(0, 10));
  const { opened, resolved } = await reconcile(deps.db, completions, now);
  const byKey = new Map(completions.map((listing) => [keyOf(listing.side, listing.listingId), listing]));
  const due = await deps.db
    .select()
    .from(reminders)
    .where(
      and(
        eq(reminders.isActive, true),
        eq(reminders.issueType, INCOMPLETE_PROFILE),
        lte(reminders.nextEmailScheduledAt, now),
      ),
    );
  const counts = { opened, resolved, due: due.length, emailed: 0, optedOut: 0 };
  for (const row of due) {
    const listing = byKey.get(keyOf(row.userType, row.userId));
    if (!listing || !(await takeDue(deps.db, row, now))) continue;
    const sent = await sendReminder(deps, row, listing);
    if (sent === null) counts.optedOut += 1;
    else counts.emailed += sent;
  }
  await recordAudit(deps.db, systemContext(`job:${jobId}`), {
    action: 'profile_reminder.run',
    entityType: 'processing_job',
    entityId: jobId,
    details: counts,
  });
  return counts;
}

/** The `profile-completion-reminders` handler over `deps`. */
export function createProfileReminderHandler(deps: ProfileReminderDeps): JobHandler {
  return async (ctx) => runProfileReminders(deps, ctx.jobId);
}
