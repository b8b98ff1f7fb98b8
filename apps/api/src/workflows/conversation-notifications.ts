/**
 * Conversation notifications (issue 22 "Notifications"; decision 0060): `messaging.messageSent` → the
 * `message-notification` job with the event's payload as metadata. The job decides whether the recipient is told by
 * email or SMS (not viewing the conversation, not opted out, outside the throttle window).
 */
import { MESSAGE_NOTIFICATION_JOB } from '@tend/contracts';
import { messageSent } from './events.ts';
import type { WorkflowDeps } from './index.ts';

/** Subscribes the conversation-notification workflow. */
export function conversationNotificationsWorkflow({ jobs, events }: WorkflowDeps): void {
  events.subscribe(messageSent, async (payload) => {
    await jobs.enqueue({ jobType: MESSAGE_NOTIFICATION_JOB, metadata: { ...payload } });
  });
}
