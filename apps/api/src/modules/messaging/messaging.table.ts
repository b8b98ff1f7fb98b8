/**
 * Messaging tables (spec s.3 Conversation, MessageRequest, Message, UserPresence, EmailNotification,
 * SmsNotification, ProfileCompletionNotification, DismissedProfileAlert): conversations between client
 * and caregiver profiles, presence, and the throttling/reminder state of outbound notifications.
 * Participant, sender, recipient and user ids are polymorphic (a `tinder_client` or `tinder_caregiver`
 * id, told apart by the matching `*Type` column): plain uuids without foreign keys.
 */
import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  unique,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { idColumn, timestamps, tstz } from '../../platform/db/columns.ts';
import { matchStatusEnum, senderTypeEnum } from '../../platform/db/enums.ts';
import { matches, tinderCaregivers, tinderClients } from '../matchmaking/matchmaking.table.ts';

/**
 * A conversation between two participants; one per unordered pair (spec s.3 Conversation). In matchmaking (issue
 * 22) participant A is always the client listing and B the caregiver listing.
 */
export const conversations = pgTable(
  'conversation',
  {
    id: idColumn(),
    participantAId: uuid('participant_a_id').notNull(),
    participantBId: uuid('participant_b_id').notNull(),
    /** The match the conversation belongs to (null before one exists). */
    matchId: uuid('match_id').references(() => matches.id, { onDelete: 'set null' }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('conversation_pair_idx').on(
      sql`least(${t.participantAId}, ${t.participantBId})`,
      sql`greatest(${t.participantAId}, ${t.participantBId})`,
    ),
    index('conversation_participant_a_idx').on(t.participantAId),
    index('conversation_participant_b_idx').on(t.participantBId),
  ],
);

/** A first message asking to start talking, accepted or rejected by the other side (spec s.3 MessageRequest). */
export const messageRequests = pgTable(
  'message_request',
  {
    id: idColumn(),
    content: text('content').notNull(),
    /** PENDING, ACCEPTED or REJECTED (spec s.4 "message-request accepted"). */
    accepted: matchStatusEnum('accepted').notNull().default('PENDING'),
    isRead: boolean('is_read').notNull().default(false),
    caregiverId: uuid('caregiver_id')
      .notNull()
      .references(() => tinderCaregivers.id, { onDelete: 'cascade' }),
    clientId: uuid('client_id')
      .notNull()
      .references(() => tinderClients.id, { onDelete: 'cascade' }),
    /** The side that sent the request (issue 22). */
    senderType: senderTypeEnum('sender_type').notNull(),
    /** When the other side accepted or declined, or the request was closed without a reply. */
    respondedAt: tstz('responded_at'),
    /** Why a request is closed: `declined`, `no_reply` (7 days, issue 22 "no ghosting") or `withdrawn`. */
    closedReason: text('closed_reason'),
    /** The conversation accepting it opened. */
    conversationId: uuid('conversation_id').references(() => conversations.id, { onDelete: 'set null' }),
    ...timestamps,
  },
  (t) => [
    index('message_request_caregiver_idx').on(t.caregiverId),
    index('message_request_client_idx').on(t.clientId),
    index('message_request_accepted_idx').on(t.accepted),
  ],
);

/** One chat message (spec s.3 Message). */
export const messages = pgTable(
  'message',
  {
    id: idColumn(),
    senderId: uuid('sender_id').notNull(),
    senderType: senderTypeEnum('sender_type').notNull(),
    recipientId: uuid('recipient_id').notNull(),
    recipientType: senderTypeEnum('recipient_type').notNull(),
    content: text('content').notNull(),
    isRead: boolean('is_read').notNull().default(false),
    matchId: uuid('match_id').references(() => matches.id, { onDelete: 'set null' }),
    /** Sender's display name at sending. */
    senderName: text('sender_name'),
    conversationId: uuid('conversation_id').references(() => conversations.id, { onDelete: 'cascade' }),
    /** An email notification was sent for this message. */
    triggeredEmail: boolean('triggered_email').notNull().default(false),
    /** `text`, `contact_share` (the logged "share contact" action) or `system` (e.g. an automatic decline). */
    kind: text('kind').notNull().default('text'),
    /** When the recipient's device received it, and when they read it (read receipts, issue 22). */
    deliveredAt: tstz('delivered_at'),
    readAt: tstz('read_at'),
    /** A corrected message keeps what it first said (shown to admins only). */
    editedAt: tstz('edited_at'),
    originalContent: text('original_content'),
    /** What the contact-details check found and the writer sent anyway (`phone`, `email`, `cash`). */
    flags: jsonb('flags').$type<string[]>(),
    /** The writer's own id of the message: a resend with the same id is not stored twice (decision 0058). */
    clientMessageId: uuid('client_message_id'),
    ...timestamps,
  },
  (t) => [
    index('message_conversation_idx').on(t.conversationId, t.createdAt),
    uniqueIndex('message_client_message_idx').on(t.conversationId, t.senderType, t.clientMessageId),
    index('message_recipient_unread_idx').on(t.recipientId, t.isRead),
    index('message_sender_idx').on(t.senderId),
    index('message_match_idx').on(t.matchId),
  ],
);

/** Whether a participant is online and which conversation they have open (spec s.3 UserPresence). */
export const userPresences = pgTable(
  'user_presence',
  {
    id: idColumn(),
    userId: uuid('user_id').notNull(),
    userType: senderTypeEnum('user_type').notNull(),
    isOnline: boolean('is_online').notNull().default(false),
    lastSeenAt: tstz('last_seen_at'),
    activeConversationId: uuid('active_conversation_id').references(() => conversations.id, {
      onDelete: 'set null',
    }),
    /** Realtime (socket.io) connection id. */
    socketId: text('socket_id'),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('user_presence_user_idx').on(t.userId, t.userType),
    index('user_presence_active_conversation_idx').on(t.activeConversationId),
  ],
);

/**
 * When an email notification of a type was last sent to a recipient, per conversation (null =
 * not about a conversation), to throttle them (spec s.3 EmailNotification).
 */
export const emailNotifications = pgTable(
  'email_notification',
  {
    id: idColumn(),
    recipientId: uuid('recipient_id').notNull(),
    recipientType: senderTypeEnum('recipient_type').notNull(),
    conversationId: uuid('conversation_id').references(() => conversations.id, { onDelete: 'cascade' }),
    lastEmailSentAt: tstz('last_email_sent_at'),
    /** Kind of email, e.g. `new-message`, `new-match`. */
    emailType: text('email_type').notNull(),
    ...timestamps,
  },
  (t) => [
    unique('email_notification_recipient_key')
      .on(t.recipientId, t.recipientType, t.conversationId, t.emailType)
      .nullsNotDistinct(),
    index('email_notification_conversation_idx').on(t.conversationId),
  ],
);

/** Like EmailNotification, for SMS, plus the provider's delivery tracking (spec s.3 SmsNotification). */
export const smsNotifications = pgTable(
  'sms_notification',
  {
    id: idColumn(),
    recipientId: uuid('recipient_id').notNull(),
    recipientType: senderTypeEnum('recipient_type').notNull(),
    conversationId: uuid('conversation_id').references(() => conversations.id, { onDelete: 'cascade' }),
    lastSmsSentAt: tstz('last_sms_sent_at'),
    /** Kind of SMS, e.g. `new-message`, `new-match`. */
    smsType: text('sms_type').notNull(),
    /** Message id returned by the SMS provider for the last SMS sent. */
    providerMessageId: text('provider_message_id'),
    /** Provider's delivery status of that SMS, e.g. queued, sent, delivered, failed. */
    deliveryStatus: text('delivery_status'),
    ...timestamps,
  },
  (t) => [
    unique('sms_notification_recipient_key')
      .on(t.recipientId, t.recipientType, t.conversationId, t.smsType)
      .nullsNotDistinct(),
    index('sms_notification_conversation_idx').on(t.conversationId),
    index('sms_notification_provider_message_idx').on(t.providerMessageId),
  ],
);

/** Reminder emails about an incomplete profile, until the issue is resolved (spec s.3 ProfileCompletionNotification). */
export const profileCompletionNotifications = pgTable(
  'profile_completion_notification',
  {
    id: idColumn(),
    userId: uuid('user_id').notNull(),
    userType: senderTypeEnum('user_type').notNull(),
    /** What is missing, e.g. `profile-photo`, `bio`, `schedule`. */
    issueType: text('issue_type').notNull(),
    issueDetails: jsonb('issue_details').$type<Record<string, unknown>>(),
    /** Days after the issue was found on which reminders are sent, e.g. [1, 3, 7]. */
    notificationSchedule: jsonb('notification_schedule').$type<number[]>(),
    emailsSent: integer('emails_sent').notNull().default(0),
    lastEmailSentAt: tstz('last_email_sent_at'),
    nextEmailScheduledAt: tstz('next_email_scheduled_at'),
    isActive: boolean('is_active').notNull().default(true),
    resolvedAt: tstz('resolved_at'),
    ...timestamps,
  },
  (t) => [
    index('profile_completion_notification_user_idx').on(t.userId, t.userType, t.issueType),
    index('profile_completion_notification_due_idx').on(t.isActive, t.nextEmailScheduledAt),
  ],
);
