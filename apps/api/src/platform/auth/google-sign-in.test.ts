/**
 * Google sign-in and linked identities (issue 4 "Accounts"; docs/google-sign-in.md) through the real app on a fresh
 * database. Building Google's authorization URL needs no network, so the PKCE challenge is checked on it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, createTestApp, signInAs, type TestApp } from '../../../test/helpers.ts';

const google = { clientId: 'test-client.apps.googleusercontent.com', clientSecret: 'test-secret' };

function socialSignIn(t: TestApp) {
  return as(
    t,
    null,
  )({
    method: 'POST',
    url: '/api/auth/sign-in/social',
    payload: {
      provider: 'google',
      callbackURL: '/auth/callback?redirect=%2Faccount',
      errorCallbackURL: '/auth/callback',
    },
  });
}

describe('Google sign-in configured', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ google });
  });
  afterAll(async () => t?.close());

  it('says so in the client config', async () => {
    const response = await as(t, null)({ method: 'GET', url: '/api/client-config' });
    expect(response.statusCode).toBe(200);
    expect(response.json().googleSignInEnabled).toBe(true);
  });

  it('returns the Google authorization URL with a PKCE challenge, state and Tend callback', async () => {
    const response = await socialSignIn(t);
    expect(response.statusCode).toBe(200);
    const url = new URL(response.json().url as string);
    expect(url.origin).toBe('https://accounts.google.com');
    expect(url.searchParams.get('client_id')).toBe(google.clientId);
    expect(url.searchParams.get('code_challenge')).toMatch(/^[\w-]{43}$/);
    expect(url.searchParams.get('code_challenge_method')).toBe('S256');
    expect(url.searchParams.get('state')).toBeTruthy();
    expect(url.searchParams.get('redirect_uri')).toBe(`${t.config.publicUrl}/api/auth/callback/google`);
  });
});

describe('Google sign-in not configured', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t?.close());

  it('is off in the client config and refused by the server', async () => {
    const config = await as(t, null)({ method: 'GET', url: '/api/client-config' });
    expect(config.json().googleSignInEnabled).toBe(false);
    const response = await socialSignIn(t);
    expect([400, 404]).toContain(response.statusCode);
    expect(response.json().url).toBeUndefined();
  });

  it('lists the signed-in account identities and refuses to remove the only one', async () => {
    const anonymous = await as(t, null)({ method: 'GET', url: '/api/auth/list-accounts' });
    expect(anonymous.statusCode).toBe(401);
    const { cookie } = await signInAs(t, 'CAREGIVER');
    const list = await as(t, cookie)({ method: 'GET', url: '/api/auth/list-accounts' });
    expect(list.statusCode).toBe(200);
    const identities = list.json<{ id: string; providerId: string }[]>();
    expect(identities.map((identity) => identity.providerId)).toEqual(['credential']);
    const unlink = await as(
      t,
      cookie,
    )({ method: 'POST', url: '/api/auth/unlink-account', payload: { accountId: identities[0]?.id } });
    expect(unlink.statusCode).toBe(400);
    expect(unlink.json().code).toBe('FAILED_TO_UNLINK_LAST_ACCOUNT');
    const after = await as(t, cookie)({ method: 'GET', url: '/api/auth/list-accounts' });
    expect(after.json()).toHaveLength(1);
  });
});
