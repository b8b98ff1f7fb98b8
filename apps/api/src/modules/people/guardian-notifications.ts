/**
 * A guardian record's matchmaking notification choices (issue 22 "nothing is sent to someone who disabled it";
 * spec s.3 Guardian `smsNotificationsEnabled`, `emailNotificationsEnabled`; decision 0060). Module `messaging`
 * reads and sets them for the family side of matchmaking.
 */
import { eq } from 'drizzle-orm';
import type { Executor } from '../../platform/db/client.ts';
import { guardians } from './people.table.ts';

/** What a guardian chose, and their phone number (E.164 or null). */
export interface GuardianNotificationChoices {
  emailNotificationsEnabled: boolean;
  smsNotificationsEnabled: boolean;
  readReceiptsEnabled: boolean;
  phoneNumber: string | null;
}

const columns = {
  emailNotificationsEnabled: guardians.emailNotificationsEnabled,
  smsNotificationsEnabled: guardians.smsNotificationsEnabled,
  readReceiptsEnabled: guardians.readReceiptsEnabled,
  phoneNumber: guardians.phoneNumber,
};

/** The choices of guardian record `id`, or null when there is none. One query. */
export async function guardianNotificationChoices(
  executor: Executor,
  id: string,
): Promise<GuardianNotificationChoices | null> {
  const [row] = await executor.select(columns).from(guardians).where(eq(guardians.id, id));
  return row ?? null;
}

/** Sets the choices of guardian record `id`; resolves them after, or null when there is none. One statement. */
export async function setGuardianNotificationChoices(
  executor: Executor,
  id: string,
  choices: {
    emailNotificationsEnabled: boolean;
    smsNotificationsEnabled: boolean;
    readReceiptsEnabled?: boolean | undefined;
  },
): Promise<GuardianNotificationChoices | null> {
  const [row] = await executor
    .update(guardians)
    .set({
      emailNotificationsEnabled: choices.emailNotificationsEnabled,
      smsNotificationsEnabled: choices.smsNotificationsEnabled,
      ...(choices.readReceiptsEnabled === undefined
        ? {}
        : { readReceiptsEnabled: choices.readReceiptsEnabled }),
      updatedAt: new Date(),
    })
    .where(eq(guardians.id, id))
    .returning(columns);
  return row ?? null;
}
