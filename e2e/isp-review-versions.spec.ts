/**
 * `/verify` paths the viewer flow (isp-verify.spec.ts) leaves out (issue 19 "Review and verification"; docs/isp.md
 * "Rules"; docs/isp-screens.md), in the browser as an admin: a licensed author's ("Jane Doe, RN") protocol is locked
 * once finalized and changed through "New version" (a DRAFT version 2 in its place, `previousVersionId` set); a
 * protocol is excluded (an empty reason refused with a message), included again and excluded again, and the ISP
 * verified with the rest finalized; then a second, changed ISP of the same client lists what was added, removed and
 * changed (with the fields) since the verified one. At desktop size the PDF column stays at the top of the viewport
 * beside the long protocol cards. Accessible in each new state.
 */
import { expect, test, type Locator, type Page } from '@playwright/test';
import { expectAccessible, forbidDialogs, snap } from './support.ts';
import { createClient, finalizeAllThroughApi, ispPdf, ispProtocols, type Risk } from './isp-support.ts';

const stamp = Date.now().toString(36);
const CLIENT = `Review Versions ${stamp}`;

const dehydration: Risk = {
  risk: 'Dehydration',
  serious: 'No',
  description: 'Does not ask for drinks and forgets to drink on hot days.',
  prevention: 'Offer a drink every hour. Tell the house manager if fluids below 64 oz by 2 pm.',
  response: '1. Offer a preferred drink.',
  emergency: '1. Call 911 for confusion or fainting.',
  author: 'Mark Ellis, house manager',
};
/** Written by a nurse: once FINALIZED it is an order (locked). */
const seizures: Risk = {
  risk: 'Seizures',
  serious: 'Yes',
  description: 'Has a seizure disorder with seizures about once a month.',
  prevention: 'Give seizure medication on time as the MAR says.',
  response: '1. Call the RN if she has more than 2 seizures in 24 hours.',
  emergency: '1. Call 911 for a seizure lasting longer than 5 minutes.',
  author: 'Jane Doe, RN',
};
const falls: Risk = {
  risk: 'Falls',
  serious: 'No',
  description: 'Unsteady on stairs when tired.',
  prevention: 'Walk beside her on the stairs in the evening.',
  response: '1. Check for injuries before helping her up.',
  emergency: '1. Call 911 for a head injury.',
  author: 'Mark Ellis, house manager',
};
const choking: Risk = {
  risk: 'Choking',
  serious: 'Yes',
  description: 'Eats quickly and takes large bites.',
  prevention: 'Cut food into bite-size pieces and sit with her at meals.',
  response: '1. Encourage coughing.',
  emergency: '1. Give abdominal thrusts and call 911 if she cannot breathe.',
  author: 'Mark Ellis, house manager',
};

/** Uploads `bytes` for the client through the API and waits until the ISP is COMPLETED; answers its id. */
async function uploadThroughApi(
  page: Page,
  origin: string,
  clientId: string,
  fileName: string,
  bytes: Buffer,
) {
  const uploaded = await page.request.post('/api/isps', {
    headers: { origin },
    multipart: { clientId, file: { name: fileName, mimeType: 'application/pdf', buffer: bytes } },
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
  return ispId;
}

/** A badge of the card (status, version, excluded, locked). */
const badge = (card: Locator, label: string) =>
  card.locator('.mantine-Badge-label', { hasText: new RegExp(`^${label}$`) });

/** Confirms every threshold of the card not yet confirmed (and saves), then presses Finalized. */
async function finalizeCard(card: Locator) {
  const boxes = card.getByRole('checkbox', { name: 'Confirmed against the plan' });
  let checked = 0;
  for (const box of await boxes.all())
    if (!(await box.isChecked())) {
      await box.check();
      checked += 1;
    }
  if (checked > 0) {
    await card.getByRole('button', { name: 'Save changes' }).click();
    await expect(card.getByRole('button', { name: 'Save changes' })).toBeDisabled();
  }
  await card.getByRole('button', { name: 'Finalized' }).click();
  await expect(card.getByRole('button', { name: 'Finalized' })).toHaveAttribute('aria-pressed', 'true');
}

test('an admin changes a locked order through a new version, excludes a protocol, verifies and sees the next ISP’s changes', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(240_000);
  forbidDialogs(page);
  await page.setViewportSize({ width: 1400, height: 900 });
  const origin = baseURL as string;
  const clientId = await createClient(page.request, origin, CLIENT);
  const ispId = await uploadThroughApi(
    page,
    origin,
    clientId,
    'review-versions-1.pdf',
    await ispPdf(CLIENT, [dehydration, seizures, falls]),
  );
  const extracted = await ispProtocols(page.request, ispId);
  expect(extracted.map((protocol) => protocol.riskType)).toEqual(['Dehydration', 'Seizures', 'Falls']);

  await page.goto(`/verify?id=${ispId}`);
  await expect(page.getByRole('heading', { level: 1, name: `Verify ISP: ${CLIENT}` })).toBeVisible();
  const viewer = page.getByRole('region', { name: 'ISP PDF, version 1' });
  await expect(viewer.locator('.pdfViewer .page canvas').first()).toBeVisible({ timeout: 20_000 });
  const cards = page.getByTestId('protocol-card');
  await expect(cards).toHaveCount(3);
  const card = (risk: string) => cards.filter({ has: page.getByRole('heading', { level: 3, name: risk }) });

  // Side by side: the PDF column sticks to the top of the viewport and its pages fill the viewport's height.
  const pages = viewer.getByTestId('pdf-pages');
  const pagesBox = await pages.boundingBox();
  expect(pagesBox?.height).toBeGreaterThan(600);
  await card('Falls').getByRole('button', { name: 'Exclude from this ISP…' }).scrollIntoViewIfNeeded();
  const column = await page.getByTestId('isp-pdf-column').boundingBox();
  expect(Math.abs(column?.y ?? 999)).toBeLessThan(2);
  expect((column?.y ?? 0) + (column?.height ?? 0)).toBeLessThanOrEqual(900 + 1);
  await expect(viewer.locator('.pdfViewer .page canvas').first()).toBeInViewport();
  await snap(page, 'isp-review-sticky-pdf');
  await page.evaluate('window.scrollTo(0, 0)');

  // 1. A licensed author's protocol: finalized, it is locked (read-only) with "New version".
  const seizuresCard = card('Seizures');
  await expect(seizuresCard.getByLabel('Licensed professional')).toBeChecked();
  await finalizeCard(seizuresCard);
  await expect(seizuresCard.getByText('Locked order')).toBeVisible();
  await expect(seizuresCard.getByRole('alert', { name: /Locked: a licensed professional/ })).toBeVisible();
  await expect(seizuresCard.getByLabel('Response')).not.toBeEditable();
  await expect(seizuresCard.getByRole('button', { name: 'Save changes' })).toHaveCount(0);
  await expect(seizuresCard.getByRole('button', { name: 'Draft' })).toBeDisabled();
  await snap(page, 'isp-review-locked');
  await expectAccessible(page, 'isp-review-locked');

  await seizuresCard.getByRole('button', { name: 'New version' }).click();
  await expect(seizuresCard.getByText('Editing a new version')).toBeVisible();
  const response = seizuresCard.getByLabel('Response');
  await expect(response).toBeEditable();
  await response.fill('1. Call the RN if she has more than 1 seizure in 24 hours.');
  await snap(page, 'isp-review-new-version-editing');
  await seizuresCard.getByRole('button', { name: 'Create new version' }).click();
  // Version 2, a DRAFT, takes the old one's place (second of three); the old one is kept, superseded.
  await expect(seizuresCard.getByText('Version 2', { exact: true })).toBeVisible();
  await expect(badge(seizuresCard, 'Draft')).toBeVisible();
  await expect(seizuresCard.getByText('Locked order')).toHaveCount(0);
  await expect(cards).toHaveCount(3);
  await expect(cards.nth(1).getByRole('heading', { level: 3 })).toHaveText('Seizures');
  await expect(page.getByText('1 earlier version(s) of locked protocols are kept, read-only.')).toBeVisible();
  const oldSeizures = extracted.find((protocol) => protocol.riskType === 'Seizures');
  const detail = (await (await page.request.get(`/api/isps/${ispId}`)).json()) as {
    protocols: {
      id: string;
      riskType: string;
      version: number;
      status: string;
      previousVersionId: string | null;
      response: string;
    }[];
    supersededProtocols: { id: string; supersededById: string | null }[];
  };
  const newSeizures = detail.protocols.find((protocol) => protocol.riskType === 'Seizures');
  expect(newSeizures).toMatchObject({
    version: 2,
    status: 'DRAFT',
    previousVersionId: oldSeizures?.id,
    response: '1. Call the RN if she has more than 1 seizure in 24 hours.',
  });
  expect(detail.supersededProtocols).toEqual([
    expect.objectContaining({ id: oldSeizures?.id, supersededById: newSeizures?.id }),
  ]);
  await snap(page, 'isp-review-version-2');
  await expectAccessible(page, 'isp-review-version-2');

  // 2. Exclusion: an empty reason is refused with a message; with a reason it is excluded and shows the reason.
  const fallsCard = card('Falls');
  await fallsCard.getByRole('button', { name: 'Exclude from this ISP…' }).click();
  await fallsCard.getByRole('button', { name: 'Exclude protocol' }).click();
  await expect(fallsCard.getByText('Give the reason for excluding this protocol.')).toBeVisible();
  await expect(fallsCard.getByLabel(/Reason for excluding/)).toHaveAttribute('aria-invalid', 'true');
  await snap(page, 'isp-review-exclude-refused');
  await expectAccessible(page, 'isp-review-exclude-refused');
  await fallsCard.getByLabel(/Reason for excluding/).fill('Moved to a ground-floor room; no stairs.');
  await fallsCard.getByRole('button', { name: 'Exclude protocol' }).click();
  await expect(badge(fallsCard, 'Excluded')).toBeVisible();
  await expect(fallsCard.getByText('Moved to a ground-floor room; no stairs.')).toBeVisible();
  await expect(fallsCard.getByRole('button', { name: 'Finalized' })).toBeDisabled();
  await snap(page, 'isp-review-excluded');
  await expectAccessible(page, 'isp-review-excluded');
  // Included again: back to its status, the exclusion button again.
  await fallsCard.getByRole('button', { name: 'Include again' }).click();
  await expect(fallsCard.getByRole('button', { name: 'Exclude from this ISP…' })).toBeVisible();
  await expect(badge(fallsCard, 'Excluded')).toHaveCount(0);
  expect(
    (await ispProtocols(page.request, ispId)).find((protocol) => protocol.riskType === 'Falls'),
  ).toMatchObject({ excluded: false });
  // And excluded again.
  await fallsCard.getByRole('button', { name: 'Exclude from this ISP…' }).click();
  await fallsCard.getByLabel(/Reason for excluding/).fill('Moved to a ground-floor room; no stairs.');
  await fallsCard.getByRole('button', { name: 'Exclude protocol' }).click();
  await expect(badge(fallsCard, 'Excluded')).toBeVisible();

  // The rest finalized (version 2 of the order locks again), then Verify ISP.
  const verifyButton = page.getByRole('button', { name: 'Verify ISP' });
  await expect(verifyButton).toBeDisabled();
  await finalizeCard(card('Dehydration'));
  await finalizeCard(seizuresCard);
  await expect(seizuresCard.getByText('Locked order')).toBeVisible();
  await expect(
    page.getByText('Every protocol is finalized or excluded: the ISP can be verified.'),
  ).toBeVisible();
  await verifyButton.click();
  await expect(page.getByTestId('isp-verified')).toContainText('Verified by');
  expect(((await (await page.request.get(`/api/isps/${ispId}`)).json()) as { status: string }).status).toBe(
    'VERIFIED',
  );
  await expect(fallsCard.getByText('Moved to a ground-floor room; no stairs.')).toBeVisible();
  await snap(page, 'isp-review-verified');
  await expectAccessible(page, 'isp-review-verified');

  // 3. A second ISP of the same client: Dehydration's prevention changed (and with it the threshold read from it:
  // "by noon", was "by 2 pm"), Falls gone, Choking new.
  const nextIspId = await uploadThroughApi(
    page,
    origin,
    clientId,
    'review-versions-2.pdf',
    await ispPdf(CLIENT, [
      {
        ...dehydration,
        prevention: 'Offer a drink every 30 minutes. Tell the house manager if fluids below 64 oz by noon.',
      },
      seizures,
      choking,
    ]),
  );
  await page.goto(`/verify?id=${nextIspId}`);
  await expect(page.getByRole('heading', { level: 1, name: `Verify ISP: ${CLIENT}` })).toBeVisible();
  const changes = page
    .getByRole('heading', { level: 2, name: 'Changes since the last verified ISP' })
    .locator('xpath=..');
  await expect(changes.getByText('Compared with the ISP verified')).toBeVisible();
  const items = changes.getByRole('listitem');
  await expect(items.filter({ hasText: 'Added: Choking' })).toHaveCount(1);
  await expect(items.filter({ hasText: 'Removed: Falls' })).toHaveCount(1);
  await expect(items.filter({ hasText: /^Changed: Dehydration \(prevention, thresholds\)$/ })).toHaveCount(1);
  // Seizures differs from the verified version 2 (its response was changed there).
  await expect(items.filter({ hasText: /^Changed: Seizures \(response\)$/ })).toHaveCount(1);
  await expect(items).toHaveCount(4);
  // The new protocols are linked to the verified ones.
  const next = await ispProtocols(page.request, nextIspId);
  expect(next.map((protocol) => protocol.riskType)).toEqual(['Dehydration', 'Seizures', 'Choking']);
  await expect(card('Seizures').getByText('Version 3', { exact: true })).toBeVisible();
  await changes.scrollIntoViewIfNeeded();
  await snap(page, 'isp-review-changes');
  await expectAccessible(page, 'isp-review-changes');

  // The next ISP can be finalized and verified in turn (nothing left over from the first).
  await finalizeAllThroughApi(page.request, origin, nextIspId);
  await page.reload();
  await page.getByRole('button', { name: 'Verify ISP' }).click();
  await expect(page.getByTestId('isp-verified')).toContainText('Verified by');
});
