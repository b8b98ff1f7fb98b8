/**
 * Password hashing on a real server is better-auth's own scrypt (auth.ts `AuthOptions.passwordHasher` absent); the
 * rest of the suite signs in with the cheaper test hasher (test/helpers.ts). This file keeps the real one covered:
 * the stored hash is better-auth's format and cost, and sign-in checks it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { verifyPassword } from 'better-auth/crypto';
import {
  createTestApp,
  signInAs,
  TEST_PASSWORD,
  testPasswordHasher,
  type TestApp,
} from '../../../test/helpers.ts';
import { authAccounts } from './auth.table.ts';

async function storedHash(t: TestApp, email: string) {
  const ctx = await t.app.deps.auth.$context;
  const user = await ctx.internalAdapter.findUserByEmail(email);
  const [account] = await t.database.db
    .select({ password: authAccounts.password })
    .from(authAccounts)
    .where(eq(authAccounts.userId, user?.user.id as string));
  return account?.password as string;
}

describe('password hashing of a real server (better-auth scrypt)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({}, { realPasswordHashing: true });
  });
  afterAll(async () => t?.close());

  it('stores better-auth’s salt:key hash, which better-auth’s own check accepts and the test hasher does not', async () => {
    const { email } = await signInAs(t, 'USER');
    const hash = await storedHash(t, email);
    expect(hash).toMatch(/^[0-9a-f]{32}:[0-9a-f]{128}$/);
    expect(await verifyPassword({ hash, password: TEST_PASSWORD })).toBe(true);
    expect(await verifyPassword({ hash, password: `${TEST_PASSWORD}!` })).toBe(false);
    expect(await testPasswordHasher.verify({ hash, password: TEST_PASSWORD })).toBe(false);
  });
});

describe('password hashing of test apps', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t?.close());

  it('uses the same format at a lower cost, and refuses a wrong password', async () => {
    const { email } = await signInAs(t, 'USER');
    const hash = await storedHash(t, email);
    expect(hash).toMatch(/^[0-9a-f]{32}:[0-9a-f]{128}$/);
    expect(await testPasswordHasher.verify({ hash, password: TEST_PASSWORD })).toBe(true);
    expect(await testPasswordHasher.verify({ hash, password: 'wrong horse battery staple' })).toBe(false);
    const refused = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      headers: { origin: t.config.publicUrl },
      payload: { email, password: 'wrong horse battery staple' },
    });
    expect(refused.statusCode).toBe(401);
  });
});
