/**
 * Likes, discovery, matches, ratings, profiles, case-manager authorization and the agency settings (issue 22; decision
 * 0059): each route's success beside its refusals (someone else's listing 404 like an unknown one, anonymous 401),
 * the ranking with reasons and hard filters, "only people who can reply", the mutual like opening a match, the
 * authorization setting, and audit events with ids only.
 */
import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  AuthorizationItem,
  CaregiverProfileView,
  ClientProfileView,
  DiscoverList,
  LikeLists,
  LikeResult,
  MatchList,
  MatchSummary,
  MatchmakingSettings,
  Rating,
} from '@tend/contracts';
import { DEFAULT_MATCHMAKING_SETTINGS } from '@tend/contracts';
import { auditEvents } from '../../platform/audit/audit.table.ts';
import { as, createTestApp, signInAs, type TestApp } from '../../../test/helpers.ts';
import {
  caregiverAccount,
  caregiverListing,
  clientListing,
  familyAccount,
} from './schedules.test-support.ts';

let t: TestApp;
let admin: ReturnType<typeof as>;
const anonymous = () => as(t, null);
beforeAll(async () => {
  t = await createTestApp();
  admin = as(t, (await signInAs(t, 'ADMIN')).cookie);
}, 60_000);
afterAll(() => t.close());

const weekdays = (start: string, end: string) =>
  Object.fromEntries(['monday', 'tuesday', 'wednesday'].map((day) => [day, [{ start, end }]]));

/** A family with one listing at `zip` and a caregiver account at `zip2` (Portland, OR: far from other files). */
async function pair(zip = '97201', zip2 = '97202', caregiverValues = {}) {
  const family = await familyAccount(t);
  const client = await clientListing(t, family.guardianId, zip, {
    careType: 'personal_care',
    languages: ['es'],
  });
  const caregiver = await caregiverAccount(t, zip2, {
    specialties: ['Personal care'],
    languages: ['en', 'es'],
    experienceYears: 6,
    canDrive: true,
    ...caregiverValues,
  });
  return { family, client, caregiver };
}

const like = (caller: ReturnType<typeof as>, from: string, to: string, what = '') =>
  caller({
    method: 'POST',
    url: `/api/matchmaking/likes${what}`,
    payload: { fromListingId: from, toListingId: to },
  });

describe('discovery', () => {
  it('ranks caregivers by fit with reasons, excludes by hard filters, shows only those who can reply', async () => {
    const family = await familyAccount(t);
    const client = await clientListing(t, family.guardianId, '97301', {
      careType: 'personal_care',
      careDetails: { drivingNeeded: true, seizureSupport: 'frequent' },
    });
    await t.database.db.execute(
      sql`insert into client_schedule (client_id, schedule) values (${client.id}::uuid, ${JSON.stringify(weekdays('09:00', '12:00'))}::jsonb)`,
    );
    const best = await caregiverAccount(t, '97301', {
      specialties: ['Personal care', 'Seizure care'],
      canDrive: true,
      experienceYears: 10,
      availability: weekdays('08:00', '17:00'),
    });
    const second = await caregiverAccount(t, '97302', { specialties: ['Seizure care'], canDrive: true });
    const cannotDrive = await caregiverAccount(t, '97301', {
      specialties: ['Seizure care'],
      canDrive: false,
    });
    const noAccount = await caregiverListing(t, '97301', { specialties: ['Seizure care'], canDrive: true });
    const response = await family.call({
      method: 'GET',
      url: `/api/matchmaking/discover?listingId=${client.id}`,
    });
    expect(response.statusCode, response.body).toBe(200);
    const list = response.json<DiscoverList>();
    const ids = list.items.map((item) => item.other.card.id);
    expect(ids.indexOf(best.listing.id)).toBeLessThan(ids.indexOf(second.listing.id));
    expect(ids).not.toContain(cannotDrive.listing.id);
    expect(ids).not.toContain(noAccount.id);
    expect(list.excludedCount).toBeGreaterThanOrEqual(1);
    const top = list.items.find((item) => item.other.card.id === best.listing.id)!;
    expect(top.fit.reasons.find((r) => r.factor === 'availability')).toMatchObject({
      detail: 'schedule_overlap',
      values: { percent: 100 },
    });
    expect(response.body).not.toContain('Caresecret');
    const theirs = await (
      await familyAccount(t)
    ).call({ method: 'GET', url: `/api/matchmaking/discover?listingId=${client.id}` });
    expect(theirs.statusCode).toBe(404);
    expect(
      (await anonymous()({ method: 'GET', url: `/api/matchmaking/discover?listingId=${client.id}` }))
        .statusCode,
    ).toBe(401);
    expect(
      (await family.call({ method: 'GET', url: '/api/matchmaking/discover?listingId=nope' })).statusCode,
    ).toBe(400);
  });

  it('shows a caregiver public client listings only', async () => {
    const caregiver = await caregiverAccount(t, '97401', { canDrive: true });
    const family = await familyAccount(t);
    const shown = await clientListing(t, family.guardianId, '97401');
    const matchedOnly = await clientListing(t, family.guardianId, '97401', { visibility: 'matched-only' });
    const list = (
      await caregiver.call({
        method: 'GET',
        url: `/api/matchmaking/discover?listingId=${caregiver.listing.id}`,
      })
    ).json<DiscoverList>();
    const ids = list.items.map((item) => item.other.card.id);
    expect(list.viewer).toBe('caregiver');
    expect(ids).toContain(shown.id);
    expect(ids).not.toContain(matchedOnly.id);
  });
});

describe('likes and matches', () => {
  it('opens a match when the other side likes back; lists show both sides; audit has ids only', async () => {
    const { family, client, caregiver } = await pair();
    const first = await like(family.call, client.id, caregiver.listing.id);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json<LikeResult>()).toMatchObject({
      like: { status: 'PENDING', initiator: 'CLIENT' },
      match: null,
    });
    const again = await like(family.call, client.id, caregiver.listing.id);
    expect(again.json<LikeResult>().like.id).toBe(first.json<LikeResult>().like.id);

    const received = (
      await caregiver.call({ method: 'GET', url: `/api/matchmaking/likes?listingId=${caregiver.listing.id}` })
    ).json<LikeLists>();
    expect(received.received.map((entry) => entry.other.card.id)).toEqual([client.id]);
    expect(received.sent).toEqual([]);

    const back = await like(caregiver.call, caregiver.listing.id, client.id);
    expect(back.json<LikeResult>()).toMatchObject({
      like: { status: 'ACCEPTED' },
      match: { status: 'ACCEPTED', careAuthorization: 'not_required', initiator: 'CLIENT' },
    });
    const matches = (
      await family.call({ method: 'GET', url: `/api/matchmaking/matches?listingId=${client.id}` })
    ).json<MatchList>();
    expect(matches.items.map((item) => item.other.card.id)).toEqual([caregiver.listing.id]);
    const theirMatches = (
      await caregiver.call({
        method: 'GET',
        url: `/api/matchmaking/matches?listingId=${caregiver.listing.id}`,
      })
    ).json<MatchList>();
    expect(theirMatches.items[0]?.other.kind).toBe('client');

    const events = await t.database.db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.entityId, back.json<LikeResult>().match!.id));
    expect(events.map((event) => event.action)).toEqual(['matchmaking_match.open']);
    expect(JSON.stringify(events)).not.toContain('Carla');
  });

  it("refuses someone else's listing (404 like unknown), anonymous (401), bad ids (400)", async () => {
    const { client, caregiver } = await pair();
    const other = await familyAccount(t);
    const theirs = await like(other.call, client.id, caregiver.listing.id);
    const unknown = await like(other.call, randomUUID(), caregiver.listing.id);
    expect(theirs.statusCode).toBe(404);
    expect({ ...theirs.json(), requestId: null }).toEqual({ ...unknown.json(), requestId: null });
    expect((await like(anonymous(), client.id, caregiver.listing.id)).statusCode).toBe(401);
    const bad = await like(other.call, 'x', caregiver.listing.id);
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('fromListingId');
    expect(
      (await other.call({ method: 'GET', url: `/api/matchmaking/likes?listingId=${client.id}` })).statusCode,
    ).toBe(404);
    expect(
      (await other.call({ method: 'GET', url: `/api/matchmaking/matches?listingId=${client.id}` }))
        .statusCode,
    ).toBe(404);
    expect(
      (await anonymous()({ method: 'GET', url: `/api/matchmaking/likes?listingId=${client.id}` })).statusCode,
    ).toBe(401);
    expect(
      (await anonymous()({ method: 'GET', url: `/api/matchmaking/matches?listingId=${client.id}` }))
        .statusCode,
    ).toBe(401);
  });

  it("passes close the pair; withdraw deletes one's own pending like; ending a match names the side", async () => {
    const { family, client, caregiver } = await pair();
    await like(family.call, client.id, caregiver.listing.id);
    const withdrawn = await like(family.call, client.id, caregiver.listing.id, '/withdraw');
    expect(withdrawn.json()).toEqual({ withdrawn: true });
    expect((await like(family.call, client.id, caregiver.listing.id, '/withdraw')).statusCode).toBe(404);
    const passed = await like(caregiver.call, caregiver.listing.id, client.id, '/pass');
    expect(passed.json<LikeResult>().like).toMatchObject({ status: 'REJECTED', initiator: 'CAREGIVER' });
    const after = await like(family.call, client.id, caregiver.listing.id);
    expect(after.json<LikeResult>()).toMatchObject({ like: { status: 'REJECTED' }, match: null });
    const other = await familyAccount(t);
    expect((await like(other.call, client.id, caregiver.listing.id, '/pass')).statusCode).toBe(404);
    expect((await like(anonymous(), client.id, caregiver.listing.id, '/withdraw')).statusCode).toBe(401);

    const second = await pair();
    await like(second.caregiver.call, second.caregiver.listing.id, second.client.id);
    const opened = await like(second.family.call, second.client.id, second.caregiver.listing.id);
    const matchId = opened.json<LikeResult>().match!.id;
    expect(
      (await other.call({ method: 'POST', url: `/api/matchmaking/matches/${matchId}/end` })).statusCode,
    ).toBe(404);
    expect(
      (await anonymous()({ method: 'POST', url: `/api/matchmaking/matches/${matchId}/end` })).statusCode,
    ).toBe(401);
    const ended = await second.caregiver.call({
      method: 'POST',
      url: `/api/matchmaking/matches/${matchId}/end`,
    });
    expect(ended.json<MatchSummary>()).toMatchObject({ status: 'REJECTED', rejectedBy: 'CAREGIVER' });
  });
});

describe('ratings and profiles', () => {
  it('lets a client rate a matched caregiver (one per pair, editable) and shows it on the full profile', async () => {
    const { family, client, caregiver } = await pair();
    const rate = (caller: ReturnType<typeof as>, rating: number, review?: string) =>
      caller({
        method: 'PUT',
        url: '/api/matchmaking/ratings',
        payload: { clientId: client.id, caregiverId: caregiver.listing.id, rating, review },
      });
    expect((await rate(family.call, 5)).statusCode).toBe(409);
    await like(family.call, client.id, caregiver.listing.id);
    await like(caregiver.call, caregiver.listing.id, client.id);
    expect((await rate(family.call, 4, 'Kind and on time')).json<Rating>()).toMatchObject({ rating: 4 });
    const edited = await rate(family.call, 5, 'Kind, on time, great with Dad');
    expect(edited.json<Rating>()).toMatchObject({ rating: 5, review: 'Kind, on time, great with Dad' });
    expect((await rate(family.call, 6)).statusCode).toBe(400);
    expect((await rate((await familyAccount(t)).call, 3)).statusCode).toBe(404);
    expect((await rate(anonymous(), 3)).statusCode).toBe(401);

    const profile = await family.call({
      method: 'GET',
      url: `/api/matchmaking/profiles/caregivers/${caregiver.listing.id}?fromListingId=${client.id}`,
    });
    expect(profile.statusCode, profile.body).toBe(200);
    const view = profile.json<CaregiverProfileView>();
    expect(view.ratings).toEqual({ average: 5, count: 1 });
    expect(view.reviews).toEqual([expect.objectContaining({ rating: 5, by: 'Carla' })]);
    expect(view.match?.status).toBe('ACCEPTED');
    expect(profile.body).not.toContain('Caresecret');
    const events = await t.database.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, 'matchmaking_rating.save'), eq(auditEvents.entityType, 'rating')));
    expect(JSON.stringify(events.map((event) => event.details))).not.toContain('on time');

    const clientView = await caregiver.call({
      method: 'GET',
      url: `/api/matchmaking/profiles/clients/${client.id}?fromListingId=${caregiver.listing.id}`,
    });
    expect(clientView.json<ClientProfileView>().other.card.id).toBe(client.id);
    const stranger = await familyAccount(t);
    expect(
      (
        await stranger.call({
          method: 'GET',
          url: `/api/matchmaking/profiles/caregivers/${caregiver.listing.id}?fromListingId=${client.id}`,
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (
        await anonymous()({
          method: 'GET',
          url: `/api/matchmaking/profiles/clients/${client.id}?fromListingId=${caregiver.listing.id}`,
        })
      ).statusCode,
    ).toBe(401);
  });
});

describe('case-manager authorization', () => {
  it('with the setting on, a match of a client with a case manager waits for that case manager', async () => {
    const cmId = randomUUID();
    const careClientId = randomUUID();
    await t.database.db.execute(
      sql`insert into case_manager (id, name) values (${cmId}::uuid, 'Alma Manager')`,
    );
    await t.database.db.execute(
      sql`insert into client (id, name, case_manager_id) values (${careClientId}::uuid, 'Casey Care', ${cmId}::uuid)`,
    );
    const cm = await signInAs(t, 'USER');
    await t.database.db.execute(
      sql`update user_account set case_manager_id = ${cmId}::uuid where id = ${cm.accountId}::uuid`,
    );
    const manager = as(t, cm.cookie);
    const otherManager = as(t, (await signInAs(t, 'USER')).cookie);

    const settings: MatchmakingSettings = {
      ...DEFAULT_MATCHMAKING_SETTINGS,
      requireCaseManagerAuthorization: true,
    };
    const saved = await admin({ method: 'PUT', url: '/api/matchmaking/settings', payload: settings });
    expect(saved.statusCode, saved.body).toBe(200);
    try {
      const { family, client, caregiver } = await pair();
      await t.database.db.execute(
        sql`update tinder_client set client_id = ${careClientId}::uuid where id = ${client.id}::uuid`,
      );
      await like(family.call, client.id, caregiver.listing.id);
      const opened = (await like(caregiver.call, caregiver.listing.id, client.id)).json<LikeResult>();
      expect(opened.match).toMatchObject({ status: 'PENDING', careAuthorization: 'requested' });

      const queue = await manager({ method: 'GET', url: '/api/matchmaking/authorizations' });
      expect(queue.statusCode, queue.body).toBe(200);
      const items = queue.json<{ items: AuthorizationItem[] }>().items;
      expect(items.map((item) => [item.match.id, item.careClientName])).toEqual([
        [opened.match!.id, 'Casey Care'],
      ]);
      expect((await otherManager({ method: 'GET', url: '/api/matchmaking/authorizations' })).json()).toEqual({
        items: [],
      });

      const url = `/api/matchmaking/matches/${opened.match!.id}/authorization`;
      expect(
        (await otherManager({ method: 'POST', url, payload: { decision: 'authorize' } })).statusCode,
      ).toBe(404);
      expect(
        (await anonymous()({ method: 'POST', url, payload: { decision: 'authorize' } })).statusCode,
      ).toBe(401);
      expect((await manager({ method: 'POST', url, payload: { decision: 'maybe' } })).statusCode).toBe(400);
      const decided = await manager({
        method: 'POST',
        url,
        payload: { decision: 'authorize', note: 'Fits the ISP hours' },
      });
      expect(decided.json<MatchSummary>()).toMatchObject({
        status: 'ACCEPTED',
        careAuthorization: 'authorized',
        authorizationNote: 'Fits the ISP hours',
      });
      expect((await manager({ method: 'POST', url, payload: { decision: 'decline' } })).statusCode).toBe(409);

      // The note is written for the family: every view the caregiver has of the match carries none.
      const noteIn = async (caller: typeof family.call, listUrl: string) => {
        const listed = await caller({ method: 'GET', url: listUrl });
        expect(listed.statusCode, listed.body).toBe(200);
        const body = listed.json<MatchList | { match: MatchSummary | null }>();
        return ('items' in body ? body.items[0]?.match : body.match)?.authorizationNote;
      };
      expect(await noteIn(family.call, `/api/matchmaking/matches?listingId=${client.id}`)).toBe(
        'Fits the ISP hours',
      );
      expect(
        await noteIn(
          family.call,
          `/api/matchmaking/profiles/caregivers/${caregiver.listing.id}?fromListingId=${client.id}`,
        ),
      ).toBe('Fits the ISP hours');
      expect(
        await noteIn(caregiver.call, `/api/matchmaking/matches?listingId=${caregiver.listing.id}`),
      ).toBeNull();
      expect(
        await noteIn(
          caregiver.call,
          `/api/matchmaking/profiles/clients/${client.id}?fromListingId=${caregiver.listing.id}`,
        ),
      ).toBeNull();
      const again = (await like(caregiver.call, caregiver.listing.id, client.id)).json<LikeResult>();
      expect(again.match).toMatchObject({ status: 'ACCEPTED', authorizationNote: null });
      const ended = await caregiver.call({
        method: 'POST',
        url: `/api/matchmaking/matches/${opened.match!.id}/end`,
      });
      expect(ended.json<MatchSummary>()).toMatchObject({ status: 'REJECTED', authorizationNote: null });

      const plain = await pair();
      await like(plain.family.call, plain.client.id, plain.caregiver.listing.id);
      const direct = (
        await like(plain.caregiver.call, plain.caregiver.listing.id, plain.client.id)
      ).json<LikeResult>();
      expect(direct.match).toMatchObject({ status: 'ACCEPTED', careAuthorization: 'not_required' });
    } finally {
      await admin({ method: 'PUT', url: '/api/matchmaking/settings', payload: DEFAULT_MATCHMAKING_SETTINGS });
    }
  });

  it('lets admins read and change the settings; others 403, anonymous 401, bad weights 400', async () => {
    const read = await admin({ method: 'GET', url: '/api/matchmaking/settings' });
    expect(read.json<MatchmakingSettings>()).toEqual(DEFAULT_MATCHMAKING_SETTINGS);
    const family = await familyAccount(t);
    expect((await family.call({ method: 'GET', url: '/api/matchmaking/settings' })).statusCode).toBe(403);
    expect((await anonymous()({ method: 'GET', url: '/api/matchmaking/settings' })).statusCode).toBe(401);
    const bad = await admin({
      method: 'PUT',
      url: '/api/matchmaking/settings',
      payload: {
        ...DEFAULT_MATCHMAKING_SETTINGS,
        weights: { ...DEFAULT_MATCHMAKING_SETTINGS.weights, distance: 101 },
      },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('weights.distance');
    expect(
      (
        await family.call({
          method: 'PUT',
          url: '/api/matchmaking/settings',
          payload: DEFAULT_MATCHMAKING_SETTINGS,
        })
      ).statusCode,
    ).toBe(403);
  });
});
