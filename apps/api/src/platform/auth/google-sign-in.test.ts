/**
 * Google sign-in and linked identities (issue 4 "Accounts"; docs/google-sign-in.md) through the real app on a fresh
 * database. Building Google's authorization URL needs no network, so the PKCE challenge is checked on it. Google's
 * token endpoint is not reached (and not faked): a Google identity is linked with better-auth's own adapter, as the
 * callback does, to check its audit.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { as, createTestApp, signInAs, TEST_PASSWORD, type TestApp } from '../../../test/helpers.ts';
import { auditEvents } from '../audit/audit.table.ts';
import { userAccounts } from './auth.table.ts';
import { googleSignInMethods } from './google-sign-in.ts';
import { identityLinkVia, LINK_SOCIAL_PATH } from './identities.ts';

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

  it("sends a callback with an unknown or missing state to the web app's /auth/callback, not better-auth's page", async () => {
    for (const query of ['code=abc&state=never-issued', 'code=abc']) {
      const response = await as(t, null)({ method: 'GET', url: `/api/auth/callback/google?${query}` });
      expect(response.statusCode).toBe(302);
      const location = new URL(response.headers.location as string);
      expect(`${location.origin}${location.pathname}`).toBe(`${t.config.publicUrl}/auth/callback`);
      expect(location.searchParams.get('error')).toMatch(/^state_/);
    }
  });

  it('link-social: refuses an anonymous caller, gives a signed-in one the Google URL with PKCE and state', async () => {
    const payload = {
      provider: 'google',
      callbackURL: '/auth/callback?redirect=%2Faccount',
      errorCallbackURL: '/account',
    };
    const anonymous = await as(t, null)({ method: 'POST', url: '/api/auth/link-social', payload });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json().url).toBeUndefined();

    const { cookie } = await signInAs(t, 'GUARDIAN');
    const response = await as(t, cookie)({ method: 'POST', url: '/api/auth/link-social', payload });
    expect(response.statusCode).toBe(200);
    const url = new URL(response.json().url as string);
    expect(url.origin).toBe('https://accounts.google.com');
    expect(url.searchParams.get('code_challenge_method')).toBe('S256');
    expect(url.searchParams.get('code_challenge')).toMatch(/^[\w-]{43}$/);
    expect(url.searchParams.get('state')).toBeTruthy();
    expect(url.searchParams.get('prompt')).toBe('select_account');
    expect(url.searchParams.get('redirect_uri')).toBe(`${t.config.publicUrl}/api/auth/callback/google`);
  });

  it("records Google sign-ins as method google: the mapping's keys are better-auth's Google routes", async () => {
    const { api } = t.app.deps.auth;
    // `auth.sign_in` looks the method up by the route of the request that created the session.
    expect(Object.keys(googleSignInMethods).sort()).toEqual(
      [api.callbackOAuth.path, api.signInSocial.path].sort(),
    );
    expect(Object.values(googleSignInMethods)).toEqual(['google', 'google']);
  });

  it('tells a link from /account from a link on a first sign-in', async () => {
    const { api } = t.app.deps.auth;
    expect(LINK_SOCIAL_PATH).toBe(api.linkSocialAccount.path);
    expect(await identityLinkVia({ path: api.linkSocialAccount.path })).toBe('account');
    // Google's callback without a link in its OAuth state: the first "Continue with Google" linked it.
    expect(await identityLinkVia({ path: api.callbackOAuth.path })).toBe('sign_in');
    expect(await identityLinkVia(null)).toBe('server');
  });

  it('audits a linked and a removed sign-in method; without a password, change-password is refused', async () => {
    const { cookie, accountId } = await signInAs(t, 'CAREGIVER');
    const [account] = await t.database.db
      .select({ authUserId: userAccounts.authUserId })
      .from(userAccounts)
      .where(eq(userAccounts.id, accountId));
    const ctx = await t.app.deps.auth.$context;
    await ctx.internalAdapter.linkAccount({
      userId: account?.authUserId as string,
      providerId: 'google',
      accountId: 'google-subject-0001',
    });
    const events = (action: string) =>
      t.database.db
        .select()
        .from(auditEvents)
        .where(and(eq(auditEvents.entityId, accountId), eq(auditEvents.action, action)));
    const [linked] = await events('user.identity_link');
    expect(linked).toMatchObject({
      outcome: 'success',
      actorUserAccountId: null,
      details: { provider: 'google', via: 'server' },
    });
    expect(JSON.stringify(linked?.details)).not.toContain('google-subject-0001');

    const list = await as(t, cookie)({ method: 'GET', url: '/api/auth/list-accounts' });
    const identities = list.json<{ id: string; providerId: string }[]>();
    expect(identities.map((identity) => identity.providerId).sort()).toEqual(['credential', 'google']);
    const password = identities.find((identity) => identity.providerId === 'credential');
    const unlink = await as(
      t,
      cookie,
    )({ method: 'POST', url: '/api/auth/unlink-account', payload: { accountId: password?.id } });
    expect(unlink.statusCode).toBe(200);
    expect(await events('user.identity_unlink')).toMatchObject([
      {
        outcome: 'success',
        actorUserAccountId: accountId,
        details: { provider: 'credential', identityId: password?.id },
      },
    ]);

    // No password left: nothing to change (a recovery link sets one).
    const change = await as(
      t,
      cookie,
    )({
      method: 'POST',
      url: '/api/auth/change-password',
      payload: { currentPassword: TEST_PASSWORD, newPassword: 'a lantern by the river gate' },
    });
    expect(change.statusCode).toBe(400);
    expect(change.json().code).toBe('CREDENTIAL_ACCOUNT_NOT_FOUND');
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
    const { cookie } = await signInAs(t, 'USER');
    const link = await as(
      t,
      cookie,
    )({
      method: 'POST',
      url: '/api/auth/link-social',
      payload: { provider: 'google', callbackURL: '/account' },
    });
    expect([400, 404]).toContain(link.statusCode);
    expect(link.json().url).toBeUndefined();
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
