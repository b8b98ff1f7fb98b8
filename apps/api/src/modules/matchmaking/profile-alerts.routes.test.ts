/**
 * Profile-completeness alerts (issue 21; decision 0056): computed from the listing with severities and the page that
 * fixes each; a medium or low alert can be dismissed and stays hidden while its fact holds, a high one cannot; a
 * fixed fact forgets the dismissal (the alert returns if the fact does); someone else's listing 404; anonymous 401.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProfileAlertList } from '@tend/contracts';
import { auditEvents } from '../../platform/audit/audit.table.ts';
import { as, createTestApp, signInAs, type TestApp } from '../../../test/helpers.ts';
import { caregiverAlertsOf } from './profile-alerts.service.ts';
import { dismissedProfileAlerts, textBios, tinderCaregivers } from './matchmaking.table.ts';
import { caregiverAccount, clientListing, familyAccount } from './schedules.test-support.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
}, 60_000);
afterAll(() => t.close());

const fields = (list: ProfileAlertList) => list.alerts.map((alert) => `${alert.field}:${alert.severity}`);

describe('caregiver alerts', () => {
  it('lists what is missing, most severe first, each with the page that fixes it', async () => {
    const caregiver = await caregiverAccount(t, null);
    const response = await caregiver.call({
      method: 'GET',
      url: '/api/matchmaking/alerts?listing=caregiver',
    });
    expect(response.statusCode, response.body).toBe(200);
    const list = response.json<ProfileAlertList>();
    expect(list).toMatchObject({ kind: 'caregiver', listingId: caregiver.listing.id, dismissedCount: 0 });
    expect(fields(list)).toEqual([
      'location:high',
      'photo:high',
      'schedule:high',
      'verification:high',
      'backgroundCheckMissing:high',
      'bio:medium',
      'languages:medium',
      'video:low',
    ]);
    expect(list.alerts.find((alert) => alert.field === 'schedule')).toMatchObject({
      dismissible: false,
      fixPath: '/matchmaking/caregiver/scheduleMaker',
    });
    expect(list.alerts.find((alert) => alert.field === 'bio')?.dismissible).toBe(true);
  });

  it('dismisses a medium alert until its fact is fixed, refuses a high one, and shows it again when the fact returns', async () => {
    const caregiver = await caregiverAccount(t, '97401');
    const dismiss = (alertField: string) =>
      caregiver.call({
        method: 'POST',
        url: '/api/matchmaking/alerts/dismiss',
        payload: { alertField, listing: 'caregiver' },
      });
    const high = await dismiss('photo');
    expect(high.statusCode).toBe(400);
    expect(high.json<{ errors: Array<{ path: string }> }>().errors[0]?.path).toBe('alertField');
    const missing = await dismiss('location');
    expect(missing.statusCode).toBe(400);

    const done = await dismiss('bio');
    expect(done.statusCode, done.body).toBe(200);
    const after = done.json<ProfileAlertList>();
    expect(fields(after)).not.toContain('bio:medium');
    expect(after.dismissedCount).toBe(1);
    const [event] = await t.database.db
      .select()
      .from(auditEvents)
      .where(
        and(eq(auditEvents.action, 'profile_alert.dismiss'), eq(auditEvents.entityId, caregiver.listing.id)),
      );
    expect(event?.details).toEqual({ alertField: 'bio', severity: 'medium' });

    const read = async () =>
      (
        await caregiver.call({ method: 'GET', url: '/api/matchmaking/alerts?listing=caregiver' })
      ).json<ProfileAlertList>();
    expect(fields(await read())).not.toContain('bio:medium');

    // The bio is written: the alert goes, and the dismissal is forgotten.
    const [bio] = await t.database.db
      .insert(textBios)
      .values({ caregiverId: caregiver.listing.id, bio: 'I care.' })
      .returning();
    expect((await read()).dismissedCount).toBe(0);
    expect(
      await t.database.db
        .select()
        .from(dismissedProfileAlerts)
        .where(eq(dismissedProfileAlerts.userId, caregiver.listing.id)),
    ).toHaveLength(0);
    // The bio is removed again: the alert shows again.
    await t.database.db.delete(textBios).where(eq(textBios.id, bio!.id));
    expect(fields(await read())).toContain('bio:medium');
  });

  it('warns of a background check expiring within 30 days (medium) and an expired one (high)', async () => {
    const caregiver = await caregiverAccount(t, '97401');
    const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
    const set = (values: Partial<typeof tinderCaregivers.$inferInsert>) =>
      t.database.db.update(tinderCaregivers).set(values).where(eq(tinderCaregivers.id, caregiver.listing.id));
    const read = async () =>
      (
        await caregiver.call({ method: 'GET', url: '/api/matchmaking/alerts?listing=caregiver' })
      ).json<ProfileAlertList>();
    await set({ backgroundCheckedAt: new Date(), backgroundCheckExpiresAt: inDays(10) });
    expect((await read()).alerts.find((alert) => alert.field === 'backgroundCheckExpiring')).toMatchObject({
      severity: 'medium',
      date: inDays(10),
    });
    await set({ backgroundCheckExpiresAt: inDays(-1) });
    expect(fields(await read())).toContain('backgroundCheckExpired:high');
    await set({
      backgroundCheckExpiresAt: inDays(90),
      availabilityStatus: 'soon',
      availableFrom: inDays(-3),
    });
    const list = await read();
    expect(fields(list)).not.toContain('backgroundCheckExpired:high');
    expect(fields(list)).not.toContain('backgroundCheckExpiring:medium');
    expect(fields(list)).toContain('availabilityDatePassed:medium');
  });

  it('computes nothing for a complete listing', () => {
    const row = {
      id: '11111111-1111-4111-8111-111111111111',
      latitude: 44,
      longitude: -123,
      profilePicture: 'p.webp',
      verifiedAt: new Date(),
      backgroundCheckedAt: new Date(),
      backgroundCheckExpiresAt: '2099-01-01',
      languages: ['en'],
      availabilityStatus: 'available',
      availableFrom: null,
    } as unknown as typeof tinderCaregivers.$inferSelect;
    const facts = { schedule: { monday: [{ start: '09:00', end: '10:00' }] }, hasBio: true, hasVideo: true };
    expect(caregiverAlertsOf(row, facts, '2026-11-28')).toEqual([]);
  });
});

describe('client alerts', () => {
  it("lists a client's alerts for its guardian; 404 for another family, a caregiver and an unknown id; 401 anonymous", async () => {
    const family = await familyAccount(t);
    const listing = await clientListing(t, family.guardianId, '97401', { careNeededDescription: null });
    const url = `/api/matchmaking/alerts?listing=client:${listing.id}`;
    const mine = await family.call({ method: 'GET', url });
    expect(mine.statusCode, mine.body).toBe(200);
    expect(fields(mine.json<ProfileAlertList>())).toEqual([
      'schedule:high',
      'description:medium',
      'languages:medium',
      'verification:medium',
      'photo:low',
    ]);
    expect(mine.json<ProfileAlertList>().alerts[0]?.fixPath).toBe(
      `/matchmaking/client/scheduleMaker?clientId=${listing.id}`,
    );
    const other = await familyAccount(t);
    expect((await other.call({ method: 'GET', url })).statusCode).toBe(404);
    expect(
      (
        await other.call({
          method: 'POST',
          url: '/api/matchmaking/alerts/dismiss',
          payload: { alertField: 'photo', listing: `client:${listing.id}` },
        })
      ).statusCode,
    ).toBe(404);
    const caregiver = await caregiverAccount(t, '97401');
    expect((await caregiver.call({ method: 'GET', url })).statusCode).toBe(404);
    expect((await as(t, null)({ method: 'GET', url })).statusCode).toBe(401);
    const dismissed = await family.call({
      method: 'POST',
      url: '/api/matchmaking/alerts/dismiss',
      payload: { alertField: 'photo', listing: `client:${listing.id}` },
    });
    expect(fields(dismissed.json<ProfileAlertList>())).not.toContain('photo:low');
  });

  it('refuses a bad listing reference or field (400 naming it); audits an admin reading a family listing', async () => {
    const family = await familyAccount(t);
    const listing = await clientListing(t, family.guardianId, '97401');
    const bad = await family.call({ method: 'GET', url: '/api/matchmaking/alerts?listing=client:nope' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json<{ errors: Array<{ path: string }> }>().errors[0]?.path).toBe('listing');
    const field = await family.call({
      method: 'POST',
      url: '/api/matchmaking/alerts/dismiss',
      payload: { alertField: 'shoeSize', listing: `client:${listing.id}` },
    });
    expect(field.statusCode).toBe(400);
    const admin = as(t, (await signInAs(t, 'ADMIN')).cookie);
    const read = await admin({ method: 'GET', url: `/api/matchmaking/alerts?listing=client:${listing.id}` });
    expect(read.statusCode).toBe(200);
    const events = await t.database.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, 'profile_alert.list'), eq(auditEvents.entityId, listing.id)));
    expect(events).toHaveLength(1);
    expect(Object.keys(events[0]?.details ?? {})).toEqual(['count']);
  });
});
