import { randomUUID } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixturePath } from '../../../test/fixtures.ts';
import { as, createTestApp, signInAs, type TestApp } from '../../../test/helpers.ts';
import { fileUpload } from '../../../test/multipart.ts';
import { waitForJob } from '../../../test/shift-import.ts';
import { build835, claimCsv, claimCsvHeader, insertBillingItems } from './claim-test-support.ts';

let t: TestApp;
let admin: ReturnType<typeof as>;
let caregiverUser: ReturnType<typeof as>;
let anonymous: ReturnType<typeof as>;
let items: string[];

const header = claimCsvHeader;
const upload = (content: string | Buffer, name = 'claims.csv') =>
  admin({ method: 'POST', url: '/api/claim-imports', ...fileUpload(content, 'text/csv', name) });

/**
 * Uploads a claim file (202, queued as the claim import job; a caregiver's upload of it is refused with
 * 403 first) and waits for the job: its read (`status`, `result`, `error`).
 */
const importClaims = async (content: string | Buffer, name = 'claims.csv') => {
  const denied = await caregiverUser({
    method: 'POST',
    url: '/api/claim-imports',
    ...fileUpload(content, 'text/csv', name),
  });
  expect(denied.statusCode).toBe(403);
  const response = await upload(content, name);
  expect(response.statusCode, response.body).toBe(202);
  return waitForJob(admin, response.json().job.id);
};

beforeAll(async () => {
  t = await createTestApp({}, { jobs: true });
  admin = as(t, (await signInAs(t, 'ADMIN')).cookie);
  caregiverUser = as(t, (await signInAs(t, 'CAREGIVER')).cookie);
  anonymous = as(t, null);
  items = await insertBillingItems(t.database.db, [
    { clientPid: 'AB111', date: '2026-03-02', hours: 2 }, // 0: paid by id
    { clientPid: 'AB111', date: '2026-03-03', hours: 1 }, // 1: denied by facts
    { clientPid: 'AB111', date: '2026-03-04', hours: 3 }, // 2: left unpaid; linked by hand
    { clientPid: 'AB111', date: '2026-03-05', hours: 1, status: 'VOID' }, // 3
    { clientPid: 'CD222', date: '2026-03-06', hours: 2, segmentBillingId: 'GIV-9' }, // 4: via the 835
  ]);
}, 60_000);
afterAll(() => t.close());

describe('claim import API', () => {
  it('refuses anonymous callers (401) and non-admins (403)', async () => {
    for (const caller of [anonymous, caregiverUser]) {
      const expected = caller === anonymous ? 401 : 403;
      const requests = [
        caller({ method: 'POST', url: '/api/claim-imports', ...fileUpload('a,b\n1,2\n') }),
        caller({ method: 'GET', url: '/api/claim-imports' }),
        caller({ method: 'GET', url: `/api/claim-imports/${randomUUID()}` }),
        caller({ method: 'GET', url: '/api/exprs-records' }),
        caller({ method: 'POST', url: `/api/exprs-records/${randomUUID()}/acknowledge` }),
        caller({
          method: 'POST',
          url: `/api/exprs-records/${randomUUID()}/link`,
          payload: { billingItemId: randomUUID() },
        }),
        caller({ method: 'GET', url: '/api/claim-reconciliation/unpaid-items' }),
        caller({ method: 'GET', url: '/api/claim-reconciliation/link-candidates' }),
      ];
      for (const response of await Promise.all(requests))
        expect(response.statusCode, response.body).toBe(expected);
    }
  });

  it('refuses files that are not claim files with a 400 naming file, writing nothing', async () => {
    const wrong = await upload('first,last\nA,B\n');
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().errors[0].path).toBe('file');
    expect(wrong.json().detail).toContain('status column');
    const x12 = await upload('ISA*00*broken~', 'r.835');
    expect(x12.statusCode).toBe(400);
    expect((await upload('')).statusCode).toBe(400);
    const none = await admin({ method: 'POST', url: '/api/claim-imports', payload: {} });
    expect(none.statusCode).toBe(415);
    const dir = fixturePath('corpora', 'csv-spectrum', 'csvs');
    for (const name of readdirSync(dir)) {
      const response = await upload(readFileSync(path.join(dir, name)), name);
      expect(response.statusCode, `${name}: ${response.body}`).toBeLessThan(500);
    }
    const list = (await admin({ method: 'GET', url: '/api/claim-imports' })).json();
    expect(list.total).toBe(0);
  });

  let batchId: string;
  const csvRows = (): string[][] => [
    ['C-1', items[0] as string, 'AB111', '2026-03-02', 'OR526', '', '8', '58.00', '58.00', 'paid', '', ''],
    [
      'C-2',
      '',
      'ab111',
      '03/03/2026',
      'or526',
      '',
      '4.2',
      '29.00',
      '0.00',
      'denied',
      'Units over authorization',
      'E2011',
    ],
    ['C-3', 'NOPE-1', 'ZZ999', '2026-03-09', 'OR526', '', '4', '29.00', '0.00', 'paid', '', ''],
    ['C-4', items[3] as string, 'AB111', '2026-03-05', 'OR526', '', '4', '29.00', '29.00', 'paid', '', ''],
    ['C-5', 'x', 'AB111', 'tomorrow', 'OR526', '', '4', '29.001', '0', 'paid', '', ''],
  ];
  const csv = () => claimCsv([header, ...csvRows()]);

  it('imports a claim CSV: matched, denied, orphaned and rejected lines, items MATCHED with history, audited', async () => {
    const job = await importClaims(csv());
    expect(job.status, job.error).toBe('COMPLETED');
    const body = job.result;
    batchId = body.batch.id;
    expect(body.duplicate).toBe(false);
    expect(body.batch).toMatchObject({
      format: 'EXPRS_CSV',
      status: 'COMPLETED',
      rowCount: 4,
      matchedCount: 2,
      orphanedCount: 2,
      rejectedCount: 2,
    });
    expect(body.counts).toMatchObject({
      matched: 2,
      orphaned: 2,
      paid: 3,
      denied: 1,
      toReview: 3,
      rejected: 2,
      paidAmount: 8700,
    });
    expect(body.rejectedRows).toEqual([
      { line: 6, field: 'Service Date', reason: expect.stringContaining('not a date'), externalId: null },
      {
        line: 6,
        field: 'Billed Amount',
        reason: expect.stringContaining('dollars and cents'),
        externalId: null,
      },
    ]);
    const lines = (
      await admin({ method: 'GET', url: `/api/exprs-records?importBatchId=${batchId}&pageSize=10` })
    ).json();
    const byClaim = Object.fromEntries(lines.items.map((l: { claimId: string }) => [l.claimId, l]));
    expect(byClaim['C-1']).toMatchObject({
      matchStatus: 'MATCHED',
      matchConfidence: 1,
      paidAmount: 5800,
      billingItem: { id: items[0], status: 'MATCHED', clientName: 'Client AB111', amount: 5800 },
    });
    expect(byClaim['C-2']).toMatchObject({
      matchStatus: 'MATCHED',
      claimStatus: 'denied',
      denialReason: 'Units over authorization',
      exceptionCode: 'E2011',
      billingItem: { id: items[1] },
    });
    expect(byClaim['C-2'].matchConfidence).toBeCloseTo(0.88, 2);
    expect(byClaim['C-3']).toMatchObject({
      matchStatus: 'ORPHANED',
      billingItem: null,
      matchFailureReason: expect.stringContaining('No billing item has billing id NOPE-1'),
    });
    expect(byClaim['C-4']).toMatchObject({
      matchStatus: 'ORPHANED',
      matchFailureReason: expect.stringContaining('VOID'),
    });
    const history = await t.database.db.execute<{
      status_type: string;
      old_status: string | null;
      new_status: string;
    }>(
      sql`select status_type, old_status, new_status from billing_status_history where billing_item_id = ${items[0]}::uuid order by status_type`,
    );
    expect(history.rows).toEqual([
      { status_type: 'billing', old_status: 'EXPORTED', new_status: 'MATCHED' },
      { status_type: 'claim', old_status: null, new_status: 'paid' },
    ]);
    const reasons = await t.database.db.execute<{ status_type: string; reason: string }>(
      sql`select status_type, reason from billing_status_history where billing_item_id = ${items[1]}::uuid order by status_type`,
    );
    expect(reasons.rows).toEqual([
      { status_type: 'billing', reason: `Claim line 3 of import ${batchId} (confidence 0.88)` },
      { status_type: 'claim', reason: `Claim line 3 of import ${batchId} (confidence 0.88)` },
    ]);
    const raw = await t.database.db.execute<{ raw_data: Record<string, string> }>(
      sql`select raw_data from exprs_record where import_batch_id = ${batchId}::uuid and claim_id = 'C-2'`,
    );
    expect(raw.rows[0]?.raw_data).toEqual(
      Object.fromEntries(header.map((name, i) => [name, csvRows()[1]?.[i] ?? ''])),
    );
    const audit = (
      await admin({
        method: 'GET',
        url: `/api/audit-events?entityId=${batchId}&action=billing_import.create`,
      })
    ).json();
    expect(audit.items[0].details).toMatchObject({ matched: 2, orphaned: 2, rejected: 2 });
    const stored = await t.app.deps.storage.list(
      { actor: null, requestId: 't', ip: null, userAgent: null },
      'imports',
      { prefix: 'claims/' },
    );
    expect(stored.length).toBeGreaterThan(0);
  });

  it('a re-import of the same file returns the same batch and doubles nothing', async () => {
    const uploads = sql`select (select count(*)::int from csv_file where kind = 'claims') as files,
      (select count(*)::int from processing_job where job_type = 'claim-import') as jobs`;
    const before = await t.database.db.execute<{ files: number; jobs: number }>(uploads);
    const again = await upload(csv(), 'again.csv');
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ duplicate: true, batch: { id: batchId } });
    const count = await t.database.db.execute<{ n: number }>(
      sql`select count(*)::int as n from exprs_record`,
    );
    expect(count.rows[0]?.n).toBe(4);
    // No upload kept and no job queued for the same bytes.
    expect((await t.database.db.execute(uploads)).rows).toEqual(before.rows);
  });

  it('lists imports, shows detail and filters lines', async () => {
    const list = (await admin({ method: 'GET', url: '/api/claim-imports' })).json();
    expect(list.items.map((b: { id: string }) => b.id)).toEqual([batchId]);
    const detail = await admin({ method: 'GET', url: `/api/claim-imports/${batchId}` });
    expect(detail.statusCode).toBe(200);
    expect(detail.json().rejectedRows).toHaveLength(2);
    expect((await admin({ method: 'GET', url: `/api/claim-imports/${randomUUID()}` })).statusCode).toBe(404);
    const denied = (await admin({ method: 'GET', url: '/api/exprs-records?claimStatus=denied' })).json();
    expect(denied.items.map((l: { claimId: string }) => l.claimId)).toEqual(['C-2']);
    const orphans = (
      await admin({ method: 'GET', url: '/api/exprs-records?matchStatus=ORPHANED&acknowledged=false' })
    ).json();
    expect(orphans.total).toBe(2);
    const bad = await admin({ method: 'GET', url: '/api/exprs-records?acknowledged=maybe' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().detail).toContain('acknowledged');
  });

  it('lists unpaid items (denied, unmatched) and link candidates', async () => {
    const unpaid = (
      await admin({
        method: 'GET',
        url: '/api/claim-reconciliation/unpaid-items?from=2026-03-01&to=2026-03-31',
      })
    ).json();
    expect(unpaid.items.map((i: { id: string }) => i.id)).toEqual([items[1], items[2], items[4]]);
    expect(unpaid.items[0]).toMatchObject({
      claimStatus: 'denied',
      denialReason: 'Units over authorization',
      exceptionCode: 'E2011',
    });
    expect(unpaid.items[1]).toMatchObject({ claimStatus: null, exprsRecordId: null });
    const candidates = (
      await admin({
        method: 'GET',
        url: `/api/claim-reconciliation/link-candidates?from=2026-03-04&to=2026-03-04`,
      })
    ).json();
    expect(candidates.items.map((i: { id: string }) => i.id)).toEqual([items[2]]);
    const reversed = await admin({
      method: 'GET',
      url: '/api/claim-reconciliation/unpaid-items?from=2026-03-05&to=2026-03-01',
    });
    expect(reversed.statusCode).toBe(400);
  });

  it('acknowledges a denial (audited) and links an orphan by hand; refuses VOID and taken items (409)', async () => {
    const lines = (await admin({ method: 'GET', url: `/api/exprs-records?importBatchId=${batchId}` })).json()
      .items;
    const id = (claim: string) => lines.find((l: { claimId: string }) => l.claimId === claim).id as string;
    const ack = await admin({ method: 'POST', url: `/api/exprs-records/${id('C-2')}/acknowledge` });
    expect(ack.statusCode, ack.body).toBe(200);
    expect(ack.json().acknowledgedAt).toBeTruthy();
    const ackAudit = (
      await admin({
        method: 'GET',
        url: `/api/audit-events?entityId=${id('C-2')}&action=exprs_record.acknowledge`,
      })
    ).json();
    expect(ackAudit.items).toHaveLength(1);

    const link = (lineId: string, billingItemId: string) =>
      admin({ method: 'POST', url: `/api/exprs-records/${lineId}/link`, payload: { billingItemId } });
    expect((await link(id('C-3'), items[3] as string)).statusCode).toBe(409);
    const taken = await link(id('C-3'), items[0] as string);
    expect(taken.statusCode).toBe(409);
    expect(taken.json().detail).toContain('already matched by another claim line');
    expect((await link(id('C-3'), randomUUID())).statusCode).toBe(404);
    expect(
      (
        await admin({
          method: 'POST',
          url: `/api/exprs-records/${id('C-3')}/link`,
          payload: { billingItemId: 'x' },
        })
      ).statusCode,
    ).toBe(400);
    const linked = await link(id('C-3'), items[2] as string);
    expect(linked.statusCode, linked.body).toBe(200);
    expect(linked.json()).toMatchObject({
      matchStatus: 'MATCHED',
      matchConfidence: 1,
      matchedBy: expect.any(String),
      billingItem: { id: items[2], status: 'MATCHED' },
    });
    expect((await link(id('C-3'), items[2] as string)).statusCode).toBe(409);
    const batch = (await admin({ method: 'GET', url: `/api/claim-imports/${batchId}` })).json().batch;
    expect(batch).toMatchObject({ matchedCount: 3, orphanedCount: 1 });
    const linkAudit = (
      await admin({ method: 'GET', url: `/api/audit-events?entityId=${id('C-3')}&action=exprs_record.link` })
    ).json();
    expect(linkAudit.items[0].details).toMatchObject({ billingItemId: items[2] });
  });

  it('imports an 835: REF*6R segment billing id matches, CLP02 4 is denied, money exact', async () => {
    const file = build835([
      {
        claimId: 'PCN-1',
        status: '1',
        billed: '58.00',
        paid: '57.99',
        payerClaimNumber: 'ICN-1',
        clientPid: 'CD222',
        claimDate: '20260306',
        serviceLines: [
          { svc: 'HC:OR526*58.00*57.99**8', date: '20260306', cas: 'CO*45*0.01', ref6r: 'giv-9' },
        ],
      },
      {
        claimId: 'PCN-2',
        status: '4',
        billed: '29.00',
        paid: '0',
        payerClaimNumber: 'ICN-2',
        clientPid: 'QQ1',
        claimDate: '20260307',
        serviceLines: [{ svc: 'HC:OR526*29.00*0**4', cas: 'CO*16*29.00' }],
      },
    ]);
    const job = await importClaims(file, 'remit.835');
    expect(job.status, job.error).toBe('COMPLETED');
    expect(job.result).toMatchObject({
      batch: { format: 'X12_835', matchedCount: 1, orphanedCount: 1 },
      counts: { paid: 1, denied: 1, paidAmount: 5799 },
    });
    const lines = (
      await admin({ method: 'GET', url: `/api/exprs-records?importBatchId=${job.result.batch.id}` })
    ).json().items;
    const paid = lines.find((l: { claimId: string }) => l.claimId === 'PCN-1');
    expect(paid).toMatchObject({
      payerClaimNumber: 'ICN-1',
      paidAmount: 5799,
      exceptionCode: 'CO-45',
      billingItem: { id: items[4] },
    });
  });

  it('a later file matching an item again keeps it MATCHED and records the claim status change', async () => {
    const job = await importClaims(
      claimCsv([
        header,
        [
          'C-1b',
          items[0] as string,
          'AB111',
          '2026-03-02',
          'OR526',
          '',
          '8',
          '58.00',
          '0.00',
          'denied',
          'Recouped',
        ],
      ]),
      'later.csv',
    );
    expect(job.status, job.error).toBe('COMPLETED');
    expect(job.result.batch).toMatchObject({ matchedCount: 1, orphanedCount: 0 });
    const history = await t.database.db.execute<{
      status_type: string;
      old_status: string | null;
      new_status: string;
    }>(
      sql`select status_type, old_status, new_status from billing_status_history
        where billing_item_id = ${items[0]}::uuid order by status_type, new_status`,
    );
    expect(history.rows).toEqual([
      { status_type: 'billing', old_status: 'EXPORTED', new_status: 'MATCHED' },
      { status_type: 'claim', old_status: 'paid', new_status: 'denied' },
      { status_type: 'claim', old_status: null, new_status: 'paid' },
    ]);
    const raw = await t.database.db.execute<{ raw_data: Record<string, string> }>(
      sql`select raw_data from exprs_record where claim_id = 'C-1b'`,
    );
    // A short row: the missing last value is stored as ''.
    expect(raw.rows[0]?.raw_data).toMatchObject({ Status: 'denied', 'Exception Code': '' });
  });

  it('a file that breaks part way (after its first chunks were written) fails its job whole: nothing kept', async () => {
    // 6,000 lines naming the VOID item: decided (orphaned) and written chunk by chunk, then the last line breaks.
    const before = await t.database.db.execute<{ lines: number; batches: number }>(
      sql`select (select count(*)::int from exprs_record) as lines, (select count(*)::int from billing_import_batch) as batches`,
    );
    const rows = Array.from({ length: 6000 }, (_, i) => [
      `B-${i}`,
      items[3] as string,
      'ZZ1',
      '2026-03-02',
      'OR526',
      '',
      '4',
      '29.00',
      '0',
      'paid',
      '',
      '',
    ]);
    const broken = `${claimCsv([header, ...rows])}C-x,"never closed,AB111,2026-03-02\r\n`;
    const job = await importClaims(broken, 'broken.csv');
    expect(job.status).toBe('FAILED');
    expect(job.error).toContain('Line 6002');
    const after = await t.database.db.execute<{ lines: number; batches: number }>(
      sql`select (select count(*)::int from exprs_record) as lines, (select count(*)::int from billing_import_batch) as batches`,
    );
    expect(after.rows).toEqual(before.rows);
  });
});
