/**
 * Scoped access grants through `buildApp()` + inject (issue 20; docs/accounts.md; decisions 0048 and 0050): a
 * guardian of two clients, a time-limited auditor (expiresAt required, at most a year), a case-manager grant, the
 * home each gives, revocation, the scope that follows, what an auditor read, and access (401/403).
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, createTestApp, signInAs, type TestApp } from '../../../test/helpers.ts';
import { accessScope, canSeeClient } from './access-scope.service.ts';
import { grantDates, grantStatus } from './access-grants.service.ts';

type Caller = ReturnType<typeof as>;

let t: TestApp;
let admin: Caller;
let adminAccountId: string;
let guardian: { cookie: string; accountId: string };
let auditor: { cookie: string; accountId: string };
let staff: { cookie: string; accountId: string };
let anonymous: Caller;

const clientA = randomUUID();
const clientB = randomUUID();
const clientC = randomUUID();
const caseManager = randomUUID();
const DAY = 86_400_000;
const inDays = (days: number) => new Date(Date.now() + days * DAY).toISOString();

beforeAll(async () => {
  t = await createTestApp();
  const signedInAdmin = await signInAs(t, 'ADMIN');
  admin = as(t, signedInAdmin.cookie);
  adminAccountId = signedInAdmin.accountId;
  anonymous = as(t, null);
  guardian = await signInAs(t, 'GUARDIAN');
  auditor = await signInAs(t, 'USER');
  staff = await signInAs(t, 'USER');
  await t.database.db.execute(
    sql`insert into case_manager (id, name) values (${caseManager}::uuid, 'Cy Manager')`,
  );
  await t.database.db.execute(sql`insert into client (id, name, case_manager_id) values
    (${clientA}::uuid, 'Alma Client', null), (${clientB}::uuid, 'Bo Client', null),
    (${clientC}::uuid, 'Cal Client', ${caseManager}::uuid)`);
}, 60_000);
afterAll(() => t.close());

const grant = (payload: Record<string, unknown>) =>
  admin({ method: 'POST', url: '/api/access-grants', payload });
const homeOf = async (cookie: string) => (await as(t, cookie)({ method: 'GET', url: '/api/me/home' })).json();

describe('grants', () => {
  it('makes a guardian of two clients, whose home is the client list, then one client after a revoke', async () => {
    const first = await grant({
      userAccountId: guardian.accountId,
      kind: 'GUARDIAN',
      clientId: clientA,
      reason: 'Court order',
    });
    expect(first.statusCode).toBe(201);
    expect(first.json()).toMatchObject({
      kind: 'GUARDIAN',
      clientId: clientA,
      targetName: 'Alma Client',
      status: 'live',
    });
    expect(
      (await grant({ userAccountId: guardian.accountId, kind: 'GUARDIAN', clientId: clientB })).statusCode,
    ).toBe(201);
    expect(await homeOf(guardian.cookie)).toEqual({ path: '/dashboard/client', person: null });
    const scope = await accessScope(t.database.db, guardian.accountId);
    expect(await canSeeClient(t.database.db, scope, clientB)).toBe(true);
    expect(await canSeeClient(t.database.db, scope, clientC)).toBe(false);

    const revoked = await admin({ method: 'POST', url: `/api/access-grants/${first.json().id}/revoke` });
    expect(revoked.statusCode).toBe(200);
    expect(revoked.json().status).toBe('revoked');
    expect(
      (await admin({ method: 'POST', url: `/api/access-grants/${first.json().id}/revoke` })).statusCode,
    ).toBe(409);
    expect(
      (await admin({ method: 'POST', url: `/api/access-grants/${randomUUID()}/revoke` })).statusCode,
    ).toBe(404);
    expect(await homeOf(guardian.cookie)).toEqual({ path: `/dashboard/client/${clientB}`, person: null });
    const after = await accessScope(t.database.db, guardian.accountId);
    expect(await canSeeClient(t.database.db, after, clientA)).toBe(false);

    const listed = await admin({
      method: 'GET',
      url: `/api/access-grants?userAccountId=${guardian.accountId}`,
    });
    expect(
      listed
        .json()
        .items.map((item: { status: string }) => item.status)
        .sort(),
    ).toEqual(['live', 'revoked']);
    const byClient = await admin({ method: 'GET', url: `/api/access-grants?clientId=${clientB}` });
    expect(byClient.json().items).toHaveLength(1);
  });

  it('requires an AUDITOR grant to end, at most a year ahead', async () => {
    const open = await grant({ userAccountId: auditor.accountId, kind: 'AUDITOR', clientId: clientA });
    expect(open.statusCode).toBe(400);
    expect(open.json().errors).toContainEqual({
      path: 'expiresAt',
      message: 'is required: an AUDITOR grant must end (at most one year ahead)',
    });
    const tooLong = await grant({
      userAccountId: auditor.accountId,
      kind: 'AUDITOR',
      clientId: clientA,
      expiresAt: inDays(400),
    });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().errors[0].path).toBe('expiresAt');
    const ok = await grant({
      userAccountId: auditor.accountId,
      kind: 'AUDITOR',
      clientId: clientA,
      expiresAt: inDays(30),
    });
    expect(ok.statusCode).toBe(201);
    expect(Math.abs(Date.parse(ok.json().expiresAt) - (Date.now() + 30 * DAY))).toBeLessThan(60_000);
    expect(await homeOf(auditor.cookie)).toEqual({ path: `/dashboard/client/${clientA}`, person: null });
  });

  it('gives a case manager grant the caseload, and refuses admins, missing and unknown targets', async () => {
    const cm = await grant({
      userAccountId: staff.accountId,
      kind: 'CASE_MANAGER',
      caseManagerId: caseManager,
    });
    expect(cm.statusCode).toBe(201);
    expect(cm.json().targetName).toBe('Cy Manager');
    expect(await homeOf(staff.cookie)).toEqual({
      path: `/dashboard/case-manager/${caseManager}`,
      person: null,
    });
    const scope = await accessScope(t.database.db, staff.accountId);
    expect(await canSeeClient(t.database.db, scope, clientC)).toBe(true);

    const toAdmin = await grant({ userAccountId: adminAccountId, kind: 'GUARDIAN', clientId: clientA });
    expect(toAdmin.statusCode).toBe(400);
    expect(toAdmin.json().errors[0].path).toBe('userAccountId');
    const noClient = await grant({ userAccountId: staff.accountId, kind: 'REPRESENTATIVE' });
    expect(noClient.json().errors[0]).toEqual({
      path: 'clientId',
      message: 'is required for a REPRESENTATIVE grant',
    });
    const unknownClient = await grant({
      userAccountId: staff.accountId,
      kind: 'REPRESENTATIVE',
      clientId: randomUUID(),
    });
    expect(unknownClient.statusCode).toBe(400);
    expect(unknownClient.json().errors[0].path).toBe('clientId');
    const noFilter = await admin({ method: 'GET', url: '/api/access-grants' });
    expect(noFilter.statusCode).toBe(400);
  });

  it('lists what an account read, for the agency', async () => {
    await as(t, auditor.cookie)({ method: 'GET', url: '/api/me/home' });
    const activity = await admin({
      method: 'GET',
      url: `/api/access-grants/activity?userAccountId=${auditor.accountId}`,
    });
    expect(activity.statusCode).toBe(200);
    const items = activity.json().items as { action: string; actorUserAccountId: string }[];
    expect(items.length).toBeGreaterThan(0);
    expect(items.every((item) => item.actorUserAccountId === auditor.accountId)).toBe(true);
    expect(items.map((item) => item.action)).toContain('account_home.read');
    const unknown = await admin({
      method: 'GET',
      url: `/api/access-grants/activity?userAccountId=${randomUUID()}`,
    });
    expect(unknown.statusCode).toBe(404);
  });

  it('is for admins only', async () => {
    const other = as(t, guardian.cookie);
    expect(
      (await other({ method: 'GET', url: `/api/access-grants?userAccountId=${guardian.accountId}` }))
        .statusCode,
    ).toBe(403);
    expect((await other({ method: 'POST', url: '/api/access-grants', payload: {} })).statusCode).toBe(403);
    expect((await anonymous({ method: 'GET', url: '/api/access-grants/activity' })).statusCode).toBe(401);
  });
});

describe('grant dates and status (pure)', () => {
  const now = new Date('2026-06-01T12:00:00Z');
  it('derives the status: revoked, scheduled, expired, live', () => {
    const base = { startsAt: new Date('2026-01-01T00:00:00Z'), expiresAt: null, revokedAt: null };
    expect(grantStatus(base, now)).toBe('live');
    expect(grantStatus({ ...base, revokedAt: now }, now)).toBe('revoked');
    expect(grantStatus({ ...base, startsAt: new Date('2026-07-01T00:00:00Z') }, now)).toBe('scheduled');
    expect(grantStatus({ ...base, expiresAt: now }, now)).toBe('expired');
  });
  it('accepts an auditor end exactly at the limit and refuses a past end', () => {
    expect(
      grantDates({ kind: 'AUDITOR', expiresAt: new Date(now.getTime() + 366 * DAY).toISOString() }, now)
        .expiresAt,
    ).toEqual(new Date(now.getTime() + 366 * DAY));
    expect(() => grantDates({ kind: 'GUARDIAN', expiresAt: '2026-05-01T00:00:00Z' }, now)).toThrow(
      'must be in the future',
    );
  });
});
