import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents } from '../../platform/audit/audit.table.ts';
import { as, createTestApp, signInAs, type TestApp } from '../../../test/helpers.ts';
import { multipartBody } from '../../../test/multipart.ts';
import { waitForJob } from '../../../test/shift-import.ts';
import { passwordProtectedPdf, truncated } from './extraction/isp-corpus.test-support.ts';
import { scanPdf } from './ocr/scanned-corpus.test-support.ts';
import { testIspPdf } from './isp.test-support.ts';

let t: TestApp;
let admin: ReturnType<typeof as>;
let caregiverUser: ReturnType<typeof as>;
let anonymous: ReturnType<typeof as>;
const clientId = randomUUID();
const otherClientId = randomUUID();
let pdf: Buffer;

type Caller = ReturnType<typeof as>;

const upload = (caller: Caller, bytes: Buffer | Uint8Array, client = clientId, filename = 'isp.pdf') =>
  caller({
    method: 'POST',
    url: '/api/isps',
    ...multipartBody([
      { name: 'clientId', data: client },
      { name: 'file', filename, contentType: 'application/pdf', data: Buffer.from(bytes) },
    ]),
  });

/** Uploads and waits for processing to end; the ISP's detail. */
async function uploadAndProcess(bytes: Buffer | Uint8Array, client = clientId) {
  const response = await upload(admin, bytes, client);
  expect(response.statusCode, response.body).toBe(202);
  const summary = response.json();
  if (summary.job) await waitForJob(admin, summary.job.id);
  const detail = await admin({ method: 'GET', url: `/api/isps/${summary.id}` });
  expect(detail.statusCode, detail.body).toBe(200);
  return detail.json();
}

async function auditCount(action: string, entityId?: string) {
  const rows = await t.database.db
    .select({ n: sql<number>`count(*)`.mapWith(Number) })
    .from(auditEvents)
    .where(
      entityId
        ? and(eq(auditEvents.action, action), eq(auditEvents.entityId, entityId))
        : eq(auditEvents.action, action),
    );
  return rows[0]?.n ?? 0;
}

beforeAll(async () => {
  t = await createTestApp({}, { jobs: true });
  admin = as(t, (await signInAs(t, 'ADMIN')).cookie);
  caregiverUser = as(t, (await signInAs(t, 'CAREGIVER')).cookie);
  anonymous = as(t, null);
  await t.database.db.execute(
    sql`insert into client (id, name, pid) values (${clientId}::uuid, 'Casey Client', 'PR0001'), (${otherClientId}::uuid, 'Dana Other', 'PR0002')`,
  );
  pdf = await testIspPdf();
}, 60_000);
afterAll(() => t.close());

describe('ISP API access', () => {
  it('refuses anonymous callers (401) and non-admins (403) on every route', async () => {
    const id = randomUUID();
    for (const caller of [anonymous, caregiverUser]) {
      const expected = caller === anonymous ? 401 : 403;
      const responses = await Promise.all([
        upload(caller, pdf),
        caller({ method: 'GET', url: '/api/isps' }),
        caller({ method: 'GET', url: `/api/isps/${id}` }),
        caller({ method: 'POST', url: `/api/isps/${id}/retry` }),
        caller({ method: 'GET', url: `/api/isps/${id}/pdf` }),
        caller({ method: 'GET', url: `/api/isps/${id}/pdf-versions` }),
        caller({
          method: 'POST',
          url: `/api/isps/${id}/pdf-versions`,
          ...multipartBody([{ name: 'file', filename: 'a.pdf', contentType: 'application/pdf', data: pdf }]),
        }),
        caller({ method: 'PUT', url: `/api/isps/${id}/protocol-order`, payload: { protocolIds: [id] } }),
        caller({ method: 'POST', url: `/api/isps/${id}/verify` }),
        caller({ method: 'POST', url: `/api/isps/${id}/exports`, payload: {} }),
        caller({ method: 'GET', url: `/api/isps/${id}/exports` }),
        caller({ method: 'GET', url: `/api/isps/${id}/exports/${id}/file` }),
        caller({ method: 'GET', url: `/api/isps/${id}/export-email` }),
        caller({ method: 'GET', url: '/api/protocols' }),
        caller({ method: 'PATCH', url: `/api/protocols/${id}`, payload: { riskType: 'Falls' } }),
        caller({ method: 'POST', url: `/api/protocols/${id}/versions`, payload: { riskType: 'Falls' } }),
        caller({ method: 'POST', url: `/api/protocols/${id}/status`, payload: { status: 'REVIEWED' } }),
        caller({ method: 'POST', url: `/api/protocols/${id}/exclusion`, payload: { excluded: false } }),
        caller({ method: 'POST', url: '/api/isp-extraction-test', payload: { text: 'Risk: Falls' } }),
        caller({
          method: 'POST',
          url: '/api/isp-extraction-test/file',
          ...multipartBody([{ name: 'file', filename: 'a.pdf', contentType: 'application/pdf', data: pdf }]),
        }),
      ]);
      for (const response of responses) expect(response.statusCode, response.body).toBe(expected);
    }
    expect(await t.database.db.execute(sql`select 1 from isp`).then((r) => r.rows.length)).toBe(0);
  });

  it('answers 404 for an ISP or protocol that does not exist', async () => {
    const id = randomUUID();
    for (const request of [
      { method: 'GET' as const, url: `/api/isps/${id}` },
      { method: 'GET' as const, url: `/api/isps/${id}/pdf` },
      { method: 'POST' as const, url: `/api/isps/${id}/verify` },
      { method: 'PATCH' as const, url: `/api/protocols/${id}`, payload: { riskType: 'Falls' } },
      { method: 'POST' as const, url: `/api/protocols/${id}/status`, payload: { status: 'REVIEWED' } },
    ])
      expect((await admin(request)).statusCode).toBe(404);
  });

  it('answers 400 naming the field for a bad upload', async () => {
    const noClient = await admin({
      method: 'POST',
      url: '/api/isps',
      ...multipartBody([{ name: 'file', filename: 'isp.pdf', contentType: 'application/pdf', data: pdf }]),
    });
    expect(noClient.statusCode).toBe(400);
    expect(noClient.json().errors[0].path).toBe('clientId');
    const unknownClient = await upload(admin, pdf, randomUUID());
    expect(unknownClient.statusCode).toBe(400);
    expect(unknownClient.json().errors[0].path).toBe('clientId');
    const noFile = await admin({
      method: 'POST',
      url: '/api/isps',
      ...multipartBody([{ name: 'clientId', data: clientId }]),
    });
    expect(noFile.statusCode).toBe(400);
    expect(noFile.json().errors[0].path).toBe('file');
  });
});

describe('ISP upload and processing', () => {
  let ispId: string;

  it('processes an uploaded ISP to COMPLETED with DRAFT protocols, audited', async () => {
    const detail = await uploadAndProcess(pdf);
    ispId = detail.id;
    expect(detail.status).toBe('COMPLETED');
    expect(detail.clientName).toBe('Casey Client');
    expect(detail.pageCount).toBeGreaterThanOrEqual(1);
    expect(detail.sha256).toMatch(/^[0-9a-f]{64}$/);
    expect(detail.job.status).toBe('COMPLETED');
    expect(detail.job.progress).toBe(100);
    expect(detail.processedHtml).toContain('Seizures');
    expect(detail.protocols.map((p: { riskType: string }) => p.riskType.toLowerCase())).toEqual(
      expect.arrayContaining([expect.stringContaining('seizure'), expect.stringContaining('choking')]),
    );
    expect(detail.protocols.every((p: { status: string }) => p.status === 'DRAFT')).toBe(true);
    expect(detail.pdfVersions).toHaveLength(1);
    expect(detail.changes).toBeNull();
    expect(await auditCount('isp.upload', ispId)).toBe(1);
    expect(await auditCount('isp.process', ispId)).toBe(1);
    expect(await auditCount('isp.read', ispId)).toBeGreaterThanOrEqual(1);

    const list = await admin({ method: 'GET', url: `/api/isps?clientId=${clientId}&status=COMPLETED` });
    expect(list.statusCode).toBe(200);
    expect(list.json().items.map((item: { id: string }) => item.id)).toContain(ispId);
    expect(list.json().counts.COMPLETED).toBeGreaterThanOrEqual(1);
  });

  it('serves the PDF whole and by byte ranges (206, 416), audited', async () => {
    const whole = await admin({ method: 'GET', url: `/api/isps/${ispId}/pdf` });
    expect(whole.statusCode).toBe(200);
    expect(whole.headers['accept-ranges']).toBe('bytes');
    expect(whole.headers['content-type']).toBe('application/pdf');
    expect(whole.rawPayload.equals(pdf)).toBe(true);
    const part = await admin({
      method: 'GET',
      url: `/api/isps/${ispId}/pdf`,
      headers: { range: 'bytes=0-99' },
    });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 0-99/${pdf.length}`);
    expect(part.rawPayload.equals(pdf.subarray(0, 100))).toBe(true);
    const tail = await admin({
      method: 'GET',
      url: `/api/isps/${ispId}/pdf`,
      headers: { range: 'bytes=-10' },
    });
    expect(tail.statusCode).toBe(206);
    expect(tail.rawPayload.equals(pdf.subarray(pdf.length - 10))).toBe(true);
    const past = await admin({
      method: 'GET',
      url: `/api/isps/${ispId}/pdf`,
      headers: { range: `bytes=${pdf.length}-` },
    });
    expect(past.statusCode).toBe(416);
    expect(past.headers['content-range']).toBe(`bytes */${pdf.length}`);
    const missingVersion = await admin({ method: 'GET', url: `/api/isps/${ispId}/pdf?version=9` });
    expect(missingVersion.statusCode).toBe(404);
    expect(await auditCount('isp_pdf.read', ispId)).toBeGreaterThanOrEqual(4);
  });

  it('saves an annotated PDF as a new version and keeps the original', async () => {
    const annotated = Buffer.concat([pdf, Buffer.from('\n% annotated\n')]);
    const saved = await admin({
      method: 'POST',
      url: `/api/isps/${ispId}/pdf-versions`,
      ...multipartBody([
        { name: 'note', data: 'Stamp on page 1' },
        { name: 'file', filename: 'isp-stamped.pdf', contentType: 'application/pdf', data: annotated },
      ]),
    });
    expect(saved.statusCode, saved.body).toBe(201);
    expect(saved.json()).toMatchObject({ version: 2, note: 'Stamp on page 1', size: annotated.length });
    const current = await admin({ method: 'GET', url: `/api/isps/${ispId}/pdf` });
    expect(current.rawPayload.equals(annotated)).toBe(true);
    const original = await admin({ method: 'GET', url: `/api/isps/${ispId}/pdf?version=1` });
    expect(original.rawPayload.equals(pdf)).toBe(true);
    const versions = await admin({ method: 'GET', url: `/api/isps/${ispId}/pdf-versions` });
    expect(versions.json().items.map((v: { version: number }) => v.version)).toEqual([1, 2]);
    const notPdf = await admin({
      method: 'POST',
      url: `/api/isps/${ispId}/pdf-versions`,
      ...multipartBody([{ name: 'file', filename: 'x.pdf', contentType: 'application/pdf', data: 'hello' }]),
    });
    expect(notPdf.statusCode).toBe(400);
    expect(notPdf.json().errors[0].path).toBe('file');
    expect(await auditCount('isp_pdf.create', ispId)).toBe(1);
  });

  it('reviews protocols: edits, finalize rules, the licensed-order lock, versions, exclusion, order', async () => {
    const detail = (await admin({ method: 'GET', url: `/api/isps/${ispId}` })).json();
    const [first, second] = detail.protocols;
    const threshold = {
      metric: 'seizures',
      comparison: 'gt',
      value: 2,
      unit: 'count',
      window: { amount: 24, unit: 'hour' },
      text: 'more than 2 seizures in 24 hours',
      confirmed: false,
    };
    const edited = await admin({
      method: 'PATCH',
      url: `/api/protocols/${first.id}`,
      payload: { thresholds: [threshold], author: 'Rae Nurse, RN', effectiveDate: '2026-01-01' },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json().thresholds[0]).toMatchObject({ metric: 'seizures', confirmed: false, byTime: null });

    const badDate = await admin({
      method: 'PATCH',
      url: `/api/protocols/${first.id}`,
      payload: { effectiveDate: '2026-02-30' },
    });
    expect(badDate.statusCode).toBe(400);
    expect(badDate.json().errors[0].path).toBe('effectiveDate');

    const notReady = await admin({
      method: 'POST',
      url: `/api/protocols/${first.id}/status`,
      payload: { status: 'FINALIZED' },
    });
    expect(notReady.statusCode).toBe(409);
    expect(notReady.json()).toMatchObject({ code: 'PROTOCOL_NOT_READY' });
    expect(notReady.json().errors[0].path).toBe('thresholds.0.confirmed');

    await admin({
      method: 'PATCH',
      url: `/api/protocols/${first.id}`,
      payload: { thresholds: [{ ...threshold, confirmed: true }], authorLicensed: true },
    });
    const reviewed = await admin({
      method: 'POST',
      url: `/api/protocols/${first.id}/status`,
      payload: { status: 'REVIEWED' },
    });
    expect(reviewed.json()).toMatchObject({ status: 'REVIEWED', statusChangedByName: 'Test ADMIN' });
    expect(reviewed.json().reviewedAt).not.toBeNull();
    const finalized = await admin({
      method: 'POST',
      url: `/api/protocols/${first.id}/status`,
      payload: { status: 'FINALIZED' },
    });
    expect(finalized.statusCode, finalized.body).toBe(200);
    expect(finalized.json()).toMatchObject({ status: 'FINALIZED', lockedBecauseLicensed: true });

    const locked = await admin({
      method: 'PATCH',
      url: `/api/protocols/${first.id}`,
      payload: { response: 'Changed' },
    });
    expect(locked.statusCode).toBe(409);
    expect(locked.json().code).toBe('PROTOCOL_LOCKED');
    const lockedStatus = await admin({
      method: 'POST',
      url: `/api/protocols/${first.id}/status`,
      payload: { status: 'DRAFT' },
    });
    expect(lockedStatus.json().code).toBe('PROTOCOL_LOCKED');
    const flags = await admin({
      method: 'PATCH',
      url: `/api/protocols/${first.id}`,
      payload: { includeResponseEmail: true },
    });
    expect(flags.statusCode).toBe(200);
    expect(flags.json()).toMatchObject({ status: 'FINALIZED', includeResponseEmail: true });

    const version = await admin({
      method: 'POST',
      url: `/api/protocols/${first.id}/versions`,
      payload: { response: 'Time the seizure and call the nurse.' },
    });
    expect(version.statusCode, version.body).toBe(201);
    expect(version.json()).toMatchObject({
      version: first.version + 1,
      previousVersionId: first.id,
      status: 'DRAFT',
      response: 'Time the seizure and call the nurse.',
      author: 'Rae Nurse, RN',
    });
    const newId = version.json().id;
    const oldEdit = await admin({
      method: 'PATCH',
      url: `/api/protocols/${first.id}`,
      payload: { mar: true },
    });
    expect(oldEdit.json().code).toBe('PROTOCOL_LOCKED');

    const excludedWithoutReason = await admin({
      method: 'POST',
      url: `/api/protocols/${second.id}/exclusion`,
      payload: { excluded: true },
    });
    expect(excludedWithoutReason.statusCode).toBe(400);
    expect(excludedWithoutReason.json().errors[0].path).toBe('reason');

    const badOrder = await admin({
      method: 'PUT',
      url: `/api/isps/${ispId}/protocol-order`,
      payload: { protocolIds: [newId] },
    });
    expect(badOrder.statusCode).toBe(400);
    const currentIds = (await admin({ method: 'GET', url: `/api/isps/${ispId}` }))
      .json()
      .protocols.map((p: { id: string }) => p.id);
    const reordered = await admin({
      method: 'PUT',
      url: `/api/isps/${ispId}/protocol-order`,
      payload: { protocolIds: [...currentIds].reverse() },
    });
    expect(reordered.statusCode, reordered.body).toBe(200);
    expect(reordered.json().items.map((p: { id: string }) => p.id)).toEqual([...currentIds].reverse());

    const detailAfter = (await admin({ method: 'GET', url: `/api/isps/${ispId}` })).json();
    expect(detailAfter.supersededProtocols.map((p: { id: string }) => p.id)).toEqual([first.id]);

    const listed = await admin({ method: 'GET', url: `/api/protocols?clientId=${clientId}&serious=true` });
    expect(listed.statusCode).toBe(200);
    expect(listed.json().items.every((p: { serious: boolean }) => p.serious)).toBe(true);
    expect(listed.json().items.map((p: { id: string }) => p.id)).not.toContain(first.id);
    expect(await auditCount('protocol.update')).toBeGreaterThanOrEqual(3);
    expect(await auditCount('protocol.version', newId)).toBe(1);
    expect(await auditCount('protocol.reorder', ispId)).toBe(1);
  });

  it('verifies only when every protocol is FINALIZED or excluded, then exports', async () => {
    const early = await admin({ method: 'POST', url: `/api/isps/${ispId}/exports`, payload: {} });
    const protocolsNow = (await admin({ method: 'GET', url: `/api/isps/${ispId}` })).json().protocols;
    const refused = await admin({ method: 'POST', url: `/api/isps/${ispId}/verify` });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe('ISP_NOT_READY');
    expect(refused.json().errors.map((e: { path: string }) => e.path)).toEqual(
      expect.arrayContaining(protocolsNow.map((p: { id: string }) => `protocols.${p.id}`)),
    );
    expect(early.statusCode).toBe(409);

    const [one, ...rest] = protocolsNow;
    const finalized = await admin({
      method: 'POST',
      url: `/api/protocols/${one.id}/status`,
      payload: { status: 'FINALIZED' },
    });
    expect(finalized.statusCode, finalized.body).toBe(200);
    for (const protocol of rest) {
      const excluded = await admin({
        method: 'POST',
        url: `/api/protocols/${protocol.id}/exclusion`,
        payload: { excluded: true, reason: 'Covered by the nursing plan' },
      });
      expect(excluded.statusCode, excluded.body).toBe(200);
    }
    const verified = await admin({ method: 'POST', url: `/api/isps/${ispId}/verify` });
    expect(verified.statusCode, verified.body).toBe(200);
    expect(verified.json()).toMatchObject({ status: 'VERIFIED', verifiedByName: 'Test ADMIN' });
    expect(verified.json().verifiedAt).not.toBeNull();
    expect(await auditCount('isp.verify', ispId)).toBe(1);
    const afterVerify = await admin({
      method: 'PATCH',
      url: `/api/protocols/${one.id}`,
      payload: { mar: true },
    });
    expect(afterVerify.json().code).toBe('PROTOCOL_LOCKED');

    const created = await admin({ method: 'POST', url: `/api/isps/${ispId}/exports`, payload: {} });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json()).toMatchObject({
      reportType: 'isp-protocols',
      clientId,
      ispId,
      year: 2026,
      bucket: 'generated-reports',
      protocolCount: 1,
    });
    const exportId = created.json().id;
    const list = await admin({ method: 'GET', url: `/api/isps/${ispId}/exports` });
    expect(list.json().items.map((item: { id: string }) => item.id)).toEqual([exportId]);
    const file = await admin({ method: 'GET', url: `/api/isps/${ispId}/exports/${exportId}/file` });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-disposition']).toMatch(/^attachment/);
    expect(file.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(file.rawPayload.length).toBe(created.json().size);
    const otherIsp = await admin({
      method: 'GET',
      url: `/api/isps/${randomUUID()}/exports/${exportId}/file`,
    });
    expect(otherIsp.statusCode).toBe(404);
    const email = await admin({ method: 'GET', url: `/api/isps/${ispId}/export-email` });
    expect(email.statusCode, email.body).toBe(200);
    expect(email.json().protocolCount).toBe(1);
    expect(email.json().html).toContain('<html');
    expect(await auditCount('isp_export.create', exportId)).toBe(1);
    expect(await auditCount('isp_export.download', exportId)).toBe(1);
    expect(await auditCount('isp_export.email', ispId)).toBe(1);
  });

  it('links a re-uploaded ISP’s protocols to the last verified ones and lists what changed', async () => {
    const changed = await testIspPdf([
      {
        risk: 'Seizures',
        serious: true,
        description: 'Casey has tonic-clonic seizures, about two a month.',
        prevention: 'Give seizure medication on time as listed on the MAR.',
        response: 'Time the seizure. Protect the head.',
        emergency: 'Call 911 if a seizure lasts more than 5 minutes.',
      },
      {
        risk: 'Falls',
        description: 'Casey is unsteady on stairs.',
        prevention: 'Use the handrail.',
        response: 'Check for injuries.',
        emergency: 'Call 911 after a head injury.',
      },
    ]);
    const detail = await uploadAndProcess(changed);
    expect(detail.status).toBe('COMPLETED');
    expect(detail.changes).not.toBeNull();
    const kinds = Object.fromEntries(
      detail.changes.items.map((item: { riskType: string; kind: string }) => [
        item.riskType.toLowerCase(),
        item.kind,
      ]),
    );
    expect(Object.entries(kinds)).toEqual(
      expect.arrayContaining([
        [expect.stringContaining('fall'), 'added'],
        [expect.stringContaining('choking'), 'removed'],
      ]),
    );
    const seizures = detail.protocols.find((p: { riskType: string }) => /seizure/i.test(p.riskType));
    expect(seizures.previousVersionId).not.toBeNull();
    expect(seizures.version).toBeGreaterThan(1);
  });
});

describe('a scanned ISP (no text layer)', () => {
  it('is read by OCR and ends COMPLETED with its protocols and a warning', async () => {
    const scanned = await scanPdf(await testIspPdf(), {
      dpi: 200,
      rotateDegrees: 0.6,
      speckle: 0.0005,
      seed: 7,
    });
    const detail = await uploadAndProcess(scanned, otherClientId);
    expect(detail.status, detail.errorMessage).toBe('COMPLETED');
    expect(detail.warnings.join(' ')).toMatch(/OCR/);
    expect(detail.protocols.map((p: { riskType: string }) => p.riskType.toLowerCase())).toEqual(
      expect.arrayContaining([expect.stringContaining('seizure'), expect.stringContaining('choking')]),
    );
    expect(detail.job.step).toMatch(/^Done: \d+ protocol/);
  }, 120_000);
});

describe('ISP files that cannot be read', () => {
  it.each([
    ['password-protected', async () => passwordProtectedPdf()],
    ['damaged', async () => truncated(await testIspPdf())],
    ['not-a-pdf', async () => new TextEncoder().encode('This is a letter, not a PDF.')],
    ['empty', async () => new Uint8Array(0)],
  ])('ends in ERROR %s with its reason, and a retry runs again', async (problem, make) => {
    const detail = await uploadAndProcess(await make(), otherClientId);
    expect(detail.status).toBe('ERROR');
    expect(detail.problem).toBe(problem);
    expect(detail.errorMessage).toMatch(/\w/);
    expect(detail.protocols).toEqual([]);
    const retried = await admin({ method: 'POST', url: `/api/isps/${detail.id}/retry` });
    expect(retried.statusCode, retried.body).toBe(202);
    if (retried.json().job) await waitForJob(admin, retried.json().job.id);
    const again = (await admin({ method: 'GET', url: `/api/isps/${detail.id}` })).json();
    expect(again).toMatchObject({ status: 'ERROR', problem });
    expect(await auditCount('isp.retry', detail.id)).toBe(1);
  });

  it('refuses to retry an ISP that is not in ERROR', async () => {
    const list = (await admin({ method: 'GET', url: `/api/isps?status=VERIFIED` })).json();
    const retry = await admin({ method: 'POST', url: `/api/isps/${list.items[0].id}/retry` });
    expect(retry.statusCode).toBe(409);
    expect(retry.json().code).toBe('ISP_NOT_READY');
  });
});

describe('extraction test (nothing saved)', () => {
  it('extracts protocols from pasted text and from a file, and explains a file it cannot read', async () => {
    const before = (await admin({ method: 'GET', url: '/api/isps' })).json().total;
    const text = await admin({
      method: 'POST',
      url: '/api/isp-extraction-test',
      payload: {
        text: [
          'Risk Identification and Support Protocols',
          'Risk   Choking',
          'Description   Eats quickly.',
          'Supports/Prevention   Cut food small.',
          'Response   Encourage coughing.',
          'Emergency   Call 911.',
          '',
          'Risk:\u00a0Falls',
          'Serious risk? Yes',
          'Prevention / supports: Walker within reach; see MAR.',
        ].join('\r\n'),
      },
    });
    expect(text.statusCode, text.body).toBe(200);
    expect(text.json()).toMatchObject({ source: 'text', problem: null, pageCount: 1, ocrPageCount: 0 });
    expect(
      text.json().protocols.map((protocol: Record<string, unknown>) => ({
        riskType: protocol.riskType,
        description: protocol.description,
        prevention: protocol.prevention,
        response: protocol.response,
        emergency: protocol.emergency,
        serious: protocol.serious,
        mar: protocol.mar,
      })),
    ).toEqual([
      {
        riskType: 'Choking',
        description: 'Eats quickly.',
        prevention: 'Cut food small.',
        response: 'Encourage coughing.',
        emergency: 'Call 911.',
        serious: false,
        mar: false,
      },
      {
        riskType: 'Falls',
        description: null,
        prevention: 'Walker within reach; see MAR.',
        response: null,
        emergency: null,
        serious: true,
        mar: true,
      },
    ]);
    expect(text.json().processedHtml).toContain('<td>Supports/Prevention</td>');
    const file = await admin({
      method: 'POST',
      url: '/api/isp-extraction-test/file',
      ...multipartBody([{ name: 'file', filename: 'isp.pdf', contentType: 'application/pdf', data: pdf }]),
    });
    expect(file.statusCode, file.body).toBe(200);
    expect(file.json().protocols.length).toBeGreaterThanOrEqual(2);
    const locked = await admin({
      method: 'POST',
      url: '/api/isp-extraction-test/file',
      ...multipartBody([
        {
          name: 'file',
          filename: 'locked.pdf',
          contentType: 'application/pdf',
          data: Buffer.from(await passwordProtectedPdf()),
        },
      ]),
    });
    expect(locked.json()).toMatchObject({ problem: 'password-protected', protocols: [] });
    const empty = await admin({ method: 'POST', url: '/api/isp-extraction-test', payload: { text: ' ' } });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().errors[0].path).toBe('text');
    expect((await admin({ method: 'GET', url: '/api/isps' })).json().total).toBe(before);
    expect(await auditCount('isp_extraction.test')).toBe(3);
  });
});
