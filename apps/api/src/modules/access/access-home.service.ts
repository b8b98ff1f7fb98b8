/**
 * A signed-in non-admin's home is their own dashboard (issue 20 "a signed-in non-admin's home is their own
 * dashboard"; docs/accounts.md; decision 0050), and what an account did, for the agency (issue 20 "time-limited
 * auditor ... every record viewed audited and listable for the agency").
 */
import type { AccountActivityQuery, AuditEvent, MyHome, Page, PersonKind } from '@tend/contracts';
import { findAuditEvents, recordAudit } from '../../platform/audit/audit.service.ts';
import type { Database } from '../../platform/db/client.ts';
import type { RequestContext } from '../../platform/http/context.ts';
import { notFound } from '../../platform/http/errors.ts';
import { findAccountPerson } from '../users/account-people.service.ts';
import { accessScope, type AccessScope } from './access-scope.service.ts';

/**
 * The home path of a scope (pure), in this order: the caregiver's dashboard; the case manager's (their own record,
 * else the first CASE_MANAGER grant); the client's when the scope's grants cover exactly one client, the client
 * list when several; else null (admins too: their home is the admin pages).
 */
export function homePathOf(scope: AccessScope): string | null {
  if (scope.all) return null;
  if (scope.caregiverId) return `/dashboard/caregiver/${scope.caregiverId}`;
  const [caseManagerId] = scope.caseManagerIds;
  if (caseManagerId) return `/dashboard/case-manager/${caseManagerId}`;
  const clientIds = [...new Set(scope.clientGrants.map((grant) => grant.clientId))];
  const [only] = clientIds;
  if (clientIds.length === 1 && only) return `/dashboard/client/${only}`;
  return clientIds.length > 1 ? '/dashboard/client' : null;
}

/**
 * The signed-in account's home ({@link homePathOf}) and the kind of person record it is linked to. Audited
 * `account_home.read` with the kind and whether a path was found. Errors: UNAUTHENTICATED without an actor (the
 * route's guard answers first).
 */
export async function getMyHome(db: Database, ctx: RequestContext): Promise<MyHome> {
  const userAccountId = ctx.actor?.userAccountId;
  if (!userAccountId) return { path: null, person: null };
  const [scope, account] = await Promise.all([
    accessScope(db, userAccountId),
    findAccountPerson(db, userAccountId),
  ]);
  const person: PersonKind | null = account?.caregiverId
    ? 'caregiver'
    : account?.caseManagerId
      ? 'case_manager'
      : account?.guardianId
        ? 'guardian'
        : null;
  const path = homePathOf(scope);
  await recordAudit(db, ctx, {
    action: 'account_home.read',
    entityType: 'user_account',
    entityId: userAccountId,
    details: { person, hasHome: path !== null },
  });
  return { path, person };
}

/**
 * The audit events account `query.userAccountId` caused, newest first, paged (the platform audit service with its
 * actor filter; that read is audited `audit.list`), audited `account_activity.list` with the account id.
 * Errors: NOT_FOUND when no account has the id.
 */
export async function findAccountActivity(
  db: Database,
  ctx: RequestContext,
  query: AccountActivityQuery,
): Promise<Page<AuditEvent>> {
  if (!(await findAccountPerson(db, query.userAccountId))) throw notFound('User');
  await recordAudit(db, ctx, {
    action: 'account_activity.list',
    entityType: 'user_account',
    entityId: query.userAccountId,
  });
  return findAuditEvents(db, ctx, {
    page: query.page,
    pageSize: query.pageSize,
    actorUserAccountId: query.userAccountId,
  });
}
