/**
 * The per-recipient, per-conversation throttle of new-message notifications (issue 22 "one email and/or SMS per
 * conversation per throttle window"; spec s.3 EmailNotification, SmsNotification; decision 0060).
 *
 * A claim is ONE statement: insert the `(recipient, type, conversation, kind)` row with `last_*_sent_at = now`, or
 * on conflict update it only when its last send is older than the window; the claim is taken when a row comes back.
 * PostgreSQL serialises concurrent upserts of one key on the row lock and re-checks the condition after it, so of
 * several jobs racing (a burst of messages) exactly one gets the row: one email per window, whatever the concurrency.
 */
import { and, eq, isNull, lt, or } from 'drizzle-orm';
import type { Executor } from '../../../platform/db/client.ts';
import { emailNotifications, smsNotifications } from '../messaging.table.ts';

/** What is throttled: the recipient account, its side, the conversation and the kind (e.g. `new-message`). */
export interface ThrottleKey {
  recipientId: string;
  recipientType: 'CLIENT' | 'CAREGIVER';
  conversationId: string | null;
  kind: string;
}

const MINUTE_MS = 60_000;

/** Whether a send at `now` is allowed after the last one at `last` with a window of `windowMinutes` (pure). */
export function windowOpen(last: Date | null, now: Date, windowMinutes: number): boolean {
  return last === null || now.getTime() - last.getTime() >= windowMinutes * MINUTE_MS;
}

/**
 * Claims the email window of `key` at `now`: resolves the `email_notification` row id when this caller may send
 * (the row's `last_email_sent_at` is now `now`), null when an email went out less than `windowMinutes` ago.
 */
export async function claimEmailWindow(
  executor: Executor,
  key: ThrottleKey,
  windowMinutes: number,
  now = new Date(),
): Promise<string | null> {
  const cutoff = new Date(now.getTime() - windowMinutes * MINUTE_MS);
  const t = emailNotifications;
  const [row] = await executor
    .insert(t)
    .values({
      recipientId: key.recipientId,
      recipientType: key.recipientType,
      conversationId: key.conversationId,
      emailType: key.kind,
      lastEmailSentAt: now,
    })
    .onConflictDoUpdate({
      target: [t.recipientId, t.recipientType, t.conversationId, t.emailType],
      set: { lastEmailSentAt: now, updatedAt: now },
      setWhere: or(isNull(t.lastEmailSentAt), lt(t.lastEmailSentAt, cutoff)),
    })
    .returning({ id: t.id });
  return row?.id ?? null;
}

/** Gives back a claim whose email could not be sent (the next message may try again). */
export async function releaseEmailWindow(executor: Executor, id: string, claimedAt: Date): Promise<void> {
  await executor
    .update(emailNotifications)
    .set({ lastEmailSentAt: null })
    .where(and(eq(emailNotifications.id, id), eq(emailNotifications.lastEmailSentAt, claimedAt)));
}

/** As {@link claimEmailWindow}, for SMS (`sms_notification.last_sms_sent_at`). */
export async function claimSmsWindow(
  executor: Executor,
  key: ThrottleKey,
  windowMinutes: number,
  now = new Date(),
): Promise<string | null> {
  const cutoff = new Date(now.getTime() - windowMinutes * MINUTE_MS);
  const t = smsNotifications;
  const [row] = await executor
    .insert(t)
    .values({
      recipientId: key.recipientId,
      recipientType: key.recipientType,
      conversationId: key.conversationId,
      smsType: key.kind,
      lastSmsSentAt: now,
    })
    .onConflictDoUpdate({
      target: [t.recipientId, t.recipientType, t.conversationId, t.smsType],
      set: { lastSmsSentAt: now, updatedAt: now, providerMessageId: null, deliveryStatus: 'sending' },
      setWhere: or(isNull(t.lastSmsSentAt), lt(t.lastSmsSentAt, cutoff)),
    })
    .returning({ id: t.id });
  return row?.id ?? null;
}

/**
 * Records what the provider said of the SMS of row `id`: its message id and the outbox status (`recorded`, `sent`,
 * `failed`); on `failed` the window is given back (`last_sms_sent_at` null).
 */
export async function recordSmsDelivery(
  executor: Executor,
  id: string,
  outcome: { providerMessageId: string | null; deliveryStatus: string },
): Promise<void> {
  await executor
    .update(smsNotifications)
    .set({
      providerMessageId: outcome.providerMessageId,
      deliveryStatus: outcome.deliveryStatus,
      ...(outcome.deliveryStatus === 'failed' ? { lastSmsSentAt: null } : {}),
      updatedAt: new Date(),
    })
    .where(eq(smsNotifications.id, id));
}
