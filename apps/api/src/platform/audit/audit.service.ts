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
 *
 * Outside a transaction (reads: the hot path of every PHI list and view) concurrent events are group-inserted
 * (`AuditWriter`): same columns and values, durable when the promise resolves, `at` = the insert's
 * `clock_timestamp()`. Errors: the database's, for this event only.
 */
export async function recordAudit(executor: Executor, ctx: RequestContext, event: AuditInput): Promise<void> {
  const row = auditRow(ctx, event);
  if (is(executor, PgTransaction)) {
    await executor.insert(auditEvents).values(row);
    return;
  }
  let writer = auditWriters.get(executor);
  if (!writer) {
    writer = new AuditWriter(executor);
    auditWriters.set(executor, writer);
  }
  await writer.write(row);
}

type AuditRow = ReturnType<typeof auditRow>;

/** Most events in one group insert (one JSON parameter of about 300 bytes an event). */
const AUDIT_GROUP_MAX = 500;

/**
 * Group commit for audit events written outside a transaction (docs/decisions/0005-api-performance.md):
 * an event that arrives while no insert is in flight is inserted at once (no added latency); events that
 * arrive meanwhile wait and go together in the next insert — one statement, one commit and one WAL flush
 * for all of them instead of one each. Each `write` resolves only after its event is committed. When a
 * group insert fails, its events are retried one by one, so one bad event fails only its own request.
 */
class AuditWriter {
  private queue: { row: AuditRow; settle: (error?: unknown) => void }[] = [];
  private flushing = false;

  constructor(private readonly db: Database) {}

  write(row: AuditRow): Promise<void> {
    return new Promise((resolve, reject) => {
      this.queue.push({
        row,
        settle: (error) => (error === undefined ? resolve() : reject(asError(error))),
      });
      if (!this.flushing) void this.flush();
    });
  }

  private async flush(): Promise<void> {
    this.flushing = true;
    while (this.queue.length) {
      const group = this.queue.splice(0, AUDIT_GROUP_MAX);
      try {
        await this.insert(group.map((entry) => entry.row));
        for (const entry of group) entry.settle();
      } catch (error) {
        if (group.length === 1) group[0]?.settle(error);
        else
          for (const entry of group)
            await this.insert([entry.row]).then(
              () => entry.settle(),
              (single: unknown) => entry.settle(single),
            );
      }
    }
    this.flushing = false;
  }

  /** One `insert … select from json_to_recordset` of the rows, in order (`at` rises with each row). */
  private async insert(rows: AuditRow[]): Promise<void> {
    await this.db.execute(sql`
      insert into audit_event (at, actor_user_account_id, actor_email, action, entity_type, entity_id, outcome,
        request_id, ip, user_agent, details)
      select clock_timestamp(), v."actorUserAccountId", v."actorEmail", v.action, v."entityType", v."entityId",
        v.outcome, v."requestId", v.ip, v."userAgent", v.details
      from json_to_recordset(${JSON.stringify(rows)}::json) as v("actorUserAccountId" uuid, "actorEmail" text,
        action text, "entityType" text, "entityId" text, outcome text, "requestId" text, ip text,
        "userAgent" text, details jsonb)`);
  }
}
const auditWriters = new WeakMap<Database, AuditWriter>();

/** What the driver rejected with, as an Error (drivers reject with Errors; anything else is wrapped). */
const asError = (reason: unknown): Error =>
  reason instanceof Error ? reason : new Error('audit insert failed', { cause: reason });

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

/** One audit event per row of a set, as the SQL of {@link auditEventsPerRow}. */
export interface AuditPerRow {
  action: AuditAction;
  entityType: string;
  /**
   * The rows: a FROM item of the statement the events join, e.g. the name of a data-modifying CTE
   * (`sql\`inserted\``) or a set-returning call with its alias (`sql\`unnest(…) as t(id, inserted)\``).
   */
  rows: SQL;
  /** The event's entity id over a row, a text expression (e.g. `sql\`id::text\``). */
  entityId: SQL;
  /** The event's details over a row, a jsonb expression (ids and counts only); absent: SQL NULL. */
  details?: SQL;
}

/**
 * An `insert into audit_event … select … from <rows>` writing one event for `ctx` per row of
 * `event.rows` (same columns as {@link recordAudit}; `at` is the transaction's time, outcome `success`).
 * For bulk writes that stay one statement (imports, docs/decisions/0022-import-performance.md): end a
 * `with` chain with it, or use it as a CTE body (`audited as (${…})`). Only this service writes
 * `audit_event` (docs/decisions/0029-audit-one-writer.md).
 */
export function auditEventsPerRow(ctx: RequestContext, event: AuditPerRow): SQL {
  return sql`insert into audit_event (actor_user_account_id, actor_email, action, entity_type, entity_id,
      outcome, request_id, ip, user_agent, details)
    select ${ctx.actor?.userAccountId ?? null}::uuid, ${ctx.actor?.email ?? null}::text, ${event.action}::text,
      ${event.entityType}::text, ${event.entityId}, 'success', ${ctx.requestId}::text, ${ctx.ip}::text,
      ${ctx.userAgent}::text, ${event.details ?? sql`null::jsonb`}
    from ${event.rows}`;
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
  if (query.actorUserAccountId) filters.push(eq(auditEvents.actorUserAccountId, query.actorUserAccountId));
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
