/**
 * The OCR document routes end to end through `buildApp()` (issue 23): upload a generated scanned timesheet, the job
 * reads it offline, the words come back with boxes and confidence, the page image is served, marked fields become
 * staging rows. Access: anonymous 401, non-admin 403, unknown id 404 on every route.
 */
import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OcrDocumentDetail, OcrWord } from '@tend/contracts';
import { auditEvents } from '../../platform/audit/audit.table.ts';
import { as, createTestApp, signInAs, type TestApp } from '../../../test/helpers.ts';
import { multipartBody } from '../../../test/multipart.ts';
import { waitForJob } from '../../../test/shift-import.ts';
import { timesheetPdf, timesheetPng } from './timesheet-corpus.test-support.ts';

type Caller = ReturnType<typeof as>;
let t: TestApp;
let admin: Caller;
let caregiverUser: Caller;
let anonymous: Caller;
let png: Buffer;
let document: OcrDocumentDetail;

const upload = (caller: Caller, bytes: Buffer, filename = 'timesheet.png', contentType = 'image/png') =>
  caller({
    method: 'POST',
    url: '/api/ocr-documents',
    ...multipartBody([{ name: 'file', filename, contentType, data: bytes }]),
  });

/** Uploads, waits for the job, returns the detail. */
async function uploadAndRead(bytes: Buffer, filename?: string, contentType?: string) {
  const response = await upload(admin, bytes, filename, contentType);
  expect(response.statusCode, response.body).toBe(202);
  const summary = response.json();
  expect(summary.status).toBe('QUEUED');
  await waitForJob(admin, summary.jobId);
  const detail = await admin({ method: 'GET', url: `/api/ocr-documents/${summary.id}` });
  expect(detail.statusCode, detail.body).toBe(200);
  return detail.json<OcrDocumentDetail>();
}

const auditCount = async (action: string, entityId: string) =>
  (
    await t.database.db
      .select({ n: sql<number>`count(*)`.mapWith(Number) })
      .from(auditEvents)
      .where(and(eq(auditEvents.action, action), eq(auditEvents.entityId, entityId)))
  )[0]?.n ?? 0;

const wordsOf = (words: OcrWord[], text: string) => words.filter((word) => word.text === text);

beforeAll(async () => {
  t = await createTestApp({}, { jobs: true });
  admin = as(t, (await signInAs(t, 'ADMIN')).cookie);
  caregiverUser = as(t, (await signInAs(t, 'CAREGIVER')).cookie);
  anonymous = as(t, null);
  png = await timesheetPng({ skewDegrees: 1.5, stamp: true });
  document = await uploadAndRead(png);
}, 180_000);
afterAll(() => t.close());

describe('OCR document access', () => {
  it('refuses anonymous callers (401) and non-admins (403) on every route', async () => {
    const id = document.id;
    for (const caller of [anonymous, caregiverUser]) {
      const expected = caller === anonymous ? 401 : 403;
      const responses = await Promise.all([
        upload(caller, png),
        caller({ method: 'GET', url: '/api/ocr-documents' }),
        caller({ method: 'GET', url: `/api/ocr-documents/${id}` }),
        caller({ method: 'GET', url: `/api/ocr-documents/${id}/pages/1/image` }),
        caller({
          method: 'POST',
          url: `/api/ocr-documents/${id}/staged-rows`,
          payload: { rows: [] },
        }),
      ]);
      for (const response of responses) expect(response.statusCode, response.body).toBe(expected);
    }
  });

  it('answers 404 for an unknown document or page', async () => {
    const unknown = randomUUID();
    expect((await admin({ method: 'GET', url: `/api/ocr-documents/${unknown}` })).statusCode).toBe(404);
    expect(
      (await admin({ method: 'GET', url: `/api/ocr-documents/${unknown}/pages/1/image` })).statusCode,
    ).toBe(404);
    expect(
      (await admin({ method: 'GET', url: `/api/ocr-documents/${document.id}/pages/2/image` })).statusCode,
    ).toBe(404);
    const stage = await admin({
      method: 'POST',
      url: `/api/ocr-documents/${unknown}/staged-rows`,
      payload: {
        rows: [
          {
            pageNumber: 1,
            date: '03/02/2026',
            start: '9:00 AM',
            end: '1:30 PM',
            caregiverName: 'Maria Lopez',
            clientName: 'Henry Walsh',
          },
        ],
      },
    });
    expect(stage.statusCode, stage.body).toBe(404);
  });
});

describe('uploading and reading a scanned timesheet', () => {
  it('reads the words with boxes and confidence, audited', async () => {
    expect(document.status).toBe('DONE');
    expect(document.pageCount).toBe(1);
    expect(document.progress).toBe(100);
    const [page] = document.pages;
    expect(page?.width).toBe(1700);
    expect(page?.height).toBe(2200);
    const words = page?.words ?? [];
    for (const text of ['03/02/2026', 'Maria', 'Lopez', 'Henry', 'Walsh']) {
      const [word] = wordsOf(words, text);
      expect(word, `${text} in ${page?.text}`).toBeDefined();
      expect(word?.confidence).toBeGreaterThan(70);
      expect(word?.x1).toBeGreaterThan(word?.x0 ?? Infinity);
      expect(word?.y1).toBeGreaterThan(word?.y0 ?? Infinity);
    }
    // The date's box is where it was drawn: the first column of the table's first row (about x 170–480, y 740–800).
    const [date] = wordsOf(words, '03/02/2026');
    expect(date?.x0).toBeGreaterThan(120);
    expect(date?.x0).toBeLessThan(260);
    expect(date?.y0).toBeGreaterThan(680);
    expect(date?.y1).toBeLessThan(860);
    expect(await auditCount('ocr_document.upload', document.id)).toBe(1);
    expect(await auditCount('ocr_document.process', document.id)).toBe(1);
    expect(await auditCount('ocr_document.read', document.id)).toBeGreaterThan(0);
  });

  it('lists the document with its status', async () => {
    const response = await admin({ method: 'GET', url: '/api/ocr-documents' });
    expect(response.statusCode).toBe(200);
    const item = response.json().items.find((row: { id: string }) => row.id === document.id);
    expect(item).toMatchObject({ status: 'DONE', pageCount: 1, fileName: 'timesheet.png' });
  });

  it('serves the page image (grey PNG of the boxes’ frame), private, audited', async () => {
    const response = await admin({ method: 'GET', url: `/api/ocr-documents/${document.id}/pages/1/image` });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('image/png');
    expect(response.headers['cache-control']).toBe('private, no-store');
    const meta = await sharp(response.rawPayload).metadata();
    expect([meta.width, meta.height, meta.channels]).toEqual([1700, 2200, 1]);
    expect(await auditCount('ocr_page.read', document.id)).toBe(1);
  });

  it('refuses a file that is neither an image nor a PDF, and an empty one (400 file), storing nothing', async () => {
    const before = (await admin({ method: 'GET', url: '/api/ocr-documents' })).json().items.length;
    const text = await upload(admin, Buffer.from('not a scan'), 'notes.txt', 'text/plain');
    expect(text.statusCode).toBe(400);
    expect(text.json().errors?.[0]?.path ?? text.body).toBe('file');
    const empty = await upload(admin, Buffer.alloc(0));
    expect(empty.statusCode).toBe(400);
    const none = await admin({ method: 'POST', url: '/api/ocr-documents', ...multipartBody([]) });
    expect(none.statusCode).toBe(400);
    expect((await admin({ method: 'GET', url: '/api/ocr-documents' })).json().items.length).toBe(before);
  });

  it('reads a scanner’s PDF (page images, no text layer)', async () => {
    const pdf = await timesheetPdf([await timesheetPng({ caregiverName: 'Ana Ortiz', hand: 'sans' })]);
    const detail = await uploadAndRead(pdf, 'scan.pdf', 'application/pdf');
    expect(detail.status).toBe('DONE');
    expect(detail.mimeType).toBe('application/pdf');
    expect(detail.pages[0]?.text).toMatch(/Ana Ortiz/);
    expect(detail.pages[0]?.text).toMatch(/03\/04\/2026/);
  }, 120_000);

  it('ends FAILED with a message for a damaged image, and the job completes', async () => {
    const damaged = Buffer.concat([png.subarray(0, 200)]);
    const detail = await uploadAndRead(damaged, 'broken.png');
    expect(detail.status).toBe('FAILED');
    expect(detail.errorMessage).toMatch(/damaged|cannot be read|not an image/);
    expect(detail.pages).toEqual([]);
  });
});

describe('staging marked rows', () => {
  const row = {
    pageNumber: 1,
    date: '03/02/2026',
    start: '9:00 AM',
    end: '1:30PM',
    caregiverName: 'Maria  Lopez',
    clientName: 'Henry Walsh',
    billingCode: 't1019',
  };
  const stage = (rows: unknown[], id = document.id) =>
    admin({ method: 'POST', url: `/api/ocr-documents/${id}/staged-rows`, payload: { rows } });

  it('refuses a value that cannot be read, naming the field, staging nothing', async () => {
    for (const [field, value] of [
      ['date', '13/45/2026'],
      ['start', 'nine'],
      ['end', '9:00 AM'],
      ['caregiverName', '|||'],
      ['billingCode', 'T 10/19'],
    ] as const) {
      const response = await stage([row, { ...row, [field]: value }]);
      expect(response.statusCode, `${field}: ${response.body}`).toBe(400);
      expect(response.json().errors[0].path).toBe(`rows.1.${field}`);
    }
    const missing = await stage([{ ...row, clientName: ' ' }]);
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors[0].path).toBe('rows.0.clientName');
    const page = await stage([{ ...row, pageNumber: 3 }]);
    expect(page.json().errors[0].path).toBe('rows.0.pageNumber');
    expect(await stage([])).toMatchObject({ statusCode: 400 });
    const detail = await admin({ method: 'GET', url: `/api/ocr-documents/${document.id}` });
    expect(detail.json().stagedRows).toEqual([]);
  });

  it('stages parsed rows through module staging and keeps them on the document, audited', async () => {
    const response = await stage([row, { ...row, date: '3/4/26', start: '8:15 AM', end: '12:45 PM' }]);
    expect(response.statusCode, response.body).toBe(201);
    const { stagedRows } = response.json();
    expect(stagedRows).toHaveLength(2);
    expect(stagedRows[0]).toMatchObject({
      date: '2026-03-02',
      start: '09:00',
      end: '13:30',
      caregiverName: 'Maria Lopez',
      clientName: 'Henry Walsh',
      billingCode: 'T1019',
    });
    expect(stagedRows[1]).toMatchObject({ date: '2026-03-04', start: '08:15', end: '12:45' });
    expect(stagedRows[0].stagingShiftId).toBeTruthy();
    const detail = (await admin({ method: 'GET', url: `/api/ocr-documents/${document.id}` })).json();
    expect(detail.stagedRows).toHaveLength(2);
    expect(detail.stagedRowCount).toBe(2);
    expect(await auditCount('ocr_document.stage', document.id)).toBe(1);
  });
});
