/**
 * The map of nearby listings (issue 21 "Map"; decision 0056): a family sees listed, visible caregivers within the
 * radius and a caregiver sees listed, visible, public clients, nearest first, as cards at rounded positions with whole
 * kilometres; nothing else of the listing is sent; someone else's key 404 like an unknown one; anonymous 401.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { NearbyMap } from '@tend/contracts';
import { auditEvents } from '../../platform/audit/audit.table.ts';
import { as, createTestApp, type TestApp } from '../../../test/helpers.ts';
import {
  caregiverAccount,
  caregiverListing,
  clientListing,
  familyAccount,
} from './schedules.test-support.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
}, 60_000);
afterAll(() => t.close());

const twoDecimals = (value: number) => Math.abs(value * 50 - Math.round(value * 50)) < 1e-6;

describe('nearby map', () => {
  it('shows a family the listed, visible caregivers within the radius, nearest first, as cards only', async () => {
    // Its own town: caregivers are arranged around ZIP 10101 (New York), far from other test files' rows.
    const family = await familyAccount(t);
    const client = await clientListing(t, family.guardianId, '10001');
    const near = await caregiverListing(t, '10002', {
      languages: ['Spanish'],
      canDrive: true,
      certifications: ['CNA'],
    });
    const nearer = await caregiverListing(t, '10001', { languages: ['English'], canDrive: false });
    await caregiverListing(t, '10001', { hidden: true });
    await caregiverListing(t, '10001', { listedAt: null });
    await caregiverListing(t, '10001', { archived: true });
    const far = await caregiverListing(t, '19103'); // Philadelphia, about 130 km
    const get = (query: string) =>
      family.call({ method: 'GET', url: `/api/matchmaking/map/${client.uniqueKey}${query}` });

    const response = await get('?radiusKm=25');
    expect(response.statusCode, response.body).toBe(200);
    const map = response.json<NearbyMap>();
    expect(map).toMatchObject({ viewer: 'client', listingId: client.id, radiusKm: 25 });
    if (map.viewer !== 'client') throw new Error('viewer');
    expect(map.caregivers.map((entry) => entry.card.id)).toEqual([nearer.id, near.id]);
    for (const entry of map.caregivers) {
      expect(Number.isInteger(entry.distanceKm)).toBe(true);
      expect(twoDecimals(entry.position.latitude) && twoDecimals(entry.position.longitude)).toBe(true);
      expect(entry.position.latitude).not.toBe(near.latitude);
    }
    expect(map.center && twoDecimals(map.center.latitude)).toBe(true);
    expect(map.caregivers[0]?.card).toMatchObject({ firstName: 'Rosa', lastInitial: 'C' });
    for (const secret of [
      'Caresecret',
      'rosa-secret@example.org',
      '+15415550199',
      '99 Hidden Road',
      'Clientsecret',
      '12 Secret Lane',
    ])
      expect(response.body).not.toContain(secret);
    expect(response.body).not.toContain(String(near.latitude));
    expect(map.options.languages).toEqual(['English', 'Spanish']);

    const wide = (await get('?radiusKm=150')).json<NearbyMap>();
    if (wide.viewer !== 'client') throw new Error('viewer');
    expect(wide.caregivers.map((entry) => entry.card.id)).toContain(far.id);

    const spanish = (
      await get('?radiusKm=25&language=spanish&canDrive=true&certification=cna')
    ).json<NearbyMap>();
    if (spanish.viewer !== 'client') throw new Error('viewer');
    expect(spanish.caregivers.map((entry) => entry.card.id)).toEqual([near.id]);
    const events = await t.database.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, 'matchmaking_map.read'), eq(auditEvents.entityId, client.id)));
    expect(events.map((event) => event.details)).toContainEqual({ radiusKm: 25, count: 2, filtered: false });
  });

  it('shows a caregiver the listed, visible, public clients within the radius, filtered by care type', async () => {
    const caregiver = await caregiverAccount(t, '60601'); // Chicago
    const family = await familyAccount(t);
    const shown = await clientListing(t, family.guardianId, '60602', { careType: 'Respite' });
    const other = await clientListing(t, family.guardianId, '60603', { careType: 'Personal care' });
    await clientListing(t, family.guardianId, '60601', { visibility: 'matched-only' });
    await clientListing(t, family.guardianId, '60601', { hidden: true });
    await clientListing(t, family.guardianId, '60601', { listedAt: null });
    const get = (query: string) =>
      caregiver.call({ method: 'GET', url: `/api/matchmaking/map/${caregiver.listing.uniqueKey}${query}` });
    const map = (await get('')).json<NearbyMap>();
    if (map.viewer !== 'caregiver') throw new Error('viewer');
    expect(map.radiusKm).toBe(25);
    expect(map.clients.map((entry) => entry.card.id).sort()).toEqual([shown.id, other.id].sort());
    expect(map.options.careTypes).toEqual(['Personal care', 'Respite']);
    const respite = (await get('?careType=respite&hoursCategory=part-time')).json<NearbyMap>();
    if (respite.viewer !== 'caregiver') throw new Error('viewer');
    expect(respite.clients.map((entry) => entry.card.id)).toEqual([shown.id]);
  });

  it('answers nobody near a listing without a place', async () => {
    const caregiver = await caregiverAccount(t, null);
    const response = await caregiver.call({
      method: 'GET',
      url: `/api/matchmaking/map/${caregiver.listing.uniqueKey}`,
    });
    expect(response.json<NearbyMap>()).toMatchObject({ center: null, clients: [] });
  });

  it("answers 404 for someone else's key like an unknown one, 401 anonymous, 400 for a radius out of range", async () => {
    const family = await familyAccount(t);
    const client = await clientListing(t, family.guardianId, '10001');
    const caregiver = await caregiverAccount(t, '10001');
    const other = await familyAccount(t);
    const strip = (text: string) => ({ ...JSON.parse(text), requestId: null });
    const theirs = await other.call({ method: 'GET', url: `/api/matchmaking/map/${client.uniqueKey}` });
    const theirCaregiver = await other.call({
      method: 'GET',
      url: `/api/matchmaking/map/${caregiver.listing.uniqueKey}`,
    });
    const unknown = await other.call({ method: 'GET', url: '/api/matchmaking/map/no-such-key' });
    expect([theirs.statusCode, theirCaregiver.statusCode, unknown.statusCode]).toEqual([404, 404, 404]);
    expect(strip(theirs.body)).toEqual(strip(unknown.body));
    expect(strip(theirCaregiver.body)).toEqual(strip(unknown.body));
    expect(
      (await caregiver.call({ method: 'GET', url: `/api/matchmaking/map/${client.uniqueKey}` })).statusCode,
    ).toBe(404);
    expect(
      (await as(t, null)({ method: 'GET', url: `/api/matchmaking/map/${client.uniqueKey}` })).statusCode,
    ).toBe(401);
    for (const radius of ['3', '151', 'ten', '12.5']) {
      const bad = await family.call({
        method: 'GET',
        url: `/api/matchmaking/map/${client.uniqueKey}?radiusKm=${radius}`,
      });
      expect(bad.statusCode).toBe(400);
      expect(bad.json<{ errors: Array<{ path: string }> }>().errors[0]?.path).toBe('radiusKm');
    }
  });
});
