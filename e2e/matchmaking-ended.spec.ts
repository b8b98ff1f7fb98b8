/**
 * An ended match's conversation in the browser (issue 22; decisions 0058 addendum, 0061; docs/matchmaking.md
 * "Ended conversations"). A family (English, desktop) and a caregiver (Spanish, the account's language, at 320 px)
 * match and write to each other. With both threads open, an admin ends the match on /review-matches. The family's
 * next message is refused and the open page turns into the ended thread; the caregiver's page, opened again from the
 * hub, shows it too: "This match has ended" / "Esta coincidencia terminó" in place of the composer, no share or edit
 * buttons, the history still readable. Both matches pages say the agency ended it. axe on every screen.
 */
import { expect, test } from '@playwright/test';
import { ADMIN_STATE_FILE, createUser, expectAccessible, forbidDialogs, snap } from './support.ts';
import {
  call,
  likeEachOther,
  publishCaregiverListing,
  publishClientListing,
  signedInPage,
  write,
} from './matchmaking-support.ts';
import { checkSpanishScreen, phone } from './spanish-support.ts';

const stamp = Date.now().toString(36);
const PASSWORD = 'lantern ferry orchard nine';
const FAMILY = {
  email: `mm.ended.family.${stamp}@example.org`,
  firstName: 'Elena',
  lastName: `Ends${stamp}`,
};
const CAREGIVER = {
  email: `mm.ended.cg.${stamp}@example.org`,
  firstName: 'Rocio',
  lastName: `Reads${stamp}`,
};
const CLIENT_NAME = `Tita${stamp}`;
const CAREGIVER_NAME = `Rocio${stamp}`;
const HELLO = 'Hello Rocio, can you start on Monday?';
const REPLY = 'Sí, el lunes a las nueve.';

test('an admin ends a match: both threads stay readable, closed to writing, in English and in Spanish', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(180_000);
  const admin = await browser.newContext({ storageState: ADMIN_STATE_FILE, baseURL });
  await createUser(admin.request, baseURL, { ...FAMILY, password: PASSWORD, role: 'GUARDIAN' });
  await createUser(admin.request, baseURL, { ...CAREGIVER, password: PASSWORD, role: 'CAREGIVER' });

  // Set-up through the API: the listings, the caregiver's language, the match.
  const family = await signedInPage(browser, baseURL, FAMILY.email, PASSWORD);
  const clientId = await publishClientListing(
    family,
    { firstName: FAMILY.firstName, lastName: FAMILY.lastName },
    { firstName: CLIENT_NAME, lastName: 'Lopez' },
  );
  const caregiver = await signedInPage(browser, baseURL, CAREGIVER.email, PASSWORD, phone);
  const caregiverId = await publishCaregiverListing(caregiver, CAREGIVER_NAME, CAREGIVER.lastName);
  await call(caregiver, 'PUT', '/api/account/locale', { locale: 'es' });
  const match = await likeEachOther(family, clientId, caregiver, caregiverId);
  expect(match.status).toBe('ACCEPTED');

  // They write to each other.
  await family.goto(`/matchmaking/client/messager/${match.id}`);
  await caregiver.goto(`/matchmaking/caregiver/messager/${match.id}`);
  await expect(caregiver.locator('html')).toHaveAttribute('lang', 'es');
  await write(family, 'Your message', HELLO);
  await expect(caregiver.getByTestId('message-content')).toHaveText([HELLO]);
  await write(caregiver, 'Su mensaje', REPLY);
  await expect(family.getByTestId('message-content')).toHaveText([HELLO, REPLY]);

  // The admin ends the match on /review-matches.
  const adminPage = await admin.newPage();
  forbidDialogs(adminPage);
  await adminPage.goto('/review-matches?status=ACCEPTED');
  await adminPage
    .getByRole('row')
    .filter({ hasText: `${CLIENT_NAME} Lopez` })
    .click();
  const drawer = adminPage.getByRole('dialog', { name: 'Match' });
  await expect(drawer.getByTestId('review-message')).toHaveCount(2);
  await drawer.getByRole('button', { name: 'End match' }).click();
  await drawer
    .getByRole('textbox', { name: 'Why (kept with the match, not shown to the families)' })
    .fill('The family asked the agency to close it.');
  await expectAccessible(adminPage, 'review-matches (end match)');
  await drawer.getByRole('button', { name: 'Yes, end this match' }).click();
  await expect(
    drawer.getByText('This match has ended. The conversation is kept for the record.'),
  ).toBeVisible();
  await snap(adminPage, 'mm-ended-review-matches');

  // The family's open page: the next message is refused and the page shows the ended thread.
  await write(family, 'Your message', 'Are you still there?');
  const ended = family.getByTestId('thread-ended');
  await expect(ended).toContainText('This match has ended');
  await expect(ended).toContainText(`You can still read your messages with ${CAREGIVER_NAME} R.`);
  await expect(family.getByRole('textbox', { name: 'Your message' })).toHaveCount(0);
  await expect(family.getByRole('button', { name: 'Send' })).toHaveCount(0);
  await expect(family.getByRole('button', { name: 'Share my contact details' })).toHaveCount(0);
  await expect(family.getByRole('button', { name: /^Edit your message/ })).toHaveCount(0);
  await expect(family.getByTestId('message-content')).toHaveText([HELLO, REPLY]);
  await expectAccessible(family, 'messaging-thread (ended)');
  await snap(family, 'mm-ended-thread');
  await family.goto(`/matchmaking/client/matches?clientId=${clientId}`);
  await expect(
    family.getByTestId('entry-card').filter({ hasText: CAREGIVER_NAME }).getByTestId('match-status'),
  ).toHaveText('Ended by the agency');
  await expectAccessible(family, 'matchmaking-client-matches (ended by the agency)');

  // The caregiver, in Spanish on a phone: the hub leads back to the conversation, readable and closed.
  await caregiver.goto('/matchmaking/caregiver/messageHub');
  await caregiver.getByTestId('conversation-row').filter({ hasText: CLIENT_NAME }).click();
  await expect(caregiver).toHaveURL(new RegExp(`/matchmaking/caregiver/messager/${match.id}$`));
  const cerrada = caregiver.getByTestId('thread-ended');
  await expect(cerrada).toContainText('Esta coincidencia terminó');
  await expect(cerrada).toContainText(`Todavía puede leer sus mensajes con ${CLIENT_NAME} L.`);
  await expect(caregiver.getByRole('textbox', { name: 'Su mensaje' })).toHaveCount(0);
  await expect(caregiver.getByRole('button', { name: 'Compartir mis datos de contacto' })).toHaveCount(0);
  await expect(caregiver.getByRole('button', { name: /^Editar su mensaje/ })).toHaveCount(0);
  await expect(caregiver.getByTestId('message-content')).toHaveText([HELLO, REPLY]);
  await checkSpanishScreen(caregiver, 'mm-ended-thread');
  await caregiver.goto('/matchmaking/caregiver/matches');
  await expect(
    caregiver.getByTestId('entry-card').filter({ hasText: CLIENT_NAME }).getByTestId('match-status'),
  ).toHaveText('Terminada por la agencia');
  await checkSpanishScreen(caregiver, 'mm-ended-matches');

  await Promise.all([family.context().close(), caregiver.context().close(), admin.close()]);
});
