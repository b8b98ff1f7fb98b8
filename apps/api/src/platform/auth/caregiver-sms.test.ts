/**
 * Caregiver sign-in by SMS code and password recovery by SMS code for phone-only accounts (issue 4;
 * docs/decisions/0019-caregiver-sms-codes.md) through the real app on a fresh database: an admin gives a caregiver
 * a phone on `/api/users` as people type it, the caregiver page asks for a code (`x-tend-sign-in-as: caregiver`),
 * the code is read from the outbox as an admin would, and every other number gets the same answers and nothing.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
import { authUsers, authVerifications, userAccounts } from './auth.table.ts';
import {
  CAREGIVER_SIGN_IN_HEADER,
  PHONE_CODE_ATTEMPTS,
  phoneCodeIdentifier,
  phoneResetIdentifier,
} from './phone.ts';

const caregiverPage = { [CAREGIVER_SIGN_IN_HEADER]: 'caregiver' };
const anonymous = (t: TestApp) => as(t, null);

let phoneCounter = 0;
/** A fresh US number in the 555-01xx fiction range, E.164, and as an admin might type it. */
function newPhone() {
  const line = String(100 + (phoneCounter++ % 100)).padStart(4, '0');
  return { e164: `+1503555${line}`, typed: `(503) 555-${line}` };
}

/** An admin creates an account of `role` with a phone through the API; returns its id, email and number. */
async function createWithPhone(t: TestApp, admin: string, role: Role, options: { isActive?: boolean } = {}) {
  const phone = newPhone();
  const email = `${role.toLowerCase()}-${randomUUID().slice(0, 8)}@example.org`;
  const created = await as(
    t,
    admin,
  )({
    method: 'POST',
    url: '/api/users',
    payload: {
      email,
      password: TEST_PASSWORD,
      role,
      firstName: 'Sam',
      lastName: 'Field',
      phone: phone.typed,
    },
  });
  expect(created.statusCode, created.body).toBe(201);
  const id = created.json<{ id: string }>().id;
  if (options.isActive === false) {
    await t.database.db.update(userAccounts).set({ isActive: false }).where(eq(userAccounts.id, id));
  }
  return { id, email, phone };
}

function requestCode(t: TestApp, phoneNumber: string, headers: Record<string, string> = caregiverPage) {
  return anonymous(t)({
    method: 'POST',
    url: '/api/auth/phone-number/send-otp',
    headers,
    payload: { phoneNumber },
  });
}

function verifyCode(
  t: TestApp,
  phoneNumber: string,
  code: string,
  headers: Record<string, string> = caregiverPage,
) {
  return anonymous(t)({
    method: 'POST',
    url: '/api/auth/phone-number/verify',
    headers,
    payload: { phoneNumber, code },
  });
}

/** The outbox rows addressed to `to`, read straight from the table. */
function outboxTo(t: TestApp, to: string) {
  return t.database.db.select().from(outboxMessages).where(eq(outboxMessages.toAddress, to));
}

/** The 6-digit code of the newest SMS to `e164`. */
async function latestSmsCode(t: TestApp, e164: string): Promise<string> {
  const page = await t.app.deps.messaging.listOutbox({ page: 1, pageSize: 1, to: e164, channel: 'sms' });
  const match = /\b(\d{6})\b/.exec(page.items[0]?.textBody ?? '');
  if (!match) throw new Error(`no code in the outbox for ${e164}`);
  return match[1] as string;
}

async function storedCodes(t: TestApp, identifier: string) {
  return t.database.db.select().from(authVerifications).where(eq(authVerifications.identifier, identifier));
}

const otherCode = (code: string) => (code === '000000' ? '111111' : '000000');

describe('caregiver sign-in by SMS code', () => {
  let t: TestApp;
  let admin: string;
  beforeAll(async () => {
    t = await createTestApp();
    admin = (await signInAs(t, 'ADMIN')).cookie;
  });
  afterAll(async () => t?.close());

  it('texts a code to an active caregiver, readable in the outbox, and signs in with it (number verified)', async () => {
    const { id, phone } = await createWithPhone(t, admin, 'CAREGIVER');
    const [before] = await t.database.db
      .select()
      .from(authUsers)
      .where(eq(authUsers.phoneNumber, phone.e164));
    expect(before).toMatchObject({ phoneNumber: phone.e164, phoneNumberVerified: false });

    const sent = await requestCode(t, phone.typed);
    expect(sent.statusCode).toBe(200);
    expect(sent.json()).toEqual({ message: 'code sent' });

    const outbox = await as(
      t,
      admin,
    )({
      method: 'GET',
      url: `/api/outbox?page=1&pageSize=5&channel=sms&to=${encodeURIComponent(phone.e164)}`,
    });
    expect(outbox.statusCode).toBe(200);
    const [message] = outbox.json<{ items: { textBody: string; relatedEntityId: string }[] }>().items;
    expect(message?.relatedEntityId).toBe(id);
    // No PHI, no name: the code, its lifetime and a warning.
    expect(message?.textBody).not.toContain('Sam');
    const code = /\b(\d{6})\b/.exec(message?.textBody ?? '')?.[1] as string;
    expect(code).toMatch(/^\d{6}$/);

    // The number may be typed another way on the confirm page.
    const signedIn = await verifyCode(t, phone.e164.slice(2), code);
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    const me = await as(t, cookiesOf(signedIn))({ method: 'GET', url: '/api/me' });
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({
      userAccountId: id,
      role: 'CAREGIVER',
      session: { tier: 'strict_phi', aal: 'aal1' },
    });
    const [after] = await t.database.db.select().from(authUsers).where(eq(authUsers.phoneNumber, phone.e164));
    expect(after?.phoneNumberVerified).toBe(true);
    const audits = await t.database.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, 'auth.sign_in'), eq(auditEvents.entityId, id)));
    expect(audits.map((event) => event.details)).toEqual([{ method: 'phone_otp' }]);

    // Single use.
    const again = await verifyCode(t, phone.e164, code);
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({ code: 'INVALID_OTP' });
    expect(again.headers['set-cookie']).toBeUndefined();
  });

  it.each([
    ['a guardian', 'GUARDIAN' as const, {}],
    ['an admin', 'ADMIN' as const, {}],
    ['a deactivated caregiver', 'CAREGIVER' as const, { isActive: false }],
  ])('gives %s the same answer on the caregiver page, no SMS, and its code fails', async (_l, role, opts) => {
    const { phone } = await createWithPhone(t, admin, role, opts);
    const sent = await requestCode(t, phone.e164);
    expect(sent.statusCode).toBe(200);
    expect(sent.json()).toEqual({ message: 'code sent' });
    expect(await outboxTo(t, phone.e164)).toHaveLength(0);
    expect(await storedCodes(t, phoneCodeIdentifier(phone.e164))).toHaveLength(0);
    const guess = await verifyCode(t, phone.e164, '123456');
    expect(guess.statusCode).toBe(400);
    expect(guess.json()).toMatchObject({ code: 'INVALID_OTP', message: 'Invalid OTP' });
  });

  it('refuses on the caregiver page a real code a guardian got from the general phone sign-in', async () => {
    const { phone } = await createWithPhone(t, admin, 'GUARDIAN');
    // The general phone sign-in (decision 0018) texts any active account...
    expect((await requestCode(t, phone.e164, {})).statusCode).toBe(200);
    const code = await latestSmsCode(t, phone.e164);
    // ...but the caregiver page refuses the code as a wrong one, before looking at it.
    const refused = await verifyCode(t, phone.e164, code);
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ code: 'INVALID_OTP' });
    expect(refused.headers['set-cookie']).toBeUndefined();
  });

  it('gives an unknown number the same answer and nothing', async () => {
    const { e164 } = newPhone();
    const sent = await requestCode(t, e164);
    expect(sent.json()).toEqual({ message: 'code sent' });
    expect(await outboxTo(t, e164)).toHaveLength(0);
    expect(await storedCodes(t, phoneCodeIdentifier(e164))).toHaveLength(0);
    expect((await verifyCode(t, e164, '123456')).json()).toMatchObject({ code: 'INVALID_OTP' });
  });

  it('ends a code after 3 wrong entries (TOO_MANY_ATTEMPTS), even for the right code', async () => {
    const { phone } = await createWithPhone(t, admin, 'CAREGIVER');
    await requestCode(t, phone.e164);
    const code = await latestSmsCode(t, phone.e164);
    for (let i = 0; i < PHONE_CODE_ATTEMPTS; i++) {
      const wrong = await verifyCode(t, phone.e164, otherCode(code));
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json()).toMatchObject({ code: 'INVALID_OTP' });
    }
    const late = await verifyCode(t, phone.e164, code);
    expect(late.statusCode).toBe(403);
    expect(late.json()).toMatchObject({ code: 'TOO_MANY_ATTEMPTS' });
    expect((await verifyCode(t, phone.e164, code)).statusCode).toBe(400);
  });

  it('refuses a caregiver deactivated after the code was sent', async () => {
    const { id, phone } = await createWithPhone(t, admin, 'CAREGIVER');
    await requestCode(t, phone.e164);
    const code = await latestSmsCode(t, phone.e164);
    await t.database.db.update(userAccounts).set({ isActive: false }).where(eq(userAccounts.id, id));
    const refused = await verifyCode(t, phone.e164, code);
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ code: 'INVALID_OTP' });
  });

  it('answers a number that is not a phone number with 400 naming phoneNumber, never a 500', async () => {
    for (const phoneNumber of ['555-0100', '+1 503 555 01OO', '(503) 555-0100 ext. 2', 'x'.repeat(500), '']) {
      const sent = await requestCode(t, phoneNumber);
      expect(sent.statusCode, phoneNumber).toBe(400);
      expect(sent.json(), phoneNumber).toMatchObject({
        code: 'INVALID_PHONE_NUMBER',
        errors: [{ path: 'phoneNumber', message: 'is not a valid phone number' }],
      });
      expect((await verifyCode(t, phoneNumber, '123456')).statusCode, phoneNumber).toBe(400);
    }
    const notString = await anonymous(t)({
      method: 'POST',
      url: '/api/auth/phone-number/send-otp',
      headers: caregiverPage,
      payload: { phoneNumber: 5035550100 },
    });
    expect(notString.statusCode).toBe(400);
  });
});

describe('password recovery by SMS code (phone-only accounts)', () => {
  let t: TestApp;
  let admin: string;
  beforeAll(async () => {
    t = await createTestApp();
    admin = (await signInAs(t, 'ADMIN')).cookie;
  });
  afterAll(async () => t?.close());

  const requestReset = (phoneNumber: string) =>
    anonymous(t)({
      method: 'POST',
      url: '/api/auth/phone-number/request-password-reset',
      payload: { phoneNumber },
    });
  const resetPassword = (phoneNumber: string, otp: string, newPassword: string) =>
    anonymous(t)({
      method: 'POST',
      url: '/api/auth/phone-number/reset-password',
      payload: { phoneNumber, otp, newPassword },
    });
  const signInByPhone = (phoneNumber: string, password: string) =>
    anonymous(t)({
      method: 'POST',
      url: '/api/auth/sign-in/phone-number',
      payload: { phoneNumber, password },
    });

  /** A phone-only account signed up and confirmed by its code; returns its number, account id and session. */
  async function phoneOnlyAccount(options: { confirm?: boolean } = {}) {
    const phone = newPhone();
    const signedUp = await anonymous(t)({
      method: 'POST',
      url: '/api/sign-up',
      payload: { phoneNumber: phone.typed, password: TEST_PASSWORD },
    });
    expect(signedUp.statusCode).toBe(202);
    const [account] = await t.database.db
      .select({ id: userAccounts.id })
      .from(userAccounts)
      .where(eq(userAccounts.phone, phone.e164));
    let cookie = '';
    if (options.confirm !== false) {
      const code = await latestSmsCode(t, phone.e164);
      const confirmed = await verifyCode(t, phone.e164, code, {});
      expect(confirmed.statusCode).toBe(200);
      cookie = cookiesOf(confirmed);
    }
    return { phone, accountId: account?.id as string, cookie };
  }

  it('texts a code, sets a new password under the policy, ends every session, and is audited', async () => {
    const { phone, accountId, cookie } = await phoneOnlyAccount();
    const other = cookiesOf(await signInByPhone(phone.e164, TEST_PASSWORD));
    expect((await as(t, other)({ method: 'GET', url: '/api/me' })).statusCode).toBe(200);

    const sent = await requestReset(phone.typed);
    expect(sent.statusCode).toBe(200);
    expect(sent.json()).toEqual({ status: true });
    const [sms] = await t.database.db
      .select()
      .from(outboxMessages)
      .where(eq(outboxMessages.toAddress, phone.e164))
      .orderBy(outboxMessages.createdAt);
    expect(sms).toBeDefined();
    const code = await latestSmsCode(t, phone.e164);
    const page = await t.app.deps.messaging.listOutbox({ page: 1, pageSize: 1, to: phone.e164 });
    expect(page.items[0]?.textBody).toContain('password reset code');
    expect(page.items[0]?.relatedEntityId).toBe(accountId);

    // The password policy applies (every reason on `password`), and a refused password spends no attempt.
    const weak = await resetPassword(phone.e164, code, 'password1');
    expect(weak.statusCode).toBe(400);
    expect(weak.json()).toMatchObject({ code: 'VALIDATION_FAILED' });
    expect(weak.json().errors.every((e: { path: string }) => e.path === 'password')).toBe(true);
    const containsNumber = await resetPassword(phone.e164, code, `my number ${phone.e164.slice(1)}`);
    expect(containsNumber.statusCode).toBe(400);

    const newPassword = 'lanterns over the harbour';
    const reset = await resetPassword(phone.typed, code, newPassword);
    expect(reset.statusCode, reset.body).toBe(200);
    expect(reset.json()).toEqual({ status: true });
    expect((await as(t, cookie)({ method: 'GET', url: '/api/me' })).statusCode).toBe(401);
    expect((await as(t, other)({ method: 'GET', url: '/api/me' })).statusCode).toBe(401);
    expect((await signInByPhone(phone.e164, TEST_PASSWORD)).statusCode).not.toBe(200);
    expect((await signInByPhone(phone.e164, newPassword)).statusCode).toBe(200);
    // The code works once.
    const again = await resetPassword(phone.e164, code, 'yet another fine passphrase');
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({ code: 'INVALID_OTP' });

    const audits = await t.database.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, 'user.password_reset'), eq(auditEvents.entityId, accountId)));
    expect(audits.map((event) => event.details)).toEqual([
      { sessionsEnded: true, apiTokenFamiliesRevoked: 0, method: 'phone_otp' },
    ]);
  });

  it('answers the same and sends nothing for numbers that may not reset by SMS', async () => {
    const known = await phoneOnlyAccount();
    const knownAnswer = await requestReset(known.phone.e164);
    const unconfirmed = await phoneOnlyAccount({ confirm: false });
    const deactivated = await phoneOnlyAccount();
    await t.database.db
      .update(userAccounts)
      .set({ isActive: false })
      .where(eq(userAccounts.id, deactivated.accountId));
    // An account with a mailbox recovers by emailed link, even with a verified number.
    const caregiver = await createWithPhone(t, admin, 'CAREGIVER');
    await requestCode(t, caregiver.phone.e164);
    await verifyCode(t, caregiver.phone.e164, await latestSmsCode(t, caregiver.phone.e164));
    const unknown = newPhone();

    for (const [label, phone] of [
      ['unconfirmed', unconfirmed.phone.e164],
      ['deactivated', deactivated.phone.e164],
      ['caregiver with email', caregiver.phone.e164],
      ['unknown', unknown.e164],
    ] as const) {
      const sentBefore = (await outboxTo(t, phone)).length;
      const answer = await requestReset(phone);
      expect(answer.statusCode, label).toBe(knownAnswer.statusCode);
      expect(answer.json(), label).toEqual(knownAnswer.json());
      expect((await outboxTo(t, phone)).length, label).toBe(sentBefore);
      expect(await storedCodes(t, phoneResetIdentifier(phone)), label).toHaveLength(0);
      // A weak password is refused as it is for a real account; a good one fails as a wrong code.
      const weak = await resetPassword(phone, '123456', 'password1');
      expect(weak.statusCode, label).toBe(400);
      expect(weak.json().errors[0].path, label).toBe('password');
      const guess = await resetPassword(phone, '123456', 'a perfectly good passphrase');
      expect(guess.statusCode, label).toBe(400);
      expect(guess.json(), label).toMatchObject({ code: 'INVALID_OTP', message: 'Invalid OTP' });
    }
  });

  it('ends a reset code after 3 wrong entries', async () => {
    const { phone } = await phoneOnlyAccount();
    await requestReset(phone.e164);
    const code = await latestSmsCode(t, phone.e164);
    const password = 'a perfectly good passphrase';
    for (let i = 0; i < PHONE_CODE_ATTEMPTS; i++) {
      expect((await resetPassword(phone.e164, otherCode(code), password)).json()).toMatchObject({
        code: 'INVALID_OTP',
      });
    }
    const late = await resetPassword(phone.e164, code, password);
    expect(late.statusCode).toBe(403);
    expect(late.json()).toMatchObject({ code: 'TOO_MANY_ATTEMPTS' });
    expect((await signInByPhone(phone.e164, password)).statusCode).not.toBe(200);
  });
});

describe('caregiver SMS codes with DEFAULT_PHONE_COUNTRY GB', () => {
  let t: TestApp;
  let admin: string;
  beforeAll(async () => {
    t = await createTestApp({ defaultPhoneCountry: 'GB' });
    admin = (await signInAs(t, 'ADMIN')).cookie;
  });
  afterAll(async () => t?.close());

  // Needs app.ts to pass config.defaultPhoneCountry to createAuth (`defaultPhoneCountry`).
  it('reads the number the caregiver types in the configured country', async () => {
    const created = await as(
      t,
      admin,
    )({
      method: 'POST',
      url: '/api/users',
      payload: {
        email: `gb-${randomUUID().slice(0, 8)}@example.org`,
        password: TEST_PASSWORD,
        role: 'CAREGIVER',
        firstName: 'Gwen',
        lastName: 'Field',
        phone: '020 7946 0958',
      },
    });
    expect(created.json()).toMatchObject({ phone: '+442079460958' });
    const sent = await requestCode(t, '020 7946 0958');
    expect(sent.statusCode, sent.body).toBe(200);
    const code = await latestSmsCode(t, '+442079460958');
    expect((await verifyCode(t, '(020) 7946 0958', code)).statusCode).toBe(200);
  });
});

describe('SMS code rate limits', () => {
  let t: TestApp;
  beforeAll(async () => {
    // Behind a trusted proxy each forwarded client has its own count: one client per path below.
    t = await createTestApp({
      trustProxy: true,
      authRateLimits: { signInPer5Min: 2, otpPer5Min: 2, mfaPerMinute: 2 },
    });
  });
  afterAll(async () => t?.close());

  it.each([
    ['caregiver code requests', '198.51.100.1', '/phone-number/send-otp', { phoneNumber: '+15035550100' }],
    [
      'caregiver code entries',
      '198.51.100.2',
      '/phone-number/verify',
      { phoneNumber: '+15035550100', code: '123456' },
    ],
    [
      'reset code requests',
      '198.51.100.3',
      '/phone-number/request-password-reset',
      { phoneNumber: '+15035550100' },
    ],
    [
      'reset code entries',
      '198.51.100.4',
      '/phone-number/reset-password',
      { phoneNumber: '+15035550100', otp: '123456', newPassword: 'a perfectly good passphrase' },
    ],
  ])('limits %s per client IP (one-time-code group)', async (_label, client, path, payload) => {
    const statuses = [];
    for (let i = 0; i < 3; i++) {
      const response = await anonymous(t)({
        method: 'POST',
        url: `/api/auth${path}`,
        headers: { ...caregiverPage, 'x-forwarded-for': client },
        payload,
      });
      statuses.push(response.statusCode);
    }
    expect(statuses[2]).toBe(429);
    expect(statuses.slice(0, 2)).not.toContain(429);
  });
});
