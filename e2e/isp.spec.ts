/**
 * The ISP admin screens in the browser (issue 19; docs/isp-screens.md). As the admin: a client made through the API;
 * an ISP PDF generated with pdf-lib (the API's corpus) uploaded on `/admin/misctools/isp/upload`, followed until
 * COMPLETED, then seen in the ISP list and the process queue; its protocols finalized through the API (the review
 * page is another flow's); `/protocols` filtered, one protocol moved down with the keyboard-usable button, its email
 * include flag switched off; the export page creates the caregiver PDF, which downloads (starts with %PDF, its
 * file name), and previews the email variant in a sandboxed frame; a damaged copy ends in ERROR with its reason on
 * the upload page and in the queue, where Retry runs; the extraction test reads pasted text. A non-admin is sent away
 * from these pages and refused by their API. Every page passes expectAccessible at desktop width and at 320 px.
 */
import { expect, test, type Page } from '@playwright/test';
import { expectAccessible, forbidDialogs, snap } from './support.ts';
import {
  createClient,
  damagedCopy,
  finalizeAllThroughApi,
  generatedIsp,
  ispProtocols,
  signInAsNonAdmin,
  uploadIspThroughPage,
} from './isp-support.ts';

const stamp = Date.now().toString(36).toUpperCase();
const clientName = `Isabel Plan ${stamp}`;
const fileName = `isp-${stamp}.pdf`;
const damagedName = `isp-damaged-${stamp}.pdf`;

test.describe.configure({ mode: 'serial' });

let clientId = '';
let ispId = '';
let damagedId = '';
let riskCount = 0;

/** expectAccessible at desktop width, then at 320 px (with a screenshot), back to desktop. */
async function accessibleAtBothWidths(page: Page, name: string) {
  await expectAccessible(page, name);
  await snap(page, name);
  const size = page.viewportSize();
  await page.setViewportSize({ width: 320, height: 800 });
  await expectAccessible(page, `${name}-320`);
  await snap(page, `${name}-320`);
  if (size) await page.setViewportSize(size);
}

test('an admin uploads an ISP and follows it until its protocols are drafted', async ({ page, baseURL }) => {
  test.setTimeout(180_000);
  forbidDialogs(page);
  const origin = baseURL ?? '';
  clientId = await createClient(page.request, origin, clientName);
  const isp = await generatedIsp();
  riskCount = isp.risks.length;

  await page.goto(`/admin/misctools/isp?clientId=${clientId}`);
  await expect(page.getByRole('heading', { name: 'Individual support plans', level: 1 })).toBeVisible();
  // Nothing for this client yet: the empty state says what to do.
  await expect(page.getByText('No ISP matches these filters')).toBeVisible();
  await accessibleAtBothWidths(page, 'isp-1-list-empty');

  await page.goto('/admin/misctools/isp/upload');
  await expect(page.getByRole('heading', { name: 'Upload an ISP', level: 1 })).toBeVisible();
  // A file that is not a PDF is refused before sending.
  await page
    .locator('input[type="file"]')
    .setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('not a plan') });
  await expect(page.getByText('Choose a PDF file (.pdf).')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Upload', exact: true })).toBeDisabled();
  await accessibleAtBothWidths(page, 'isp-2-upload-form');

  ispId = await uploadIspThroughPage(page, { clientName, fileName, bytes: isp.bytes });
  const panel = page.getByTestId('isp-processing');
  await expect(panel.getByText(`${riskCount} risk protocols were drafted`)).toBeVisible();
  await expect(panel.getByRole('progressbar', { name: 'Processing progress' })).toHaveAttribute(
    'aria-valuenow',
    '100',
  );
  await expect(panel.getByRole('link', { name: 'Review the protocols' })).toHaveAttribute(
    'href',
    `/verify?id=${ispId}`,
  );
  await accessibleAtBothWidths(page, 'isp-3-upload-completed');
});

test('the ISP shows in the list and in the process queue', async ({ page }) => {
  forbidDialogs(page);
  await page.goto(`/admin/misctools/isp?clientId=${clientId}`);
  const row = page.getByRole('row').filter({ hasText: fileName });
  await expect(row).toContainText(clientName);
  await expect(row.getByTestId('isp-status')).toHaveText('COMPLETED');
  await expect(row).toContainText(`0 of ${riskCount} done`);
  await expect(page.getByRole('button', { name: /^COMPLETED 1$/ })).toHaveAttribute('aria-pressed', 'false');
  await expect(row.getByRole('link', { name: `Review ${fileName}` })).toHaveAttribute(
    'href',
    `/verify?id=${ispId}`,
  );
  await accessibleAtBothWidths(page, 'isp-4-list');

  await page.goto('/process?status=COMPLETED');
  await expect(page.getByRole('heading', { name: 'ISP processing queue', level: 1 })).toBeVisible();
  await expect(page.getByRole('button', { name: /^COMPLETED \d+$/ })).toHaveAttribute('aria-pressed', 'true');
  const queued = page.getByRole('row').filter({ hasText: fileName });
  await expect(queued).toContainText('Processed · 100%');
  await expect(page.getByRole('link', { name: 'Back to ISPs' })).toBeVisible();
  await accessibleAtBothWidths(page, 'isp-5-process');
});

test('protocols: filters, order and include flags', async ({ page, baseURL }) => {
  forbidDialogs(page);
  const finalized = await finalizeAllThroughApi(page.request, baseURL ?? '', ispId);
  expect(finalized.every((protocol) => protocol.status === 'FINALIZED')).toBe(true);
  const [first, second] = finalized;
  if (!first || !second) throw new Error('The ISP needs two protocols');

  await page.goto(`/protocols?clientId=${clientId}`);
  await expect(page.getByRole('heading', { name: 'Protocols', level: 1 })).toBeVisible();
  await expect(page.getByText(`${riskCount} protocols`)).toBeVisible();
  // Serious risks only.
  const serious = page.getByRole('combobox', { name: 'Serious' });
  await serious.click();
  await page.getByRole('listbox').getByRole('option', { name: 'Serious risks' }).click();
  const seriousCount = finalized.filter((protocol) => protocol.serious).length;
  await expect(page.getByText(`${seriousCount} protocol${seriousCount === 1 ? '' : 's'}`)).toBeVisible();
  await expect(page).toHaveURL(/serious=true/);
  await page.getByRole('button', { name: 'Clear filters' }).click();

  // Risk type filter (typed; debounced into the URL).
  await page.goto(`/protocols?clientId=${clientId}`);
  await page.getByRole('textbox', { name: 'Risk type' }).fill(first.riskType);
  await expect(page).toHaveURL(/riskType=/);
  await expect(page.getByRole('row').filter({ hasText: first.riskType }).first()).toBeVisible();
  await page.goto(`/protocols?clientId=${clientId}`);

  // Move the first protocol down with the keyboard: focus the button and press Enter.
  const down = page.getByRole('button', { name: `Move ${first.riskType} of ${clientName} down` });
  await down.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('protocols-announcement')).toHaveText(
    `${first.riskType} moved down: now 2 of ${riskCount} in ${clientName}’s ISP.`,
  );
  await expect(down).toBeFocused();
  const reordered = await ispProtocols(page.request, ispId);
  expect(reordered.slice(0, 2).map((protocol) => protocol.id)).toEqual([second.id, first.id]);
  // Already first: said, nothing moves.
  await page.getByRole('button', { name: `Move ${second.riskType} of ${clientName} up` }).click();
  await expect(page.getByTestId('protocols-announcement')).toHaveText(
    `${second.riskType} is already first in ${clientName}’s ISP.`,
  );

  // Include flags: prevention and emergency sent in emails too (emails carry no section by default).
  await page
    .getByRole('button', { name: `Choose sections to include for ${first.riskType} of ${clientName}` })
    .click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('checkbox', { name: 'Prevention in the PDF' })).toBeChecked();
  await expect(dialog.getByRole('checkbox', { name: 'Prevention in emails' })).not.toBeChecked();
  await dialog.getByRole('checkbox', { name: 'Prevention in emails' }).check();
  await dialog.getByRole('checkbox', { name: 'Emergency in emails' }).check();
  await snap(page, 'isp-6-include-flags');
  await expectAccessible(page, 'isp-6-include-flags');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByTestId('protocols-announcement')).toHaveText(
    `Included sections of ${first.riskType} saved.`,
  );
  const saved = (await ispProtocols(page.request, ispId)).find((protocol) => protocol.id === first.id);
  expect(saved?.includePreventionEmail).toBe(true);
  await expect(page.getByRole('row').filter({ hasText: first.riskType }).first()).toContainText(
    'Email: prevention, emergency',
  );
  await accessibleAtBothWidths(page, 'isp-7-protocols');
});

test('export: the caregiver PDF downloads and the email variant is previewed', async ({ page }) => {
  test.setTimeout(120_000);
  forbidDialogs(page);
  await page.goto(`/admin/misctools/isp/${ispId}/export`);
  await expect(page.getByRole('heading', { name: 'Export ISP protocols', level: 1 })).toBeVisible();
  await expect(page.getByTestId('finalized-count')).toHaveText(
    `${riskCount} of ${riskCount} protocols finalized`,
  );
  await expect(page.getByText('No document yet.')).toBeVisible();
  // The email variant: subject and text part (the sections chosen for emails).
  await expect(page.getByTestId('email-subject')).not.toBeEmpty();
  await expect(page.getByTestId('email-text')).toContainText(clientName);
  await page.getByRole('button', { name: 'Create caregiver PDF (English)' }).click();
  await expect(page.getByTestId('export-created')).toContainText('Created ');
  const row = page.getByTestId('isp-export-row');
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('isp-protocols');
  const link = row.getByRole('link', { name: /^Download / });
  const exportFile = ((await link.getAttribute('aria-label')) ?? '').replace(/^Download /, '');
  expect(exportFile).toMatch(/\.pdf$/);
  const downloaded = page.waitForEvent('download');
  await link.click();
  const download = await downloaded;
  expect(download.suggestedFilename()).toBe(exportFile);
  const stream = await download.createReadStream();
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  expect(Buffer.concat(chunks).subarray(0, 5).toString('latin1')).toBe('%PDF-');
  await accessibleAtBothWidths(page, 'isp-8-export');
  // The HTML part in a frame sandboxed with no permission: nothing in it can run.
  await page.getByText('As the email looks', { exact: true }).click();
  const frame = page.getByTestId('email-preview');
  await expect(frame).toHaveAttribute('sandbox', '');
  await expect(frame).toHaveAttribute('srcdoc', /<html/i);
  await snap(page, 'isp-8b-export-email-html');

  // Spanish too.
  await page.getByText('Spanish', { exact: true }).click();
  await page.getByRole('button', { name: 'Create caregiver PDF (Spanish)' }).click();
  await expect(page.getByTestId('isp-export-row')).toHaveCount(2);
});

test('a damaged PDF ends in ERROR with its reason; Retry runs again from the queue', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(180_000);
  forbidDialogs(page);
  const isp = await generatedIsp();
  damagedId = await uploadIspThroughPage(page, {
    clientName,
    fileName: damagedName,
    bytes: damagedCopy(isp.bytes),
    expectStatus: 'ERROR',
  });
  const alert = page.getByTestId('isp-error');
  await expect(alert).toContainText(
    'The file is damaged (for example an incomplete download). Upload the file again.',
  );
  await accessibleAtBothWidths(page, 'isp-9-upload-error');

  await page.goto('/process?status=ERROR');
  const row = page.getByRole('row').filter({ hasText: damagedName });
  await expect(row).toContainText('The file is damaged');
  await accessibleAtBothWidths(page, 'isp-10-process-error');
  await row.getByRole('button', { name: `Retry ${damagedName} of ${clientName}` }).click();
  await expect(page.getByTestId('retry-result')).toHaveText(
    `${damagedName} of ${clientName} is queued to be read again.`,
  );
  // The same file fails the same way again, never stuck.
  await expect
    .poll(
      async () => {
        const answer = await page.request.get(`/api/isps?clientId=${clientId}&status=ERROR`);
        const body = (await answer.json()) as { items: { id: string; job: { status: string } | null }[] };
        return body.items.find((item) => item.id === damagedId)?.job?.status;
      },
      { timeout: 60_000 },
    )
    .toBe('COMPLETED');

  // The export page of an ISP without a finalized protocol: finalize first.
  await page.goto(`/admin/misctools/isp/${damagedId}/export`);
  await page.getByRole('button', { name: 'Create caregiver PDF (English)' }).click();
  await expect(page.getByTestId('not-ready').first()).toContainText('Only FINALIZED protocols are exported');
  await expect(
    page.getByTestId('not-ready').first().getByRole('link', { name: 'Review the protocols' }),
  ).toHaveAttribute('href', `/verify?id=${damagedId}`);
  await snap(page, 'isp-11-export-not-ready');
  expect(baseURL).toBeTruthy();
});

test('the extraction test reads pasted text and saves nothing', async ({ page }) => {
  forbidDialogs(page);
  const before = ((await (await page.request.get('/api/isps')).json()) as { total: number }).total;
  await page.goto('/test-protocol-creation');
  await expect(page.getByRole('heading', { name: 'Protocol extraction test', level: 1 })).toBeVisible();
  await expect(page.getByText('Nothing is saved')).toBeVisible();
  await page
    .getByRole('textbox', { name: 'ISP text' })
    .fill(
      [
        'Risk: Choking (SERIOUS RISK)',
        'Description: Eats quickly and takes large bites.',
        'Prevention / supports: Cut food into small pieces.',
        'What to do: Encourage coughing. Call the nurse after more than 2 choking episodes in 24 hours.',
        'Emergency plan: Call 911.',
        'Risk: Falls',
        'Prevention / supports: Keep the walker within reach.',
        'What to do: Check for injury.',
      ].join('\n'),
    );
  await page.getByRole('button', { name: 'Run extraction' }).click();
  const result = page.getByTestId('extraction-result');
  await expect(result.getByRole('heading', { level: 2 })).toHaveText('2 risk protocols found');
  await expect(result).toContainText('Choking');
  await expect(result).toContainText('Serious');
  await expect(result).toContainText('Cut food into small pieces.');
  // The threshold as data, not confirmed (a person confirms it on the review page).
  await expect(result).toContainText('more than 2');
  await expect(result).toContainText('to be confirmed by a person');
  await accessibleAtBothWidths(page, 'isp-12-extraction-test');
  const after = ((await (await page.request.get('/api/isps')).json()) as { total: number }).total;
  expect(after).toBe(before);
});

test('a non-admin is sent away from the ISP pages and refused by their API', async ({ browser, baseURL }) => {
  const page = await signInAsNonAdmin(browser, baseURL ?? '', stamp);
  forbidDialogs(page);
  for (const [path, title] of [
    ['/admin/misctools/isp', 'ISPs'],
    ['/process', 'Process'],
    ['/protocols', 'Protocols'],
    [`/admin/misctools/isp/${ispId}/export`, 'Export ISP'],
  ] as const) {
    await page.goto(path);
    await expect(page).toHaveURL(new URL('/', baseURL).toString());
    await expect(page.getByTestId('admin-redirect-alert')).toContainText(
      `“${title}” needs an administrator account`,
    );
  }
  await snap(page, 'isp-13-non-admin');
  expect((await page.request.get('/api/isps')).status()).toBe(403);
  expect((await page.request.get('/api/protocols')).status()).toBe(403);
  await page.context().close();
});
