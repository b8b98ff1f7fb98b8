/**
 * `GET|PUT /api/matchmaking/notification-settings` through the real app (both engines): the family's choices on the
 * guardian record, the caregiver's on the listing, 401 anonymous, 404 without a profile on the side asked, 400 on
 * `smsNotificationsEnabled` without a phone, and the audit event of an update.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { as, createTestApp, signInAs, type TestApp } from '../../../../test/helpers.ts';
import { matchedPair, setChoices, type Pair } from './notifications.test-support.ts';

let t: TestApp;
let pair: Pair;
beforeAll(async () => {
  t = await createTestApp();
  pair = await matchedPair(t);
}, 60_000);
afterAll(() => t.close());

const url = '/api/matchmaking/notification-settings';

describe('notification settings', () => {
  it("reads and sets the caregiver's choices on the listing, audited with booleans only", async () => {
    const caregiver = as(t, pair.caregiver.cookie);
    const read = await caregiver({ method: 'GET', url: `${url}?side=caregiver` });
    expect(read.statusCode).toBe(200);
    expect(read.json()).toEqual({
      side: 'caregiver',
      emailNotificationsEnabled: true,
      smsNotificationsEnabled: false,
      readReceiptsEnabled: true,
      hasPhone: false,
    });
    const off = await caregiver({
      method: 'PUT',
      url,
      payload: { side: 'caregiver', emailNotificationsEnabled: false, smsNotificationsEnabled: false },
    });
    expect(off.statusCode).toBe(200);
    expect(off.json()).toMatchObject({ emailNotificationsEnabled: false });
    const stored = await t.database.db.execute<{ on: boolean }>(
      sql`select email_notifications_enabled as on from tinder_caregiver where id = ${pair.caregiverId}`,
    );
    expect(stored.rows[0]?.on).toBe(false);
    const audit = await t.database.db.execute<{ details: unknown; entity_id: string }>(
      sql`select details, entity_id from audit_event where action = 'matchmaking_notification_settings.update'
          and actor_user_account_id = ${pair.caregiver.accountId}`,
    );
    expect(audit.rows).toEqual([
      {
        entity_id: pair.caregiverId,
        details: { emailNotificationsEnabled: false, smsNotificationsEnabled: false },
      },
    ]);
  });

  it('sets the family side on the guardian record; SMS needs a phone (400 naming the field, nothing written)', async () => {
    const family = as(t, pair.family.cookie);
    const noPhone = await family({
      method: 'PUT',
      url,
      payload: { side: 'client', emailNotificationsEnabled: true, smsNotificationsEnabled: true },
    });
    expect(noPhone.statusCode).toBe(400);
    expect(JSON.stringify(noPhone.json())).toContain('smsNotificationsEnabled');
    await setChoices(t, 'guardian', pair.guardianId, { phone: '+15035550199' });
    const on = await family({
      method: 'PUT',
      url,
      payload: { side: 'client', emailNotificationsEnabled: true, smsNotificationsEnabled: true },
    });
    expect(on.statusCode).toBe(200);
    expect(on.json()).toEqual({
      side: 'client',
      emailNotificationsEnabled: true,
      smsNotificationsEnabled: true,
      readReceiptsEnabled: true,
      hasPhone: true,
    });
  });

  it('refuses bad input with 400 naming the field', async () => {
    const family = as(t, pair.family.cookie);
    const bad = await family({
      method: 'PUT',
      url,
      payload: { side: 'client', emailNotificationsEnabled: 'yes' },
    });
    expect(bad.statusCode).toBe(400);
    expect(JSON.stringify(bad.json())).toContain('emailNotificationsEnabled');
    const badSide = await family({ method: 'GET', url: `${url}?side=admin` });
    expect(badSide.statusCode).toBe(400);
  });

  it('is 401 anonymous and 404 for a side the caller has no profile on', async () => {
    expect((await as(t, null)({ method: 'GET', url: `${url}?side=client` })).statusCode).toBe(401);
    expect(
      (
        await as(
          t,
          null,
        )({
          method: 'PUT',
          url,
          payload: { side: 'client', emailNotificationsEnabled: false, smsNotificationsEnabled: false },
        })
      ).statusCode,
    ).toBe(401);
    const family = as(t, pair.family.cookie);
    expect((await family({ method: 'GET', url: `${url}?side=caregiver` })).statusCode).toBe(404);
    const stranger = await signInAs(t, 'USER');
    const put = await as(
      t,
      stranger.cookie,
    )({
      method: 'PUT',
      url,
      payload: { side: 'client', emailNotificationsEnabled: false, smsNotificationsEnabled: false },
    });
    expect(put.statusCode).toBe(404);
  });
});
