import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, createTestApp, signInAs, type TestApp } from '../../../test/helpers.ts';
import { accessGrants } from './access.table.ts';
import {
  accessScope,
  canSeeCaseManager,
  canSeeClient,
  clientIdsInScope,
  grantIsLive,
} from './access-scope.service.ts';

describe('grantIsLive', () => {
  const now = new Date('2026-11-28T12:00:00Z');
  const day = 86_400_000;
  it('is live from its start until its end, unless revoked', () => {
    expect(
      grantIsLive({ startsAt: new Date(now.getTime() - day), expiresAt: null, revokedAt: null }, now),
    ).toBe(true);
    expect(
      grantIsLive({ startsAt: new Date(now.getTime() + day), expiresAt: null, revokedAt: null }, now),
    ).toBe(false);
    expect(
      grantIsLive({ startsAt: new Date(now.getTime() - day), expiresAt: now, revokedAt: null }, now),
    ).toBe(false);
    expect(
      grantIsLive({ startsAt: new Date(now.getTime() - day), expiresAt: null, revokedAt: now }, now),
    ).toBe(false);
  });
});

describe('accessScope (issue 20: scoping by record)', () => {
  let t: TestApp;
  let admin: ReturnType<typeof as>;
  beforeAll(async () => {
    t = await createTestApp();
    admin = as(t, (await signInAs(t, 'ADMIN')).cookie);
  });
  afterAll(() => t.close());

  const create = async (url: string, payload: object) => {
    const response = await admin({ method: 'POST', url, payload });
    expect(response.statusCode).toBe(201);
    return response.json().id as string;
  };

  it('unions live grants: a covered caseload and granted clients; expired and revoked grants give nothing', async () => {
    const { db } = t.database;
    const manager = await create('/api/case-managers', { name: 'Casey Covered' });
    const caseload = await create('/api/clients', { name: 'Caseload Client', caseManagerId: manager });
    const guarded = await create('/api/clients', { name: 'Guarded Client' });
    const audited = await create('/api/clients', { name: 'Audited Client' });
    const other = await create('/api/clients', { name: 'Other Client' });
    const { accountId } = await signInAs(t, 'USER');
    const hour = 3_600_000;
    await db.insert(accessGrants).values([
      { userAccountId: accountId, kind: 'CASE_MANAGER', caseManagerId: manager },
      { userAccountId: accountId, kind: 'GUARDIAN', clientId: guarded },
      {
        userAccountId: accountId,
        kind: 'AUDITOR',
        clientId: audited,
        expiresAt: new Date(Date.now() - hour),
      },
      { userAccountId: accountId, kind: 'REPRESENTATIVE', clientId: other, revokedAt: new Date() },
    ]);
    const scope = await accessScope(db, accountId);
    expect(scope.all).toBe(false);
    expect(scope.caseManagerIds).toEqual([manager]);
    expect(scope.clientGrants.map((grant) => [grant.clientId, grant.kind])).toEqual([[guarded, 'GUARDIAN']]);
    expect((await clientIdsInScope(db, scope)).sort()).toEqual([caseload, guarded].sort());
    expect(await canSeeClient(db, scope, caseload)).toBe(true);
    expect(await canSeeClient(db, scope, audited)).toBe(false);
    expect(await canSeeClient(db, scope, other)).toBe(false);
    expect(canSeeCaseManager(scope, manager)).toBe(true);
  });

  it('sees everything as an admin and nothing as an unknown account', async () => {
    const { db } = t.database;
    const { accountId } = await signInAs(t, 'ADMIN', undefined, { mfa: false });
    expect((await accessScope(db, accountId)).all).toBe(true);
    const nobody = await accessScope(db, '00000000-0000-4000-8000-000000000000');
    expect(nobody).toMatchObject({ all: false, role: null, caseManagerIds: [], clientGrants: [] });
  });
});
