/**
 * Spanish on the rest of the pages a caregiver, client, guardian or case manager opens (issue 18, decision 0042),
 * on a 320 px phone whose browser prefers Spanish: the other ways in on `/login` (sign-up, emailed link, phone,
 * password recovery), `/confirm` (an incomplete link, a reset link with the password policy's refusals, a spent
 * link, an email change), `/auth/callback` with an error, `/account` (its errors by code, the email change with its
 * date in Spanish) and `/account/mfa` through the enrolment steps. Emails come in Spanish too. Each Spanish screen
 * is checked with axe, photographed at 320 px (test-results/screens/es-*.png) and checked for sideways scrolling
 * at 320 px and at 200 % zoom (spanish-support.ts).
 */
import { expect, test, type Page } from '@playwright/test';
import { ADMIN_STATE_FILE, forbidDialogs, createUser } from './support.ts';
import { checkSpanishScreen, checkZoomed, newestMessage, phone } from './spanish-support.ts';

const stamp = Date.now().toString(36);
const GUARDIAN = {
  email: `es.guardian.${stamp}@example.org`,
  password: 'quiet harbour morning lantern',
  firstName: 'Rosa',
  lastName: `Méndez ${stamp}`,
};
const NEW_PASSWORD = 'copper kettle orchard evening';
const NEW_EMAIL = `es.guardian.new.${stamp}@example.org`;

/** The `/confirm` link in the newest email to `to`, once it has come (relative to the site). */
async function confirmLinkTo(admin: Parameters<typeof newestMessage>[0], to: string, type: string) {
  let link = '';
  await expect(async () => {
    const message = await newestMessage(admin, to);
    const match = new RegExp(`https?://[^\\s]+(/confirm\\?type=${type}&token=[^\\s]+)`).exec(
      message?.textBody ?? '',
    );
    expect(match, `a ${type} link to ${to}`).not.toBeNull();
    link = match?.[1] as string;
  }).toPass({ timeout: 10_000 });
  return link;
}

/** A fresh 320 px browser whose language is Spanish, signed out. */
async function spanishPhone(browser: Parameters<typeof checkZoomed>[0], baseURL: string | undefined) {
  const context = await browser.newContext({
    viewport: phone,
    locale: 'es-MX',
    storageState: { cookies: [], origins: [] },
    baseURL,
  });
  const page = await context.newPage();
  forbidDialogs(page);
  return { context, page };
}

test('the other ways in, /confirm and /auth/callback speak Spanish at 320 px', async ({
  browser,
  baseURL,
}) => {
  const { context, page } = await spanishPhone(browser, baseURL);

  // Sign-up: empty, then an address that is not one, refused in Spanish.
  await page.goto('/login?mode=signup');
  await expect(page.getByRole('heading', { name: 'Crear una cuenta de Tend' })).toBeVisible();
  const signUp = page.getByRole('form', { name: 'Crear una cuenta' });
  await signUp.getByRole('button', { name: 'Crear la cuenta' }).click();
  await expect(
    signUp.getByText('Escriba un correo electrónico o un número de teléfono, y una contraseña').first(),
  ).toBeVisible();
  await signUp.getByRole('textbox', { name: 'Correo electrónico' }).fill('not-an-address');
  await signUp.getByLabel(/^Contraseña( \*)?$/).fill(NEW_PASSWORD);
  await signUp.getByRole('button', { name: 'Crear la cuenta' }).click();
  await expect(signUp.getByText('Escriba un correo electrónico válido')).toBeVisible();
  await checkSpanishScreen(page, 'sign-up');
  await signUp.getByText('Teléfono', { exact: true }).click();
  await expect(signUp.getByText('En formato internacional, con el código del país')).toBeVisible();
  await checkSpanishScreen(page, 'sign-up-phone');

  // The emailed link and the phone number ways in.
  await page.goto('/login?mode=link');
  await expect(
    page.getByText('Escriba el correo con el que entra a Tend. Le enviaremos un enlace'),
  ).toBeVisible();
  await page.getByRole('button', { name: 'Enviar el enlace' }).click();
  await expect(page.getByText('Escriba un correo electrónico válido')).toBeVisible();
  await checkSpanishScreen(page, 'magic-link');
  await page.goto('/login?mode=phone');
  await expect(page.getByRole('textbox', { name: 'Número de teléfono' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Enviarme un código' })).toBeVisible();
  await checkSpanishScreen(page, 'phone-sign-in');

  // Password recovery, by email and by phone.
  await page.goto('/login?forgot=1');
  await expect(page.getByText('Cambie su contraseña.')).toBeVisible();
  const recovery = page.getByRole('form', { name: 'Cambiar su contraseña', exact: true });
  await recovery.getByRole('textbox', { name: 'Correo electrónico' }).fill('nobody');
  await recovery.getByRole('button', { name: 'Enviar el enlace' }).click();
  await expect(recovery.getByText('Escriba un correo electrónico válido')).toBeVisible();
  await checkSpanishScreen(page, 'password-recovery');
  await page.getByText('Teléfono', { exact: true }).click();
  await expect(page.getByText('Para las cuentas creadas solo con un número de teléfono')).toBeVisible();
  await checkSpanishScreen(page, 'password-recovery-phone');

  // /confirm: a cut link, a reset link that was never issued, a Google error on /auth/callback.
  await page.goto('/confirm');
  await expect(page.getByRole('heading', { name: 'Este enlace está incompleto' })).toBeVisible();
  await checkSpanishScreen(page, 'confirm-incomplete');
  await page.goto('/confirm?type=recovery&token=never-issued-token');
  await expect(page.getByRole('heading', { name: 'Elija una contraseña nueva' })).toBeVisible();
  await page.getByLabel(/^Contraseña nueva/).fill('short');
  await page.getByRole('button', { name: 'Guardar la contraseña' }).click();
  await expect(page.getByText('La contraseña debe tener al menos 8 caracteres')).toBeVisible();
  await expect(page.getByText('Las dos contraseñas no son iguales')).toBeVisible();
  await page.getByLabel(/^Contraseña nueva/).fill(NEW_PASSWORD);
  await page.getByLabel(/^Repita la contraseña/).fill(NEW_PASSWORD);
  await page.getByRole('button', { name: 'Guardar la contraseña' }).click();
  await expect(page.getByRole('alert')).toContainText('Este enlace para cambiar la contraseña ya se usó');
  await checkSpanishScreen(page, 'confirm-recovery-spent');
  await page.goto('/confirm?type=magiclink&token=never-issued-token');
  await expect(page.getByRole('heading', { name: 'Entrar a Tend' })).toBeVisible();
  await checkSpanishScreen(page, 'confirm-magic-link');
  await page.goto('/auth/callback?error=access_denied');
  await expect(page.getByTestId('callback-error')).toHaveText(
    'Se canceló la entrada con Google. Puede intentarlo de nuevo o entrar de otra forma.',
  );
  await checkSpanishScreen(page, 'auth-callback-error');

  for (const [path, heading] of [
    ['/login?mode=signup', 'Crear una cuenta de Tend'],
    ['/login?forgot=1', 'Entrar a Tend'],
    ['/login?mode=phone', 'Entrar a Tend'],
    ['/confirm?type=recovery&token=never-issued-token', 'Elija una contraseña nueva'],
    ['/confirm?type=signup&token=never-issued-token', 'Confirme su cuenta'],
    ['/auth/callback?error=state_invalid', 'No se terminó de entrar'],
  ] as const) {
    await checkZoomed(browser, baseURL, path, undefined, heading);
  }
  await context.close();
});

/** Signs in through `/login` in Spanish. */
async function signInInSpanish(page: Page, email: string, password: string) {
  await page.goto('/login');
  await page.getByRole('textbox', { name: 'Correo electrónico' }).fill(email);
  await page.getByLabel(/^Contraseña( \*)?$/).fill(password);
  await page.getByRole('button', { name: 'Entrar', exact: true }).click();
  await expect(page.getByRole('button', { name: 'Cerrar sesión' })).toBeVisible();
}

test('a guardian resets a password, runs /account and two-step verification in Spanish at 320 px', async ({
  browser,
  baseURL,
}) => {
  const adminContext = await browser.newContext({ storageState: ADMIN_STATE_FILE, baseURL });
  const admin = adminContext.request;
  await createUser(admin, baseURL, { ...GUARDIAN, role: 'GUARDIAN' });
  const { context, page } = await spanishPhone(browser, baseURL);

  // The reset link comes in Spanish (the page's language travels with the request).
  await page.goto('/login?forgot=1');
  await page
    .getByRole('form', { name: 'Cambiar su contraseña', exact: true })
    .getByRole('textbox', { name: 'Correo electrónico' })
    .fill(GUARDIAN.email);
  await page.getByRole('button', { name: 'Enviar el enlace' }).click();
  await expect(page.getByTestId('recovery-sent')).toContainText(`Si una cuenta usa ${GUARDIAN.email}`);
  await checkSpanishScreen(page, 'password-recovery-sent');
  const resetLink = await confirmLinkTo(admin, GUARDIAN.email, 'recovery');
  expect((await newestMessage(admin, GUARDIAN.email))?.subject).toBe('Cambie su contraseña de Tend');

  // The password policy's refusals, in Spanish under the input.
  await page.goto(resetLink);
  await expect(page.getByRole('heading', { name: 'Elija una contraseña nueva' })).toBeVisible();
  await page.getByLabel(/^Contraseña nueva/).fill('password123');
  await page.getByLabel(/^Repita la contraseña/).fill('password123');
  await page.getByRole('button', { name: 'Guardar la contraseña' }).click();
  await expect(page.getByText(/La contraseña: es una contraseña muy común/)).toBeVisible();
  await checkSpanishScreen(page, 'confirm-recovery-refused');
  await page.getByLabel(/^Contraseña nueva/).fill(NEW_PASSWORD);
  await page.getByLabel(/^Repita la contraseña/).fill(NEW_PASSWORD);
  await page.getByRole('button', { name: 'Guardar la contraseña' }).click();
  await expect(page.getByRole('heading', { name: 'Su contraseña se cambió' })).toBeVisible();
  await checkSpanishScreen(page, 'confirm-recovery-done');

  await signInInSpanish(page, GUARDIAN.email, NEW_PASSWORD);
  await page.goto('/account');
  await expect(page.getByRole('heading', { level: 1, name: 'Cuenta' })).toBeVisible();
  await expect(page.getByText('Función: Tutor legal')).toBeVisible();
  await expect(page.getByRole('table', { name: 'Formas de entrar' })).toContainText('Contraseña');
  await checkSpanishScreen(page, 'account');

  // A wrong current password is refused by code, in Spanish, under the input.
  const passwordForm = page.getByRole('form', { name: 'Cambiar la contraseña' });
  await passwordForm.getByLabel(/^Contraseña actual/).fill('not my password at all');
  await passwordForm.getByLabel(/^Contraseña nueva/).fill('another orchard lantern dusk');
  await passwordForm.getByLabel(/^Repita la contraseña nueva/).fill('another orchard lantern dusk');
  await passwordForm.getByRole('button', { name: 'Cambiar la contraseña' }).click();
  await expect(passwordForm.getByText('Contraseña actual: no es correcta')).toBeVisible();
  await checkSpanishScreen(page, 'account-password-refused');

  // The email change: its expiry in Spanish words, in the agency's zone; the link's page in Spanish.
  const emailForm = page.getByRole('form', { name: 'Cambiar el correo' });
  await emailForm.getByRole('textbox', { name: 'Correo nuevo' }).fill(NEW_EMAIL);
  await emailForm.getByLabel(/^Contraseña actual/).fill(NEW_PASSWORD);
  await emailForm.getByRole('button', { name: 'Enviar el enlace' }).click();
  const sent = page.getByTestId('email-change-sent');
  await expect(sent).toContainText(`Enviamos un enlace de confirmación a ${NEW_EMAIL}`);
  await expect(sent).toContainText(/antes del \d{1,2} [a-z]+\.? \d{4}/);
  await expect(sent).not.toContainText(/\b(AM|PM)\b/);
  await checkSpanishScreen(page, 'account-email-change-sent');
  const changeLink = await confirmLinkTo(admin, NEW_EMAIL, 'email_change');
  await page.goto(changeLink);
  await expect(page.getByRole('heading', { name: 'Confirme su correo nuevo' })).toBeVisible();
  await checkSpanishScreen(page, 'confirm-email-change');
  await page.getByRole('button', { name: 'Confirmar el correo' }).click();
  await expect(page.getByRole('heading', { name: 'Su correo se cambió' })).toBeVisible();
  await checkSpanishScreen(page, 'confirm-email-changed');
  await page.goto(changeLink);
  await page.getByRole('button', { name: 'Confirmar el correo' }).click();
  await expect(page.getByRole('alert')).toContainText('Este enlace de confirmación ya se usó');
  await checkSpanishScreen(page, 'confirm-email-change-spent');

  // Two-step verification: a wrong password by code, then the enrolment steps.
  await page.goto('/account/mfa');
  await expect(page.getByRole('heading', { level: 1, name: 'Verificación en dos pasos' })).toBeVisible();
  await expect(page.getByTestId('mfa-status')).toHaveText('Desactivada');
  await checkSpanishScreen(page, 'mfa');
  await page.getByLabel(/^Su contraseña/).fill('not my password at all');
  await page.getByRole('button', { name: 'Empezar la configuración' }).click();
  await expect(page.getByRole('alert')).toContainText('Esa contraseña no es correcta');
  await checkSpanishScreen(page, 'mfa-wrong-password');
  await page.getByLabel(/^Su contraseña/).fill(NEW_PASSWORD);
  await page.getByRole('button', { name: 'Empezar la configuración' }).click();
  await expect(page.getByRole('img', { name: /Código QR del enlace de configuración/ })).toBeVisible();
  await expect(page.getByRole('heading', { name: '2. Guarde sus códigos de respaldo' })).toBeVisible();
  await page.getByRole('textbox', { name: 'Código de verificación' }).fill('000000');
  await page.getByRole('button', { name: 'Activar la verificación' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Ese código no es correcto' })).toBeVisible();
  await checkSpanishScreen(page, 'mfa-enrol');

  await checkZoomed(browser, baseURL, '/account', page, 'Cuenta');
  await checkZoomed(browser, baseURL, '/account/mfa', page, 'Verificación en dos pasos');
  await context.close();
  await adminContext.close();
});

test('an invited caregiver accepts the invitation in Spanish at 320 px; the spent link says so in Spanish', async ({
  browser,
  baseURL,
}) => {
  const adminContext = await browser.newContext({ storageState: ADMIN_STATE_FILE, baseURL });
  const admin = adminContext.request;
  const invitee = {
    email: `es.invitee.${stamp}@example.org`,
    firstName: 'Lucía',
    lastName: `Ortega ${stamp}`,
  };
  const invited = await admin.post('/api/users/invitations', {
    headers: { origin: baseURL ?? '' },
    data: { ...invitee, role: 'CAREGIVER' },
  });
  expect(invited.status()).toBe(201);
  // A person who never chose a language gets the invitation in English, then Spanish.
  expect((await newestMessage(admin, invitee.email))?.subject).toBe(
    'You are invited to Tend / Le invitamos a Tend',
  );
  const link = await confirmLinkTo(admin, invitee.email, 'invite');

  const { context, page } = await spanishPhone(browser, baseURL);
  await page.goto(link);
  await expect(page.getByRole('heading', { name: 'Le damos la bienvenida a Tend' })).toBeVisible();
  await expect(
    page.getByText(`${invitee.firstName} ${invitee.lastName}, su agencia le invitó como proveedor de apoyo.`),
  ).toBeVisible();
  await checkSpanishScreen(page, 'confirm-invitation');
  await page.getByLabel(/^Contraseña nueva/).fill('short');
  await page.getByRole('button', { name: 'Guardar y entrar' }).click();
  await expect(page.getByText('La contraseña debe tener al menos 8 caracteres')).toBeVisible();
  await page.getByLabel(/^Contraseña nueva/).fill(NEW_PASSWORD);
  await page.getByLabel(/^Repita la contraseña/).fill(NEW_PASSWORD);
  await page.getByRole('button', { name: 'Guardar y entrar' }).click();
  await expect(page.getByRole('button', { name: 'Cerrar sesión' })).toBeVisible();

  await page.goto(link);
  await expect(page.getByRole('heading', { name: 'Este enlace de invitación no funciona' })).toBeVisible();
  await expect(page.getByRole('alert')).toContainText('Este enlace de invitación ya se usó');
  await checkSpanishScreen(page, 'confirm-invitation-spent');
  await checkZoomed(browser, baseURL, link, undefined, 'Este enlace de invitación no funciona');
  await context.close();
  await adminContext.close();
});
