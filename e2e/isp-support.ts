/**
 * Steps of the ISP admin flows (issue 19; docs/isp-screens.md) as functions a combined flow can reuse: a client made
 * through the API, an ISP PDF generated with pdf-lib (the API's test corpus, with its ground truth, or `ispPdf` from risk tables given), the upload
 * through `/admin/misctools/isp/upload` until the ISP is COMPLETED or in ERROR, the ISP's protocols finalized through
 * the API (thresholds confirmed, status FINALIZED: the review page is another flow's), and a non-admin account
 * signed in through the form.
 */
import { expect, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { PDFDocument, StandardFonts, type PDFFont, type PDFPage } from 'pdf-lib';
import {
  corpusIsps,
  truncated,
  type CorpusIsp,
} from '../apps/api/src/modules/isp/extraction/isp-corpus.test-support.ts';
import { ADMIN_STATE_FILE, signInThroughForm, createUser } from './support.ts';

/** A protocol as the API answers it (the fields these steps read). */
export interface ApiProtocol {
  id: string;
  ispId: string;
  riskType: string;
  status: string;
  serious: boolean;
  sortOrder: number;
  includePreventionEmail: boolean;
  thresholds: Record<string, unknown>[];
}

/** Creates a client named `name` through the API; answers its id. */
export async function createClient(
  request: APIRequestContext,
  origin: string,
  name: string,
): Promise<string> {
  const created = await request.post('/api/clients', { headers: { origin }, data: { name } });
  expect(created.status(), await created.text()).toBe(201);
  return ((await created.json()) as { id: string }).id;
}

/** The first generated ISP of the corpus (a table layout split across pages, six risks) and its ground truth. */
export async function generatedIsp(): Promise<CorpusIsp> {
  const [first] = await corpusIsps();
  if (!first) throw new Error('The ISP corpus is empty');
  return first;
}

/** A damaged copy of `bytes` (the first 60 %: an incomplete download). */
export const damagedCopy = (bytes: Uint8Array): Uint8Array => truncated(bytes);

/**
 * On the upload page: picks `clientName`, chooses the file (`fileName`, `bytes`) and uploads it; waits until the ISP
 * is COMPLETED or ERROR (`expectStatus`) and answers its id (from the ISPs list of the client).
 */
export async function uploadIspThroughPage(
  page: Page,
  {
    clientName,
    fileName,
    bytes,
    expectStatus = 'COMPLETED',
  }: { clientName: string; fileName: string; bytes: Uint8Array; expectStatus?: 'COMPLETED' | 'ERROR' },
): Promise<string> {
  await page.goto('/admin/misctools/isp/upload');
  await expect(page.getByRole('heading', { name: 'Upload an ISP', level: 1 })).toBeVisible();
  const client = page.getByRole('combobox', { name: /^Client/ });
  await client.click();
  await client.fill(clientName);
  await page.getByRole('listbox').getByRole('option', { name: clientName, exact: true }).click();
  await page
    .locator('input[type="file"]')
    .setInputFiles({ name: fileName, mimeType: 'application/pdf', buffer: Buffer.from(bytes) });
  await page.getByRole('button', { name: 'Upload', exact: true }).click();
  const panel = page.getByTestId('isp-processing');
  await expect(panel.getByTestId('isp-status')).toHaveText(expectStatus, { timeout: 90_000 });
  const clients = (await (
    await page.request.get(`/api/clients?q=${encodeURIComponent(clientName)}`)
  ).json()) as { items: { id: string; name: string }[] };
  const clientId = clients.items.find((item) => item.name === clientName)?.id;
  const isps = (await (await page.request.get(`/api/isps?clientId=${clientId}`)).json()) as {
    items: { id: string; fileName: string }[];
  };
  const isp = isps.items.find((item) => item.fileName === fileName);
  if (!isp) throw new Error(`The uploaded ISP ${fileName} is not listed`);
  return isp.id;
}

/** The current protocols of one ISP in their order. */
export async function ispProtocols(request: APIRequestContext, ispId: string): Promise<ApiProtocol[]> {
  const answer = await request.get(`/api/protocols?ispId=${ispId}&pageSize=200`);
  expect(answer.status()).toBe(200);
  return ((await answer.json()) as { items: ApiProtocol[] }).items;
}

/** Confirms every threshold of every protocol of the ISP and finalizes each (PATCH, then status FINALIZED). */
export async function finalizeAllThroughApi(
  request: APIRequestContext,
  origin: string,
  ispId: string,
): Promise<ApiProtocol[]> {
  const protocols = await ispProtocols(request, ispId);
  for (const protocol of protocols) {
    if (protocol.thresholds.length) {
      const patched = await request.patch(`/api/protocols/${protocol.id}`, {
        headers: { origin },
        data: { thresholds: protocol.thresholds.map((threshold) => ({ ...threshold, confirmed: true })) },
      });
      expect(patched.status(), await patched.text()).toBe(200);
    }
    const finalized = await request.post(`/api/protocols/${protocol.id}/status`, {
      headers: { origin },
      data: { status: 'FINALIZED' },
    });
    expect(finalized.status(), await finalized.text()).toBe(200);
  }
  return ispProtocols(request, ispId);
}

/**
 * A signed-in non-admin (a plain USER account made by the admin through the API) in a fresh browser context;
 * answers its page (close its context when done).
 */
export async function signInAsNonAdmin(browser: Browser, baseURL: string, stamp: string): Promise<Page> {
  const user = {
    email: `isp.nonadmin.${stamp.toLowerCase()}@example.org`,
    password: 'quiet river under the old bridge',
    firstName: 'Nico',
    lastName: `Nonadmin ${stamp}`,
  };
  const adminContext = await browser.newContext({ storageState: ADMIN_STATE_FILE, baseURL });
  await createUser(adminContext.request, baseURL, { ...user, role: 'USER' });
  await adminContext.close();
  const context = await browser.newContext({ storageState: { cookies: [], origins: [] }, baseURL });
  const page = await context.newPage();
  await page.goto('/login');
  await signInThroughForm(page, { email: user.email, password: user.password });
  await expect(page).toHaveURL(new URL('/', baseURL).toString());
  return page;
}

/** One risk table of a generated ISP (`ispPdf`). */
export interface Risk {
  risk: string;
  serious: 'Yes' | 'No';
  description: string;
  prevention: string;
  response: string;
  emergency: string;
  author: string;
}

/** An ISP of `clientName` in the Oregon risk-table layout (label | text rows), one risk a page, Helvetica only. */
export async function ispPdf(clientName: string, risks: readonly Risk[]): Promise<Buffer> {
  const doc = await PDFDocument.create({ updateMetadata: false });
  const regular = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  let page: PDFPage = doc.addPage([612, 792]);
  let y = 80;
  const text = (value: string, x: number, size: number, font: PDFFont) =>
    page.drawText(value, { x, y: 792 - y - size, size, font });
  const row = (label: string, value: string) => {
    text(label, 72, 10, bold);
    text(value, 200, 10, regular);
    y += 16;
  };
  text('Individual Support Plan', 72, 18, bold);
  y += 30;
  row('Name:', clientName);
  row('Plan year:', '01/01/2026 - 12/31/2026');
  y += 10;
  text('Risk Identification and Protocols', 72, 14, bold);
  y += 26;
  for (const [index, risk] of risks.entries()) {
    if (index > 0) {
      page = doc.addPage([612, 792]);
      y = 80;
    }
    row('Risk', risk.risk);
    row('Serious risk?', risk.serious);
    row('Description', risk.description);
    row('Supports/Prevention', risk.prevention);
    row('Response', risk.response);
    row('Emergency', risk.emergency);
    row('Written by', risk.author);
    row('Effective date', '01/15/2026');
    row('Review due', '01/15/2027');
  }
  return Buffer.from(await doc.save());
}
