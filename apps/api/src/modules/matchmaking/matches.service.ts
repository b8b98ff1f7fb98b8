/**
 * Matches between a client listing and a caregiver listing (issue 22; spec s.3 Match, s.4 MatchStatus): the one place
 * a match is opened and the one answer to "may this account see this match". Module `messaging` calls both (an
 * accepted message request opens a match; `/messager/{matchId}` opens a match's conversation).
 */
import { and, eq, inArray } from 'drizzle-orm';
import type { MatchStatus, SenderType } from '@tend/contracts';
import type { Executor } from '../../platform/db/client.ts';
import { notFound } from '../../platform/http/errors.ts';
import { clientFacts } from '../people/people-facts.ts';
import { readMatchmakingSettings } from './fit-inputs.ts';
import type { MatchmakingAccount } from './matchmaking-support.ts';
import { matches, tinderCaregivers, tinderClients } from './matchmaking.table.ts';

export type MatchRow = typeof matches.$inferSelect;

/**
 * The case manager who must authorize a match of client listing `clientId` under the agency's settings, or null: the
 * setting `requireCaseManagerAuthorization` is on (decision 0059) and the listing is linked to a care record
 * (`tinder_client.client_id`) whose `case_manager_id` is set (read through module people's `clientFacts`).
 */
export async function authorizingCaseManager(executor: Executor, clientId: string): Promise<string | null> {
  const settings = await readMatchmakingSettings(executor);
  if (!settings.requireCaseManagerAuthorization) return null;
  const care = clientFacts('care_client');
  const [row] = await executor
    .select({ caseManagerId: care.caseManagerId })
    .from(tinderClients)
    .innerJoin(care, eq(care.id, tinderClients.clientId))
    .where(eq(tinderClients.id, clientId));
  return row?.caseManagerId ?? null;
}

/**
 * Opens the match of a client and a caregiver listing, started by `initiator`'s side, or returns the one the pair
 * already has (one match per pair; a REJECTED one stays rejected). In `executor` (the caller's transaction). When
 * the agency requires it and the client has a case manager (`authorizingCaseManager`), the new match is PENDING with
 * `care_authorization = requested` until that case manager decides; else ACCEPTED, `not_required` (issue 22).
 */
export async function openMatch(
  executor: Executor,
  { clientId, caregiverId, initiator }: { clientId: string; caregiverId: string; initiator: SenderType },
): Promise<MatchRow> {
  const caseManagerId = await authorizingCaseManager(executor, clientId);
  await executor
    .insert(matches)
    .values({
      clientId,
      caregiverId,
      initiator,
      status: caseManagerId ? 'PENDING' : 'ACCEPTED',
      careAuthorization: caseManagerId ? 'requested' : 'not_required',
    })
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

/**
 * The status of each of matches `matchIds` (spec s.4 MatchStatus), keyed by match id; unknown ids are absent. For
 * module `messaging`, which closes a match's conversation to writing once the match is REJECTED (decision 0058
 * addendum). No access check: the caller has already checked the account takes part. One query (none when empty).
 */
export async function matchStatusesOf(
  executor: Executor,
  matchIds: string[],
): Promise<Map<string, MatchStatus>> {
  if (!matchIds.length) return new Map();
  const rows = await executor
    .select({ id: matches.id, status: matches.status })
    .from(matches)
    .where(inArray(matches.id, [...new Set(matchIds)]));
  return new Map(rows.map((row) => [row.id, row.status]));
}
