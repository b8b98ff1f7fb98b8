/**
 * List totals (docs/decisions/0020-list-totals.md): the `people_total` counter rows kept by triggers
 * on `client` and `caregiver` stay exact through every kind of write (API and raw SQL, bulk,
 * rollback, truncate, concurrent transactions), and a filtered view's count stops at its cap with
 * `totalExact: false` while paging and "fetch every page" keep working.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { listTotalCap } from '@tend/contracts';
import { as, createTestApp, signInAs, testEngine, type TestApp } from '../../../test/helpers.ts';

let t: TestApp;
let admin: ReturnType<typeof as>;
let caregiverUser: ReturnType<typeof as>;

beforeAll(async () => {
  t = await createTestApp();
  admin = as(t, (await signInAs(t, 'ADMIN')).cookie);
  caregiverUser = as(t, (await signInAs(t, 'CAREGIVER')).cookie);
});
afterAll(() => t.close());

interface CountRow {
  list: string;
  archived: boolean;
  needsReview: boolean;
  n: number;
}

/** The counter rows and the real counts, both as `list/archived/needsReview → n`. */
async function countersAndCounts() {
  const key = (r: CountRow) => `${r.list}/${r.archived}/${r.needsReview}`;
  const counters = await t.database.query<CountRow>(
    `select list, archived, needs_review as "needsReview",
            (n + coalesce((select sum(d.n) from people_total_delta d
                           where d.list = t.list and d.archived = t.archived and d.needs_review = t.needs_review), 0))::int as n
     from people_total t`,
  );
  const counts = await t.database.query<CountRow>(
    `select 'client' as list, archived, needs_review as "needsReview", count(*)::int as n from client group by 2, 3
     union all
     select 'caregiver', archived, needs_review, count(*)::int from caregiver group by 2, 3`,
  );
  const real = Object.fromEntries(counts.rows.map((r) => [key(r), r.n]));
  return {
    counters: Object.fromEntries(counters.rows.map((r) => [key(r), r.n])),
    // Every (list, archived, needsReview) pair has a counter row, zero when no record has it.
    counts: Object.fromEntries(counters.rows.map((r) => [key(r), real[key(r)] ?? 0])),
    rows: counters.rows.length,
  };
}

async function expectCountersExact() {
  const { counters, counts, rows } = await countersAndCounts();
  expect(rows).toBe(8);
  expect(counters).toEqual(counts);
}

const listTotal = async (url: string) => {
  const response = await admin({ method: 'GET', url });
  expect(response.statusCode).toBe(200);
  return response.json<{ total: number; totalExact: boolean; items: { id: string }[] }>();
};

describe('people_total counters', () => {
  it('stay exact through create, update, archive, restore, review and delete, and serve the list total', async () => {
    await expectCountersExact();
    const ids: string[] = [];
    for (const name of ['Ann Counter', 'Bo Counter', 'Cy Counter']) {
      const created = await admin({ method: 'POST', url: '/api/clients', payload: { name } });
      expect(created.statusCode).toBe(201);
      ids.push(created.json().id);
    }
    const flagged = await admin({
      method: 'POST',
      url: '/api/clients',
      payload: { name: 'Di Imported', needsReview: true },
    });
    expect(flagged.statusCode).toBe(201);
    await expectCountersExact();
    expect(await listTotal('/api/clients')).toMatchObject({ total: 4, totalExact: true });
    expect(await listTotal('/api/clients?needsReview=true')).toMatchObject({ total: 1, totalExact: true });

    // Archive, restore, archive again; an edit that changes neither flag moves no count.
    for (const archived of [true, false, true]) {
      const response = await admin({
        method: 'POST',
        url: `/api/clients/${ids[0]}/archive`,
        payload: { archived },
      });
      expect(response.statusCode).toBe(200);
      await expectCountersExact();
    }
    await admin({ method: 'PUT', url: `/api/clients/${ids[1]}`, payload: { name: 'Bo Renamed' } });
    // Reviewing an imported client clears its flag.
    await admin({
      method: 'PUT',
      url: `/api/clients/${flagged.json().id}`,
      payload: { name: 'Di Imported', needsReview: false },
    });
    await expectCountersExact();
    expect(await listTotal('/api/clients')).toMatchObject({ total: 3, totalExact: true });
    expect(await listTotal('/api/clients?archived=true')).toMatchObject({ total: 1, totalExact: true });
    expect(await listTotal('/api/clients?archived=all')).toMatchObject({ total: 4, totalExact: true });
    expect(await listTotal('/api/clients?needsReview=true')).toMatchObject({ total: 0, totalExact: true });

    // Raw SQL (imports, merges, tests): a multi-row insert, a multi-row update, upsert, delete.
    await t.database.exec(
      `insert into client (name, archived, needs_review)
       select 'Bulk ' || g, g % 3 = 0, g % 2 = 0 from generate_series(1, 30) g`,
    );
    await t.database.exec(`update client set archived = not archived where name like 'Bulk %'`);
    await t.database.query(
      `insert into client (id, name) values ($1, 'Upserted') on conflict (id) do update set archived = true`,
      [ids[2]],
    );
    await t.database.exec(`delete from client where name like 'Bulk 1%'`);
    await expectCountersExact();
    const caregiver = await admin({
      method: 'POST',
      url: '/api/caregivers',
      payload: { name: 'Gale Counter', type: 'DSP_CARE' },
    });
    expect(caregiver.statusCode).toBe(201);
    await admin({
      method: 'POST',
      url: `/api/caregivers/${caregiver.json().id}/archive`,
      payload: { archived: true },
    });
    await expectCountersExact();
    expect(await listTotal('/api/caregivers?archived=true')).toMatchObject({ total: 1, totalExact: true });
  });

  it('move only with a committed transaction: a rolled-back write leaves them as they were', async () => {
    const before = await countersAndCounts();
    await expect(
      t.database.db.transaction(async (tx) => {
        await tx.execute(sql`insert into client (name) values ('Rolled Back')`);
        await tx.execute(sql`update client set archived = true where name = 'Bo Renamed'`);
        throw new Error('abort');
      }),
    ).rejects.toThrow('abort');
    expect((await countersAndCounts()).counters).toEqual(before.counters);
    await expectCountersExact();
  });

  it('stay exact under concurrent transactions (opposite archive moves never deadlock)', async () => {
    const seeded = await t.database.query<{ id: string }>(
      `insert into client (name) select 'Racer ' || g from generate_series(1, 24) g returning id`,
    );
    const racers = seeded.rows.map((r) => r.id);
    // Each transaction adds a client and archives one racer while another restores one: on PostgreSQL
    // these run at once on the pool's connections and contend for the same counter rows.
    await Promise.all(
      racers.map((id, i) =>
        t.database.db.transaction(async (tx) => {
          await tx.execute(
            sql`insert into client (name, needs_review) values (${`Concurrent ${i}`}, ${i % 2 === 0})`,
          );
          await tx.execute(sql`update client set archived = ${i % 2 === 0} where id = ${id}`);
          await tx.execute(
            sql`update client set archived = not archived where id = ${racers[(i + 1) % racers.length]}`,
          );
        }),
      ),
    );
    // And through the API, creates and archives at once.
    const responses = await Promise.all([
      ...racers
        .slice(0, 8)
        .map((id, i) =>
          admin({ method: 'POST', url: `/api/clients/${id}/archive`, payload: { archived: i % 2 === 1 } }),
        ),
      ...[1, 2, 3, 4].map((i) =>
        admin({ method: 'POST', url: '/api/clients', payload: { name: `Parallel ${i}` } }),
      ),
    ]);
    expect(responses.map((r) => r.statusCode).every((code) => code === 200 || code === 201)).toBe(true);
    await expectCountersExact();
  });

  it.runIf(testEngine === 'postgres')(
    'never make a writer wait for another open transaction, and count only what is committed',
    async () => {
      const before = (await listTotal('/api/clients')).total;
      let release: () => void = () => undefined;
      const held = new Promise<void>((resolve) => {
        release = resolve;
      });
      let inserted: () => void = () => undefined;
      const insertedPromise = new Promise<void>((resolve) => {
        inserted = resolve;
      });
      // The first writer takes the counter row and keeps its transaction open.
      const first = t.database.db.transaction(async (tx) => {
        await tx.execute(sql`insert into client (name) values ('Pending Visibility')`);
        inserted();
        await held;
      });
      await insertedPromise;
      expect(await listTotal('/api/clients')).toMatchObject({ total: before, totalExact: true });
      // A second writer of the same counter does not wait (it would hang here): it leaves a delta.
      const second = await admin({ method: 'POST', url: '/api/clients', payload: { name: 'Not Waiting' } });
      expect(second.statusCode).toBe(201);
      const pending = await t.database.query<{ n: number }>(
        `select count(*)::int as n from people_total_delta where list = 'client'`,
      );
      expect(pending.rows[0]?.n).toBeGreaterThan(0);
      expect(await listTotal('/api/clients')).toMatchObject({ total: before + 1, totalExact: true });
      release();
      await first;
      expect(await listTotal('/api/clients')).toMatchObject({ total: before + 2, totalExact: true });
      await expectCountersExact();
      // The next writer that holds the counter row folds the pending deltas into it.
      await admin({ method: 'POST', url: '/api/clients', payload: { name: 'Folding' } });
      const left = await t.database.query<{ n: number }>(
        `select count(*)::int as n from people_total_delta where list = 'client' and not archived and not needs_review`,
      );
      expect(left.rows[0]?.n).toBe(0);
      expect(await listTotal('/api/clients')).toMatchObject({ total: before + 3, totalExact: true });
    },
  );
});

describe('capped totals of filtered views', () => {
  const matching = listTotalCap + 100;

  beforeAll(async () => {
    await t.database.exec(
      `insert into client (name, pid) select 'Capped ' || lpad(g::text, 5, '0'), 'CP' || g from generate_series(1, ${matching}) g;
       insert into client (name) values ('Other Person');
       insert into caregiver (name, type) select 'Capped Carer ' || g, 'DSP_CARE' from generate_series(1, ${matching}) g;`,
    );
  });

  it('counts a search up to the cap, then says "more than" and still offers the next page', async () => {
    const first = await listTotal('/api/clients?q=capped&pageSize=50');
    expect(first).toMatchObject({ total: listTotalCap, totalExact: false });
    expect(first.items).toHaveLength(50);
    // Deep pages count to the end of the next page, so a lower bound always leaves one more page.
    const deep = await listTotal('/api/clients?q=capped&pageSize=50&page=20');
    expect(deep).toMatchObject({ total: 19 * 50 + 100, totalExact: false });
    // Near the end the count reaches every match and is exact again.
    const last = await listTotal('/api/clients?q=capped&pageSize=50&page=21');
    expect(last).toMatchObject({ total: matching, totalExact: true });
    expect(last.items).toHaveLength(50);
    // A page past the end counts on its own, exactly.
    expect(await listTotal('/api/clients?q=capped&pageSize=50&page=40')).toMatchObject({
      total: matching,
      totalExact: true,
      items: [],
    });
    // A small match is exact; the unfiltered view is exact whatever its size (counter).
    expect(await listTotal('/api/clients?q=other')).toMatchObject({ total: 1, totalExact: true });
    const active = await t.database.query<{ n: number }>(
      `select count(*)::int as n from client where not archived`,
    );
    expect(active.rows[0]?.n).toBeGreaterThan(listTotalCap);
    expect(await listTotal('/api/clients?pageSize=1')).toMatchObject({
      total: active.rows[0]?.n,
      totalExact: true,
    });
    // The same rule on the caregivers list (search and type filters).
    expect(await listTotal('/api/caregivers?q=carer')).toMatchObject({
      total: listTotalCap,
      totalExact: false,
    });
    expect(await listTotal('/api/caregivers?type=DSP_CARE')).toMatchObject({
      total: listTotalCap,
      totalExact: false,
    });
    const carers = await t.database.query<{ n: number }>(
      `select count(*)::int as n from caregiver where not archived`,
    );
    expect(await listTotal('/api/caregivers')).toMatchObject({ total: carers.rows[0]?.n, totalExact: true });
  });

  it('lets a client fetch every page of a capped view (the CSV export reads until it has `total` rows)', async () => {
    const seen = new Set<string>();
    for (let page = 1; ; page += 1) {
      const result = await listTotal(`/api/clients?q=capped&pageSize=500&page=${page}`);
      for (const item of result.items) seen.add(item.id);
      if (result.items.length === 0 || seen.size >= result.total) break;
    }
    expect(seen.size).toBe(matching);
  });

  it('refuses the list to a non-admin', async () => {
    const response = await caregiverUser({ method: 'GET', url: '/api/clients?q=capped' });
    expect(response.statusCode).toBe(403);
  });
});

// Last: TRUNCATE … CASCADE also empties the tables that reference people (accounts among them).
describe('people_total counters and TRUNCATE', () => {
  it('are reset to zero', async () => {
    await t.database.exec(`truncate client, caregiver cascade`);
    await expectCountersExact();
    const { counters } = await countersAndCounts();
    expect(Object.values(counters).every((n) => n === 0)).toBe(true);
  });
});
