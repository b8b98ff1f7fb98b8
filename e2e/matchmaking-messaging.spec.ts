/**
 * Messages (issue 22 "Done when", Chromium, two browser contexts; docs/matchmaking.md "Messages (pages)"). A family
 * (English, desktop) and a caregiver (Spanish, 320 px) made by the admin build their listings through the API, like
 * each other and match; both open the match's conversation and write live, with read receipts; the contact-details
 * warning stops a phone number until "Send anyway"; the caregiver goes offline, the family writes a burst, and the
 * caregiver's reconnect shows the missed messages in order; the hub lists the conversation with its last message; a
 * third account gets 404 from the API, the not-found page, and its socket is refused joining. axe on every screen.
 */
import { expect, test, type Browser, type Page } from '@playwright/test';
import { io } from 'socket.io-client';
import {
  ADMIN_STATE_FILE,
  createUser,
  expectAccessible,
  forbidDialogs,
  signInThroughForm,
  snap,
} from './support.ts';
import {
  call,
  likeEachOther,
  publishCaregiverListing,
  publishClientListing,
  write,
} from './matchmaking-support.ts';
import { checkSpanishScreen, phone } from './spanish-support.ts';

test.use({ actionTimeout: 20_000 });

const stamp = Date.now().toString(36);
const PASSWORD = 'quiet harbour reading lamp';
const FAMILY = { email: `msg.family.${stamp}@example.org`, firstName: 'Fiona', lastName: `Family${stamp}` };
const CAREGIVER = {
  email: `msg.caregiver.${stamp}@example.org`,
  firstName: 'Carmen',
  lastName: `Care${stamp}`,
};
const SECOND = { email: `msg.second.${stamp}@example.org`, firstName: 'Rosa', lastName: `Second${stamp}` };
const STRANGER = {
  email: `msg.stranger.${stamp}@example.org`,
  firstName: 'Sam',
  lastName: `Stranger${stamp}`,
};
const CLIENT_NAME = `Abuela${stamp}`;
const CAREGIVER_NAME = `Carmen${stamp}`;

async function signedInContext(
  browser: Browser,
  baseURL: string | undefined,
  email: string,
  spanish = false,
) {
  const context = await browser.newContext({
    baseURL,
    locale: spanish ? 'es-MX' : 'en-US',
    ...(spanish ? { viewport: phone } : {}),
    storageState: { cookies: [], origins: [] },
  });
  const page = await context.newPage();
  forbidDialogs(page);
  await page.goto('/login?redirect=/matchmaking');
  if (spanish) {
    await page.getByRole('textbox', { name: 'Correo electrónico' }).fill(email);
    await page.getByLabel(/^Contraseña( \*)?$/).fill(PASSWORD);
    await page.getByRole('button', { name: 'Entrar', exact: true }).click();
  } else await signInThroughForm(page, { email, password: PASSWORD });
  await expect(page).toHaveURL((url) => url.pathname === '/matchmaking');
  return { context, page };
}

/** The thread's message texts, in the order shown. */
const threadTexts = (page: Page) => page.getByTestId('message-content').allInnerTexts();

/** Whether a socket of `page`'s session may join `conversationId` (the server's acknowledgement). */
async function joinAs(page: Page, baseURL: string, conversationId: string) {
  const cookies = await page.context().cookies();
  const cookie = cookies.map((c) => `${c.name}=${c.value}`).join('; ');
  const socket = io(baseURL, {
    path: '/api/realtime',
    transports: ['websocket'],
    reconnection: false,
    forceNew: true,
    extraHeaders: { origin: baseURL, cookie },
  });
  try {
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', () => resolve());
      socket.once('connect_error', reject);
    });
    return (await socket.timeout(5_000).emitWithAck('conversation:join', { conversationId })) as {
      ok: boolean;
      error?: { code: string };
    };
  } finally {
    socket.close();
  }
}

test('a family and a caregiver match and write live with receipts, a reconnect delivers missed messages in order, a stranger is refused', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(240_000);
  const admin = await browser.newContext({ storageState: ADMIN_STATE_FILE, baseURL });
  await createUser(admin.request, baseURL, { ...FAMILY, password: PASSWORD, role: 'GUARDIAN' });
  await createUser(admin.request, baseURL, { ...CAREGIVER, password: PASSWORD, role: 'CAREGIVER' });
  await createUser(admin.request, baseURL, { ...STRANGER, password: PASSWORD, role: 'GUARDIAN' });
  await createUser(admin.request, baseURL, { ...SECOND, password: PASSWORD, role: 'CAREGIVER' });

  const family = await signedInContext(browser, baseURL, FAMILY.email);
  const caregiver = await signedInContext(browser, baseURL, CAREGIVER.email, true);
  const clientId = await publishClientListing(
    family.page,
    { firstName: 'Fiona', lastName: FAMILY.lastName },
    { firstName: CLIENT_NAME, lastName: 'Lopez' },
  );
  const caregiverId = await publishCaregiverListing(caregiver.page, CAREGIVER_NAME, CAREGIVER.lastName);

  // Before any match: the hub says how to start.
  await family.page.goto('/matchmaking/client/messageHub');
  await expect(family.page.getByRole('heading', { level: 1, name: 'Messages' })).toBeVisible();
  await expect(family.page.getByTestId('hub-empty')).toContainText('send them a message request');
  await expectAccessible(family.page, 'messaging-hub-empty');
  await snap(family.page, 'messaging-hub-empty');

  // They like each other: a match.
  const matchId = (await likeEachOther(family.page, clientId, caregiver.page, caregiverId)).id;

  // Both open the conversation.
  await family.page.goto(`/matchmaking/client/messager/${matchId}`);
  await expect(family.page.getByRole('heading', { level: 1, name: `${CAREGIVER_NAME} C.` })).toBeVisible();
  await expect(family.page.getByTestId('thread-empty')).toBeVisible();
  await caregiver.page.goto(`/matchmaking/caregiver/messager/${matchId}`);
  await expect(caregiver.page.getByRole('heading', { level: 1, name: `${CLIENT_NAME} L.` })).toBeVisible();

  // Live both ways, with read receipts (each page is visible, so what arrives is read).
  await write(family.page, 'Your message', 'Hello Carmen, are you free on Mondays?');
  await expect(caregiver.page.getByTestId('message-content')).toHaveText([
    'Hello Carmen, are you free on Mondays?',
  ]);
  await expect(caregiver.page.getByTestId('live-region')).toContainText(
    'Hello Carmen, are you free on Mondays?',
  );
  await expect(family.page.getByTestId('receipt').last()).toHaveAttribute('data-state', 'read');
  await expect(family.page.getByTestId('receipt').last()).toContainText(/^Read \d/);
  await write(caregiver.page, 'Su mensaje', 'Sí, los lunes por la mañana.');
  await expect(family.page.getByTestId('message-content')).toHaveText([
    'Hello Carmen, are you free on Mondays?',
    'Sí, los lunes por la mañana.',
  ]);
  await expect(caregiver.page.getByTestId('receipt').last()).toContainText(/^Leído \d/);
  // Shift+Enter starts a new line instead of sending.
  const box = family.page.getByRole('textbox', { name: 'Your message' });
  await box.fill('Line one');
  await box.press('Shift+Enter');
  await box.pressSequentially('line two');
  await expect(box).toHaveValue('Line one\nline two');
  await box.press('Enter');
  await expect(caregiver.page.getByTestId('message-content').last()).toHaveText('Line one\nline two');
  await expectAccessible(family.page, 'messaging-thread');
  await snap(family.page, 'messaging-thread');
  await checkSpanishScreen(caregiver.page, 'messaging-thread');

  // A phone number is flagged to its writer before sending: Edit keeps the words; Send anyway sends them.
  await write(family.page, 'Your message', 'Call me at 541-555-0199');
  const warning = family.page.getByTestId('contact-warning');
  await expect(warning).toContainText('This message may share contact details');
  await expect(warning).toContainText('It looks like a phone number.');
  await expectAccessible(family.page, 'messaging-thread (contact warning)');
  await snap(family.page, 'messaging-contact-warning');
  await warning.getByRole('button', { name: 'Edit' }).click();
  await expect(warning).toHaveCount(0);
  await expect(box).toHaveValue('Call me at 541-555-0199');
  await expect(box).toBeFocused();
  await box.press('Enter');
  await family.page.getByTestId('contact-warning').getByRole('button', { name: 'Send anyway' }).click();
  await expect(caregiver.page.getByTestId('message-content').last()).toHaveText('Call me at 541-555-0199');
  await expect(box).toHaveValue('');

  // The caregiver goes offline; the family writes a burst; the reconnect shows every missed message, in order.
  await caregiver.context.setOffline(true);
  await expect(caregiver.page.getByTestId('connection-banner')).toBeVisible({ timeout: 45_000 });
  // The server notices too (its heartbeat drops the socket): the family sees the caregiver go offline.
  await expect(family.page.getByTestId('presence')).not.toHaveText('Online', { timeout: 45_000 });
  const burst = ['First of three', 'Second of three', 'Third of three'];
  for (const text of burst) await write(family.page, 'Your message', text);
  await expect(family.page.getByTestId('message-content').last()).toHaveText('Third of three');
  // The caregiver writes while offline: it waits, and goes out after the reconnect.
  await write(caregiver.page, 'Su mensaje', 'Escrito sin conexión');
  await expect(caregiver.page.getByTestId('pending-message')).toContainText('Escrito sin conexión');
  await snap(caregiver.page, 'es-messaging-reconnecting');
  // Away for the burst: one email for it (the throttle), sent before the caregiver is back to read it.
  const emailsToCaregiver = async () => {
    const response = await admin.request.get(
      `/api/outbox?channel=email&to=${encodeURIComponent(CAREGIVER.email)}`,
    );
    return ((await response.json()) as { items: unknown[] }).items.length;
  };
  await expect.poll(emailsToCaregiver, { timeout: 30_000 }).toBe(1);
  await caregiver.context.setOffline(false);
  await caregiver.page
    .getByTestId('connection-banner')
    .getByRole('button', { name: 'Intentar ahora' })
    .click();
  await expect(caregiver.page.getByTestId('connection-banner')).toHaveCount(0, { timeout: 20_000 });
  await expect
    .poll(() => threadTexts(caregiver.page))
    .toEqual([
      'Hello Carmen, are you free on Mondays?',
      'Sí, los lunes por la mañana.',
      'Line one\nline two',
      'Call me at 541-555-0199',
      ...burst,
      'Escrito sin conexión',
    ]);
  await expect(family.page.getByTestId('message-content').last()).toHaveText('Escrito sin conexión');
  await expect(caregiver.page.getByTestId('pending-message')).toHaveCount(0);
  await expect(family.page.getByTestId('receipt').last()).toHaveAttribute('data-state', 'read');

  // Typing, a correction (marked edited, both sides), and the logged contact share (asked twice).
  await caregiver.page.getByRole('textbox', { name: 'Su mensaje' }).pressSequentially('Perfecto');
  await expect(family.page.getByTestId('typing')).toHaveText(`${CAREGIVER_NAME} C. is typing…`);
  await write(caregiver.page, 'Su mensaje', 'Perfecto, hasta pronto.');
  await expect(family.page.getByTestId('message-content').last()).toHaveText('Perfecto, hasta pronto.');
  await expect(family.page.getByTestId('typing')).toHaveText('');
  await family.page
    .getByRole('button', { name: /^Edit your message of/ })
    .nth(2)
    .click();
  const corrected = family.page.getByRole('textbox', { name: 'Corrected message' });
  await corrected.fill('Line one, line two');
  await family.page.getByRole('button', { name: 'Save' }).click();
  await expect(caregiver.page.getByText('Line one, line two')).toBeVisible();
  await expect(caregiver.page.getByTestId('message').filter({ hasText: 'Line one, line two' })).toContainText(
    'editado',
  );
  await expect(family.page.getByTestId('message').filter({ hasText: 'Line one, line two' })).toContainText(
    'edited',
  );
  await family.page.getByRole('button', { name: 'Share my contact details' }).click();
  const ask = family.page.getByRole('dialog', { name: 'Share your contact details?' });
  await expect(ask).toContainText(`${CAREGIVER_NAME} C. will see your phone number and email address`);
  await expectAccessible(family.page, 'messaging-thread (share contact)');
  await ask.getByRole('button', { name: 'Share them' }).click();
  await expect(family.page.getByRole('button', { name: 'Contact details shared' })).toBeDisabled();
  const share = caregiver.page.getByTestId('message').filter({ hasText: 'Datos de contacto' });
  await expect(share).toContainText(FAMILY.email);

  // Still exactly one email for the burst: none while the caregiver was reading.
  expect(await emailsToCaregiver()).toBe(1);

  // A second caregiver sends a message request; the family accepts it from the hub and lands in the conversation.
  const second = await signedInContext(browser, baseURL, SECOND.email);
  const secondId = await publishCaregiverListing(second.page, `Rosa${stamp}`, SECOND.lastName);
  await call(
    second.page,
    'POST',
    '/api/matchmaking/message-requests',
    { fromListingId: secondId, toListingId: clientId, content: 'Hello, I live nearby and cook well.' },
    201,
  );
  await second.page.goto('/matchmaking/caregiver/messageHub');
  const sent = second.page.getByTestId('message-request');
  await expect(sent).toContainText('Hello, I live nearby and cook well.');
  await expect(sent).toContainText('Closes in 7 days');
  await expectAccessible(second.page, 'messaging-hub (request sent)');

  // The hubs list the conversation with its last message, and the request received.
  await family.page.goto('/matchmaking/client/messageHub');
  const row = family.page.getByTestId('conversation-row');
  await expect(row).toContainText(`${CAREGIVER_NAME} C.`);
  await expect(row).toContainText('You: Contact details shared');
  const received = family.page.getByTestId('message-request');
  await expect(received).toContainText(`Rosa${stamp} S.`);
  await expect(received).toContainText('Hello, I live nearby and cook well.');
  await expectAccessible(family.page, 'messaging-hub');
  await snap(family.page, 'messaging-hub');
  await caregiver.page.goto('/matchmaking/caregiver/messageHub');
  await expect(caregiver.page.getByTestId('conversation-row')).toContainText('Datos de contacto compartidos');
  await checkSpanishScreen(caregiver.page, 'messaging-hub');
  await received.getByRole('button', { name: 'Accept' }).click();
  await expect(family.page).toHaveURL(/\/matchmaking\/client\/messager\/[0-9a-f-]{36}$/);
  await expect(family.page.getByRole('heading', { level: 1, name: `Rosa${stamp} S.` })).toBeVisible();
  await expect(family.page.getByTestId('message-content')).toHaveText([
    'Hello, I live nearby and cook well.',
  ]);
  await second.context.close();

  // A third account: 404 on the API, the not-found page, and its socket refused joining.
  const stranger = await signedInContext(browser, baseURL, STRANGER.email);
  const opened = await call(family.page, 'GET', `/api/matchmaking/matches/${matchId}/conversation`);
  const conversationId = String((opened.conversation as { id: string }).id);
  await call(stranger.page, 'GET', `/api/matchmaking/matches/${matchId}/conversation`, undefined, 404);
  await call(
    stranger.page,
    'GET',
    `/api/matchmaking/conversations/${conversationId}/messages`,
    undefined,
    404,
  );
  await stranger.page.goto(`/matchmaking/client/messager/${matchId}`);
  await expect(stranger.page.getByTestId('conversation-not-found')).toBeVisible();
  await expect(stranger.page.getByText('Hello Carmen')).toHaveCount(0);
  await expectAccessible(stranger.page, 'messaging-thread (not found)');
  const refused = await joinAs(stranger.page, String(baseURL), conversationId);
  expect(refused).toMatchObject({ ok: false, error: { code: 'NOT_FOUND' } });
  const allowed = await joinAs(family.page, String(baseURL), conversationId);
  expect(allowed.ok).toBe(true);

  await stranger.context.close();
  await family.context.close();
  await caregiver.context.close();
  await admin.close();
});
