/**
 * A listing owner's notification choices (issue 22 "nothing is sent to someone who disabled it"; contracts
 * `matchmaking-notifications.ts`; decision 0060). The family side's choices live on the caller's guardian record
 * (they cover every client listing the family manages), the caregiver side's on the caller's own caregiver listing.
 * A caller with no guardian record / caregiver listing gets 404 (`NOT_FOUND`). SMS needs a phone number on the
 * account or the record (400 on `smsNotificationsEnabled`). An update is audited
 * `matchmaking_notification_settings.update` with the choices (booleans only) in the same transaction; reading one's
 * own choices is not audited (no one else's data).
 */
import type { NotificationSettings, NotificationSettingsInput, NotificationSide } from '@tend/contracts';
import { recordAudit } from '../../../platform/audit/audit.service.ts';
import type { Database } from '../../../platform/db/client.ts';
import type { RequestContext } from '../../../platform/http/context.ts';
import { AppError, notFound } from '../../../platform/http/errors.ts';
import { setCaregiverNotificationChoices } from '../../matchmaking/listing-completion.ts';
import { setGuardianNotificationChoices } from '../../people/guardian-notifications.ts';
import { findMatchmakingAccount } from '../../users/matchmaking-accounts.service.ts';
import { accountsActingFor } from '../../users/matchmaking-accounts.service.ts';
import { ownerChoices } from './recipients.ts';

type Owner = { guardianId: string } | { tinderCaregiverId: string };

/** The caller's owner record on `side` and whether their account has a phone; NOT_FOUND when there is none. */
async function callerOwner(db: Database, ctx: RequestContext, side: NotificationSide) {
  const id = ctx.actor?.userAccountId;
  const account = id ? await findMatchmakingAccount(db, id) : null;
  if (!account) throw new AppError('UNAUTHENTICATED', 'Sign in to continue');
  const owner: Owner | null =
    side === 'client'
      ? account.guardianId
        ? { guardianId: account.guardianId }
        : null
      : account.tinderCaregiverId
        ? { tinderCaregiverId: account.tinderCaregiverId }
        : null;
  if (!owner) throw notFound(side === 'client' ? 'Family profile' : 'Caregiver profile');
  const accounts = await accountsActingFor(db, owner);
  const accountPhone = accounts.find((row) => row.userAccountId === account.userAccountId)?.phone ?? null;
  return { owner, accountPhone };
}

const view = (
  side: NotificationSide,
  choices: {
    emailNotificationsEnabled: boolean;
    smsNotificationsEnabled: boolean;
    readReceiptsEnabled: boolean;
    phoneNumber: string | null;
  },
  accountPhone: string | null,
): NotificationSettings => ({
  side,
  emailNotificationsEnabled: choices.emailNotificationsEnabled,
  smsNotificationsEnabled: choices.smsNotificationsEnabled,
  readReceiptsEnabled: choices.readReceiptsEnabled,
  hasPhone: Boolean(choices.phoneNumber ?? accountPhone),
});

/** `GET /api/matchmaking/notification-settings`: the caller's choices on `side`. */
export async function findNotificationSettings(
  db: Database,
  ctx: RequestContext,
  side: NotificationSide,
): Promise<NotificationSettings> {
  const { owner, accountPhone } = await callerOwner(db, ctx, side);
  const choices = await ownerChoices(db, owner);
  if (!choices) throw notFound(side === 'client' ? 'Family profile' : 'Caregiver profile');
  return view(side, choices, accountPhone);
}

/** `PUT /api/matchmaking/notification-settings`: sets the caller's choices on `input.side`. */
export async function updateNotificationSettings(
  db: Database,
  ctx: RequestContext,
  input: NotificationSettingsInput,
): Promise<NotificationSettings> {
  const { owner, accountPhone } = await callerOwner(db, ctx, input.side);
  const choices = {
    emailNotificationsEnabled: input.emailNotificationsEnabled,
    smsNotificationsEnabled: input.smsNotificationsEnabled,
    ...(input.readReceiptsEnabled === undefined ? {} : { readReceiptsEnabled: input.readReceiptsEnabled }),
  };
  return db.transaction(async (tx) => {
    const current = await ownerChoices(tx, owner);
    if (!current) throw notFound(input.side === 'client' ? 'Family profile' : 'Caregiver profile');
    if (choices.smsNotificationsEnabled && !(current.phoneNumber ?? accountPhone))
      throw AppError.field('smsNotificationsEnabled', 'needs a phone number on your profile first');
    const after =
      'guardianId' in owner
        ? await setGuardianNotificationChoices(tx, owner.guardianId, choices)
        : await setCaregiverNotificationChoices(tx, owner.tinderCaregiverId, choices);
    if (!after) throw notFound('Profile');
    await recordAudit(tx, ctx, {
      action: 'matchmaking_notification_settings.update',
      entityType: 'guardianId' in owner ? 'guardian' : 'tinder_caregiver',
      entityId: 'guardianId' in owner ? owner.guardianId : owner.tinderCaregiverId,
      details: choices,
    });
    return view(input.side, after, accountPhone);
  });
}
