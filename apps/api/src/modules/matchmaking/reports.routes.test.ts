import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, createTestApp, signInAs, type TestApp } from '../../../test/helpers.ts';
import { caregiverListingFor, clientListingOf, guardianFor } from './entry.test-support.ts';

let t: TestApp;
let admin: ReturnType<typeof as>;
beforeAll(async () => {
  t = await createTestApp();
  admin = as(t, (await signInAs(t, 'ADMIN')).cookie);
});
afterAll(() => t.close());

const url = '/api/matchmaking/reports';

describe('reports', () => {
  it('a second report on the same target adds to the open one; an admin hides the listing', async () => {
    const owner = await signInAs(t, 'CAREGIVER');
    const listing = await caregiverListingFor(t, owner.accountId, ['Zed', 'Quill']);
    const reporter = as(t, (await signInAs(t, 'GUARDIAN')).cookie);
    const first = await reporter({
      method: 'POST',
      url,
      payload: {
        targetType: 'caregiver',
        targetId: listing,
        reason: 'asks_for_money',
        details: 'Asked for a deposit',
      },
    });
    expect(first.statusCode).toBe(201);
    expect(first.json().addedToOpen).toBe(false);
    const second = await reporter({
      method: 'POST',
      url,
      payload: {
        targetType: 'caregiver',
        targetId: listing,
        reason: 'fake_profile',
        details: 'Photo is a stock image',
      },
    });
    expect(second.json()).toEqual({ id: first.json().id, addedToOpen: true });

    // Another reporter opens their own report.
    const other = as(t, (await signInAs(t, 'USER')).cookie);
    const third = await other({
      method: 'POST',
      url,
      payload: { targetType: 'caregiver', targetId: listing, reason: 'other' },
    });
    expect(third.json().id).not.toBe(first.json().id);

    const open = (await admin({ method: 'GET', url })).json().items;
    const mine = open.find((item: { id: string }) => item.id === first.json().id);
    expect(mine).toMatchObject({
      targetLabel: 'Zed Q.',
      targetHidden: false,
      reason: 'asks_for_money',
      status: 'OPEN',
    });
    expect(mine.details).toContain('Asked for a deposit');
    expect(mine.details).toContain('[fake_profile] Photo is a stock image');

    const resolved = await admin({
      method: 'POST',
      url: `${url}/${first.json().id}/resolve`,
      payload: { action: 'hide', note: 'Confirmed with the caregiver' },
    });
    expect(resolved.statusCode).toBe(200);
    expect(resolved.json()).toMatchObject({
      status: 'ACTIONED',
      targetHidden: true,
      resolutionNote: 'Confirmed with the caregiver',
    });
    const [row] = (
      await t.database.db.execute<{ hidden: boolean }>(
        sql`select hidden from tinder_caregiver where id = ${listing}`,
      )
    ).rows;
    expect(row?.hidden).toBe(true);
    expect(
      (
        await admin({
          method: 'POST',
          url: `${url}/${first.json().id}/resolve`,
          payload: { action: 'dismiss' },
        })
      ).statusCode,
    ).toBe(409);
    const dismissed = await admin({
      method: 'POST',
      url: `${url}/${third.json().id}/resolve`,
      payload: { action: 'dismiss' },
    });
    expect(dismissed.json().status).toBe('DISMISSED');
    const actioned = (await admin({ method: 'GET', url: `${url}?status=ACTIONED` })).json().items;
    expect(actioned.map((item: { id: string }) => item.id)).toContain(first.json().id);

    // After it is resolved, a new report opens a new one.
    const again = await reporter({
      method: 'POST',
      url,
      payload: { targetType: 'caregiver', targetId: listing, reason: 'other' },
    });
    expect(again.json().addedToOpen).toBe(false);
    const audit = JSON.stringify(
      (await t.database.db.execute(sql`select details from audit_event where action like 'profile_report.%'`))
        .rows,
    );
    expect(audit).not.toContain('deposit');
    expect(audit).not.toContain('Confirmed with');
  });

  it('reports a client listing; unknown targets are 404 and bad input names the field', async () => {
    const family = await signInAs(t, 'GUARDIAN');
    const listing = await clientListingOf(t, await guardianFor(t, family.accountId));
    const reporter = as(t, (await signInAs(t, 'CAREGIVER')).cookie);
    expect(
      (
        await reporter({
          method: 'POST',
          url,
          payload: { targetType: 'client', targetId: listing, reason: 'inappropriate' },
        })
      ).statusCode,
    ).toBe(201);
    const unknown = await reporter({
      method: 'POST',
      url,
      payload: { targetType: 'caregiver', targetId: listing, reason: 'inappropriate' },
    });
    expect(unknown.statusCode).toBe(404);
    const bad = await reporter({
      method: 'POST',
      url,
      payload: { targetType: 'client', targetId: listing, reason: 'rude' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors[0].path).toBe('reason');
    const conversation = await reporter({
      method: 'POST',
      url,
      payload: {
        targetType: 'conversation',
        targetId: '00000000-0000-4000-8000-000000000000',
        reason: 'other',
      },
    });
    expect(conversation.statusCode).toBe(404);
  });

  it('only admins list and resolve; anonymous callers are 401', async () => {
    const someone = as(t, (await signInAs(t, 'GUARDIAN')).cookie);
    expect((await someone({ method: 'GET', url })).statusCode).toBe(403);
    expect(
      (
        await someone({
          method: 'POST',
          url: `${url}/00000000-0000-4000-8000-000000000000/resolve`,
          payload: { action: 'dismiss' },
        })
      ).statusCode,
    ).toBe(403);
    expect((await as(t, null)({ method: 'POST', url, payload: {} })).statusCode).toBe(401);
    expect(
      (
        await admin({
          method: 'POST',
          url: `${url}/00000000-0000-4000-8000-000000000000/resolve`,
          payload: { action: 'dismiss' },
        })
      ).statusCode,
    ).toBe(404);
  });
});
