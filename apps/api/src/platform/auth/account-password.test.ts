/**
 * "Change password" on /account (password-change.ts; docs/accounts.md) through the real app on a fresh database:
 * better-auth's `POST /api/auth/change-password` with Tend's password policy, the current password as
 * re-authentication, other sessions (API token families too) ended on request, the replacing session's clocks and assurance kept, and the
 * audit.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
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
import { auditEvents } from '../audit/audit.table.ts';
import { authSessions, authUsers, userAccounts } from './auth.table.ts';

const NEW_PASSWORD = 'a lantern by the river gate';

describe('POST /api/auth/change-password', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t?.close());

  const changePassword = (cookie: string | null, payload: Record<string, unknown>) =>
    as(t, cookie)({ method: 'POST', url: '/api/auth/change-password', payload });

  const signIn = (email: string, password: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      headers: { origin: TEST_ORIGIN },
      payload: { email, password },
    });

  const me = (cookie: string) => as(t, cookie)({ method: 'GET', url: '/api/me' });

  async function eventsOf(accountId: string, action: string) {
    return t.database.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.entityId, accountId), eq(auditEvents.action, action)));
  }

  async function sessionsOf(email: string) {
    return t.database.db
      .select({ token: authSessions.token, createdAt: authSessions.createdAt, aal: authSessions.aal })
      .from(authSessions)
      .innerJoin(authUsers, eq(authUsers.id, authSessions.userId))
      .where(eq(authUsers.email, email));
  }

  it('refuses an anonymous caller with 401 and changes nothing', async () => {
    const response = await changePassword(null, {
      currentPassword: TEST_PASSWORD,
      newPassword: NEW_PASSWORD,
    });
    expect(response.statusCode).toBe(401);
  });

  it('changes the password, ends the other sessions when asked and audits it', async () => {
    const { cookie, email, accountId } = await signInAs(t, 'CAREGIVER');
    const other = cookiesOf(await signIn(email, TEST_PASSWORD));
    expect((await me(other)).statusCode).toBe(200);
    const apiClient = await apiTokenPair(t, email);
    expect(await apiClient.bearerMe()).toBe(200);
    const signInsBefore = (await eventsOf(accountId, 'auth.sign_in')).length;

    const response = await changePassword(cookie, {
      currentPassword: TEST_PASSWORD,
      newPassword: NEW_PASSWORD,
      revokeOtherSessions: true,
    });
    expect(response.statusCode).toBe(200);
    const replacing = cookiesOf(response);
    expect(replacing).toContain('session_token');

    // This browser goes on with the replacing session; the other one is signed out.
    expect((await me(replacing)).statusCode).toBe(200);
    expect((await me(other)).statusCode).toBe(401);
    expect((await me(cookie)).statusCode).toBe(401);
    expect(await sessionsOf(email)).toHaveLength(1);
    // An API client is another session: its refresh and access tokens stop working.
    expect(await apiClient.bearerMe()).toBe(401);
    expect(await apiClient.refresh()).toBe(401);

    expect((await signIn(email, TEST_PASSWORD)).statusCode).toBe(401);
    const signedIn = await signIn(email, NEW_PASSWORD);
    expect(signedIn.statusCode).toBe(200);

    // Events written inside better-auth carry the request's own id (the x-request-id of its response and logs).
    const [changed] = await eventsOf(accountId, 'user.password_change');
    const signIns = await eventsOf(accountId, 'auth.sign_in');
    expect(signIns.map((event) => event.requestId)).toContain(signedIn.headers['x-request-id']);
    expect(changed).toMatchObject({
      requestId: response.headers['x-request-id'],
      actorUserAccountId: accountId,
      actorEmail: email,
      outcome: 'success',
      details: { otherSessionsEnded: true, apiTokenFamiliesRevoked: 1 },
    });
    // The replacing session is no sign-in; the sign-in with the new password is one.
    expect(await eventsOf(accountId, 'auth.sign_in')).toHaveLength(signInsBefore + 1);
  });

  it('keeps the other sessions when not asked to end them', async () => {
    const { cookie, email, accountId } = await signInAs(t, 'GUARDIAN');
    const other = cookiesOf(await signIn(email, TEST_PASSWORD));
    const apiClient = await apiTokenPair(t, email);
    const response = await changePassword(cookie, {
      currentPassword: TEST_PASSWORD,
      newPassword: NEW_PASSWORD,
      revokeOtherSessions: false,
    });
    expect(response.statusCode).toBe(200);
    expect((await me(cookie)).statusCode).toBe(200);
    expect((await me(other)).statusCode).toBe(200);
    expect(await apiClient.bearerMe()).toBe(200);
    expect(await eventsOf(accountId, 'user.password_change')).toMatchObject([
      { outcome: 'success', details: { otherSessionsEnded: false, apiTokenFamiliesRevoked: 0 } },
    ]);
  });

  it("keeps an admin's sign-in time and verified second factor on the replacing session", async () => {
    const { cookie, email } = await signInAs(t, 'ADMIN');
    const [before] = await sessionsOf(email);
    expect(before?.aal).toBe('aal2');
    const response = await changePassword(cookie, {
      currentPassword: TEST_PASSWORD,
      newPassword: NEW_PASSWORD,
      revokeOtherSessions: true,
    });
    expect(response.statusCode).toBe(200);
    const [after] = await sessionsOf(email);
    expect(after?.token).not.toBe(before?.token);
    expect(after?.aal).toBe('aal2');
    expect(after?.createdAt.getTime()).toBe(before?.createdAt.getTime());
    // PHI stays open without a second code.
    expect((await as(t, cookiesOf(response))({ method: 'GET', url: '/api/users' })).statusCode).toBe(200);
  });

  it('refuses a weak new password with every reason on `password` and keeps the old one', async () => {
    const { cookie, email } = await signInAs(t, 'CAREGIVER');
    const response = await changePassword(cookie, {
      currentPassword: TEST_PASSWORD,
      newPassword: 'Test2024!',
      revokeOtherSessions: true,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      errors: [
        { path: 'password', message: 'is a commonly used password with only digits or symbols added' },
        { path: 'password', message: 'must not contain the name "Test"' },
      ],
    });
    expect((await me(cookie)).statusCode).toBe(200);
    expect((await signIn(email, TEST_PASSWORD)).statusCode).toBe(200);
  });

  it('refuses a wrong current password on `currentPassword`, audits the denial and changes nothing', async () => {
    const { cookie, email, accountId } = await signInAs(t, 'USER');
    const other = cookiesOf(await signIn(email, TEST_PASSWORD));
    const response = await changePassword(cookie, {
      currentPassword: 'not my password at all',
      newPassword: NEW_PASSWORD,
      revokeOtherSessions: true,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      errors: [{ path: 'currentPassword', message: 'is not right' }],
    });
    expect((await me(other)).statusCode).toBe(200);
    expect((await signIn(email, NEW_PASSWORD)).statusCode).toBe(401);
    expect(await eventsOf(accountId, 'user.password_change')).toMatchObject([
      { outcome: 'denied', actorUserAccountId: accountId, details: { reason: 'wrong_current_password' } },
    ]);
  });

  it('works for a phone-only account, naming the phone number when the new password contains it', async () => {
    const phoneNumber = `+1503555${String(Math.floor(Math.random() * 10_000)).padStart(4, '0')}`;
    const signUp = await as(
      t,
      null,
    )({
      method: 'POST',
      url: '/api/sign-up',
      payload: { phoneNumber, password: TEST_PASSWORD },
    });
    expect(signUp.statusCode).toBe(202);
    const page = await t.app.deps.messaging.listOutbox({
      page: 1,
      pageSize: 1,
      to: phoneNumber,
      channel: 'sms',
    });
    const code = /\b(\d{6})\b/.exec(page.items[0]?.textBody ?? '')?.[1];
    const verified = await as(
      t,
      null,
    )({
      method: 'POST',
      url: '/api/auth/phone-number/verify',
      payload: { phoneNumber, code },
    });
    expect(verified.statusCode).toBe(200);
    const cookie = cookiesOf(verified);

    const weak = await changePassword(cookie, {
      currentPassword: TEST_PASSWORD,
      newPassword: `my number ${phoneNumber.slice(1)}`,
    });
    expect(weak.statusCode).toBe(400);
    expect(weak.json().errors).toEqual([{ path: 'password', message: 'must not contain your phone number' }]);

    const ok = await changePassword(cookie, { currentPassword: TEST_PASSWORD, newPassword: NEW_PASSWORD });
    expect(ok.statusCode).toBe(200);
    const signIn = (password: string) =>
      as(
        t,
        null,
      )({ method: 'POST', url: '/api/auth/sign-in/phone-number', payload: { phoneNumber, password } });
    expect((await signIn(TEST_PASSWORD)).statusCode).toBe(401);
    expect((await signIn(NEW_PASSWORD)).statusCode).toBe(200);
    const [account] = await t.database.db
      .select({ id: userAccounts.id })
      .from(userAccounts)
      .where(eq(userAccounts.phone, phoneNumber));
    expect(await eventsOf(account?.id ?? randomUUID(), 'user.password_change')).toMatchObject([
      { outcome: 'success', actorUserAccountId: account?.id },
    ]);
  });
});
