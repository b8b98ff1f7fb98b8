/**
 * Account phones on `/api/users` and invitations (docs/decisions/0019-caregiver-sms-codes.md) through the real app
 * on a fresh database: admins type numbers as they like and Tend stores E.164 in the agency's country, shows them
 * formatted, copies them to the auth user's sign-in number in the same transaction (unverified until a code proves
 * it), refuses an invalid number (400 on `phone`) or a taken one (409 on `phone`) without writing anything, and
 * clears the sign-in number with the phone.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { as, createTestApp, signInAs, TEST_PASSWORD, type TestApp } from '../../../test/helpers.ts';
import { auditEvents } from '../../platform/audit/audit.table.ts';
import { authUsers, userAccounts } from '../../platform/auth/auth.table.ts';
import { linkSignInPhone } from '../../platform/auth/phone-numbers.ts';

const stamp = () => randomUUID().slice(0, 8);
const person = { role: 'CAREGIVER', firstName: 'Rowan', lastName: 'Hale' };

/** The sign-in number and its verified flag of the auth user behind `user_account` `id` (null: no auth user). */
async function signInPhoneOf(t: TestApp, id: string) {
  const [row] = await t.database.db
    .select({ phoneNumber: authUsers.phoneNumber, verified: authUsers.phoneNumberVerified })
    .from(userAccounts)
    .innerJoin(authUsers, eq(authUsers.id, userAccounts.authUserId))
    .where(eq(userAccounts.id, id));
  return row ?? null;
}

describe('account phones (DEFAULT_PHONE_COUNTRY US)', () => {
  let t: TestApp;
  let admin: ReturnType<typeof as>;
  let guardian: ReturnType<typeof as>;
  beforeAll(async () => {
    t = await createTestApp();
    admin = as(t, (await signInAs(t, 'ADMIN')).cookie);
    guardian = as(t, (await signInAs(t, 'GUARDIAN')).cookie);
  });
  afterAll(async () => t?.close());

  const create = (phone: string | undefined, email = `phone-${stamp()}@example.org`) =>
    admin({
      method: 'POST',
      url: '/api/users',
      payload: { ...person, email, password: TEST_PASSWORD, phone },
    });
  const update = (id: string, phone: string | null, extra: Record<string, unknown> = {}) =>
    admin({
      method: 'PUT',
      url: `/api/users/${id}`,
      payload: { ...person, isActive: true, phone, ...extra },
    });

  it('stores a typed number E.164, shows it formatted, and links it as the unverified sign-in number', async () => {
    for (const [typed, e164] of [
      ['(503) 555-0120', '+15035550120'],
      ['503.555.0121', '+15035550121'],
      ['+1 503 555 0122', '+15035550122'],
      ['+44 20 7946 0958', '+442079460958'],
    ] as const) {
      const created = await create(typed);
      expect(created.statusCode, typed).toBe(201);
      expect(created.json(), typed).toMatchObject({ phone: e164 });
      expect(await signInPhoneOf(t, created.json().id), typed).toEqual({
        phoneNumber: e164,
        verified: false,
      });
    }
    const listed = await admin({ method: 'GET', url: '/api/users?q=phone-&pageSize=50' });
    const displays = listed.json().items.map((u: { phoneDisplay: string | null }) => u.phoneDisplay);
    expect(displays).toContain('(503) 555-0120');
    // A number from another country is shown in international form.
    expect(displays).toContain('+44 20 7946 0958');
  });

  it('refuses an invalid number with 400 naming phone and creates nothing', async () => {
    const email = `invalid-${stamp()}@example.org`;
    for (const typed of ['555-0100', '(503) 555-01', 'call me', '(503) 555-0100 ext. 4']) {
      const response = await create(typed, email);
      expect(response.statusCode, typed).toBe(400);
      expect(response.headers['content-type']).toContain('application/problem+json');
      expect(response.json().errors, typed).toEqual([
        { path: 'phone', message: 'is not a valid phone number' },
      ]);
    }
    // Together with the other field errors, in one answer.
    const both = await admin({
      method: 'POST',
      url: '/api/users',
      payload: { ...person, email, password: 'qwerty123', phone: 'call me' },
    });
    expect(both.json().errors.map((e: { path: string }) => e.path)).toEqual(['password', 'phone']);
    const rows = await t.database.db.select().from(userAccounts).where(eq(userAccounts.email, email));
    expect(rows).toEqual([]);
    const users = await t.database.db.select().from(authUsers).where(eq(authUsers.email, email));
    expect(users).toEqual([]);
  });

  it('refuses a number another account has with 409 naming phone, however it is typed, writing nothing', async () => {
    const first = await create('(503) 555-0130');
    expect(first.statusCode).toBe(201);
    const email = `second-${stamp()}@example.org`;
    const taken = await create('503-555-0130', email);
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toMatchObject({
      code: 'CONFLICT',
      errors: [{ path: 'phone', message: 'is already used by another account' }],
    });
    expect(await t.database.db.select().from(userAccounts).where(eq(userAccounts.email, email))).toEqual([]);
    expect(await t.database.db.select().from(authUsers).where(eq(authUsers.email, email))).toEqual([]);

    const other = await create('(503) 555-0131');
    const moved = await update(other.json().id, '+15035550130');
    expect(moved.statusCode).toBe(409);
    expect(moved.json().errors[0].path).toBe('phone');
    expect((await signInPhoneOf(t, other.json().id))?.phoneNumber).toBe('+15035550131');
  });

  it('follows the phone on update: a new number is unverified, the same one keeps its state, clearing clears it', async () => {
    const created = await create('(503) 555-0140');
    const id = created.json().id as string;
    const [row] = await t.database.db.select().from(userAccounts).where(eq(userAccounts.id, id));
    // As if the person had proven the number with a code.
    await t.database.db
      .update(authUsers)
      .set({ phoneNumberVerified: true })
      .where(eq(authUsers.id, row?.authUserId as string));

    // The same number typed another way changes nothing.
    const same = await update(id, '503 555 0140', { functionalRole: 'Lead' });
    expect(same.statusCode).toBe(200);
    expect(same.json()).toMatchObject({ phone: '+15035550140', phoneDisplay: '(503) 555-0140' });
    expect(await signInPhoneOf(t, id)).toEqual({ phoneNumber: '+15035550140', verified: true });

    const changed = await update(id, '(503) 555-0141');
    expect(changed.json().phone).toBe('+15035550141');
    expect(await signInPhoneOf(t, id)).toEqual({ phoneNumber: '+15035550141', verified: false });
    // The old number is free again.
    expect((await create('(503) 555-0140')).statusCode).toBe(201);

    const cleared = await update(id, '');
    expect(cleared.statusCode).toBe(200);
    expect(cleared.json()).toMatchObject({ phone: null, phoneDisplay: null });
    expect(await signInPhoneOf(t, id)).toEqual({ phoneNumber: null, verified: false });

    const invalid = await update(id, '12');
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().errors).toEqual([{ path: 'phone', message: 'is not a valid phone number' }]);
    const audits = await t.database.db.select().from(auditEvents).where(eq(auditEvents.entityId, id));
    expect(audits.filter((event) => event.action === 'user.update')).toHaveLength(3);
  });

  it('invites with a phone (E.164, 400 and 409 on phone) and links it when the invitation is accepted', async () => {
    const invite = (phone: string, email = `invitee-${stamp()}@example.org`) =>
      admin({ method: 'POST', url: '/api/users/invitations', payload: { ...person, email, phone } });
    const invited = await invite('(503) 555-0150');
    expect(invited.statusCode).toBe(201);
    expect(invited.json()).toMatchObject({ phone: '+15035550150', phoneDisplay: '(503) 555-0150' });

    const invalidEmail = `invalid-invitee-${stamp()}@example.org`;
    const invalid = await invite('not a number', invalidEmail);
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().errors).toEqual([{ path: 'phone', message: 'is not a valid phone number' }]);
    // A pending invitation holds its number too.
    const takenEmail = `taken-invitee-${stamp()}@example.org`;
    const taken = await invite('503.555.0150', takenEmail);
    expect(taken.statusCode).toBe(409);
    expect(taken.json().errors[0].path).toBe('phone');
    expect((await create('+1 503 555 0150')).statusCode).toBe(409);
    for (const email of [invalidEmail, takenEmail]) {
      expect(await t.app.deps.messaging.listOutbox({ page: 1, pageSize: 1, to: email })).toMatchObject({
        total: 0,
      });
    }

    const page = await t.app.deps.messaging.listOutbox({
      page: 1,
      pageSize: 1,
      to: invited.json().email,
    });
    const token = new URL(
      /(http\S+\/confirm\?\S+)/.exec(page.items[0]?.textBody ?? '')?.[1] as string,
    ).searchParams.get('token');
    const accepted = await as(
      t,
      null,
    )({
      method: 'POST',
      url: '/api/invitations/accept',
      payload: { token, password: 'the heron waits by the weir' },
    });
    expect(accepted.statusCode).toBe(200);
    expect(await signInPhoneOf(t, invited.json().id)).toEqual({
      phoneNumber: '+15035550150',
      verified: false,
    });
  });

  it('answers 409 on phone when the unique index finds the sign-in number taken (two admins at once)', async () => {
    const first = await create('(503) 555-0180');
    const second = await create('(503) 555-0181');
    const [row] = await t.database.db
      .select({ authUserId: userAccounts.authUserId })
      .from(userAccounts)
      .where(eq(userAccounts.id, second.json().id));
    // Past the checks, as a concurrent writer would be: the database refuses, and the answer names the field.
    await expect(
      t.database.db.transaction((tx) => linkSignInPhone(tx, row?.authUserId as string, '+15035550180')),
    ).rejects.toMatchObject({ code: 'CONFLICT', errors: [{ path: 'phone' }] });
    expect((await signInPhoneOf(t, second.json().id))?.phoneNumber).toBe('+15035550181');
    expect((await signInPhoneOf(t, first.json().id))?.phoneNumber).toBe('+15035550180');
  });

  it('denies non-admins and anonymous callers, writing nothing', async () => {
    const email = `denied-${stamp()}@example.org`;
    const payload = { ...person, email, password: TEST_PASSWORD, phone: '(503) 555-0160' };
    expect((await guardian({ method: 'POST', url: '/api/users', payload })).statusCode).toBe(403);
    expect((await as(t, null)({ method: 'POST', url: '/api/users', payload })).statusCode).toBe(401);
    const existing = await create('(503) 555-0161');
    const put = {
      method: 'PUT' as const,
      url: `/api/users/${existing.json().id}`,
      payload: { ...person, isActive: true, phone: '' },
    };
    expect((await guardian(put)).statusCode).toBe(403);
    expect((await as(t, null)(put)).statusCode).toBe(401);
    expect(await t.database.db.select().from(userAccounts).where(eq(userAccounts.email, email))).toEqual([]);
    expect((await signInPhoneOf(t, existing.json().id))?.phoneNumber).toBe('+15035550161');
  });
});

describe('account phones (DEFAULT_PHONE_COUNTRY GB)', () => {
  let t: TestApp;
  let admin: ReturnType<typeof as>;
  beforeAll(async () => {
    t = await createTestApp({ defaultPhoneCountry: 'GB' });
    admin = as(t, (await signInAs(t, 'ADMIN')).cookie);
  });
  afterAll(async () => t?.close());

  it('reads a number without a country code in the configured country and shows others internationally', async () => {
    const created = await admin({
      method: 'POST',
      url: '/api/users',
      payload: {
        ...person,
        email: `gb-${stamp()}@example.org`,
        password: TEST_PASSWORD,
        phone: '020 7946 0958',
      },
    });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ phone: '+442079460958', phoneDisplay: '020 7946 0958' });
    const american = await admin({
      method: 'POST',
      url: '/api/users',
      payload: {
        ...person,
        email: `us-${stamp()}@example.org`,
        password: TEST_PASSWORD,
        phone: '+15035550170',
      },
    });
    expect(american.json()).toMatchObject({ phone: '+15035550170', phoneDisplay: '+1 503 555 0170' });
    // A US national number means nothing in GB.
    const national = await admin({
      method: 'POST',
      url: '/api/users',
      payload: {
        ...person,
        email: `nat-${stamp()}@example.org`,
        password: TEST_PASSWORD,
        phone: '(503) 555-0171',
      },
    });
    expect(national.statusCode).toBe(400);
    expect(national.json().errors[0].path).toBe('phone');
  });
});
