/**
 * Matchmaking notifications and clean-up (issue 22; decision 0060; docs/matchmaking.md "Notifications and
 * clean-up"): the notification-settings routes, the four job handlers and the timer of the recurring ones.
 * Registered by module messaging's `messaging.plugin.ts`.
 */
import type { FastifyPluginAsync } from 'fastify';
import {
  MATCHMAKING_SWEEP_MINUTES,
  MESSAGE_NOTIFICATION_JOB,
  MESSAGE_NOTIFICATION_THROTTLE_MINUTES,
  PRE_MATCH_RETENTION_DAYS,
  PRE_MATCH_RETENTION_JOB,
  PROFILE_REMINDER_JOB,
  REQUEST_NO_REPLY_JOB,
} from '@tend/contracts';
import { createMessageNotificationHandler } from './message-notification.job.ts';
import { createNoReplyHandler } from './no-reply.job.ts';
import { notificationSettingsRoutes } from './notification-settings.routes.ts';
import { isViewingConversation } from '../presence.service.ts';
import { createProfileReminderHandler } from './profile-reminders.job.ts';
import { createRetentionHandler } from './retention.job.ts';
import { startSweeps } from './sweeps.ts';

/** Settings when the config names none (config MATCHMAKING_NOTIFY_THROTTLE_MINUTES etc.; their defaults). */
const defaults = {
  throttleMinutes: MESSAGE_NOTIFICATION_THROTTLE_MINUTES,
  retentionDays: PRE_MATCH_RETENTION_DAYS,
  sweepMinutes: MATCHMAKING_SWEEP_MINUTES,
};

export const notificationsPlugin: FastifyPluginAsync = async (app) => {
  const { config, database, jobs, messaging, realtime } = app.deps;
  const settings = config.matchmakingNotifications ?? defaults;
  const common = { db: database.db, messaging, publicUrl: config.publicUrl };
  jobs.register(
    MESSAGE_NOTIFICATION_JOB,
    createMessageNotificationHandler({
      ...common,
      realtime,
      throttleMinutes: settings.throttleMinutes,
      isViewingConversation,
    }),
  );
  jobs.register(REQUEST_NO_REPLY_JOB, createNoReplyHandler({ ...common, realtime }));
  jobs.register(
    PRE_MATCH_RETENTION_JOB,
    createRetentionHandler({ db: database.db, retentionDays: settings.retentionDays }),
  );
  jobs.register(PROFILE_REMINDER_JOB, createProfileReminderHandler(common));
  await app.register(notificationSettingsRoutes(database.db));
  let stop = () => undefined as void;
  app.addHook('onReady', async () => {
    stop = startSweeps(jobs, {
      jobTypes: [REQUEST_NO_REPLY_JOB, PRE_MATCH_RETENTION_JOB, PROFILE_REMINDER_JOB],
      everyMinutes: settings.sweepMinutes,
      onError: (error) => app.log.error({ err: error }, 'could not queue the recurring matchmaking jobs'),
    });
  });
  app.addHook('onClose', async () => stop());
};
