/**
 * Shared parts of the matchmaking flows (issues 21, 22): real media made here, never downloaded — a PNG drawn with sharp
 * and a short WebM recorded in Chromium with MediaRecorder from a canvas —, signing in to matchmaking through the form,
 * and API calls made from a signed-in page for set-up that is not what a flow tests.
 */
import { expect, type Browser, type Page } from '@playwright/test';
import sharp from 'sharp';
import { forbidDialogs, signInThroughForm } from './support.ts';

/** Signs `email` in through the sign-in form and waits for the matchmaking landing page. */
export async function signedIn(page: Page, email: string, password: string): Promise<void> {
  forbidDialogs(page);
  await page.goto('/login?redirect=/matchmaking');
  await signInThroughForm(page, { email, password });
  await expect(page).toHaveURL(/\/matchmaking$/);
}

/**
 * A page in a fresh, signed-out context (English, desktop unless `viewport`) signed in as `email` through the form;
 * its context is `page.context()`.
 */
export async function signedInPage(
  browser: Browser,
  baseURL: string | undefined,
  email: string,
  password: string,
  viewport?: { width: number; height: number },
): Promise<Page> {
  const context = await browser.newContext({
    baseURL,
    locale: 'en-US',
    ...(viewport ? { viewport } : {}),
    storageState: { cookies: [], origins: [] },
  });
  const page = await context.newPage();
  await signedIn(page, email, password);
  return page;
}

/** `method url` with `data` as the page's session (and its origin); expects `status`; resolves the JSON body. */
export async function call(
  page: Page,
  method: 'POST' | 'PUT' | 'GET',
  url: string,
  data?: unknown,
  status = 200,
): Promise<Record<string, unknown>> {
  const response = await page.request.fetch(url, {
    method,
    data,
    headers: { origin: new URL(page.url()).origin },
  });
  expect(response.status(), `${method} ${url}: ${await response.text()}`).toBe(status);
  return (await response.json()) as Record<string, unknown>;
}

/** Writes `text` in the conversation composer labelled `label` and sends it with Enter. */
export async function write(page: Page, label: string, text: string): Promise<void> {
  const box = page.getByRole('textbox', { name: label });
  await box.fill(text);
  await box.press('Enter');
}

/** Monday and Wednesday mornings: the schedule the published listings below share, so they fit each other. */
const MORNINGS = {
  monday: [{ start: '09:00', end: '13:00' }],
  wednesday: [{ start: '09:00', end: '13:00' }],
};

/**
 * Makes `page`'s account a guardian (`guardian` names) with one published, public client listing named
 * `listing` (ZIP 97401, personal care, Monday and Wednesday mornings) through the matchmaking API; the listing's id.
 */
export async function publishClientListing(
  page: Page,
  guardian: { firstName: string; lastName: string },
  listing: { firstName: string; lastName: string },
): Promise<string> {
  await call(page, 'POST', '/api/matchmaking/guardians', guardian, 201);
  const client = await call(
    page,
    'POST',
    '/api/matchmaking/clients',
    { ...listing, zipCode: '97401', careType: 'personal_care', hoursNeeded: 20 },
    201,
  );
  const id = String(client.id);
  await call(page, 'PUT', `/api/matchmaking/clients/${id}/care-details`, {
    careNeededDescription: 'Help with meals and walks.',
  });
  await call(page, 'PUT', `/api/matchmaking/clients/${id}/schedule`, { schedule: MORNINGS });
  await call(page, 'POST', `/api/matchmaking/clients/${id}/finalize`, {
    visibility: 'public',
    hidden: false,
  });
  return id;
}

/**
 * Gives `page`'s account a published caregiver listing of `firstName lastName` (ZIP 97448, 19 km from the client
 * listings above, free on their mornings) through the matchmaking API; the listing's id.
 */
export async function publishCaregiverListing(
  page: Page,
  firstName: string,
  lastName: string,
): Promise<string> {
  const listing = await call(
    page,
    'POST',
    '/api/matchmaking/caregivers',
    { firstName, lastName, zipCode: '97448' },
    201,
  );
  await call(page, 'PUT', '/api/matchmaking/caregivers/me/schedule', { schedule: MORNINGS });
  await call(
    page,
    'POST',
    '/api/matchmaking/caregivers/me/bios',
    { bio: 'Ten years of home care for adults who live on their own.' },
    201,
  );
  await call(page, 'PUT', '/api/matchmaking/caregivers/me/additional-info', {
    availabilityStatus: 'available',
    contacts: [],
    references: [],
  });
  await call(page, 'POST', '/api/matchmaking/caregivers/me/finalize', {});
  return String(listing.id);
}

/** Client listing `clientId` and caregiver listing `caregiverId` like each other (as `family` and `caregiver`); the match. */
export async function likeEachOther(
  family: Page,
  clientId: string,
  caregiver: Page,
  caregiverId: string,
): Promise<{ id: string; status: string; careAuthorization: string }> {
  await call(family, 'POST', '/api/matchmaking/likes', { fromListingId: clientId, toListingId: caregiverId });
  const liked = await call(caregiver, 'POST', '/api/matchmaking/likes', {
    fromListingId: caregiverId,
    toListingId: clientId,
  });
  return liked.match as { id: string; status: string; careAuthorization: string };
}

/** A PNG of `width` × `height` in one colour with a lighter square, made with sharp. */
export async function pngFile(name: string, width: number, height: number, colour: string) {
  const square = await sharp({
    create: {
      width: Math.round(width / 2),
      height: Math.round(height / 2),
      channels: 3,
      background: '#ffffff',
    },
  })
    .png()
    .toBuffer();
  const buffer = await sharp({ create: { width, height, channels: 3, background: colour } })
    .composite([{ input: square, left: Math.round(width / 4), top: Math.round(height / 4) }])
    .png()
    .toBuffer();
  return { name, mimeType: 'image/png', buffer };
}

/** A short WebM (1 s of a moving square) recorded in the page with MediaRecorder from a canvas, as bytes. */
export async function recordWebm(page: Page): Promise<Buffer> {
  // A string expression: the e2e project's types have no DOM.
  const base64 = await page.evaluate<string>(`(async () => {
    const canvas = document.createElement('canvas');
    canvas.width = 160;
    canvas.height = 120;
    const context = canvas.getContext('2d');
    const stream = canvas.captureStream(15);
    const recorder = new MediaRecorder(stream, { mimeType: 'video/webm' });
    const chunks = [];
    recorder.ondataavailable = (event) => chunks.push(event.data);
    const stopped = new Promise((resolve) => (recorder.onstop = resolve));
    recorder.start(100);
    let frame = 0;
    const timer = setInterval(() => {
      context.fillStyle = '#2f6f4f';
      context.fillRect(0, 0, 160, 120);
      context.fillStyle = '#ffffff';
      context.fillRect((frame * 8) % 140, 40, 20, 20);
      frame += 1;
    }, 66);
    await new Promise((resolve) => setTimeout(resolve, 1200));
    clearInterval(timer);
    recorder.stop();
    await stopped;
    const bytes = new Uint8Array(await new Blob(chunks, { type: 'video/webm' }).arrayBuffer());
    let text = '';
    for (const byte of bytes) text += String.fromCharCode(byte);
    return btoa(text);
  })()`);
  return Buffer.from(base64, 'base64');
}
