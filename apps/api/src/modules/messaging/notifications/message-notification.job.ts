/**
 * The `message-notification` job (contracts `MESSAGE_NOTIFICATION_JOB`; issue 22 "Notifications"; decision 0060),
 * queued for every stored message by the `messaging.messageSent` workflow (workflows/conversation-notifications.ts).
 *
 * For each active account acting for the recipient listing that is not viewing the conversation
 * (`isViewingConversation`): one email when the owner allows email and the account has an address, and one SMS when
 * the owner opted in to SMS and a phone number is known (the account's, else the owner record's) — each at most once
 * per account per conversation per throttle window (`throttle.ts`: one atomic upsert, so a burst of messages handled
 * by concurrent jobs gives exactly one email). A message already read when the job runs sends nothing. The words
 * carry no message content and no name: a link to the thread (`/matchmaking/<side>/messager/<matchId>`) in the
 * account's language. The email's outbox idempotency key is `message-notification:<messageId>:<accountId>`, so a
 * retried run never sends twice. The run is audited `message_notification.run` with counts only.
 */
import { eq } from 'drizzle-orm';
import { senderTypes } from '@tend/contracts';
import { z } from 'zod';
import { recordAudit } from '../../../platform/audit/audit.service.ts';
import type { Database } from '../../../platform/db/client.ts';
import { systemContext } from '../../../platform/http/context.ts';
import { JobInputError, type JobHandler } from '../../../platform/jobs/jobs.service.ts';
import type { MessagingService } from '../../../platform/messaging/messaging.service.ts';
import type { RealtimeHub } from '../../../platform/realtime/realtime.ts';
import type { ListingAccount } from '../../users/matchmaking-accounts.service.ts';
import { conversations, messages } from '../messaging.table.ts';
import { matchmakingLink, renderNotification, renderNotificationEmail } from './notification-templates.ts';
import { recipientsOfListing, type NotificationRecipients } from './recipients.ts';
import {
  claimEmailWindow,
  claimSmsWindow,
  recordSmsDelivery,
  releaseEmailWindow,
  type ThrottleKey,
} from './throttle.ts';

/** What the job needs. */
export interface MessageNotificationDeps {
  db: Database;
  realtime: RealtimeHub;
  messaging: Pick<MessagingService, 'sendEmail' | 'sendSms'>;
  publicUrl: string;
  /** Minutes of the throttle window (config MATCHMAKING_NOTIFY_THROTTLE_MINUTES, default 15). */
  throttleMinutes: number;
  /** module messaging `presence.service.ts`. */
  isViewingConversation: (
    deps: { db: Database; realtime: RealtimeHub },
    userAccountId: string,
    conversationId: string,
  ) => Promise<boolean>;
}

/** The job's metadata: the `messageSent` event's payload. */
export const messageNotificationMetadata = z.object({
  messageId: z.uuid(),
  conversationId: z.uuid(),
  recipientSide: z.enum(senderTypes),
  recipientListingId: z.uuid(),
});
export type MessageNotificationMetadata = z.infer<typeof messageNotificationMetadata>;

/** The counts a run returns (and audits). */
export interface MessageNotificationResult extends Record<string, unknown> {
  skipped: 'message-gone' | 'already-read' | 'no-recipient' | null;
  emailed: number;
  texted: number;
  throttled: number;
  viewing: number;
  optedOut: number;
}

const NEW_MESSAGE = 'new-message';

/** The message and its conversation's match, or null when either is gone. */
async function messageOf(db: Database, metadata: MessageNotificationMetadata) {
  const [row] = await db
    .select({
      id: messages.id,
      isRead: messages.isRead,
      readAt: messages.readAt,
      matchId: conversations.matchId,
    })
    .from(messages)
    .innerJoin(conversations, eq(conversations.id, messages.conversationId))
    .where(eq(messages.id, metadata.messageId));
  return row ?? null;
}

/** Sends the email of one account when its window is free; resolves whether it was sent. */
async function emailAccount(
  deps: MessageNotificationDeps,
  account: ListingAccount & { email: string },
  key: ThrottleKey,
  content: { messageId: string; link: string; settingsLink: string },
): Promise<boolean> {
  const now = new Date();
  const claim = await claimEmailWindow(deps.db, key, deps.throttleMinutes, now);
  if (!claim) return false;
  const { subject, text } = renderNotificationEmail(account.locale, 'newMessage', {
    link: content.link,
    settingsLink: content.settingsLink,
    minutes: deps.throttleMinutes,
  });
  try {
    await deps.messaging.sendEmail({
      to: account.email,
      subject,
      text,
      relatedEntityType: 'message',
      relatedEntityId: content.messageId,
      idempotencyKey: `message-notification:${content.messageId}:${account.userAccountId}`,
    });
  } catch (error) {
    await releaseEmailWindow(deps.db, claim, now);
    throw error;
  }
  await deps.db.update(messages).set({ triggeredEmail: true }).where(eq(messages.id, content.messageId));
  return true;
}

/** Sends the SMS of one account when its window is free; resolves whether it was sent. */
async function textAccount(
  deps: MessageNotificationDeps,
  account: ListingAccount,
  phone: string,
  key: ThrottleKey,
  content: { messageId: string; link: string },
): Promise<boolean> {
  const claim = await claimSmsWindow(deps.db, key, deps.throttleMinutes);
  if (!claim) return false;
  const body = renderNotification(account.locale, 'newMessage.sms', { link: content.link });
  try {
    const row = await deps.messaging.sendSms({
      to: phone,
      body,
      relatedEntityType: 'message',
      relatedEntityId: content.messageId,
    });
    await recordSmsDelivery(deps.db, claim, {
      providerMessageId: row.providerMessageId,
      deliveryStatus: row.status,
    });
  } catch (error) {
    await recordSmsDelivery(deps.db, claim, { providerMessageId: null, deliveryStatus: 'failed' });
    throw error;
  }
  return true;
}

/** Tells every account of `recipients` that is not viewing the conversation (see the file comment). */
async function notifyAccounts(
  deps: MessageNotificationDeps,
  metadata: MessageNotificationMetadata,
  recipients: NotificationRecipients,
  matchId: string | null,
): Promise<MessageNotificationResult> {
  const result: MessageNotificationResult = {
    skipped: null,
    emailed: 0,
    texted: 0,
    throttled: 0,
    viewing: 0,
    optedOut: 0,
  };
  const side = metadata.recipientSide;
  const content = {
    messageId: metadata.messageId,
    link: matchmakingLink(deps.publicUrl, side, matchId ? `/messager/${matchId}` : '/messageHub'),
    settingsLink: matchmakingLink(deps.publicUrl, side, '/profile'),
  };
  if (!recipients.emailEnabled && !recipients.smsEnabled) result.optedOut = recipients.accounts.length;
  for (const account of recipients.accounts) {
    if (!recipients.emailEnabled && !recipients.smsEnabled) break;
    if (await deps.isViewingConversation(deps, account.userAccountId, metadata.conversationId)) {
      result.viewing += 1;
      continue;
    }
    const key = {
      recipientId: account.userAccountId,
      recipientType: side,
      conversationId: metadata.conversationId,
      kind: NEW_MESSAGE,
    };
    const email = account.email;
    if (recipients.emailEnabled && email) {
      if (await emailAccount(deps, { ...account, email }, key, content)) result.emailed += 1;
      else result.throttled += 1;
    }
    const phone = account.phone ?? recipients.ownerPhone;
    if (recipients.smsEnabled && phone) {
      if (await textAccount(deps, account, phone, key, content)) result.texted += 1;
      else result.throttled += 1;
    }
  }
  return result;
}

/** Runs one notification for `metadata` (see the file comment); resolves its counts. */
export async function notifyMessage(
  deps: MessageNotificationDeps,
  metadata: MessageNotificationMetadata,
): Promise<MessageNotificationResult> {
  const none = { emailed: 0, texted: 0, throttled: 0, viewing: 0, optedOut: 0 };
  const message = await messageOf(deps.db, metadata);
  if (!message) return { skipped: 'message-gone', ...none };
  if (message.isRead || message.readAt) return { skipped: 'already-read', ...none };
  const recipients = await recipientsOfListing(deps.db, metadata.recipientSide, metadata.recipientListingId);
  if (!recipients) return { skipped: 'no-recipient', ...none };
  return notifyAccounts(deps, metadata, recipients, message.matchId);
}

/** The `message-notification` handler over `deps`. */
export function createMessageNotificationHandler(deps: MessageNotificationDeps): JobHandler {
  return async (ctx) => {
    const parsed = messageNotificationMetadata.safeParse(ctx.metadata);
    if (!parsed.success)
      throw new JobInputError('message-notification needs messageId, conversationId and recipient');
    const result = await notifyMessage(deps, parsed.data);
    await recordAudit(deps.db, systemContext(`job:${ctx.jobId}`), {
      action: 'message_notification.run',
      entityType: 'message',
      entityId: parsed.data.messageId,
      details: result,
    });
    return result;
  };
}
