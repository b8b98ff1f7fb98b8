/**
 * Accounts in matchmaking (issue 21; spec s.2 `/matchmaking/role-select`, s.3 UserAccount `guardianId`,
 * `tinderCaregiverId`): the role a self-registered account chooses, and the account's link to the guardian record or
 * caregiver listing it creates. Module `matchmaking` calls these.
 *
 * Rules:
 * - Role choice: a USER account with no functional role and no person link becomes GUARDIAN or CAREGIVER; an
 *   account that already has the role chosen keeps it; an ADMIN keeps ADMIN (admins try the pages as themselves);
 *   anything else (a case manager, a USER linked to a person, a caregiver choosing guardian) is CONFLICT on `role`.
 *   Audited `account.matchmaking_role`. The session cache sees the change (a write to `user_account`).
 * - Guardian link: sets `guardian_id` when the account has none (the one-person check allows one of caregiver, case
 *   manager, guardian); CONFLICT on `guardian` when it is linked to another person already.
 * - Caregiver listing link: sets `tinder_caregiver_id` when the account has none; CONFLICT on `caregiver` otherwise.
 * Links are audited `account.person_linked` with method `matchmaking`.
 */
import { eq, inArray, or } from 'drizzle-orm';
import type { Role } from '@tend/contracts';
import { recordAudit } from '../../platform/audit/audit.service.ts';
import { userAccounts } from '../../platform/auth/auth.table.ts';
import type { Locale } from '@tend/contracts/locale';
import type { Executor } from '../../platform/db/client.ts';
import type { RequestContext } from '../../platform/http/context.ts';
import { AppError } from '../../platform/http/errors.ts';

/** What matchmaking needs to know of an account. */
export interface MatchmakingAccount {
  userAccountId: string;
  role: Role;
  functionalRole: string | null;
  email: string | null;
  /** The guardian record the account acts as (care side and matchmaking alike). */
  guardianId: string | null;
  /** The caregiver listing the account owns. */
  tinderCaregiverId: string | null;
  /** Linked to a care-side caregiver or case manager record. */
  caregiverId: string | null;
  caseManagerId: string | null;
}

/** The account, or null for an unknown id. One query. */
export async function findMatchmakingAccount(
  executor: Executor,
  userAccountId: string,
): Promise<MatchmakingAccount | null> {
  const [row] = await executor
    .select({
      userAccountId: userAccounts.id,
      role: userAccounts.role,
      functionalRole: userAccounts.functionalRole,
      email: userAccounts.email,
      guardianId: userAccounts.guardianId,
      tinderCaregiverId: userAccounts.tinderCaregiverId,
      caregiverId: userAccounts.caregiverId,
      caseManagerId: userAccounts.caseManagerId,
    })
    .from(userAccounts)
    .where(eq(userAccounts.id, userAccountId));
  return row ?? null;
}

/** An account that acts for a matchmaking listing, with what notifications need (issue 22). */
export interface ListingAccount {
  userAccountId: string;
  email: string | null;
  phone: string | null;
  locale: Locale | null;
  isActive: boolean;
}

/**
 * The accounts that act for a listing: those linked to guardian record `guardianId` (a client listing's family) or
 * to caregiver listing `tinderCaregiverId`. Inactive accounts included (`isActive` says). One query.
 */
export async function accountsActingFor(
  executor: Executor,
  owner: { guardianId: string } | { tinderCaregiverId: string },
): Promise<ListingAccount[]> {
  const rows = await accountsActingForAny(
    executor,
    'guardianId' in owner
      ? { guardianIds: [owner.guardianId], tinderCaregiverIds: [] }
      : { guardianIds: [], tinderCaregiverIds: [owner.tinderCaregiverId] },
  );
  return rows.map(({ userAccountId, email, phone, locale, isActive }) => ({
    userAccountId,
    email,
    phone,
    locale,
    isActive,
  }));
}

/**
 * {@link accountsActingFor} for several owners at once (both sides of a conversation), each account with the
 * guardian record and caregiver listing it is linked to, so the caller can tell whose it is. One query.
 */
export async function accountsActingForAny(
  executor: Executor,
  { guardianIds, tinderCaregiverIds }: { guardianIds: string[]; tinderCaregiverIds: string[] },
): Promise<(ListingAccount & { guardianId: string | null; tinderCaregiverId: string | null })[]> {
  if (!guardianIds.length && !tinderCaregiverIds.length) return [];
  return executor
    .select({
      userAccountId: userAccounts.id,
      email: userAccounts.email,
      phone: userAccounts.phone,
      locale: userAccounts.locale,
      isActive: userAccounts.isActive,
      guardianId: userAccounts.guardianId,
      tinderCaregiverId: userAccounts.tinderCaregiverId,
    })
    .from(userAccounts)
    .where(
      or(
        guardianIds.length ? inArray(userAccounts.guardianId, guardianIds) : undefined,
        tinderCaregiverIds.length ? inArray(userAccounts.tinderCaregiverId, tinderCaregiverIds) : undefined,
      ),
    );
}

const conflict = (path: string, message: string) =>
  new AppError('CONFLICT', `${path} ${message}`, [{ path, message }]);

async function accountOrThrow(executor: Executor, userAccountId: string): Promise<MatchmakingAccount> {
  const account = await findMatchmakingAccount(executor, userAccountId);
  if (!account) throw new AppError('NOT_FOUND', 'Account not found');
  return account;
}

/** Sets the account's matchmaking role (see the file comment); resolves the role it has after. */
export async function chooseMatchmakingRole(
  executor: Executor,
  ctx: RequestContext,
  userAccountId: string,
  role: 'GUARDIAN' | 'CAREGIVER',
): Promise<Role> {
  const account = await accountOrThrow(executor, userAccountId);
  if (account.role === role || account.role === 'ADMIN') return account.role;
  const plainUser =
    account.role === 'USER' &&
    !account.functionalRole &&
    !account.caregiverId &&
    !account.caseManagerId &&
    !account.guardianId;
  if (!plainUser)
    throw conflict('role', `this account is a ${account.role} account and cannot become ${role}`);
  await executor.update(userAccounts).set({ role }).where(eq(userAccounts.id, userAccountId));
  await recordAudit(executor, ctx, {
    action: 'account.matchmaking_role',
    entityType: 'user_account',
    entityId: userAccountId,
    details: { from: account.role, to: role },
  });
  return role;
}

/** Links the account to guardian record `guardianId` (see the file comment). */
export async function linkGuardianAccount(
  executor: Executor,
  ctx: RequestContext,
  userAccountId: string,
  guardianId: string,
): Promise<void> {
  const account = await accountOrThrow(executor, userAccountId);
  if (account.guardianId === guardianId) return;
  if (account.guardianId || account.caregiverId || account.caseManagerId)
    throw conflict('guardian', 'this account is already linked to a person');
  await executor.update(userAccounts).set({ guardianId }).where(eq(userAccounts.id, userAccountId));
  await recordAudit(executor, ctx, {
    action: 'account.person_linked',
    entityType: 'user_account',
    entityId: userAccountId,
    details: { personKind: 'guardian', personId: guardianId, method: 'matchmaking' },
  });
}

/** Links the account to caregiver listing `tinderCaregiverId` (see the file comment). */
export async function linkCaregiverListingAccount(
  executor: Executor,
  ctx: RequestContext,
  userAccountId: string,
  tinderCaregiverId: string,
): Promise<void> {
  const account = await accountOrThrow(executor, userAccountId);
  if (account.tinderCaregiverId === tinderCaregiverId) return;
  if (account.tinderCaregiverId) throw conflict('caregiver', 'this account already has a caregiver listing');
  await executor.update(userAccounts).set({ tinderCaregiverId }).where(eq(userAccounts.id, userAccountId));
  await recordAudit(executor, ctx, {
    action: 'account.person_linked',
    entityType: 'user_account',
    entityId: userAccountId,
    details: { personKind: 'caregiver_listing', personId: tinderCaregiverId, method: 'matchmaking' },
  });
}
