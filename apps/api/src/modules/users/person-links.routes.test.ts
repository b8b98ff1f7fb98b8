/**
 * Accounts linked to people through `buildApp()` + inject (issue 20; docs/accounts.md; decision 0050): an admin
 * links on invite, create and edit (role rules, 400/409 on `person`, audited), the picker, a caregiver's first
 * sign-in linking by email (one → linked, several → needs confirmation, a later sign-in never links), the home
 * path that follows, and access (401/403).
 */
import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents } from '../../platform/audit/audit.table.ts';
import { as, createTestApp, signInAs, TEST_PASSWORD, type TestApp } from '../../../test/helpers.ts';

type Caller = ReturnType<typeof as>;

let t: TestApp;
let admin: Caller;
let anonymous: Caller;
let caregiverCaller: Caller;

const soloCaregiver = randomUUID();
const twinA = randomUUID();
const twinB = randomUUID();
const caseManager = randomUUID();
const guardian = randomUUID();
const tag = randomUUID().slice(0, 8);
const soloEmail = `solo-${tag}@example.org`;
const twinEmail = `twin-${tag}@example.org`;

const db = () => t.database.db;

async function auditCount(action: string, entityId: string) {
  const rows = await db()
    .select({ n: sql<number>`count(*)`.mapWith(Number) })
    .from(auditEvents)
    .where(and(eq(auditEvents.action, action), eq(auditEvents.entityId, entityId)));
  return rows[0]?.n ?? 0;
}

function invitation(
  role: string,
  person: unknown,
  email = `invitee-${randomUUID().slice(0, 8)}@example.org`,
) {
  return { email, role, firstName: 'Ivy', lastName: 'Invitee', person };
}

beforeAll(async () => {
  t = await createTestApp();
  admin = as(t, (await signInAs(t, 'ADMIN')).cookie);
  anonymous = as(t, null);
  caregiverCaller = as(t, (await signInAs(t, 'CAREGIVER')).cookie);
  await db().execute(sql`insert into caregiver (id, name, email, emails) values
    (${soloCaregiver}::uuid, 'Sol Solo', ${soloEmail.toUpperCase()}, '{}'),
    (${twinA}::uuid, 'Tia Twin', ${twinEmail}, '{}'),
    (${twinB}::uuid, 'Tom Twin', null, ${sql.param([twinEmail])}::text[])`);
  await db().execute(sql`insert into case_manager (id, name, email, county)
    values (${caseManager}::uuid, 'Cora Casemanager', 'cora@example.org', 'Lane')`);
  await db().execute(sql`insert into guardian (id, first_name, last_name, email)
    values (${guardian}::uuid, 'Gus', 'Guardian', 'gus@example.org')`);
}, 60_000);
afterAll(() => t.close());

describe('an admin links an account to a person', () => {
  it('links a case manager on invite, sets the functional role, shows it on the list and audits it', async () => {
    const invited = await admin({
      method: 'POST',
      url: '/api/users/invitations',
      payload: invitation('USER', { kind: 'case_manager', id: caseManager }),
    });
    expect(invited.statusCode).toBe(201);
    const account = invited.json();
    expect(account.person).toEqual({ kind: 'case_manager', id: caseManager, name: 'Cora Casemanager' });
    const read = await admin({ method: 'GET', url: `/api/users/${account.id}` });
    expect(read.json().functionalRole).toBe('CASE_MANAGER');
    expect(read.json().person.id).toBe(caseManager);
    const list = await admin({ method: 'GET', url: `/api/users?q=${encodeURIComponent(account.email)}` });
    expect(list.json().items[0].person.name).toBe('Cora Casemanager');
    expect(await auditCount('account.person_linked', account.id)).toBe(1);

    // The same record again: 409 naming `person`; nothing is created.
    const again = await admin({
      method: 'POST',
      url: '/api/users/invitations',
      payload: invitation('USER', { kind: 'case_manager', id: caseManager }),
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().errors[0].path).toBe('person');
  });

  it('refuses a role that does not fit the kind, and a record that does not exist (400 on person)', async () => {
    const wrongRole = await admin({
      method: 'POST',
      url: '/api/users/invitations',
      payload: invitation('CAREGIVER', { kind: 'guardian', id: guardian }),
    });
    expect(wrongRole.statusCode).toBe(400);
    expect(wrongRole.json().errors[0]).toEqual({
      path: 'person',
      message: 'a guardian record links only to a GUARDIAN account',
    });
    const missing = await admin({
      method: 'POST',
      url: '/api/users',
      payload: {
        ...invitation('CAREGIVER', { kind: 'caregiver', id: randomUUID() }),
        password: TEST_PASSWORD,
      },
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors[0].path).toBe('person');
    const badKind = await admin({
      method: 'POST',
      url: '/api/users/invitations',
      payload: invitation('USER', { kind: 'client', id: caseManager }),
    });
    expect(badKind.statusCode).toBe(400);
    expect(badKind.json().errors[0].path).toBe('person.kind');
  });

  it('links and unlinks on edit; a linked account keeps its role; both changes are audited', async () => {
    const created = await admin({
      method: 'POST',
      url: '/api/users',
      payload: { ...invitation('GUARDIAN', null), password: TEST_PASSWORD },
    });
    expect(created.statusCode).toBe(201);
    const id = created.json().id as string;
    const linked = await admin({
      method: 'PUT',
      url: `/api/users/${id}/person`,
      payload: { person: { kind: 'guardian', id: guardian } },
    });
    expect(linked.statusCode).toBe(200);
    expect(linked.json().person).toEqual({ kind: 'guardian', id: guardian, name: 'Gus Guardian' });
    const demote = await admin({
      method: 'PUT',
      url: `/api/users/${id}`,
      payload: { role: 'USER', firstName: 'Ivy', lastName: 'Invitee', isActive: true },
    });
    expect(demote.statusCode).toBe(400);
    expect(demote.json().errors[0].path).toBe('role');
    const unlinked = await admin({
      method: 'PUT',
      url: `/api/users/${id}/person`,
      payload: { person: null },
    });
    expect(unlinked.json().person).toBeNull();
    expect(await auditCount('account.person_linked', id)).toBe(1);
    expect(await auditCount('account.person_unlinked', id)).toBe(1);
    const unknown = await admin({
      method: 'PUT',
      url: `/api/users/${randomUUID()}/person`,
      payload: { person: null },
    });
    expect(unknown.statusCode).toBe(404);
  });

  it('offers records of one kind with the account already linked to each', async () => {
    const options = await admin({ method: 'GET', url: '/api/users/person-options?kind=case_manager&q=cora' });
    expect(options.statusCode).toBe(200);
    const [cora] = options.json().items;
    expect(cora).toMatchObject({ id: caseManager, name: 'Cora Casemanager', detail: 'cora@example.org' });
    expect(cora.linkedUserAccountId).toEqual(expect.any(String));
    const guardians = await admin({ method: 'GET', url: '/api/users/person-options?kind=guardian&q=gus' });
    expect(guardians.json().items.map((item: { id: string }) => item.id)).toEqual([guardian]);
    const bad = await admin({ method: 'GET', url: '/api/users/person-options?kind=nobody' });
    expect(bad.statusCode).toBe(400);
  });

  it('is for admins only', async () => {
    expect(
      (await caregiverCaller({ method: 'GET', url: '/api/users/person-options?kind=caregiver' })).statusCode,
    ).toBe(403);
    expect((await anonymous({ method: 'GET', url: '/api/users/person-confirmations' })).statusCode).toBe(401);
    const put = await caregiverCaller({
      method: 'PUT',
      url: `/api/users/${randomUUID()}/person`,
      payload: { person: null },
    });
    expect(put.statusCode).toBe(403);
  });
});

describe("a caregiver's first sign-in", () => {
  it('links the one caregiver with the email (case ignored) and makes their dashboard home', async () => {
    const solo = await signInAs(t, 'CAREGIVER', soloEmail);
    const read = await admin({ method: 'GET', url: `/api/users/${solo.accountId}` });
    expect(read.json().person).toEqual({ kind: 'caregiver', id: soloCaregiver, name: 'Sol Solo' });
    const [event] = await db()
      .select({ details: auditEvents.details })
      .from(auditEvents)
      .where(and(eq(auditEvents.action, 'account.person_linked'), eq(auditEvents.entityId, solo.accountId)));
    expect(event?.details).toEqual({ personKind: 'caregiver', personId: soloCaregiver, method: 'email' });
    const home = await as(t, solo.cookie)({ method: 'GET', url: '/api/me/home' });
    expect(home.json()).toEqual({ path: `/dashboard/caregiver/${soloCaregiver}`, person: 'caregiver' });
  });

  it('links nothing when two caregivers share the email; an admin confirms one', async () => {
    const twin = await signInAs(t, 'CAREGIVER', twinEmail);
    const home = await as(t, twin.cookie)({ method: 'GET', url: '/api/me/home' });
    expect(home.json()).toEqual({ path: null, person: null });
    expect(await auditCount('account.person_link_ambiguous', twin.accountId)).toBe(1);
    const waiting = await admin({ method: 'GET', url: '/api/users/person-confirmations' });
    const entry = waiting
      .json()
      .items.find((item: { userAccountId: string }) => item.userAccountId === twin.accountId);
    expect(entry.candidates.map((candidate: { id: string }) => candidate.id).sort()).toEqual(
      [twinA, twinB].sort(),
    );
    const confirmed = await admin({
      method: 'PUT',
      url: `/api/users/${twin.accountId}/person`,
      payload: { person: { kind: 'caregiver', id: twinB } },
    });
    expect(confirmed.json().person.id).toBe(twinB);
    const after = await admin({ method: 'GET', url: '/api/users/person-confirmations' });
    expect(
      after.json().items.some((item: { userAccountId: string }) => item.userAccountId === twin.accountId),
    ).toBe(false);
    const nowHome = await as(t, twin.cookie)({ method: 'GET', url: '/api/me/home' });
    expect(nowHome.json().path).toBe(`/dashboard/caregiver/${twinB}`);
  });

  it('never links on a later sign-in: the account waits for an admin instead', async () => {
    const lateEmail = `late-${tag}@example.org`;
    const late = await signInAs(t, 'CAREGIVER', lateEmail);
    const lateCaregiver = randomUUID();
    await db().execute(
      sql`insert into caregiver (id, name, email) values (${lateCaregiver}::uuid, 'Lee Late', ${lateEmail})`,
    );
    const again = await anonymous({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      payload: { email: lateEmail, password: TEST_PASSWORD },
    });
    expect(again.statusCode).toBe(200);
    const read = await admin({ method: 'GET', url: `/api/users/${late.accountId}` });
    expect(read.json().person).toBeNull();
    const waiting = await admin({ method: 'GET', url: '/api/users/person-confirmations' });
    const entry = waiting
      .json()
      .items.find((item: { userAccountId: string }) => item.userAccountId === late.accountId);
    expect(entry.candidates.map((candidate: { id: string }) => candidate.id)).toEqual([lateCaregiver]);
  });

  it('gives a signed-in account with no link no home, and an anonymous caller 401', async () => {
    expect((await caregiverCaller({ method: 'GET', url: '/api/me/home' })).json()).toEqual({
      path: null,
      person: null,
    });
    expect((await admin({ method: 'GET', url: '/api/me/home' })).json().path).toBeNull();
    expect((await anonymous({ method: 'GET', url: '/api/me/home' })).statusCode).toBe(401);
  });
});
