/**
 * `recordAudit` outside a transaction: concurrent events are group-inserted, each committed before its
 * promise resolves, in call order; an event the database refuses fails alone
 * (docs/decisions/0005-api-performance.md). `auditEventsPerRow`: bulk events in the caller's statement
 * (docs/decisions/0029).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asc, eq, sql } from 'drizzle-orm';
import { createTestDatabase } from '../../../test/helpers.ts';
import type { DatabaseHandle } from '../db/client.ts';
import { systemContext, type RequestContext } from '../http/context.ts';
import { auditEventsPerRow, recordAudit } from './audit.service.ts';
import { auditEvents } from './audit.table.ts';

let database: DatabaseHandle;

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

const eventsOf = (requestId: string) =>
  database.db
    .select()
    .from(auditEvents)
    .where(eq(auditEvents.requestId, requestId))
    .orderBy(asc(auditEvents.at));

describe('recordAudit outside a transaction', () => {
  it('commits every concurrent event with its own columns, in call order', async () => {
    const ctx: RequestContext = { ...systemContext('group-1'), ip: '203.0.113.9', userAgent: 'bench' };
    await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        recordAudit(database.db, ctx, {
          action: 'client.read',
          entityType: 'client',
          entityId: `c-${i}`,
          details: i % 2 ? { page: i } : undefined,
        }),
      ),
    );
    const rows = await eventsOf('group-1');
    expect(rows.map((row) => row.entityId)).toEqual(Array.from({ length: 40 }, (_, i) => `c-${i}`));
    expect(rows[1]).toMatchObject({
      outcome: 'success',
      ip: '203.0.113.9',
      userAgent: 'bench',
      details: { page: 1 },
    });
    expect(rows[0]?.details).toBeNull();
  });

  it('fails only the event the database refuses, and still writes the others of its group', async () => {
    const good = systemContext('group-2');
    const bad: RequestContext = {
      ...good,
      actor: { userAccountId: 'not-a-uuid' } as unknown as RequestContext['actor'],
    };
    const results = await Promise.allSettled(
      [good, bad, good, good].map((ctx, i) =>
        recordAudit(database.db, ctx, { action: 'client.read', entityType: 'client', entityId: `e-${i}` }),
      ),
    );
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled', 'fulfilled']);
    expect((await eventsOf('group-2')).map((row) => row.entityId)).toEqual(['e-0', 'e-2', 'e-3']);
  });
});

describe('auditEventsPerRow: one event per row of a set, in the caller statement', () => {
  it('writes one event per row with the row expressions and the context', async () => {
    const ctx = systemContext('bulk-1');
    await database.db.execute(
      auditEventsPerRow(ctx, {
        action: 'budget.import',
        entityType: 'budget',
        rows: sql`unnest(array['b-1', 'b-2']::text[], array[true, false]) as t(id, inserted)`,
        entityId: sql`t.id`,
        details: sql`jsonb_build_object('outcome', case when t.inserted then 'created' else 'updated' end)`,
      }),
    );
    const events = await eventsOf('bulk-1');
    expect(events.map((event) => [event.action, event.entityId, event.details])).toEqual([
      ['budget.import', 'b-1', { outcome: 'created' }],
      ['budget.import', 'b-2', { outcome: 'updated' }],
    ]);
  });
});
