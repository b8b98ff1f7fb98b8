/**
 * Scoped access grants, administered (issue 20 "One person can hold several scoped relationships that expire";
 * docs/accounts.md "Access grants"; decisions 0048 and 0050). A grant gives one account one client (GUARDIAN,
 * REPRESENTATIVE, AUDITOR) or one case manager's caseload (CASE_MANAGER) from `startsAt` until `expiresAt` unless
 * revoked; `access-scope.service.ts` reads the live ones. Rules checked here:
 * - the account exists and is not an ADMIN (admins see every record: 400 on `userAccountId`);
 * - the client or case manager exists (400 on `clientId` / `caseManagerId`);
 * - an AUDITOR grant ends (`expiresAt`, required by the contract) at most {@link AUDITOR_GRANT_MAX_DAYS} days
 *   after it is made (400 on `expiresAt`); `expiresAt` is after `startsAt` and in the future;
 * - a revoked grant stays revoked (409 on a second revoke).
 * Every read and write is audited (`access_grant.list|create|revoke`) with ids and counts, never the reason text.
 */
import { and, desc, eq, inArray, type SQL } from 'drizzle-orm';
import {
  AUDITOR_GRANT_MAX_DAYS,
  type AccessGrant,
  type AccessGrantList,
  type AccessGrantQuery,
  type AccessGrantStatus,
  type accessGrantInput,
} from '@tend/contracts';
import type { z } from 'zod';
import { recordAudit } from '../../platform/audit/audit.service.ts';
import type { Database, Executor } from '../../platform/db/client.ts';
import type { RequestContext } from '../../platform/http/context.ts';
import { AppError, notFound } from '../../platform/http/errors.ts';
import { clientFacts } from '../people/people-facts.ts';
import { caseManagerContactFacts } from '../people/case-manager-contacts.ts';
import { findAccountPerson } from '../users/account-people.service.ts';
import { accessGrants } from './access.table.ts';

const DAY_MS = 86_400_000;

type GrantRow = typeof accessGrants.$inferSelect;

/** Where a grant stands at `now` (pure): revoked first, then not started, then past its end, else live. */
export function grantStatus(
  grant: Pick<GrantRow, 'startsAt' | 'expiresAt' | 'revokedAt'>,
  now: Date,
): AccessGrantStatus {
  if (grant.revokedAt) return 'revoked';
  if (grant.startsAt > now) return 'scheduled';
  if (grant.expiresAt && grant.expiresAt <= now) return 'expired';
  return 'live';
}

/** client id → name and case manager id → name, for the ids given. Up to two queries. */
async function targetNames(
  executor: Executor,
  ids: { clientIds: string[]; caseManagerIds: string[] },
): Promise<Map<string, string>> {
  const names = new Map<string, string>();
  if (ids.clientIds.length) {
    const c = clientFacts('c');
    const rows = await executor
      .select({ id: c.id, name: c.name })
      .from(c)
      .where(inArray(c.id, ids.clientIds));
    for (const row of rows) names.set(row.id, row.name);
  }
  if (ids.caseManagerIds.length) {
    const m = caseManagerContactFacts('m');
    const rows = await executor
      .select({ id: m.id, name: m.name })
      .from(m)
      .where(inArray(m.id, ids.caseManagerIds));
    for (const row of rows) names.set(row.id, row.name);
  }
  return names;
}

/** The API shapes of `rows` at `now`, with the covered client's or case manager's name. */
async function toGrants(executor: Executor, rows: GrantRow[], now: Date): Promise<AccessGrant[]> {
  const names = await targetNames(executor, {
    clientIds: rows.flatMap((row) => (row.clientId ? [row.clientId] : [])),
    caseManagerIds: rows.flatMap((row) => (row.caseManagerId ? [row.caseManagerId] : [])),
  });
  return rows.map((row) => ({
    id: row.id,
    userAccountId: row.userAccountId,
    kind: row.kind,
    clientId: row.clientId,
    caseManagerId: row.caseManagerId,
    targetName: names.get(row.clientId ?? row.caseManagerId ?? '') ?? null,
    startsAt: row.startsAt.toISOString(),
    expiresAt: row.expiresAt?.toISOString() ?? null,
    revokedAt: row.revokedAt?.toISOString() ?? null,
    reason: row.reason,
    status: grantStatus(row, now),
    createdAt: row.createdAt.toISOString(),
  }));
}

/**
 * The grants of one account or on one client (live, scheduled, expired and revoked), newest first. Audited
 * `access_grant.list` with the filter's id and the count.
 */
export async function findAccessGrants(
  db: Database,
  ctx: RequestContext,
  query: AccessGrantQuery,
): Promise<AccessGrantList> {
  const where: SQL | undefined = query.userAccountId
    ? eq(accessGrants.userAccountId, query.userAccountId)
    : eq(accessGrants.clientId, query.clientId ?? '');
  const rows = await db
    .select()
    .from(accessGrants)
    .where(where)
    .orderBy(desc(accessGrants.createdAt), desc(accessGrants.id));
  await recordAudit(db, ctx, {
    action: 'access_grant.list',
    entityType: query.userAccountId ? 'user_account' : 'client',
    entityId: query.userAccountId ?? query.clientId ?? null,
    details: { returned: rows.length },
  });
  return { items: await toGrants(db, rows, new Date()) };
}

/** Whether the grant's target exists: its client or case manager. One query. */
async function targetExists(executor: Executor, input: z.output<typeof accessGrantInput>): Promise<boolean> {
  const names = await targetNames(executor, {
    clientIds: input.clientId ? [input.clientId] : [],
    caseManagerIds: input.caseManagerId ? [input.caseManagerId] : [],
  });
  return names.size === 1;
}

/**
 * The grant's dates checked at `now` (see the file comment). Pure. Errors: VALIDATION_FAILED on `expiresAt`.
 */
export function grantDates(
  input: Pick<z.output<typeof accessGrantInput>, 'kind' | 'startsAt' | 'expiresAt'>,
  now: Date,
): { startsAt: Date; expiresAt: Date | null } {
  const startsAt = input.startsAt ? new Date(input.startsAt) : now;
  const expiresAt = input.expiresAt ? new Date(input.expiresAt) : null;
  if (expiresAt && expiresAt <= now) throw AppError.field('expiresAt', 'must be in the future');
  if (expiresAt && expiresAt <= startsAt) throw AppError.field('expiresAt', 'must be after startsAt');
  if (input.kind === 'AUDITOR') {
    if (!expiresAt)
      throw AppError.field('expiresAt', 'is required: an AUDITOR grant must end (at most one year ahead)');
    if (expiresAt.getTime() - now.getTime() > AUDITOR_GRANT_MAX_DAYS * DAY_MS)
      throw AppError.field(
        'expiresAt',
        `must be at most ${AUDITOR_GRANT_MAX_DAYS} days ahead for an AUDITOR grant`,
      );
  }
  return { startsAt, expiresAt };
}

/**
 * Creates a grant (see the file comment for the rules), audited `access_grant.create` with the account, kind,
 * target id and dates. Errors: VALIDATION_FAILED on `userAccountId` (no such account, or an ADMIN), on `clientId`
 * / `caseManagerId` (no such record) or on `expiresAt`.
 */
export async function createAccessGrant(
  db: Database,
  ctx: RequestContext,
  input: z.output<typeof accessGrantInput>,
): Promise<AccessGrant> {
  const now = new Date();
  const dates = grantDates(input, now);
  const account = await findAccountPerson(db, input.userAccountId);
  if (!account) throw AppError.field('userAccountId', 'no account has this id');
  if (account.role === 'ADMIN')
    throw AppError.field('userAccountId', 'is an ADMIN account: admins see every record without grants');
  if (!(await targetExists(db, input)))
    throw input.kind === 'CASE_MANAGER'
      ? AppError.field('caseManagerId', 'no case manager has this id')
      : AppError.field('clientId', 'no client has this id');
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(accessGrants)
      .values({
        userAccountId: input.userAccountId,
        kind: input.kind,
        clientId: input.kind === 'CASE_MANAGER' ? null : (input.clientId ?? null),
        caseManagerId: input.kind === 'CASE_MANAGER' ? (input.caseManagerId ?? null) : null,
        startsAt: dates.startsAt,
        expiresAt: dates.expiresAt,
        reason: input.reason,
        grantedBy: ctx.actor?.userAccountId ?? null,
      })
      .returning();
    if (!row) throw new AppError('INTERNAL');
    await recordAudit(tx, ctx, {
      action: 'access_grant.create',
      entityType: 'access_grant',
      entityId: row.id,
      details: {
        userAccountId: row.userAccountId,
        kind: row.kind,
        clientId: row.clientId,
        caseManagerId: row.caseManagerId,
        startsAt: row.startsAt.toISOString(),
        expiresAt: row.expiresAt?.toISOString() ?? null,
      },
    });
    const [grant] = await toGrants(tx, [row], now);
    if (!grant) throw new AppError('INTERNAL');
    return grant;
  });
}

/** Revokes grant `id` at once, audited `access_grant.revoke`. Errors: NOT_FOUND; CONFLICT when already revoked. */
export async function revokeAccessGrant(db: Database, ctx: RequestContext, id: string): Promise<AccessGrant> {
  return db.transaction(async (tx) => {
    const [current] = await tx.select().from(accessGrants).where(eq(accessGrants.id, id)).for('update');
    if (!current) throw notFound('Access grant');
    if (current.revokedAt) throw new AppError('CONFLICT', 'This grant is already revoked');
    const now = new Date();
    const [row] = await tx
      .update(accessGrants)
      .set({ revokedAt: now, revokedBy: ctx.actor?.userAccountId ?? null })
      .where(and(eq(accessGrants.id, id)))
      .returning();
    if (!row) throw notFound('Access grant');
    await recordAudit(tx, ctx, {
      action: 'access_grant.revoke',
      entityType: 'access_grant',
      entityId: id,
      details: { userAccountId: row.userAccountId, kind: row.kind },
    });
    const [grant] = await toGrants(tx, [row], now);
    if (!grant) throw new AppError('INTERNAL');
    return grant;
  });
}
