/**
 * Issue 21 "Done when", as one journey through the pages (each step reached by "Save and continue" from the one
 * before, never by typing its address): a guardian creates a client and completes all five steps, with a photo and a
 * schedule from a sentence; a caregiver completes all nine, with a photo and a short video recorded in Chromium; then
 * each sees the other on their map at 25 km and not at 10 km (Eugene 97401 and Junction City 97448 are 19 km apart).
 * The per-part flows (matchmaking-clients, -caregivers, -media, -schedules, -entry) check each page in depth, in
 * Spanish at 320 px, and the half-finished resume and the dismissible alert.
 */
import { expect, test, type Browser, type Page } from '@playwright/test';
import { ADMIN_STATE_FILE, createUser, forbidDialogs, signInThroughForm, snap } from './support.ts';
import { pngFile, recordWebm } from './matchmaking-support.ts';

const stamp = Date.now().toString(36);
const PASSWORD = 'orchard lantern river stone';
const GUARDIAN = {
  email: `mm.journey.family.${stamp}@example.org`,
  firstName: 'Ines',
  lastName: `Journey${stamp}`,
};
const CAREGIVER = {
  email: `mm.journey.cg.${stamp}@example.org`,
  firstName: 'Teo',
  lastName: `Journey${stamp}`,
};
const CLIENT = 'Nora';

/** A fresh browser signed in as `account` through the form, asking for `path` (a relaxed session). */
async function signedIn(browser: Browser, baseURL: string | undefined, email: string, path: string) {
  const context = await browser.newContext({
    baseURL,
    locale: 'en-US',
    storageState: { cookies: [], origins: [] },
  });
  const page = await context.newPage();
  forbidDialogs(page);
  await page.goto(`/login?redirect=${encodeURIComponent(path)}`);
  await signInThroughForm(page, { email, password: PASSWORD });
  await expect(page).toHaveURL(new RegExp(`${path}$`));
  return page;
}

const saveAndContinue = (page: Page) => page.getByRole('button', { name: 'Save and continue' }).click();
const step = (page: Page, text: string) =>
  expect(page.getByTestId('onboarding-progress')).toContainText(text);

async function chooseRadius(page: Page, km: number) {
  await page.getByRole('combobox', { name: 'Distance' }).click();
  await page.getByRole('option', { name: `${km} km`, exact: true }).click();
}

test('a family lists a client in five steps and a caregiver in nine; each finds the other on the map', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(300_000);
  const admin = await browser.newContext({ storageState: ADMIN_STATE_FILE, baseURL });
  await createUser(admin.request, baseURL, { ...GUARDIAN, password: PASSWORD, role: 'GUARDIAN' });
  await createUser(admin.request, baseURL, { ...CAREGIVER, password: PASSWORD, role: 'CAREGIVER' });
  await admin.close();

  // The family: guardian profile, then the client's five steps.
  const family = await signedIn(browser, baseURL, GUARDIAN.email, '/matchmaking/guardian/create');
  await family.getByRole('textbox', { name: 'First name' }).fill(GUARDIAN.firstName);
  await family.getByRole('textbox', { name: 'Last name' }).fill(GUARDIAN.lastName);
  await saveAndContinue(family);
  await step(family, 'Step 1 of 5');
  await family.getByRole('textbox', { name: 'First name' }).fill(CLIENT);
  await family.getByRole('textbox', { name: 'Last name' }).fill('Lind');
  await family.getByRole('textbox', { name: 'ZIP code' }).fill('97401');
  await family.getByRole('combobox', { name: 'Type of care', exact: true }).click();
  await family.getByRole('option', { name: 'Companionship', exact: true }).click();
  await family.getByRole('textbox', { name: 'Hours of care a week' }).fill('15');
  await saveAndContinue(family);

  await step(family, 'Step 2 of 5');
  await family.getByTestId('file-photo').setInputFiles(await pngFile('nora.png', 800, 600, '#4f81bd'));
  await expect(family.getByRole('img', { name: `Photo of ${CLIENT}` })).toBeVisible();
  await saveAndContinue(family);

  await step(family, 'Step 3 of 5');
  await family
    .getByRole('textbox', { name: 'What care is needed' })
    .fill('Company on weekday afternoons and help with meals.');
  await saveAndContinue(family);

  await step(family, 'Step 4 of 5');
  await family.getByRole('textbox', { name: 'When is care needed?' }).fill('weekdays after 3');
  await family.getByRole('button', { name: 'Use this schedule' }).click();
  await saveAndContinue(family);

  await step(family, 'Step 5 of 5');
  await family.getByRole('button', { name: 'Publish' }).click();
  await expect(
    family.getByRole('heading', { level: 1, name: `The listing for ${CLIENT} is published` }),
  ).toBeVisible();
  await snap(family, 'mm-journey-family-published');
  const familyMap = family.getByRole('link', { name: 'Open the map' });

  // The caregiver: nine steps, with a photo and a short video.
  const caregiver = await signedIn(browser, baseURL, CAREGIVER.email, '/matchmaking/caregiver/create');
  await caregiver.getByRole('link', { name: 'Start' }).click();
  await step(caregiver, 'Step 1 of 9');
  await caregiver.getByRole('textbox', { name: 'First name' }).fill(CAREGIVER.firstName);
  await caregiver.getByRole('textbox', { name: 'Last name' }).fill(CAREGIVER.lastName);
  await caregiver.getByRole('textbox', { name: 'ZIP code' }).fill('97448');
  await saveAndContinue(caregiver);

  await step(caregiver, 'Step 2 of 9');
  await caregiver.getByTestId('file-photo').setInputFiles(await pngFile('teo.png', 900, 900, '#9bbb59'));
  await expect(caregiver.getByRole('img', { name: 'Your photo 1' })).toBeVisible();
  await caregiver
    .getByTestId('file-video')
    .setInputFiles({ name: 'hello.webm', mimeType: 'video/webm', buffer: await recordWebm(caregiver) });
  await expect(caregiver.getByTestId('video-player')).toBeVisible();
  await saveAndContinue(caregiver);

  await step(caregiver, 'Step 3 of 9');
  await caregiver.getByRole('radio', { name: 'I am working on it' }).check();
  await saveAndContinue(caregiver);

  await step(caregiver, 'Step 4 of 9');
  await caregiver.getByRole('textbox', { name: 'When are you available?' }).fill('weekdays 8 to 4');
  await caregiver.getByRole('button', { name: 'Use this schedule' }).click();
  await saveAndContinue(caregiver);

  await step(caregiver, 'Step 5 of 9');
  await caregiver
    .getByRole('textbox', { name: 'Why do you care for people?' })
    .fill('My neighbour needed help, and I found I was good at it.');
  await caregiver
    .getByRole('textbox', { name: 'What experience do you have?' })
    .fill('Five years with adults who live at home.');
  await caregiver.getByRole('button', { name: 'Put my answers into my bio' }).click();
  await saveAndContinue(caregiver);

  await step(caregiver, 'Step 6 of 9');
  await caregiver.getByRole('radio', { name: 'Photo 1' }).check();
  await saveAndContinue(caregiver);

  await step(caregiver, 'Step 7 of 9');
  await caregiver.getByRole('radio', { name: 'Available now' }).check();
  await saveAndContinue(caregiver);

  await step(caregiver, 'Step 8 of 9');
  await caregiver.getByRole('button', { name: 'Publish my listing' }).click();
  await step(caregiver, 'Step 9 of 9');
  await caregiver.getByRole('button', { name: 'Finish' }).click();
  await expect(caregiver).toHaveURL(/\/matchmaking\/caregiver\/profile$/);
  await expect(caregiver.getByText('Published', { exact: true })).toBeVisible();
  await snap(caregiver, 'mm-journey-caregiver-profile');

  // Each on their map: the other at 25 km (19 km away), and not at 10 km.
  await familyMap.click();
  await expect(family.getByRole('heading', { level: 1, name: 'Caregivers near you' })).toBeVisible();
  await chooseRadius(family, 25);
  const caregiverCard = `${CAREGIVER.firstName} ${CAREGIVER.lastName.charAt(0)}.`;
  const theirRow = family.getByTestId('nearby-row').filter({ hasText: caregiverCard });
  await expect(theirRow).toContainText('19 km');
  expect(await family.getByTestId('nearby-list').innerText()).not.toContain(CAREGIVER.lastName);
  await snap(family, 'mm-journey-family-map');
  // Other flows' listings may be nearer (one database for every flow): only this caregiver must be gone.
  await chooseRadius(family, 10);
  await expect(family.getByTestId('nearby-row').filter({ hasText: caregiverCard })).toHaveCount(0);

  await caregiver.getByRole('link', { name: 'See families near you' }).click();
  await expect(caregiver.getByRole('heading', { level: 1, name: 'Families near you' })).toBeVisible();
  await chooseRadius(caregiver, 25);
  await expect(caregiver.getByTestId('nearby-list')).toContainText(`${CLIENT} L.`);
  expect(await caregiver.getByTestId('nearby-list').innerText()).not.toContain('Lind');
  await snap(caregiver, 'mm-journey-caregiver-map');
  await chooseRadius(caregiver, 10);
  await expect(caregiver.getByTestId('nearby-row').filter({ hasText: `${CLIENT} L.` })).toHaveCount(0);

  await family.context().close();
  await caregiver.context().close();
});
