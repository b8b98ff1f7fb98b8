/**
 * Module matchmaking's read API for admin match review and match detection (issue 22; decision 0061): matches with
 * both listings (full names: only admins' routes call this), the likes of a pair, likes sent per listing in a window,
 * and listings that look like duplicates. Module `messaging` builds the review and the flags from these; nothing
 * here audits (the caller does, in its own transaction).
 */
import { aliasedTable, and, count, desc, eq, gte, inArray, lt, sql, type SQL } from 'drizzle-orm';
import type { CareAuthorization, MatchStatus, SenderType } from '@tend/contracts';
import type { Executor } from '../../platform/db/client.ts';
import { likes, matches, tinderCaregivers, tinderClients } from './matchmaking.table.ts';

/** A listing as admins see it (full name, hidden, archived). */
export interface ListingFact {
  id: string;
  kind: 'client' | 'caregiver';
  firstName: string;
  lastName: string | null;
  hidden: boolean;
  archived: boolean;
}

export interface MatchFact {
  id: string;
  client: ListingFact;
  caregiver: ListingFact;
  status: MatchStatus;
  careAuthorization: CareAuthorization;
  initiator: SenderType;
  rejectedBy: SenderType | null;
  authorizationNote: string | null;
  authorizedAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
}

const client = aliasedTable(tinderClients, 'review_client');
const caregiver = aliasedTable(tinderCaregivers, 'review_caregiver');

const matchColumns = {
  match: matches,
  clientFirst: client.firstName,
  clientLast: client.lastName,
  clientHidden: client.hidden,
  clientArchived: client.archived,
  caregiverFirst: caregiver.firstName,
  caregiverLast: caregiver.lastName,
  caregiverHidden: caregiver.hidden,
  caregiverArchived: caregiver.archived,
};

type MatchJoinRow = {
  match: typeof matches.$inferSelect;
  clientFirst: string;
  clientLast: string | null;
  clientHidden: boolean;
  clientArchived: boolean;
  caregiverFirst: string;
  caregiverLast: string | null;
  caregiverHidden: boolean;
  caregiverArchived: boolean;
};

function matchFactOf(row: MatchJoinRow): MatchFact {
  const m = row.match;
  return {
    id: m.id,
    client: {
      id: m.clientId,
      kind: 'client',
      firstName: row.clientFirst,
      lastName: row.clientLast,
      hidden: row.clientHidden,
      archived: row.clientArchived,
    },
    caregiver: {
      id: m.caregiverId,
      kind: 'caregiver',
      firstName: row.caregiverFirst,
      lastName: row.caregiverLast,
      hidden: row.caregiverHidden,
      archived: row.caregiverArchived,
    },
    status: m.status,
    careAuthorization: m.careAuthorization as CareAuthorization,
    initiator: m.initiator,
    rejectedBy: m.rejectedBy,
    authorizationNote: m.authorizationNote,
    authorizedAt: m.authorizedAt,
    createdAt: m.createdAt,
    updatedAt: m.updatedAt,
  };
}

export interface MatchFactFilter {
  status?: MatchStatus | undefined;
  authorization?: CareAuthorization | undefined;
  /** Created on or after this instant, and before `before`. */
  createdFrom?: Date | undefined;
  createdBefore?: Date | undefined;
  limit: number;
  offset: number;
}

/** Matches passing `filter`, newest first, one page, with the filter's total. */
export async function findMatchFacts(
  executor: Executor,
  filter: MatchFactFilter,
): Promise<{ rows: MatchFact[]; total: number }> {
  const conditions: SQL[] = [];
  if (filter.status) conditions.push(eq(matches.status, filter.status));
  if (filter.authorization) conditions.push(eq(matches.careAuthorization, filter.authorization));
  if (filter.createdFrom) conditions.push(gte(matches.createdAt, filter.createdFrom));
  if (filter.createdBefore) conditions.push(lt(matches.createdAt, filter.createdBefore));
  const where = conditions.length ? and(...conditions) : undefined;
  const [rows, [totalRow]] = await Promise.all([
    executor
      .select(matchColumns)
      .from(matches)
      .innerJoin(client, eq(client.id, matches.clientId))
      .innerJoin(caregiver, eq(caregiver.id, matches.caregiverId))
      .where(where)
      .orderBy(desc(matches.createdAt), desc(matches.id))
      .limit(filter.limit)
      .offset(filter.offset),
    executor.select({ total: count() }).from(matches).where(where),
  ]);
  return { rows: rows.map(matchFactOf), total: totalRow?.total ?? 0 };
}

/** Match `id` with both listings, or null when there is none. */
export async function findMatchFact(executor: Executor, id: string): Promise<MatchFact | null> {
  const [row] = await executor
    .select(matchColumns)
    .from(matches)
    .innerJoin(client, eq(client.id, matches.clientId))
    .innerJoin(caregiver, eq(caregiver.id, matches.caregiverId))
    .where(eq(matches.id, id));
  return row ? matchFactOf(row) : null;
}

/** The likes between a client and a caregiver listing (spec s.3 Like; at most one per pair), oldest first. */
export async function likesOfPair(
  executor: Executor,
  { clientId, caregiverId }: { clientId: string; caregiverId: string },
) {
  return executor
    .select({
      id: likes.id,
      initiator: likes.initiator,
      status: likes.status,
      createdAt: likes.createdAt,
      updatedAt: likes.updatedAt,
    })
    .from(likes)
    .where(and(eq(likes.clientId, clientId), eq(likes.caregiverId, caregiverId)))
    .orderBy(likes.createdAt);
}

/** The listings of `ids`, by id (unknown ids are left out). */
export async function listingFacts(
  executor: Executor,
  ids: { client: string[]; caregiver: string[] },
): Promise<Map<string, ListingFact>> {
  const out = new Map<string, ListingFact>();
  if (ids.client.length) {
    const rows = await executor
      .select({
        id: tinderClients.id,
        firstName: tinderClients.firstName,
        lastName: tinderClients.lastName,
        hidden: tinderClients.hidden,
        archived: tinderClients.archived,
      })
      .from(tinderClients)
      .where(inArray(tinderClients.id, ids.client));
    for (const row of rows) out.set(row.id, { ...row, kind: 'client' });
  }
  if (ids.caregiver.length) {
    const rows = await executor
      .select({
        id: tinderCaregivers.id,
        firstName: tinderCaregivers.firstName,
        lastName: tinderCaregivers.lastName,
        hidden: tinderCaregivers.hidden,
        archived: tinderCaregivers.archived,
      })
      .from(tinderCaregivers)
      .where(inArray(tinderCaregivers.id, ids.caregiver));
    for (const row of rows) out.set(row.id, { ...row, kind: 'caregiver' });
  }
  return out;
}

export interface LikeBurst {
  kind: 'client' | 'caregiver';
  listingId: string;
  lastDay: number;
  lastWeek: number;
  lastAt: Date;
}

/**
 * Listings that sent more than `perDay` likes in the 24 hours before `now` or more than `perWeek` in the 7 days
 * before it (a like is sent by its `initiator` side; issue 22 "one account liking hundreds").
 */
export async function likeBursts(
  executor: Executor,
  { now, perDay, perWeek }: { now: Date; perDay: number; perWeek: number },
): Promise<LikeBurst[]> {
  const day = new Date(now.getTime() - 24 * 3600_000);
  const week = new Date(now.getTime() - 7 * 24 * 3600_000);
  const sender = sql<string>`case when ${likes.initiator} = 'CLIENT' then ${likes.clientId} else ${likes.caregiverId} end`;
  const lastDay = sql<number>`count(*) filter (where ${likes.createdAt} >= ${day.toISOString()})::int`;
  const rows = await executor
    .select({
      initiator: likes.initiator,
      listingId: sender,
      lastDay,
      lastWeek: sql<number>`count(*)::int`,
      lastAt: sql<string>`max(${likes.createdAt})`,
    })
    .from(likes)
    .where(gte(likes.createdAt, week))
    .groupBy(likes.initiator, sender)
    .having(sql`count(*) > ${perWeek} or ${lastDay} > ${perDay}`);
  return rows.map((row) => ({
    kind: row.initiator === 'CLIENT' ? 'client' : 'caregiver',
    listingId: row.listingId,
    lastDay: Number(row.lastDay),
    lastWeek: Number(row.lastWeek),
    lastAt: new Date(row.lastAt),
  }));
}

export interface DuplicateGroup {
  /** What the listings share: `email`, `phone` (the last 10 digits) or `name_dob` (first and last name, birth date). */
  field: 'email' | 'phone' | 'name_dob';
  kind: 'client' | 'caregiver';
  listingIds: string[];
  lastAt: Date;
}

/**
 * Listings of one kind (not archived) that share a normalised email, phone number or first name, last name and
 * date of birth (issue 22 "duplicate profiles"): caregivers by all three, clients by name and birth date.
 */
export async function duplicateListings(executor: Executor): Promise<DuplicateGroup[]> {
  const groups: DuplicateGroup[] = [];
  const grouped = async (kind: 'client' | 'caregiver', field: DuplicateGroup['field'], key: SQL) => {
    const table = kind === 'client' ? tinderClients : tinderCaregivers;
    const rows = await executor
      .select({
        ids: sql<string[]>`array_agg(${table.id}::text order by ${table.createdAt})`,
        lastAt: sql<string>`max(${table.createdAt})`,
      })
      .from(table)
      .where(and(eq(table.archived, false), sql`${key} is not null and ${key} <> ''`))
      .groupBy(key)
      .having(sql`count(*) > 1`)
      .limit(200);
    for (const row of rows) groups.push({ field, kind, listingIds: row.ids, lastAt: new Date(row.lastAt) });
  };
  await grouped('caregiver', 'email', sql`lower(trim(${tinderCaregivers.email}))`);
  await grouped(
    'caregiver',
    'phone',
    sql`right(regexp_replace(coalesce(${tinderCaregivers.phoneNumber}, ''), '[^0-9]', '', 'g'), 10)`,
  );
  const nameDob = (table: typeof tinderClients | typeof tinderCaregivers) =>
    sql`case when ${table.dob} is null or ${table.lastName} is null then null
        else lower(trim(${table.firstName})) || '|' || lower(trim(${table.lastName})) || '|' || ${table.dob}::text end`;
  await grouped('caregiver', 'name_dob', nameDob(tinderCaregivers));
  await grouped('client', 'name_dob', nameDob(tinderClients));
  return groups;
}
