/**
 * Matchmaking media (issue 21 "Media"; decision 0055; docs/matchmaking.md "Media"). A guardian adds a client's photo
 * (a real PNG made with sharp here), sees the thumbnail, then continues the upload from a "phone" (a second browser
 * with no session) through the mobile-upload link: the desktop notices by itself, and the spent link is refused. A
 * caregiver adds a photo and a real short WebM video (recorded in Chromium with MediaRecorder from a canvas), plays it
 * (a Range request answered 206), types its transcript, continues, and picks the profile photo. Every screen passes
 * axe and is photographed; the family and caregiver pages and the phone page are checked in Spanish at 320 px.
 *
 * The listings are created through `POST /api/matchmaking/guardians`, `/clients` and `/caregivers`, built by the
 * listings part of issue 21.
 */
import { expect, test, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import {
  ADMIN_STATE_FILE,
  createUser,
  expectAccessible,
  forbidDialogs,
  signInThroughForm,
  snap,
} from './support.ts';
import { checkSpanishScreen, phone } from './spanish-support.ts';
import { pngFile, recordWebm } from './matchmaking-support.ts';

const stamp = Date.now().toString(36);
const PASSWORD = 'quiet harbour reading lamp';

/** A matchmaking account of `role`, signed in through the form on a /matchmaking page (relaxed session). */
async function signedIn(
  browser: Browser,
  baseURL: string | undefined,
  role: 'GUARDIAN' | 'CAREGIVER',
  locale = 'en-US',
): Promise<{ page: Page; email: string }> {
  const admin = await browser.newContext({ storageState: ADMIN_STATE_FILE, baseURL });
  const email = `${role.toLowerCase()}.media.${stamp}@example.org`;
  await createUser(admin.request, baseURL, {
    email,
    firstName: role === 'GUARDIAN' ? 'Greta' : 'Rosa',
    lastName: `Media ${stamp}`,
    role,
    password: PASSWORD,
  });
  await admin.close();
  const context = await browser.newContext({ baseURL, locale, storageState: { cookies: [], origins: [] } });
  const page = await context.newPage();
  forbidDialogs(page);
  await page.goto('/login?redirect=/matchmaking/role-select');
  await signInThroughForm(page, { email, password: PASSWORD });
  return { page, email };
}

/** POSTs `data` as the page's account; expects 201 and returns the created record's id. */
async function created(request: APIRequestContext, baseURL: string | undefined, url: string, data: object) {
  const response = await request.post(url, { headers: { origin: baseURL ?? '' }, data });
  expect(response.status(), `${url}: ${await response.text()}`).toBe(201);
  return ((await response.json()) as { id: string }).id;
}

/** Waits until the photo preview `image` has loaded (served and decoded), and returns its natural width. */
async function loadedWidth(page: Page, testId = 'photo-preview'): Promise<number> {
  const image = page.getByTestId(testId).first();
  await expect(image).toBeVisible();
  await expect
    .poll(() => image.evaluate((element) => (element as unknown as { naturalWidth: number }).naturalWidth))
    .toBeGreaterThan(0);
  return image.evaluate((element) => (element as unknown as { naturalWidth: number }).naturalWidth);
}

/**
 * Opens `path` on a 320 px Spanish phone with `signedIn`'s session, switching to Spanish when the account's saved
 * language is another one; returns the page (close its context when done).
 */
async function spanishPhone(browser: Browser, baseURL: string | undefined, signedIn: Page, path: string) {
  const context = await browser.newContext({
    baseURL,
    locale: 'es-MX',
    viewport: phone,
    storageState: await signedIn.context().storageState(),
  });
  const page = await context.newPage();
  await gotoInSpanish(page, path);
  return page;
}

/** Opens `path` and switches the page to Spanish when the account's saved language is another one. */
async function gotoInSpanish(page: Page, path: string) {
  await page.goto(path);
  await page.getByRole('heading', { level: 1 }).waitFor();
  if ((await page.locator('html').getAttribute('lang')) !== 'es')
    await page.getByTestId('locale-switcher').click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'es');
}

/** Opens the mobile-upload link on a "phone" (no session, 320 px) and returns the page. */
async function phonePage(browser: Browser, baseURL: string | undefined, url: string, locale = 'en-US') {
  const context = await browser.newContext({
    baseURL,
    locale,
    viewport: phone,
    storageState: { cookies: [], origins: [] },
  });
  const page = await context.newPage();
  forbidDialogs(page);
  await page.goto(new URL(url).pathname + new URL(url).search);
  return page;
}

test('a family adds a photo, then another from a phone through the link, which works once', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(180_000);
  const { page } = await signedIn(browser, baseURL, 'GUARDIAN');
  await created(page.request, baseURL, '/api/matchmaking/guardians', {
    firstName: 'Greta',
    lastName: 'Media',
  });
  const clientId = await created(page.request, baseURL, '/api/matchmaking/clients', {
    firstName: 'Cleo',
    lastName: 'Media',
    zipCode: '97401',
    careType: 'companionship',
    hoursNeeded: 20,
  });

  await page.goto(`/matchmaking/client/new/${clientId}/avatar`);
  await expect(page.getByRole('heading', { level: 1, name: 'A photo of Cleo' })).toBeVisible();
  await expect(page.getByText('No photo yet.')).toBeVisible();
  await expectAccessible(page, 'client-avatar');
  await snap(page, 'media-client-avatar-empty');

  // A file of the wrong type is refused in words before it is sent.
  await page.getByTestId('file-photo').setInputFiles({
    name: 'notes.txt',
    mimeType: 'text/plain',
    buffer: Buffer.from('not a photo'),
  });
  await expect(page.getByRole('alert')).toContainText('not a photo Tend can use');

  await page.getByTestId('file-photo').setInputFiles(await pngFile('cleo.png', 900, 600, '#c0504d'));
  await expect(page.getByRole('img', { name: 'Photo of Cleo' })).toBeVisible();
  expect(await loadedWidth(page)).toBe(320);
  await expectAccessible(page, 'client-avatar');
  await snap(page, 'media-client-avatar');

  // Continue from a phone: the QR code and the link; the phone needs no session.
  await page.getByRole('button', { name: 'Use my phone for the photo' }).click();
  await expect(page.getByRole('img', { name: 'QR code of the upload link' })).toBeVisible();
  const link = await page.getByTestId('mobile-link-url').inputValue();
  expect(link).toMatch(/\/matchmaking\/mobile-upload\?token=[A-Za-z0-9_-]{43}$/);
  await expectAccessible(page, 'client-avatar');
  await snap(page, 'media-client-avatar-qr');
  const before = await page.getByRole('img', { name: 'Photo of Cleo' }).getAttribute('src');

  const mobile = await phonePage(browser, baseURL, link);
  await expect(mobile.getByRole('heading', { level: 1, name: 'Add the profile photo' })).toBeVisible();
  await expectAccessible(mobile, 'mobile-upload');
  await snap(mobile, 'media-phone');
  await mobile.getByTestId('file-photo').setInputFiles(await pngFile('phone.png', 600, 800, '#4f81bd'));
  await expect(mobile.getByRole('heading', { level: 1, name: 'Done' })).toBeVisible();
  await expectAccessible(mobile, 'mobile-upload');
  await snap(mobile, 'media-phone-done');

  await expect(page.getByText('Received from your phone.')).toBeVisible({ timeout: 15_000 });
  await expect(page.getByRole('img', { name: 'Photo of Cleo' })).not.toHaveAttribute('src', before ?? '');
  await snap(page, 'media-client-avatar-arrived');

  await mobile.reload();
  await expect(mobile.getByRole('heading', { level: 1, name: 'This link was already used' })).toBeVisible();
  await expectAccessible(mobile, 'mobile-upload');
  await snap(mobile, 'media-phone-used');
  await mobile.goto('/matchmaking/mobile-upload?token=tampered');
  await expect(mobile.getByRole('heading', { level: 1, name: 'This link does not work' })).toBeVisible();

  await page.getByRole('button', { name: 'Save and continue' }).click();
  await expect(page).toHaveURL(new RegExp(`/matchmaking/client/careDetails\\?clientId=${clientId}$`));

  // Spanish on a 320 px phone (last: the language choice is saved to the account): the family's page and the phone's.
  const esPage = await spanishPhone(browser, baseURL, page, `/matchmaking/client/new/${clientId}/avatar`);
  await expect(esPage.getByRole('heading', { level: 1, name: 'Una foto de Cleo' })).toBeVisible();
  await checkSpanishScreen(esPage, 'media-client-avatar');
  await esPage.getByRole('button', { name: 'Usar mi teléfono para la foto' }).click();
  const esLink = await esPage.getByTestId('mobile-link-url').inputValue();
  await checkSpanishScreen(esPage, 'media-client-avatar-qr');
  const esMobile = await phonePage(browser, baseURL, esLink, 'es-MX');
  await esMobile.getByRole('heading', { level: 1 }).waitFor();
  if ((await esMobile.locator('html').getAttribute('lang')) !== 'es')
    await esMobile.getByTestId('locale-switcher').click();
  await expect(esMobile.getByRole('heading', { level: 1, name: 'Agregar la foto del perfil' })).toBeVisible();
  await checkSpanishScreen(esMobile, 'media-phone');
  await esPage.context().close();
});

test('a caregiver adds a photo and a short video, plays it, types its transcript and picks the profile photo', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(180_000);
  const { page } = await signedIn(browser, baseURL, 'CAREGIVER');
  const caregiverId = await created(page.request, baseURL, '/api/matchmaking/caregivers', {
    firstName: 'Rosa',
    lastName: 'Media',
    zipCode: '97401',
  });

  await page.goto(`/matchmaking/caregiver/new/${caregiverId}/addMedia`);
  await expect(page.getByRole('heading', { level: 1, name: 'Photos and a short video' })).toBeVisible();
  await expect(page.getByText('No photos yet. Add one below.')).toBeVisible();
  await expect(page.getByText(/Photos and a video are optional/)).toBeVisible();
  await expectAccessible(page, 'caregiver-add-media');
  await snap(page, 'media-add-empty');

  await page.getByTestId('file-photo').setInputFiles(await pngFile('rosa.png', 1200, 900, '#9bbb59'));
  await expect(page.getByRole('img', { name: 'Your photo 1' })).toBeVisible();
  expect(await loadedWidth(page)).toBe(320);

  const webm = await recordWebm(page);
  expect(webm.subarray(0, 4)).toEqual(Buffer.from([0x1a, 0x45, 0xdf, 0xa3]));
  // The player asks for a byte range as soon as it loads the video: listen before it appears.
  const ranged = page.waitForResponse(
    (response) => response.url().includes('/api/matchmaking/media/videos/') && response.status() === 206,
  );
  await page
    .getByTestId('file-video')
    .setInputFiles({ name: 'hello.webm', mimeType: 'video/webm', buffer: webm });
  const player = page.getByTestId('video-player');
  await expect(player).toBeVisible();
  await expect(page.getByText('Main video')).toBeVisible();

  // Play it (the browser asked for a byte range and got 206 when the player loaded the video).
  await player.evaluate(async (element) => {
    const video = element as unknown as { muted: boolean; play(): Promise<void> };
    video.muted = true;
    await video.play();
  });
  await ranged;
  await expect
    .poll(() => player.evaluate((element) => (element as unknown as { currentTime: number }).currentTime))
    .toBeGreaterThan(0);

  await page
    .getByRole('textbox', { name: 'What you say in the video' })
    .fill('Hello, I am Rosa. I have cared for families for six years.');
  await page.getByRole('button', { name: 'Save transcript' }).click();
  await expect(page.getByTestId('video-transcript')).toHaveText(
    'Hello, I am Rosa. I have cared for families for six years.',
  );
  await expect(page.getByRole('button', { name: 'Save transcript' })).toBeDisabled();
  await expectAccessible(page, 'caregiver-add-media');
  await snap(page, 'media-add');

  await page.getByRole('button', { name: 'Save and continue' }).click();
  await expect(page).toHaveURL(/\/matchmaking\/caregiver\/medallion$/);

  await page.goto('/matchmaking/caregiver/profilePhoto');
  await expect(page.getByRole('heading', { level: 1, name: 'Your profile photo' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Save and continue' })).toBeDisabled();
  await expectAccessible(page, 'caregiver-profile-photo');
  await snap(page, 'media-profile-photo-empty');
  await page.getByRole('radio', { name: 'Photo 1' }).check();
  await page.getByRole('button', { name: 'Save and continue' }).click();
  await expect(page).toHaveURL(/\/matchmaking\/caregiver\/additionalInfo$/);

  // Spanish on a 320 px phone (last: the language choice is saved to the account).
  const esPage = await spanishPhone(
    browser,
    baseURL,
    page,
    `/matchmaking/caregiver/new/${caregiverId}/addMedia`,
  );
  await expect(esPage.getByRole('heading', { level: 1, name: 'Fotos y un video corto' })).toBeVisible();
  await checkSpanishScreen(esPage, 'media-add');

  await esPage.goto('/matchmaking/caregiver/profilePhoto');
  await expect(esPage.getByRole('heading', { level: 1, name: 'Su foto de perfil' })).toBeVisible();
  await expect(esPage.getByRole('img', { name: 'Su foto de perfil' })).toBeVisible();
  await checkSpanishScreen(esPage, 'media-profile-photo');
  await esPage.context().close();
});
