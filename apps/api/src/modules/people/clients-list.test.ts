/**
 * The clients list's single round trip (page + total subquery, prepared per query shape):
 * totals, a page past the end, filters as parameters and LIKE escaping, every sort paged alike with
 * the case manager joined after paging (docs/decisions/0005-api-performance.md, 0034).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { desc, eq } from 'drizzle-orm';
import { as, createTestApp, signInAs, type TestApp } from '../../../test/helpers.ts';
import { auditEvents } from '../../platform/audit/audit.table.ts';

let t: TestApp;
let admin: ReturnType<typeof as>;
let caseManagerId: string;

beforeAll(async () => {
  t = await createTestApp();
  admin = as(t, (await signInAs(t, 'ADMIN')).cookie);
  const manager = await admin({ method: 'POST', url: '/api/case-managers', payload: { name: 'Casey Kim' } });
  caseManagerId = manager.json().id;
  for (const [name, extra] of [
    ['Ada Lowe', { caseManagerId }],
    ['Ben 100% Sure', {}],
    ['Cy Moss', { altNames: ['Cyrus_M'] }],
    ['Dee Archived', {}],
  ] as const) {
    const created = await admin({ method: 'POST', url: '/api/clients', payload: { name, ...extra } });
    expect(created.statusCode).toBe(201);
    if (name === 'Dee Archived')
      await admin({
        method: 'POST',
        url: `/api/clients/${created.json().id}/archive`,
        payload: { archived: true },
      });
  }
});
afterAll(() => t.close());

const list = async (query: string) => {
  const response = await admin({ method: 'GET', url: `/api/clients?${query}` });
  expect(response.statusCode).toBe(200);
  const page = response.json<{ items: { name: string }[]; total: number }>();
  return { names: page.items.map((c) => c.name), total: page.total };
};

describe('GET /api/clients (one query per page)', () => {
  it('pages with the total of the whole filter, also past the end', async () => {
    expect(await list('pageSize=2&page=1')).toEqual({ names: ['Ada Lowe', 'Ben 100% Sure'], total: 3 });
    expect(await list('pageSize=2&page=2')).toEqual({ names: ['Cy Moss'], total: 3 });
    expect(await list('pageSize=2&page=5')).toEqual({ names: [], total: 3 });
    expect(await list('archived=true')).toEqual({ names: ['Dee Archived'], total: 1 });
    expect((await list('archived=all')).total).toBe(4);
    expect(await list('sort=name&order=desc&pageSize=1')).toEqual({ names: ['Cy Moss'], total: 3 });
  });

  it('filters by case manager and by search text, LIKE wildcards taken literally', async () => {
    expect(await list(`caseManagerId=${caseManagerId}`)).toEqual({ names: ['Ada Lowe'], total: 1 });
    expect(await list(`q=${encodeURIComponent('100%')}`)).toEqual({ names: ['Ben 100% Sure'], total: 1 });
    expect(await list(`q=${encodeURIComponent('s_re')}`)).toEqual({ names: [], total: 0 });
    expect(await list('q=cyrus_m')).toEqual({ names: ['Cy Moss'], total: 1 });
    expect(await list('q=nobody&page=2')).toEqual({ names: [], total: 0 });
  });

  it('pages every sort the same as one long page, with the case manager joined to the page’s rows', async () => {
    type Row = { name: string; caseManagerName: string | null };
    const items = async (query: string) =>
      (await admin({ method: 'GET', url: `/api/clients?${query}` })).json<{ items: Row[] }>().items;
    for (const sort of ['name', 'pid', 'serviceElement', 'ispMonth', 'createdAt'])
      for (const order of ['asc', 'desc']) {
        const whole = await items(`sort=${sort}&order=${order}`);
        const paged = [];
        for (const page of [1, 2, 3])
          paged.push(...(await items(`sort=${sort}&order=${order}&pageSize=1&page=${page}`)));
        expect(paged, `${sort} ${order}`).toEqual(whole);
        expect(whole.map((c) => [c.name, c.caseManagerName])).toContainEqual(['Ada Lowe', 'Casey Kim']);
        expect(whole.filter((c) => c.caseManagerName !== null)).toHaveLength(1);
      }
  });

  it('audits every list and read with the prepared insert (details as JSON, absent details as NULL)', async () => {
    const { names } = await list('pageSize=2&page=2');
    expect(names).toEqual(['Cy Moss']);
    const [listed] = await t.database.db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.action, 'client.list'))
      .orderBy(desc(auditEvents.at))
      .limit(1);
    expect(listed?.details).toEqual({ returned: 1, page: 2 });
    expect(listed?.actorEmail).toMatch(/@example\.org$/);
    expect(listed?.outcome).toBe('success');

    const { id } = (await admin({ method: 'GET', url: '/api/clients?q=Moss' })).json().items[0];
    expect((await admin({ method: 'GET', url: `/api/clients/${id}` })).statusCode).toBe(200);
    const [read] = await t.database.db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.action, 'client.read'));
    expect(read?.entityId).toBe(id);
    expect(read?.details).toBeNull();
    const raw = await t.database.query<{ isNull: boolean }>(
      `select details is null as "isNull" from audit_event where action = 'client.read'`,
    );
    expect(raw.rows[0]?.isNull).toBe(true);
  });
});
