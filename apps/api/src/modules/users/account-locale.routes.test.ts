/**
 * The person's language (issue 18, decision 0042) through the real app: `PUT /api/account/locale` remembers it on
 * the account, `GET /api/me` returns it, and the sign-in codes that person receives by SMS and email are written
 * in it; before anyone chooses, the code follows the language of the page that asked (`Accept-Language`).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { as, createTestApp, signInAs, type TestApp } from '../../../test/helpers.ts';
import { authUsers, userAccounts } from '../../platform/auth/auth.table.ts';
import { CAREGIVER_SIGN_IN_HEADER } from '../../platform/auth/phone.ts';
import { outboxMessages } from '../../platform/messaging/outbox.table.ts';

const caregiverPage = { [CAREGIVER_SIGN_IN_HEADER]: 'caregiver' };
let phoneCounter = 0;

/** A signed-in caregiver with a phone number on their auth user (E.164, 555-01xx fiction range). */
async function caregiverWithPhone(t: TestApp) {
  const signedIn = await signInAs(t, 'CAREGIVER');
  const phone = `+1503555${String(150 + phoneCounter++).padStart(4, '0')}`;
  const [account] = await t.database.db
    .select({ authUserId: userAccounts.authUserId })
    .from(userAccounts)
    .where(eq(userAccounts.id, signedIn.accountId));
  await t.database.db
    .update(authUsers)
    .set({ phoneNumber: phone })
    .where(eq(authUsers.id, account?.authUserId as string));
  return { ...signedIn, phone };
}

const setLocale = (t: TestApp, cookie: string | null, locale: unknown) =>
  as(t, cookie)({ method: 'PUT', url: '/api/account/locale', payload: { locale } });

/** The newest outbox row of `channel` to `to`. */
async function newestTo(t: TestApp, to: string, channel: 'sms' | 'email') {
  const rows = await t.database.db
    .select()
    .from(outboxMessages)
    .where(and(eq(outboxMessages.toAddress, to), eq(outboxMessages.channel, channel)));
  rows.sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime());
  return rows[0];
}

describe('the account language', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t?.close());

  it('is remembered on the account and returned by /api/me', async () => {
    const { cookie } = await signInAs(t, 'CAREGIVER');
    expect((await as(t, cookie)({ method: 'GET', url: '/api/me' })).json()).toMatchObject({ locale: null });
    const saved = await setLocale(t, cookie, 'es');
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toEqual({ locale: 'es' });
    expect((await as(t, cookie)({ method: 'GET', url: '/api/me' })).json()).toMatchObject({ locale: 'es' });
  });

  it('refuses a signed-out request (401) and a language Tend does not speak (400 naming the field)', async () => {
    expect((await setLocale(t, null, 'es')).statusCode).toBe(401);
    const { cookie } = await signInAs(t, 'CAREGIVER');
    const bad = await setLocale(t, cookie, 'fr');
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('locale');
    expect((await as(t, cookie)({ method: 'GET', url: '/api/me' })).json()).toMatchObject({ locale: null });
  });

  it('texts a Spanish-speaking caregiver the sign-in code in Spanish', async () => {
    const caregiver = await caregiverWithPhone(t);
    expect((await setLocale(t, caregiver.cookie, 'es')).statusCode).toBe(200);
    const sent = await as(
      t,
      null,
    )({
      method: 'POST',
      url: '/api/auth/phone-number/send-otp',
      // The stored choice wins over the browser's language.
      headers: { ...caregiverPage, 'accept-language': 'en-US' },
      payload: { phoneNumber: caregiver.phone },
    });
    expect(sent.statusCode, sent.body).toBe(200);
    const sms = await newestTo(t, caregiver.phone, 'sms');
    expect(sms?.textBody).toMatch(
      /^Su código de Tend es \d{6}\. Funciona una sola vez, durante 5 minutos\. Si usted no lo pidió/,
    );
  });

  it('emails a Spanish-speaking caregiver the sign-in code in Spanish', async () => {
    const caregiver = await signInAs(t, 'CAREGIVER');
    expect((await setLocale(t, caregiver.cookie, 'es')).statusCode).toBe(200);
    const sent = await as(
      t,
      null,
    )({
      method: 'POST',
      url: '/api/auth/email-otp/send-verification-otp',
      payload: { email: caregiver.email, type: 'sign-in' },
    });
    expect(sent.statusCode, sent.body).toBe(200);
    const email = await newestTo(t, caregiver.email, 'email');
    expect(email?.subject).toMatch(/^Su código para entrar a Tend: \d{6}$/);
    expect(email?.textBody).toContain('Escríbalo en la página de inicio de sesión antes de 5 minutos.');
  });

  it('follows the page language (Accept-Language) until the person chooses one', async () => {
    const spanishPage = await caregiverWithPhone(t);
    const englishPage = await caregiverWithPhone(t);
    for (const [caregiver, language] of [
      [spanishPage, 'es-MX,es;q=0.9,en;q=0.5'],
      [englishPage, 'en-US,en;q=0.9'],
    ] as const) {
      const sent = await as(
        t,
        null,
      )({
        method: 'POST',
        url: '/api/auth/phone-number/send-otp',
        headers: { ...caregiverPage, 'accept-language': language },
        payload: { phoneNumber: caregiver.phone },
      });
      expect(sent.statusCode).toBe(200);
    }
    expect((await newestTo(t, spanishPage.phone, 'sms'))?.textBody).toMatch(/^Su código de Tend es \d{6}/);
    expect((await newestTo(t, englishPage.phone, 'sms'))?.textBody).toMatch(/^Your Tend code is \d{6}/);
  });

  it('writes an invitation in both languages while the invitee has chosen none', async () => {
    const admin = await signInAs(t, 'ADMIN');
    const invited = await as(
      t,
      admin.cookie,
    )({
      method: 'POST',
      url: '/api/users/invitations',
      payload: { email: 'ana.invited@example.org', role: 'CAREGIVER', firstName: 'Ana', lastName: 'Ruiz' },
    });
    expect(invited.statusCode, invited.body).toBe(201);
    const email = await newestTo(t, 'ana.invited@example.org', 'email');
    expect(email?.subject).toBe('You are invited to Tend / Le invitamos a Tend');
    expect(email?.textBody).toContain('Hello Ana,');
    expect(email?.textBody).toContain('Hola, Ana:');
    expect(email?.textBody).toContain('como proveedor de apoyo directo');
  });
});
