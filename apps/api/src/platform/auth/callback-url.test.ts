/**
 * Tend's same-origin check of better-auth's callbackURL, errorCallbackURL, newUserCallbackURL and redirectTo
 * (callback-url.ts; docs/google-sign-in.md) through the real app on a fresh database. better-auth's own check is
 * off under test runners, so every refusal here is Tend's.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { as, createTestApp, signInAs, TEST_ORIGIN, type TestApp } from '../../../test/helpers.ts';
import { outboxMessages } from '../messaging/outbox.table.ts';
import { isAllowedCallbackUrl, refusedCallbackUrls } from './callback-url.ts';

const google = { clientId: 'test-client.apps.googleusercontent.com', clientSecret: 'test-secret' };
const foreign = 'https://evil.example/phish';

describe('isAllowedCallbackUrl', () => {
  const origin = 'https://tend.example.org';

  it('allows same-origin paths and URLs on the origin', () => {
    for (const value of [
      '/',
      '/account',
      '/auth/callback?redirect=%2Faccount',
      '/confirm#done',
      'https://tend.example.org/auth/callback',
      'https://tend.example.org',
    ]) {
      expect(isAllowedCallbackUrl(value, origin), value).toBe(true);
    }
  });

  it('refuses other hosts, schemes, protocol-relative paths, user info, control characters and non-text', () => {
    for (const value of [
      foreign,
      '//evil.example/x',
      '/\\evil.example/x',
      '/\t/evil.example',
      'http://tend.example.org/account',
      'https://tend.example.org.evil.example/',
      'https://someone@tend.example.org/',
      'javascript:alert(1)',
      'account',
      '',
      42,
      ['/account'],
      null,
    ]) {
      expect(isAllowedCallbackUrl(value, origin), String(value)).toBe(false);
    }
  });

  it('names each refused field once, from the body and the query', () => {
    expect(
      refusedCallbackUrls(
        {
          body: { callbackURL: foreign, redirectTo: '/fine' },
          query: { callbackURL: '//x', errorCallbackURL: 'x' },
        },
        'https://tend.example.org/',
      ).map((error) => error.path),
    ).toEqual(['callbackURL', 'errorCallbackURL']);
  });
});

describe('foreign callbacks through the app', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ google });
  });
  afterAll(async () => t?.close());

  const anonymous = () => as(t, null);

  function expectRefused(response: { statusCode: number; json: () => unknown }, field: string) {
    expect(response.statusCode).toBe(400);
    const body = response.json() as { code: string; errors: { path: string; message: string }[] };
    expect(body.code).toBe('VALIDATION_FAILED');
    expect(body.errors).toEqual([
      { path: field, message: `must be a path on this site (starting with /) or a URL on ${TEST_ORIGIN}` },
    ]);
  }

  it('sign-in/social: refuses a foreign callbackURL, errorCallbackURL or newUserCallbackURL; allows its own', async () => {
    const social = (payload: Record<string, unknown>) =>
      anonymous()({
        method: 'POST',
        url: '/api/auth/sign-in/social',
        payload: { provider: 'google', ...payload },
      });
    expectRefused(await social({ callbackURL: foreign }), 'callbackURL');
    expectRefused(
      await social({ callbackURL: '/auth/callback', errorCallbackURL: '//evil.example' }),
      'errorCallbackURL',
    );
    expectRefused(
      await social({ callbackURL: '/auth/callback', newUserCallbackURL: foreign }),
      'newUserCallbackURL',
    );
    const own = await social({
      callbackURL: `${TEST_ORIGIN}/auth/callback`,
      errorCallbackURL: '/auth/callback',
    });
    expect(own.statusCode).toBe(200);
    expect(new URL(own.json<{ url: string }>().url).origin).toBe('https://accounts.google.com');
  });

  it('link-social: refuses a foreign callbackURL from a signed-in user', async () => {
    const { cookie } = await signInAs(t, 'CAREGIVER');
    const link = (payload: Record<string, unknown>) =>
      as(
        t,
        cookie,
      )({ method: 'POST', url: '/api/auth/link-social', payload: { provider: 'google', ...payload } });
    expectRefused(await link({ callbackURL: foreign }), 'callbackURL');
    expectRefused(await link({ callbackURL: '/account', errorCallbackURL: foreign }), 'errorCallbackURL');
    expect((await link({ callbackURL: '/account', errorCallbackURL: '/account' })).statusCode).toBe(200);
  });

  it('sign-in/magic-link: refuses a foreign callbackURL and sends nothing', async () => {
    const { email } = await signInAs(t, 'GUARDIAN');
    const response = await anonymous()({
      method: 'POST',
      url: '/api/auth/sign-in/magic-link',
      payload: { email, callbackURL: foreign },
    });
    expectRefused(response, 'callbackURL');
    expect(
      await t.database.db.select().from(outboxMessages).where(eq(outboxMessages.toAddress, email)),
    ).toHaveLength(0);
    const own = await anonymous()({
      method: 'POST',
      url: '/api/auth/sign-in/magic-link',
      payload: { email, callbackURL: '/' },
    });
    expect(own.statusCode).toBe(200);
    expect(
      await t.database.db.select().from(outboxMessages).where(eq(outboxMessages.toAddress, email)),
    ).toHaveLength(1);
  });

  it('request-password-reset: refuses a foreign redirectTo', async () => {
    const { email } = await signInAs(t, 'GUARDIAN');
    const response = await anonymous()({
      method: 'POST',
      url: '/api/auth/request-password-reset',
      payload: { email, redirectTo: foreign },
    });
    expectRefused(response, 'redirectTo');
    expect(
      await t.database.db.select().from(outboxMessages).where(eq(outboxMessages.toAddress, email)),
    ).toHaveLength(0);
    const own = await anonymous()({
      method: 'POST',
      url: '/api/auth/request-password-reset',
      payload: { email, redirectTo: '/confirm' },
    });
    expect(own.statusCode).toBe(200);
    expect(
      await t.database.db.select().from(outboxMessages).where(eq(outboxMessages.toAddress, email)),
    ).toHaveLength(1);
  });

  it('send-verification-email: refuses a foreign callbackURL', async () => {
    const response = await anonymous()({
      method: 'POST',
      url: '/api/auth/send-verification-email',
      payload: { email: 'someone@example.org', callbackURL: foreign },
    });
    expectRefused(response, 'callbackURL');
  });

  it('magic-link/verify and verify-email: refuse a foreign callbackURL in the query', async () => {
    const query = `token=anything&callbackURL=${encodeURIComponent(foreign)}`;
    expectRefused(
      await anonymous()({ method: 'GET', url: `/api/auth/magic-link/verify?${query}` }),
      'callbackURL',
    );
    expectRefused(
      await anonymous()({ method: 'GET', url: `/api/auth/verify-email?${query}` }),
      'callbackURL',
    );
  });
});
