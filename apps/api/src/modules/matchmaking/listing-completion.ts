/**
 * Which listings are incomplete, for the profile-completion reminders of module `messaging` (issue 22
 * "Profile-completion reminders"; spec s.3 ProfileCompletionNotification; decision 0060). The rules are the
 * profile alerts' (`profile-alerts.service.ts` `clientAlertsOf` / `caregiverAlertsOf`, decision 0056): a listing is
 * incomplete while it has a `high` alert, and what is missing is the list of those alerts' fields.
 *
 * Also the owner of a listing and the caregiver listing's notification choices (the family side's live on the
 * guardian record, module `people`).
 */
import { and, eq, exists, isNotNull } from 'drizzle-orm';
import type { ProfileAlertField, WeeklyGrid } from '@tend/contracts';
import type { Executor } from '../../platform/db/client.ts';
import { caregiverAlertsOf, clientAlertsOf } from './profile-alerts.service.ts';
import {
  caregiverSchedules,
  clientSchedules,
  textBios,
  tinderCaregivers,
  tinderClients,
  videoBios,
} from './matchmaking.table.ts';

/** Who owns a listing: a family's guardian record (client listings) or the caregiver listing itself. */
export type ListingOwner = { guardianId: string } | { tinderCaregiverId: string };

/** A listing's completeness: its side, id, owner and the fields of its high alerts (empty when complete). */
export interface ListingCompletion {
  side: 'CLIENT' | 'CAREGIVER';
  listingId: string;
  owner: ListingOwner;
  missing: ProfileAlertField[];
}

const highFields = (alerts: { field: ProfileAlertField; severity: string }[]) =>
  alerts.filter((alert) => alert.severity === 'high').map((alert) => alert.field);

/**
 * Every live listing (not archived) that has an owner, with what it misses on day `today` (`YYYY-MM-DD`): client
 * listings of a guardian record and caregiver listings. Three queries for each side's facts; no writes.
 */
export async function listingCompletions(executor: Executor, today: string): Promise<ListingCompletion[]> {
  const clients = await executor
    .select({ row: tinderClients, schedule: clientSchedules.schedule })
    .from(tinderClients)
    .leftJoin(clientSchedules, eq(clientSchedules.clientId, tinderClients.id))
    .where(and(eq(tinderClients.archived, false), isNotNull(tinderClients.guardianId)));
  const caregivers = await executor
    .select({
      row: tinderCaregivers,
      schedule: caregiverSchedules.schedule,
      hasBio: exists(
        executor
          .select({ id: textBios.id })
          .from(textBios)
          .where(and(eq(textBios.caregiverId, tinderCaregivers.id), eq(textBios.isCurrent, true))),
      ).mapWith(Boolean),
      hasVideo: exists(
        executor
          .select({ id: videoBios.id })
          .from(videoBios)
          .where(eq(videoBios.caregiverId, tinderCaregivers.id)),
      ).mapWith(Boolean),
    })
    .from(tinderCaregivers)
    .leftJoin(caregiverSchedules, eq(caregiverSchedules.caregiverId, tinderCaregivers.id))
    .where(eq(tinderCaregivers.archived, false));
  return [
    ...clients.map(({ row, schedule }) => ({
      side: 'CLIENT' as const,
      listingId: row.id,
      owner: { guardianId: row.guardianId as string },
      missing: highFields(clientAlertsOf(row, { schedule: (schedule as WeeklyGrid | null) ?? null })),
    })),
    ...caregivers.map(({ row, schedule, hasBio, hasVideo }) => ({
      side: 'CAREGIVER' as const,
      listingId: row.id,
      owner: { tinderCaregiverId: row.id },
      missing: highFields(
        caregiverAlertsOf(
          row,
          { schedule: (schedule as WeeklyGrid | null) ?? null, hasBio, hasVideo },
          today,
        ),
      ),
    })),
  ];
}

/** The owner of listing `listingId` on `side`, or null for an unknown (or archived, or ownerless) listing. */
export async function listingOwner(
  executor: Executor,
  side: 'CLIENT' | 'CAREGIVER',
  listingId: string,
): Promise<ListingOwner | null> {
  if (side === 'CAREGIVER') {
    const [row] = await executor
      .select({ id: tinderCaregivers.id })
      .from(tinderCaregivers)
      .where(eq(tinderCaregivers.id, listingId));
    return row ? { tinderCaregiverId: row.id } : null;
  }
  const [row] = await executor
    .select({ guardianId: tinderClients.guardianId })
    .from(tinderClients)
    .where(eq(tinderClients.id, listingId));
  return row?.guardianId ? { guardianId: row.guardianId } : null;
}

/** A caregiver listing's notification choices and phone number (E.164 or null). */
export interface CaregiverNotificationChoices {
  emailNotificationsEnabled: boolean;
  smsNotificationsEnabled: boolean;
  readReceiptsEnabled: boolean;
  phoneNumber: string | null;
}

/** The notification choices of caregiver listing `id`, or null when there is none. One query. */
export async function caregiverNotificationChoices(
  executor: Executor,
  id: string,
): Promise<CaregiverNotificationChoices | null> {
  const [row] = await executor
    .select({
      emailNotificationsEnabled: tinderCaregivers.emailNotificationsEnabled,
      smsNotificationsEnabled: tinderCaregivers.smsNotificationsEnabled,
      readReceiptsEnabled: tinderCaregivers.readReceiptsEnabled,
      phoneNumber: tinderCaregivers.phoneNumber,
    })
    .from(tinderCaregivers)
    .where(eq(tinderCaregivers.id, id));
  return row ?? null;
}

/** Sets the notification choices of caregiver listing `id`; resolves them after, or null when there is none. */
export async function setCaregiverNotificationChoices(
  executor: Executor,
  id: string,
  choices: {
    emailNotificationsEnabled: boolean;
    smsNotificationsEnabled: boolean;
    readReceiptsEnabled?: boolean | undefined;
  },
): Promise<CaregiverNotificationChoices | null> {
  const [row] = await executor
    .update(tinderCaregivers)
    .set({
      emailNotificationsEnabled: choices.emailNotificationsEnabled,
      smsNotificationsEnabled: choices.smsNotificationsEnabled,
      ...(choices.readReceiptsEnabled === undefined
        ? {}
        : { readReceiptsEnabled: choices.readReceiptsEnabled }),
      updatedAt: new Date(),
    })
    .where(eq(tinderCaregivers.id, id))
    .returning({
      emailNotificationsEnabled: tinderCaregivers.emailNotificationsEnabled,
      smsNotificationsEnabled: tinderCaregivers.smsNotificationsEnabled,
      readReceiptsEnabled: tinderCaregivers.readReceiptsEnabled,
      phoneNumber: tinderCaregivers.phoneNumber,
    });
  return row ?? null;
}
