/** The segment editor through the real app (segment-editor.routes.ts; docs/segment-editor.md). */
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, createTestApp, signInAs, type TestApp } from '../../../test/helpers.ts';

interface Change {
  at: string;
  by: string | null;
  byName?: string | null;
  action: string;
  reason?: string | null;
  changes: Record<string, { from: unknown; to: unknown }>;
}
interface Segment {
  id: string;
  shift: { id: string; date: string; evvInTime: string | null; evvOutTime: string | null };
  evvStart: string | null;
  evvEnd: string | null;
  evvInLat: number | null;
  evvInLong: number | null;
  evvOutLat: number | null;
  evvOutLong: number | null;
  billingCode: string | null;
  modifier: string | null;
  segmentGroupId: string | null;
  respiteHandled: boolean;
  creationSource: string | null;
  notes: string | null;
  validationStatus: string;
  validationViolations: { code: string }[];
  changeHistory: Change[];
  updatedAt: string;
}

let t: TestApp;
let admin: ReturnType<typeof as>;
let adminAccountId: string;
let caregiverUser: ReturnType<typeof as>;
let anonymous: ReturnType<typeof as>;
const caregiverId = randomUUID();
const clientId = randomUUID();
/** Segment id per shift id. */
const segmentOf: Record<string, string> = {};
const shiftIds = { split: randomUUID(), recode: randomUUID(), other: randomUUID() };

async function addShift(shiftId: string, start: string, end: string) {
  const db = t.database.db;
  await db.execute(sql`insert into shift (id, date, billing_code, caregiver_id, client_id, evv_in_time,
      evv_out_time, evv_in_lat, evv_in_long, evv_out_lat, evv_out_long, time_zone)
    values (${shiftId}::uuid, ${start.slice(0, 10)}::date, 'OR526', ${caregiverId}::uuid, ${clientId}::uuid,
      ${start}::timestamptz, ${end}::timestamptz, 45.5, -122.6, 45.51, -122.61, 'America/Los_Angeles')`);
  const segmentId = randomUUID();
  segmentOf[shiftId] = segmentId;
  await db.execute(sql`insert into shift_segment (id, shift_id, evv_start, evv_end, evv_in_lat, evv_in_long,
      evv_out_lat, evv_out_long, billing_code, creation_source, segment_group_id)
    values (${segmentId}::uuid, ${shiftId}::uuid, ${start}::timestamptz, ${end}::timestamptz, 45.5, -122.6,
      45.51, -122.61, 'OR526', 'import', ${randomUUID()}::uuid)`);
  await db.execute(sql`insert into shift_note (shift_id, documentation) values (${shiftId}::uuid, 'note')`);
}

const get = async (id: string): Promise<Segment> => {
  const response = await admin({ method: 'GET', url: `/api/segments/${id}` });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
};
const patch = (id: string, payload: Record<string, unknown>) =>
  admin({ method: 'PATCH', url: `/api/segments/${id}`, payload });
const split = (id: string, payload: Record<string, unknown>) =>
  admin({ method: 'POST', url: `/api/segments/${id}/split`, payload });
const auditFor = async (id: string, action: string) =>
  (
    await admin({ method: 'GET', url: `/api/audit-events?entityId=${id}&action=${action}&pageSize=100` })
  ).json().items as { actorUserAccountId: string | null; details: Record<string, unknown> | null }[];
const segmentsOfShift = async (shiftId: string) =>
  (await admin({ method: 'GET', url: `/api/shifts/${shiftId}` })).json().segments as {
    id: string;
    creationSource: string;
    billingCode: string;
    evvStart: string;
    evvEnd: string;
  }[];

beforeAll(async () => {
  t = await createTestApp();
  const signedIn = await signInAs(t, 'ADMIN');
  admin = as(t, signedIn.cookie);
  adminAccountId = signedIn.accountId;
  caregiverUser = as(t, (await signInAs(t, 'CAREGIVER')).cookie);
  anonymous = as(t, null);
  const db = t.database.db;
  await db.execute(
    sql`insert into caregiver (id, name, type) values (${caregiverId}::uuid, 'Sasha Split', 'DSP_CARE')`,
  );
  await db.execute(sql`insert into client (id, name) values (${clientId}::uuid, 'Robin Relief')`);
  for (const code of ['OR526', 'OR507']) {
    await db.execute(sql`insert into billing_code_rule (billing_code, description, allowed_caregiver_types,
        rate_cents, unit_measure, effective_date)
      values (${code}, 'e2e', '{DSP_CARE}', 1000, 'hours', '2026-01-01')`);
    await db.execute(sql`insert into budget (client_id, proc_code, units, measure, effective_date, expiration_date)
      values (${clientId}::uuid, ${code}, 400, 'hours', '2026-01-01', '2026-12-31')`);
  }
  await addShift(shiftIds.split, '2026-04-06T16:00:00Z', '2026-04-06T20:00:00Z');
  await addShift(shiftIds.recode, '2026-04-07T16:00:00Z', '2026-04-07T20:00:00Z');
  await addShift(shiftIds.other, '2026-04-08T16:00:00Z', '2026-04-08T20:00:00Z');
}, 60_000);
afterAll(() => t.close());

describe('segment editor access', () => {
  it('refuses anonymous callers (401) and non-admins (403) on every route', async () => {
    const id = segmentOf[shiftIds.other] as string;
    for (const caller of [anonymous, caregiverUser]) {
      const expected = caller === anonymous ? 401 : 403;
      const responses = await Promise.all([
        caller({ method: 'GET', url: `/api/segments/${id}` }),
        caller({
          method: 'PATCH',
          url: `/api/segments/${id}`,
          payload: { expectedUpdatedAt: new Date().toISOString(), notes: 'x' },
        }),
        caller({
          method: 'POST',
          url: `/api/segments/${id}/split`,
          payload: {
            expectedUpdatedAt: new Date().toISOString(),
            at: '2026-04-08T18:00:00Z',
            first: { billingCode: 'OR526' },
            second: { billingCode: 'OR507' },
            reason: 'x',
          },
        }),
      ]);
      for (const response of responses) expect(response.statusCode, response.body).toBe(expected);
    }
    const after = await get(id);
    expect(after.notes).toBeNull();
    expect(after.changeHistory).toEqual([]);
  });
});

describe('GET /api/segments/:id', () => {
  it('returns the segment with its shift times; audited segment.read; 404 and 400', async () => {
    const id = segmentOf[shiftIds.other] as string;
    const readsBefore = (await auditFor(id, 'segment.read')).length;
    const segment = await get(id);
    expect(segment).toMatchObject({
      id,
      shift: {
        id: shiftIds.other,
        date: '2026-04-08',
        evvInTime: '2026-04-08T16:00:00.000Z',
        evvOutTime: '2026-04-08T20:00:00.000Z',
      },
      evvStart: '2026-04-08T16:00:00.000Z',
      billingCode: 'OR526',
      respiteHandled: false,
      creationSource: 'import',
    });
    const reads = await auditFor(id, 'segment.read');
    expect(reads).toHaveLength(readsBefore + 1);
    expect(reads[0]).toMatchObject({
      actorUserAccountId: adminAccountId,
      details: { shiftId: shiftIds.other },
    });
    const missing = await admin({ method: 'GET', url: `/api/segments/${randomUUID()}` });
    expect(missing.statusCode).toBe(404);
    expect((await admin({ method: 'GET', url: '/api/segments/not-a-uuid' })).statusCode).toBe(400);
  });
});

describe('POST /api/segments/:id/split', () => {
  it('names `at` when it is not on the minute or not strictly inside the segment; reason required', async () => {
    const id = segmentOf[shiftIds.split] as string;
    const { updatedAt } = await get(id);
    const body = {
      expectedUpdatedAt: updatedAt,
      first: { billingCode: 'OR526' },
      second: { billingCode: 'OR507' },
      reason: 'Part relief care',
    };
    const seconds = await split(id, { ...body, at: '2026-04-06T18:00:30Z' });
    expect(seconds.statusCode).toBe(400);
    expect(seconds.json().errors).toEqual([{ path: 'at', message: 'must be on the minute (no seconds)' }]);
    for (const at of ['2026-04-06T16:00:00Z', '2026-04-06T20:00:00Z', '2026-04-06T21:00:00Z']) {
      const outside = await split(id, { ...body, at });
      expect(outside.statusCode, at).toBe(400);
      expect(outside.json().errors[0].path).toBe('at');
      expect(outside.json().detail).toContain("after the segment's start");
    }
    const noReason = await split(id, { ...body, at: '2026-04-06T18:00:00Z', reason: ' ' });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().errors[0].path).toBe('reason');
    const noCode = await split(id, { ...body, at: '2026-04-06T18:00:00Z', second: { billingCode: '' } });
    expect(noCode.statusCode).toBe(400);
    expect(noCode.json().errors[0].path).toBe('second.billingCode');
    // Nothing was written.
    expect(await segmentsOfShift(shiftIds.split)).toHaveLength(1);
    expect((await get(id)).changeHistory).toEqual([]);
  });

  it('splits into two READY segments with their own codes, one group, history, audit and a queued validation', async () => {
    const id = segmentOf[shiftIds.split] as string;
    const before = await get(id);
    const response = await split(id, {
      expectedUpdatedAt: before.updatedAt,
      at: '2026-04-06T18:00:00-00:00',
      first: { billingCode: 'or526', modifier: '' },
      second: { billingCode: 'OR507', modifier: null },
      reason: 'Second half was relief care',
    });
    expect(response.statusCode, response.body).toBe(200);
    const [first, second] = response.json().segments as [Segment, Segment];
    expect(first).toMatchObject({
      id,
      evvStart: '2026-04-06T16:00:00.000Z',
      evvEnd: '2026-04-06T18:00:00.000Z',
      evvInLat: 45.5,
      evvInLong: -122.6,
      evvOutLat: null,
      evvOutLong: null,
      billingCode: 'OR526',
      modifier: null,
      creationSource: 'split',
      segmentGroupId: before.segmentGroupId,
      validationStatus: 'READY',
      validationViolations: [],
    });
    expect(second).toMatchObject({
      evvStart: '2026-04-06T18:00:00.000Z',
      evvEnd: '2026-04-06T20:00:00.000Z',
      evvInLat: null,
      evvInLong: null,
      evvOutLat: 45.51,
      evvOutLong: -122.61,
      billingCode: 'OR507',
      creationSource: 'split',
      segmentGroupId: before.segmentGroupId,
      validationStatus: 'READY',
    });
    expect(second.id).not.toBe(id);
    expect(first.changeHistory.at(-1)).toMatchObject({
      by: adminAccountId,
      byName: expect.any(String),
      action: 'split',
      reason: 'Second half was relief care',
      changes: {
        evvEnd: { from: '2026-04-06T20:00:00.000Z', to: '2026-04-06T18:00:00.000Z' },
        evvOutLat: { from: 45.51, to: null },
        creationSource: { from: 'import', to: 'split' },
      },
    });
    expect(first.changeHistory.at(-1)?.changes.billingCode).toBeUndefined();
    expect(second.changeHistory.at(-1)).toMatchObject({
      action: 'split',
      changes: {
        evvStart: { from: '2026-04-06T16:00:00.000Z', to: '2026-04-06T18:00:00.000Z' },
        billingCode: { from: 'OR526', to: 'OR507' },
      },
    });
    // The version returned is the edit's own time (validation ran inside the edit).
    expect(first.updatedAt).toBe(first.changeHistory.at(-1)?.at);
    const audit = await auditFor(id, 'segment.split');
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      actorUserAccountId: adminAccountId,
      details: { newSegmentId: second.id, shiftId: shiftIds.split },
    });
    expect(JSON.stringify(audit[0]?.details)).not.toContain('relief');
    const jobs = await t.database.query<{ metadata: Record<string, unknown> }>(
      `select metadata from processing_job where job_type = 'segment-validation' order by created_at desc limit 1`,
    );
    expect(jobs.rows[0]?.metadata).toEqual({ from: '2026-04-06', to: null });
    expect(await segmentsOfShift(shiftIds.split)).toHaveLength(2);

    // The old version is stale now: 409 and nothing written.
    const stale = await split(id, {
      expectedUpdatedAt: before.updatedAt,
      at: '2026-04-06T17:00:00Z',
      first: { billingCode: 'OR526' },
      second: { billingCode: 'OR507' },
      reason: 'Again',
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().detail).toContain('changed by someone else');
    expect(await segmentsOfShift(shiftIds.split)).toHaveLength(2);
  });

  it('a later correction of the split shift leaves its segments alone and flags the one outside the shift', async () => {
    const corrected = await admin({
      method: 'PATCH',
      url: `/api/shifts/${shiftIds.split}`,
      payload: { evvOutTime: '2026-04-06T19:00:00Z', reason: 'Left an hour early' },
    });
    expect(corrected.statusCode, corrected.body).toBe(200);
    const segments = await segmentsOfShift(shiftIds.split);
    expect(segments).toHaveLength(2);
    expect(segments.map((s) => s.creationSource)).toEqual(['split', 'split']);
    expect(segments.map((s) => s.evvEnd)).toEqual(['2026-04-06T18:00:00.000Z', '2026-04-06T20:00:00.000Z']);
    const second = await get(segments[1]?.id as string);
    expect(second.validationViolations.map((v) => v.code)).toEqual(['SEGMENT_OUTSIDE_SHIFT']);
    expect((await get(segments[0]?.id as string)).validationStatus).toBe('READY');
  });
});

describe('PATCH /api/segments/:id', () => {
  it('changes the code with a reason: stops mirroring, history, audit; a shift correction no longer overwrites it', async () => {
    const id = segmentOf[shiftIds.recode] as string;
    const before = await get(id);
    const noReason = await patch(id, { expectedUpdatedAt: before.updatedAt, billingCode: 'OR507' });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().errors).toEqual([
      { path: 'reason', message: 'is required when the code, the modifier or respite handling changes' },
    ]);
    const response = await patch(id, {
      expectedUpdatedAt: before.updatedAt,
      billingCode: 'OR507',
      reason: 'Relief care, not attendant care',
    });
    expect(response.statusCode, response.body).toBe(200);
    const segment = response.json<Segment>();
    expect(segment).toMatchObject({
      billingCode: 'OR507',
      creationSource: 'manual',
      validationStatus: 'READY',
    });
    expect(segment.changeHistory.at(-1)).toMatchObject({
      action: 'recode',
      by: adminAccountId,
      reason: 'Relief care, not attendant care',
      changes: {
        billingCode: { from: 'OR526', to: 'OR507' },
        creationSource: { from: 'import', to: 'manual' },
      },
    });
    expect((await auditFor(id, 'segment.update'))[0]?.details).toMatchObject({
      fields: ['billingCode', 'creationSource'],
    });
    const correction = await admin({
      method: 'PATCH',
      url: `/api/shifts/${shiftIds.recode}`,
      payload: { billingCode: 'OR999', reason: 'Code typo in the EVV system' },
    });
    expect(correction.statusCode, correction.body).toBe(200);
    const segments = await segmentsOfShift(shiftIds.recode);
    expect(segments).toHaveLength(1);
    expect(segments[0]).toMatchObject({ id, billingCode: 'OR507', creationSource: 'manual' });
  });

  it('marks respite handled with a reason and edits notes without one; nothing-to-change is a 400', async () => {
    const id = segmentOf[shiftIds.other] as string;
    let segment = await get(id);
    const respite = await patch(id, {
      expectedUpdatedAt: segment.updatedAt,
      respiteHandled: true,
      reason: 'Respite arranged with the family',
    });
    expect(respite.statusCode, respite.body).toBe(200);
    segment = respite.json();
    expect(segment).toMatchObject({ respiteHandled: true, creationSource: 'import' });
    expect(segment.changeHistory.at(-1)).toMatchObject({
      action: 'respite',
      changes: { respiteHandled: { from: false, to: true } },
    });
    const notes = await patch(id, { expectedUpdatedAt: segment.updatedAt, notes: '  Park visit  ' });
    expect(notes.statusCode, notes.body).toBe(200);
    segment = notes.json();
    expect(segment.notes).toBe('Park visit');
    expect(segment.changeHistory.at(-1)).toMatchObject({ action: 'notes', reason: null });
    const same = await patch(id, { expectedUpdatedAt: segment.updatedAt, notes: 'Park visit' });
    expect(same.statusCode).toBe(400);
    expect(same.json().errors).toEqual([{ path: 'notes', message: 'already has this value' }]);
    const empty = await patch(id, { expectedUpdatedAt: segment.updatedAt });
    expect(empty.statusCode).toBe(400);
    const badDate = await patch(id, { expectedUpdatedAt: 'yesterday', notes: 'x' });
    expect(badDate.statusCode).toBe(400);
    expect(badDate.json().errors[0].path).toBe('expectedUpdatedAt');
    expect(await auditFor(id, 'segment.update')).toHaveLength(2);
  });

  it('a validator write is not a conflict; another admin’s edit is (409, nothing written)', async () => {
    const id = segmentOf[shiftIds.other] as string;
    const seen = await get(id);
    // The validator rewrites status and updated_at only.
    await t.database.db.execute(
      sql`update shift_segment set updated_at = now() + interval '1 second' where id = ${id}::uuid`,
    );
    const afterValidator = await patch(id, { expectedUpdatedAt: seen.updatedAt, notes: 'Park and lunch' });
    expect(afterValidator.statusCode, afterValidator.body).toBe(200);
    // This editor still holds `seen`: the edit above is newer.
    const stale = await patch(id, { expectedUpdatedAt: seen.updatedAt, notes: 'Overwrite' });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().code).toBe('CONFLICT');
    expect((await get(id)).notes).toBe('Park and lunch');
  });

  it('refuses edits of a segment deleted with its shift (409)', async () => {
    const id = segmentOf[shiftIds.other] as string;
    const seen = await get(id);
    const deleted = await admin({
      method: 'DELETE',
      url: `/api/shifts/${shiftIds.other}`,
      payload: { reason: 'Duplicate visit' },
    });
    expect(deleted.statusCode).toBe(200);
    const response = await patch(id, { expectedUpdatedAt: seen.updatedAt, notes: 'x' });
    expect(response.statusCode).toBe(409);
    expect(response.json().detail).toContain('restore the shift first');
  });
});
