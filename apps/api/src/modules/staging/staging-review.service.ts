/**
 * Reviewing staging (issue 23; spec s.2 `/staging/manage`, `/staging-check`): staged rows by status,
 * the external people not linked yet with their ranked candidates, approving a link (GivIdMapping
 * MANUAL_APPROVAL with who and when, optionally a name rule from the decision), fixing a row, and
 * re-validating every row not uploaded. Every write and every read of names is audited (ids and
 * counts only). Rules: docs/staging.md.
 */
import { and, asc, count, desc, eq, ilike, inArray, isNull, ne, or, sql, type SQL } from 'drizzle-orm';
import type {
  EntityType,
  GivIdMapping,
  MappingApproval,
  StagingShift,
  StagingShiftFix,
  StagingShiftPage,
  StagingShiftQuery,
  StagingStatus,
  UnmappedPerson,
} from '@tend/contracts';
import type { Database, Executor } from '../../platform/db/client.ts';
import { recordAudit } from '../../platform/audit/audit.service.ts';
import type { RequestContext } from '../../platform/http/context.ts';
import { AppError, notFound } from '../../platform/http/errors.ts';
import { findPeopleNames } from '../people/people.service.ts';
import { emptyStageTally, writeStagedBatch } from './staged-rows.service.ts';
import { givKeyOf, StagingResolver, type StageRecord } from './staging-resolve.ts';
import {
  givIdMappings,
  stagingResolutionRules,
  stagingShifts,
  stagingShiftSegments,
} from './staging.table.ts';

/** Rows re-validated per transaction. */
export const REVALIDATE_BATCH = 1000;

const rowColumns = {
  shift: stagingShifts,
  segment: {
    evvStart: stagingShiftSegments.evvStart,
    evvEnd: stagingShiftSegments.evvEnd,
    billingCode: stagingShiftSegments.billingCode,
    originalBillingCode: stagingShiftSegments.originalBillingCode,
    modifier: stagingShiftSegments.modifier,
    evvInLat: stagingShiftSegments.evvInLat,
    evvInLong: stagingShiftSegments.evvInLong,
    evvOutLat: stagingShiftSegments.evvOutLat,
    evvOutLong: stagingShiftSegments.evvOutLong,
  },
};

/** Staged rows with their segment (one per staged shift). */
function selectRows(executor: Executor) {
  return executor
    .select(rowColumns)
    .from(stagingShifts)
    .leftJoin(stagingShiftSegments, eq(stagingShiftSegments.stagingShiftId, stagingShifts.id));
}
type StoredRow = Awaited<ReturnType<ReturnType<typeof selectRows>['where']>>[number];

/** A stored row as the record it was staged from (original values: rules apply again). */
function storedRecord({ shift, segment }: StoredRow): StageRecord {
  return {
    givShiftId: shift.givShiftId,
    caregiverGivId: shift.originalCaregiverId,
    caregiverName: shift.originalCaregiverName,
    clientGivId: shift.originalClientId,
    clientName: shift.originalClientName,
    date: shift.date,
    evvStart: segment?.evvStart ?? null,
    evvEnd: segment?.evvEnd ?? null,
    billingCode: segment?.originalBillingCode ?? null,
    mod1: segment?.modifier ?? null,
    evvInLat: segment?.evvInLat ?? null,
    evvInLong: segment?.evvInLong ?? null,
    evvOutLat: segment?.evvOutLat ?? null,
    evvOutLong: segment?.evvOutLong ?? null,
    raw: shift.rawData ?? {},
  };
}

const iso = (value: Date | null) => value?.toISOString() ?? null;

function toStagingShift(
  { shift, segment }: StoredRow,
  names: Awaited<ReturnType<typeof findPeopleNames>>,
): StagingShift {
  return {
    id: shift.id,
    givShiftId: shift.givShiftId,
    status: shift.status,
    errorDetails: shift.errorDetails,
    date: shift.date,
    evvStart: iso(segment?.evvStart ?? null),
    evvEnd: iso(segment?.evvEnd ?? null),
    billingCode: segment?.billingCode ?? null,
    originalBillingCode: segment?.originalBillingCode ?? null,
    originalCaregiverId: shift.originalCaregiverId,
    originalCaregiverName: shift.originalCaregiverName,
    originalClientId: shift.originalClientId,
    originalClientName: shift.originalClientName,
    caregiverId: shift.caregiverId,
    caregiverName: shift.caregiverId ? (names.caregivers.get(shift.caregiverId) ?? null) : null,
    clientId: shift.clientId,
    clientName: shift.clientId ? (names.clients.get(shift.clientId) ?? null) : null,
    caregiverConnectionStatus: shift.caregiverConnectionStatus,
    clientConnectionStatus: shift.clientConnectionStatus,
    caregiverCandidates: shift.caregiverMatchCandidates,
    clientCandidates: shift.clientMatchCandidates,
    seenCount: shift.seenCount,
    source: shift.source,
    shiftId: shift.shiftId,
    uploadedAt: iso(shift.uploadedAt),
    importedAt: shift.importedAt.toISOString(),
  };
}

async function withNames(executor: Executor, rows: StoredRow[]): Promise<StagingShift[]> {
  const names = await findPeopleNames(executor, {
    caregiverIds: [...new Set(rows.flatMap((r) => r.shift.caregiverId ?? []))],
    clientIds: [...new Set(rows.flatMap((r) => r.shift.clientId ?? []))],
  });
  return rows.map((row) => toStagingShift(row, names));
}

function filterOf(query: StagingShiftQuery): SQL | undefined {
  const conditions: SQL[] = [];
  if (query.status) conditions.push(eq(stagingShifts.status, query.status));
  if (query.unmapped === 'true')
    conditions.push(or(isNull(stagingShifts.caregiverId), isNull(stagingShifts.clientId)) as SQL);
  if (query.q) {
    const like = `%${query.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    conditions.push(
      or(
        ilike(stagingShifts.givShiftId, like),
        ilike(stagingShifts.originalCaregiverName, like),
        ilike(stagingShifts.originalClientName, like),
      ) as SQL,
    );
  }
  return conditions.length ? and(...conditions) : undefined;
}

/**
 * A page of staged rows (newest service date first) for the filter, with the count of every status
 * (whole staging). Audited `staging_shift.list` (filter codes, page, rows returned).
 */
export async function listStagingShifts(
  db: Database,
  ctx: RequestContext,
  query: StagingShiftQuery,
): Promise<StagingShiftPage> {
  const where = filterOf(query);
  const [rows, [total], counts] = await Promise.all([
    selectRows(db)
      .where(where)
      .orderBy(desc(stagingShifts.date), asc(stagingShifts.givShiftId))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db.select({ n: count() }).from(stagingShifts).where(where),
    statusCounts(db),
  ]);
  const items = await withNames(db, rows);
  await recordAudit(db, ctx, {
    action: 'staging_shift.list',
    entityType: 'staging_shift',
    details: {
      status: query.status ?? null,
      unmapped: query.unmapped ?? null,
      searched: Boolean(query.q),
      page: query.page,
      returned: items.length,
    },
  });
  return { items, total: total?.n ?? 0, page: query.page, pageSize: query.pageSize, counts };
}

/** Staged rows per status (every status present, 0 when none). */
export async function statusCounts(executor: Executor): Promise<Record<StagingStatus, number>> {
  const rows = await executor
    .select({ status: stagingShifts.status, n: count() })
    .from(stagingShifts)
    .groupBy(stagingShifts.status);
  const counts: Record<StagingStatus, number> = { READY: 0, NOT_READY: 0, UPLOADED: 0, FAILED: 0 };
  for (const row of rows) counts[row.status] = row.n;
  return counts;
}

/**
 * Resolves again every staged row not uploaded (or only `ids`), in batches, after a mapping, rule or
 * fix changed: their links, candidates, status and error details follow. Returns how many rows were
 * re-validated and how many are READY. Audited per batch (`staging_shift.revalidate`).
 */
export async function revalidateStaging(
  db: Database,
  ctx: RequestContext,
  options: { ids?: string[] } = {},
): Promise<{ revalidated: number; ready: number }> {
  const resolver = await StagingResolver.load(db);
  const tally = emptyStageTally();
  let after = '';
  for (;;) {
    const rows = await selectRows(db)
      .where(
        and(
          ne(stagingShifts.status, 'UPLOADED'),
          sql`${stagingShifts.givShiftId} > ${after}`,
          options.ids ? inArray(stagingShifts.id, options.ids) : undefined,
        ),
      )
      .orderBy(asc(stagingShifts.givShiftId))
      .limit(REVALIDATE_BATCH);
    if (!rows.length) break;
    after = rows[rows.length - 1]?.shift.givShiftId ?? after;
    await writeStagedBatch(db, ctx, {
      records: rows.map(storedRecord),
      resolver,
      source: { kind: 'csv' },
      tally,
      mode: 'revalidate',
    });
    if (rows.length < REVALIDATE_BATCH) break;
  }
  return { revalidated: tally.created + tally.updated, ready: tally.ready };
}

/**
 * Fixes a staged row (billing code as the source should have given it, service date) and re-validates
 * it. Errors: 404 for an unknown id; 409 CONFLICT for an uploaded row (fix it in production). Audited
 * `staging_shift.update` with the fields changed.
 */
export async function fixStagingShift(
  db: Database,
  ctx: RequestContext,
  id: string,
  fix: StagingShiftFix,
): Promise<StagingShift> {
  const [row] = await db.select().from(stagingShifts).where(eq(stagingShifts.id, id));
  if (!row) throw notFound('Staging shift');
  if (row.status === 'UPLOADED')
    throw new AppError('CONFLICT', 'This shift is already in production: correct it there');
  await db.transaction(async (tx) => {
    if (fix.date !== undefined)
      await tx.update(stagingShifts).set({ date: fix.date }).where(eq(stagingShifts.id, id));
    if (fix.billingCode !== undefined)
      await tx
        .update(stagingShiftSegments)
        .set({ originalBillingCode: fix.billingCode, billingCode: fix.billingCode })
        .where(eq(stagingShiftSegments.stagingShiftId, id));
    await recordAudit(tx, ctx, {
      action: 'staging_shift.update',
      entityType: 'staging_shift',
      entityId: id,
      details: { fields: Object.keys(fix).filter((k) => fix[k as keyof StagingShiftFix] !== undefined) },
    });
  });
  await revalidateStaging(db, ctx, { ids: [id] });
  const [stored] = await selectRows(db).where(eq(stagingShifts.id, id));
  return (await withNames(db, [stored as StoredRow]))[0] as StagingShift;
}

const roleColumns = {
  CAREGIVER: {
    id: stagingShifts.caregiverId,
    givId: stagingShifts.originalCaregiverId,
    name: stagingShifts.originalCaregiverName,
    status: stagingShifts.caregiverConnectionStatus,
    candidates: stagingShifts.caregiverMatchCandidates,
    idRule: 'CAREGIVER_ID',
    nameRule: 'CAREGIVER_NAME',
  },
  CLIENT: {
    id: stagingShifts.clientId,
    givId: stagingShifts.originalClientId,
    name: stagingShifts.originalClientName,
    status: stagingShifts.clientConnectionStatus,
    candidates: stagingShifts.clientMatchCandidates,
    idRule: 'CLIENT_ID',
    nameRule: 'CLIENT_NAME',
  },
} as const;

async function unmappedOf(
  db: Database,
  resolver: StagingResolver,
  entityType: EntityType,
): Promise<UnmappedPerson[]> {
  const c = roleColumns[entityType];
  const groups = await db
    .select({ givId: c.givId, name: c.name, status: c.status, candidates: c.candidates, rows: count() })
    .from(stagingShifts)
    .where(and(isNull(c.id), ne(stagingShifts.status, 'UPLOADED')))
    .groupBy(c.givId, c.name, c.status, c.candidates)
    .limit(5000);
  const people = new Map<string, UnmappedPerson>();
  for (const group of groups) {
    const givId = resolver.rewrite(c.idRule, group.givId);
    const key = givKeyOf(givId, resolver.rewrite(c.nameRule, group.name));
    if (!key) continue;
    const person: UnmappedPerson = people.get(key) ?? {
      entityType,
      givKey: key,
      givId,
      names: [] as string[],
      rows: 0,
      status: group.status,
      candidates: group.candidates,
    };
    person.rows += group.rows;
    if (group.name && !person.names.includes(group.name)) person.names.push(group.name);
    if (group.candidates.length > person.candidates.length) person.candidates = group.candidates;
    if (group.status === 'PENDING_APPROVAL') person.status = 'PENDING_APPROVAL';
    people.set(key, person);
  }
  return [...people.values()].sort((a, b) => b.rows - a.rows || a.givKey.localeCompare(b.givKey));
}

/**
 * The external caregivers and clients staged rows name that are not linked (rows not uploaded), one
 * per GivIdMapping key (id, else folded name, after rules), most rows first, with the spellings seen
 * and the candidates ranked at staging. Audited `staging_mapping.list` (counts).
 */
export async function listUnmapped(db: Database, ctx: RequestContext): Promise<{ items: UnmappedPerson[] }> {
  const resolver = await StagingResolver.load(db);
  const items = [
    ...(await unmappedOf(db, resolver, 'CAREGIVER')),
    ...(await unmappedOf(db, resolver, 'CLIENT')),
  ];
  await recordAudit(db, ctx, {
    action: 'staging_mapping.list',
    entityType: 'giv_id_mapping',
    details: { unmapped: items.length },
  });
  return { items };
}

function toMapping(row: typeof givIdMappings.$inferSelect, entityName: string | null): GivIdMapping {
  return {
    id: row.id,
    givId: row.givId,
    entityType: row.entityType,
    entityId: row.entityId,
    entityName,
    matchMethod: row.matchMethod,
    matchConfidence: row.matchConfidence,
    approvedBy: row.approvedBy,
    approvedAt: iso(row.approvedAt),
  };
}

/** Every GivIdMapping, newest first (at most 1,000), with the linked person's name. Audited. */
export async function listMappings(db: Database, ctx: RequestContext): Promise<{ items: GivIdMapping[] }> {
  const rows = await db.select().from(givIdMappings).orderBy(desc(givIdMappings.updatedAt)).limit(1000);
  const names = await findPeopleNames(db, {
    caregiverIds: rows.filter((r) => r.entityType === 'CAREGIVER').map((r) => r.entityId),
    clientIds: rows.filter((r) => r.entityType === 'CLIENT').map((r) => r.entityId),
  });
  await recordAudit(db, ctx, {
    action: 'staging_mapping.list',
    entityType: 'giv_id_mapping',
    details: { returned: rows.length },
  });
  return {
    items: rows.map((row) =>
      toMapping(
        row,
        (row.entityType === 'CAREGIVER' ? names.caregivers : names.clients).get(row.entityId) ?? null,
      ),
    ),
  };
}

/**
 * Links the external person `givKey` to `entityId` (MANUAL_APPROVAL, confidence 1, approved by the
 * actor now), replacing any earlier link of the key; with `createRule` and `sourceName`, also the name
 * rule `sourceName` → the person's name (spec s.3 StagingResolutionRule: later files spelled that way
 * resolve by the rule). Then re-validates staging. Errors: 400 naming `entityId` when no such person;
 * 400 naming `sourceName` when a rule is asked without one. Audited `staging_mapping.approve`.
 */
export async function approveMapping(
  db: Database,
  ctx: RequestContext,
  input: MappingApproval,
): Promise<{ mapping: GivIdMapping; revalidated: number }> {
  const names = await findPeopleNames(db, {
    caregiverIds: input.entityType === 'CAREGIVER' ? [input.entityId] : [],
    clientIds: input.entityType === 'CLIENT' ? [input.entityId] : [],
  });
  const personName = (input.entityType === 'CAREGIVER' ? names.caregivers : names.clients).get(
    input.entityId,
  );
  if (!personName) throw AppError.field('entityId', `is not a ${input.entityType.toLowerCase()} of Tend`);
  if (input.createRule && !input.sourceName)
    throw AppError.field('sourceName', 'is required to create a rule');
  const now = new Date();
  const approvedBy = ctx.actor?.userAccountId ?? null;
  const mapping = await db.transaction(async (tx) => {
    const values = {
      givId: input.givKey,
      entityType: input.entityType,
      entityId: input.entityId,
      matchMethod: 'MANUAL_APPROVAL' as const,
      matchConfidence: 1,
      approvedBy,
      approvedAt: now,
    };
    const [row] = await tx
      .insert(givIdMappings)
      .values(values)
      .onConflictDoUpdate({
        target: [givIdMappings.givId, givIdMappings.entityType],
        set: { ...values, updatedAt: now },
      })
      .returning();
    let ruleId: string | null = null;
    if (input.createRule && input.sourceName) {
      const ruleType = input.entityType === 'CAREGIVER' ? 'CAREGIVER_NAME' : 'CLIENT_NAME';
      const [rule] = await tx
        .insert(stagingResolutionRules)
        .values({
          ruleType,
          sourceValue: input.sourceName,
          targetValue: personName,
          notes: 'Created from a mapping approval',
        })
        .onConflictDoUpdate({
          target: [stagingResolutionRules.ruleType, stagingResolutionRules.sourceValue],
          set: { targetValue: personName, isActive: true, updatedAt: now },
        })
        .returning({ id: stagingResolutionRules.id });
      ruleId = rule?.id ?? null;
    }
    await recordAudit(tx, ctx, {
      action: 'staging_mapping.approve',
      entityType: 'giv_id_mapping',
      entityId: row?.id ?? null,
      details: { entityType: input.entityType, entityId: input.entityId, ruleId },
    });
    return row as typeof givIdMappings.$inferSelect;
  });
  const { revalidated } = await revalidateStaging(db, ctx);
  return { mapping: toMapping(mapping, personName), revalidated };
}
