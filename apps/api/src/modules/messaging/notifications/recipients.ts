/**
 * Who a matchmaking notification goes to (issue 22; decision 0060): the active accounts acting for a listing
 * (`users/matchmaking-accounts.service.ts` `accountsActingFor`) and the owner's choices — the guardian record's for a
 * client listing (module `people`), the caregiver listing's own (module `matchmaking`).
 */
import type { Executor } from '../../../platform/db/client.ts';
import { caregiverNotificationChoices, listingOwner } from '../../matchmaking/listing-completion.ts';
import type { ListingOwner } from '../../matchmaking/listing-completion.ts';
import { guardianNotificationChoices } from '../../people/guardian-notifications.ts';
import { accountsActingFor, type ListingAccount } from '../../users/matchmaking-accounts.service.ts';

/** A listing's owner, their choices and their active accounts. */
export interface NotificationRecipients {
  owner: ListingOwner;
  emailEnabled: boolean;
  smsEnabled: boolean;
  /** The owner record's phone (E.164), used when an account has none. */
  ownerPhone: string | null;
  accounts: ListingAccount[];
}

/** The choices of `owner`, or null when its record is gone. */
export async function ownerChoices(executor: Executor, owner: ListingOwner) {
  return 'guardianId' in owner
    ? guardianNotificationChoices(executor, owner.guardianId)
    : caregiverNotificationChoices(executor, owner.tinderCaregiverId);
}

/** The recipients for `owner` (null when its record is gone). Two queries. */
export async function recipientsOfOwner(
  executor: Executor,
  owner: ListingOwner,
): Promise<NotificationRecipients | null> {
  const choices = await ownerChoices(executor, owner);
  if (!choices) return null;
  const accounts = (await accountsActingFor(executor, owner)).filter((account) => account.isActive);
  return {
    owner,
    emailEnabled: choices.emailNotificationsEnabled,
    smsEnabled: choices.smsNotificationsEnabled,
    ownerPhone: choices.phoneNumber,
    accounts,
  };
}

/** The recipients for listing `listingId` on `side` (null for an unknown or ownerless listing). */
export async function recipientsOfListing(
  executor: Executor,
  side: 'CLIENT' | 'CAREGIVER',
  listingId: string,
): Promise<NotificationRecipients | null> {
  const owner = await listingOwner(executor, side, listingId);
  return owner ? recipientsOfOwner(executor, owner) : null;
}
