/**
 * The caller's guardian record in matchmaking (issue 21 "Guardian: /matchmaking/guardian/create"; spec s.3 Guardian;
 * docs/matchmaking.md "Guardians and client listings"; decision 0053). The row belongs to module `people`
 * (`guardians.service.ts`); the account's role and link to it to module `users` (`matchmaking-accounts.service.ts`).
 *
 * Creating: a plain USER account becomes GUARDIAN; a GUARDIAN (or an ADMIN trying the pages) creates the record and
 * links it. An account already linked to a person is CONFLICT on `guardian`; a CAREGIVER, or a USER that is someone
 * else on the care side, is FORBIDDEN. Phone numbers are stored in E.164 (decision 0019); SMS notifications need
 * one. Every write and read is audited with ids only.
 */
import type { GuardianProfile, guardianProfileInput } from '@tend/contracts';
import type { z } from 'zod';
import { recordAudit } from '../../platform/audit/audit.service.ts';
import { INVALID_PHONE_MESSAGE, normalisePhoneNumber } from '../../platform/auth/phone-numbers.ts';
import type { RequestContext } from '../../platform/http/context.ts';
import { AppError, notFound } from '../../platform/http/errors.ts';
import {
  findGuardian,
  insertGuardian,
  updateGuardian,
  type GuardianFields,
} from '../people/guardians.service.ts';
import { chooseMatchmakingRole, linkGuardianAccount } from '../users/matchmaking-accounts.service.ts';
import { callerAccount, type MatchmakingAccount, type MatchmakingDeps } from './matchmaking-support.ts';

type GuardianInput = z.output<typeof guardianProfileInput>;

/** The row's fields from a validated input: the phone in E.164 (400 on `phoneNumber` when it is not a number). */
function guardianFields(deps: MatchmakingDeps, input: GuardianInput): GuardianFields {
  const phoneNumber = input.phoneNumber
    ? normalisePhoneNumber(input.phoneNumber, deps.config.defaultPhoneCountry)
    : null;
  if (input.phoneNumber && !phoneNumber) throw AppError.field('phoneNumber', INVALID_PHONE_MESSAGE);
  if (input.smsNotificationsEnabled && !phoneNumber)
    throw AppError.field('phoneNumber', 'is required to get text messages');
  return {
    firstName: input.firstName,
    middleName: input.middleName,
    lastName: input.lastName,
    sex: input.sex ?? null,
    phoneNumber,
    email: input.email,
    dob: input.dob ?? null,
    smsNotificationsEnabled: input.smsNotificationsEnabled,
  };
}

/** Whether `account` may act as a family in matchmaking (see the file comment); FORBIDDEN otherwise. */
export function assertFamilyAccount(account: MatchmakingAccount): void {
  if (account.role === 'GUARDIAN' || account.role === 'ADMIN') return;
  const plainUser =
    account.role === 'USER' &&
    !account.functionalRole &&
    !account.caregiverId &&
    !account.caseManagerId &&
    !account.tinderCaregiverId;
  if (!plainUser) throw new AppError('FORBIDDEN', 'This account cannot make a family profile');
}

/**
 * `POST /api/matchmaking/guardians`: creates the caller's guardian record and links the account to it, in one
 * transaction. CONFLICT on `guardian` when the account is already linked to a person; FORBIDDEN for a caregiver or
 * another care-side account; 400 naming the field for bad input.
 */
export async function createGuardianProfile(
  deps: MatchmakingDeps,
  ctx: RequestContext,
  input: GuardianInput,
): Promise<GuardianProfile> {
  const account = await callerAccount(deps, ctx);
  if (account.guardianId)
    throw new AppError('CONFLICT', 'guardian this account already has a guardian profile', [
      { path: 'guardian', message: 'this account already has a guardian profile' },
    ]);
  assertFamilyAccount(account);
  const fields = guardianFields(deps, input);
  return deps.db.transaction(async (tx) => {
    if (account.role === 'USER') await chooseMatchmakingRole(tx, ctx, account.userAccountId, 'GUARDIAN');
    const row = await insertGuardian(tx, fields);
    await linkGuardianAccount(tx, ctx, account.userAccountId, row.id);
    await recordAudit(tx, ctx, {
      action: 'matchmaking_guardian.create',
      entityType: 'guardian',
      entityId: row.id,
      details: { userAccountId: account.userAccountId },
    });
    return row;
  });
}

/** The caller's guardian record, or NOT_FOUND when the account has none. */
async function ownGuardianId(deps: MatchmakingDeps, ctx: RequestContext): Promise<string> {
  const account = await callerAccount(deps, ctx);
  if (!account.guardianId) throw notFound('Guardian profile');
  return account.guardianId;
}

/** `GET /api/matchmaking/guardians/me`: the caller's guardian record (NOT_FOUND when none). Audited. */
export async function getGuardianProfile(
  deps: MatchmakingDeps,
  ctx: RequestContext,
): Promise<GuardianProfile> {
  const id = await ownGuardianId(deps, ctx);
  const row = await findGuardian(deps.db, id);
  if (!row) throw notFound('Guardian profile');
  await recordAudit(deps.db, ctx, {
    action: 'matchmaking_guardian.read',
    entityType: 'guardian',
    entityId: id,
  });
  return row;
}

/** `PUT /api/matchmaking/guardians/me`: replaces the caller's guardian record's fields (NOT_FOUND when none). */
export async function updateGuardianProfile(
  deps: MatchmakingDeps,
  ctx: RequestContext,
  input: GuardianInput,
): Promise<GuardianProfile> {
  const id = await ownGuardianId(deps, ctx);
  const fields = guardianFields(deps, input);
  return deps.db.transaction(async (tx) => {
    const row = await updateGuardian(tx, id, fields);
    if (!row) throw notFound('Guardian profile');
    await recordAudit(tx, ctx, {
      action: 'matchmaking_guardian.update',
      entityType: 'guardian',
      entityId: id,
    });
    return row;
  });
}
