/**
 * A family code links the family's chosen client listing to the code's care client (issue 22; decision 0059
 * addendum; docs/matchmaking.md "Verification"). The admin creates a care client and issues a code through the API;
 * the guardian (a guardian profile and one client listing, made through the matchmaking API) opens the verification
 * page, sees the one listing pre-selected in the picker, enters the code and is verified; the listing is then linked
 * (shown as "linked already" to the API's listing choices). The case manager's authorization of the match that
 * follows is covered by the API tests (no API links an account to a case-manager record for a browser flow yet).
 */
import { expect, test } from '@playwright/test';
import {
  ADMIN_STATE_FILE,
  createUser,
  expectAccessible,
  forbidDialogs,
  signInThroughForm,
  snap,
} from './support.ts';
import { call } from './matchmaking-support.ts';

const stamp = Date.now().toString(36);
const PASSWORD = 'harbor quilt meadow eleven';
const FAMILY = { email: `mm.auth.family.${stamp}@example.org`, firstName: 'Flora', lastName: `Auth${stamp}` };
const CLIENT_NAME = `Abuela${stamp}`;

test('a guardian redeems a family code for the listing they confirm', async ({ browser, baseURL }) => {
  test.setTimeout(120_000);
  const admin = await browser.newContext({
    storageState: ADMIN_STATE_FILE,
    baseURL,
    extraHTTPHeaders: { origin: baseURL ?? '' },
  });
  await createUser(admin.request, baseURL, { ...FAMILY, password: PASSWORD, role: 'GUARDIAN' });
  const care = await admin.request.post('/api/clients', { data: { name: `Care ${CLIENT_NAME}` } });
  expect(care.status(), await care.text()).toBe(201);
  const careClientId = String(((await care.json()) as { id: string }).id);
  const issued = await admin.request.post('/api/matchmaking/family-codes', { data: { careClientId } });
  expect(issued.status(), await issued.text()).toBe(201);
  const { code } = (await issued.json()) as { code: string };

  const context = await browser.newContext({
    baseURL,
    locale: 'en-US',
    storageState: { cookies: [], origins: [] },
  });
  const page = await context.newPage();
  forbidDialogs(page);
  await page.goto('/login?redirect=/matchmaking');
  await signInThroughForm(page, { email: FAMILY.email, password: PASSWORD });
  await expect(page).toHaveURL(/\/matchmaking$/);
  await call(
    page,
    'POST',
    '/api/matchmaking/guardians',
    { firstName: 'Flora', lastName: FAMILY.lastName },
    201,
  );
  const listing = await call(
    page,
    'POST',
    '/api/matchmaking/clients',
    {
      firstName: CLIENT_NAME,
      lastName: 'Lopez',
      zipCode: '97401',
      careType: 'personal_care',
      hoursNeeded: 6,
    },
    201,
  );

  await page.goto('/matchmaking/verification/id');
  const picker = page.getByRole('combobox', { name: 'Who is this code for?' });
  await expect(picker).toHaveValue(`${CLIENT_NAME} Lopez`);
  await expectAccessible(page, 'matchmaking-verification-family-listing');
  await snap(page, 'mm-verification-family-listing');
  await page.getByRole('textbox', { name: 'Code from your case manager' }).fill(code);
  await page.getByRole('button', { name: 'Use the code' }).click();
  await expect(page.getByTestId('guardian-verification')).toContainText('case manager code');
  await expectAccessible(page, 'matchmaking-verification-family-verified');
  await snap(page, 'mm-verification-family-verified');

  const mine = (await call(page, 'GET', '/api/matchmaking/verification')) as {
    guardian: { listings: { id: string; linked: boolean }[] };
  };
  expect(mine.guardian.listings).toContainEqual(expect.objectContaining({ id: listing.id, linked: true }));

  await Promise.all([context.close(), admin.close()]);
});
