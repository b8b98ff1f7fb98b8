/**
 * Matchmaking notifications (issue 22 "Notifications"; spec s.3 EmailNotification, SmsNotification,
 * ProfileCompletionNotification; decision 0060; docs/matchmaking.md "Notifications and clean-up").
 *
 * - A message to someone not viewing that conversation sends at most one email (and one SMS when they opted in) per
 *   recipient account per conversation per {@link MESSAGE_NOTIFICATION_THROTTLE_MINUTES}; never when the listing
 *   owner turned email off. Notifications carry no message content and no names: a link to the thread only.
 * - Profile-completion reminders follow {@link PROFILE_REMINDER_SCHEDULE_DAYS} and stop once the listing is complete.
 * - The listing owner (a family's guardian record, or a caregiver's own listing) turns email and SMS on and off with
 *   {@link matchmakingNotificationEndpoints}; SMS needs a phone number.
 */
import { z } from 'zod';
import { defineEndpoint } from './endpoint.ts';

/** The job telling a recipient about a new message (queued by the `messaging.messageSent` workflow). */
export const MESSAGE_NOTIFICATION_JOB = 'message-notification';
/** The recurring job sending profile-completion reminders. */
export const PROFILE_REMINDER_JOB = 'profile-completion-reminders';
/** The recurring job closing message requests unanswered for `MESSAGE_REQUEST_REPLY_DAYS` (no ghosting). */
export const REQUEST_NO_REPLY_JOB = 'message-request-no-reply';
/** The recurring job deleting pre-match threads older than the retention (default `PRE_MATCH_RETENTION_DAYS`). */
export const PRE_MATCH_RETENTION_JOB = 'pre-match-retention';

/** Default minutes during which a recipient gets no second new-message email (or SMS) about one conversation. */
export const MESSAGE_NOTIFICATION_THROTTLE_MINUTES = 15;
/** Days after an incomplete profile is first seen on which its owner is reminded (then the reminders stop). */
export const PROFILE_REMINDER_SCHEDULE_DAYS = [1, 3, 7] as const;
/** Default minutes between runs of the recurring matchmaking jobs (reminders, no-reply, retention). */
export const MATCHMAKING_SWEEP_MINUTES = 60;

export const notificationSides = ['client', 'caregiver'] as const;
export type NotificationSide = (typeof notificationSides)[number];
const side = z.enum(notificationSides, { message: 'must be client or caregiver' });

/** What the owner of the caller's listings on `side` has chosen. */
export const notificationSettings = z.object({
  side,
  emailNotificationsEnabled: z.boolean(),
  smsNotificationsEnabled: z.boolean(),
  /**
   * Read receipts (on by default; decision 0058 addendum). Off: the owner's reading sets no read time on messages
   * they receive and sends no read receipt (delivered still shows), and they see no read times of others either.
   */
  readReceiptsEnabled: z.boolean(),
  /** Whether a phone number is on file (SMS cannot be turned on without one). */
  hasPhone: z.boolean(),
});
export type NotificationSettings = z.infer<typeof notificationSettings>;

export const notificationSettingsInput = z.object({
  side,
  emailNotificationsEnabled: z.boolean({ message: 'must be true or false' }),
  smsNotificationsEnabled: z.boolean({ message: 'must be true or false' }),
  /** Absent: left as it is (older clients send only the two notification choices). */
  readReceiptsEnabled: z.boolean({ message: 'must be true or false' }).optional(),
});
export type NotificationSettingsInput = z.input<typeof notificationSettingsInput>;

export const matchmakingNotificationEndpoints = {
  /** The caller's settings for `side` (404 when the caller has no guardian record / caregiver listing). */
  findNotificationSettings: defineEndpoint({
    method: 'GET',
    path: '/api/matchmaking/notification-settings',
    query: z.object({ side }),
    response: { 200: notificationSettings },
  }),
  /** Turns email and SMS on or off (400 on `smsNotificationsEnabled` when no phone number is on file). */
  updateNotificationSettings: defineEndpoint({
    method: 'PUT',
    path: '/api/matchmaking/notification-settings',
    body: notificationSettingsInput,
    response: { 200: notificationSettings },
  }),
};
