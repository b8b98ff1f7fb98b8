/**
 * Caregiver listings (issue 21; docs/matchmaking.md "Caregiver listings"; decision 0054). A CAREGIVER account the
 * admin creates signs in through `/login?redirect=/matchmaking/caregiver/create` (a relaxed session), reads what
 * families see, starts, fills in "About you" (an unknown ZIP code is refused on its input) and moves on to the
 * photos-and-video step; then opens the medallion, bio (composed from the guided prompts), additional information,
 * finishing (publishing refused naming the missing availability; published once it is given) and verification steps
 * directly. The profile and the preview show "first name + last initial" and never the last name, email, phone or
 * address. The step pages are checked in Spanish at 320 px; every screen passes axe.
 */
import { expect, test, type Page } from '@playwright/test';
import {
  ADMIN_STATE_FILE,
  createUser,
  expectAccessible,
  forbidDialogs,
  signInThroughForm,
  snap,
} from './support.ts';
import { checkSpanishScreen, phone } from './spanish-support.ts';

const stamp = Date.now().toString(36);
const PASSWORD = 'kettle meadow lantern quiet';
const CAREGIVER = {
  email: `rosa.caregiver.${stamp}@example.org`,
  firstName: 'Rosa',
  lastName: `Quintanilla${stamp}`,
};
const PRIVATE = {
  phone: '541-555-0142',
  address: `12 Hidden Oak ${stamp}`,
};
const BASE = '/matchmaking/caregiver';

test.use({ actionTimeout: 15_000 });

/**
 * The page's main content never holds the caregiver's last name, email, phone or address (the frame's header names
 * the signed-in account to itself, as on every page).
 */
async function expectNothingPrivate(page: Page): Promise<void> {
  const text = await page.locator('main').innerText();
  for (const secret of [CAREGIVER.lastName, CAREGIVER.email, PRIVATE.phone, PRIVATE.address]) {
    expect(text, `the page shows ${secret}`).not.toContain(secret);
  }
}

test('a caregiver builds a listing step by step and sees it as families do', async ({ browser, baseURL }) => {
  test.setTimeout(180_000);
  const adminContext = await browser.newContext({
    storageState: ADMIN_STATE_FILE,
    baseURL,
    extraHTTPHeaders: { origin: baseURL ?? '' },
  });
  await createUser(adminContext.request, baseURL, { ...CAREGIVER, password: PASSWORD, role: 'CAREGIVER' });
  await adminContext.close();

  const context = await browser.newContext({
    baseURL,
    locale: 'en-US',
    storageState: { cookies: [], origins: [] },
  });
  const page = await context.newPage();
  forbidDialogs(page);
  await page.goto(`/login?redirect=${encodeURIComponent(`${BASE}/create`)}`);
  await signInThroughForm(page, { email: CAREGIVER.email, password: PASSWORD });
  await expect(page).toHaveURL(new RegExp(`${BASE}/create$`));

  // Start: the nine steps, what families see and what they never see.
  await expect(page.getByRole('heading', { level: 1, name: 'Create your caregiver listing' })).toBeVisible();
  await expect(page.getByText('What families never see until you both agree')).toBeVisible();
  await expect(page.getByRole('listitem')).toHaveCount(9);
  await expectAccessible(page, 'caregiver-create');
  await snap(page, 'caregiver-create');
  await page.getByRole('link', { name: 'Start' }).click();

  // Step 1: about you. An unknown ZIP code is refused on its input; nothing is created.
  await expect(page).toHaveURL(new RegExp(`${BASE}/new/form$`));
  await expect(page.getByText('Step 1 of 9 · About you')).toBeVisible();
  await page.getByRole('textbox', { name: 'First name' }).fill(CAREGIVER.firstName);
  await page.getByRole('textbox', { name: 'Last name' }).fill(CAREGIVER.lastName);
  await page.getByRole('textbox', { name: 'Email' }).fill(CAREGIVER.email);
  await page.getByRole('textbox', { name: 'Phone' }).fill(PRIVATE.phone);
  await page.getByRole('textbox', { name: 'Street address' }).fill(PRIVATE.address);
  await page.getByRole('textbox', { name: 'ZIP code' }).fill('00000');
  await page.getByRole('combobox', { name: 'Languages you speak' }).fill('English');
  await page.keyboard.press('Enter');
  await page.getByRole('combobox', { name: 'Languages you speak' }).fill('Spanish');
  await page.keyboard.press('Enter');
  await page.getByRole('button', { name: 'Save and continue' }).click();
  await expect(page.getByText('ZIP code is not a known US ZIP code')).toBeVisible();
  await expectAccessible(page, 'caregiver-form');
  await snap(page, 'caregiver-form-error');
  await page.getByRole('textbox', { name: 'ZIP code' }).fill('97401');
  await page.getByRole('button', { name: 'Save and continue' }).click();
  await expect(page).toHaveURL(new RegExp(`${BASE}/new/[0-9a-f-]{36}/addMedia$`));

  // Step 3: medallion.
  await page.goto(`${BASE}/medallion`);
  await expect(page.getByRole('heading', { level: 1, name: 'Your medallion' })).toBeVisible();
  await expect(page.getByText('A medallion is a badge on your listing')).toBeVisible();
  await page.getByRole('radio', { name: 'I am working on it' }).check();
  await expectAccessible(page, 'caregiver-medallion');
  await snap(page, 'caregiver-medallion');
  await page.getByRole('button', { name: 'Save and continue' }).click();
  await expect(page).toHaveURL(new RegExp(`${BASE}/scheduleMaker$`));

  // Step 5: the bio, composed from the guided prompts.
  await page.goto(`${BASE}/bioCreation`);
  await page
    .getByRole('textbox', { name: 'Why do you care for people?' })
    .fill('My grandmother taught me patience.');
  await page
    .getByRole('textbox', { name: 'What experience do you have?' })
    .fill('Six years with elders who live at home.');
  await page.getByRole('button', { name: 'Put my answers into my bio' }).click();
  await expect(page.getByRole('textbox', { name: 'Bio', exact: true })).toHaveValue(
    'My grandmother taught me patience.\n\nSix years with elders who live at home.',
  );
  await expectAccessible(page, 'caregiver-bio');
  await snap(page, 'caregiver-bio');
  await page.getByRole('button', { name: 'Save and continue' }).click();
  await expect(page).toHaveURL(new RegExp(`${BASE}/profilePhoto$`));

  // Step 8 before step 7: publishing is refused, naming the missing availability.
  await page.goto(`${BASE}/listingFinalization`);
  await expect(page.getByRole('heading', { level: 1, name: 'Finish your listing' })).toBeVisible();
  await page.getByRole('button', { name: 'Publish my listing' }).click();
  const refused = page.getByRole('alert').filter({ hasText: 'Your listing was not published' });
  await expect(refused).toBeVisible();
  await expect(refused.getByRole('link', { name: 'Availability' })).toBeVisible();
  await expectAccessible(page, 'caregiver-finalization');
  await snap(page, 'caregiver-finalization-refused');

  // Step 7: additional information.
  await refused.getByRole('link', { name: 'Availability' }).click();
  await expect(page).toHaveURL(new RegExp(`${BASE}/additionalInfo$`));
  await page.getByRole('button', { name: 'Add a contact' }).click();
  await page.getByRole('textbox', { name: 'Name' }).fill('Marta');
  await page.getByRole('textbox', { name: 'Relationship' }).fill('Sister');
  await page.getByRole('button', { name: 'Add a reference' }).click();
  await page.getByRole('textbox', { name: 'Reference name' }).fill('Dr. Lee');
  await page.getByRole('radio', { name: 'Available now' }).check();
  await page.getByRole('checkbox', { name: 'I can be a backup caregiver' }).check();
  await expectAccessible(page, 'caregiver-additional-info');
  await snap(page, 'caregiver-additional-info');
  await page.getByRole('button', { name: 'Save and continue' }).click();
  await expect(page).toHaveURL(new RegExp(`${BASE}/listingFinalization$`));
  await expect(page.getByText('Everything needed is here. You can publish.')).toBeVisible();
  await page.getByRole('button', { name: 'Publish my listing' }).click();

  // Step 9: verification — not verified yet, with the way to verify.
  await expect(page).toHaveURL(new RegExp(`${BASE}/verificationComplete$`));
  await expect(page.getByText('Your listing is not verified yet')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Verify my identity' })).toHaveAttribute(
    'href',
    '/matchmaking/verification/id',
  );
  await expectAccessible(page, 'caregiver-verification');
  await snap(page, 'caregiver-verification');
  await page.getByRole('button', { name: 'Finish' }).click();

  // The profile: first name and last initial, the steps left, nothing private.
  await expect(page).toHaveURL(new RegExp(`${BASE}/profile$`));
  await expect(page.getByRole('heading', { level: 1, name: 'Your listing' })).toBeVisible();
  await expect(page.getByText('Rosa Q.')).toBeVisible();
  await expect(page.getByText('Published', { exact: true })).toBeVisible();
  await expect(page.getByText('Next: Photos and video')).not.toBeVisible();
  await expectNothingPrivate(page);
  await expectAccessible(page, 'caregiver-profile');
  await snap(page, 'caregiver-profile');

  // The preview: the card as families see it.
  await page.getByRole('link', { name: 'See my listing as families do' }).click();
  await expect(page).toHaveURL(new RegExp(`${BASE}/previewProfileTest$`));
  const card = page.getByTestId('caregiver-card');
  await expect(card.getByTestId('card-name')).toHaveText('Rosa Q.');
  await expect(card.getByText('Eugene, OR')).toBeVisible();
  await expect(card.getByText('Available now')).toBeVisible();
  await expect(card.getByText('English and Spanish')).toBeVisible();
  await expect(card.getByText('My grandmother taught me patience.', { exact: false })).toBeVisible();
  await expectNothingPrivate(page);
  await expectAccessible(page, 'caregiver-preview');
  await snap(page, 'caregiver-preview');

  // Spanish on a 320 px phone: each step page and the profile and preview.
  const spanish = await browser.newContext({
    baseURL,
    locale: 'es-MX',
    viewport: phone,
    storageState: await context.storageState(),
  });
  const es = await spanish.newPage();
  forbidDialogs(es);
  await es.goto(`${BASE}/new/form`);
  await es.getByRole('heading', { level: 1 }).waitFor();
  if ((await es.locator('html').getAttribute('lang')) !== 'es')
    await es.getByTestId('locale-switcher').click();
  const screens: [string, string, string][] = [
    ['new/form', 'caregiver-form', 'Sobre usted'],
    ['medallion', 'caregiver-medallion', 'Su medallón'],
    ['bioCreation', 'caregiver-bio', 'Su biografía'],
    ['additionalInfo', 'caregiver-additional-info', 'Información adicional'],
    ['listingFinalization', 'caregiver-finalization', 'Termine su perfil'],
    ['verificationComplete', 'caregiver-verification', 'Verificación'],
    ['profile', 'caregiver-profile', 'Su perfil'],
    ['previewProfileTest', 'caregiver-preview', 'Su perfil como lo ven las familias'],
  ];
  for (const [path, name, heading] of screens) {
    await es.goto(`${BASE}/${path}`);
    await expect(es.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    await checkSpanishScreen(es, name);
  }
  await expectNothingPrivate(es);
  await es.getByTestId('locale-switcher').click();
  await expect(es.locator('html')).toHaveAttribute('lang', 'en');
  await spanish.close();

  // A listing half done resumes at its next step: /create sends this finished one to its profile.
  await page.goto(`${BASE}/create`);
  await expect(page).toHaveURL(new RegExp(`${BASE}/profile$`));
  await context.close();
});
