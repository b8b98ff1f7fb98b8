/**
 * Audit-completeness cases of admin match review and match detection (issue 22; decision 0061): ending a match,
 * dismissing a flag, hiding a flagged listing. The listings and the match are written with plain SQL.
 */
import { sql } from 'drizzle-orm';
import type { RouteCase, State } from './types.ts';

async function insertedId(s: State, query: ReturnType<typeof sql>): Promise<string> {
  const id = (await s.t.database.db.execute<{ id: string }>(query)).rows[0]?.id;
  if (!id) throw new Error('fixture insert returned no id');
  return id;
}

/** A client listing, a caregiver listing and their ACCEPTED match (once). */
async function reviewMatch(s: State): Promise<string> {
  if (s.ids.rtadminMatch) return s.ids.rtadminMatch;
  const clientId = await insertedId(
    s,
    sql`insert into tinder_client (first_name, unique_key) values ('Audit', gen_random_uuid()::text) returning id`,
  );
  const caregiverId = await insertedId(
    s,
    sql`insert into tinder_caregiver (first_name, unique_key) values ('Audit', gen_random_uuid()::text) returning id`,
  );
  s.ids.rtadminCaregiver = caregiverId;
  s.ids.rtadminMatch = await insertedId(
    s,
    sql`insert into match (client_id, caregiver_id, status, initiator)
        values (${clientId}, ${caregiverId}, 'ACCEPTED', 'CLIENT') returning id`,
  );
  return s.ids.rtadminMatch;
}

export const rtadminRouteCases: RouteCase[] = [
  {
    route: 'POST /api/admin/matches/:id/end',
    request: async (s) => ({
      method: 'POST',
      url: `/api/admin/matches/${await reviewMatch(s)}/end`,
      payload: { note: 'Ended after review' },
    }),
    events: [['match.admin_end', 'match']],
  },
  {
    route: 'POST /api/admin/match-detection/dismissals',
    request: () => ({
      method: 'POST',
      url: '/api/admin/match-detection/dismissals',
      payload: { key: 'duplicate_profile:email:audit-case' },
    }),
    events: [['match_flag.dismiss', 'match_flag_dismissal']],
  },
  {
    route: 'POST /api/admin/match-detection/hide-listing',
    request: async (s) => {
      await reviewMatch(s);
      return {
        method: 'POST',
        url: '/api/admin/match-detection/hide-listing',
        payload: { kind: 'caregiver', id: s.ids.rtadminCaregiver },
      };
    },
    events: [['match_flag.hide_listing', 'tinder_caregiver']],
  },
];
