/**
 * Invitations (spec issue 4; docs/accounts.md): the shared admin invites a caregiver on /admin/users, the flow
 * reads the link from the outbox (`GET /api/outbox?to=…`), sends the invitation again (the old link then says it
 * was replaced), and in a fresh browser the invitee opens the new link, chooses a password and lands signed in
 * with the invited role. The spent link says so. The new account then changes its sign-in email on /account
 * (current password, link to the new address). The admin sees the account turn from "Invited" to "Active".
 */
import { expect, test, type APIRequestContext } from '@playwright/test';
import { ADMIN_STATE_FILE, expectAccessible, forbidDialogs, snap } from './support.ts';

const stamp = Date.now().toString(36);
const INVITEE = {
  firstName: 'Ivy',
  lastName: `Invitee ${stamp}`,
  email: `invitee.${stamp}@example.org`,
  password: 'porch swing at dusk with lemonade',
};

/** The `/confirm` link of the newest outbox email to `email` and how many emails it has had. */
async function newestLink(admin: APIRequestContext, email: string) {
  const response = await admin.get(`/api/outbox?page=1&pageSize=1&to=${encodeURIComponent(email)}`);
  expect(response.status()).toBe(200);
  const { items, total } = (await response.json()) as { items: { textBody: string | null }[]; total: number };
  const link = /(https?:\/\/\S+\/confirm\?\S+)/.exec(items[0]?.textBody ?? '')?.[1] ?? null;
  return { link, total };
}

test('an admin invites a person who chooses a password and signs in with the invited role', async ({
  browser,
  baseURL,
}) => {
  const adminContext = await browser.newContext({ storageState: ADMIN_STATE_FILE, baseURL });
  const admin = adminContext.request;
  const page = await adminContext.newPage();
  forbidDialogs(page);

  await page.goto('/admin/users');
  await expect(page.getByRole('heading', { name: 'Users', level: 1 })).toBeVisible();
  await page.getByRole('button', { name: 'Invite user' }).first().click();
  const form = page.getByRole('form', { name: 'Invite a user' });
  await form.getByRole('textbox', { name: 'First name' }).fill(INVITEE.firstName);
  await form.getByRole('textbox', { name: 'Last name' }).fill(INVITEE.lastName);
  await form.getByRole('textbox', { name: 'Email' }).fill(INVITEE.email);
  await form.getByRole('combobox', { name: 'Role' }).click();
  await page.getByRole('listbox').getByRole('option', { name: 'Caregiver' }).click();
  await form.getByRole('textbox', { name: 'Job title' }).fill('DSP');
  await snap(page, 'invite-user-modal');
  await expectAccessible(page, 'invite-user-modal');
  await form.getByRole('button', { name: 'Send invitation' }).click();
  await expect(page.getByText('Invitation sent', { exact: true })).toBeVisible();

  await page.getByRole('textbox', { name: 'Search' }).fill(stamp);
  await expect(page).toHaveURL(new RegExp(`q=${stamp}`));
  const row = page.getByRole('row').filter({ hasText: INVITEE.email });
  await expect(row).toContainText('Invited');
  await expect(row).toContainText('Caregiver');
  await snap(page, 'users-invited');
  await expectAccessible(page, 'users-invited');

  let first: string | null = null;
  await expect(async () => {
    first = (await newestLink(admin, INVITEE.email)).link;
    expect(first).toContain('/confirm?type=invite&token=');
  }).toPass({ timeout: 10_000 });

  // Sending again replaces the link.
  await row.getByRole('button', { name: /Send the invitation again/ }).click();
  await expect(page.getByText('Invitation sent again')).toBeVisible();
  let second: string | null = null;
  await expect(async () => {
    const newest = await newestLink(admin, INVITEE.email);
    expect(newest.total).toBe(2);
    second = newest.link;
    expect(second).not.toBe(first);
  }).toPass({ timeout: 10_000 });

  // The two emails are in the outbox; a row opens the message.
  await page.goto(`/admin/outbox?channel=email`);
  await expect(page.getByRole('heading', { name: 'Outbox' })).toBeVisible();
  const sent = page.getByRole('row').filter({ hasText: INVITEE.email });
  await expect(sent).toHaveCount(2);
  await expectAccessible(page, 'outbox');
  await sent.first().click();
  const message = page.getByRole('dialog');
  await expect(message).toContainText(`To: ${INVITEE.email}`);
  await expectAccessible(page, 'outbox-message');
  await page.keyboard.press('Escape');
  await expect(message).toBeHidden();
  await page.goBack();
  await expect(page).toHaveURL(new RegExp(`/admin/users\\?q=${stamp}`));

  const invitee = await browser.newContext({ storageState: { cookies: [], origins: [] }, baseURL });
  const inviteePage = await invitee.newPage();
  forbidDialogs(inviteePage);
  const path = (link: string | null) => {
    const url = new URL(link as string);
    return `${url.pathname}${url.search}`;
  };

  await inviteePage.goto(path(first));
  await expect(
    inviteePage.getByRole('heading', { name: 'This invitation link does not work' }),
  ).toBeVisible();
  await expect(inviteePage.getByRole('alert')).toContainText('replaced by a newer one');
  await snap(inviteePage, 'invite-link-replaced');
  await expectAccessible(inviteePage, 'invite-link-replaced');

  await inviteePage.goto(path(second));
  await expect(inviteePage.getByRole('heading', { name: 'Welcome to Tend' })).toBeVisible();
  await expect(inviteePage.getByText(INVITEE.email)).toBeVisible();
  // The password policy speaks in words.
  await inviteePage.getByRole('textbox', { name: 'New password' }).fill('password123');
  await inviteePage.getByRole('textbox', { name: 'Repeat the password' }).fill('password123');
  await inviteePage.getByRole('button', { name: 'Set password and sign in' }).click();
  await expect(inviteePage.getByText(/commonly used password/)).toBeVisible();
  await snap(inviteePage, 'invite-weak-password');
  await expectAccessible(inviteePage, 'invite-weak-password');

  await inviteePage.getByRole('textbox', { name: 'New password' }).fill(INVITEE.password);
  await inviteePage.getByRole('textbox', { name: 'Repeat the password' }).fill(INVITEE.password);
  await inviteePage.getByRole('button', { name: 'Set password and sign in' }).click();
  await expect(inviteePage).toHaveURL(new URL('/', baseURL).toString());
  const me = await inviteePage.request.get('/api/me');
  expect(await me.json()).toMatchObject({ email: INVITEE.email, role: 'CAREGIVER' });
  await expect(inviteePage.getByTestId('signed-in-user')).toContainText(INVITEE.firstName);
  await snap(inviteePage, 'invite-accepted');
  await expectAccessible(inviteePage, 'invite-accepted');

  // The link works once.
  await inviteePage.goto(path(second));
  await expect(inviteePage.getByRole('alert')).toContainText('already been used');
  await snap(inviteePage, 'invite-link-used');
  await expectAccessible(inviteePage, 'invite-link-used');

  // The new account changes its sign-in email on /account: current password, then the link sent to the NEW address.
  const newEmail = `invitee.moved.${stamp}@example.org`;
  await inviteePage.goto('/');
  await inviteePage.getByTestId('signed-in-user').click();
  await expect(inviteePage).toHaveURL(/\/account$/);
  const change = inviteePage.getByRole('form', { name: 'Change email' });
  await change.getByRole('textbox', { name: 'New email' }).fill(newEmail);
  await change.getByRole('textbox', { name: 'Current password' }).fill('not my password');
  await change.getByRole('button', { name: 'Send confirmation link' }).click();
  await expect(change.getByText('Current password is not right')).toBeVisible();
  await change.getByRole('textbox', { name: 'Current password' }).fill(INVITEE.password);
  await change.getByRole('button', { name: 'Send confirmation link' }).click();
  await expect(inviteePage.getByTestId('email-change-sent')).toContainText(newEmail);
  await expect(inviteePage.getByTestId('account-email')).toHaveText(INVITEE.email);
  await snap(inviteePage, 'account-email-change-sent');
  await expectAccessible(inviteePage, 'account-email-change-sent');
  let changeLink: string | null = null;
  await expect(async () => {
    changeLink = (await newestLink(admin, newEmail)).link;
    expect(changeLink).toContain('/confirm?type=email_change&token=');
  }).toPass({ timeout: 10_000 });
  await inviteePage.goto(path(changeLink));
  await inviteePage.getByRole('button', { name: 'Confirm new email' }).click();
  await expect(inviteePage.getByRole('heading', { name: 'Your email is changed' })).toBeVisible();
  await snap(inviteePage, 'account-email-changed');
  await expectAccessible(inviteePage, 'account-email-changed');
  await inviteePage.goto('/account');
  await expect(inviteePage.getByTestId('account-email')).toHaveText(newEmail);

  await page.reload();
  const accepted = page.getByRole('row').filter({ hasText: newEmail });
  await expect(accepted).toContainText('Active');
  await expect(accepted.getByRole('button', { name: /Send the invitation again/ })).toHaveCount(0);
  await snap(page, 'users-invitation-accepted');
  await expectAccessible(page, 'users-invitation-accepted');

  await invitee.close();
  await adminContext.close();
});
