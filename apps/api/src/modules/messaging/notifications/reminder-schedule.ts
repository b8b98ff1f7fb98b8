/**
 * The timing of profile-completion reminders (issue 22; spec s.3 ProfileCompletionNotification
 * `notificationSchedule`, `nextEmailScheduledAt`; decision 0060). Pure.
 */

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * When reminder number `emailsSent + 1` is due: `foundAt` plus `schedule[emailsSent]` days (the schedule counts from
 * when the issue was found, e.g. [1, 3, 7] → one, three and seven days after), or null once every reminder of the
 * schedule was sent. A schedule out of order is read sorted; negative days count as 0.
 */
export function nextReminderAt(foundAt: Date, schedule: readonly number[], emailsSent: number): Date | null {
  const days = [...schedule].map((day) => Math.max(0, day)).sort((a, b) => a - b)[emailsSent];
  return days === undefined ? null : new Date(foundAt.getTime() + days * DAY_MS);
}

/** Whether a reminder scheduled at `next` is due at `now` (a null schedule never is). */
export const reminderDue = (next: Date | null, now: Date): boolean =>
  next !== null && next.getTime() <= now.getTime();
