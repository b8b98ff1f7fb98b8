/**
 * The notification and clean-up jobs on the real app (both engines): new-message emails and SMS through the
 * in-process SMTP server and a fake Twilio, the throttle under a burst of concurrent jobs, opt-outs, presence, the
 * no-reply auto-decline, pre-match retention and profile-completion reminders (decision 0060).
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import {
  MESSAGE_NOTIFICATION_JOB,
  PRE_MATCH_RETENTION_JOB,
  PROFILE_REMINDER_JOB,
  REQUEST_NO_REPLY_JOB,
} from '@tend/contracts';
import { createTestApp, type TestApp } from '../../../../test/helpers.ts';
import {
  startFakeTwilioServer,
  startTestSmtpServer,
  type FakeTwilioServer,
  type TestSmtpServer,
} from '../../../platform/messaging/messaging.test-helpers.ts';
import { messageSent } from '../../../workflows/events.ts';
import {
  emailNotifications,
  messageRequests,
  messages,
  profileCompletionNotifications,
  smsNotifications,
} from '../messaging.table.ts';
import { notifyMessage, type MessageNotificationDeps } from './message-notification.job.ts';
import { closeUnansweredRequests } from './no-reply.job.ts';
import { runProfileReminders } from './profile-reminders.job.ts';
import { deleteOldPreMatchThreads } from './retention.job.ts';
import { isViewingConversation } from '../presence.service.ts';
import {
  matchedPair,
  requestSent,
  sentPayload,
  setAccount,
  setChoices,
  storeMessage,
  type Pair,
} from './notifications.test-support.ts';

let t: TestApp;
let smtp: TestSmtpServer;
let twilio: FakeTwilioServer;
let deps: MessageNotificationDeps;

beforeAll(async () => {
  smtp = await startTestSmtpServer();
  twilio = await startFakeTwilioServer();
  t = await createTestApp(
    {
      publicUrl: 'https://tend.example.org',
      mail: { smtpUrl: smtp.url, from: 'Tend <tend@example.org>' },
      sms: { accountSid: 'AC123', authToken: 'secret', from: '+15035550000', baseUrl: twilio.baseUrl },
    },
    { jobs: true },
  );
  deps = {
    db: t.database.db,
    realtime: t.app.deps.realtime,
    messaging: t.app.deps.messaging,
    publicUrl: 'https://tend.example.org',
    throttleMinutes: 15,
    isViewingConversation,
  };
}, 60_000);
afterAll(async () => {
  await t.close();
  await smtp.close();
  await twilio.close();
});

const mailsTo = (address: string) => smtp.received.filter((mail) => mail.envelope.to.includes(address));

describe('message-notification', () => {
  let pair: Pair;
  beforeEach(async () => {
    pair = await matchedPair(t);
  });

  it('sends exactly one email for a burst of five messages handled by concurrent jobs, with a link and no content', async () => {
    const ids: string[] = [];
    for (let i = 0; i < 5; i += 1) ids.push(await storeMessage(t, pair, 'CAREGIVER', `Secret words ${i}`));
    const results = await Promise.all(ids.map((id) => notifyMessage(deps, sentPayload(pair, id))));
    expect(results.reduce((sum, r) => sum + r.emailed, 0)).toBe(1);
    expect(results.reduce((sum, r) => sum + r.throttled, 0)).toBe(4);
    const mails = mailsTo(pair.caregiver.email);
    expect(mails).toHaveLength(1);
    const text = mails[0]?.mail.text ?? '';
    expect(text).toContain(`https://tend.example.org/matchmaking/caregiver/messager/${pair.matchId}`);
    expect(text).not.toContain('Secret words');
    expect(text).not.toContain('Pablo');
    const rows = await t.database.db
      .select()
      .from(emailNotifications)
      .where(eq(emailNotifications.conversationId, pair.conversationId));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      recipientId: pair.caregiver.accountId,
      recipientType: 'CAREGIVER',
      emailType: 'new-message',
    });
    const triggered = await t.database.db
      .select({ id: messages.id })
      .from(messages)
      .where(and(eq(messages.conversationId, pair.conversationId), eq(messages.triggeredEmail, true)));
    expect(triggered).toHaveLength(1);
  });

  it('sends again once the throttle window has passed, and per conversation', async () => {
    const first = await storeMessage(t, pair);
    expect((await notifyMessage(deps, sentPayload(pair, first))).emailed).toBe(1);
    await t.database.db
      .update(emailNotifications)
      .set({ lastEmailSentAt: new Date(Date.now() - 16 * 60_000) })
      .where(eq(emailNotifications.conversationId, pair.conversationId));
    const second = await storeMessage(t, pair);
    expect((await notifyMessage(deps, sentPayload(pair, second))).emailed).toBe(1);
    const toFamily = await storeMessage(t, pair, 'CLIENT');
    const result = await notifyMessage(deps, sentPayload(pair, toFamily, 'CLIENT'));
    expect(result.emailed).toBe(1);
    expect(mailsTo(pair.family.email)[0]?.mail.text).toContain(
      `/matchmaking/client/messager/${pair.matchId}`,
    );
  });

  it('sends nothing to an owner who turned email off, nor for a message already read', async () => {
    await setChoices(t, 'tinder_caregiver', pair.caregiverId, { email: false });
    const id = await storeMessage(t, pair);
    expect(await notifyMessage(deps, sentPayload(pair, id))).toMatchObject({ emailed: 0, optedOut: 1 });
    await setChoices(t, 'tinder_caregiver', pair.caregiverId, { email: true });
    await t.database.db.update(messages).set({ isRead: true, readAt: new Date() }).where(eq(messages.id, id));
    expect(await notifyMessage(deps, sentPayload(pair, id))).toMatchObject({
      skipped: 'already-read',
      emailed: 0,
    });
    expect(mailsTo(pair.caregiver.email)).toHaveLength(0);
  });

  it('sends nothing to an account viewing the conversation', async () => {
    const id = await storeMessage(t, pair);
    const result = await notifyMessage(
      {
        ...deps,
        isViewingConversation: async (_deps, accountId, conversationId) =>
          accountId === pair.caregiver.accountId && conversationId === pair.conversationId,
      },
      sentPayload(pair, id),
    );
    expect(result).toMatchObject({ viewing: 1, emailed: 0 });
    expect(mailsTo(pair.caregiver.email)).toHaveLength(0);
  });

  it("texts an owner who opted in, in the account's language, and keeps the provider's id and status", async () => {
    await setChoices(t, 'guardian', pair.guardianId, { sms: true, phone: '+15035550142' });
    await setAccount(t, pair.family.accountId, { locale: 'es' });
    const id = await storeMessage(t, pair, 'CLIENT');
    const before = twilio.requests.length;
    const result = await notifyMessage(deps, sentPayload(pair, id, 'CLIENT'));
    expect(result).toMatchObject({ emailed: 1, texted: 1 });
    expect(twilio.requests.length).toBe(before + 1);
    const body = new URLSearchParams(twilio.requests.at(-1)?.body ?? '');
    expect(body.get('To')).toBe('+15035550142');
    expect(body.get('Body')).toContain('alguien con quien hizo match');
    expect(mailsTo(pair.family.email)[0]?.mail.subject).toBe('Tiene un mensaje nuevo en Tend');
    const [row] = await t.database.db
      .select()
      .from(smsNotifications)
      .where(eq(smsNotifications.conversationId, pair.conversationId));
    expect(row?.providerMessageId).toMatch(/^SM/);
    expect(row?.deliveryStatus).toBe('sent');
    const again = await notifyMessage(
      deps,
      sentPayload(pair, await storeMessage(t, pair, 'CLIENT'), 'CLIENT'),
    );
    expect(again).toMatchObject({ emailed: 0, texted: 0, throttled: 2 });
  });

  it('runs as a job for every messageSent event (the workflow): one email for a burst, each run audited', async () => {
    const ids: string[] = [];
    for (let i = 0; i < 5; i += 1) ids.push(await storeMessage(t, pair));
    for (const id of ids) await t.app.deps.events.publish(messageSent, sentPayload(pair, id));
    const runs = (await t.app.deps.jobs.listJobs({ limit: 200 })).filter(
      (job) => job.jobType === MESSAGE_NOTIFICATION_JOB && ids.includes(job.metadata?.messageId as string),
    );
    expect(runs).toHaveLength(5);
    const finished = [];
    for (const run of runs) finished.push(await waitForJobDirect(run.id));
    expect(finished.every((job) => job?.status === 'COMPLETED')).toBe(true);
    expect(mailsTo(pair.caregiver.email)).toHaveLength(1);
    for (const id of ids) expect(await auditOf('message_notification.run', id)).toHaveLength(1);
  });
});

/** The details of the audit events `action` about `entityId`. */
async function auditOf(action: string, entityId: string) {
  const result = await t.database.db.execute<{ details: unknown }>(
    sql`select details from audit_event where action = ${action} and entity_id = ${entityId}`,
  );
  return result.rows.map((row) => row.details);
}

/** Polls job `id` until it ends (20 s at most). */
async function waitForJobDirect(id: string) {
  for (let i = 0; i < 400; i += 1) {
    const job = await t.app.deps.jobs.getJob(id);
    if (job?.status === 'COMPLETED' || job?.status === 'FAILED') return job;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`job ${id} did not finish`);
}

describe('message-request-no-reply', () => {
  it('closes only requests pending for 7 days, politely tells the sender, and finds nothing the second time', async () => {
    const pair = await matchedPair(t);
    const old = await requestSent(t, pair, { daysAgo: 8 });
    const recent = await requestSent(t, pair, { daysAgo: 2 });
    const answered = await requestSent(t, pair, { daysAgo: 9, accepted: 'ACCEPTED' });
    const job = await t.app.deps.jobs.enqueue({ jobType: REQUEST_NO_REPLY_JOB });
    const done = await waitForJobDirect(job.id);
    expect(done?.status).toBe('COMPLETED');
    expect(done?.result).toMatchObject({ emailed: 1 });
    const rows = await t.database.db
      .select()
      .from(messageRequests)
      .where(eq(messageRequests.clientId, pair.clientId));
    const byId = new Map(rows.map((row) => [row.id, row]));
    expect(byId.get(old)).toMatchObject({ accepted: 'REJECTED', closedReason: 'no_reply' });
    expect(byId.get(old)?.respondedAt).not.toBeNull();
    expect(byId.get(recent)).toMatchObject({ accepted: 'PENDING', closedReason: null });
    expect(byId.get(answered)).toMatchObject({ accepted: 'ACCEPTED' });
    const mail = mailsTo(pair.family.email);
    expect(mail).toHaveLength(1);
    expect(mail[0]?.mail.text).toContain('closed automatically');
    expect(mail[0]?.mail.text).not.toContain('I saw your profile');
    expect(mailsTo(pair.caregiver.email)).toHaveLength(0);
    expect(await closeUnansweredRequests(t.database.db, job.id)).toEqual([]);
  });
});

describe('pre-match-retention', () => {
  it('deletes exactly the pre-match threads older than the retention, in a run that is recorded and audited', async () => {
    const pair = await matchedPair(t);
    const oldPending = await requestSent(t, pair, { daysAgo: 200 });
    const oldDeclined = await requestSent(t, pair, { daysAgo: 181, accepted: 'REJECTED' });
    const oldAccepted = await requestSent(t, pair, { daysAgo: 300, accepted: 'ACCEPTED' });
    const young = await requestSent(t, pair, { daysAgo: 179, accepted: 'REJECTED' });
    const job = await t.app.deps.jobs.enqueue({ jobType: PRE_MATCH_RETENTION_JOB });
    const done = await waitForJobDirect(job.id);
    expect(done?.status).toBe('COMPLETED');
    expect(done?.result).toMatchObject({ deleted: 2, retentionDays: 180 });
    const left = (
      await t.database.db
        .select({ id: messageRequests.id })
        .from(messageRequests)
        .where(eq(messageRequests.clientId, pair.clientId))
    ).map((row) => row.id);
    expect(left.sort()).toEqual([oldAccepted, young].sort());
    expect(left).not.toContain(oldPending);
    expect(left).not.toContain(oldDeclined);
    expect(await auditOf('pre_match_retention.run', job.id)).toMatchObject([{ deleted: 2 }]);
    expect((await deleteOldPreMatchThreads(t.database.db, job.id, 180)).deleted).toBe(0);
  });
});

describe('profile-completion-reminders', () => {
  it('opens one reminder per incomplete listing, sends on schedule, and resolves it once complete', async () => {
    const pair = await matchedPair(t);
    const reminderDeps = {
      db: t.database.db,
      messaging: t.app.deps.messaging,
      publicUrl: 'https://tend.example.org',
    };
    const now = new Date();
    const first = await runProfileReminders(reminderDeps, 'job-1', now);
    expect(first.opened).toBeGreaterThanOrEqual(2);
    const mine = () =>
      t.database.db
        .select()
        .from(profileCompletionNotifications)
        .where(eq(profileCompletionNotifications.userId, pair.caregiverId));
    const [row] = await mine();
    expect(row).toMatchObject({
      isActive: true,
      emailsSent: 0,
      userType: 'CAREGIVER',
      notificationSchedule: [1, 3, 7],
    });
    expect(row?.nextEmailScheduledAt?.getTime()).toBe(now.getTime() + 24 * 3600_000);
    expect(mailsTo(pair.caregiver.email)).toHaveLength(0);
    // A day later: the first reminder (not twice when two runs race).
    const dayLater = new Date(now.getTime() + 25 * 3600_000);
    await Promise.all([
      runProfileReminders(reminderDeps, 'job-2', dayLater),
      runProfileReminders(reminderDeps, 'job-3', dayLater),
    ]);
    expect(mailsTo(pair.caregiver.email)).toHaveLength(1);
    expect(mailsTo(pair.caregiver.email)[0]?.mail.text).toContain(
      'https://tend.example.org/matchmaking/caregiver/profile',
    );
    const [afterFirst] = await mine();
    expect(afterFirst?.emailsSent).toBe(1);
    // An owner who turned email off gets none; the schedule moves on.
    await setChoices(t, 'tinder_caregiver', pair.caregiverId, { email: false });
    const threeDays = new Date(now.getTime() + 3 * 24 * 3600_000 + 60_000);
    await runProfileReminders(reminderDeps, 'job-4', threeDays);
    expect(mailsTo(pair.caregiver.email)).toHaveLength(1);
    // Once archived (or complete) the reminder is resolved and nothing more is sent.
    await t.database.db.execute(
      sql`update tinder_caregiver set archived = true where id = ${pair.caregiverId}`,
    );
    const result = await runProfileReminders(
      reminderDeps,
      'job-5',
      new Date(now.getTime() + 8 * 24 * 3600_000),
    );
    expect(result.resolved).toBeGreaterThanOrEqual(1);
    const [resolved] = await mine();
    expect(resolved).toMatchObject({ isActive: false, nextEmailScheduledAt: null });
    expect(resolved?.resolvedAt).not.toBeNull();
  });

  it('runs as a job, audited', async () => {
    const job = await t.app.deps.jobs.enqueue({ jobType: PROFILE_REMINDER_JOB });
    const done = await waitForJobDirect(job.id);
    expect(done?.status).toBe('COMPLETED');
    expect(await auditOf('profile_reminder.run', job.id)).toHaveLength(1);
  });
});
