/**
 * Notification settings (issue 22; decision 0060; docs/matchmaking.md "Notifications and clean-up"). A family turns
 * email off on the client profile page (saved at once, still off after a reload; text messages need a phone number,
 * so that switch is disabled with the reason); a caregiver sees the same section on their listing's page and turns
 * read receipts off (decision 0058 addendum). Spanish at
 * 320 px; axe on every screen; screenshots.
 */
import { expect, test } from '@playwright/test';
import { ADMIN_STATE_FILE, createUser, expectAccessible, forbidDialogs, snap } from './support.ts';
import { signedIn, call } from './matchmaking-support.ts';
import { checkSpanishScreen, phone } from './spanish-support.ts';

const stamp = Date.now().toString(36);
const PASSWORD = 'quiet harbour reading lamp';
const FAMILY = {
  email: `mm.notify.family.${stamp}@example.org`,
  firstName: 'Nora',
  lastName: `Notify${stamp}`,
};
const CAREGIVER = {
  email: `mm.notify.carer.${stamp}@example.org`,
  firstName: 'Nadia',
  lastName: `Notify${stamp}`,
};

test('a family turns notification emails off on their profile page; a caregiver sees the same choices', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(180_000);
  const admin = await browser.newContext({ storageState: ADMIN_STATE_FILE, baseURL });
  await createUser(admin.request, baseURL, { ...FAMILY, password: PASSWORD, role: 'GUARDIAN' });
  await createUser(admin.request, baseURL, { ...CAREGIVER, password: PASSWORD, role: 'CAREGIVER' });
  await admin.close();

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
    { firstName: 'Nora', lastName: FAMILY.lastName },
    201,
  );
  await call(
    family,
    'POST',
    '/api/matchmaking/clients',
    {
      firstName: `Abuelo${stamp}`,
      lastName: 'Lopez',
      zipCode: '97401',
      careType: 'personal_care',
      hoursNeeded: 10,
    },
    201,
  );
  await family.goto('/matchmaking/client/profile');
  const section = family.getByTestId('notification-settings');
  await expect(section.getByRole('heading', { name: 'Email and text messages' })).toBeVisible();
  const email = section.getByRole('switch', { name: 'Email me' });
  const sms = section.getByRole('switch', { name: 'Text me' });
  await expect(email).toBeChecked();
  await expect(sms).not.toBeChecked();
  await expect(sms).toBeDisabled();
  await expect(section.getByText('Add a phone number to your profile to get text messages.')).toBeVisible();
  await expectAccessible(family, 'matchmaking-client-profile (notification settings)');
  await email.focus();
  await family.keyboard.press('Space');
  await expect(section.getByRole('status')).toHaveText('Saved.');
  await expect(email).not.toBeChecked();
  await snap(family, 'matchmaking-notification-settings-client');
  await family.reload();
  await expect(
    family.getByTestId('notification-settings').getByRole('switch', { name: 'Email me' }),
  ).not.toBeChecked();
  expect(await call(family, 'GET', '/api/matchmaking/notification-settings?side=client')).toMatchObject({
    emailNotificationsEnabled: false,
    smsNotificationsEnabled: false,
    hasPhone: false,
  });

  // Spanish on a 320 px phone.
  const esContext = await browser.newContext({
    baseURL,
    locale: 'es-MX',
    viewport: phone,
    storageState: await familyContext.storageState(),
  });
  const es = await esContext.newPage();
  forbidDialogs(es);
  await es.goto('/matchmaking/client/profile');
  await es.getByRole('heading', { level: 1 }).waitFor();
  if ((await es.locator('html').getAttribute('lang')) !== 'es')
    await es.getByTestId('locale-switcher').click();
  const esSection = es.getByTestId('notification-settings');
  await expect(esSection.getByRole('heading', { name: 'Correos y mensajes de texto' })).toBeVisible();
  await expect(esSection.getByRole('switch', { name: 'Enviarme correos' })).not.toBeChecked();
  await expect(esSection.getByRole('switch', { name: 'Confirmaciones de lectura' })).toBeChecked();
  await checkSpanishScreen(es, 'matchmaking-client-profile-notifications');
  await esContext.close();
  await familyContext.close();

  // The caregiver: the same section on their listing's page.
  const caregiverContext = await browser.newContext({
    baseURL,
    locale: 'en-US',
    storageState: { cookies: [], origins: [] },
  });
  const caregiver = await caregiverContext.newPage();
  await signedIn(caregiver, CAREGIVER.email, PASSWORD);
  await call(
    caregiver,
    'POST',
    '/api/matchmaking/caregivers',
    { firstName: `Nadia${stamp}`, lastName: CAREGIVER.lastName, zipCode: '97448' },
    201,
  );
  await caregiver.goto('/matchmaking/caregiver/profile');
  const mine = caregiver.getByTestId('notification-settings');
  await expect(mine.getByRole('switch', { name: 'Email me' })).toBeChecked();
  // Read receipts: on by default; turned off with the keyboard, saved at once, still off after a reload.
  const receipts = mine.getByRole('switch', { name: 'Read receipts' });
  await expect(receipts).toBeChecked();
  await expect(mine.getByText('you will not see when they read yours either')).toBeVisible();
  await expectAccessible(caregiver, 'matchmaking-caregiver-profile (notification settings)');
  await receipts.focus();
  await caregiver.keyboard.press('Space');
  await expect(mine.getByRole('status')).toHaveText('Saved.');
  await expect(receipts).not.toBeChecked();
  await caregiver.reload();
  await expect(
    caregiver.getByTestId('notification-settings').getByRole('switch', { name: 'Read receipts' }),
  ).not.toBeChecked();
  expect(await call(caregiver, 'GET', '/api/matchmaking/notification-settings?side=caregiver')).toMatchObject(
    { readReceiptsEnabled: false, emailNotificationsEnabled: true },
  );
  await expectAccessible(caregiver, 'matchmaking-caregiver-profile (read receipts off)');
  await mine.scrollIntoViewIfNeeded();
  await snap(caregiver, 'matchmaking-notification-settings-caregiver');
  await caregiverContext.close();
});
