/**
 * Invitations, password recovery and email change (spec issue 4; docs/accounts.md) through the real app on a
 * fresh database: links are read from the outbox as an admin would, tokens are single-use, replaced on resend and
 * expire, answers never reveal whether an email has an account, and the public endpoints are rate limited.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, like } from 'drizzle-orm';
import {
  apiTokenPair,
  as,
  cookiesOf,
  createTestApp,
  signInAs,
  TEST_ORIGIN,
  TEST_PASSWORD,
  type TestApp,
} from '../../../test/helpers.ts';
import { auditEvents } from '../../platform/audit/audit.table.ts';
import { authUsers, authVerifications, userAccounts } from '../../platform/auth/auth.table.ts';
import { verificationTokens } from './users.table.ts';
import { hashToken } from './one-time-token.ts';

const anonymous = (t: TestApp) => as(t, null);
const stamp = () => randomUUID().slice(0, 8);

/** The newest outbox email to `email` (subject and text), read through the messaging service. */
async function latestEmail(t: TestApp, email: string) {
  const page = await t.app.deps.messaging.listOutbox({ page: 1, pageSize: 1, to: email });
  const message = page.items[0];
  if (!message) throw new Error(`no email in the outbox for ${email}`);
  return message;
}

/** The `/confirm` link of the newest outbox email to `email`, and its token. */
async function latestLink(t: TestApp, email: string) {
  const message = await latestEmail(t, email);
  const match = /(http\S+\/confirm\?\S+)/.exec(message.textBody ?? '');
  if (!match) throw new Error(`no link in the outbox email to ${email}`);
  const url = new URL(match[1] as string);
  return { url, type: url.searchParams.get('type'), token: url.searchParams.get('token') as string };
}

async function outboxCount(t: TestApp, email: string) {
  return (await t.app.deps.messaging.listOutbox({ page: 1, pageSize: 1, to: email })).total;
}

function signIn(t: TestApp, email: string, password: string) {
  return t.app.inject({
    method: 'POST',
    url: '/api/auth/sign-in/email',
    headers: { origin: TEST_ORIGIN },
    payload: { email, password },
  });
}

async function auditActionsFor(t: TestApp, entityId: string) {
  const rows = await t.database.db
    .select({ action: auditEvents.action, outcome: auditEvents.outcome })
    .from(auditEvents)
    .where(eq(auditEvents.entityId, entityId));
  return rows;
}

describe('invitations', () => {
  let t: TestApp;
  let admin: ReturnType<typeof as>;
  let user: ReturnType<typeof as>;
  beforeAll(async () => {
    t = await createTestApp();
    admin = as(t, (await signInAs(t, 'ADMIN')).cookie);
    user = as(t, (await signInAs(t, 'USER')).cookie);
  });
  afterAll(async () => t?.close());

  const invite = (email: string, extra: Record<string, unknown> = {}) =>
    admin({
      method: 'POST',
      url: '/api/users/invitations',
      payload: {
        email,
        role: 'CAREGIVER',
        functionalRole: 'DSP',
        firstName: 'Iris',
        lastName: 'Vale',
        ...extra,
      },
    });

  it('invites by email: a pending account, a hashed 7-day token and an email with the link', async () => {
    const email = `Invitee-${stamp()}@Example.org`;
    const response = await invite(email);
    expect(response.statusCode).toBe(201);
    const account = response.json();
    expect(account).toMatchObject({
      email: email.toLowerCase(),
      authUserId: null,
      role: 'CAREGIVER',
      functionalRole: 'DSP',
      isActive: true,
      lastLoginAt: null,
    });
    const link = await latestLink(t, email.toLowerCase());
    expect(link.url.origin).toBe(TEST_ORIGIN);
    expect(link.url.pathname).toBe('/confirm');
    expect(link.type).toBe('invite');
    expect(link.token).toMatch(/^[\w-]{43}$/);
    const message = await latestEmail(t, email.toLowerCase());
    expect(message.subject).toBe('You are invited to Tend / Le invitamos a Tend');
    expect(message.relatedEntityId).toBe(account.id);
    // Only the hash is stored; it expires in 7 days.
    const [stored] = await t.database.db
      .select()
      .from(verificationTokens)
      .where(eq(verificationTokens.identifier, `invite:${account.id}`));
    expect(stored?.token).toBe(hashToken(link.token));
    expect(stored?.token).not.toContain(link.token);
    const days = ((stored?.expires.getTime() ?? 0) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(6.99);
    expect(days).toBeLessThanOrEqual(7);
    expect(await auditActionsFor(t, account.id)).toContainEqual({
      action: 'user.invite',
      outcome: 'success',
    });
  });

  it('refuses a taken email and bad fields with 400 naming the field; denies non-admins and anonymous', async () => {
    const email = `taken-${stamp()}@example.org`;
    expect((await invite(email)).statusCode).toBe(201);
    const again = await invite(email.toUpperCase());
    expect(again.statusCode).toBe(400);
    expect(again.json().errors).toEqual([{ path: 'email', message: 'is already used by another account' }]);
    const bad = await invite('not-an-email', { role: 'OWNER' });
    expect(bad.statusCode).toBe(400);
    expect(
      bad
        .json()
        .errors.map((e: { path: string }) => e.path)
        .sort(),
    ).toEqual(['email', 'role']);

    const payload = { email: `x-${stamp()}@example.org`, role: 'USER', firstName: 'A', lastName: 'B' };
    expect((await user({ method: 'POST', url: '/api/users/invitations', payload })).statusCode).toBe(403);
    expect((await anonymous(t)({ method: 'POST', url: '/api/users/invitations', payload })).statusCode).toBe(
      401,
    );
    const id = randomUUID();
    expect((await user({ method: 'POST', url: `/api/users/${id}/invitation` })).statusCode).toBe(403);
    expect((await anonymous(t)({ method: 'POST', url: `/api/users/${id}/invitation` })).statusCode).toBe(401);
    expect((await admin({ method: 'POST', url: `/api/users/${id}/invitation` })).statusCode).toBe(404);
  });

  it('accepts: the password policy applies, then the invitee signs in with the right role and lastLoginAt', async () => {
    const email = `accept-${stamp()}@example.org`;
    const account = (await invite(email, { role: 'USER' })).json();
    const { token } = await latestLink(t, email);

    const details = await anonymous(t)({
      method: 'POST',
      url: '/api/invitations/lookup',
      payload: { token },
    });
    expect(details.statusCode).toBe(200);
    expect(details.json()).toMatchObject({ email, fullName: 'Iris Vale', role: 'USER' });

    const weak = await anonymous(t)({
      method: 'POST',
      url: '/api/invitations/accept',
      payload: { token, password: 'Iris2024!' },
    });
    expect(weak.statusCode).toBe(400);
    expect(weak.json().errors.map((e: { path: string }) => e.path)).toContain('password');
    expect(weak.json().errors).toContainEqual({
      path: 'password',
      message: 'must not contain the name "Iris"',
    });

    const password = 'a kettle of fish on tuesday';
    const accepted = await anonymous(t)({
      method: 'POST',
      url: '/api/invitations/accept',
      payload: { token, password },
    });
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json()).toEqual({ email });

    const signedIn = await signIn(t, email, password);
    expect(signedIn.statusCode).toBe(200);
    const me = await as(t, cookiesOf(signedIn))({ method: 'GET', url: '/api/me' });
    expect(me.json()).toMatchObject({ email, role: 'USER', userAccountId: account.id });

    const listed = await admin({ method: 'GET', url: `/api/users/${account.id}` });
    expect(listed.json().authUserId).toEqual(expect.any(String));
    expect(Date.now() - Date.parse(listed.json().lastLoginAt)).toBeLessThan(60_000);
    expect(await auditActionsFor(t, account.id)).toContainEqual({
      action: 'user.invitation_accept',
      outcome: 'success',
    });

    // The link works once.
    const reused = await anonymous(t)({
      method: 'POST',
      url: '/api/invitations/accept',
      payload: { token, password: 'another long passphrase' },
    });
    expect(reused.statusCode).toBe(400);
    expect(reused.json().errors[0].path).toBe('token');
    expect(reused.json().detail).toContain('already been used');
    // Resending an accepted invitation is a conflict.
    const resend = await admin({ method: 'POST', url: `/api/users/${account.id}/invitation` });
    expect(resend.statusCode).toBe(409);
  });

  it('resend replaces the old link; an expired link says so; a deactivated invitee cannot accept', async () => {
    const email = `resend-${stamp()}@example.org`;
    const account = (await invite(email)).json();
    const first = await latestLink(t, email);
    const resent = await admin({ method: 'POST', url: `/api/users/${account.id}/invitation` });
    expect(resent.statusCode).toBe(200);
    expect(resent.json()).toMatchObject({ userAccountId: account.id, email });
    const second = await latestLink(t, email);
    expect(second.token).not.toBe(first.token);
    expect(await outboxCount(t, email)).toBe(2);
    const old = await anonymous(t)({
      method: 'POST',
      url: '/api/invitations/lookup',
      payload: { token: first.token },
    });
    expect(old.statusCode).toBe(400);
    expect(old.json().detail).toContain('replaced by a newer one');

    await t.database.db
      .update(verificationTokens)
      .set({ expires: new Date(Date.now() - 1000) })
      .where(eq(verificationTokens.identifier, `invite:${account.id}`));
    const expired = await anonymous(t)({
      method: 'POST',
      url: '/api/invitations/accept',
      payload: { token: second.token, password: 'a kettle of fish on tuesday' },
    });
    expect(expired.statusCode).toBe(400);
    expect(expired.json().errors[0]).toMatchObject({ path: 'token' });
    expect(expired.json().detail).toContain('expired');
    const [row] = await t.database.db.select().from(userAccounts).where(eq(userAccounts.id, account.id));
    expect(row?.authUserId).toBeNull();

    // Re-sending gives a fresh 7 days; deactivating withdraws the invitation.
    await admin({ method: 'POST', url: `/api/users/${account.id}/invitation` });
    const third = await latestLink(t, email);
    await admin({
      method: 'PUT',
      url: `/api/users/${account.id}`,
      payload: { role: 'CAREGIVER', firstName: 'Iris', lastName: 'Vale', isActive: false },
    });
    const withdrawn = await anonymous(t)({
      method: 'POST',
      url: '/api/invitations/lookup',
      payload: { token: third.token },
    });
    expect(withdrawn.statusCode).toBe(400);
    expect((await admin({ method: 'POST', url: `/api/users/${account.id}/invitation` })).statusCode).toBe(
      409,
    );
  });

  it('refuses a malformed token with 400 naming the field', async () => {
    const response = await anonymous(t)({
      method: 'POST',
      url: '/api/invitations/lookup',
      payload: { token: 'has spaces & symbols' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors[0].path).toBe('token');
  });
});

describe('password recovery', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t?.close());

  const requestReset = (email: string) =>
    anonymous(t)({ method: 'POST', url: '/api/auth/request-password-reset', payload: { email } });
  const resetPassword = (token: string, newPassword: string) =>
    anonymous(t)({ method: 'POST', url: '/api/auth/reset-password', payload: { token, newPassword } });

  it('emails a link to /confirm, sets a new password (policy applies), ends every session and API token family', async () => {
    const { cookie, email, accountId } = await signInAs(t, 'USER', `recover-${stamp()}@example.org`);
    const other = cookiesOf(await signIn(t, email, TEST_PASSWORD));
    const apiClient = await apiTokenPair(t, email);
    expect(await apiClient.bearerMe()).toBe(200);
    const answer = await requestReset(email);
    expect(answer.statusCode).toBe(200);
    const link = await latestLink(t, email);
    expect(link.type).toBe('recovery');
    expect(link.url.pathname).toBe('/confirm');
    expect((await latestEmail(t, email)).subject).toBe('Reset your Tend password');
    // Stored hashed: no verification row carries the token.
    const plain = await t.database.db
      .select()
      .from(authVerifications)
      .where(like(authVerifications.identifier, 'reset-password:%'));
    expect(plain).toEqual([]);

    const weak = await resetPassword(link.token, 'password1');
    expect(weak.statusCode).toBe(400);
    expect(weak.json().errors[0].path).toBe('password');

    const newPassword = 'lanterns over the harbour';
    expect((await resetPassword(link.token, newPassword)).statusCode).toBe(200);
    expect((await as(t, cookie)({ method: 'GET', url: '/api/me' })).statusCode).toBe(401);
    expect((await as(t, other)({ method: 'GET', url: '/api/me' })).statusCode).toBe(401);
    // API clients end too: the access token is refused and the refresh token cannot renew it.
    expect(await apiClient.bearerMe()).toBe(401);
    expect(await apiClient.refresh()).toBe(401);
    expect((await signIn(t, email, TEST_PASSWORD)).statusCode).not.toBe(200);
    expect((await signIn(t, email, newPassword)).statusCode).toBe(200);
    expect((await resetPassword(link.token, 'yet another fine passphrase')).statusCode).toBe(400);
    expect(await auditActionsFor(t, accountId)).toContainEqual({
      action: 'user.password_reset',
      outcome: 'success',
    });
  });

  it('answers the same for unknown and deactivated accounts and sends them nothing', async () => {
    const known = await signInAs(t, 'USER', `known-${stamp()}@example.org`);
    const knownAnswer = await requestReset(known.email);
    const unknownEmail = `nobody-${stamp()}@example.org`;
    const unknownAnswer = await requestReset(unknownEmail);
    expect(unknownAnswer.statusCode).toBe(knownAnswer.statusCode);
    expect(unknownAnswer.json()).toEqual(knownAnswer.json());
    expect(await outboxCount(t, unknownEmail)).toBe(0);

    const inactive = await signInAs(t, 'USER', `inactive-${stamp()}@example.org`);
    await t.database.db
      .update(userAccounts)
      .set({ isActive: false })
      .where(eq(userAccounts.id, inactive.accountId));
    const before = await t.database.db.select().from(authVerifications);
    const inactiveAnswer = await requestReset(inactive.email);
    expect(inactiveAnswer.json()).toEqual(knownAnswer.json());
    expect(await outboxCount(t, inactive.email)).toBe(0);
    // Its token was deleted at once: nothing new is stored.
    expect((await t.database.db.select().from(authVerifications)).length).toBe(before.length);
  });
});

describe('email change', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t?.close());

  it('needs the current password, mails the NEW address, and changes both emails only when confirmed', async () => {
    const { cookie, email, accountId } = await signInAs(t, 'CAREGIVER', `old-${stamp()}@example.org`);
    const call = as(t, cookie);
    const newEmail = `New-${stamp()}@Example.org`;
    const lower = newEmail.toLowerCase();

    const wrong = await call({
      method: 'POST',
      url: '/api/account/email-change',
      payload: { newEmail, currentPassword: 'not my password at all' },
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().errors[0].path).toBe('currentPassword');
    expect(await auditActionsFor(t, accountId)).toContainEqual({
      action: 'user.email_change',
      outcome: 'denied',
    });

    const other = await signInAs(t, 'USER', `other-${stamp()}@example.org`);
    const taken = await call({
      method: 'POST',
      url: '/api/account/email-change',
      payload: { newEmail: other.email, currentPassword: TEST_PASSWORD },
    });
    expect(taken.statusCode).toBe(400);
    expect(taken.json().errors).toEqual([
      { path: 'newEmail', message: 'is already used by another account' },
    ]);
    const same = await call({
      method: 'POST',
      url: '/api/account/email-change',
      payload: { newEmail: email, currentPassword: TEST_PASSWORD },
    });
    expect(same.json().errors[0].path).toBe('newEmail');

    const requested = await call({
      method: 'POST',
      url: '/api/account/email-change',
      payload: { newEmail, currentPassword: TEST_PASSWORD },
    });
    expect(requested.statusCode).toBe(200);
    expect(requested.json().email).toBe(lower);
    const link = await latestLink(t, lower);
    expect(link.type).toBe('email_change');
    expect(await outboxCount(t, email)).toBe(0);
    // Nothing changes until the link is opened.
    expect((await call({ method: 'GET', url: '/api/me' })).json().email).toBe(email);

    const confirmed = await anonymous(t)({
      method: 'POST',
      url: '/api/account/email-change/confirm',
      payload: { token: link.token },
    });
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json()).toEqual({ email: lower });
    expect((await call({ method: 'GET', url: '/api/me' })).json().email).toBe(lower);
    const [account] = await t.database.db.select().from(userAccounts).where(eq(userAccounts.id, accountId));
    expect(account?.email).toBe(lower);
    const [authUser] = await t.database.db
      .select()
      .from(authUsers)
      .where(and(eq(authUsers.email, lower), eq(authUsers.emailVerified, true)));
    expect(authUser).toBeDefined();
    expect((await signIn(t, lower, TEST_PASSWORD)).statusCode).toBe(200);
    expect((await signIn(t, email, TEST_PASSWORD)).statusCode).not.toBe(200);
    // The old address is told.
    expect((await latestEmail(t, email)).subject).toBe('Your Tend sign-in email was changed');
    expect(await auditActionsFor(t, accountId)).toContainEqual({
      action: 'user.email_change',
      outcome: 'success',
    });

    const reused = await anonymous(t)({
      method: 'POST',
      url: '/api/account/email-change/confirm',
      payload: { token: link.token },
    });
    expect(reused.statusCode).toBe(400);
    expect(reused.json().errors[0].path).toBe('token');
  });

  it('a newer request replaces the older link; anonymous callers get 401', async () => {
    const { cookie } = await signInAs(t, 'USER', `twice-${stamp()}@example.org`);
    const call = as(t, cookie);
    const first = `first-${stamp()}@example.org`;
    const second = `second-${stamp()}@example.org`;
    await call({
      method: 'POST',
      url: '/api/account/email-change',
      payload: { newEmail: first, currentPassword: TEST_PASSWORD },
    });
    const firstLink = await latestLink(t, first);
    await call({
      method: 'POST',
      url: '/api/account/email-change',
      payload: { newEmail: second, currentPassword: TEST_PASSWORD },
    });
    const stale = await anonymous(t)({
      method: 'POST',
      url: '/api/account/email-change/confirm',
      payload: { token: firstLink.token },
    });
    expect(stale.statusCode).toBe(400);
    expect(
      (
        await anonymous(t)({
          method: 'POST',
          url: '/api/account/email-change',
          payload: { newEmail: first, currentPassword: TEST_PASSWORD },
        })
      ).statusCode,
    ).toBe(401);
  });
});

describe('account endpoint rate limits', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ authRateLimits: { signInPer5Min: 100, otpPer5Min: 2, mfaPerMinute: 100 } });
  });
  afterAll(async () => t?.close());

  it('limits recovery requests and invitation lookups per IP (429 after the limit)', async () => {
    const recover = () =>
      anonymous(t)({
        method: 'POST',
        url: '/api/auth/request-password-reset',
        payload: { email: `limit-${stamp()}@example.org` },
      });
    const statuses = [
      (await recover()).statusCode,
      (await recover()).statusCode,
      (await recover()).statusCode,
    ];
    expect(statuses).toEqual([200, 200, 429]);

    const lookup = () =>
      anonymous(t)({ method: 'POST', url: '/api/invitations/lookup', payload: { token: 'unknown-token' } });
    const lookups = [(await lookup()).statusCode, (await lookup()).statusCode, (await lookup()).statusCode];
    expect(lookups).toEqual([400, 400, 429]);
  });
});
