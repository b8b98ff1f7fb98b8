/**
 * Audit-completeness cases of likes, matches, authorization, ratings and the matchmaking settings (issue 22;
 * decision 0059), in the order they run: the agency turns authorization on; a family and a caregiver like each other
 * (the match waits for the client's case manager); the case manager authorizes; the family rates; the caregiver ends
 * the match; the family passes on one caregiver and withdraws a like of another (then the setting goes back off).
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { DEFAULT_MATCHMAKING_SETTINGS } from '@tend/contracts';
import {
  caregiverAccount,
  clientListing,
  familyAccount,
} from '../../src/modules/matchmaking/schedules.test-support.ts';
import { as, signInAs } from '../helpers.ts';
import type { Caller, RouteCase, State } from './types.ts';

const callers = new Map<string, Caller>();
const caller = (name: string) => {
  const found = callers.get(name);
  if (!found) throw new Error(`likes audit cases: no caller ${name}`);
  return found;
};
const likeBody = (s: State, to: string) => ({ fromListingId: s.ids.likesClient, toListingId: to });

export const likesRouteCases: RouteCase[] = [
  {
    route: 'PUT /api/matchmaking/settings',
    request: () => ({
      method: 'PUT',
      url: '/api/matchmaking/settings',
      payload: { ...DEFAULT_MATCHMAKING_SETTINGS, requireCaseManagerAuthorization: true },
    }),
    events: [['matchmaking_settings.update', 'app_setting']],
  },
  {
    route: 'POST /api/matchmaking/likes',
    request: async (s) => {
      const cmId = randomUUID();
      const careClientId = randomUUID();
      await s.t.database.db.execute(
        sql`insert into case_manager (id, name) values (${cmId}::uuid, 'Lia Manager')`,
      );
      await s.t.database.db.execute(
        sql`insert into client (id, name, case_manager_id) values (${careClientId}::uuid, 'Lee Care', ${cmId}::uuid)`,
      );
      const manager = await signInAs(s.t, 'USER');
      await s.t.database.db.execute(
        sql`update user_account set case_manager_id = ${cmId}::uuid where id = ${manager.accountId}::uuid`,
      );
      callers.set('manager', as(s.t, manager.cookie));
      const family = await familyAccount(s.t);
      callers.set('family', family.call);
      const client = await clientListing(s.t, family.guardianId, '97201', { clientId: careClientId });
      s.ids.likesClient = client.id;
      const caregiver = await caregiverAccount(s.t, '97202');
      callers.set('caregiver', caregiver.call);
      s.ids.likesCaregiver = caregiver.listing.id;
      for (const name of ['likesPassed', 'likesWithdrawn'])
        s.ids[name] = (await caregiverAccount(s.t, '97202')).listing.id;
      const first = await family.call({
        method: 'POST',
        url: '/api/matchmaking/likes',
        payload: likeBody(s, caregiver.listing.id),
      });
      if (first.statusCode !== 200) throw new Error(`likes audit case: ${first.body}`);
      return {
        method: 'POST',
        url: '/api/matchmaking/likes',
        payload: { fromListingId: caregiver.listing.id, toListingId: client.id },
        as: caregiver.call,
      };
    },
    after: (s, body) => {
      s.ids.likesMatch = (body as { match: { id: string } }).match.id;
    },
    events: [
      ['matchmaking_like.accept', 'like'],
      ['matchmaking_match.open', 'match'],
    ],
  },
  {
    route: 'POST /api/matchmaking/matches/:id/authorization',
    request: (s) => ({
      method: 'POST',
      url: `/api/matchmaking/matches/${s.ids.likesMatch}/authorization`,
      payload: { decision: 'authorize', note: 'Fits the plan' },
      as: caller('manager'),
    }),
    events: [['matchmaking_match.authorize', 'match']],
  },
  {
    route: 'PUT /api/matchmaking/ratings',
    request: (s) => ({
      method: 'PUT',
      url: '/api/matchmaking/ratings',
      payload: { clientId: s.ids.likesClient, caregiverId: s.ids.likesCaregiver, rating: 5, review: 'Kind' },
      as: caller('family'),
    }),
    events: [['matchmaking_rating.save', 'rating']],
  },
  {
    route: 'POST /api/matchmaking/matches/:id/end',
    request: (s) => ({
      method: 'POST',
      url: `/api/matchmaking/matches/${s.ids.likesMatch}/end`,
      as: caller('caregiver'),
    }),
    events: [['matchmaking_match.end', 'match']],
  },
  {
    route: 'POST /api/matchmaking/likes/pass',
    request: (s) => ({
      method: 'POST',
      url: '/api/matchmaking/likes/pass',
      payload: likeBody(s, s.ids.likesPassed!),
      as: caller('family'),
    }),
    events: [['matchmaking_like.pass', 'like']],
  },
  {
    route: 'POST /api/matchmaking/likes/withdraw',
    request: async (s) => {
      const liked = await caller('family')({
        method: 'POST',
        url: '/api/matchmaking/likes',
        payload: likeBody(s, s.ids.likesWithdrawn!),
      });
      if (liked.statusCode !== 200) throw new Error(`likes audit case: ${liked.body}`);
      return {
        method: 'POST',
        url: '/api/matchmaking/likes/withdraw',
        payload: likeBody(s, s.ids.likesWithdrawn!),
        as: caller('family'),
      };
    },
    after: async (s) => {
      await s.admin({
        method: 'PUT',
        url: '/api/matchmaking/settings',
        payload: DEFAULT_MATCHMAKING_SETTINGS,
      });
    },
    events: [['matchmaking_like.withdraw', 'like']],
  },
];
