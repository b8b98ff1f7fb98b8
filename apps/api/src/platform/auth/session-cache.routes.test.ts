/**
 * The session cache through the real app (issue 15 item 9; docs/decisions/0028-session-cache.md): requests are served
 * from it, and every way a session or account changes is seen by the very next request — on the instance that made
 * the change and, on PostgreSQL, on a second instance of the app on the same database.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import pg from 'pg';
import { openDatabase } from '../db/client.ts';
import {
  TEST_PASSWORD,
  apiTokenPair,
  as,
  cookiesOf,
  createTestApp,
  signInAs,
  testEngine,
  TEST_ORIGIN,
  type TestApp,
} from '../../../test/helpers.ts';
import { userAccounts } from './auth.table.ts';
import { withoutSessionInvalidation } from './session-cache.ts';
import { SESSION_CACHE_CHANNEL } from './session-invalidation.ts';

const status = async (t: TestApp, cookie: string, url = '/api/me') =>
  (await as(t, cookie)({ method: 'GET', url })).statusCode;

const roleOf = async (t: TestApp, cookie: string) =>
  (await as(t, cookie)({ method: 'GET', url: '/api/me' })).json<{ role: string }>().role;

/** An admin's update of account `id` through `PUT /api/users/:id`. */
const putUser = (t: TestApp, adminCookie: string, id: string, body: { role: string; isActive: boolean }) =>
  as(
    t,
    adminCookie,
  )({
    method: 'PUT',
    url: `/api/users/${id}`,
    payload: { firstName: 'Test', lastName: 'User', ...body },
  });

/** A second sign-in of `email` (another browser): its cookie. */
async function signInAgain(t: TestApp, email: string): Promise<string> {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/auth/sign-in/email',
    headers: { origin: TEST_ORIGIN },
    payload: { email, password: TEST_PASSWORD },
  });
  expect(response.statusCode).toBe(200);
  return cookiesOf(response);
}

describe('session cache, one instance', () => {
  let t: TestApp;
  let admin: string;
  beforeAll(async () => {
    t = await createTestApp();
    admin = (await signInAs(t, 'ADMIN')).cookie;
  });
  afterAll(() => t.close());

  it('serves a signed-in request from the cache: a change made past the watch is not seen', async () => {
    const { cookie, accountId } = await signInAs(t, 'CAREGIVER');
    expect(await roleOf(t, cookie)).toBe('CAREGIVER');
    // Not a way Tend changes anything: it only shows that the second request did not read the database.
    await withoutSessionInvalidation(() =>
      t.database.db.update(userAccounts).set({ role: 'USER' }).where(eq(userAccounts.id, accountId)),
    );
    expect(await roleOf(t, cookie)).toBe('CAREGIVER');
  });

  it('refuses a signed-out session on its next request', async () => {
    const { cookie } = await signInAs(t, 'USER');
    expect(await status(t, cookie)).toBe(200);
    const out = await as(t, cookie)({ method: 'POST', url: '/api/auth/sign-out', payload: {} });
    expect(out.statusCode).toBe(200);
    expect(await status(t, cookie)).toBe(401);
  });

  it('refuses sessions ended by "sign out other sessions" and by a password change', async () => {
    const { cookie, email } = await signInAs(t, 'USER');
    const second = await signInAgain(t, email);
    const third = await signInAgain(t, email);
    expect([await status(t, second), await status(t, third)]).toEqual([200, 200]);
    const revoke = await as(
      t,
      cookie,
    )({ method: 'POST', url: '/api/auth/revoke-other-sessions', payload: {} });
    expect(revoke.statusCode).toBe(200);
    expect([await status(t, cookie), await status(t, second), await status(t, third)]).toEqual([
      200, 401, 401,
    ]);

    const fourth = await signInAgain(t, email);
    expect(await status(t, fourth)).toBe(200);
    const change = await as(
      t,
      cookie,
    )({
      method: 'POST',
      url: '/api/auth/change-password',
      payload: {
        currentPassword: TEST_PASSWORD,
        newPassword: 'a brand new passphrase 42',
        revokeOtherSessions: true,
      },
    });
    expect(change.statusCode).toBe(200);
    expect(await status(t, fourth)).toBe(401);
  });

  it('refuses browser sessions ended by an API-token sign-out (scope global)', async () => {
    const { cookie, email } = await signInAs(t, 'USER');
    const pair = await apiTokenPair(t, email);
    expect(await status(t, cookie)).toBe(200);
    const revoke = await t.app.inject({
      method: 'POST',
      url: '/api/tokens/revoke',
      payload: { refreshToken: pair.refreshToken, scope: 'global' },
    });
    expect(revoke.statusCode).toBe(200);
    expect(await status(t, cookie)).toBe(401);
  });

  it('refuses a deactivated account and applies a role change on the next request', async () => {
    const target = await signInAs(t, 'ADMIN');
    expect(await status(t, target.cookie, '/api/users')).toBe(200);
    const demoted = await putUser(t, admin, target.accountId, { role: 'USER', isActive: true });
    expect(demoted.statusCode).toBe(200);
    expect(await status(t, target.cookie, '/api/users')).toBe(403);
    expect(await roleOf(t, target.cookie)).toBe('USER');

    const deactivated = await putUser(t, admin, target.accountId, { role: 'USER', isActive: false });
    expect(deactivated.statusCode).toBe(200);
    expect(await status(t, target.cookie)).toBe(401);
  });
});

describe.runIf(testEngine === 'postgres')('session cache, two instances on one PostgreSQL database', () => {
  let a: TestApp;
  let b: TestApp;
  let admin: string;
  beforeAll(async () => {
    a = await createTestApp();
    // A second app on the same database, through its own pool (as a second server would be).
    const database = await openDatabase({
      url: a.database.url,
      poolMax: 5,
      onConnectionError: () => undefined,
    });
    b = await createTestApp({}, { database });
    admin = (await signInAs(a, 'ADMIN')).cookie;
  });
  afterAll(async () => {
    await b.close();
    await a.close();
  });

  it('a sign-out on A is refused on B at its next request', async () => {
    const { cookie } = await signInAs(a, 'USER');
    expect([await status(a, cookie), await status(b, cookie), await status(b, cookie)]).toEqual([
      200, 200, 200,
    ]);
    const out = await as(a, cookie)({ method: 'POST', url: '/api/auth/sign-out', payload: {} });
    expect(out.statusCode).toBe(200);
    expect(await status(b, cookie)).toBe(401);
  });

  it('a role change and a deactivation on A are seen on B at its next request', async () => {
    const target = await signInAs(a, 'ADMIN');
    expect(await status(b, target.cookie, '/api/users')).toBe(200);
    expect(
      (await putUser(a, admin, target.accountId, { role: 'CAREGIVER', isActive: true })).statusCode,
    ).toBe(200);
    expect(await roleOf(b, target.cookie)).toBe('CAREGIVER');
    expect(await status(b, target.cookie, '/api/users')).toBe(403);

    expect(
      (await putUser(a, admin, target.accountId, { role: 'CAREGIVER', isActive: false })).statusCode,
    ).toBe(200);
    expect(await status(b, target.cookie)).toBe(401);
  });

  it('a NOTIFY on the channel (e.g. after a manual SQL change) empties every instance’s cache', async () => {
    const { cookie, accountId } = await signInAs(a, 'CAREGIVER');
    expect([await roleOf(a, cookie), await roleOf(b, cookie)]).toEqual(['CAREGIVER', 'CAREGIVER']);
    const outside = new pg.Client({ connectionString: a.database.url });
    await outside.connect();
    try {
      await outside.query(`update user_account set role = 'USER' where id = $1`, [accountId]);
      // Served from the caches: nothing told them.
      expect([await roleOf(a, cookie), await roleOf(b, cookie)]).toEqual(['CAREGIVER', 'CAREGIVER']);
      await outside.query(`notify ${SESSION_CACHE_CHANNEL}`);
      await expect.poll(() => roleOf(b, cookie)).toBe('USER');
      await expect.poll(() => roleOf(a, cookie)).toBe('USER');
    } finally {
      await outside.end();
    }
  });
});
