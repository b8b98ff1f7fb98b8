/**
 * What every matchmaking service is given, and who owns what (issue 21). A guardian record belongs to the account
 * whose `guardianId` it is; a client listing to its guardian's account; a caregiver listing to the account whose
 * `tinderCaregiverId` it is. Admins manage every listing. A listing the caller may not manage is NOT_FOUND (the same
 * body as an unknown id: existence is not leaked).
 */
import { and, eq } from 'drizzle-orm';
import type { Config } from '../../platform/config/config.ts';
import type { Database, Executor } from '../../platform/db/client.ts';
import type { RequestContext } from '../../platform/http/context.ts';
import { AppError, notFound } from '../../platform/http/errors.ts';
import type { StorageService } from '../../platform/storage/storage.service.ts';
import { findMatchmakingAccount, type MatchmakingAccount } from '../users/matchmaking-accounts.service.ts';
import { tinderCaregivers, tinderClients } from './matchmaking.table.ts';

export type { MatchmakingAccount };

export interface MatchmakingDeps {
  db: Database;
  storage: StorageService;
  config: Config;
}

/**
 * The caller's account (an anonymous context is refused before: the routes need a session). One query; none on a
 * realtime socket's later events (`ctx.remember`: the account row is kept until an account or session changes).
 */
export async function callerAccount(deps: MatchmakingDeps, ctx: RequestContext): Promise<MatchmakingAccount> {
  const id = ctx.actor?.userAccountId;
  const read = async () => (id ? await findMatchmakingAccount(deps.db, id) : null);
  const account = ctx.remember ? await ctx.remember('matchmaking.callerAccount', read) : await read();
  if (!account) throw new AppError('UNAUTHENTICATED', 'Sign in to continue');
  return account;
}

/** Client listing `id` when the caller may manage it (its guardian's account, or an admin); else NOT_FOUND. */
export async function managedClientListing(
  executor: Executor,
  account: MatchmakingAccount,
  id: string,
): Promise<typeof tinderClients.$inferSelect> {
  const [row] = await executor
    .select()
    .from(tinderClients)
    .where(
      and(
        eq(tinderClients.id, id),
        eq(tinderClients.archived, false),
        account.role === 'ADMIN'
          ? undefined
          : eq(tinderClients.guardianId, account.guardianId ?? '00000000-0000-0000-0000-000000000000'),
      ),
    );
  if (!row) throw notFound('Client profile');
  return row;
}

/** The caller's own caregiver listing, or NOT_FOUND when the account has none. */
export async function ownCaregiverListing(
  executor: Executor,
  account: MatchmakingAccount,
): Promise<typeof tinderCaregivers.$inferSelect> {
  if (!account.tinderCaregiverId) throw notFound('Caregiver profile');
  const [row] = await executor
    .select()
    .from(tinderCaregivers)
    .where(and(eq(tinderCaregivers.id, account.tinderCaregiverId), eq(tinderCaregivers.archived, false)));
  if (!row) throw notFound('Caregiver profile');
  return row;
}

/** Caregiver listing `id` when the caller may manage it (its own account, or an admin); else NOT_FOUND. */
export async function managedCaregiverListing(
  executor: Executor,
  account: MatchmakingAccount,
  id: string,
): Promise<typeof tinderCaregivers.$inferSelect> {
  if (account.role !== 'ADMIN' && account.tinderCaregiverId !== id) throw notFound('Caregiver profile');
  const [row] = await executor
    .select()
    .from(tinderCaregivers)
    .where(and(eq(tinderCaregivers.id, id), eq(tinderCaregivers.archived, false)));
  if (!row) throw notFound('Caregiver profile');
  return row;
}
