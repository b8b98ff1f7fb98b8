/**
 * Spanish for caregivers (issue 18, decision 0042): a caregiver whose browser prefers Spanish opens
 * `/caregiver/login` on a 320 px phone, and everything that follows is in Spanish: the pages, the switcher, the
 * SMS with the code (read from the outbox as the admin would). The whole sign-in is done with the keyboard alone.
 * Each Spanish screen is checked with axe (WCAG A/AA), photographed at 320 px (test-results/screens/es-*.png) and
 * checked for horizontal scrolling at 320 px and at 200 % zoom (spanish-support.ts).
 */
import { expect, test } from '@playwright/test';
import { ADMIN_STATE_FILE, fictitiousPhone, forbidDialogs, tabTo, createUser } from './support.ts';
import {
  checkSpanishScreen,
  checkZoomed,
  expectNoHorizontalScroll,
  newestMessage,
  phone,
} from './spanish-support.ts';

const stamp = Date.now().toString(36);
const PHONE = fictitiousPhone('spanish-caregiver');
const CAREGIVER = {
  email: `es.caregiver.${stamp}@example.org`,
  password: 'sunlit meadow lantern passphrase',
  firstName: 'Lucía',
  lastName: `Hernández ${stamp}`,
  phone: PHONE.display,
};
const E164 = PHONE.e164;

test('a Spanish-speaking caregiver signs in with an SMS code, in Spanish, by keyboard alone', async ({
  browser,
  baseURL,
}) => {
  const adminContext = await browser.newContext({ storageState: ADMIN_STATE_FILE, baseURL });
  const admin = adminContext.request;
  await createUser(admin, baseURL, { ...CAREGIVER, role: 'CAREGIVER' });

  const context = await browser.newContext({
    viewport: phone,
    locale: 'es-MX',
    storageState: { cookies: [], origins: [] },
    baseURL,
  });
  const page = await context.newPage();
  forbidDialogs(page);

  // The browser prefers Spanish: the first visit is in Spanish.
  await page.goto('/caregiver/login');
  await expect(page.getByRole('heading', { name: 'Entrada para proveedores de apoyo' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'English' })).toBeVisible();
  await checkSpanishScreen(page, 'caregiver-login');

  // Keyboard only: the email input has focus; back to the channel choice, arrow to "Mensaje de texto".
  await expect(page.getByRole('textbox', { name: 'Correo electrónico' })).toBeFocused();
  await page.keyboard.press('Shift+Tab');
  await expect(page.getByRole('radio', { name: 'Correo' })).toBeFocused();
  await page.keyboard.press('ArrowRight');
  await expect(page.getByRole('radio', { name: 'Mensaje de texto' })).toBeChecked();
  await page.keyboard.press('Tab');
  const number = page.getByRole('textbox', { name: 'Número de celular' });
  await expect(number).toBeFocused();
  // A wrong entry is refused in Spanish.
  await page.keyboard.type('12');
  await page.keyboard.press('Enter');
  await expect(page.getByText('Escriba un número de celular válido')).toBeVisible();
  await checkSpanishScreen(page, 'caregiver-login-sms-error');
  await page.keyboard.press('Backspace');
  await page.keyboard.press('Backspace');
  await page.keyboard.type(CAREGIVER.phone);
  await page.keyboard.press('Enter');

  await expect(page).toHaveURL(/\/caregiver\/confirm\?phone=/);
  await expect(page.getByRole('heading', { name: 'Escriba su código' })).toBeVisible();
  await expect(page.getByText('Tend le envió un código de 6 dígitos por mensaje de texto')).toBeVisible();
  await checkSpanishScreen(page, 'caregiver-confirm');

  // The SMS is in Spanish too (the page's language travels as Accept-Language).
  let sms: string | null = null;
  await expect(async () => {
    sms = (await newestMessage(admin, E164, 'sms'))?.textBody ?? null;
    expect(sms).toMatch(/^Su código de Tend es \d{6}\. Funciona una sola vez, durante 5 minutos\./);
  }).toPass({ timeout: 10_000 });
  const code = /\b(\d{6})\b/.exec(sms ?? '')?.[1] as string;

  // A wrong code is refused in Spanish.
  // The new page's heading has the focus (docs/accessibility.md); the code field is the next stop.
  const codeInput = page.getByRole('textbox', { name: 'Código para entrar' });
  await tabTo(page, codeInput);
  await page.keyboard.type(code === '000000' ? '111111' : '000000');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('alert')).toContainText('Ese código no es correcto');
  await checkSpanishScreen(page, 'caregiver-confirm-wrong-code');

  await tabTo(page, codeInput);
  await page.keyboard.press('Control+A');
  await page.keyboard.type(code);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new URL('/', baseURL).toString());
  await expect(page.getByRole('button', { name: 'Cerrar sesión' })).toBeVisible();
  await expect(page.getByText(`Sesión iniciada como ${CAREGIVER.firstName}`)).toBeVisible();
  await checkSpanishScreen(page, 'caregiver-home');

  // The page's language was saved on the account, for the next emails and SMS.
  await expect(async () => {
    const me = await page.request.get('/api/me');
    expect(await me.json()).toMatchObject({ email: CAREGIVER.email, locale: 'es' });
  }).toPass({ timeout: 10_000 });

  await page.goto('/account');
  await expect(page.getByRole('heading', { level: 1, name: 'Cuenta' })).toBeVisible();
  await expect(page.getByText('Función: Proveedor de apoyo')).toBeVisible();
  await checkSpanishScreen(page, 'caregiver-account');

  for (const path of [
    '/caregiver/login',
    '/caregiver/confirm?phone=%28503%29%20555-0150',
    '/login',
    '/confirm',
  ]) {
    await checkZoomed(browser, baseURL, path);
  }
  await checkZoomed(browser, baseURL, '/account', page);

  await context.close();
  await adminContext.close();
});

test('the language switch changes the page and <html lang>, and is remembered in this browser', async ({
  browser,
  baseURL,
}) => {
  const context = await browser.newContext({
    viewport: phone,
    locale: 'en-US',
    storageState: { cookies: [], origins: [] },
    baseURL,
  });
  const page = await context.newPage();
  await page.goto('/caregiver/login');
  await expect(page.getByRole('heading', { name: 'Caregiver sign in' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await expectNoHorizontalScroll(page, '/caregiver/login (en) at 320 px');

  const toSpanish = page.getByRole('button', { name: 'Español' });
  await expect(toSpanish).toHaveAttribute('lang', 'es');
  await toSpanish.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: 'Entrada para proveedores de apoyo' })).toBeVisible();
  await checkSpanishScreen(page, 'caregiver-login-switched');

  // Remembered: a reload (and any later visit in this browser) stays in Spanish.
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Entrada para proveedores de apoyo' })).toBeVisible();

  // So does the password sign-in page, in the same browser.
  await page.goto('/login');
  await expect(page.getByRole('heading', { name: 'Entrar a Tend' })).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Correo electrónico' })).toBeVisible();
  await checkSpanishScreen(page, 'login');

  // The 404 page speaks Spanish too.
  await page.goto('/no/such/page');
  await expect(page.getByRole('heading', { name: 'Página no encontrada: /no/such/page' })).toBeVisible();
  await checkSpanishScreen(page, 'not-found');

  await page.getByRole('button', { name: 'English' }).click();
  await expect(page.getByRole('heading', { name: 'Page Not Found: /no/such/page' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await context.close();
});
