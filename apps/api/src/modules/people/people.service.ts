/**
 * People service: clients, caregivers and case managers (spec s.3). Admin only for now
 * (docs/decisions/0002-route-guards.md). Every read and write of these PHI records writes an audit
 * event in the same transaction (ARCHITECTURE.md). A record that does not exist is NOT_FOUND.
 */
import {
  and,
  asc,
  count,
  desc,
  eq,
  getTableColumns,
  ilike,
  inArray,
  or,
  sql,
  type AnyColumn,
  type Placeholder,
  type SQL,
} from 'drizzle-orm';
import { listTotalCap } from '@tend/contracts';
import type {
  Caregiver,
  CaregiverListQuery,
  CaseManager,
  CaseManagerListQuery,
  Client,
  ClientListQuery,
  PeoplePage,
} from '@tend/contracts';
import type { caregiverInput, caseManagerInput, clientInput } from '@tend/contracts';
import type { z } from 'zod';
import type { Database, Executor } from '../../platform/db/client.ts';
import { escapeLike, recordAudit } from '../../platform/audit/audit.service.ts';
import type { RequestContext } from '../../platform/http/context.ts';
import { AppError, notFound } from '../../platform/http/errors.ts';
import { caregivers, caseManagers, clients, peopleTotalDeltas, peopleTotals } from './people.table.ts';

type ClientValues = z.output<typeof clientInput>;
type CaregiverValues = z.output<typeof caregiverInput>;
type CaseManagerValues = z.output<typeof caseManagerInput>;

const iso = (d: Date) => d.toISOString();
const orderBy = (column: AnyColumn | SQL, order: 'asc' | 'desc') =>
  order === 'asc' ? asc(column) : desc(column);

function archivedWhere(column: AnyColumn, archived: 'true' | 'false' | 'all'): SQL | undefined {
  return archived === 'all' ? undefined : eq(column, archived === 'true');
}

/** Case-insensitive "contains" over a text column. */
const contains = (column: AnyColumn, q: string) => ilike(column, `%${escapeLike(q)}%`);

// ---- Clients -----------------------------------------------------------------------------------

/**
 * A client row with its case manager's name, as flat columns: Drizzle maps a flat row with less work
 * than a nested `{ client, caseManagerName }` one (no per-column path or left-join bookkeeping; a
 * list page maps 50 of them per request, docs/decisions/0034).
 */
const clientSelection = {
  ...getTableColumns(clients),
  caseManagerName: caseManagers.name,
};

function toClient(c: typeof clients.$inferSelect & { caseManagerName: string | null }): Client {
  return {
    id: c.id,
    name: c.name,
    email: c.email,
    emails: c.emails,
    altNames: c.altNames,
    archived: c.archived,
    pid: c.pid,
    budgetClientId: c.budgetClientId,
    clientPrime: c.clientPrime,
    ispMonth: c.ispMonth,
    serviceElement: c.serviceElement,
    caseManagerId: c.caseManagerId,
    caseManagerName: c.caseManagerName,
    needsReview: c.needsReview,
    createdAt: iso(c.createdAt),
    updatedAt: iso(c.updatedAt),
  };
}

// ---- List totals (docs/decisions/0020-list-totals.md) ------------------------------------------

/**
 * The totals of the people lists. An unfiltered view (only `archived` and `needsReview`) reads the
 * exact count kept by the `people_total` triggers (one row lookup, as transactional as the rows). A
 * filtered view (search text, case manager, caregiver type) counts its matches, but stops at
 * `countLimit` rows (`listCountLimit`): past that, the total is a lower bound and `totalExact` is false.
 */
type TotalKind = 'counter' | 'capped';

/**
 * The exact total of an unfiltered view of `list`: its trigger-kept counter rows plus their pending
 * deltas (migration 0010), in the statement's snapshot.
 */
function counterTotal(
  db: Database,
  list: 'client' | 'caregiver',
  archived: 'true' | 'false' | 'all',
  needsReview: boolean,
) {
  const view = (table: typeof peopleTotals | typeof peopleTotalDeltas) =>
    and(
      eq(table.list, list),
      archivedWhere(table.archived, archived),
      needsReview ? eq(table.needsReview, true) : undefined,
    );
  const counters = db.select({ n: peopleTotals.n }).from(peopleTotals).where(view(peopleTotals));
  const deltas = db.select({ n: peopleTotalDeltas.n }).from(peopleTotalDeltas).where(view(peopleTotalDeltas));
  return db
    .select({ n: sql<number>`coalesce(sum(counts.n), 0)`.mapWith(Number) })
    .from(sql`(${counters} union all ${deltas}) as counts`);
}

/**
 * A row count of a prepared list statement (`limit`, `offset`) that PostgreSQL's planner cannot see:
 * `(select $n::bigint)`, the placeholder `name` behind a scalar sub-select. With a plain `$n` every
 * execution's custom plan is costed for its known limit (50 rows) and the generic plan for an unknown one
 * (10 % of the table), so PostgreSQL never settles on the generic plan and re-plans the statement on
 * every request (~0.1 ms of its CPU, most of the planner's work for a list page). Hidden from both, the
 * two cost the same and after five executions the generic plan is kept (docs/decisions/0034). The plan
 * is the same either way: the sort index, read up to offset + limit rows. Drizzle types `limit` and
 * `offset` as a number or a placeholder; its SQL builder takes any SQL chunk there, hence the cast.
 */
const opaqueRowCount = (name: string): Placeholder =>
  sql`(select ${sql.placeholder(name)}::bigint)` as unknown as Placeholder;

/** The number of rows of `table` matching `where`, counted up to the `countLimit` placeholder. */
function cappedTotal(db: Database, table: typeof clients | typeof caregivers, where: SQL | undefined) {
  const matches = db
    .select({ one: sql`1`.as('one') })
    .from(table)
    .where(where)
    .limit(opaqueRowCount('countLimit'))
    .as('matches');
  return db.select({ n: count() }).from(matches);
}

/**
 * How far a filtered list counts for a page: at least `listTotalCap` rows, and always past the end of
 * the next page, so a lower bound still offers the next page (`offset` and `pageSize` in rows).
 * The count stops at this limit + 1; see `pageTotal`.
 */
function listCountLimit(offset: number, pageSize: number): number {
  return Math.max(listTotalCap, offset + 2 * pageSize);
}

/**
 * `total` and `totalExact` of a page from the counted value `n`: a capped count that reached its
 * limit + 1 means "more than the limit" (decision 0020); a counter is always exact.
 */
function pageTotal(kind: TotalKind, n: number, countLimit: number): { total: number; totalExact: boolean } {
  return kind === 'capped' && n > countLimit
    ? { total: countLimit, totalExact: false }
    : { total: n, totalExact: true };
}

// ---- Client list ------------------------------------------------------------------------------

/** The parts of a client list query that change its SQL text; the rest are parameters. */
interface ClientListShape {
  archived: ClientListQuery['archived'];
  needsReview: boolean;
  search: boolean;
  caseManager: boolean;
  sort: ClientListQuery['sort'];
  order: ClientListQuery['order'];
}

/** The list filter, its values as placeholders (`pattern`, `caseManagerId`). */
function clientListWhere(shape: ClientListShape): SQL | undefined {
  const filters = [archivedWhere(clients.archived, shape.archived)];
  if (shape.search) {
    const pattern = sql.placeholder('pattern');
    filters.push(
      or(
        ilike(clients.name, pattern),
        sql`exists (select 1 from unnest(${clients.altNames}) as element where element ilike ${pattern})`,
        ilike(clients.email, pattern),
        ilike(clients.pid, pattern),
      ),
    );
  }
  if (shape.caseManager) filters.push(eq(clients.caseManagerId, sql.placeholder('caseManagerId')));
  if (shape.needsReview) filters.push(eq(clients.needsReview, true));
  return and(...filters);
}

function prepareClientList(db: Database, shape: ClientListShape) {
  const where = clientListWhere(shape);
  const sortColumn = {
    name: clients.name,
    pid: clients.pid,
    serviceElement: clients.serviceElement,
    ispMonth: clients.ispMonth,
    createdAt: clients.createdAt,
  }[shape.sort];
  const totalKind: TotalKind = shape.search || shape.caseManager ? 'capped' : 'counter';
  const total =
    totalKind === 'counter'
      ? counterTotal(db, 'client', shape.archived, shape.needsReview)
      : cappedTotal(db, clients, where);
  const name = `tend_clients_${shape.archived}_${+shape.search}${+shape.caseManager}${+shape.needsReview}_${shape.sort}_${shape.order}`;
  // The page's clients first, then their case managers: the join runs for the page's rows only, not
  // for every row the offset skips (page 7 of 50: 50 lookups instead of 350; half the statement's
  // CPU, decision 0034). The outer order repeats the inner one (unique: the id breaks ties).
  const page = db
    .select()
    .from(clients)
    .where(where)
    .orderBy(orderBy(sortColumn, shape.order), asc(clients.id))
    .limit(opaqueRowCount('limit'))
    .offset(opaqueRowCount('offset'))
    .as('page');
  return {
    totalKind,
    // One round trip: the page, with the total as an uncorrelated subquery (computed once).
    page: db
      .select({
        id: page.id,
        name: page.name,
        email: page.email,
        emails: page.emails,
        altNames: page.altNames,
        archived: page.archived,
        pid: page.pid,
        budgetClientId: page.budgetClientId,
        clientPrime: page.clientPrime,
        ispMonth: page.ispMonth,
        serviceElement: page.serviceElement,
        caseManagerId: page.caseManagerId,
        needsReview: page.needsReview,
        createdAt: page.createdAt,
        updatedAt: page.updatedAt,
        caseManagerName: caseManagers.name,
        total: sql<number>`(${total})`.mapWith(Number),
      })
      .from(page)
      .leftJoin(caseManagers, eq(caseManagers.id, page.caseManagerId))
      .orderBy(orderBy(page[shape.sort], shape.order), asc(page.id))
      .prepare(`${name}_page`),
    /** Only for a page past the end, which has no row to carry the total. */
    count: total.prepare(`${name}_count`),
  };
}

/**
 * Prepared list statements per database and query shape: SQL is built once, and PostgreSQL can skip
 * parsing (and, once it settles on a generic plan, planning) on every later request.
 */
function statementCache<Shape, Statement>(prepare: (db: Database, shape: Shape) => Statement) {
  const byDatabase = new WeakMap<Database, Map<string, Statement>>();
  return (db: Database, shape: Shape): Statement => {
    let byShape = byDatabase.get(db);
    if (!byShape) {
      byShape = new Map<string, Statement>();
      byDatabase.set(db, byShape);
    }
    const key = JSON.stringify(shape);
    let statement = byShape.get(key);
    if (!statement) {
      statement = prepare(db, shape);
      byShape.set(key, statement);
    }
    return statement;
  };
}

/**
 * Runs a prepared people list (page and total in one statement, `statementCache`) with its placeholder `values`:
 * the page's rows and the total `n` they carry. A page past the end has no row to carry it, so it is counted on its
 * own (rare); page 1 with no rows is 0.
 */
async function executeListPage<Row extends { total: number }>(
  statement: {
    page: { execute: (values: Record<string, unknown>) => Promise<Row[]> };
    count: { execute: (values: Record<string, unknown>) => Promise<{ n: number }[]> };
  },
  values: Record<string, unknown>,
  page: number,
): Promise<{ rows: Row[]; n: number }> {
  const rows = await statement.page.execute(values);
  const n = rows[0] ? rows[0].total : page === 1 ? 0 : ((await statement.count.execute(values))[0]?.n ?? 0);
  return { rows, n };
}

const clientListStatement = statementCache(prepareClientList);

/**
 * A page of clients for the filter (spec s.3 Client), with its total: exact for the unfiltered views
 * (`archived`, `needsReview`), counted up to `listTotalCap` (or past the next page) when a search or
 * case manager filters it, `totalExact` false beyond (docs/decisions/0020-list-totals.md). One round
 * trip plus the audit insert (`client.list`), awaited.
 */
export async function findClients(
  db: Database,
  ctx: RequestContext,
  query: ClientListQuery,
): Promise<PeoplePage<Client>> {
  const statement = clientListStatement(db, {
    archived: query.archived,
    needsReview: query.needsReview === 'true',
    search: !!query.q,
    caseManager: !!query.caseManagerId,
    sort: query.sort,
    order: query.order,
  });
  const offset = (query.page - 1) * query.pageSize;
  const countLimit = listCountLimit(offset, query.pageSize);
  const values = {
    pattern: query.q ? `%${escapeLike(query.q)}%` : null,
    caseManagerId: query.caseManagerId ?? null,
    limit: query.pageSize,
    offset,
    countLimit: countLimit + 1,
  };
  const { rows, n } = await executeListPage(statement, values, query.page);
  await recordAudit(db, ctx, {
    action: 'client.list',
    entityType: 'client',
    details: { returned: rows.length, page: query.page },
  });
  return {
    items: rows.map(toClient),
    ...pageTotal(statement.totalKind, n, countLimit),
    page: query.page,
    pageSize: query.pageSize,
  };
}

async function loadClient(executor: Executor, id: string): Promise<Client> {
  const [row] = await executor
    .select(clientSelection)
    .from(clients)
    .leftJoin(caseManagers, eq(caseManagers.id, clients.caseManagerId))
    .where(eq(clients.id, id));
  if (!row) throw notFound('Client');
  return toClient(row);
}

/** One client. Errors: NOT_FOUND. */
export async function getClient(db: Database, ctx: RequestContext, id: string): Promise<Client> {
  const client = await loadClient(db, id);
  await recordAudit(db, ctx, { action: 'client.read', entityType: 'client', entityId: id });
  return client;
}

async function assertCaseManagerExists(executor: Executor, caseManagerId: string | null): Promise<void> {
  if (!caseManagerId) return;
  const [found] = await executor
    .select({ id: caseManagers.id })
    .from(caseManagers)
    .where(eq(caseManagers.id, caseManagerId));
  if (!found) throw AppError.field('caseManagerId', 'does not name an existing case manager');
}

/** Creates a client. Errors: VALIDATION_FAILED when caseManagerId names no case manager. */
export async function createClient(db: Database, ctx: RequestContext, input: ClientValues): Promise<Client> {
  return db.transaction(async (tx) => {
    await assertCaseManagerExists(tx, input.caseManagerId);
    const [created] = await tx.insert(clients).values(input).returning({ id: clients.id });
    if (!created) throw new AppError('INTERNAL');
    await recordAudit(tx, ctx, { action: 'client.create', entityType: 'client', entityId: created.id });
    return loadClient(tx, created.id);
  });
}

/** Replaces a client's editable fields. Errors: NOT_FOUND, VALIDATION_FAILED. */
export async function updateClient(
  db: Database,
  ctx: RequestContext,
  id: string,
  input: ClientValues,
): Promise<Client> {
  return db.transaction(async (tx) => {
    await assertCaseManagerExists(tx, input.caseManagerId);
    const [updated] = await tx
      .update(clients)
      .set(input)
      .where(eq(clients.id, id))
      .returning({ id: clients.id });
    if (!updated) throw notFound('Client');
    await recordAudit(tx, ctx, {
      action: 'client.update',
      entityType: 'client',
      entityId: id,
      details: { fields: Object.keys(input) },
    });
    return loadClient(tx, id);
  });
}

/** Archives or unarchives a client. Errors: NOT_FOUND. */
export async function setClientArchived(
  db: Database,
  ctx: RequestContext,
  id: string,
  archived: boolean,
): Promise<Client> {
  return db.transaction(async (tx) => {
    const [updated] = await tx
      .update(clients)
      .set({ archived })
      .where(eq(clients.id, id))
      .returning({ id: clients.id });
    if (!updated) throw notFound('Client');
    await recordAudit(tx, ctx, {
      action: archived ? 'client.archive' : 'client.unarchive',
      entityType: 'client',
      entityId: id,
    });
    return loadClient(tx, id);
  });
}

// ---- Caregivers --------------------------------------------------------------------------------

function toCaregiver(c: typeof caregivers.$inferSelect): Caregiver {
  return {
    id: c.id,
    name: c.name,
    email: c.email,
    emails: c.emails,
    altNames: c.altNames,
    archived: c.archived,
    type: c.type,
    externalId: c.externalId,
    needsReview: c.needsReview,
    createdAt: iso(c.createdAt),
    updatedAt: iso(c.updatedAt),
  };
}

/** The parts of a caregiver list query that change its SQL text; the rest are parameters. */
interface CaregiverListShape {
  archived: CaregiverListQuery['archived'];
  needsReview: boolean;
  search: boolean;
  type: boolean;
  sort: CaregiverListQuery['sort'];
  order: CaregiverListQuery['order'];
}

function prepareCaregiverList(db: Database, shape: CaregiverListShape) {
  const filters = [archivedWhere(caregivers.archived, shape.archived)];
  if (shape.search) {
    const pattern = sql.placeholder('pattern');
    filters.push(
      or(
        ilike(caregivers.name, pattern),
        sql`exists (select 1 from unnest(${caregivers.altNames}) as element where element ilike ${pattern})`,
        ilike(caregivers.email, pattern),
      ),
    );
  }
  if (shape.type) filters.push(eq(caregivers.type, sql.placeholder('type')));
  if (shape.needsReview) filters.push(eq(caregivers.needsReview, true));
  const where = and(...filters);
  const sortColumn = {
    name: caregivers.name,
    type: caregivers.type,
    email: caregivers.email,
    createdAt: caregivers.createdAt,
  }[shape.sort];
  const totalKind: TotalKind = shape.search || shape.type ? 'capped' : 'counter';
  const total =
    totalKind === 'counter'
      ? counterTotal(db, 'caregiver', shape.archived, shape.needsReview)
      : cappedTotal(db, caregivers, where);
  const name = `tend_caregivers_${shape.archived}_${+shape.search}${+shape.type}${+shape.needsReview}_${shape.sort}_${shape.order}`;
  return {
    totalKind,
    page: db
      .select({ ...getTableColumns(caregivers), total: sql<number>`(${total})`.mapWith(Number) })
      .from(caregivers)
      .where(where)
      .orderBy(orderBy(sortColumn, shape.order), asc(caregivers.id))
      .limit(opaqueRowCount('limit'))
      .offset(opaqueRowCount('offset'))
      .prepare(`${name}_page`),
    count: total.prepare(`${name}_count`),
  };
}

const caregiverListStatement = statementCache(prepareCaregiverList);

/**
 * A page of caregivers for the filter (spec s.3 Caregiver), with its total: exact for the unfiltered
 * views (`archived`, `needsReview`), capped like the clients list when a search or type filters it
 * (docs/decisions/0020-list-totals.md). One round trip plus the audit insert (`caregiver.list`).
 */
export async function findCaregivers(
  db: Database,
  ctx: RequestContext,
  query: CaregiverListQuery,
): Promise<PeoplePage<Caregiver>> {
  const statement = caregiverListStatement(db, {
    archived: query.archived,
    needsReview: query.needsReview === 'true',
    search: !!query.q,
    type: !!query.type,
    sort: query.sort,
    order: query.order,
  });
  const offset = (query.page - 1) * query.pageSize;
  const countLimit = listCountLimit(offset, query.pageSize);
  const values = {
    pattern: query.q ? `%${escapeLike(query.q)}%` : null,
    type: query.type ?? null,
    limit: query.pageSize,
    offset,
    countLimit: countLimit + 1,
  };
  const { rows, n } = await executeListPage(statement, values, query.page);
  await recordAudit(db, ctx, {
    action: 'caregiver.list',
    entityType: 'caregiver',
    details: { returned: rows.length, page: query.page },
  });
  return {
    items: rows.map(toCaregiver),
    ...pageTotal(statement.totalKind, n, countLimit),
    page: query.page,
    pageSize: query.pageSize,
  };
}

/** One caregiver. Errors: NOT_FOUND. */
export async function getCaregiver(db: Database, ctx: RequestContext, id: string): Promise<Caregiver> {
  const [row] = await db.select().from(caregivers).where(eq(caregivers.id, id));
  if (!row) throw notFound('Caregiver');
  await recordAudit(db, ctx, { action: 'caregiver.read', entityType: 'caregiver', entityId: id });
  return toCaregiver(row);
}

/** Creates a caregiver. */
export async function createCaregiver(
  db: Database,
  ctx: RequestContext,
  input: CaregiverValues,
): Promise<Caregiver> {
  return db.transaction(async (tx) => {
    const [row] = await tx.insert(caregivers).values(input).returning();
    if (!row) throw new AppError('INTERNAL');
    await recordAudit(tx, ctx, { action: 'caregiver.create', entityType: 'caregiver', entityId: row.id });
    return toCaregiver(row);
  });
}

/**
 * A caregiver's `type` (CaregiverType), or null when there is no such caregiver. Not audited: the
 * employment type is not PHI; callers use it to tell whether an edit changed it.
 */
export async function findCaregiverType(db: Database, id: string): Promise<string | null> {
  const [row] = await db.select({ type: caregivers.type }).from(caregivers).where(eq(caregivers.id, id));
  return row?.type ?? null;
}

/** Replaces a caregiver's editable fields. Errors: NOT_FOUND. */
export async function updateCaregiver(
  db: Database,
  ctx: RequestContext,
  id: string,
  input: CaregiverValues,
): Promise<Caregiver> {
  return db.transaction(async (tx) => {
    const [row] = await tx.update(caregivers).set(input).where(eq(caregivers.id, id)).returning();
    if (!row) throw notFound('Caregiver');
    await recordAudit(tx, ctx, {
      action: 'caregiver.update',
      entityType: 'caregiver',
      entityId: id,
      details: { fields: Object.keys(input) },
    });
    return toCaregiver(row);
  });
}

/** Archives or unarchives a caregiver. Errors: NOT_FOUND. */
export async function setCaregiverArchived(
  db: Database,
  ctx: RequestContext,
  id: string,
  archived: boolean,
): Promise<Caregiver> {
  return db.transaction(async (tx) => {
    const [row] = await tx.update(caregivers).set({ archived }).where(eq(caregivers.id, id)).returning();
    if (!row) throw notFound('Caregiver');
    await recordAudit(tx, ctx, {
      action: archived ? 'caregiver.archive' : 'caregiver.unarchive',
      entityType: 'caregiver',
      entityId: id,
    });
    return toCaregiver(row);
  });
}

// ---- Case managers -----------------------------------------------------------------------------

/**
 * Clients naming the case manager (issue 16: every manager showed 0). Drizzle writes a column of the
 * selected table unqualified in a select field (`"id"`), which inside this subquery meant the client's
 * own id; both sides are therefore qualified by hand, with the client table under an alias of its own.
 */
const clientCount = sql<number>`(select count(*)::int from ${clients} as counted_client where counted_client.case_manager_id = "case_manager"."id")`;

function toCaseManager(row: {
  caseManager: typeof caseManagers.$inferSelect;
  clientCount: number;
}): CaseManager {
  const m = row.caseManager;
  return {
    id: m.id,
    name: m.name,
    county: m.county,
    email: m.email,
    archived: m.archived,
    clientCount: Number(row.clientCount),
    createdAt: iso(m.createdAt),
    updatedAt: iso(m.updatedAt),
  };
}

async function loadCaseManager(executor: Executor, id: string): Promise<CaseManager> {
  const [row] = await executor
    .select({ caseManager: caseManagers, clientCount })
    .from(caseManagers)
    .where(eq(caseManagers.id, id));
  if (!row) throw notFound('Case manager');
  return toCaseManager(row);
}

/**
 * A page of case managers for the filter, with the exact total and each one's client count. An
 * agency has tens of case managers, not thousands: counting them is cheap, so the total is always
 * exact (docs/decisions/0020-list-totals.md).
 */
export async function findCaseManagers(
  db: Database,
  ctx: RequestContext,
  query: CaseManagerListQuery,
): Promise<PeoplePage<CaseManager>> {
  const filters = [archivedWhere(caseManagers.archived, query.archived)];
  if (query.q)
    filters.push(
      or(
        contains(caseManagers.name, query.q),
        contains(caseManagers.county, query.q),
        contains(caseManagers.email, query.q),
      ),
    );
  if (query.county) filters.push(ilike(caseManagers.county, escapeLike(query.county)));
  const where = and(...filters);
  const sortColumn = {
    name: caseManagers.name,
    county: caseManagers.county,
    email: caseManagers.email,
    createdAt: caseManagers.createdAt,
  }[query.sort];
  const [rows, totals] = await Promise.all([
    db
      .select({ caseManager: caseManagers, clientCount })
      .from(caseManagers)
      .where(where)
      .orderBy(orderBy(sortColumn, query.order), asc(caseManagers.id))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db.select({ total: count() }).from(caseManagers).where(where),
  ]);
  await recordAudit(db, ctx, {
    action: 'case_manager.list',
    entityType: 'case_manager',
    details: { returned: rows.length, page: query.page },
  });
  return {
    items: rows.map(toCaseManager),
    total: totals[0]?.total ?? 0,
    totalExact: true,
    page: query.page,
    pageSize: query.pageSize,
  };
}

/** One case manager. Errors: NOT_FOUND. */
export async function getCaseManager(db: Database, ctx: RequestContext, id: string): Promise<CaseManager> {
  const found = await loadCaseManager(db, id);
  await recordAudit(db, ctx, { action: 'case_manager.read', entityType: 'case_manager', entityId: id });
  return found;
}

/** Creates a case manager. */
export async function createCaseManager(
  db: Database,
  ctx: RequestContext,
  input: CaseManagerValues,
): Promise<CaseManager> {
  return db.transaction(async (tx) => {
    const [row] = await tx.insert(caseManagers).values(input).returning({ id: caseManagers.id });
    if (!row) throw new AppError('INTERNAL');
    await recordAudit(tx, ctx, {
      action: 'case_manager.create',
      entityType: 'case_manager',
      entityId: row.id,
    });
    return loadCaseManager(tx, row.id);
  });
}

/** Replaces a case manager's editable fields. Errors: NOT_FOUND. */
export async function updateCaseManager(
  db: Database,
  ctx: RequestContext,
  id: string,
  input: CaseManagerValues,
): Promise<CaseManager> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(caseManagers)
      .set(input)
      .where(eq(caseManagers.id, id))
      .returning({ id: caseManagers.id });
    if (!row) throw notFound('Case manager');
    await recordAudit(tx, ctx, {
      action: 'case_manager.update',
      entityType: 'case_manager',
      entityId: id,
      details: { fields: Object.keys(input) },
    });
    return loadCaseManager(tx, id);
  });
}

/** Archives or unarchives a case manager. Errors: NOT_FOUND. */
export async function setCaseManagerArchived(
  db: Database,
  ctx: RequestContext,
  id: string,
  archived: boolean,
): Promise<CaseManager> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(caseManagers)
      .set({ archived })
      .where(eq(caseManagers.id, id))
      .returning({ id: caseManagers.id });
    if (!row) throw notFound('Case manager');
    await recordAudit(tx, ctx, {
      action: archived ? 'case_manager.archive' : 'case_manager.unarchive',
      entityType: 'case_manager',
      entityId: id,
    });
    return loadCaseManager(tx, id);
  });
}

// ---- For other modules (imports, lists) -------------------------------------------------------

/** Names of the given caregivers and clients, for lists in other modules. */
export async function findPeopleNames(
  executor: Executor,
  ids: { caregiverIds: string[]; clientIds: string[] },
): Promise<{ caregivers: Map<string, string>; clients: Map<string, string> }> {
  const [caregiverRows, clientRows] = await Promise.all([
    ids.caregiverIds.length
      ? executor
          .select({ id: caregivers.id, name: caregivers.name })
          .from(caregivers)
          .where(inArray(caregivers.id, ids.caregiverIds))
      : [],
    ids.clientIds.length
      ? executor
          .select({ id: clients.id, name: clients.name })
          .from(clients)
          .where(inArray(clients.id, ids.clientIds))
      : [],
  ]);
  return {
    caregivers: new Map(caregiverRows.map((r) => [r.id, r.name])),
    clients: new Map(clientRows.map((r) => [r.id, r.name])),
  };
}

/** A caregiver's and a client's identifiers beside their names, for exports (issue 16 item 8). */
export interface PeopleIdentities {
  /** Caregiver id → name and the agency's own id (employee #), when known. */
  caregivers: Map<string, { name: string; externalId: string | null }>;
  /** Client id → name, Medicaid PID and client prime, when known. */
  clients: Map<string, { name: string; pid: string | null; clientPrime: string | null }>;
}

/**
 * Names and identifiers of the given caregivers and clients (one query each), so an export can be
 * pivoted by person instead of by name, which merges namesakes. Not audited: callers audit.
 */
export async function findPeopleIdentities(
  executor: Executor,
  ids: { caregiverIds: string[]; clientIds: string[] },
): Promise<PeopleIdentities> {
  const [caregiverRows, clientRows] = await Promise.all([
    ids.caregiverIds.length
      ? executor
          .select({ id: caregivers.id, name: caregivers.name, externalId: caregivers.externalId })
          .from(caregivers)
          .where(inArray(caregivers.id, ids.caregiverIds))
      : [],
    ids.clientIds.length
      ? executor
          .select({ id: clients.id, name: clients.name, pid: clients.pid, clientPrime: clients.clientPrime })
          .from(clients)
          .where(inArray(clients.id, ids.clientIds))
      : [],
  ]);
  return {
    caregivers: new Map(caregiverRows.map(({ id, ...rest }) => [id, rest])),
    clients: new Map(clientRows.map(({ id, ...rest }) => [id, rest])),
  };
}

/**
 * Active (not archived) caregiver records whose `external_id` is `externalId` (the EVV employee identifier; in Oregon
 * the home care provider number), compared trimmed and case-insensitively; id and name only. One query. For
 * matchmaking's provider-number verification (issue 21 "Verification and privacy"; decision 0057). Not audited:
 * callers audit.
 */
export async function findCaregiversByExternalId(
  executor: Executor,
  externalId: string,
): Promise<Array<{ id: string; name: string }>> {
  const value = externalId.trim();
  if (!value) return [];
  return executor
    .select({ id: caregivers.id, name: caregivers.name })
    .from(caregivers)
    .where(
      and(
        sql`lower(trim(${caregivers.externalId})) = ${value.toLowerCase()}`,
        eq(caregivers.archived, false),
      ),
    )
    .orderBy(asc(caregivers.name), asc(caregivers.id));
}
