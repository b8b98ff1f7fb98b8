import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { as, createTestApp, signInAs, type TestApp } from '../../../test/helpers.ts';
import { verifySignedCookie } from './actor.ts';
import { SESSION_EXPIRES_IN_S, SESSION_UPDATE_AGE_S } from './auth.ts';
import { authSessions, userAccounts } from './auth.table.ts';

const secret = 'a-secret-that-is-at-least-32-characters';
const sign = (value: string, key = secret) =>
  `${value}.${createHmac('sha256', key).update(value).digest('base64')}`;

describe('verifySignedCookie', () => {
  it('returns the value of a correctly signed cookie and null for anything else', () => {
    expect(verifySignedCookie(sign('token-1'), secret)).toBe('token-1');
    expect(verifySignedCookie(sign('token-1', `${secret}x`), secret)).toBeNull();
    expect(verifySignedCookie(sign('token-1').replace('token-1', 'token-2'), secret)).toBeNull();
    expect(verifySignedCookie('token-1', secret)).toBeNull();
    expect(verifySignedCookie('token-1.short=', secret)).toBeNull();
    expect(verifySignedCookie('', secret)).toBeNull();
  });
});

describe('session → actor resolution (one query, no cache)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const me = (cookie: string | null) => as(t, cookie)({ method: 'GET', url: '/api/me' });
  const sessionOf = async (accountId: string) => {
    const [account] = await t.database.db
      .select({ authUserId: userAccounts.authUserId })
      .from(userAccounts)
      .where(eq(userAccounts.id, accountId));
    const [session] = await t.database.db
      .select()
      .from(authSessions)
      .where(eq(authSessions.userId, account?.authUserId as string));
    return session as typeof authSessions.$inferSelect;
  };

  it('accepts the signed cookie and refuses a tampered one', async () => {
    const { cookie, email } = await signInAs(t, 'ADMIN');
    const ok = await me(cookie);
    expect(ok.statusCode).toBe(200);
    expect(ok.json().email).toBe(email);
    // Same token, signature of another value: 401, not a session.
    const tampered = cookie.replace(
      /(session_token=[^.;]+)\.[^;]+/,
      (_, head: string) => `${head}.${'A'.repeat(43)}=`,
    );
    expect(tampered).not.toBe(cookie);
    expect((await me(tampered)).statusCode).toBe(401);
  });

  it('refuses an expired session at once', async () => {
    const { cookie, accountId } = await signInAs(t, 'ADMIN');
    const session = await sessionOf(accountId);
    await t.database.db
      .update(authSessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(authSessions.id, session.id));
    expect((await me(cookie)).statusCode).toBe(401);
  });

  it('refuses a deleted (signed-out) session and a deactivated account on the next request', async () => {
    const first = await signInAs(t, 'ADMIN');
    await t.database.db
      .delete(authSessions)
      .where(eq(authSessions.id, (await sessionOf(first.accountId)).id));
    expect((await me(first.cookie)).statusCode).toBe(401);

    const second = await signInAs(t, 'ADMIN');
    expect((await me(second.cookie)).statusCode).toBe(200);
    await t.database.db
      .update(userAccounts)
      .set({ isActive: false })
      .where(eq(userAccounts.id, second.accountId));
    expect((await me(second.cookie)).statusCode).toBe(401);
  });

  it('lets better-auth extend a session that is due for its sliding refresh', async () => {
    const { cookie, accountId } = await signInAs(t, 'ADMIN');
    const session = await sessionOf(accountId);
    // Issued more than updateAge ago: expiresAt is less than (expiresIn - updateAge) away.
    const stale = new Date(Date.now() + (SESSION_EXPIRES_IN_S - SESSION_UPDATE_AGE_S - 60) * 1000);
    await t.database.db.update(authSessions).set({ expiresAt: stale }).where(eq(authSessions.id, session.id));
    expect((await me(cookie)).statusCode).toBe(200);
    const refreshed = await sessionOf(accountId);
    expect(refreshed.expiresAt.getTime()).toBeGreaterThan(stale.getTime() + 30_000);
  });
});
