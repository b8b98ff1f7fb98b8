/**
 * Likes, matches, the readable fit and ratings (issue 22; decision 0059; docs/matchmaking.md "Likes, matches and
 * fit"). A family (client listing in Eugene, needs a driver, Monday mornings) and a caregiver (Junction City, 19 km,
 * drives, free Monday to Friday) are set up through the matchmaking API. The family finds the caregiver ranked with
 * why it fits and likes them; the caregiver sees the like, likes back, and both see the match; the family rates the
 * caregiver and the review shows on the full profile. Every screen passes axe; Spanish at 320 px once; the admin's
 * settings tab. Linking a listing to its care client by family code and the case manager's authorization are
 * matchmaking-authorization.spec.ts; an ended match's thread is matchmaking-ended.spec.ts.
 */
import { expect, test } from '@playwright/test';
import { ADMIN_STATE_FILE, createUser, expectAccessible, forbidDialogs, snap } from './support.ts';
import { signedIn, call } from './matchmaking-support.ts';
import { checkSpanishScreen, phone } from './spanish-support.ts';

const stamp = Date.now().toString(36);
const PASSWORD = 'orchard lantern window seven';
const FAMILY = { email: `mm.likes.family.${stamp}@example.org`, firstName: 'Fern', lastName: `Fam${stamp}` };
const CAREGIVER = { email: `mm.likes.cg.${stamp}@example.org`, firstName: 'Celia', lastName: `Cg${stamp}` };
const CLIENT_NAME = `Nana${stamp}`;
const CAREGIVER_NAME = `Celia${stamp}`;

test('a family and a caregiver find each other ranked with reasons, like each other, match, and the family rates', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(240_000);
  const admin = await browser.newContext({ storageState: ADMIN_STATE_FILE, baseURL });
  await createUser(admin.request, baseURL, { ...FAMILY, password: PASSWORD, role: 'GUARDIAN' });
  await createUser(admin.request, baseURL, { ...CAREGIVER, password: PASSWORD, role: 'CAREGIVER' });

  // Set-up through the API (not what this flow tests).
  const familyContext = await browser.newContext({
    baseURL,
    locale: 'en-US',
    storageState: { cookies: [], origins: [] },
  });
  const family = await familyContext.newPage();
  await signedIn(family, FAMILY.email, PASSWORD);
  await call(
    family,
    'POST',
    '/api/matchmaking/guardians',
    { firstName: 'Fern', lastName: FAMILY.lastName },
    201,
  );
  const client = await call(
    family,
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
  const clientId = String(client.id);
  await call(family, 'PUT', `/api/matchmaking/clients/${clientId}/care-details`, {
    careNeededDescription: 'Help with breakfast and a walk on Monday mornings.',
    careDetails: { drivingNeeded: true },
  });
  await call(family, 'PUT', `/api/matchmaking/clients/${clientId}/schedule`, {
    schedule: { monday: [{ start: '09:00', end: '12:00' }] },
  });
  await call(family, 'POST', `/api/matchmaking/clients/${clientId}/finalize`, {
    visibility: 'public',
    hidden: false,
  });

  const caregiverContext = await browser.newContext({
    baseURL,
    locale: 'en-US',
    storageState: { cookies: [], origins: [] },
  });
  const caregiver = await caregiverContext.newPage();
  await signedIn(caregiver, CAREGIVER.email, PASSWORD);
  const listing = await call(
    caregiver,
    'POST',
    '/api/matchmaking/caregivers',
    {
      firstName: CAREGIVER_NAME,
      lastName: CAREGIVER.lastName,
      zipCode: '97448',
      canDrive: true,
      experienceYears: 6,
      languages: ['en', 'es'],
      specialties: ['Personal care'],
      certifications: ['CNA'],
    },
    201,
  );
  const caregiverId = String(listing.id);
  await call(caregiver, 'PUT', '/api/matchmaking/caregivers/me/schedule', {
    schedule: Object.fromEntries(
      ['monday', 'tuesday', 'wednesday', 'thursday', 'friday'].map((day) => [
        day,
        [{ start: '08:00', end: '16:00' }],
      ]),
    ),
  });
  await call(
    caregiver,
    'POST',
    '/api/matchmaking/caregivers/me/bios',
    { bio: 'Six years of home care for older adults in Lane County.' },
    201,
  );
  await call(caregiver, 'PUT', '/api/matchmaking/caregivers/me/additional-info', {
    availabilityStatus: 'available',
    contacts: [],
    references: [{ refName: 'Rita Reference', relationship: 'former employer' }],
  });
  await call(caregiver, 'POST', '/api/matchmaking/caregivers/me/finalize', {});

  // The family finds the caregiver, ranked with why it fits, and likes them.
  await family.goto(`/matchmaking/client/likes?clientId=${clientId}`);
  await expect(family.getByRole('heading', { level: 1, name: 'Caregivers for you' })).toBeVisible();
  const card = family.getByTestId('entry-card').filter({ hasText: CAREGIVER_NAME });
  await expect(card).toBeVisible();
  await expect(card.getByText('Why it fits')).toBeVisible();
  await expect(card.getByText('Free for 100% of the hours needed (3 h a week)')).toBeVisible();
  await expect(card.getByText('Has 1 of the 1 skills needed')).toBeVisible();
  await expect(card.getByText(/Fit \d+ \/ 100/)).toBeVisible();
  await expectAccessible(family, 'matchmaking-client-likes');
  await snap(family, 'mm-likes-discover');
  await card.getByRole('button', { name: `Like ${CAREGIVER_NAME}` }).click();
  await expect(card).toHaveCount(0);

  await family.goto(`/matchmaking/client/likesList?clientId=${clientId}`);
  await expect(family.getByTestId('entry-card').filter({ hasText: CAREGIVER_NAME })).toContainText(
    'Waiting for an answer',
  );
  await expectAccessible(family, 'matchmaking-client-likes-list');

  // The caregiver: discovery, the like received, like back, the match.
  await caregiver.goto('/matchmaking/caregiver/clients');
  await expect(caregiver.getByRole('heading', { level: 1, name: 'Families looking for care' })).toBeVisible();
  await expectAccessible(caregiver, 'matchmaking-caregiver-clients');
  await caregiver.goto('/matchmaking/caregiver/likes');
  await expect(caregiver.getByRole('heading', { level: 1, name: 'Families looking for care' })).toBeVisible();
  await expectAccessible(caregiver, 'matchmaking-caregiver-likes');
  await caregiver.goto('/matchmaking/caregiver/likesList');
  const received = caregiver.getByTestId('entry-card').filter({ hasText: CLIENT_NAME });
  await expect(received).toBeVisible();
  await expectAccessible(caregiver, 'matchmaking-caregiver-likes-list');
  await snap(caregiver, 'mm-likes-received');
  await caregiver.goto(`/matchmaking/caregiver/client/${clientId}/profile`);
  await expect(caregiver.getByRole('heading', { level: 1, name: 'Client profile' })).toBeVisible();
  await expect(caregiver.getByText('Liked you')).toBeVisible();
  await expect(caregiver.getByRole('textbox', { name: 'Your message' })).toBeVisible();
  await expectAccessible(caregiver, 'matchmaking-caregiver-client-profile');
  await caregiver.goto('/matchmaking/caregiver/likesList');
  await caregiver.getByRole('button', { name: `Like back: ${CLIENT_NAME}` }).click();
  await caregiver.goto('/matchmaking/caregiver/matches');
  const caregiverMatch = caregiver.getByTestId('entry-card').filter({ hasText: CLIENT_NAME });
  await expect(caregiverMatch.getByTestId('match-status')).toHaveText('Matched');
  await expect(caregiverMatch.getByRole('link', { name: 'Message' })).toHaveAttribute(
    'href',
    /\/matchmaking\/caregiver\/messager\/[0-9a-f-]{36}$/,
  );
  await expectAccessible(caregiver, 'matchmaking-caregiver-matches');
  await snap(caregiver, 'mm-caregiver-matches');

  // The family sees the match and rates the caregiver.
  await family.goto(`/matchmaking/client/matches?clientId=${clientId}`);
  const familyMatch = family.getByTestId('entry-card').filter({ hasText: CAREGIVER_NAME });
  await expect(familyMatch.getByTestId('match-status')).toHaveText('Matched');
  await expectAccessible(family, 'matchmaking-client-matches');
  await familyMatch.getByRole('button', { name: `Rate ${CAREGIVER_NAME}` }).click();
  const dialog = family.getByRole('dialog', { name: `Rate ${CAREGIVER_NAME}` });
  await dialog.getByRole('radio', { name: '5 stars' }).check();
  await dialog.getByRole('textbox', { name: 'Review (optional)' }).fill('Kind, on time and great with Nana.');
  await expectAccessible(family, 'matchmaking-client-matches (rating)');
  await dialog.getByRole('button', { name: 'Save rating' }).click();
  await expect(familyMatch.getByText('You rated 5 stars')).toBeVisible();
  await snap(family, 'mm-client-matches');

  // The caregiver's profile and full profile: the fit, the review.
  await family.goto(`/matchmaking/client/caregiver/${caregiverId}/profile?clientId=${clientId}`);
  await expect(family.getByRole('heading', { level: 1, name: 'Caregiver profile' })).toBeVisible();
  await expect(family.getByTestId('pair-status')).toHaveText('Matched');
  await expectAccessible(family, 'matchmaking-client-caregiver-profile');
  await family.getByRole('link', { name: `See ${CAREGIVER_NAME}'s full profile` }).click();
  await expect(family.getByRole('heading', { level: 1, name: 'Caregiver full profile' })).toBeVisible();
  await expect(family.getByText('Kind, on time and great with Nana.')).toBeVisible();
  await expect(family.getByText('1 reference given')).toBeVisible();
  await expectAccessible(family, 'matchmaking-client-caregiver-full-profile');
  await snap(family, 'mm-caregiver-full-profile');

  // Spanish on a 320 px phone.
  const esContext = await browser.newContext({
    baseURL,
    locale: 'es-MX',
    viewport: phone,
    storageState: await familyContext.storageState(),
  });
  const es = await esContext.newPage();
  forbidDialogs(es);
  await es.goto(`/matchmaking/client/matches?clientId=${clientId}`);
  await es.getByRole('heading', { level: 1 }).waitFor();
  if ((await es.locator('html').getAttribute('lang')) !== 'es')
    await es.getByTestId('locale-switcher').click();
  await expect(es.getByRole('heading', { level: 1, name: 'Coincidencias' })).toBeVisible();
  await expect(es.getByText('Por qué encaja').first()).toBeVisible();
  await checkSpanishScreen(es, 'mm-client-matches');
  await es.goto(`/matchmaking/client/likes?clientId=${clientId}`);
  await expect(es.getByRole('heading', { level: 1, name: 'Cuidadores para usted' })).toBeVisible();
  await checkSpanishScreen(es, 'mm-client-likes');

  // The agency's settings tab.
  const adminPage = await admin.newPage();
  forbidDialogs(adminPage);
  await adminPage.goto('/admin/matchmaking/reviews');
  await adminPage.getByRole('tab', { name: 'Settings' }).click();
  await expect(
    adminPage.getByRole('switch', { name: "Matches need the case manager's authorization" }),
  ).toBeVisible();
  await expect(adminPage.getByRole('textbox', { name: 'Skills' })).toHaveValue('30');
  await expectAccessible(adminPage, 'admin-matchmaking-settings');
  await snap(adminPage, 'mm-admin-settings');

  await Promise.all([esContext.close(), familyContext.close(), caregiverContext.close(), admin.close()]);
});
