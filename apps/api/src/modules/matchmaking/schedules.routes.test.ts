/**
 * Schedule routes (issue 21 "Schedules"; decision 0056): a guardian saves its client listing's grid and prompt, a
 * caregiver its own (also the listing's availability); onboarding step `scheduleMaker` recorded; someone else's
 * listing 404 with the unknown-id body; anonymous 401; bad grids 400 naming the day and range with nothing written.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ListingSchedule } from '@tend/contracts';
import { auditEvents } from '../../platform/audit/audit.table.ts';
import { as, createTestApp, signInAs, type TestApp } from '../../../test/helpers.ts';
import { caregiverSchedules, tinderCaregivers, tinderClients } from './matchmaking.table.ts';
import { caregiverAccount, clientListing, familyAccount } from './schedules.test-support.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
}, 60_000);
afterAll(() => t.close());

const prompt = 'weekdays after 3, every other Saturday morning';
const grid = {
  saturday: [{ start: '06:00', end: '12:00' }],
  monday: [
    { start: '17:00', end: '22:00' },
    { start: '15:00', end: '17:00' },
  ],
};

describe('client schedules', () => {
  it('saves the grid (merged, week order) and the prompt, records the step, and reads it back', async () => {
    const family = await familyAccount(t);
    const listing = await clientListing(t, family.guardianId, '97401', { listedAt: null });
    const empty = await family.call({
      method: 'GET',
      url: `/api/matchmaking/clients/${listing.id}/schedule`,
    });
    expect(empty.statusCode, empty.body).toBe(200);
    expect(empty.json<ListingSchedule>()).toMatchObject({
      schedule: {},
      schedulePrompt: null,
      weeklyMinutes: 0,
    });

    const saved = await family.call({
      method: 'PUT',
      url: `/api/matchmaking/clients/${listing.id}/schedule`,
      payload: { schedule: grid, schedulePrompt: prompt },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const body = saved.json<ListingSchedule>();
    expect(body.schedule).toEqual({
      monday: [{ start: '15:00', end: '22:00' }],
      saturday: [{ start: '06:00', end: '12:00' }],
    });
    expect(Object.keys(body.schedule)).toEqual(['monday', 'saturday']);
    expect(body).toMatchObject({ schedulePrompt: prompt, weeklyMinutes: 7 * 60 + 6 * 60 });
    const [row] = await t.database.db.select().from(tinderClients).where(eq(tinderClients.id, listing.id));
    expect(row?.onboardingStep).toBe('scheduleMaker');

    const again = await family.call({
      method: 'GET',
      url: `/api/matchmaking/clients/${listing.id}/schedule`,
    });
    expect(again.json<ListingSchedule>().schedule).toEqual(body.schedule);

    const [event] = await t.database.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, 'matchmaking_schedule.save'), eq(auditEvents.entityId, listing.id)));
    expect(event?.details).toMatchObject({ days: 2, ranges: 2, onboardingStep: 'scheduleMaker' });
    expect(JSON.stringify(event)).not.toContain('weekdays');
  });

  it("answers 404 for someone else's listing with the body of an unknown id, and 401 anonymous", async () => {
    const owner = await familyAccount(t);
    const other = await familyAccount(t);
    const listing = await clientListing(t, owner.guardianId, '97401');
    const theirs = await other.call({
      method: 'GET',
      url: `/api/matchmaking/clients/${listing.id}/schedule`,
    });
    const unknown = await other.call({
      method: 'GET',
      url: '/api/matchmaking/clients/6f1f7a54-3c33-4b7e-9a0e-5d6d1b9f1e2a/schedule',
    });
    expect(theirs.statusCode).toBe(404);
    expect(unknown.statusCode).toBe(404);
    const strip = (text: string) => ({ ...JSON.parse(text), requestId: null });
    expect(strip(theirs.body)).toEqual(strip(unknown.body));
    const write = await other.call({
      method: 'PUT',
      url: `/api/matchmaking/clients/${listing.id}/schedule`,
      payload: { schedule: grid },
    });
    expect(write.statusCode).toBe(404);
    const caregiver = await caregiverAccount(t, '97401');
    expect(
      (await caregiver.call({ method: 'GET', url: `/api/matchmaking/clients/${listing.id}/schedule` }))
        .statusCode,
    ).toBe(404);
    const anonymous = await as(
      t,
      null,
    )({ method: 'GET', url: `/api/matchmaking/clients/${listing.id}/schedule` });
    expect(anonymous.statusCode).toBe(401);
  });

  it('refuses overlaps naming the day and range, off-mark times and unknown days (400), writing nothing', async () => {
    const family = await familyAccount(t);
    const listing = await clientListing(t, family.guardianId, '97401', { onboardingStep: 'careDetails' });
    const bad = async (schedule: unknown) => {
      const response = await family.call({
        method: 'PUT',
        url: `/api/matchmaking/clients/${listing.id}/schedule`,
        payload: { schedule },
      });
      expect(response.statusCode, response.body).toBe(400);
      return response.json<{ errors: Array<{ path: string; message: string }> }>().errors;
    };
    expect(
      await bad({
        tuesday: [
          { start: '09:00', end: '12:00' },
          { start: '11:00', end: '13:00' },
        ],
      }),
    ).toContainEqual(
      expect.objectContaining({ path: 'schedule.tuesday.1', message: '09:00–12:00 overlaps 11:00–13:00' }),
    );
    expect(await bad({ monday: [{ start: '09:10', end: '10:00' }] })).toContainEqual(
      expect.objectContaining({ path: 'schedule.monday.0.start' }),
    );
    expect(await bad({ monday: [{ start: '10:00', end: '09:00' }] })).toContainEqual(
      expect.objectContaining({ path: 'schedule.monday.0.end', message: 'start must be before end' }),
    );
    expect((await bad({ someday: [] })).length).toBeGreaterThan(0);
    const long = await family.call({
      method: 'PUT',
      url: `/api/matchmaking/clients/${listing.id}/schedule`,
      payload: { schedule: {}, schedulePrompt: 'x'.repeat(501) },
    });
    expect(long.statusCode).toBe(400);
    const [row] = await t.database.db.select().from(tinderClients).where(eq(tinderClients.id, listing.id));
    expect(row?.onboardingStep).toBe('careDetails');
  });

  it("lets an admin read a family's schedule, audited as a read of someone else's listing", async () => {
    const family = await familyAccount(t);
    const listing = await clientListing(t, family.guardianId, '97401');
    const admin = as(t, (await signInAs(t, 'ADMIN')).cookie);
    const read = await admin({ method: 'GET', url: `/api/matchmaking/clients/${listing.id}/schedule` });
    expect(read.statusCode).toBe(200);
    const events = await t.database.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, 'matchmaking_schedule.read'), eq(auditEvents.entityId, listing.id)));
    expect(events).toHaveLength(1);
  });
});

describe('caregiver schedules', () => {
  it("saves the caregiver's own grid, writes the listing's availability and records the step", async () => {
    const caregiver = await caregiverAccount(t, '97401', { onboardingStep: 'medallion' });
    const saved = await caregiver.call({
      method: 'PUT',
      url: '/api/matchmaking/caregivers/me/schedule',
      payload: { schedule: { friday: [{ start: '22:00', end: '24:00' }] }, schedulePrompt: 'friday nights' },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const [row] = await t.database.db
      .select()
      .from(tinderCaregivers)
      .where(eq(tinderCaregivers.id, caregiver.listing.id));
    expect(row?.availability).toEqual({ friday: [{ start: '22:00', end: '24:00' }] });
    expect(row?.onboardingStep).toBe('scheduleMaker');
    const read = await caregiver.call({ method: 'GET', url: '/api/matchmaking/caregivers/me/schedule' });
    expect(read.json<ListingSchedule>()).toMatchObject({
      listingId: caregiver.listing.id,
      schedulePrompt: 'friday nights',
      weeklyMinutes: 120,
    });
    const replaced = await caregiver.call({
      method: 'PUT',
      url: '/api/matchmaking/caregivers/me/schedule',
      payload: { schedule: {} },
    });
    expect(replaced.json<ListingSchedule>()).toMatchObject({ schedule: {}, schedulePrompt: null });
    const rows = await t.database.db
      .select()
      .from(caregiverSchedules)
      .where(eq(caregiverSchedules.caregiverId, caregiver.listing.id));
    expect(rows).toHaveLength(1);
  });

  it('answers 404 to an account without a caregiver listing and 401 anonymous; a bad grid writes nothing', async () => {
    const family = await familyAccount(t);
    expect(
      (await family.call({ method: 'GET', url: '/api/matchmaking/caregivers/me/schedule' })).statusCode,
    ).toBe(404);
    expect(
      (
        await family.call({
          method: 'PUT',
          url: '/api/matchmaking/caregivers/me/schedule',
          payload: { schedule: {} },
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (await as(t, null)({ method: 'GET', url: '/api/matchmaking/caregivers/me/schedule' })).statusCode,
    ).toBe(401);
    const caregiver = await caregiverAccount(t, '97401');
    const bad = await caregiver.call({
      method: 'PUT',
      url: '/api/matchmaking/caregivers/me/schedule',
      payload: { schedule: { sunday: [{ start: '09:00', end: '09:00' }] } },
    });
    expect(bad.statusCode).toBe(400);
    const [row] = await t.database.db
      .select()
      .from(tinderCaregivers)
      .where(eq(tinderCaregivers.id, caregiver.listing.id));
    expect(row?.availability).toBeNull();
    expect(row?.onboardingStep).toBeNull();
  });
});
