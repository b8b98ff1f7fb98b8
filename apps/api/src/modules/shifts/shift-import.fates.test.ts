/**
 * A fate for every imported row (issue 16; docs/decisions/0036-a-fate-for-every-row.md), through the
 * real routes and job on both engines: created, updated, unchanged, duplicate of line N (imported once),
 * stale update ignored (both SequenceIDs), rejected (field and reason) — counted apart, adding up to the
 * rows read; null tokens absent; free text as sent; dates outside 0001–9999 rejected per row, in the
 * preview and in the job.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ColumnMap, ShiftImportResult } from '@tend/contracts';
import { as, createTestApp, signInAs, type TestApp } from '../../../test/helpers.ts';
import { fileUpload } from '../../../test/multipart.ts';
import { importShiftsFile, sandataExampleText } from '../../../test/shift-import.ts';

let t: TestApp;
let admin: ReturnType<typeof as>;

const header = 'Visit ID,Employee,Client,Date,In,Out,Proc,Mod,Notes';
const map: ColumnMap = {
  'Visit ID': 'givShiftId',
  Employee: 'caregiverName',
  Client: 'clientName',
  Date: 'date',
  In: 'evvInTime',
  Out: 'evvOutTime',
  Proc: 'billingCode',
  Mod: 'mod1',
  Notes: 'notes',
};
const csv = (...rows: string[]) => [header, ...rows].join('\r\n') + '\r\n';
const NOTE = '\tFell at 3 pm.\u2028\u3000';
const rows = [
  `F-1,Ann Fate,Bo Fate,11/03/2025,09:00,13:00,T1019,NULL,"${NOTE}"`, // line 2: created, modifier absent
  'F-2,Ann Fate,Bo Fate,11/04/2025,09:00,13:00,T1019,N/A,N/A', // line 3: created
  'F-1,Ann Fate,Bo Fate,11/03/2025,09:00,13:00,T1019,,again', // line 4: duplicate of line 2
  'F-3,Ann Fate,Bo Fate,01/01/0000,09:00,13:00,T1019,,', // line 5: rejected, year 0000
  'F-4,Ann Fate,Bo Fate,12/31/9999,10:00,02:00,T1019,,', // line 6: rejected, ends in year 10000
  'F-5,,Bo Fate,11/05/2025,09:00,13:00,T1019,,', // line 7: rejected, no caregiver
  'F-2,Ann Fate,Bo Fate,11/04/2025,09:00,13:00,T1019,,', // line 8: duplicate of line 3
];

/** The number of rows of each fate; every row has exactly one. */
function fates(result: ShiftImportResult) {
  return {
    created: result.created,
    updated: result.updated,
    unchanged: result.unchanged,
    duplicates: result.duplicates.length,
    stale: result.stale.length,
    rejected: new Set(result.rejected.map((r) => r.line)).size,
  };
}
const sum = (counts: Record<string, number>) => Object.values(counts).reduce((a, b) => a + b, 0);

beforeAll(async () => {
  t = await createTestApp({ agencyTimeZone: 'America/Los_Angeles' }, { jobs: true });
  admin = as(t, (await signInAs(t, 'ADMIN')).cookie);
});
afterAll(() => t.close());

describe('CSV import: a fate for every row', () => {
  it('previews the rows outside years 0001–9999 as rejected with their reason (no 500)', async () => {
    const uploaded = (
      await admin({
        method: 'POST',
        url: '/api/shift-imports',
        ...fileUpload(csv(...rows), 'text/csv', 'f.csv'),
      })
    ).json();
    const preview = await admin({
      method: 'POST',
      url: `/api/shift-imports/${uploaded.csvFileId}/preview`,
      payload: { columnMap: map },
    });
    expect(preview.statusCode, preview.body).toBe(200);
    const byLine = new Map(preview.json().rows.map((r: { line: number }) => [r.line, r]));
    expect(byLine.get(5)).toMatchObject({
      errors: [{ field: 'Date', reason: 'is not a date: years run 0001–9999' }],
    });
    expect(byLine.get(6)).toMatchObject({
      errors: [{ field: 'Out', reason: 'is in year 10000, outside the years 0001–9999 that Tend can store' }],
    });
    expect(byLine.get(2)).toMatchObject({ mod1: null, errors: [] });
    const denied = await as(
      t,
      (await signInAs(t, 'CAREGIVER')).cookie,
    )({
      method: 'POST',
      url: `/api/shift-imports/${uploaded.csvFileId}/preview`,
      payload: { columnMap: map },
    });
    expect(denied.statusCode).toBe(403);
  });

  it('counts created, duplicates and rejected apart; the job completes; NULL is no modifier; notes as sent', async () => {
    const job = await importShiftsFile(admin, csv(...rows), 'fates.csv', { columnMap: map });
    expect(job.status, job.error).toBe('COMPLETED');
    const result = job.result as ShiftImportResult;
    expect(fates(result)).toEqual({
      created: 2,
      updated: 0,
      unchanged: 0,
      duplicates: 2,
      stale: 0,
      rejected: 3,
    });
    expect(sum(fates(result))).toBe(result.total);
    expect(result.duplicates).toEqual([
      {
        line: 4,
        firstLine: 2,
        field: 'Visit ID',
        reason: 'repeats shift id F-1 of line 2: only the first copy is imported',
        externalId: 'F-1',
      },
      expect.objectContaining({ line: 8, firstLine: 3, externalId: 'F-2' }),
    ]);
    // Only what truly was not imported is rejected.
    expect(result.rejected.map((r) => [r.line, r.field])).toEqual([
      [5, 'Date'],
      [6, 'Out'],
      [7, 'Employee'],
    ]);
    const stored = await t.database.query<{ id: string; mod1: string | null; notes: string | null }>(
      `select s.giv_shift_id as id, s.mod1, g.notes from shift s join shift_segment g on g.shift_id = s.id
       where s.giv_shift_id in ('F-1', 'F-2') order by 1`,
    );
    expect(stored.rows).toEqual([
      { id: 'F-1', mod1: null, notes: NOTE },
      { id: 'F-2', mod1: null, notes: null },
    ]);
  });

  it('reads the same file again as unchanged, duplicates and rejected', async () => {
    const job = await importShiftsFile(admin, csv(...rows), 'fates-again.csv', { columnMap: map });
    const result = job.result as ShiftImportResult;
    expect(fates(result)).toEqual({
      created: 0,
      updated: 0,
      unchanged: 2,
      duplicates: 2,
      stale: 0,
      rejected: 3,
    });
    // The history lists each upload with the count of each fate (the database counts them).
    const list = await admin({ method: 'GET', url: '/api/shift-imports' });
    expect(list.statusCode).toBe(200);
    const item = list.json().items.find((f: { id: string }) => f.id === job.csvFileId);
    expect(item.latestJob.fates).toEqual({
      created: 0,
      updated: 0,
      unchanged: 2,
      duplicates: 2,
      stale: 0,
      rejected: 3,
    });
    const denied = await as(
      t,
      (await signInAs(t, 'CAREGIVER')).cookie,
    )({
      method: 'GET',
      url: '/api/shift-imports',
    });
    expect(denied.statusCode).toBe(403);
  });
});

describe('Sandata import: stale versions and null tokens', () => {
  const example = JSON.parse(sandataExampleText) as Record<string, unknown>[];
  const calls = example[0]?.Calls as Record<string, unknown>[];
  const version = (id: string, sequence: number, outAt: string, extra: Record<string, unknown> = {}) => ({
    ...example[0],
    VisitOtherID: id,
    SequenceID: sequence,
    Calls: [calls[0], { ...calls[1], CallDateTime: outAt }],
    ...extra,
  });

  it('reports a lower SequenceID after a higher one as a stale update with both SequenceIDs', async () => {
    const visits = [
      version('S-1', 5, '2024-01-15T14:00:00Z', { Modifier1: 'NULL', Modifier2: null }), // 1: created
      version('S-1', 2, '2024-01-15T12:00:00Z'), // 2: stale (2 after 5)
      version('S-1', 5, '2024-01-15T14:00:00Z'), // 3: duplicate of 1
      version('S-2', 1, '2024-01-15T13:00:00Z', { AdjInDateTime: '0000-06-01T09:00:00Z' }), // 4: rejected
      version('S-3', 1, '2024-01-15T13:00:00Z', { ClientID: 'NULL' }), // 5: rejected
    ];
    const job = await importShiftsFile(admin, JSON.stringify(visits), 'versions.json');
    expect(job.status, job.error).toBe('COMPLETED');
    const result = job.result as ShiftImportResult;
    expect(fates(result)).toEqual({
      created: 1,
      updated: 0,
      unchanged: 0,
      duplicates: 1,
      stale: 1,
      rejected: 2,
    });
    expect(sum(fates(result))).toBe(result.total);
    expect(result.stale).toEqual([
      {
        line: 2,
        externalId: 'S-1',
        sequence: 2,
        storedSequence: 5,
        reason: 'sequence 2 is older than sequence 5, which Tend already has for visit S-1',
      },
    ]);
    expect(result.duplicates).toEqual([
      expect.objectContaining({ line: 3, firstLine: 1, field: 'VisitOtherID' }),
    ]);
    expect(result.rejected).toEqual([
      expect.objectContaining({ line: 4, field: 'AdjInDateTime', reason: expect.stringMatching(/year 0\b/) }),
      { line: 5, field: 'ClientID', reason: 'is required', externalId: 'S-3' },
    ]);
    const stored = await t.database.query<{ mod1: string | null; sequence: number; out: Date }>(
      `select mod1, external_sequence as sequence, evv_out_time as out from shift where giv_shift_id = 'S-1'`,
    );
    expect(stored.rows[0]).toMatchObject({ mod1: null, sequence: 5 });
    expect(stored.rows[0]?.out.toISOString()).toBe('2024-01-15T14:00:00.000Z');
  });
});
