/**
 * The matchmaking home and the role choice (issue 21 "Entry"; spec s.2 `/matchmaking`, `/matchmaking/role-select`;
 * contracts `matchmaking-entry.ts`; decision 0057). The caller's own records only, read straight from the tables;
 * the next step of each listing comes from contracts `nextOnboardingStep`.
 */
import { and, asc, eq } from 'drizzle-orm';
import {
  caregiverOnboardingSteps,
  caregiverStepPath,
  clientOnboardingSteps,
  clientStepPath,
  nextOnboardingStep,
  type CaregiverOnboardingStep,
  type ClientOnboardingStep,
  type MatchmakingHome,
  type MatchmakingHomeCaregiver,
  type MatchmakingHomeClient,
  type MatchmakingRoleInput,
  type MatchmakingRoleResult,
} from '@tend/contracts';
import type { Executor } from '../../platform/db/client.ts';
import type { RequestContext } from '../../platform/http/context.ts';
import { findGuardianVerification } from '../people/guardians.service.ts';
import { chooseMatchmakingRole } from '../users/matchmaking-accounts.service.ts';
import { callerAccount, type MatchmakingAccount, type MatchmakingDeps } from './matchmaking-support.ts';
import { tinderCaregivers, tinderClients } from './matchmaking.table.ts';

/** `value` when it is one of `steps`, else null (a stored step from an older order). */
const stepOf = <S extends string>(steps: readonly S[], value: string | null): S | null =>
  value && (steps as readonly string[]).includes(value) ? (value as S) : null;

/** The caller's client listings (those of its guardian record) and caregiver listing, not archived. */
async function ownListings(
  executor: Executor,
  account: MatchmakingAccount,
): Promise<{ clients: MatchmakingHomeClient[]; caregiver: MatchmakingHomeCaregiver | null }> {
  const clientRows = account.guardianId
    ? await executor
        .select()
        .from(tinderClients)
        .where(and(eq(tinderClients.guardianId, account.guardianId), eq(tinderClients.archived, false)))
        .orderBy(asc(tinderClients.createdAt), asc(tinderClients.id))
    : [];
  const [caregiverRow] = account.tinderCaregiverId
    ? await executor
        .select()
        .from(tinderCaregivers)
        .where(and(eq(tinderCaregivers.id, account.tinderCaregiverId), eq(tinderCaregivers.archived, false)))
    : [];
  const clients = clientRows.map((row) => {
    const furthestStep = stepOf<ClientOnboardingStep>(clientOnboardingSteps, row.onboardingStep);
    return {
      id: row.id,
      firstName: row.firstName,
      uniqueKey: row.uniqueKey,
      furthestStep,
      nextStep: nextOnboardingStep(clientOnboardingSteps, furthestStep),
      listed: row.listedAt !== null,
    };
  });
  const furthest = caregiverRow
    ? stepOf<CaregiverOnboardingStep>(caregiverOnboardingSteps, caregiverRow.onboardingStep)
    : null;
  const caregiver = caregiverRow
    ? {
        id: caregiverRow.id,
        firstName: caregiverRow.firstName,
        uniqueKey: caregiverRow.uniqueKey,
        furthestStep: furthest,
        nextStep: nextOnboardingStep(caregiverOnboardingSteps, furthest),
        listed: caregiverRow.listedAt !== null,
      }
    : null;
  return { clients, caregiver };
}

/**
 * `GET /api/matchmaking/me`: the caller's role, guardian record (id, name, verified) or null, client listings and
 * caregiver listing with the step to resume at. Three queries at most. Not audited (the caller's own records).
 */
export async function getMatchmakingHome(
  deps: MatchmakingDeps,
  ctx: RequestContext,
): Promise<MatchmakingHome> {
  const account = await callerAccount(deps, ctx);
  const guardian = account.guardianId ? await findGuardianVerification(deps.db, account.guardianId) : null;
  const listings = await ownListings(deps.db, account);
  return {
    role: account.role,
    guardian: guardian
      ? { id: guardian.id, name: guardian.name, verified: guardian.verifiedAt !== null }
      : null,
    ...listings,
  };
}

/**
 * Where a person who chose `side` goes next: the next step of their first unfinished listing of that side, the
 * profile page when every listing is finished, else the first page of that side (the guardian record's "add a
 * client" page when the record exists without listings).
 */
export function nextPathAfterRole(
  side: MatchmakingRoleInput['role'],
  account: Pick<MatchmakingAccount, 'guardianId'>,
  listings: { clients: MatchmakingHomeClient[]; caregiver: MatchmakingHomeCaregiver | null },
): string {
  if (side === 'CAREGIVER') {
    const listing = listings.caregiver;
    if (!listing) return caregiverStepPath('form', null);
    return listing.nextStep
      ? caregiverStepPath(listing.nextStep, listing.id)
      : '/matchmaking/caregiver/profile';
  }
  if (!account.guardianId) return '/matchmaking/guardian/create';
  const unfinished = listings.clients.find((listing) => listing.nextStep !== null);
  if (unfinished?.nextStep) return clientStepPath(unfinished.nextStep, unfinished.id);
  return listings.clients.length
    ? '/matchmaking/client/profile'
    : `/matchmaking/guardian/${account.guardianId}/createClient`;
}

/**
 * `POST /api/matchmaking/role`: sets the caller's role (`chooseMatchmakingRole`: a plain USER becomes GUARDIAN or
 * CAREGIVER, an account with the role or an admin keeps it; anything else 409 CONFLICT on `role` with the reason),
 * in one transaction with its audit event, and says where to go next (`nextPathAfterRole`).
 */
export async function chooseRole(
  deps: MatchmakingDeps,
  ctx: RequestContext,
  input: MatchmakingRoleInput,
): Promise<MatchmakingRoleResult> {
  const account = await callerAccount(deps, ctx);
  const role = await deps.db.transaction((tx) =>
    chooseMatchmakingRole(tx, ctx, account.userAccountId, input.role),
  );
  return { role, next: nextPathAfterRole(input.role, account, await ownListings(deps.db, account)) };
}
