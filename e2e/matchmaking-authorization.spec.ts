/**
 * The case manager's part of matchmaking in the browser (issue 22; decisions 0050, 0059 and its addenda;
 * docs/matchmaking.md "Verification" and "Likes, matches and fit").
 * 1. A family code links the family's chosen client listing to the code's care client: the guardian sees the one
 *    listing pre-selected in "Who is this code for?", enters the code, is verified, and the listing is linked.
 * 2. The whole authorization path: the admin links a case manager's account to the case-manager record on
 *    /admin/users (Person tab) and turns "Matches need the case manager's authorization" on (matchmaking Settings
 *    tab); the guardian redeems the code of a care client of that case manager for the listing; two caregivers and
 *    the family like each other: both matches wait for the case manager, and both sides see it. Another case
 *    manager and the guardian get 404 from the authorize API. The case manager signs in, finds "Matches to
 *    authorize" on the dashboard, authorizes one with a note (the family sees "Matched" and the note, and the two
 *    write to each other) and declines the other with a note (both sides see "Declined by the case manager"; the
 *    conversation is closed). The caregivers never see the note, which was written for the family.
 * Set-up the flow does not test (records, accounts, listings, likes) goes through the API. axe on every screen.
 */
import { expect, test, type Page } from '@playwright/test';
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
  signedInPage,
} from './matchmaking-support.ts';

const stamp = Date.now().toString(36);
const PASSWORD = 'harbor quilt meadow eleven';
const FAMILY = { email: `mm.auth.family.${stamp}@example.org`, firstName: 'Flora', lastName: `Auth${stamp}` };
const CLIENT_NAME = `Abuela${stamp}`;
const person = (key: string, firstName: string, lastName: string) => ({
  email: `mm.auth.${key}.${stamp}@example.org`,
  firstName,
  lastName,
});
const MANAGER = { ...person('cm', 'Carla', `Manager${stamp}`), record: `Carla Manager ${stamp}` };
const OTHER_MANAGER = person('cm2', 'Otto', `Other${stamp}`);
const CM_FAMILY = person('cmfamily', 'Frida', `Waits${stamp}`);
const FAMILY_LISTING = `Yaya${stamp}`;
const CAREGIVER_A = { ...person('cga', 'Ana', `Yes${stamp}`), listing: `Ana${stamp}` };
const CAREGIVER_B = { ...person('cgb', 'Bea', `No${stamp}`), listing: `Bea${stamp}` };
const NOTE_YES = 'Authorized for Monday and Wednesday mornings.';
const NOTE_NO = 'Declined: Yaya needs a caregiver who drives.';

/** On the verification page: the listing `listingName` is the one chosen, the family code is sent, verified. */
async function redeemThroughPage(page: Page, code: string, listingName: string, shot: string) {
  await page.goto('/matchmaking/verification/id');
  const picker = page.getByRole('combobox', { name: 'Who is this code for?' });
  await expect(picker).toHaveValue(listingName);
  await expectAccessible(page, 'matchmaking-verification-family-listing');
  await snap(page, `${shot}-listing`);
  await page.getByRole('textbox', { name: 'Code from your case manager' }).fill(code);
  await page.getByRole('button', { name: 'Use the code' }).click();
  await expect(page.getByTestId('guardian-verification')).toContainText('case manager code');
  await expectAccessible(page, 'matchmaking-verification-family-verified');
  await snap(page, `${shot}-verified`);
}

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

  const page = await signedInPage(browser, baseURL, FAMILY.email, PASSWORD);
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

  await redeemThroughPage(page, code, `${CLIENT_NAME} Lopez`, 'mm-verification-family');

  const mine = (await call(page, 'GET', '/api/matchmaking/verification')) as {
    guardian: { listings: { id: string; linked: boolean }[] };
  };
  expect(mine.guardian.listings).toContainEqual(expect.objectContaining({ id: listing.id, linked: true }));

  await Promise.all([page.context().close(), admin.close()]);
});

test('a case manager linked on /admin/users authorizes one match and declines another from the dashboard', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(240_000);
  const admin = await browser.newContext({
    storageState: ADMIN_STATE_FILE,
    baseURL,
    extraHTTPHeaders: { origin: baseURL ?? '' },
  });
  const adminPage = await admin.newPage();
  forbidDialogs(adminPage);
  const api = adminPage.request;
  const post = async (url: string, data: unknown) => {
    const response = await api.post(url, { data });
    expect(response.status(), `${url}: ${await response.text()}`).toBe(201);
    return (await response.json()) as { id: string; code: string };
  };

  // Set-up through the API: the case manager's record (no email: only the admin's link makes it this account's),
  // its care client and that client's family code, another case manager with its account, and the accounts.
  const manager = await post('/api/case-managers', { name: MANAGER.record });
  const otherManager = await post('/api/case-managers', { name: `Otto Other ${stamp}` });
  const care = await post('/api/clients', { name: `Care ${FAMILY_LISTING}`, caseManagerId: manager.id });
  const { code } = await post('/api/matchmaking/family-codes', { careClientId: care.id });
  const account = (who: { email: string; firstName: string; lastName: string }, role: string, extra = {}) =>
    createUser(api, baseURL, { ...who, password: PASSWORD, role, ...extra });
  await account(MANAGER, 'USER');
  await account(OTHER_MANAGER, 'USER', { person: { kind: 'case_manager', id: otherManager.id } });
  await account(CM_FAMILY, 'GUARDIAN');
  await account(CAREGIVER_A, 'CAREGIVER');
  await account(CAREGIVER_B, 'CAREGIVER');
  const before = (await (await api.get('/api/matchmaking/settings')).json()) as Record<string, unknown>;

  // The admin links the account to the case-manager record: /admin/users, the user's Person tab.
  await adminPage.goto('/admin/users');
  await adminPage.getByRole('textbox', { name: 'Search' }).fill(MANAGER.email);
  const fullName = `${MANAGER.firstName} ${MANAGER.lastName}`;
  await adminPage.getByRole('button', { name: `Edit ${fullName}`, exact: true }).click();
  const dialog = adminPage.getByRole('dialog', { name: `Edit ${fullName}` });
  await dialog.getByRole('tab', { name: 'Person' }).click();
  await expect(dialog.getByText('Not linked to a person record')).toBeVisible();
  await dialog.getByRole('combobox', { name: 'Person' }).click();
  await adminPage.getByRole('listbox').getByRole('option', { name: 'Case manager' }).click();
  const record = dialog.getByRole('combobox', { name: 'Case manager record' });
  await record.click();
  await record.fill(MANAGER.record);
  await adminPage.getByRole('listbox').getByRole('option', { name: MANAGER.record }).click();
  await expectAccessible(adminPage, 'Users: person link (case manager)');
  await snap(adminPage, 'mm-auth-person-link');
  await dialog.getByRole('button', { name: 'Save link' }).click();
  await expect(adminPage.getByText('Person link saved', { exact: true })).toBeVisible();
  await expect(adminPage.getByRole('row').filter({ hasText: MANAGER.email })).toContainText(MANAGER.record);

  // The admin turns the agency setting on (matchmaking reviews, Settings tab).
  await adminPage.goto('/admin/matchmaking/reviews');
  await adminPage.getByRole('tab', { name: 'Settings' }).click();
  await adminPage.getByRole('switch', { name: "Matches need the case manager's authorization" }).check();
  await adminPage.getByRole('button', { name: 'Save settings' }).click();
  await expect(adminPage.getByRole('status').filter({ hasText: 'Settings saved.' })).toBeVisible();
  await expectAccessible(adminPage, 'admin-matchmaking-settings (authorization on)');

  // The guardian redeems the care client's code for their listing; two caregivers publish theirs.
  const family = await signedInPage(browser, baseURL, CM_FAMILY.email, PASSWORD);
  const clientId = await publishClientListing(
    family,
    { firstName: CM_FAMILY.firstName, lastName: CM_FAMILY.lastName },
    { firstName: FAMILY_LISTING, lastName: 'Lopez' },
  );
  await redeemThroughPage(family, code, `${FAMILY_LISTING} Lopez`, 'mm-auth-family-code');
  const caregiverA = await signedInPage(browser, baseURL, CAREGIVER_A.email, PASSWORD);
  const caregiverAId = await publishCaregiverListing(caregiverA, CAREGIVER_A.listing, CAREGIVER_A.lastName);
  const caregiverB = await signedInPage(browser, baseURL, CAREGIVER_B.email, PASSWORD);
  const caregiverBId = await publishCaregiverListing(caregiverB, CAREGIVER_B.listing, CAREGIVER_B.lastName);

  // They like each other: both matches wait for the case manager, and both sides see it.
  const matchA = await likeEachOther(family, clientId, caregiverA, caregiverAId);
  const matchB = await likeEachOther(family, clientId, caregiverB, caregiverBId);
  for (const match of [matchA, matchB])
    expect(match).toMatchObject({ status: 'PENDING', careAuthorization: 'requested' });
  const familyCard = (name: string) => family.getByTestId('entry-card').filter({ hasText: name });
  await family.goto(`/matchmaking/client/matches?clientId=${clientId}`);
  for (const name of [CAREGIVER_A.listing, CAREGIVER_B.listing]) {
    await expect(familyCard(name).getByTestId('match-status')).toHaveText('Waiting for the case manager');
    await expect(familyCard(name)).toContainText("The client's case manager must authorize this match");
  }
  await expectAccessible(family, 'matchmaking-client-matches (waiting)');
  await snap(family, 'mm-auth-family-waiting');
  await caregiverA.goto('/matchmaking/caregiver/matches');
  const caregiverCard = caregiverA.getByTestId('entry-card').filter({ hasText: FAMILY_LISTING });
  await expect(caregiverCard.getByTestId('match-status')).toHaveText('Waiting for the case manager');
  await expectAccessible(caregiverA, 'matchmaking-caregiver-matches (waiting)');
  await snap(caregiverA, 'mm-auth-caregiver-waiting');

  // Not that case manager: another case manager and the guardian get the 404 of an unknown match.
  const other = await signedInPage(browser, baseURL, OTHER_MANAGER.email, PASSWORD);
  const decide = `/api/matchmaking/matches/${matchA.id}/authorization`;
  await call(other, 'POST', decide, { decision: 'authorize' }, 404);
  await call(family, 'POST', decide, { decision: 'authorize' }, 404);
  expect(await call(other, 'GET', '/api/matchmaking/authorizations')).toEqual({ items: [] });
  await other.context().close();

  // The case manager signs in and decides from the dashboard: authorizes one, declines the other, each with a note.
  const managerContext = await browser.newContext({ baseURL, storageState: { cookies: [], origins: [] } });
  const cm = await managerContext.newPage();
  forbidDialogs(cm);
  await cm.goto('/login?redirect=/dashboard/case-manager');
  await signInThroughForm(cm, { email: MANAGER.email, password: PASSWORD });
  await expect(cm).toHaveURL(new RegExp(`/dashboard/case-manager/${manager.id}$`));
  const queue = cm.getByRole('region', { name: 'Matches to authorize (2)' });
  await expect(queue).toBeVisible();
  const shortA = `${CAREGIVER_A.listing} ${CAREGIVER_A.lastName[0]}.`;
  const shortB = `${CAREGIVER_B.listing} ${CAREGIVER_B.lastName[0]}.`;
  await expect(queue.getByTestId('match-authorization').filter({ hasText: shortA })).toContainText(
    `Care ${FAMILY_LISTING} and ${shortA}`,
  );
  await expectAccessible(cm, 'case-manager-dashboard (matches to authorize)');
  await snap(cm, 'mm-auth-case-manager-queue');
  await queue.getByRole('textbox', { name: `Note about ${shortA}` }).fill(NOTE_YES);
  await queue.getByRole('button', { name: `Authorize ${shortA}` }).click();
  const queueOfOne = cm.getByRole('region', { name: 'Matches to authorize (1)' });
  await expect(queueOfOne.getByRole('status')).toHaveText(
    `You authorized ${shortA} for Care ${FAMILY_LISTING}. Both see it on their matches page.`,
  );
  await queueOfOne.getByRole('textbox', { name: `Note about ${shortB}` }).fill(NOTE_NO);
  await queueOfOne.getByRole('button', { name: `Decline ${shortB}` }).click();
  const emptied = cm.getByRole('region', { name: 'Matches to authorize (0)' });
  await expect(emptied.getByRole('status')).toContainText(
    `You declined ${shortB} for Care ${FAMILY_LISTING}.`,
  );
  await expect(emptied.getByTestId('match-authorization')).toHaveCount(0);
  await expectAccessible(cm, 'case-manager-dashboard (matches decided)');
  await snap(cm, 'mm-auth-case-manager-decided');

  // The family: matched with the note, and declined with the note.
  await family.goto(`/matchmaking/client/matches?clientId=${clientId}`);
  await expect(familyCard(CAREGIVER_A.listing).getByTestId('match-status')).toHaveText('Matched');
  await expect(familyCard(CAREGIVER_A.listing)).toContainText(`Case manager's note: ${NOTE_YES}`);
  await expect(familyCard(CAREGIVER_B.listing).getByTestId('match-status')).toHaveText(
    'Declined by the case manager',
  );
  await expect(familyCard(CAREGIVER_B.listing)).toContainText(`Case manager's note: ${NOTE_NO}`);
  await expectAccessible(family, 'matchmaking-client-matches (decided)');
  await snap(family, 'mm-auth-family-decided');

  // The caregivers: matched, and declined; neither sees the note written for the family.
  await caregiverA.goto('/matchmaking/caregiver/matches');
  await expect(caregiverCard.getByTestId('match-status')).toHaveText('Matched');
  await expect(caregiverA.getByText(NOTE_YES)).toHaveCount(0);
  await caregiverB.goto('/matchmaking/caregiver/matches');
  const declined = caregiverB.getByTestId('entry-card').filter({ hasText: FAMILY_LISTING });
  await expect(declined.getByTestId('match-status')).toHaveText('Declined by the case manager');
  await expect(caregiverB.getByText(NOTE_NO)).toHaveCount(0);
  await expectAccessible(caregiverB, 'matchmaking-caregiver-matches (declined)');
  await snap(caregiverB, 'mm-auth-caregiver-declined');

  // The authorized pair write to each other; the declined pair's conversation is closed.
  await family.goto(`/matchmaking/client/messager/${matchA.id}`);
  await caregiverA.goto(`/matchmaking/caregiver/messager/${matchA.id}`);
  const hello = 'Hello, our case manager said yes. Monday at nine?';
  await family.getByRole('textbox', { name: 'Your message' }).fill(hello);
  await family.getByRole('button', { name: 'Send' }).click();
  await expect(caregiverA.getByTestId('message-content')).toHaveText([hello]);
  await caregiverA.getByRole('textbox', { name: 'Your message' }).fill('Monday at nine works.');
  await caregiverA.getByRole('button', { name: 'Send' }).click();
  await expect(family.getByTestId('message-content')).toHaveText([hello, 'Monday at nine works.']);
  await expectAccessible(family, 'messaging-thread (authorized match)');
  await family.goto(`/matchmaking/client/messager/${matchB.id}`);
  await expect(family.getByTestId('thread-ended')).toContainText('This match has ended');
  await expect(family.getByRole('textbox', { name: 'Your message' })).toHaveCount(0);
  await expectAccessible(family, 'messaging-thread (declined match)');
  await snap(family, 'mm-auth-declined-thread');

  // Leave the agency setting as it was.
  const restored = await api.put('/api/matchmaking/settings', { data: before });
  expect(restored.status(), await restored.text()).toBe(200);
  await Promise.all([family, caregiverA, caregiverB].map((page) => page.context().close()));
  await Promise.all([managerContext.close(), admin.close()]);
});
