/**
 * Writes and reads the append-only audit log. `recordAudit` takes the caller's executor so the event
 * is written in the same transaction as the change it records (STYLE.md s.9). Details carry ids and
 * counts only, never PHI values (ARCHITECTURE.md non-negotiables).
 */
import { and, count, desc, eq, gte, ilike, is, lte, sql, type SQL } from 'drizzle-orm';
import { PgTransaction } from 'drizzle-orm/pg-core';
import type { AuditAction, AuditEvent, AuditListQuery, AuditOutcome, Page } from '@tend/contracts';
import type { Database, Executor } from '../db/client.ts';
import type { RequestContext } from '../http/context.ts';
import { auditEvents } from './audit.table.ts';

export interface AuditInput {
  action: AuditAction;
  entityType: string;
  entityId?: string | null;
  outcome?: AuditOutcome;
  details?: Record<string, unknown>;
}

/**
 * The audit insert as one prepared statement per database, for events written outside a transaction
 * (reads: the hot path of every PHI list and view). Same columns and values as the plain insert;
 * `details` goes through `::jsonb` so that a missing value stays SQL NULL.
 */
function prepareAuditInsert(db: Database) {
  const p = (name: string) => sql.placeholder(name);
  return db
    .insert(auditEvents)
    .values({
      actorUserAccountId: p('actorUserAccountId'),
      actorEmail: p('actorEmail'),
      action: p('action'),
      entityType: p('entityType'),
      entityId: p('entityId'),
      outcome: p('outcome'),
      requestId: p('requestId'),
      ip: p('ip'),
      userAgent: p('userAgent'),
      details: sql`${p('details')}::jsonb`,
    })
    .prepare('tend_audit_insert');
}
const auditInserts = new WeakMap<Database, ReturnType<typeof prepareAuditInsert>>();

/** The columns of one audit event for `ctx` (actor, request id, ip, user agent). */
function auditRow(ctx: RequestContext, event: AuditInput) {
  return {
    actorUserAccountId: ctx.actor?.userAccountId ?? null,
    actorEmail: ctx.actor?.email ?? null,
    action: event.action,
    entityType: event.entityType,
    entityId: event.entityId ?? null,
    outcome: event.outcome ?? 'success',
    requestId: ctx.requestId,
    ip: ctx.ip,
    userAgent: ctx.userAgent,
    details: event.details ?? null,
  };
}

/**
 * Appends one audit event for `ctx` (actor, request id, ip, user agent), in `executor`'s transaction
 * when it is one. Awaited by the caller: the event is committed before the response is sent.
 */
export async function recordAudit(executor: Executor, ctx: RequestContext, event: AuditInput): Promise<void> {
  const row = auditRow(ctx, event);
  if (is(executor, PgTransaction)) {
    await executor.insert(auditEvents).values(row);
    return;
  }
  let insert = auditInserts.get(executor);
  if (!insert) {
    insert = prepareAuditInsert(executor);
    auditInserts.set(executor, insert);
  }
  await insert.execute({ ...row, details: row.details ? JSON.stringify(row.details) : null });
}

/**
 * Appends many audit events for `ctx` in one insert (bulk imports: one event per record written).
 * Same columns and rules as {@link recordAudit}; an empty list writes nothing.
 */
export async function recordAuditEvents(
  executor: Executor,
  ctx: RequestContext,
  events: AuditInput[],
): Promise<void> {
  if (!events.length) return;
  await executor.insert(auditEvents).values(events.map((event) => auditRow(ctx, event)));
}

/** A page of audit events, newest first, filtered by `query`. Reading the log is itself audited. */
export async function findAuditEvents(
  db: Database,
  ctx: RequestContext,
  query: AuditListQuery,
): Promise<Page<AuditEvent>> {
  const filters: SQL[] = [];
  if (query.action) filters.push(eq(auditEvents.action, query.action));
  if (query.entityType) filters.push(eq(auditEvents.entityType, query.entityType));
  if (query.entityId) filters.push(eq(auditEvents.entityId, query.entityId));
  if (query.outcome) filters.push(eq(auditEvents.outcome, query.outcome));
  if (query.actor) filters.push(ilike(auditEvents.actorEmail, `%${escapeLike(query.actor)}%`));
  if (query.from) filters.push(gte(auditEvents.at, new Date(query.from)));
  if (query.to) filters.push(lte(auditEvents.at, new Date(query.to)));
  const where = filters.length ? and(...filters) : undefined;
  const [rows, totals] = await Promise.all([
    db
      .select()
      .from(auditEvents)
      .where(where)
      .orderBy(desc(auditEvents.at), desc(auditEvents.id))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db.select({ total: count() }).from(auditEvents).where(where),
  ]);
  await recordAudit(db, ctx, {
    action: 'audit.list',
    entityType: 'audit_event',
    details: { returned: rows.length },
  });
  return {
    items: rows.map((row) => ({ ...row, at: row.at.toISOString() })),
    total: totals[0]?.total ?? 0,
    page: query.page,
    pageSize: query.pageSize,
  };
}

/** Escapes `%`, `_` and `\` for use inside a LIKE pattern. */
export function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, (ch) => `\\${ch}`);
}
