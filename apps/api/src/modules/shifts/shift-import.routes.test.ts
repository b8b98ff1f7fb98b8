import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, createTestApp, signInAs, type TestApp } from '../../../test/helpers.ts';
import { fileUpload } from '../../../test/multipart.ts';
import { blns, importShiftsFile, sandataExampleText as exampleText } from '../../../test/shift-import.ts';

const example = JSON.parse(exampleText) as Record<string, unknown>[];

let t: TestApp;
let admin: ReturnType<typeof as>;
const importFile = (content: string, name?: string) => importShiftsFile(admin, content, name);

beforeAll(async () => {
  t = await createTestApp({}, { jobs: true });
  admin = as(t, (await signInAs(t, 'ADMIN')).cookie);
});
afterAll(() => t.close());

describe('EVV import (Sandata OpenEVV)', () => {
  it('imports the public example visits as shifts, with the adjusted visit and its change', async () => {
    const job = await importFile(exampleText, 'sandata-openevv-visits.example.json');
    expect(job.status).toBe('COMPLETED');
    expect(job.result).toMatchObject({
      total: 2,
      created: 2,
      updated: 0,
      unchanged: 0,
      rejected: [],
      newCaregivers: 1,
      newClients: 1,
    });

    const list = (await admin({ method: 'GET', url: `/api/shifts?csvFileId=${job.csvFileId}` })).json();
    expect(list.total).toBe(2);
    const byId = (id: string) => list.items.find((s: { givShiftId: string }) => s.givShiftId === id);
    const [first, second] = [byId('VISIT001'), byId('VISIT002')];
    expect(first).toMatchObject({
      givShiftId: 'VISIT001',
      date: '2024-01-15',
      billingCode: 'T1004',
      pid: '987654321',
      evvInTime: '2024-01-15T09:00:00.000Z',
      evvOutTime: '2024-01-15T13:00:00.000Z',
      evvInLat: 41.7658,
      evvInLong: -72.6734,
      timeZone: 'America/New_York',
      evvStatus: 'VERIFIED',
      caregiverName: 'New caregiver (employee …2345)',
    });
    expect(second).toMatchObject({ givShiftId: 'VISIT002', evvStatus: 'MANUALLY_ADJUSTED' });
    expect(second.evvStatusReason).toContain('Employee checked in late');

    const detail = (await admin({ method: 'GET', url: `/api/shifts/${second.id}` })).json();
    const adjustment = detail.changeHistory.find((c: { action: string }) => c.action === 'evv-adjustment');
    expect(adjustment).toMatchObject({
      byName: 'supervisor@example.com',
      reason: 'reason code 12: Employee checked in late',
      changes: {
        evvInTime: { from: '2024-01-15T09:10:00.000Z', to: '2024-01-15T09:00:00.000Z' },
        evvOutTime: { from: '2024-01-15T12:50:00.000Z', to: '2024-01-15T13:00:00.000Z' },
      },
    });
  });

  it('changes nothing when the same file is imported again', async () => {
    const before = (await admin({ method: 'GET', url: '/api/shifts' })).json();
    const job = await importFile(exampleText);
    expect(job.result).toMatchObject({
      created: 0,
      updated: 0,
      unchanged: 2,
      newCaregivers: 0,
      newClients: 0,
    });
    const after = (await admin({ method: 'GET', url: '/api/shifts' })).json();
    expect(after.total).toBe(before.total);
    expect(after.items.map((s: { updatedAt: string }) => s.updatedAt)).toEqual(
      before.items.map((s: { updatedAt: string }) => s.updatedAt),
    );
  });

  it('updates a shift from a higher SequenceID and records what changed', async () => {
    const updated = [
      {
        ...example[0],
        SequenceID: 2,
        Calls: [
          (example[0]?.Calls as object[])[0],
          { ...(example[0]?.Calls as object[])[1], CallDateTime: '2024-01-15T14:30:00Z' },
        ],
      },
    ];
    const job = await importFile(JSON.stringify(updated));
    expect(job.result).toMatchObject({ created: 0, updated: 1 });
    const list = (await admin({ method: 'GET', url: '/api/shifts?pageSize=10' })).json();
    const shift = list.items.find((s: { givShiftId: string }) => s.givShiftId === 'VISIT001');
    expect(shift.evvOutTime).toBe('2024-01-15T14:30:00.000Z');
    const detail = (await admin({ method: 'GET', url: `/api/shifts/${shift.id}` })).json();
    expect(detail.changeHistory.at(-1)).toMatchObject({
      action: 'import',
      changes: { evvOutTime: { from: '2024-01-15T13:00:00.000Z', to: '2024-01-15T14:30:00.000Z' } },
    });
    // A lower sequence afterwards is stale: nothing changes, and the summary says so with both numbers.
    const stale = await importFile(exampleText);
    expect(stale.result).toMatchObject({ updated: 0, unchanged: 1 });
    expect(stale.result.stale).toEqual([
      expect.objectContaining({ line: 1, externalId: 'VISIT001', sequence: 1, storedSequence: 2 }),
    ]);
  });

  it('imports the good visits of a broken file and reports every bad one by line and field', async () => {
    const good = { ...example[0], VisitOtherID: 'GOOD-1', EmployeeIdentifier: '777000111' };
    const badCoordinates = {
      ...example[0],
      VisitOtherID: 'BADGPS-1',
      Calls: [
        { ...(example[0]?.Calls as object[])[0], CallLatitude: 123 },
        (example[0]?.Calls as object[])[1],
      ],
    };
    const naughty = blns.filter((s) => s.trim() && !s.includes('\u0000')).slice(0, 40);
    const visits = [
      good,
      {
        ...example[0],
        VisitOtherID: 'BAD-DATE',
        Calls: [{ ...(example[0]?.Calls as object[])[0], CallDateTime: '2024-02-30T25:99:00Z' }],
      },
      { ...example[0], VisitOtherID: 'NO-EMPLOYEE', EmployeeIdentifier: undefined },
      good,
      badCoordinates,
      ...naughty.map((value, i) => ({
        ...example[0],
        VisitOtherID: `NAUGHTY-${i}`,
        ClientID: value.slice(0, 50),
        EmployeeIdentifier: value.slice(0, 50),
      })),
      'not even an object',
    ];
    const job = await importFile(JSON.stringify(visits));
    expect(job.status).toBe('COMPLETED');
    const rejected = job.result.rejected as {
      line: number;
      field: string;
      reason: string;
      externalId: string | null;
    }[];
    expect(rejected).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ line: 2, field: 'Calls.0.CallDateTime', externalId: 'BAD-DATE' }),
        expect.objectContaining({ line: 3, field: 'EmployeeIdentifier', externalId: 'NO-EMPLOYEE' }),
        expect.objectContaining({ line: visits.length, field: 'visit' }),
      ]),
    );
    expect(job.result.duplicates).toEqual([
      expect.objectContaining({ line: 4, firstLine: 1, field: 'VisitOtherID', externalId: 'GOOD-1' }),
    ]);
    const list = (await admin({ method: 'GET', url: '/api/shifts?pageSize=500' })).json();
    const ids = list.items.map((s: { givShiftId: string }) => s.givShiftId);
    expect(ids).toContain('GOOD-1');
    // A visit that happened with impossible coordinates is kept, flagged, with the raw value.
    const gps = list.items.find((s: { givShiftId: string }) => s.givShiftId === 'BADGPS-1');
    expect(gps).toMatchObject({ evvStatus: 'INVALID_COORDINATES', evvInLat: 123 });
    // Naughty identifiers are stored byte-for-byte or rejected with a reason; never a crash.
    const naughtyImported = ids.filter((id: string) => id.startsWith('NAUGHTY-')).length;
    const naughtyRejected = new Set(
      rejected.filter((r) => r.externalId?.startsWith('NAUGHTY-')).map((r) => r.externalId),
    ).size;
    expect(naughtyImported + naughtyRejected).toBe(naughty.length);
    const stored = list.items.filter((s: { givShiftId: string }) => s.givShiftId.startsWith('NAUGHTY-'));
    for (const s of stored) {
      const index = Number(s.givShiftId.split('-')[1]);
      expect(s.pid).toBe((naughty[index] as string).trim().slice(0, 50).trim());
    }
  });

  it('fails a JSON upload that holds no Sandata visits with a clear reason', async () => {
    const job = await importFile('{"hello": "world"}', 'other.json');
    expect(job.status).toBe('FAILED');
    expect(job.error).toMatch(/No visits found/);
  });

  it('keeps the raw file in the imports bucket', async () => {
    const job = await importFile(exampleText, 'kept.json');
    const files = await admin({
      method: 'POST',
      url: '/api/storage/object/list/imports',
      payload: { prefix: 'evv/' + new Date().toISOString().slice(0, 10) },
    });
    expect(files.statusCode).toBe(200);
    expect(JSON.stringify(files.json())).toContain('kept.json');
    expect(job.csvFileId).toBeTruthy();
  });

  it('denies shift and import APIs to non-admins and anonymous callers, and audits reads', async () => {
    const caregiver = as(t, (await signInAs(t, 'CAREGIVER')).cookie);
    const upload = fileUpload(exampleText, 'application/json', 'x.json');
    expect((await caregiver({ method: 'POST', url: '/api/shift-imports', ...upload })).statusCode).toBe(403);
    expect((await as(t, null)({ method: 'POST', url: '/api/shift-imports', ...upload })).statusCode).toBe(
      401,
    );
    expect((await caregiver({ method: 'GET', url: '/api/shifts' })).statusCode).toBe(403);
    expect((await as(t, null)({ method: 'GET', url: '/api/shifts' })).statusCode).toBe(401);
    const list = (await admin({ method: 'GET', url: '/api/shifts' })).json();
    expect((await caregiver({ method: 'GET', url: `/api/shifts/${list.items[0].id}` })).statusCode).toBe(403);
    const audit = (await admin({ method: 'GET', url: '/api/audit-events?action=shift.list' })).json();
    expect(audit.total).toBeGreaterThan(0);
    const imported = (
      await admin({ method: 'GET', url: '/api/audit-events?action=shift.import&entityType=shift' })
    ).json();
    expect(imported.total).toBeGreaterThan(0);
  });

  it('rejects an upload without a file field', async () => {
    const response = await admin({ method: 'POST', url: '/api/shift-imports', payload: {} });
    expect(response.statusCode).toBe(415);
  });

  it('applies a later SequenceID of the same visit in one file after the batch holding the first one', async () => {
    // 1,201 visits: the first batch of 1,000 holds BATCH-5 at sequence 1, the second (written while the
    // first may still be in flight) holds its sequence 2, which must find sequence 1 as existing.
    const visit = (i: number, sequence: number) => ({
      ...example[0],
      VisitOtherID: `BATCH-${i}`,
      SequenceID: sequence,
      Calls: [
        (example[0]?.Calls as object[])[0],
        { ...(example[0]?.Calls as object[])[1], CallDateTime: `2024-01-15T1${sequence + 3}:00:00Z` },
      ],
    });
    const visits = [...Array.from({ length: 1200 }, (_, i) => visit(i, 1)), visit(5, 2)];
    const job = await importFile(JSON.stringify(visits), 'two-batches.json');
    expect(job.result).toMatchObject({ created: 1200, updated: 1, rejected: [] });
    const shift = await t.database.query<{ out: Date; sequence: number }>(
      `select evv_out_time as out, external_sequence as sequence from shift where giv_shift_id = 'BATCH-5'`,
    );
    expect(shift.rows).toHaveLength(1);
    expect(shift.rows[0]).toMatchObject({ sequence: 2 });
    expect(new Date(shift.rows[0]?.out ?? 0).toISOString()).toBe('2024-01-15T15:00:00.000Z');
  }, 60_000);
});
