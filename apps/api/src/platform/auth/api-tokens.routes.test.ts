/**
 * Tokens for API clients through the real app on a fresh database (issue 4 "Tokens for API clients", "Session
 * cookies"; docs/decisions/0015-api-tokens-and-cookies.md): issuing, bearer access with the same guards as cookie
 * sessions, rotation with reuse detection, sign-out scopes, the JWKS, cookie names and attributes, CSRF, OpenAPI.
 */
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import {
  as,
  cookiesOf,
  createTestApp,
  enrolTotp,
  signInAs,
  TEST_ORIGIN,
  TEST_PASSWORD,
  totpCode,
  type TestApp,
} from '../../../test/helpers.ts';
import { auditEvents } from '../audit/audit.table.ts';
import { createCredentialUser } from './auth.ts';
import { apiRefreshTokens, authSessions, userAccounts } from './auth.table.ts';

interface Pair {
  accessToken: string;
  refreshToken: string;
  expiresIn: number;
  tokenType: string;
}

/** The JSON payload of a compact JWT (not verified: the server does that). */
function claimsOf(jwt: string): Record<string, unknown> {
  return JSON.parse(Buffer.from(jwt.split('.')[1] as string, 'base64url').toString('utf8')) as Record<
    string,
    unknown
  >;
}

/** A request from an API client: no cookie, no Origin, optionally a bearer token. */
function client(t: TestApp, accessToken?: string) {
  return (options: { method: 'GET' | 'POST'; url: string; payload?: object }) =>
    t.app.inject({
      ...options,
      headers: accessToken ? { authorization: `Bearer ${accessToken}` } : {},
    });
}

async function issueWithPassword(t: TestApp, email: string, extra: object = {}) {
  return client(t)({
    method: 'POST',
    url: '/api/tokens',
    payload: { email, password: TEST_PASSWORD, ...extra },
  });
}

async function pairFor(t: TestApp, email: string, extra: object = {}): Promise<Pair> {
  const response = await issueWithPassword(t, email, extra);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<Pair>();
}

async function authUserIdOf(t: TestApp, accountId: string) {
  const [row] = await t.database.db
    .select({ authUserId: userAccounts.authUserId })
    .from(userAccounts)
    .where(eq(userAccounts.id, accountId));
  return row?.authUserId as string;
}

async function tokensOfFamily(t: TestApp, familyId: string) {
  return t.database.db.select().from(apiRefreshTokens).where(eq(apiRefreshTokens.familyId, familyId));
}

async function auditCount(t: TestApp, action: string, accountId: string) {
  const rows = await t.database.db
    .select()
    .from(auditEvents)
    .where(and(eq(auditEvents.action, action), eq(auditEvents.actorUserAccountId, accountId)));
  return rows.length;
}

describe('issuing tokens', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('publishes the JWKS: public Ed25519 keys only', async () => {
    await pairFor(t, (await signInAs(t, 'USER')).email);
    const response = await t.app.inject({ method: 'GET', url: '/api/auth/jwks' });
    expect(response.statusCode).toBe(200);
    const { keys } = response.json<{ keys: Record<string, unknown>[] }>();
    expect(keys.length).toBeGreaterThan(0);
    for (const key of keys) {
      expect(key).toMatchObject({ kty: 'OKP', crv: 'Ed25519', alg: 'EdDSA' });
      expect(key.kid).toEqual(expect.any(String));
      expect(key).not.toHaveProperty('d');
    }
  });

  it('issues a pair for email + password: claims, hashed refresh token, no browser session left, audited', async () => {
    const user = await signInAs(t, 'USER');
    const authUserId = await authUserIdOf(t, user.accountId);
    const sessionsBefore = await t.database.db
      .select()
      .from(authSessions)
      .where(eq(authSessions.userId, authUserId));
    const pair = await pairFor(t, user.email);
    expect(pair).toMatchObject({ tokenType: 'Bearer', expiresIn: 900 });
    expect(pair.accessToken.split('.')).toHaveLength(3);
    expect(pair.refreshToken).toMatch(/^rt1_[A-Za-z0-9_-]{43}$/);
    const claims = claimsOf(pair.accessToken);
    expect(claims).toMatchObject({
      sub: authUserId,
      uai: user.accountId,
      role: 'USER',
      aal: 'aal1',
      iss: TEST_ORIGIN,
      aud: `${TEST_ORIGIN}/api`,
    });
    expect((claims.exp as number) - (claims.iat as number)).toBe(900);
    const header = JSON.parse(Buffer.from(pair.accessToken.split('.')[0] as string, 'base64url').toString());
    expect(header).toMatchObject({ alg: 'EdDSA', kid: expect.any(String) });

    const [row] = await tokensOfFamily(t, claims.sid as string);
    expect(row?.tokenHash).toBe(createHash('sha256').update(pair.refreshToken).digest('hex'));
    expect(row).toMatchObject({ userId: authUserId, parentId: null, sessionId: null, usedAt: null });
    // 45 minutes unused, at most.
    expect((row?.expiresAt.getTime() ?? 0) - (row?.createdAt.getTime() ?? 0)).toBe(45 * 60_000);
    const sessionsAfter = await t.database.db
      .select()
      .from(authSessions)
      .where(eq(authSessions.userId, authUserId));
    expect(sessionsAfter).toHaveLength(sessionsBefore.length);
    expect(await auditCount(t, 'api_token.issue', user.accountId)).toBe(1);

    const me = await client(t, pair.accessToken)({ method: 'GET', url: '/api/me' });
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({ userAccountId: user.accountId, role: 'USER' });
  });

  it('refuses wrong credentials alike, and names the missing field', async () => {
    const user = await signInAs(t, 'USER');
    const wrong = await client(t)({
      method: 'POST',
      url: '/api/tokens',
      payload: { email: user.email, password: 'not the password at all' },
    });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toMatchObject({ code: 'UNAUTHENTICATED', reason: 'invalid_credentials' });
    const unknown = await issueWithPassword(t, 'nobody-here@example.org');
    expect(unknown.json()).toMatchObject({ reason: 'invalid_credentials' });
    const half = await client(t)({ method: 'POST', url: '/api/tokens', payload: { email: user.email } });
    expect(half.statusCode).toBe(400);
    expect(half.json().errors).toEqual([{ path: 'password', message: 'is required with email' }]);
  });

  it('asks an account with two-step verification for its code and issues aal2 with it', async () => {
    const admin = await signInAs(t, 'ADMIN');
    const without = await issueWithPassword(t, admin.email);
    expect(without.statusCode).toBe(401);
    expect(without.json()).toMatchObject({ reason: 'mfa_code_required' });
    const wrong = await issueWithPassword(t, admin.email, { totpCode: '000000' });
    expect(wrong.json()).toMatchObject({ reason: 'mfa_code_invalid' });
  });

  it('gives bearer requests the same guards: aal2 admin reads PHI (audited), aal1 admin MFA_REQUIRED, user 403', async () => {
    const admin = await signInAs(t, 'ADMIN', undefined, { mfa: false });
    const { totpURI } = await enrolTotp(t, admin.cookie);
    const pair = await pairFor(t, admin.email, { totpCode: await totpCode(totpURI) });
    expect(pair.refreshToken).toMatch(/^rt2_/);
    expect(claimsOf(pair.accessToken)).toMatchObject({ aal: 'aal2', role: 'ADMIN' });
    const before = await auditCount(t, 'user.list', admin.accountId);
    const list = await client(t, pair.accessToken)({ method: 'GET', url: '/api/users' });
    expect(list.statusCode, list.body).toBe(200);
    expect(await auditCount(t, 'user.list', admin.accountId)).toBe(before + 1);

    const aal1Admin = await signInAs(t, 'ADMIN', undefined, { mfa: false });
    const aal1 = await pairFor(t, aal1Admin.email);
    const refused = await client(t, aal1.accessToken)({ method: 'GET', url: '/api/users' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('MFA_REQUIRED');

    const user = await signInAs(t, 'USER');
    const userPair = await pairFor(t, user.email);
    const forbidden = await client(t, userPair.accessToken)({ method: 'GET', url: '/api/users' });
    expect(forbidden.statusCode).toBe(403);
    expect(forbidden.json().code).toBe('FORBIDDEN');
    expect((await client(t)({ method: 'GET', url: '/api/users' })).statusCode).toBe(401);
  });

  it('issues from a signed-in browser session (family tied to it); refuses anonymous, aal1 admins and bearers', async () => {
    const user = await signInAs(t, 'USER');
    const response = await as(t, user.cookie)({ method: 'POST', url: '/api/tokens', payload: {} });
    expect(response.statusCode, response.body).toBe(200);
    const pair = response.json<Pair>();
    const [row] = await tokensOfFamily(t, claimsOf(pair.accessToken).sid as string);
    const [session] = await t.database.db
      .select()
      .from(authSessions)
      .where(eq(authSessions.userId, await authUserIdOf(t, user.accountId)));
    expect(row?.sessionId).toBe(session?.id);

    const anonymous = await as(t, null)({ method: 'POST', url: '/api/tokens', payload: {} });
    expect(anonymous.statusCode).toBe(401);
    const aal1Admin = await signInAs(t, 'ADMIN', undefined, { mfa: false });
    const mfa = await as(t, aal1Admin.cookie)({ method: 'POST', url: '/api/tokens', payload: {} });
    expect(mfa.statusCode).toBe(403);
    expect(mfa.json().code).toBe('MFA_REQUIRED');
    const bearer = await client(t, pair.accessToken)({ method: 'POST', url: '/api/tokens', payload: {} });
    expect(bearer.statusCode).toBe(403);
  });

  it('refuses a deactivated account with the right password', async () => {
    const user = await signInAs(t, 'USER');
    await t.database.db
      .update(userAccounts)
      .set({ isActive: false })
      .where(eq(userAccounts.id, user.accountId));
    const response = await issueWithPassword(t, user.email);
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({ reason: 'account_inactive' });
  });
});

describe('bearer access tokens', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('answers 401 with a reason for malformed, tampered, expired and non-bearer tokens', async () => {
    const user = await signInAs(t, 'USER');
    const pair = await pairFor(t, user.email);
    const reasonFor = async (authorization: string) => {
      const response = await t.app.inject({ method: 'GET', url: '/api/me', headers: { authorization } });
      expect(response.statusCode).toBe(401);
      return response.json().reason as string;
    };
    expect(await reasonFor('Bearer not-a-jwt')).toBe('token_malformed');
    expect(await reasonFor('Bearer a.b')).toBe('token_malformed');
    expect(await reasonFor('Bearer a..c')).toBe('token_malformed');
    expect(await reasonFor('Bearer a.b.c+d')).toBe('token_malformed');
    expect(await reasonFor(`Basic ${Buffer.from('a:b').toString('base64')}`)).toBe('token_malformed');
    const [head, body, signature] = pair.accessToken.split('.') as [string, string, string];
    const forged = Buffer.from(JSON.stringify({ ...claimsOf(pair.accessToken), role: 'ADMIN' })).toString(
      'base64url',
    );
    expect(await reasonFor(`Bearer ${head}.${forged}.${signature}`)).toBe('token_invalid');
    const flipped = `${signature.slice(0, -2)}${signature.endsWith('AA') ? 'BB' : 'AA'}`;
    expect(await reasonFor(`Bearer ${head}.${body}.${flipped}`)).toBe('token_invalid');
    // Signed by Tend's key but already expired.
    const now = Math.floor(Date.now() / 1000);
    const { token: expired } = await t.app.deps.auth.api.signJWT({
      body: { payload: { ...claimsOf(pair.accessToken), iat: now - 1000, exp: now - 10 } },
    });
    expect(await reasonFor(`Bearer ${expired}`)).toBe('token_expired');
    // Signed by Tend's key but for another audience.
    const { token: elsewhere } = await t.app.deps.auth.api.signJWT({
      body: {
        payload: { ...claimsOf(pair.accessToken), aud: 'https://other.example/api', iat: now, exp: now + 60 },
      },
    });
    expect(await reasonFor(`Bearer ${elsewhere}`)).toBe('token_invalid');
    // Still fine with the real one.
    expect((await client(t, pair.accessToken)({ method: 'GET', url: '/api/me' })).statusCode).toBe(200);
  });

  it('refuses a deactivated account at once, whatever the token says', async () => {
    const user = await signInAs(t, 'USER');
    const pair = await pairFor(t, user.email);
    await t.database.db
      .update(userAccounts)
      .set({ isActive: false })
      .where(eq(userAccounts.id, user.accountId));
    const response = await client(t, pair.accessToken)({ method: 'GET', url: '/api/me' });
    expect(response.statusCode).toBe(401);
    expect(response.json().reason).toBe('account_inactive');
  });
});

describe('families issued from a browser session end with it (issue 17 item 1)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const refresh = (refreshToken: string) =>
    client(t)({ method: 'POST', url: '/api/tokens/refresh', payload: { refreshToken } });

  /** A signed-in USER, its browser session row and a token pair minted from that session. */
  async function mintedFromSession() {
    const user = await signInAs(t, 'USER');
    const [session] = await t.database.db
      .select()
      .from(authSessions)
      .where(eq(authSessions.userId, await authUserIdOf(t, user.accountId)));
    const response = await as(t, user.cookie)({ method: 'POST', url: '/api/tokens', payload: {} });
    expect(response.statusCode, response.body).toBe(200);
    return { user, session: session as typeof authSessions.$inferSelect, pair: response.json<Pair>() };
  }

  /** Moves the session's clocks: signed in `issuedAgoMs` and last active `idleMs` before now. */
  async function age(sessionId: string, { issuedAgoMs, idleMs }: { issuedAgoMs: number; idleMs: number }) {
    const now = Date.now();
    await t.database.db
      .update(authSessions)
      .set({ createdAt: new Date(now - issuedAgoMs), lastActivityAt: new Date(now - idleMs) })
      .where(eq(authSessions.id, sessionId));
  }

  async function expectEnded(pair: Pair, familyRevokedAs: string) {
    const bearer = await client(t, pair.accessToken)({ method: 'GET', url: '/api/me' });
    expect(bearer.statusCode).toBe(401);
    expect(bearer.json().reason).toBe('token_revoked');
    const refreshed = await refresh(pair.refreshToken);
    expect(refreshed.statusCode).toBe(401);
    expect(refreshed.json().reason).toBe('refresh_token_revoked');
    const rows = await tokensOfFamily(t, claimsOf(pair.accessToken).sid as string);
    expect(rows.every((row) => row.revokedAt !== null)).toBe(true);
    expect(rows[0]?.revokedReason).toBe(familyRevokedAs);
  }

  it('inherits the session sign-in time: minted 11 h 55 min after sign-in, it ends at the 12 h mark', async () => {
    const user = await signInAs(t, 'USER');
    const [session] = await t.database.db
      .select()
      .from(authSessions)
      .where(eq(authSessions.userId, await authUserIdOf(t, user.accountId)));
    await age(session?.id as string, { issuedAgoMs: 11 * 3_600_000 + 55 * 60_000, idleMs: 1000 });
    const response = await as(t, user.cookie)({ method: 'POST', url: '/api/tokens', payload: {} });
    expect(response.statusCode, response.body).toBe(200);
    const pair = response.json<Pair>();
    const [aged] = await t.database.db
      .select()
      .from(authSessions)
      .where(eq(authSessions.id, session?.id as string));
    const signedInS = Math.floor((aged?.createdAt.getTime() as number) / 1000);
    const claims = claimsOf(pair.accessToken);
    expect(claims.auth_time).toBe(signedInS);
    expect(claims.exp).toBeLessThanOrEqual(signedInS + 12 * 3600);
    expect(pair.expiresIn).toBeLessThanOrEqual(5 * 60);
    const [row] = await tokensOfFamily(t, claims.sid as string);
    expect(row?.expiresAt.getTime()).toBeLessThanOrEqual(
      (aged?.createdAt.getTime() as number) + 12 * 3_600_000,
    );
    // A refresh keeps the session's sign-in time.
    const next = await refresh(pair.refreshToken);
    expect(next.statusCode, next.body).toBe(200);
    expect(claimsOf(next.json<Pair>().accessToken).auth_time).toBe(signedInS);
  });

  it('ends when the web signs out (better-auth /sign-out)', async () => {
    const { user, pair } = await mintedFromSession();
    expect((await client(t, pair.accessToken)({ method: 'GET', url: '/api/me' })).statusCode).toBe(200);
    const signOut = await as(t, user.cookie)({ method: 'POST', url: '/api/auth/sign-out', payload: {} });
    expect(signOut.statusCode).toBe(200);
    await expectEnded(pair, 'session_ended');
  });

  it('ends when another session revokes it (better-auth /revoke-other-sessions) or the password changes', async () => {
    const revoked = await mintedFromSession();
    const other = cookiesOf(
      await t.app.inject({
        method: 'POST',
        url: '/api/auth/sign-in/email',
        headers: { origin: TEST_ORIGIN },
        payload: { email: revoked.user.email, password: TEST_PASSWORD },
      }),
    );
    const revoke = await as(
      t,
      other,
    )({ method: 'POST', url: '/api/auth/revoke-other-sessions', payload: {} });
    expect(revoke.statusCode, revoke.body).toBe(200);
    await expectEnded(revoked.pair, 'session_ended');

    const changed = await mintedFromSession();
    const change = await as(
      t,
      changed.user.cookie,
    )({
      method: 'POST',
      url: '/api/auth/change-password',
      payload: {
        currentPassword: TEST_PASSWORD,
        newPassword: 'a quite different passphrase 77',
        revokeOtherSessions: true,
      },
    });
    expect(change.statusCode, change.body).toBe(200);
    const bearer = await client(t, changed.pair.accessToken)({ method: 'GET', url: '/api/me' });
    expect(bearer.statusCode).toBe(401);
  });

  it('ends when the session is idle past 45 min or older than 12 h, even with its row still there', async () => {
    const idle = await mintedFromSession();
    await age(idle.session.id, { issuedAgoMs: 47 * 60_000, idleMs: 46 * 60_000 });
    await expectEnded(idle.pair, 'session_ended');

    const old = await mintedFromSession();
    await age(old.session.id, { issuedAgoMs: 12 * 3_600_000 + 1000, idleMs: 1000 });
    await expectEnded(old.pair, 'session_ended');
  });
});

describe('refresh-token rotation and reuse detection', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const refresh = (refreshToken: string) =>
    client(t)({ method: 'POST', url: '/api/tokens/refresh', payload: { refreshToken } });

  it('rotates: the used token is marked, the new one is its child in the same family', async () => {
    const user = await signInAs(t, 'USER');
    const first = await pairFor(t, user.email);
    const response = await refresh(first.refreshToken);
    expect(response.statusCode, response.body).toBe(200);
    const second = response.json<Pair>();
    expect(second.refreshToken).not.toBe(first.refreshToken);
    const sid = claimsOf(first.accessToken).sid as string;
    expect(claimsOf(second.accessToken)).toMatchObject({ sid, sub: claimsOf(first.accessToken).sub });
    const rows = await tokensOfFamily(t, sid);
    expect(rows).toHaveLength(2);
    const parent = rows.find((r) => r.parentId === null);
    const child = rows.find((r) => r.parentId !== null);
    expect(parent?.usedAt).toBeInstanceOf(Date);
    expect(child).toMatchObject({ parentId: parent?.id, usedAt: null, revokedAt: null });
    expect(await auditCount(t, 'api_token.refresh', user.accountId)).toBe(1);
    expect((await client(t, second.accessToken)({ method: 'GET', url: '/api/me' })).statusCode).toBe(200);
  });

  it('a replayed refresh token revokes the whole family (audited) and its access tokens stop working', async () => {
    const user = await signInAs(t, 'USER');
    const first = await pairFor(t, user.email);
    const second = (await refresh(first.refreshToken)).json<Pair>();
    const replay = await refresh(first.refreshToken);
    expect(replay.statusCode).toBe(401);
    expect(replay.json()).toMatchObject({ code: 'UNAUTHENTICATED', reason: 'refresh_token_reused' });
    const rows = await tokensOfFamily(t, claimsOf(first.accessToken).sid as string);
    expect(rows.every((r) => r.revokedAt !== null && r.revokedReason === 'reuse_detected')).toBe(true);
    expect(await auditCount(t, 'api_token.reuse_detected', user.accountId)).toBe(1);
    // The legitimate holder's newest token is dead too, and so is every access token of the family.
    const child = await refresh(second.refreshToken);
    expect(child.json()).toMatchObject({ reason: 'refresh_token_revoked' });
    const me = await client(t, second.accessToken)({ method: 'GET', url: '/api/me' });
    expect(me.statusCode).toBe(401);
    expect(me.json().reason).toBe('token_revoked');
    // Another family of the same user is untouched.
    const other = await pairFor(t, user.email);
    expect((await refresh(other.refreshToken)).statusCode).toBe(200);
  });

  it('refuses unknown, idle-expired and over-age tokens without revoking anything', async () => {
    const unknown = await refresh(`rt1_${'A'.repeat(43)}`);
    expect(unknown.statusCode).toBe(401);
    expect(unknown.json().reason).toBe('refresh_token_invalid');
    const malformed = await refresh('nope');
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().errors[0].path).toBe('refreshToken');

    const user = await signInAs(t, 'USER');
    const idle = await pairFor(t, user.email);
    const idleSid = claimsOf(idle.accessToken).sid as string;
    await t.database.db
      .update(apiRefreshTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(apiRefreshTokens.familyId, idleSid));
    expect((await refresh(idle.refreshToken)).json().reason).toBe('refresh_token_expired');
    expect((await tokensOfFamily(t, idleSid))[0]?.revokedAt).toBeNull();

    // A family started 12 h + 1 s ago is over even if its newest token was issued recently.
    const old = await pairFor(t, user.email);
    const oldSid = claimsOf(old.accessToken).sid as string;
    await t.database.db
      .update(apiRefreshTokens)
      .set({ createdAt: new Date(Date.now() - 12 * 3600_000 - 1000) })
      .where(eq(apiRefreshTokens.familyId, oldSid));
    expect((await refresh(old.refreshToken)).json().reason).toBe('refresh_token_expired');
  });

  it('an access token never outlives its family: the last one expires at the 12 h mark', async () => {
    const user = await signInAs(t, 'USER');
    const pair = await pairFor(t, user.email);
    const sid = claimsOf(pair.accessToken).sid as string;
    // Started 11 h 55 min ago: the next access token gets 5 minutes, not 15.
    await t.database.db
      .update(apiRefreshTokens)
      .set({ createdAt: new Date(Date.now() - (11 * 60 + 55) * 60_000) })
      .where(eq(apiRefreshTokens.familyId, sid));
    const next = (await refresh(pair.refreshToken)).json<Pair>();
    expect(next.expiresIn).toBeGreaterThan(290);
    expect(next.expiresIn).toBeLessThanOrEqual(300);
  });

  it('a deactivated account cannot refresh and its family is revoked', async () => {
    const user = await signInAs(t, 'USER');
    const pair = await pairFor(t, user.email);
    await t.database.db
      .update(userAccounts)
      .set({ isActive: false })
      .where(eq(userAccounts.id, user.accountId));
    const response = await refresh(pair.refreshToken);
    expect(response.statusCode).toBe(401);
    expect(response.json().reason).toBe('account_inactive');
    const rows = await tokensOfFamily(t, claimsOf(pair.accessToken).sid as string);
    expect(rows.every((r) => r.revokedReason === 'account_inactive')).toBe(true);
  });

  it('an admin deactivating the account revokes its families at once', async () => {
    const admin = await signInAs(t, 'ADMIN');
    const user = await signInAs(t, 'USER');
    const pair = await pairFor(t, user.email);
    const response = await as(
      t,
      admin.cookie,
    )({
      method: 'PUT',
      url: `/api/users/${user.accountId}`,
      payload: { role: 'USER', firstName: 'Dee', lastName: 'Activated', isActive: false },
    });
    expect(response.statusCode, response.body).toBe(200);
    const rows = await tokensOfFamily(t, claimsOf(pair.accessToken).sid as string);
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((r) => r.revokedReason === 'account_deactivated')).toBe(true);
  });
});

describe('sign-out scopes', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const revoke = (payload: object, accessToken?: string) =>
    client(t, accessToken)({ method: 'POST', url: '/api/tokens/revoke', payload });

  /** A user with two browser sessions and three token families (one from the first session). */
  async function setUp() {
    const user = await signInAs(t, 'USER');
    const second = cookiesOf(
      await t.app.inject({
        method: 'POST',
        url: '/api/auth/sign-in/email',
        headers: { origin: TEST_ORIGIN },
        payload: { email: user.email, password: TEST_PASSWORD },
      }),
    );
    const a = await pairFor(t, user.email);
    const b = await pairFor(t, user.email);
    const c = (await as(t, user.cookie)({ method: 'POST', url: '/api/tokens', payload: {} })).json<Pair>();
    const live = async (pair: Pair) =>
      (await client(t, pair.accessToken)({ method: 'GET', url: '/api/me' })).statusCode === 200;
    const signedIn = async (cookie: string) =>
      (await as(t, cookie)({ method: 'GET', url: '/api/me' })).statusCode === 200;
    return { user, second, a, b, c, live, signedIn };
  }

  it('local: only this family', async () => {
    const { user, second, a, b, c, live, signedIn } = await setUp();
    const response = await revoke({ refreshToken: a.refreshToken, scope: 'local' });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ scope: 'local', revokedFamilies: 1, endedSessions: 0 });
    expect([await live(a), await live(b), await live(c)]).toEqual([false, true, true]);
    expect([await signedIn(user.cookie), await signedIn(second)]).toEqual([true, true]);
    const rows = await tokensOfFamily(t, claimsOf(a.accessToken).sid as string);
    expect(rows[0]?.revokedReason).toBe('sign_out');
    expect(await auditCount(t, 'api_token.revoke', user.accountId)).toBe(1);
    // The revoked refresh token cannot be used again.
    const again = await client(t)({
      method: 'POST',
      url: '/api/tokens/refresh',
      payload: { refreshToken: a.refreshToken },
    });
    expect(again.json().reason).toBe('refresh_token_revoked');
  });

  it('others (with a bearer token): every other family and every browser session', async () => {
    const { user, second, a, b, c, live, signedIn } = await setUp();
    const response = await revoke({ scope: 'others' }, b.accessToken);
    expect(response.json()).toEqual({ scope: 'others', revokedFamilies: 2, endedSessions: 2 });
    expect([await live(a), await live(b), await live(c)]).toEqual([false, true, false]);
    expect([await signedIn(user.cookie), await signedIn(second)]).toEqual([false, false]);
  });

  it('global (with a refresh token): everything', async () => {
    const { user, second, a, b, c, live, signedIn } = await setUp();
    const response = await revoke({ refreshToken: b.refreshToken, scope: 'global' });
    expect(response.json()).toEqual({ scope: 'global', revokedFamilies: 3, endedSessions: 2 });
    expect([await live(a), await live(b), await live(c)]).toEqual([false, false, false]);
    expect([await signedIn(user.cookie), await signedIn(second)]).toEqual([false, false]);
  });

  it('from a browser: others keeps this session, local ends it and expires the cookie', async () => {
    const { user, second, a, live, signedIn } = await setUp();
    const others = await as(
      t,
      user.cookie,
    )({ method: 'POST', url: '/api/tokens/revoke', payload: { scope: 'others' } });
    expect(others.json()).toEqual({ scope: 'others', revokedFamilies: 3, endedSessions: 1 });
    expect([await signedIn(user.cookie), await signedIn(second), await live(a)]).toEqual([
      true,
      false,
      false,
    ]);
    const local = await as(t, user.cookie)({ method: 'POST', url: '/api/tokens/revoke', payload: {} });
    expect(local.json()).toEqual({ scope: 'local', revokedFamilies: 0, endedSessions: 1 });
    expect(String(local.headers['set-cookie'])).toMatch(/tend\.session_token=;/);
    expect(await signedIn(user.cookie)).toBe(false);
  });

  it('needs a caller: anonymous 401, an unknown refresh token 401, another user’s token 403', async () => {
    expect((await revoke({ scope: 'global' })).statusCode).toBe(401);
    const unknown = await revoke({ refreshToken: `rt1_${'B'.repeat(43)}` });
    expect(unknown.json().reason).toBe('refresh_token_invalid');
    const mine = await pairFor(t, (await signInAs(t, 'USER')).email);
    const theirs = await pairFor(t, (await signInAs(t, 'USER')).email);
    const crossed = await revoke({ refreshToken: theirs.refreshToken }, mine.accessToken);
    expect(crossed.statusCode).toBe(403);
    expect((await client(t, theirs.accessToken)({ method: 'GET', url: '/api/me' })).statusCode).toBe(200);
  });
});

describe('CSRF, rate limit, OpenAPI', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('answers a cross-origin POST with a cookie 403 CSRF_REJECTED; cookie-less token requests need no Origin', async () => {
    const user = await signInAs(t, 'USER');
    const evil = { origin: 'https://evil.example' };
    const issued = await as(
      t,
      user.cookie,
    )({ method: 'POST', url: '/api/tokens', payload: {}, headers: evil });
    expect(issued.statusCode).toBe(403);
    expect(issued.json().code).toBe('CSRF_REJECTED');
    const revoked = await as(
      t,
      user.cookie,
    )({
      method: 'POST',
      url: '/api/tokens/revoke',
      payload: { scope: 'global' },
      headers: evil,
    });
    expect(revoked.json().code).toBe('CSRF_REJECTED');
    expect((await as(t, user.cookie)({ method: 'GET', url: '/api/me' })).statusCode).toBe(200);
    // The same requests without a cookie authenticate by their body and need no Origin.
    const pair = await pairFor(t, user.email);
    const refreshed = await client(t)({
      method: 'POST',
      url: '/api/tokens/refresh',
      payload: { refreshToken: pair.refreshToken },
    });
    expect(refreshed.statusCode).toBe(200);
    // A cookie-less request to another state-changing route still needs the origin.
    const bare = await t.app.inject({ method: 'POST', url: '/api/users', payload: {} });
    expect(bare.json().code).toBe('CSRF_REJECTED');
  });

  it('limits token issuing like sign-in (429 after AUTH_RATE_LIMIT_SIGN_IN)', async () => {
    const limited = await createTestApp({
      authRateLimits: { signInPer5Min: 3, otpPer5Min: 100, mfaPerMinute: 100 },
    });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 4; i++)
        statuses.push((await issueWithPassword(limited, 'limit@example.org')).statusCode);
      expect(statuses).toEqual([401, 401, 401, 429]);
    } finally {
      await limited.close();
    }
  });

  it('documents the token routes in /api/docs', async () => {
    const spec = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    for (const path of ['/api/tokens', '/api/tokens/refresh', '/api/tokens/revoke']) {
      expect(spec.paths[path]?.post?.requestBody, path).toBeDefined();
      expect(spec.paths[path]?.post?.responses?.['200'], path).toBeDefined();
    }
    expect(JSON.stringify(spec.paths['/api/tokens'].post.requestBody)).toContain('totpCode');
    expect(spec.components.securitySchemes.bearer).toMatchObject({ type: 'http', scheme: 'bearer' });
  });
});

describe('session cookies', () => {
  it('over http: tend.session_token, HttpOnly, SameSite=Lax, Path=/, not Secure', async () => {
    const t = await createTestApp();
    try {
      const user = await signInAs(t, 'USER');
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/auth/sign-in/email',
        headers: { origin: TEST_ORIGIN },
        payload: { email: user.email, password: TEST_PASSWORD },
      });
      const cookie = [response.headers['set-cookie']].flat().find((c) => String(c).includes('session_token'));
      expect(cookie).toMatch(/^tend\.session_token=/);
      expect(cookie).toMatch(/; HttpOnly/i);
      expect(cookie).toMatch(/; SameSite=Lax/i);
      expect(cookie).toMatch(/; Path=\//i);
      expect(cookie).not.toMatch(/; Secure/i);
    } finally {
      await t.close();
    }
  });

  it('over https: __Host-tend.session_token, Secure, Path=/, no Domain, and it signs requests in', async () => {
    const origin = 'https://tend.example.org';
    const t = await createTestApp({ publicUrl: origin });
    try {
      const email = 'https-user@example.org';
      const created = await createCredentialUser(t.app.deps.auth, {
        email,
        password: TEST_PASSWORD,
        name: 'H',
      });
      await t.database.db.insert(userAccounts).values({ authUserId: created.id, email, role: 'USER' });
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/auth/sign-in/email',
        headers: { origin },
        payload: { email, password: TEST_PASSWORD },
      });
      expect(response.statusCode).toBe(200);
      const cookies = [response.headers['set-cookie']].flat().map(String);
      const session = cookies.find((c) => c.includes('session_token'));
      expect(session).toMatch(/^__Host-tend\.session_token=/);
      expect(session).toMatch(/; Secure/i);
      expect(session).toMatch(/; HttpOnly/i);
      expect(session).toMatch(/; SameSite=Lax/i);
      expect(session).toMatch(/; Path=\/(;|$)/i);
      expect(session).not.toMatch(/; Domain=/i);
      for (const other of cookies) expect(other).toMatch(/^__Host-tend\./);
      const me = await t.app.inject({
        method: 'GET',
        url: '/api/me',
        headers: { cookie: cookiesOf(response) },
      });
      expect(me.statusCode).toBe(200);
      expect(me.json().email).toBe(email);
    } finally {
      await t.close();
    }
  });
});
