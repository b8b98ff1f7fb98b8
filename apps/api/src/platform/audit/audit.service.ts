/**
 * Writes and reads the append-only audit log. `recordAudit` takes the caller's executor so the event
 * is written in the same transaction as the change it records (STYLE.md s.9). Details carry ids and
 * counts only, never PHI values (ARCHITECTURE.md non-negotiables).
 */
import { and, count, desc, eq, gte, ilike, lte, type SQL } from 'drizzle-orm';
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

/** Appends one audit event for `ctx` (actor, request id, ip, user agent). */
export async function recordAudit(executor: Executor, ctx: RequestContext, event: AuditInput): Promise<void> {
  await executor.insert(auditEvents).values({
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
  });
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
