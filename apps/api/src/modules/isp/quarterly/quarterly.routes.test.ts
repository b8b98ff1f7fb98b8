import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { auditEvents } from '../../../platform/audit/audit.table.ts';
import { as, createTestApp, signInAs, type TestApp } from '../../../../test/helpers.ts';

let t: TestApp;
let admin: ReturnType<typeof as>;
let caregiverUser: ReturnType<typeof as>;
let anonymous: ReturnType<typeof as>;
const clientId = randomUUID();
const quietClientId = randomUUID();
const otherClientId = randomUUID();
const caregiverId = randomUUID();

/** A shift of `client` on `date` (local, America/Los_Angeles, 09:00–17:00 PST/PDT given as offsets). */
async function shift(client: string, date: string, options: { deleted?: boolean } = {}) {
  const id = randomUUID();
  await t.database.db
    .execute(sql`insert into shift (id, date, billing_code, caregiver_id, client_id, evv_in_time,
      evv_out_time, deleted_at)
    values (${id}::uuid, ${date}::date, 'OR526', ${caregiverId}::uuid, ${client}::uuid,
      ${`${date}T17:00:00Z`}::timestamptz, ${`${date}T23:59:00Z`}::timestamptz,
      ${options.deleted ? new Date().toISOString() : null}::timestamptz)`);
  return id;
}

/** A matched note of `client` on shift `shiftId`. */
async function note(
  client: string,
  shiftId: string,
  submittedAt: string | null,
  documentation: string,
  sectionType: string | null = null,
  options: { needsReview?: boolean } = {},
) {
  await t.database.db
    .execute(sql`insert into shift_note (shift_id, submitted_at, prompt, documentation, caregiver_id,
      section_type, client_id, needs_manual_review)
    values (${shiftId}::uuid, ${submittedAt}::timestamptz, 'How was the shift?', ${documentation},
      ${caregiverId}::uuid, ${sectionType}, ${client}::uuid, ${options.needsReview ?? false})`);
}

async function auditCount(action: string) {
  const rows = await t.database.db
    .select({ n: sql<number>`count(*)`.mapWith(Number) })
    .from(auditEvents)
    .where(and(eq(auditEvents.action, action)));
  return rows[0]?.n ?? 0;
}

async function pdfText(bytes: Buffer): Promise<string> {
  const doc = await getDocument({ data: new Uint8Array(bytes), useSystemFonts: false }).promise;
  const texts: string[] = [];
  for (let n = 1; n <= doc.numPages; n += 1) {
    const page = await doc.getPage(n);
    const content = await page.getTextContent();
    texts.push(content.items.map((item) => ('str' in item ? item.str : '')).join(' '));
  }
  await doc.destroy();
  return texts.join('\n');
}

beforeAll(async () => {
  t = await createTestApp();
  admin = as(t, (await signInAs(t, 'ADMIN')).cookie);
  caregiverUser = as(t, (await signInAs(t, 'CAREGIVER')).cookie);
  anonymous = as(t, null);
  const db = t.database.db;
  await db.execute(sql`insert into caregiver (id, name) values (${caregiverId}::uuid, 'Alex Ames')`);
  await db.execute(
    sql`insert into client (id, name, pid) values (${clientId}::uuid, 'Quinn Quarter', 'PR0101'),
      (${quietClientId}::uuid, 'Nora Notes', 'PR0102'), (${otherClientId}::uuid, 'Omar Other', 'PR0103')`,
  );
  // Q1 2026 of Quinn: 4 shifts, notes in two sections and General; one routine sentence every shift.
  const days = ['2026-01-06', '2026-02-10', '2026-03-03', '2026-03-31'];
  for (const [i, day] of days.entries()) {
    const id = await shift(clientId, day);
    await note(
      clientId,
      id,
      `${day}T20:00:00Z`,
      `Quinn took morning medications with water. Seizure watch ${i}: staff timed a short seizure and logged the seizure.`,
      'Health',
    );
    await note(
      clientId,
      id,
      `${day}T21:00:00Z`,
      `Quinn went to the library and chose ${i + 2} books.`,
      'Community',
    );
  }
  // No submitted time: counted by its shift's date (in Q1).
  const undated = await shift(clientId, '2026-02-20');
  await note(clientId, undated, null, 'Quinn cooked pasta with staff and cleaned the kitchen after.');
  // Outside Q1 in the agency's zone: 2026-04-01 01:00 local is 08:00Z; 2025-12-31 23:30 local is 2026-01-01 07:30Z.
  const april = await shift(clientId, '2026-04-01');
  await note(clientId, april, '2026-04-01T08:00:00Z', 'April sentence should never be read here.', 'Health');
  const newYearEve = await shift(clientId, '2025-12-31');
  await note(
    clientId,
    newYearEve,
    '2026-01-01T07:30:00Z',
    'December sentence should never be read here.',
    'Health',
  );
  // A deleted shift's note and a note waiting for review are not read.
  const deleted = await shift(clientId, '2026-01-15', { deleted: true });
  await note(clientId, deleted, '2026-01-15T20:00:00Z', 'Deleted shift sentence is never read.', 'Health');
  const waiting = await shift(clientId, '2026-01-16');
  await note(clientId, waiting, '2026-01-16T20:00:00Z', 'Waiting note sentence is never read.', 'Health', {
    needsReview: true,
  });
  // Another client's note in the same quarter.
  const other = await shift(otherClientId, '2026-01-07');
  await note(otherClientId, other, '2026-01-07T20:00:00Z', 'Other client sentence is never read.', 'Health');
}, 60_000);
afterAll(() => t.close());

describe('quarterly summary access', () => {
  it('refuses anonymous callers (401) and non-admins (403) on every route, and audits the denial', async () => {
    const before = await auditCount('access.denied');
    for (const caller of [anonymous, caregiverUser]) {
      const expected = caller === anonymous ? 401 : 403;
      const responses = await Promise.all([
        caller({
          method: 'POST',
          url: '/api/quarterly-summaries',
          payload: { clientId, year: 2026, quarter: 1 },
        }),
        caller({ method: 'GET', url: `/api/quarterly-summaries?clientId=${clientId}` }),
        caller({ method: 'GET', url: `/api/quarterly-summaries/${clientId}/2026/1` }),
        caller({ method: 'POST', url: `/api/quarterly-summaries/${clientId}/2026/1/exports` }),
        caller({ method: 'GET', url: `/api/quarterly-summary-exports?clientId=${clientId}` }),
        caller({ method: 'GET', url: `/api/quarterly-summary-exports/${randomUUID()}/file` }),
      ]);
      for (const response of responses) expect(response.statusCode, response.body).toBe(expected);
    }
    expect(await auditCount('access.denied')).toBeGreaterThanOrEqual(before + 6);
  });
});

describe('quarterly summary input', () => {
  it('answers 400 naming the field for a bad quarter, year or client id', async () => {
    const bad = [
      [{ clientId, year: 2026, quarter: 5 }, 'quarter'],
      [{ clientId, year: 99999, quarter: 1 }, 'year'],
      [{ clientId, year: 2026.5, quarter: 1 }, 'year'],
      [{ clientId: 'nope', year: 2026, quarter: 1 }, 'clientId'],
      [{ year: 2026, quarter: 1 }, 'clientId'],
    ] as const;
    for (const [payload, field] of bad) {
      const response = await admin({ method: 'POST', url: '/api/quarterly-summaries', payload });
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json().errors.map((e: { path: string }) => e.path)).toContain(field);
    }
    const inPath = await admin({ method: 'GET', url: `/api/quarterly-summaries/${clientId}/2026/0` });
    expect(inPath.statusCode).toBe(400);
    expect(inPath.json().errors[0].path).toBe('quarter');
    const rows = await t.database.db.execute(sql`select count(*)::int as n from quarterly_summary`);
    expect((rows.rows[0] as { n: number }).n).toBe(0);
  });

  it('answers 404 for an unknown client', async () => {
    const unknown = randomUUID();
    for (const response of [
      await admin({
        method: 'POST',
        url: '/api/quarterly-summaries',
        payload: { clientId: unknown, year: 2026, quarter: 1 },
      }),
      await admin({ method: 'GET', url: `/api/quarterly-summaries?clientId=${unknown}` }),
      await admin({ method: 'GET', url: `/api/quarterly-summary-exports?clientId=${unknown}` }),
      await admin({ method: 'GET', url: `/api/quarterly-summary-exports/${randomUUID()}/file` }),
    ])
      expect(response.statusCode, response.body).toBe(404);
  });
});

describe('generating a quarter', () => {
  let firstSections: { id: string; sectionName: string; sectionSummary: string }[] = [];

  it('summarizes the quarter’s matched notes by section, in the agency’s time zone, and audits it', async () => {
    const response = await admin({
      method: 'POST',
      url: '/api/quarterly-summaries',
      payload: { clientId, year: 2026, quarter: 1 },
    });
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({
      clientId,
      clientName: 'Quinn Quarter',
      year: 2026,
      quarter: 1,
      period: 'Q1',
      firstDate: '2026-01-01',
      lastDate: '2026-03-31',
      timeZone: 'America/Los_Angeles',
      noteCount: 9,
      shiftCount: 5,
      notesCut: false,
    });
    expect(body.generatedAt).toBeTruthy();
    expect(body.generatedBy).toBeTruthy();
    expect(body.sections.map((s: { sectionName: string }) => s.sectionName)).toEqual([
      'Community',
      'Health',
      'General',
    ]);
    const health = body.sections[1];
    expect(health).toMatchObject({ noteCount: 4, shiftCount: 4 });
    expect(health.sectionSummary).toContain('4 notes from 4 shifts, 2026-01-06 to 2026-03-31.');
    expect(health.sectionSummary).toContain('Quinn took morning medications with water. (on 4 notes)');
    const all = body.sections.map((s: { sectionSummary: string }) => s.sectionSummary).join('\n');
    expect(all).not.toMatch(/never read/);
    expect(body.sections[2].sectionSummary).toContain('2026-02-20 — Quinn cooked pasta');
    firstSections = body.sections;
    expect(await auditCount('quarterly_summary.generate')).toBe(1);
  });

  it('regenerates in place: same text byte for byte, new rows, no doubling', async () => {
    const response = await admin({
      method: 'POST',
      url: '/api/quarterly-summaries',
      payload: { clientId, year: 2026, quarter: 1 },
    });
    expect(response.statusCode).toBe(200);
    const sections = response.json().sections as typeof firstSections;
    expect(sections.map((s) => [s.sectionName, s.sectionSummary])).toEqual(
      firstSections.map((s) => [s.sectionName, s.sectionSummary]),
    );
    const rows = await t.database.db.execute(
      sql`select count(*)::int as n from quarterly_summary where client_id = ${clientId}::uuid`,
    );
    expect((rows.rows[0] as { n: number }).n).toBe(3);
    expect(await auditCount('quarterly_summary.generate')).toBe(2);
  });

  it('takes two runs of one quarter at once in turn, leaving one set of sections', async () => {
    const runs = await Promise.all(
      [1, 2, 3].map(() =>
        admin({
          method: 'POST',
          url: '/api/quarterly-summaries',
          payload: { clientId, year: 2026, quarter: 1 },
        }),
      ),
    );
    for (const run of runs) expect(run.statusCode, run.body).toBe(200);
    const rows = await t.database.db.execute(
      sql`select count(*)::int as n from quarterly_summary where client_id = ${clientId}::uuid`,
    );
    expect((rows.rows[0] as { n: number }).n).toBe(3);
  });

  it('lists and reads the generated quarter, audited', async () => {
    const list = await admin({ method: 'GET', url: `/api/quarterly-summaries?clientId=${clientId}` });
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json().items).toHaveLength(1);
    expect(list.json().items[0]).toMatchObject({ year: 2026, quarter: 1, noteCount: 9 });
    expect(list.json().items[0].generatedByName).toBeTruthy();
    const one = await admin({ method: 'GET', url: `/api/quarterly-summaries/${clientId}/2026/1` });
    expect(one.statusCode, one.body).toBe(200);
    expect(one.json().sections.map((s: { sectionName: string }) => s.sectionName)).toEqual([
      'Community',
      'Health',
      'General',
    ]);
    expect(await auditCount('quarterly_summary.list')).toBe(1);
    expect(await auditCount('quarterly_summary.read')).toBe(1);
    const never = await admin({ method: 'GET', url: `/api/quarterly-summaries/${clientId}/2025/4` });
    expect(never.statusCode).toBe(404);
  });

  it('gives no section for a quarter without notes, and refuses to export it', async () => {
    const response = await admin({
      method: 'POST',
      url: '/api/quarterly-summaries',
      payload: { clientId: quietClientId, year: 2026, quarter: 1 },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ sections: [], noteCount: 0, shiftCount: 0 });
    const exported = await admin({
      method: 'POST',
      url: `/api/quarterly-summaries/${quietClientId}/2026/1/exports`,
    });
    expect(exported.statusCode, exported.body).toBe(409);
  });
});

describe('exporting a quarter', () => {
  it('stores the PDF with its ReportReference, lists it and downloads it as an attachment', async () => {
    const created = await admin({
      method: 'POST',
      url: `/api/quarterly-summaries/${clientId}/2026/1/exports`,
    });
    expect(created.statusCode, created.body).toBe(201);
    const exp = created.json();
    expect(exp).toMatchObject({
      clientId,
      reportType: 'quarterly-summary',
      year: 2026,
      period: 'Q1',
      bucket: 'generated-reports',
      region: null,
      fileName: 'quarterly-summary-Quinn-Quarter-2026-Q1.pdf',
    });
    expect(exp.size).toBeGreaterThan(1000);
    const list = await admin({ method: 'GET', url: `/api/quarterly-summary-exports?clientId=${clientId}` });
    expect(list.statusCode).toBe(200);
    expect(list.json().items.map((i: { id: string }) => i.id)).toEqual([exp.id]);
    const file = await admin({ method: 'GET', url: `/api/quarterly-summary-exports/${exp.id}/file` });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(file.headers['content-disposition']).toMatch(/^attachment; filename="quarterly-summary-Quinn/);
    expect(file.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const text = await pdfText(file.rawPayload);
    expect(text).toContain('Quarterly summary — Quinn Quarter');
    expect(text).toContain('Health');
    expect(text).toContain('Community');
    expect(text).toMatch(/Page 1 of 1/);
    const ranged = await admin({
      method: 'GET',
      url: `/api/quarterly-summary-exports/${exp.id}/file`,
      headers: { range: 'bytes=0-4' },
    });
    expect(ranged.statusCode).toBe(206);
    expect(ranged.body).toBe('%PDF-');
    expect(await auditCount('quarterly_summary_export.create')).toBe(1);
    expect(await auditCount('quarterly_summary_export.list')).toBe(1);
    expect(await auditCount('quarterly_summary_export.download')).toBe(2);
    const audits = await t.database.db
      .select({ details: auditEvents.details })
      .from(auditEvents)
      .where(eq(auditEvents.action, 'quarterly_summary_export.create'));
    expect(JSON.stringify(audits)).not.toMatch(/Quinn|seizure/i);
  });

  it('does not serve an ISP export as a quarterly summary export', async () => {
    const response = await admin({
      method: 'GET',
      url: `/api/quarterly-summary-exports/${randomUUID()}/file`,
    });
    expect(response.statusCode).toBe(404);
  });
});
