/**
 * Matches between a client listing and a caregiver listing (issue 22; spec s.3 Match, s.4 MatchStatus): the one place
 * a match is opened and the one answer to "may this account see this match". Module `messaging` calls both (an
 * accepted message request opens a match; `/messager/{matchId}` opens a match's conversation).
 */
import { and, eq } from 'drizzle-orm';
import type { SenderType } from '@tend/contracts';
import type { Executor } from '../../platform/db/client.ts';
import { notFound } from '../../platform/http/errors.ts';
import type { MatchmakingAccount } from './matchmaking-support.ts';
import { matches, tinderCaregivers, tinderClients } from './matchmaking.table.ts';

export type MatchRow = typeof matches.$inferSelect;

/**
 * Opens the match of a client and a caregiver listing, started by `initiator`'s side, or returns the one the pair
 * already has (one match per pair; a REJECTED one stays rejected). In `executor` (the caller's transaction).
 */
export async function openMatch(
  executor: Executor,
  { clientId, caregiverId, initiator }: { clientId: string; caregiverId: string; initiator: SenderType },
): Promise<MatchRow> {
  await executor
    .insert(matches)
    .values({ clientId, caregiverId, initiator, status: 'ACCEPTED' })
    .onConflictDoNothing({ target: [matches.clientId, matches.caregiverId] });
  const [row] = await executor
    .select()
    .from(matches)
    .where(and(eq(matches.clientId, clientId), eq(matches.caregiverId, caregiverId)));
  if (!row) throw new Error('openMatch: the match row vanished');
  return row;
}

/**
 * Match `matchId` and the side the account acts for in it: the client's guardian account is `CLIENT`, the
 * caregiver listing's own account `CAREGIVER`. Anyone else (admins included: they review matches elsewhere) gets
 * NOT_FOUND, as for an unknown id.
 */
export async function participantMatch(
  executor: Executor,
  account: MatchmakingAccount,
  matchId: string,
): Promise<{ match: MatchRow; side: SenderType }> {
  const [row] = await executor
    .select({ match: matches, guardianId: tinderClients.guardianId })
    .from(matches)
    .innerJoin(tinderClients, eq(tinderClients.id, matches.clientId))
    .innerJoin(tinderCaregivers, eq(tinderCaregivers.id, matches.caregiverId))
    .where(eq(matches.id, matchId));
  if (row && account.guardianId && row.guardianId === account.guardianId)
    return { match: row.match, side: 'CLIENT' };
  if (row && account.tinderCaregiverId && row.match.caregiverId === account.tinderCaregiverId)
    return { match: row.match, side: 'CAREGIVER' };
  throw notFound('Match');
}
