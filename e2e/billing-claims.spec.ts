/**
 * Claim import and reconciliation in the browser (issue 6; docs/claim-reconciliation.md). Through the
 * API: three shifts of a new client are imported (with notes, a budget line and a billing-code rule so
 * their segments validate READY) and exported as a billing batch (`POST /api/billing-exports`); the
 * batch file's `billing_id` column gives the billing item ids. In the browser an admin uploads an eXPRS
 * claim CSV on `/admin/billing/claims` with one paid line, one denied line (with reason and exception
 * code) and one orphan line (unknown billing id, wrong date) — the claim import job runs, then its
 * summary shows; the same file again answers with the earlier import — sees them under Matched / Denied /
 * Orphaned, acknowledges the denial, links the orphan by hand to the third item, then uploads an X12 835
 * remittance for the first item. Every name and code carries the run's stamp.
 */
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { expectAccessible, forbidDialogs, snap } from './support.ts';

const stamp = Date.now().toString(36).toUpperCase();
const caregiver = `Cora Claims ${stamp}`;
const client = `Cliff Claims ${stamp}`;
const code = `CL${stamp}`.slice(0, 20);
const days = ['2023-11-14', '2023-11-15', '2023-11-16'];

const cell = (value: string) => `"${value.replaceAll('"', '""')}"`;
const csv = (rows: string[][]) => `${rows.map((row) => row.map(cell).join(',')).join('\r\n')}\r\n`;

/** Splits simple CSV (the export file: quoted fields without line breaks) into rows of cells. */
function parseCsv(text: string): string[][] {
  return text
    .replace(/^\uFEFF/, '')
    .split(/\r?\n/)
    .filter((line) => line.trim() !== '')
    .map((line) => {
      const cells: string[] = [];
      let current = '';
      let quoted = false;
      for (let i = 0; i < line.length; i += 1) {
        const c = line[i] as string;
        if (quoted && c === '"' && line[i + 1] === '"') {
          current += '"';
          i += 1;
        } else if (c === '"') quoted = !quoted;
        else if (c === ',' && !quoted) {
          cells.push(current);
          current = '';
        } else current += c;
      }
      cells.push(current);
      return cells;
    });
}

async function waitForJob(request: APIRequestContext, jobId: string) {
  const job = async () => (await (await request.get(`/api/jobs/${jobId}`)).json()) as Record<string, unknown>;
  await expect.poll(async () => (await job()).status, { timeout: 60_000 }).toBe('COMPLETED');
  return job();
}

async function importCsv(
  request: APIRequestContext,
  origin: string,
  path: string,
  name: string,
  content: string,
) {
  const uploaded = await request.post(path, {
    headers: { origin },
    multipart: { file: { name, mimeType: 'text/csv', buffer: Buffer.from(content) } },
  });
  expect(uploaded.status(), await uploaded.text()).toBe(201);
  const body = (await uploaded.json()) as { csvFileId: string; analysis: { suggestedColumnMap: unknown } };
  const started = await request.post(`${path}/${body.csvFileId}/start`, {
    headers: { origin },
    data: { columnMap: body.analysis.suggestedColumnMap },
  });
  expect(started.status(), await started.text()).toBe(202);
  return waitForJob(request, ((await started.json()) as { job: { id: string } }).job.id);
}

/** Three READY segments exported in one batch; answers the batch file's rows by billing id. */
async function exportThreeItems(page: Page, origin: string) {
  const request = page.request;
  await importCsv(
    request,
    origin,
    '/api/shift-imports',
    `cl-shifts-${stamp}.csv`,
    csv([
      [
        'Shift ID',
        'Caregiver',
        'Client',
        'Date',
        'Clock In',
        'Clock Out',
        'Procedure Code',
        'Clock In Latitude',
        'Clock In Longitude',
        'Clock Out Latitude',
        'Clock Out Longitude',
      ],
      ...days.map((day, i) => [
        `CL-${stamp}-${i}`,
        caregiver,
        client,
        day,
        '09:00',
        `${11 + i}:00`,
        code,
        '45.52',
        '-122.68',
        '45.52',
        '-122.68',
      ]),
    ]),
  );
  await importCsv(
    request,
    origin,
    '/api/shift-note-imports',
    `cl-notes-${stamp}.csv`,
    csv([
      ['Shift ID', 'Caregiver', 'Client', 'Submitted At', 'Prompt', 'Documentation'],
      ...days.map((day, i) => [
        `CL-${stamp}-${i}`,
        caregiver,
        client,
        `${day} 15:30`,
        'How was the visit?',
        `Visit ${stamp} ${i}`,
      ]),
    ]),
  );
  const clients = (await (await request.get(`/api/clients?q=${encodeURIComponent(client)}`)).json()) as {
    items: { id: string }[];
  };
  const clientId = clients.items[0]?.id as string;
  expect(clientId).toBeTruthy();
  const budget = await request.post('/api/budgets', {
    headers: { origin },
    data: {
      clientId,
      procCode: code,
      units: 500,
      measure: 'units_15min',
      effectiveDate: '2023-11-01',
      expirationDate: '2023-11-30',
    },
  });
  expect(budget.status(), await budget.text()).toBe(201);
  const rule = await request.post('/api/billing-code-rules', {
    headers: { origin },
    data: {
      billingCode: code,
      modifier: '',
      description: 'Claims e2e',
      allowedCaregiverTypes: ['DSP_CARE'],
      rateCents: 725,
      unitMeasure: 'units_15min',
      effectiveDate: '2023-01-01',
    },
  });
  expect(rule.status(), await rule.text()).toBe(201);
  await waitForJob(request, ((await rule.json()) as { job: { id: string } }).job.id);
  const validate = await request.post('/api/segments/validate', {
    headers: { origin },
    data: { from: days[0], to: days[2] },
  });
  await waitForJob(request, ((await validate.json()) as { job: { id: string } }).job.id);
  const segments = (await (
    await request.get(`/api/segments?from=${days[0]}&to=${days[2]}&clientId=${clientId}`)
  ).json()) as {
    counts: { READY: number };
  };
  expect(segments.counts.READY).toBe(3);

  const exported = await request.post('/api/billing-exports', {
    headers: { origin },
    data: { dateFrom: days[0], dateTo: days[2] },
  });
  expect(exported.status(), await exported.text()).toBe(201);
  const batchId = ((await exported.json()) as { batch: { id: string } }).batch.id;
  const file = await request.get(`/api/billing-exports/${batchId}/file`);
  expect(file.status()).toBe(200);
  const [header, ...rows] = parseCsv(await file.text());
  const col = (name: string) => (header as string[]).indexOf(name);
  const ours = rows.filter((row) => row[col('procedure_code')] === code);
  expect(ours).toHaveLength(3);
  ours.sort((a, b) => (a[col('service_date')] as string).localeCompare(b[col('service_date')] as string));
  return ours.map((row) => ({
    billingId: row[col('billing_id')] as string,
    clientPrime: row[col('client_prime')] ?? '',
    date: row[col('service_date')] as string,
    units: row[col('units')] as string,
    amount: row[col('amount')] as string,
  }));
}

async function uploadClaimFile(page: Page, name: string, content: string) {
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Claim file' }).click();
  await (
    await chooser
  ).setFiles({
    name,
    mimeType: name.endsWith('.csv') ? 'text/csv' : 'text/plain',
    buffer: Buffer.from(content, 'utf8'),
  });
  await page.getByRole('button', { name: 'Import claims' }).click();
}

function remittance(billingId: string, date: string): string {
  const d = date.replaceAll('-', '');
  const body = [
    `BPR*I*29.00*C*ACH*CCP*01*999999999*DA*123456*1512345678**01*999988880*DA*98765*${d}`,
    `TRN*1*${stamp}*1512345678`,
    'N1*PR*OREGON MEDICAID',
    'N1*PE*TEND AGENCY*XX*1234567890',
    'LX*1',
    `CLP*PCN-${stamp}-1*1*29.00*29.00**MC*ICN-${stamp}-1*11`,
    'NM1*QC*1*CLAIMS*CLIFF****MI*NOPRIME',
    `DTM*232*${d}`,
    `SVC*HC:${code}*29.00*29.00**8`,
    `DTM*472*${d}`,
    `REF*6R*${billingId}`,
    `CLP*PCN-${stamp}-2*4*14.50*0**MC*ICN-${stamp}-2*11`,
    'NM1*QC*1*NOBODY*NEMO****MI*ZZ000',
    `DTM*232*${d}`,
    `SVC*HC:${code}*14.50*0**4`,
    'CAS*CO*16*14.50',
  ];
  const segments = [
    'ISA*00*          *00*          *ZZ*OREGONDHS      *ZZ*TENDAGENCY     *231120*1200*^*00501*000000001*0*P*:',
    'GS*HP*OREGONDHS*TENDAGENCY*20231120*1200*1*X*005010X221A1',
    'ST*835*0001',
    ...body,
    `SE*${body.length + 2}*0001`,
    'GE*1*1',
    'IEA*1*000000001',
  ];
  return `${segments.join('~\n')}~\n`;
}

test('an admin imports a claim file, reviews matched, denied and orphaned lines, links by hand, and imports an 835', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(180_000);
  forbidDialogs(page);
  const items = await exportThreeItems(page, baseURL as string);
  const [first, second, third] = items as [(typeof items)[0], (typeof items)[0], (typeof items)[0]];

  await page.goto('/admin/billing/claims');
  await expect(page.getByRole('heading', { name: 'Claim imports', level: 1 })).toBeVisible();
  await snap(page, 'claims-1-empty');
  await expectAccessible(page, 'claims-1-empty');
  const claims = csv([
    [
      'Claim Number',
      'SD ID',
      'Client Prime',
      'Service Date',
      'Procedure Code',
      'Units',
      'Billed Amount',
      'Paid Amount',
      'Status',
      'Denial Reason',
      'Exception Code',
    ],
    [
      `C-${stamp}-1`,
      first.billingId,
      first.clientPrime,
      first.date,
      code,
      first.units,
      first.amount,
      first.amount,
      'paid',
      '',
      '',
    ],
    [
      `C-${stamp}-2`,
      second.billingId,
      second.clientPrime,
      second.date,
      code,
      second.units,
      second.amount,
      '0.00',
      'denied',
      `Units over authorization ${stamp}`,
      'E2011',
    ],
    [
      `C-${stamp}-3`,
      `LOST-${stamp}`,
      'NOPRIME',
      '2023-10-01',
      code,
      third.units,
      third.amount,
      third.amount,
      'paid',
      '',
      '',
    ],
    [`C-${stamp}-4`, `BAD-${stamp}`, '', 'not a date', code, '1', '1.005', '0', 'paid', '', ''],
  ]);
  await uploadClaimFile(page, `claims-${stamp}.csv`, claims);
  const summary = page.getByTestId('claim-import-summary');
  await expect(summary).toContainText('Claim file imported', { timeout: 30_000 });
  await expect(summary).toContainText('2 matched');
  await expect(summary).toContainText('1 orphaned');
  await expect(summary).toContainText('1 denied');
  await expect(summary).toContainText('2 rejected rows');
  await expect(summary.getByRole('table', { name: 'Rejected rows' })).toContainText('Service Date');
  await expect(page.getByRole('table', { name: 'Matched lines' })).toContainText(`C-${stamp}-1`);
  await snap(page, 'claims-2-imported');
  await expectAccessible(page, 'claims-2-imported');
  // The same bytes again: the earlier import answers at once, nothing is imported twice.
  await uploadClaimFile(page, `claims-${stamp}-again.csv`, claims);
  await expect(summary).toContainText('This file was imported before: nothing changed');
  await expect(summary).toContainText('2 matched');

  await page.getByRole('tab', { name: /^Denied/ }).click();
  const denied = page.getByRole('table', { name: 'Denied lines' });
  await expect(denied).toContainText(`Units over authorization ${stamp} (E2011)`);
  await denied.getByRole('button', { name: /^Acknowledge line/ }).click();
  await expect(denied.getByText('Acknowledged')).toBeVisible();
  await snap(page, 'claims-3-denied-acknowledged');
  await expectAccessible(page, 'claims-3-denied-acknowledged');

  await page.getByRole('tab', { name: /^Orphaned/ }).click();
  const orphaned = page.getByRole('table', { name: 'Orphaned lines' });
  await expect(orphaned).toContainText(`No billing item has billing id LOST-${stamp}`);
  await orphaned.getByRole('button', { name: /^Link by hand: line \d+/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Link claim line to a billing item' });
  await dialog.getByLabel('From').fill(days[0] as string);
  await dialog.getByLabel('To').fill(days[2] as string);
  const candidates = dialog.getByRole('table', { name: 'Billing items to link' });
  await expect(candidates.getByRole('row', { name: new RegExp(third.date) })).toBeVisible();
  await snap(page, 'claims-4-link-dialog');
  await expectAccessible(page, 'claims-4-link-dialog');
  await candidates
    .getByRole('row', { name: new RegExp(third.date) })
    .getByRole('button', { name: /^Link to/ })
    .click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('tab', { name: /^Orphaned/ })).toHaveText('Orphaned (0)');
  await page.getByRole('tab', { name: /^Matched/ }).click();
  await expect(page.getByRole('table', { name: 'Matched lines' })).toContainText('linked by hand');
  await page.getByRole('tab', { name: 'Unpaid items' }).click();
  await expect(page.getByRole('table', { name: 'Unpaid items' })).toContainText(
    `Units over authorization ${stamp}`,
  );
  await snap(page, 'claims-5-unpaid');
  await expectAccessible(page, 'claims-5-unpaid');

  await uploadClaimFile(page, `remit-${stamp}.835`, remittance(first.billingId, first.date));
  await expect(summary).toContainText('1 matched', { timeout: 30_000 });
  await expect(summary).toContainText('1 orphaned');
  await expect(summary).toContainText('1 denied');
  await expect(page.getByRole('table', { name: 'Claim imports' })).toContainText('X12 835');
  await expect(page.getByRole('table', { name: 'Matched lines' })).toContainText(`PCN-${stamp}-1`);
  await snap(page, 'claims-6-835');
  await expectAccessible(page, 'claims-6-835');
});
