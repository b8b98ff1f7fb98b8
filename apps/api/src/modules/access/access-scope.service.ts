/**
 * Who may see which care records (issue 20 "Scoping is by record, server-side"; decision 0048). Every dashboard and
 * access-link read asks here; a record outside the scope is NOT_FOUND to the caller, never FORBIDDEN.
 *
 * An account's scope is the union of
 * - its person record (module `users`, `findAccountPerson`): a caregiver sees the clients they serve (a live shift
 *   for the client dated {@link SERVING_DAYS} days before today or later, through module shifts' `shiftFacts`), a
 *   case manager the clients whose `caseManagerId` is theirs;
 * - its live grants (`access_grant`, live from `startsAt` until `expiresAt` unless revoked): GUARDIAN,
 *   REPRESENTATIVE and AUDITOR of one client each, CASE_MANAGER of another case manager's caseload.
 * ADMIN accounts see every record. An inactive or unknown account sees nothing.
 */
import { and, eq, gt, isNull, lte, or, sql } from 'drizzle-orm';
import { ACKNOWLEDGEMENT_SERVING_DAYS, type AccessGrantKind, type Role } from '@tend/contracts';
import type { Executor } from '../../platform/db/client.ts';
import { clientFacts } from '../people/people-facts.ts';
import { shiftFacts } from '../shifts/shift-facts.ts';
import { findAccountPerson } from '../users/account-people.service.ts';
import { accessGrants } from './access.table.ts';

/** A caregiver serves a client with a live shift for them dated this many days before today or later (as decision 0046). */
export const SERVING_DAYS = ACKNOWLEDGEMENT_SERVING_DAYS;

/** A live grant on one client. */
export interface ClientGrant {
  clientId: string;
  kind: Exclude<AccessGrantKind, 'CASE_MANAGER'>;
  expiresAt: Date | null;
}

/** What one account may see (see the file comment). */
export interface AccessScope {
  userAccountId: string;
  role: Role | null;
  /** True for an active ADMIN account: every record. */
  all: boolean;
  /** The caregiver record the account is, or null. */
  caregiverId: string | null;
  /** The case-manager record the account is, or null. */
  caseManagerId: string | null;
  /** Case managers whose caseloads the account sees: its own record, then live CASE_MANAGER grants. */
  caseManagerIds: string[];
  /** Live GUARDIAN, REPRESENTATIVE and AUDITOR grants, one per client and kind. */
  clientGrants: ClientGrant[];
}

/** The scope of nobody (unknown or inactive account). */
function emptyScope(userAccountId: string): AccessScope {
  return {
    userAccountId,
    role: null,
    all: false,
    caregiverId: null,
    caseManagerId: null,
    caseManagerIds: [],
    clientGrants: [],
  };
}

/** Whether a grant with these dates is live at `now` (pure). */
export function grantIsLive(
  grant: { startsAt: Date; expiresAt: Date | null; revokedAt: Date | null },
  now: Date,
): boolean {
  return (
    grant.revokedAt === null && grant.startsAt <= now && (grant.expiresAt === null || grant.expiresAt > now)
  );
}

/** The account's scope at `now`. Two queries. */
export async function accessScope(
  executor: Executor,
  userAccountId: string,
  now: Date = new Date(),
): Promise<AccessScope> {
  const person = await findAccountPerson(executor, userAccountId);
  if (!person || !person.isActive) return emptyScope(userAccountId);
  const grants = await executor
    .select({
      kind: accessGrants.kind,
      clientId: accessGrants.clientId,
      caseManagerId: accessGrants.caseManagerId,
      expiresAt: accessGrants.expiresAt,
    })
    .from(accessGrants)
    .where(
      and(
        eq(accessGrants.userAccountId, userAccountId),
        isNull(accessGrants.revokedAt),
        lte(accessGrants.startsAt, now),
        or(isNull(accessGrants.expiresAt), gt(accessGrants.expiresAt, now)),
      ),
    );
  const caseManagerIds = [
    ...new Set([
      ...(person.caseManagerId ? [person.caseManagerId] : []),
      ...grants.flatMap((grant) =>
        grant.kind === 'CASE_MANAGER' && grant.caseManagerId ? [grant.caseManagerId] : [],
      ),
    ]),
  ];
  const clientGrants = grants.flatMap((grant): ClientGrant[] =>
    grant.kind !== 'CASE_MANAGER' && grant.clientId
      ? [{ clientId: grant.clientId, kind: grant.kind, expiresAt: grant.expiresAt }]
      : [],
  );
  return {
    userAccountId,
    role: person.role,
    all: person.role === 'ADMIN',
    caregiverId: person.caregiverId,
    caseManagerId: person.caseManagerId,
    caseManagerIds,
    clientGrants,
  };
}

/** The first day (`YYYY-MM-DD`, UTC) of the serving window at `now`; one day of slack covers every agency time zone. */
export function servingSince(now: Date): string {
  return new Date(now.getTime() - (SERVING_DAYS + 1) * 86_400_000).toISOString().slice(0, 10);
}

/**
 * The ids of every client in the scope (not for `all` scopes: the caller lists clients itself). One query: the
 * caseload clients, the granted clients and the clients the caregiver serves.
 */
export async function clientIdsInScope(
  executor: Executor,
  scope: AccessScope,
  now: Date = new Date(),
): Promise<string[]> {
  const granted = scope.clientGrants.map((grant) => grant.clientId);
  const parts = [sql`select unnest(${sql.param(granted)}::uuid[]) as id`];
  if (scope.caseManagerIds.length)
    parts.push(
      sql`select c.id from ${clientFacts('c')} where c.case_manager_id = any(${sql.param(scope.caseManagerIds)}::uuid[])`,
    );
  if (scope.caregiverId)
    parts.push(sql`select distinct s.client_id from ${shiftFacts('s')}
      where s.caregiver_id = ${scope.caregiverId} and s.deleted_at is null and s.client_id is not null
        and s.date >= ${servingSince(now)}`);
  const result = await executor.execute<{ id: string }>(sql.join(parts, sql` union `));
  return result.rows.map((row) => row.id);
}

/** Whether the scope covers client `clientId` (admins: always). */
export async function canSeeClient(
  executor: Executor,
  scope: AccessScope,
  clientId: string,
  now: Date = new Date(),
): Promise<boolean> {
  if (scope.all) return true;
  if (scope.clientGrants.some((grant) => grant.clientId === clientId)) return true;
  return (await clientIdsInScope(executor, scope, now)).includes(clientId);
}

/** Whether the scope covers case manager `caseManagerId`'s dashboard (their own record, a CASE_MANAGER grant, admins). */
export function canSeeCaseManager(scope: AccessScope, caseManagerId: string): boolean {
  return scope.all || scope.caseManagerIds.includes(caseManagerId);
}

/** Whether the scope covers caregiver `caregiverId`'s dashboard (the caregiver themself, admins). */
export function canSeeCaregiver(scope: AccessScope, caregiverId: string): boolean {
  return scope.all || scope.caregiverId === caregiverId;
}
