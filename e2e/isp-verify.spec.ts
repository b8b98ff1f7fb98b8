/**
 * `/verify` in the browser (issue 19 "Review and verification", "PDF viewer with annotation editing"; docs/isp-screens.md):
 * a client and an ISP made through the real API (a two-page ISP generated here with pdf-lib, two risk tables), waited
 * to COMPLETED; then the admin opens /verify, sees the PDF (pages and 224 px thumbnails; pdf.js's worker from
 * `/pdf.worker.min.js`), edits a field, is refused finalizing with unconfirmed thresholds, confirms them and finalizes
 * every protocol, stamps an image from a file chooser (with alt text) and a decorative one, cancels a chooser (no
 * stamp), writes free text, saves the annotated PDF as version 2 (checked through the API; the viewer reopens it) and
 * verifies the ISP. Every request to a host other than the app's is blocked and must not happen. Accessible at desktop
 * size and at 320 px. A non-admin gets no /verify (sent home) and 403 from the API.
 */
import { deflateSync, crc32 } from 'node:zlib';
import { expect, test, type Page } from '@playwright/test';
import {
  ADMIN_STATE_FILE,
  expectAccessible,
  forbidDialogs,
  signInThroughForm,
  snap,
  createUser,
} from './support.ts';
import { ispPdf, type Risk } from './isp-support.ts';

const stamp = Date.now().toString(36);
const CLIENT = `Verify Viewer ${stamp}`;

/** The two risks of the generated ISP (one a page). */
const risks: Risk[] = [
  {
    risk: 'Dehydration',
    serious: 'No',
    description: 'Does not ask for drinks and forgets to drink on hot days.',
    prevention: 'Offer a drink every hour. Tell the house manager if fluids below 64 oz by 2 pm.',
    response: '1. Offer a preferred drink.',
    emergency: '1. Call 911 for confusion or fainting.',
    author: 'Mark Ellis, house manager',
  },
  {
    risk: 'Seizures',
    serious: 'Yes',
    description: 'Has a seizure disorder with seizures about once a month.',
    prevention: 'Give seizure medication on time as the MAR says.',
    response: '1. Call the RN if she has more than 2 seizures in 24 hours.',
    emergency: '1. Call 911 for a seizure lasting longer than 5 minutes.',
    author: 'Mark Ellis, house manager',
  },
];

/** A solid-colour RGB PNG of `width` × `height` (zlib-deflated scanlines, CRC-32 per chunk). */
function png(width: number, height: number, rgb: [number, number, number]): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const line = Buffer.concat([
    Buffer.from([0]),
    Buffer.from(Array.from({ length: width }, () => rgb).flat()),
  ]);
  const raw = Buffer.concat(Array.from({ length: height }, () => line));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** Blocks every request to a host other than the app's and records it (the "no other host" rule). */
async function blockOtherHosts(page: Page, baseURL: string): Promise<string[]> {
  const own = new URL(baseURL).host;
  const blocked: string[] = [];
  await page.context().route(
    (url) => (url.protocol === 'http:' || url.protocol === 'https:') && url.host !== own,
    async (route) => {
      blocked.push(route.request().url());
      await route.abort();
    },
  );
  return blocked;
}

async function chooseStampFile(page: Page, files: { name: string; mimeType: string; buffer: Buffer }[]) {
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Add image' }).click();
  await page.getByRole('menuitem', { name: 'From a file…' }).click();
  await (await chooser).setFiles(files);
}

test('an admin reviews an ISP beside its PDF, stamps and annotates it, saves a version and verifies it', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(180_000);
  forbidDialogs(page);
  const origin = baseURL as string;
  const blocked = await blockOtherHosts(page, origin);
  const workers: string[] = [];
  page.on('worker', (worker) => workers.push(worker.url()));

  const created = await page.request.post('/api/clients', { headers: { origin }, data: { name: CLIENT } });
  expect(created.status(), await created.text()).toBe(201);
  const clientId = ((await created.json()) as { id: string }).id;
  const uploaded = await page.request.post('/api/isps', {
    headers: { origin },
    multipart: {
      clientId,
      file: { name: 'isp-verify.pdf', mimeType: 'application/pdf', buffer: await ispPdf(CLIENT, risks) },
    },
  });
  expect(uploaded.status(), await uploaded.text()).toBe(202);
  const ispId = ((await uploaded.json()) as { id: string }).id;
  await expect
    .poll(
      async () =>
        ((await (await page.request.get(`/api/isps/${ispId}`)).json()) as { status: string }).status,
      { timeout: 90_000 },
    )
    .toBe('COMPLETED');

  await page.goto(`/verify?id=${ispId}`);
  await expect(page.getByRole('heading', { level: 1, name: `Verify ISP: ${CLIENT}` })).toBeVisible();
  const viewer = page.getByRole('region', { name: 'ISP PDF, version 1' });
  // pdf.js draws the pages (canvas in its viewer) and our thumbnails (224 px wide).
  await expect(viewer.locator('.pdfViewer .page canvas').first()).toBeVisible({ timeout: 20_000 });
  const thumbnails = page.getByRole('navigation', { name: 'Page thumbnails' });
  await expect(thumbnails.getByRole('button', { name: 'Page 1' })).toBeVisible();
  await expect(thumbnails.getByRole('button', { name: 'Page 2' })).toBeVisible();
  await expect(thumbnails.locator('canvas[data-rendered="true"]').first()).toBeVisible();
  expect((await thumbnails.locator('canvas').first().boundingBox())?.width).toBeCloseTo(224, 0);
  await expect(viewer.getByText('of 2', { exact: true })).toBeVisible();
  expect(workers.some((url) => new URL(url).pathname === '/pdf.worker.min.js')).toBe(true);
  // Served as JavaScript, under a CSP that lets same-origin workers run.
  const worker = await page.request.get('/pdf.worker.min.js');
  expect(worker.headers()['content-type']).toMatch(/javascript/);
  expect(worker.headers()['content-security-policy']).toMatch(/worker-src 'self'/);
  // Keyboard: the thumbnails are a list of buttons; Down moves to the next, Enter opens it.
  await thumbnails.getByRole('button', { name: 'Page 1' }).focus();
  await page.keyboard.press('ArrowDown');
  await expect(thumbnails.getByRole('button', { name: 'Page 2' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(viewer.getByRole('textbox', { name: 'Page' })).toHaveValue('2');
  await snap(page, 'isp-verify-desktop');
  await expectAccessible(page, 'isp-verify');

  const cards = page.getByTestId('protocol-card');
  await expect(cards).toHaveCount(2);
  const dehydration = cards.filter({ has: page.getByRole('heading', { name: 'Dehydration' }) });
  const seizures = cards.filter({ has: page.getByRole('heading', { name: 'Seizures' }) });

  // Focusing a field highlights where it came from.
  await dehydration.getByLabel('Description').focus();
  await expect(viewer.locator('.tend-source-highlight').first()).toBeAttached();

  // Edit a field and save.
  const prevention = dehydration.getByLabel('Prevention / supports');
  await prevention.fill(
    'Offer a drink every hour while awake. Tell the house manager if fluids below 64 oz by 2 pm.',
  );
  await dehydration.getByRole('button', { name: 'Save changes' }).click();
  await expect(dehydration.getByRole('button', { name: 'Save changes' })).toBeDisabled();
  const afterEdit = (await (await page.request.get(`/api/isps/${ispId}`)).json()) as {
    protocols: { riskType: string; prevention: string; thresholds: unknown[] }[];
  };
  expect(afterEdit.protocols.find((p) => p.riskType === 'Dehydration')?.prevention).toContain('while awake');

  // Finalizing with an unconfirmed threshold is refused, next to the threshold.
  for (const card of [dehydration, seizures]) {
    const boxes = card.getByRole('checkbox', { name: 'Confirmed against the plan' });
    if ((await boxes.count()) > 0) {
      await card.getByRole('button', { name: 'Finalized' }).click();
      await expect(card.getByRole('alert').filter({ hasText: 'Not ready to finalize' })).toBeVisible();
      await expect(card.getByText('Confirm this threshold before finalizing.').first()).toBeVisible();
      for (const box of await boxes.all()) await box.check();
      await card.getByRole('button', { name: 'Save changes' }).click();
      await expect(card.getByRole('button', { name: 'Save changes' })).toBeDisabled();
    }
    await card.getByRole('button', { name: 'Finalized' }).click();
    await expect(card.getByRole('button', { name: 'Finalized' })).toHaveAttribute('aria-pressed', 'true');
    await expect(card.getByText(/^Finalized by /)).toBeVisible();
  }
  expect(afterEdit.protocols.some((p) => p.thresholds.length > 0)).toBe(true);

  // Stamp from a file chooser: an image wider than the page lands at most 75 % of it, aspect kept, with alt text.
  await viewer.getByRole('textbox', { name: 'Page' }).fill('1');
  await chooseStampFile(page, [
    { name: 'reviewed.png', mimeType: 'image/png', buffer: png(1200, 300, [200, 30, 30]) },
  ]);
  const altDialog = page.getByRole('dialog', { name: 'Alt text for the image' });
  await expect(altDialog).toBeVisible();
  await altDialog.getByRole('button', { name: 'Save alt text' }).click();
  await expect(altDialog.getByText('Describe the image, or mark it as decorative.')).toBeVisible();
  await altDialog.getByRole('textbox', { name: 'Description' }).fill('Red "reviewed" stamp');
  await altDialog.getByRole('button', { name: 'Save alt text' }).click();
  await expect(altDialog).toBeHidden();
  const stamps = viewer.locator('.stampEditor');
  await expect(stamps).toHaveCount(1);
  await expect(stamps.first()).toBeVisible();
  const pageBox = await viewer.locator('.pdfViewer .page').first().boundingBox();
  const stampBox = await stamps.first().boundingBox();
  if (!pageBox || !stampBox) throw new Error('no page or stamp box');
  expect(stampBox.width).toBeLessThanOrEqual(pageBox.width * 0.75 + 2);
  expect(stampBox.width).toBeGreaterThan(pageBox.width * 0.7);
  expect(stampBox.width / stampBox.height).toBeCloseTo(4, 0);
  const stampCentre = stampBox.x + stampBox.width / 2;
  // Centred (pdf.js centres on the visible part of the page layer, inside the page's border).
  expect(Math.abs(stampCentre - (pageBox.x + pageBox.width / 2))).toBeLessThan(pageBox.width * 0.03);
  await expect(viewer.getByText('Unsaved annotations')).toBeVisible();
  await expect(viewer.getByRole('button', { name: 'Save as new version' })).toBeEnabled();

  // Cancelling the chooser adds no stamp.
  await chooseStampFile(page, []);
  await expect(altDialog).toBeHidden();
  await expect(stamps).toHaveCount(1);

  // A decorative stamp needs no description.
  await chooseStampFile(page, [
    { name: 'border.png', mimeType: 'image/png', buffer: png(40, 40, [30, 90, 200]) },
  ]);
  await expect(altDialog).toBeVisible();
  await altDialog.getByRole('checkbox', { name: /Decorative image/ }).check();
  await altDialog.getByRole('button', { name: 'Save alt text' }).click();
  await expect(altDialog).toBeHidden();
  await expect(stamps).toHaveCount(2);

  // Free text on the page.
  const modes = viewer.getByRole('radiogroup', { name: 'Annotation mode' });
  await modes.locator('label', { hasText: 'Free text' }).click();
  await expect(viewer.getByRole('radio', { name: 'Free text' })).toBeChecked();
  const firstPage = viewer.locator('.pdfViewer .page').first();
  await firstPage.click({ position: { x: 80, y: 60 } });
  const freeText = viewer.locator('.freeTextEditor .internal').first();
  await expect(freeText).toBeVisible();
  await freeText.pressSequentially('Checked against the RIT');
  await modes.locator('label', { hasText: 'None' }).click();
  await expect(viewer.locator('.freeTextEditor')).toHaveCount(1);
  await snap(page, 'isp-verify-annotated');

  // Save as a new version: version 2 is stored and the viewer reopens it.
  const saved = page.waitForResponse(
    (response) =>
      response.url().endsWith(`/api/isps/${ispId}/pdf-versions`) && response.request().method() === 'POST',
  );
  await viewer.getByRole('button', { name: 'Save as new version' }).click();
  expect((await saved).status()).toBe(201);
  const versions = (await (await page.request.get(`/api/isps/${ispId}/pdf-versions`)).json()) as {
    items: { version: number; size: number }[];
  };
  expect(versions.items.map((item) => item.version).sort()).toEqual([1, 2]);
  const viewer2 = page.getByRole('region', { name: 'ISP PDF, version 2' });
  await expect(viewer2.locator('.pdfViewer .page canvas').first()).toBeVisible({ timeout: 20_000 });
  await expect(page.getByTestId('pdf-version-count')).toContainText('2 versions stored');
  await expect(viewer2.getByText('No unsaved annotations')).toBeVisible();
  await expect(viewer2.getByRole('button', { name: 'Save as new version' })).toBeDisabled();
  // The saved stamps are in the new version: pdf.js shows them as the page's annotations.
  await expect(viewer2.locator('.annotationLayer section, .stampEditor').first()).toBeAttached({
    timeout: 20_000,
  });
  await snap(page, 'isp-verify-version-2');

  // Verify.
  await page.getByRole('button', { name: 'Verify ISP' }).click();
  await expect(page.getByTestId('isp-verified')).toContainText('Verified by');
  const verified = (await (await page.request.get(`/api/isps/${ispId}`)).json()) as { status: string };
  expect(verified.status).toBe('VERIFIED');
  await snap(page, 'isp-verify-verified');

  // Narrow: usable at 320 px.
  await page.setViewportSize({ width: 320, height: 800 });
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByRole('region', { name: 'ISP PDF, version 2' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Page thumbnails' })).toHaveCount(0);
  await snap(page, 'isp-verify-320');
  await page.getByRole('heading', { level: 2, name: 'PDF' }).scrollIntoViewIfNeeded();
  await page.screenshot({ path: 'test-results/screens/isp-verify-320-viewer.png' });
  await expectAccessible(page, 'isp-verify-320');

  expect(blocked).toEqual([]);
});

test('a stamp image comes from an address on this site only, or from a dropped file', async ({ page }) => {
  forbidDialogs(page);
  // The first ISP listed is enough to open the viewer.
  const list = (await (await page.request.get('/api/isps?pageSize=1')).json()) as { items: { id: string }[] };
  const ispId = list.items[0]?.id;
  // Flows run in order in one worker: the flow above made (and verified) an ISP; without it this must fail, not skip.
  expect(ispId, 'the review flow above uploads an ISP').toBeTruthy();
  await page.goto(`/verify?id=${ispId}`);
  // The original upload (later versions carry the first flow's stamps).
  await page.getByRole('combobox', { name: 'PDF version' }).click();
  await page.getByRole('option', { name: 'Version 1 (original upload)' }).click();
  const viewer = page.getByRole('region', { name: 'ISP PDF, version 1' });
  await expect(viewer.locator('.pdfViewer .page canvas').first()).toBeVisible({ timeout: 20_000 });
  // A double-click (two clicks within 500 ms) on the pages switches fit width / fit page.
  const zoom = viewer.getByLabel(/^Zoom \d+ percent$/);
  const before = await zoom.textContent();
  await viewer.getByTestId('pdf-pages').dblclick({ position: { x: 20, y: 20 } });
  await expect(zoom).not.toHaveText(before ?? '');
  await viewer.getByRole('button', { name: 'Add image' }).click();
  await page.getByRole('menuitem', { name: 'From an address on this site…' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add an image from an address' });
  await expect(dialog.getByText(/Only images on this site/)).toBeVisible();
  await dialog.getByLabel('Image address').fill('https://cdn.example.com/stamp.png');
  await dialog.getByRole('button', { name: 'Add image' }).click();
  await expect(dialog.getByText(/Use an image address on this site/)).toBeVisible();
  await snap(page, 'isp-verify-stamp-address');
  // An address on this site is stamped (the app's own icon), then asks for its alt text.
  await dialog.getByLabel('Image address').fill('/favicon.svg');
  await dialog.getByRole('button', { name: 'Add image' }).click();
  const altDialog = page.getByRole('dialog', { name: 'Alt text for the image' });
  await altDialog.getByRole('textbox', { name: 'Description' }).fill('Tend logo');
  await altDialog.getByRole('button', { name: 'Save alt text' }).click();
  const stamps = viewer.locator('.stampEditor');
  await expect(stamps).toHaveCount(1);

  // An image file dropped onto the pages is stamped too.
  const dataTransfer = await page.evaluateHandle(`(() => {
    const transfer = new DataTransfer();
    const bytes = Uint8Array.from(atob('${png(60, 30, [20, 160, 60]).toString('base64')}'), (c) => c.charCodeAt(0));
    transfer.items.add(new File([bytes], 'dropped.png', { type: 'image/png' }));
    return transfer;
  })()`);
  await viewer.getByTestId('pdf-pages').dispatchEvent('drop', { dataTransfer });
  await expect(altDialog).toBeVisible();
  await altDialog.getByRole('checkbox', { name: /Decorative image/ }).check();
  await altDialog.getByRole('button', { name: 'Save alt text' }).click();
  await expect(stamps).toHaveCount(2);
  await expect(viewer.getByRole('button', { name: 'Save as new version' })).toBeEnabled();

  // Highlight: in Highlight mode, selecting text on the page highlights it (pdf.js's highlight editor).
  const modes = viewer.getByRole('radiogroup', { name: 'Annotation mode' });
  await modes.locator('label', { hasText: 'Highlight' }).click();
  const title = viewer.locator('.textLayer span', { hasText: 'Individual Support Plan' }).first();
  const box = await title.boundingBox();
  if (!box) throw new Error('no text to highlight');
  await page.mouse.move(box.x + 2, box.y + box.height / 2);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width - 2, box.y + box.height / 2, { steps: 8 });
  await page.mouse.up();
  await expect(viewer.locator('.highlightEditor')).toHaveCount(1);
  await snap(page, 'isp-verify-highlight');
});

test('a non-admin gets no /verify and no ISP from the API', async ({ browser, baseURL }) => {
  const admin = await browser.newContext({ storageState: ADMIN_STATE_FILE, baseURL });
  const user = {
    email: `isp.viewer.${stamp}@example.org`,
    password: 'quiet lanterns over a harbour',
    firstName: 'Iris',
    lastName: `Viewer ${stamp}`,
  };
  await createUser(admin.request, baseURL, { ...user, role: 'USER' });
  const list = (await (await admin.request.get('/api/isps?pageSize=1')).json()) as {
    items: { id: string }[];
  };
  const ispId = list.items[0]?.id ?? '00000000-0000-4000-8000-000000000000';
  await admin.close();

  const context = await browser.newContext({ storageState: { cookies: [], origins: [] }, baseURL });
  const page = await context.newPage();
  forbidDialogs(page);
  await page.goto('/login');
  await signInThroughForm(page, { email: user.email, password: user.password });
  await page.goto(`/verify?id=${ispId}`);
  await expect(page).toHaveURL(new URL('/', baseURL).toString());
  await expect(page.getByTestId('admin-redirect-alert')).toContainText('needs an administrator account');
  expect((await page.request.get(`/api/isps/${ispId}`)).status()).toBe(403);
  expect((await page.request.get(`/api/isps/${ispId}/pdf`)).status()).toBe(403);
  await context.close();
});
