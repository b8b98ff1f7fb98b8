/**
 * Audit-completeness cases of the matchmaking notifications (issue 22; decision 0060): the notification-settings
 * route and the four jobs (message notification, no-reply auto-decline, pre-match retention, profile reminders).
 */
import {
  MESSAGE_NOTIFICATION_JOB,
  PRE_MATCH_RETENTION_JOB,
  PROFILE_REMINDER_JOB,
  REQUEST_NO_REPLY_JOB,
} from '@tend/contracts';
import { as } from '../helpers.ts';
import {
  matchedPair,
  sentPayload,
  storeMessage,
} from '../../src/modules/messaging/notifications/notifications.test-support.ts';
import type { JobCase, RouteCase, State } from './types.ts';

export const notifyRouteCases: RouteCase[] = [
  {
    route: 'PUT /api/matchmaking/notification-settings',
    request: async (s) => {
      const pair = await matchedPair(s.t);
      return {
        method: 'PUT',
        url: '/api/matchmaking/notification-settings',
        payload: { side: 'caregiver', emailNotificationsEnabled: false, smsNotificationsEnabled: false },
        as: as(s.t, pair.caregiver.cookie),
      };
    },
    events: [['matchmaking_notification_settings.update', 'tinder_caregiver']],
  },
];

const enqueue = async (s: State, jobType: string, metadata: Record<string, unknown> = {}) =>
  (await s.t.app.deps.jobs.enqueue({ jobType, metadata })).id;

export const notifyJobCases: JobCase[] = [
  {
    job: MESSAGE_NOTIFICATION_JOB,
    events: [['message_notification.run', 'message']],
    queue: async (s) => {
      const pair = await matchedPair(s.t);
      const messageId = await storeMessage(s.t, pair);
      return enqueue(s, MESSAGE_NOTIFICATION_JOB, sentPayload(pair, messageId));
    },
  },
  {
    job: REQUEST_NO_REPLY_JOB,
    events: [['message_request.no_reply_run', 'processing_job']],
    queue: (s) => enqueue(s, REQUEST_NO_REPLY_JOB),
  },
  {
    job: PRE_MATCH_RETENTION_JOB,
    events: [['pre_match_retention.run', 'processing_job']],
    queue: (s) => enqueue(s, PRE_MATCH_RETENTION_JOB),
  },
  {
    job: PROFILE_REMINDER_JOB,
    events: [['profile_reminder.run', 'processing_job']],
    queue: (s) => enqueue(s, PROFILE_REMINDER_JOB),
  },
];
