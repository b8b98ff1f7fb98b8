/**
 * Server-side session tiers, admin MFA (aal2) and auth rate limits (spec s.4, s.9; docs/decisions/0009-mfa.md),
 * through the real app on a fresh database. Time moves by rewriting the session's `created_at` /
 * `last_activity_at`, as the clock would.
 */
import { request as httpRequest } from 'node:http';
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
import { SIGN_IN_PATH_HEADER } from './auth.ts';
import { authSessions, authSignInFailures, userAccounts } from './auth.table.ts';
import { SIGN_IN_LOCKOUT } from './sign-in-lockout.ts';

const S = 1000;
const MIN = 60 * S;
const H = 60 * MIN;

/** A PHI API (admin-guarded): the user list. */
const PHI_URL = '/api/users';

async function sessionsOf(t: TestApp, accountId: string) {
  const [account] = await t.database.db
    .select({ authUserId: userAccounts.authUserId })
    .from(userAccounts)
    .where(eq(userAccounts.id, accountId));
  return t.database.db
    .select()
    .from(authSessions)
    .where(eq(authSessions.userId, account?.authUserId as string));
}

async function onlySession(t: TestApp, accountId: string) {
  const rows = await sessionsOf(t, accountId);
  expect(rows).toHaveLength(1);
  return rows[0] as typeof authSessions.$inferSelect;
}

/** Moves a session's clocks: sign-in `issuedAgoMs` and last activity `idleMs` before now. */
async function age(
  t: TestApp,
  accountId: string,
  { idleMs, issuedAgoMs }: { idleMs: number; issuedAgoMs?: number },
) {
  const session = await onlySession(t, accountId);
  const now = Date.now();
  await t.database.db
    .update(authSessions)
    .set({
      lastActivityAt: new Date(now - idleMs),
      createdAt: new Date(now - (issuedAgoMs ?? idleMs)),
    })
    .where(eq(authSessions.id, session.id));
}

async function signInWithPassword(t: TestApp, email: string, headers: Record<string, string> = {}) {
  return t.app.inject({
    method: 'POST',
    url: '/api/auth/sign-in/email',
    headers: { origin: TEST_ORIGIN, ...headers },
    payload: { email, password: TEST_PASSWORD },
  });
}

describe('server-side session tiers', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('keeps a strict session idle 44:59 and ends one idle 45:01 with 401 inactivity_timeout', async () => {
    const alive = await signInAs(t, 'ADMIN');
    await age(t, alive.accountId, { idleMs: 44 * MIN + 59 * S });
    expect((await as(t, alive.cookie)({ method: 'GET', url: PHI_URL })).statusCode).toBe(200);

    const idle = await signInAs(t, 'ADMIN');
    await age(t, idle.accountId, { idleMs: 45 * MIN + 1 * S });
    const refused = await as(t, idle.cookie)({ method: 'GET', url: PHI_URL });
    expect(refused.statusCode).toBe(401);
    expect(refused.headers['content-type']).toContain('application/problem+json');
    expect(refused.json()).toMatchObject({ code: 'SESSION_EXPIRED', reason: 'inactivity_timeout' });
    // Ended on the server: the row is gone and the cookie is worthless from now on.
    expect(await sessionsOf(t, idle.accountId)).toHaveLength(0);
    expect((await as(t, idle.cookie)({ method: 'GET', url: '/api/me' })).statusCode).toBe(401);
    const [audit] = await t.database.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.entityId, idle.accountId), eq(auditEvents.action, 'auth.sign_out')));
    expect(audit).toMatchObject({ action: 'auth.sign_out', details: { reason: 'inactivity_timeout' } });
  });

  it('ends a session 12 h + 1 s after sign-in even when active; absolute wins when both have passed', async () => {
    const active = await signInAs(t, 'ADMIN');
    await age(t, active.accountId, { idleMs: 10 * S, issuedAgoMs: 12 * H - 10 * S });
    expect((await as(t, active.cookie)({ method: 'GET', url: PHI_URL })).statusCode).toBe(200);
    await age(t, active.accountId, { idleMs: 10 * S, issuedAgoMs: 12 * H + 1 * S });
    const refused = await as(t, active.cookie)({ method: 'GET', url: PHI_URL });
    expect(refused.statusCode).toBe(401);
    expect(refused.json().reason).toBe('absolute_timeout');

    const both = await signInAs(t, 'ADMIN');
    await age(t, both.accountId, { idleMs: 13 * H });
    expect((await as(t, both.cookie)({ method: 'GET', url: '/api/me' })).json()).toMatchObject({
      status: 401,
      reason: 'absolute_timeout',
    });
  });

  it('does not let activity sent by the client revive an expired session', async () => {
    const { cookie, accountId } = await signInAs(t, 'ADMIN');
    await age(t, accountId, { idleMs: 46 * MIN });
    const heartbeat = await as(t, cookie)({ method: 'POST', url: '/api/session/activity' });
    expect(heartbeat.statusCode).toBe(401);
    expect(heartbeat.json()).toMatchObject({ code: 'SESSION_EXPIRED', reason: 'inactivity_timeout' });
    expect((await as(t, cookie)({ method: 'GET', url: PHI_URL })).statusCode).toBe(401);
    expect((await as(t, cookie)({ method: 'POST', url: '/api/session/activity' })).statusCode).toBe(401);
  });

  it('records activity at most once a minute; the heartbeat keeps a live session alive', async () => {
    const { cookie, accountId } = await signInAs(t, 'ADMIN');
    await age(t, accountId, { idleMs: 30 * S, issuedAgoMs: H });
    const before = (await onlySession(t, accountId)).lastActivityAt.getTime();
    expect((await as(t, cookie)({ method: 'POST', url: '/api/session/activity' })).statusCode).toBe(204);
    expect((await onlySession(t, accountId)).lastActivityAt.getTime()).toBe(before);

    await age(t, accountId, { idleMs: 44 * MIN, issuedAgoMs: H });
    expect((await as(t, cookie)({ method: 'POST', url: '/api/session/activity' })).statusCode).toBe(204);
    const after = await onlySession(t, accountId);
    expect(Date.now() - after.lastActivityAt.getTime()).toBeLessThan(10 * S);
    // Sign-in time is untouched by activity.
    expect(Date.now() - after.createdAt.getTime()).toBeGreaterThan(H - MIN);
  });

  it('starts a matchmaking sign-in relaxed, and makes it strict on the first PHI request', async () => {
    const { accountId, email } = await signInAs(t, 'ADMIN', undefined, { mfa: false });
    await t.database.db.delete(authSessions).where(eq(authSessions.id, (await onlySession(t, accountId)).id));
    const relaxed = await signInWithPassword(t, email, { [SIGN_IN_PATH_HEADER]: '/matchmaking/browse' });
    expect(relaxed.statusCode).toBe(200);
    const cookie = cookiesOf(relaxed);
    expect((await onlySession(t, accountId)).tier).toBe('relaxed');
    // Two hours idle: fine for the relaxed tier (14 d) …
    await age(t, accountId, { idleMs: 2 * H });
    const me = await as(t, cookie)({ method: 'GET', url: '/api/me' });
    expect(me.statusCode).toBe(200);
    expect(me.json().session).toMatchObject({ tier: 'relaxed', aal: 'aal1' });
    // … but a PHI API checks the strict limits, whatever the session's tier.
    await age(t, accountId, { idleMs: 2 * H });
    const phi = await as(t, cookie)({ method: 'GET', url: PHI_URL });
    expect(phi.json()).toMatchObject({ status: 401, reason: 'inactivity_timeout' });
    expect(await sessionsOf(t, accountId)).toHaveLength(0);
  });

  it('records no activity for a relaxed session past the strict limits, so a later PHI request still ends it', async () => {
    const { accountId, email } = await signInAs(t, 'ADMIN', undefined, { mfa: false });
    await t.database.db.delete(authSessions).where(eq(authSessions.id, (await onlySession(t, accountId)).id));
    const cookie = cookiesOf(
      await signInWithPassword(t, email, { [SIGN_IN_PATH_HEADER]: '/matchmaking/browse' }),
    );
    await age(t, accountId, { idleMs: 2 * H });
    // A non-PHI request is fine for the relaxed tier, but must not refresh the strict idle clock (issue 17 item 8).
    expect((await as(t, cookie)({ method: 'GET', url: '/api/me' })).statusCode).toBe(200);
    expect(Date.now() - (await onlySession(t, accountId)).lastActivityAt.getTime()).toBeGreaterThan(H);
    const phi = await as(t, cookie)({ method: 'GET', url: PHI_URL });
    expect(phi.json()).toMatchObject({ status: 401, reason: 'inactivity_timeout' });
    expect(await sessionsOf(t, accountId)).toHaveLength(0);
  });

  it('answers every /api request with Cache-Control: no-store unless the route sets its own', async () => {
    const { cookie } = await signInAs(t, 'ADMIN');
    const phi = await as(t, cookie)({ method: 'GET', url: PHI_URL });
    expect(phi.statusCode).toBe(200);
    expect(phi.headers['cache-control']).toBe('no-store');
    const me = await as(t, cookie)({ method: 'GET', url: '/api/me' });
    expect(me.headers['cache-control']).toBe('no-store');
    const session = await as(t, cookie)({ method: 'GET', url: '/api/auth/get-session' });
    expect(session.headers['cache-control']).toBe('no-store');
    const refused = await as(t, null)({ method: 'GET', url: PHI_URL });
    expect(refused.statusCode).toBe(401);
    expect(refused.headers['cache-control']).toBe('no-store');
  });

  it("ends a session past its tier's limits on better-auth's own endpoints too (issue 17 item 9)", async () => {
    for (const path of ['get-session', 'list-sessions', 'list-accounts']) {
      const { cookie, accountId } = await signInAs(t, 'USER');
      await age(t, accountId, { idleMs: 50 * MIN });
      const response = await as(t, cookie)({ method: 'GET', url: `/api/auth/${path}` });
      if (path === 'get-session') expect(response.json(), path).toBeNull();
      else expect(response.statusCode, path).toBe(401);
      expect(await sessionsOf(t, accountId), path).toHaveLength(0);
    }
    // A relaxed session 50 min idle is within its own tier: answered.
    const { accountId, email } = await signInAs(t, 'USER');
    await t.database.db.delete(authSessions).where(eq(authSessions.id, (await onlySession(t, accountId)).id));
    const relaxed = cookiesOf(await signInWithPassword(t, email, { [SIGN_IN_PATH_HEADER]: '/matchmaking' }));
    await age(t, accountId, { idleMs: 50 * MIN });
    const session = await as(t, relaxed)({ method: 'GET', url: '/api/auth/get-session' });
    expect(session.json()).toMatchObject({ user: { email } });
  });

  it('never returns session tokens from list-sessions', async () => {
    const { cookie, email } = await signInAs(t, 'USER');
    await signInWithPassword(t, email);
    const response = await as(t, cookie)({ method: 'GET', url: '/api/auth/list-sessions' });
    expect(response.statusCode).toBe(200);
    const sessions = response.json<Record<string, unknown>[]>();
    expect(sessions).toHaveLength(2);
    for (const entry of sessions) {
      expect(entry).toHaveProperty('id');
      expect(entry).not.toHaveProperty('token');
    }
    const stored = await t.database.db.select({ token: authSessions.token }).from(authSessions);
    for (const { token } of stored) expect(response.body).not.toContain(token);
  });

  it('keeps the strict tier once a PHI API was used (an unknown or off-site sign-in path is strict)', async () => {
    const { accountId, email } = await signInAs(t, 'USER');
    await t.database.db
      .delete(authSessions)
      .where(eq(authSessions.userId, (await onlySession(t, accountId)).userId));
    const offSite = await signInWithPassword(t, email, {
      [SIGN_IN_PATH_HEADER]: '//evil.example/matchmaking',
    });
    expect((await onlySession(t, accountId)).tier).toBe('strict_phi');
    await t.database.db
      .delete(authSessions)
      .where(eq(authSessions.userId, (await onlySession(t, accountId)).userId));
    expect(cookiesOf(offSite)).not.toBe('');

    const relaxed = cookiesOf(await signInWithPassword(t, email, { [SIGN_IN_PATH_HEADER]: '/matchmaking' }));
    expect((await onlySession(t, accountId)).tier).toBe('relaxed');
    // A USER is refused the admin API (403) but the request still counts as PHI use.
    expect((await as(t, relaxed)({ method: 'GET', url: PHI_URL })).statusCode).toBe(403);
    expect((await onlySession(t, accountId)).tier).toBe('strict_phi');
  });

  it('ends the server session on sign-out', async () => {
    const { cookie, accountId } = await signInAs(t, 'ADMIN');
    const out = await as(t, cookie)({ method: 'POST', url: '/api/auth/sign-out', payload: {} });
    expect(out.statusCode).toBe(200);
    expect(await sessionsOf(t, accountId)).toHaveLength(0);
    expect((await as(t, cookie)({ method: 'GET', url: PHI_URL })).statusCode).toBe(401);
  });

  it('answers 401 without a session', async () => {
    const response = await as(t, null)({ method: 'POST', url: '/api/session/activity' });
    expect(response.statusCode).toBe(401);
    expect(response.json().code).toBe('UNAUTHENTICATED');
  });
});

describe('admin MFA (TOTP, aal2 before PHI)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('refuses PHI to an aal1 admin with 403 MFA_REQUIRED, and allows it after enrolment', async () => {
    const admin = await signInAs(t, 'ADMIN', undefined, { mfa: false });
    const me = (await as(t, admin.cookie)({ method: 'GET', url: '/api/me' })).json();
    expect(me.session.aal).toBe('aal1');
    expect(me.mfa).toEqual({ enabled: false, required: true });
    const refused = await as(t, admin.cookie)({ method: 'GET', url: PHI_URL });
    expect(refused.statusCode).toBe(403);
    expect(refused.headers['content-type']).toContain('application/problem+json');
    expect(refused.json()).toMatchObject({ code: 'MFA_REQUIRED', status: 403 });
    const [denied] = await t.database.db
      .select()
      .from(auditEvents)
      .where(
        and(eq(auditEvents.actorUserAccountId, admin.accountId), eq(auditEvents.action, 'access.denied')),
      );
    expect(denied).toMatchObject({ action: 'access.denied', details: { reason: 'mfa_required' } });

    // Enrolment needs the password again.
    const wrong = await as(
      t,
      admin.cookie,
    )({
      method: 'POST',
      url: '/api/auth/two-factor/enable',
      payload: { password: 'not the password at all' },
    });
    expect(wrong.statusCode).toBe(400);

    const issuedBefore = (await onlySession(t, admin.accountId)).createdAt.getTime();
    const enrolled = await enrolTotp(t, admin.cookie);
    expect(enrolled.totpURI).toMatch(/^otpauth:\/\/totp\/Tend:/);
    expect(enrolled.backupCodes.length).toBeGreaterThanOrEqual(8);
    const session = await onlySession(t, admin.accountId);
    expect(session.aal).toBe('aal2');
    // The replacing session keeps the sign-in time (enrolment does not extend the 12 h limit).
    expect(session.createdAt.getTime()).toBe(issuedBefore);
    expect((await as(t, enrolled.cookie)({ method: 'GET', url: PHI_URL })).statusCode).toBe(200);
    const after = (await as(t, enrolled.cookie)({ method: 'GET', url: '/api/me' })).json();
    expect(after.session.aal).toBe('aal2');
    expect(after.mfa).toEqual({ enabled: true, required: false });
  });

  it('signs in with password then code: no session and no PHI before the code', async () => {
    const first = await signInAs(t, 'ADMIN', undefined, { mfa: false });
    const { totpURI } = await enrolTotp(t, first.cookie);

    const step1 = await signInWithPassword(t, first.email);
    expect(step1.statusCode).toBe(200);
    expect(step1.json()).toMatchObject({ twoFactorRedirect: true });
    const pending = cookiesOf(step1);
    expect(pending).toContain('two_factor');
    expect(pending).not.toContain('session_token=');
    expect((await as(t, pending)({ method: 'GET', url: PHI_URL })).statusCode).toBe(401);

    const bad = await as(
      t,
      pending,
    )({
      method: 'POST',
      url: '/api/auth/two-factor/verify-totp',
      payload: { code: '000000' === (await totpCode(totpURI)) ? '111111' : '000000' },
    });
    expect(bad.statusCode).toBe(401);

    const step2 = await as(
      t,
      pending,
    )({
      method: 'POST',
      url: '/api/auth/two-factor/verify-totp',
      payload: { code: await totpCode(totpURI) },
    });
    expect(step2.statusCode).toBe(200);
    const cookie = cookiesOf(step2);
    expect((await as(t, cookie)({ method: 'GET', url: PHI_URL })).statusCode).toBe(200);
    expect((await as(t, cookie)({ method: 'GET', url: '/api/me' })).json().session.aal).toBe('aal2');
  });

  it('removes the factor only with the password; the session drops to aal1 and loses PHI', async () => {
    const { cookie, accountId } = await signInAs(t, 'ADMIN');
    const wrong = await as(
      t,
      cookie,
    )({
      method: 'POST',
      url: '/api/auth/two-factor/disable',
      payload: { password: 'not the password at all' },
    });
    expect(wrong.statusCode).toBe(400);
    const removed = await as(
      t,
      cookie,
    )({
      method: 'POST',
      url: '/api/auth/two-factor/disable',
      payload: { password: TEST_PASSWORD },
    });
    expect(removed.statusCode).toBe(200);
    const next = cookiesOf(removed);
    expect((await onlySession(t, accountId)).aal).toBe('aal1');
    expect((await as(t, next)({ method: 'GET', url: PHI_URL })).json().code).toBe('MFA_REQUIRED');
  });

  it('does not ask non-admins for MFA (their role decides), and refuses anonymous callers', async () => {
    const user = await signInAs(t, 'USER');
    expect((await as(t, user.cookie)({ method: 'GET', url: '/api/me' })).json().mfa).toEqual({
      enabled: false,
      required: false,
    });
    expect((await as(t, user.cookie)({ method: 'GET', url: PHI_URL })).json().code).toBe('FORBIDDEN');
    expect((await as(t, null)({ method: 'GET', url: PHI_URL })).statusCode).toBe(401);
  });
});

describe('REQUIRE_ADMIN_MFA=false', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ requireAdminMfa: false });
  });
  afterAll(() => t.close());

  it('lets an aal1 admin open PHI', async () => {
    const admin = await signInAs(t, 'ADMIN', undefined, { mfa: false });
    expect((await as(t, admin.cookie)({ method: 'GET', url: PHI_URL })).statusCode).toBe(200);
    expect((await as(t, admin.cookie)({ method: 'GET', url: '/api/me' })).json().mfa.required).toBe(false);
  });
});

/** POSTs JSON to `url` exactly as written (no path normalisation), from `ip` (X-Forwarded-For); status and body. */
function rawPost(url: string, payload: object, ip: string) {
  const body = JSON.stringify(payload);
  const { hostname, port } = new URL(url);
  const path = url.slice(url.indexOf('/', 'http://'.length));
  return new Promise<{ statusCode: number; json: () => { errors: { path: string }[] } }>(
    (resolve, reject) => {
      const request = httpRequest(
        {
          hostname,
          port,
          path,
          method: 'POST',
          headers: {
            origin: TEST_ORIGIN,
            'x-forwarded-for': ip,
            'content-type': 'application/json',
            'content-length': Buffer.byteLength(body),
          },
        },
        (response) => {
          const chunks: Buffer[] = [];
          response.on('data', (chunk: Buffer) => chunks.push(chunk));
          response.on('end', () =>
            resolve({
              statusCode: response.statusCode ?? 0,
              json: () => JSON.parse(Buffer.concat(chunks).toString('utf8')),
            }),
          );
        },
      );
      request.on('error', reject);
      request.end(body);
    },
  );
}

describe('auth rate limits', () => {
  let t: TestApp;
  let proxied: TestApp;
  const limits = { signInPer5Min: 3, otpPer5Min: 2, mfaPerMinute: 2 };
  beforeAll(async () => {
    t = await createTestApp({ authRateLimits: limits });
    proxied = await createTestApp({ authRateLimits: limits, trustProxy: true });
  });
  afterAll(async () => {
    await t.close();
    await proxied.close();
  });

  const badSignIn = (app: TestApp, headers: Record<string, string> = {}) =>
    app.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      headers: { origin: TEST_ORIGIN, ...headers },
      payload: { email: 'nobody@example.org', password: 'wrong password here' },
    });

  it('answers 429 problem+json after the sign-in limit; a forged X-Forwarded-For does not reset it', async () => {
    for (let i = 0; i < limits.signInPer5Min; i++) {
      expect((await badSignIn(t, { 'x-forwarded-for': `203.0.113.${i}` })).statusCode).toBe(401);
    }
    const limited = await badSignIn(t, { 'x-forwarded-for': '198.51.100.7' });
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['content-type']).toContain('application/problem+json');
    expect(limited.json()).toMatchObject({ code: 'RATE_LIMITED', status: 429 });
    expect(limited.headers['retry-after']).toBeDefined();
  });

  it('keys by the forwarded client address only behind a trusted proxy', async () => {
    for (let i = 0; i < limits.signInPer5Min; i++) {
      expect((await badSignIn(proxied, { 'x-forwarded-for': '203.0.113.10' })).statusCode).toBe(401);
    }
    expect((await badSignIn(proxied, { 'x-forwarded-for': '203.0.113.10' })).statusCode).toBe(429);
    expect((await badSignIn(proxied, { 'x-forwarded-for': '203.0.113.11' })).statusCode).toBe(401);
  });

  it('limits MFA code verification per minute', async () => {
    const codes = [];
    for (let i = 0; i < limits.mfaPerMinute + 1; i++) {
      codes.push(
        (
          await proxied.app.inject({
            method: 'POST',
            url: '/api/auth/two-factor/verify-totp',
            headers: { origin: TEST_ORIGIN, 'x-forwarded-for': '192.0.2.44' },
            payload: { code: '123456' },
          })
        ).statusCode,
      );
    }
    expect(codes.slice(0, limits.mfaPerMinute).every((code) => code === 401)).toBe(true);
    expect(codes.at(-1)).toBe(429);
  });

  it('counts password changes as sign-in attempts: a session cannot guess the current password without limit', async () => {
    const statuses = [];
    for (let i = 0; i < limits.signInPer5Min + 1; i++) {
      statuses.push(
        (
          await proxied.app.inject({
            method: 'POST',
            url: '/api/auth/change-password',
            headers: { origin: TEST_ORIGIN, 'x-forwarded-for': '192.0.2.46' },
            payload: { currentPassword: 'a guess at the password', newPassword: 'a brand new passphrase' },
          })
        ).statusCode,
      );
    }
    expect(statuses.slice(0, -1)).not.toContain(429);
    expect(statuses.at(-1)).toBe(429);
  });

  it('limits password recovery requests (one-time-code group)', async () => {
    const statuses = [];
    for (let i = 0; i < limits.otpPer5Min + 1; i++) {
      statuses.push(
        (
          await proxied.app.inject({
            method: 'POST',
            url: '/api/auth/request-password-reset',
            headers: { origin: TEST_ORIGIN, 'x-forwarded-for': '192.0.2.45' },
            payload: { email: 'nobody@example.org' },
          })
        ).statusCode,
      );
    }
    expect(statuses.at(-1)).toBe(429);
    expect(statuses.slice(0, -1)).not.toContain(429);
  });

  it('refuses non-canonical auth paths (dot segments, //, escapes, trailing /) and classifies any case (issue 17 item 2)', async () => {
    // Over a real socket: `inject` normalises dot segments before the app sees them, a client need not.
    const address = await proxied.app.listen({ port: 0, host: '127.0.0.1' });
    const post = (url: string, payload: object) => rawPost(`${address}${url}`, payload, '192.0.2.60');
    const signIn = { email: 'nobody@example.org', password: 'wrong password here' };
    for (let i = 0; i < limits.signInPer5Min; i++)
      expect((await post('/api/auth/sign-in/email', signIn)).statusCode).toBe(401);
    expect((await post('/api/auth/sign-in/email', signIn)).statusCode).toBe(429);
    const variants: [string, object][] = [
      ['/api/auth/./sign-in/email', signIn],
      ['/api/auth/x/../sign-in/email', signIn],
      ['/api/auth//sign-in/email', signIn],
      ['/api/auth/sign-in/email/', signIn],
      ['/api/auth/sign-in%2Femail', signIn],
      ['/api/auth/%73ign-in/email', signIn],
      ['/api/auth/SIGN-IN/email', signIn],
      ['/api/auth/./request-password-reset', { email: 'nobody@example.org' }],
      ['/api/auth/./phone-number/send-otp', { phoneNumber: '+15035550100' }],
      ['/api/auth/x/../two-factor/verify-totp', { code: '123456' }],
    ];
    for (const [url, payload] of variants) {
      const response = await post(url, payload);
      expect([400, 429], `${url} answered ${response.statusCode}`).toContain(response.statusCode);
      if (response.statusCode === 400) expect(response.json().errors[0]?.path).toBe('path');
    }
  });

  it('locks an address after 10 wrong passwords from any IPs, the right one included, for both sign-in paths', async () => {
    const { email } = await signInAs(proxied, 'USER');
    const attempt = (password: string, ip: string) =>
      proxied.app.inject({
        method: 'POST',
        url: '/api/auth/sign-in/email',
        headers: { origin: TEST_ORIGIN, 'x-forwarded-for': ip },
        payload: { email: email.toUpperCase(), password },
      });
    for (let i = 0; i < SIGN_IN_LOCKOUT.maxFailures; i++)
      expect((await attempt('not the password', `198.51.100.${100 + i}`)).statusCode).toBe(401);
    const locked = await attempt(TEST_PASSWORD, '198.51.100.200');
    expect(locked.statusCode).toBe(429);
    expect(locked.json()).toMatchObject({ code: 'RATE_LIMITED' });
    const token = await proxied.app.inject({
      method: 'POST',
      url: '/api/tokens',
      headers: { 'x-forwarded-for': '198.51.100.201' },
      payload: { email, password: TEST_PASSWORD },
    });
    expect(token.statusCode).toBe(429);
    // An unknown address locks the same way (a lock says nothing about which accounts exist).
    const [row] = await proxied.database.db
      .select()
      .from(authSignInFailures)
      .where(eq(authSignInFailures.email, email.toLowerCase()));
    expect(row?.lockedUntil?.getTime()).toBeGreaterThan(Date.now() + SIGN_IN_LOCKOUT.lockMs - 60_000);
    // Once the lock has passed, the right password signs in and clears the count.
    await proxied.database.db
      .update(authSignInFailures)
      .set({ lockedUntil: new Date(Date.now() - 1000) })
      .where(eq(authSignInFailures.email, email.toLowerCase()));
    expect((await attempt(TEST_PASSWORD, '198.51.100.202')).statusCode).toBe(200);
    const after = await proxied.database.db
      .select()
      .from(authSignInFailures)
      .where(eq(authSignInFailures.email, email.toLowerCase()));
    expect(after).toHaveLength(0);
  });
});
