/**
 * The case manager's authorization of matches (issue 22 "A match can need the case manager's authorization
 * (configurable per agency) before it turns into scheduled care"; decision 0059). `openMatch` leaves a match PENDING
 * with `care_authorization = requested` when the agency requires it and the client listing is linked to a care
 * record with a case manager. Here:
 * - `listAuthorizations`: the requested matches a caller may decide — a case manager's account: those of its own
 *   clients (care record's `case_manager_id` = the account's `caseManagerId`); an admin: all; anyone else: none —
 *   oldest first, each with the care record's id and name, the caregiver's card and the fit.
 * - `decideAuthorization`: authorize (ACCEPTED, `authorized`) or decline (REJECTED by the CLIENT side, `declined`),
 *   with an optional note, by that case manager or an admin; anyone else NOT_FOUND; a decided match 409 CONFLICT.
 * Care records are read through module people's `clientFacts`. Audited with ids only (never the note).
 */
import { and, asc, eq } from 'drizzle-orm';
import type { AuthorizationInput, AuthorizationItem, MatchSummary } from '@tend/contracts';
import { recordAudit } from '../../platform/audit/audit.service.ts';
import type { Executor } from '../../platform/db/client.ts';
import type { RequestContext } from '../../platform/http/context.ts';
import { AppError, notFound } from '../../platform/http/errors.ts';
import { clientFacts } from '../people/people-facts.ts';
import { caregiverCardOf } from './cards.ts';
import { fitsOf, readMatchmakingSettings } from './fit-inputs.ts';
import { matchSummaryOf } from './likes-support.ts';
import { callerAccount, type MatchmakingAccount, type MatchmakingDeps } from './matchmaking-support.ts';
import { matches, tinderCaregivers, tinderClients } from './matchmaking.table.ts';

const NO_ONE = '00000000-0000-0000-0000-000000000000';

/** Requested matches (or match `matchId`) the account may decide, with the care record and both listings. */
function decidable(executor: Executor, account: MatchmakingAccount, matchId?: string) {
  const care = clientFacts('care_client');
  return executor
    .select({
      match: matches,
      client: tinderClients,
      caregiver: tinderCaregivers,
      careClientId: care.id,
      careClientName: care.name,
    })
    .from(matches)
    .innerJoin(tinderClients, eq(tinderClients.id, matches.clientId))
    .innerJoin(tinderCaregivers, eq(tinderCaregivers.id, matches.caregiverId))
    .innerJoin(care, eq(care.id, tinderClients.clientId))
    .where(
      and(
        matchId ? eq(matches.id, matchId) : eq(matches.careAuthorization, 'requested'),
        account.role === 'ADMIN' ? undefined : eq(care.caseManagerId, account.caseManagerId ?? NO_ONE),
      ),
    )
    .orderBy(asc(matches.createdAt), asc(matches.id));
}

/** `GET /api/matchmaking/authorizations` (see the file comment). */
export async function listAuthorizations(
  deps: MatchmakingDeps,
  ctx: RequestContext,
): Promise<{ items: AuthorizationItem[] }> {
  const account = await callerAccount(deps, ctx);
  const rows = account.role === 'ADMIN' || account.caseManagerId ? await decidable(deps.db, account) : [];
  const fits = await fitsOf(deps.db, await readMatchmakingSettings(deps.db), rows);
  const items = rows.map((row, index) => ({
    match: matchSummaryOf(row.match, 'CARE_TEAM'),
    careClientId: row.careClientId,
    careClientName: row.careClientName,
    caregiver: caregiverCardOf(row.caregiver),
    fit: fits[index]!.fit,
  }));
  await recordAudit(deps.db, ctx, {
    action: 'matchmaking_match.authorization_list',
    entityType: 'match',
    details: { count: items.length },
  });
  return { items };
}

/** `POST /api/matchmaking/matches/:id/authorization` (see the file comment). */
export async function decideAuthorization(
  deps: MatchmakingDeps,
  ctx: RequestContext,
  matchId: string,
  input: AuthorizationInput,
): Promise<MatchSummary> {
  const account = await callerAccount(deps, ctx);
  return deps.db.transaction(async (tx) => {
    const [row] = await decidable(tx, account, matchId);
    if (!row || (account.role !== 'ADMIN' && !account.caseManagerId)) throw notFound('Match');
    if (row.match.careAuthorization !== 'requested')
      throw new AppError('CONFLICT', 'decision was already made', [
        { path: 'decision', message: 'was already made' },
      ]);
    const authorize = input.decision === 'authorize';
    const [decided] = await tx
      .update(matches)
      .set({
        status: authorize ? 'ACCEPTED' : 'REJECTED',
        rejectedBy: authorize ? null : 'CLIENT',
        careAuthorization: authorize ? 'authorized' : 'declined',
        authorizedByUserId: account.userAccountId,
        authorizedAt: new Date(),
        authorizationNote: input.note ?? null,
        updatedAt: new Date(),
      })
      .where(eq(matches.id, matchId))
      .returning();
    await recordAudit(tx, ctx, {
      action: authorize ? 'matchmaking_match.authorize' : 'matchmaking_match.decline',
      entityType: 'match',
      entityId: matchId,
      details: { careClientId: row.careClientId, hasNote: Boolean(input.note) },
    });
    return matchSummaryOf(decided!, 'CARE_TEAM');
  });
}
