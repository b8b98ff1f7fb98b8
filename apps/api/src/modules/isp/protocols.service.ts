/**
 * Reviewing an ISP's protocols (issue 19 "Review and verification"; spec s.3 Protocol, s.4 ProtocolStatus;
 * docs/isp.md): editing fields, status changes with who and when, new versions of a licensed author's order,
 * exclusion, ordering, verification of the ISP and the cross-client list. Rules:
 * - a licensed author's FINALIZED protocol is an order: its content and status are locked (409 `PROTOCOL_LOCKED`);
 *   change it by creating a new version (a DRAFT that replaces it in the ISP). Its include flags may still change
 *   (they choose what is printed, not what is ordered). A superseded version, and any protocol of a VERIFIED ISP,
 *   is read-only the same way;
 * - FINALIZED needs a risk type and every threshold confirmed by a person (409 `PROTOCOL_NOT_READY`);
 * - changing the content of a FINALIZED (not locked) protocol moves it back to REVIEWED;
 * - an ISP becomes VERIFIED only when every current protocol is FINALIZED or excluded (409 `ISP_NOT_READY`).
 * Every read and write is audited (decision 0029).
 */
import { and, asc, count, desc, eq, ilike, isNull, type SQL } from 'drizzle-orm';
import {
  protocolComparedFields,
  type IspSummary,
  type Protocol,
  type ProtocolListQuery,
  type ProtocolOrder,
  type ProtocolPage,
  type ProtocolStatus,
  type ProtocolUpdate,
} from '@tend/contracts';
import type { Database, Transaction } from '../../platform/db/client.ts';
import { escapeLike, recordAudit } from '../../platform/audit/audit.service.ts';
import type { RequestContext } from '../../platform/http/context.ts';
import { AppError, notFound } from '../../platform/http/errors.ts';
import { findPeopleNames } from '../people/people.service.ts';
import { isps, protocols } from './isp.table.ts';
import { isLockedOrder, toIspSummaries, toProtocols, type IspRow, type ProtocolRow } from './isp-rows.ts';
import { loadIsp, loadProtocolRows } from './isp.service.ts';

/** The fields of a protocol's content (the rest of an update are include flags). */
const contentFields = ['riskType', ...protocolComparedFields] as const;

/** A protocol row and its ISP, for an update; NOT_FOUND when either is missing. */
async function loadForChange(tx: Transaction, id: string): Promise<{ row: ProtocolRow; isp: IspRow }> {
  const [row] = await tx.select().from(protocols).where(eq(protocols.id, id)).for('update');
  if (!row) throw notFound('Protocol');
  return { row, isp: await loadIsp(tx, row.ispId) };
}

/** Refuses any change to a protocol that is read-only whatever is asked: superseded, or of a VERIFIED ISP. */
function assertWritable(row: ProtocolRow, isp: IspRow): void {
  if (row.supersededById)
    throw new AppError(
      'PROTOCOL_LOCKED',
      'This is an earlier version of the protocol; change the current version',
    );
  if (isp.status === 'VERIFIED')
    throw new AppError('PROTOCOL_LOCKED', 'The ISP is verified; upload a new ISP to change its protocols');
  if (isp.status !== 'COMPLETED')
    throw new AppError(
      'ISP_NOT_READY',
      `The ISP is ${isp.status}; its protocols can be reviewed once processing completes`,
    );
}

const lockedOrder = () =>
  new AppError(
    'PROTOCOL_LOCKED',
    "This protocol is a licensed professional's order and is finalized: create a new version to change it",
  );

/** The row's values after `update` (only the fields sent), and whether its content changed. */
function applyUpdate(update: ProtocolUpdate) {
  const values: Partial<typeof protocols.$inferInsert> = {};
  let contentChanged = false;
  for (const [key, value] of Object.entries(update) as [keyof ProtocolUpdate, unknown][]) {
    if (value === undefined) continue;
    (values as Record<string, unknown>)[key] = value;
    if ((contentFields as readonly string[]).includes(key)) contentChanged = true;
  }
  return { values, contentChanged };
}

/** One protocol as the API shows it. */
async function shown(tx: Transaction | Database, row: ProtocolRow, clientId: string): Promise<Protocol> {
  const [protocol] = await toProtocols(tx, [row], () => clientId);
  if (!protocol) throw notFound('Protocol');
  return protocol;
}

/**
 * Changes the fields sent. Audited `protocol.update` (the field names, never their values). Errors: NOT_FOUND,
 * PROTOCOL_LOCKED, ISP_NOT_READY.
 */
export async function updateProtocol(
  db: Database,
  ctx: RequestContext,
  id: string,
  update: ProtocolUpdate,
): Promise<Protocol> {
  return db.transaction(async (tx) => {
    const { row, isp } = await loadForChange(tx, id);
    const { values, contentChanged } = applyUpdate(update);
    // Include flags only (what is printed) may change on a VERIFIED ISP and on a licensed order.
    if (contentChanged || isp.status !== 'VERIFIED') assertWritable(row, isp);
    else if (row.supersededById) assertWritable(row, isp);
    if (contentChanged && isLockedOrder(row)) throw lockedOrder();
    if (contentChanged && row.status === 'FINALIZED') {
      values.status = 'REVIEWED';
      values.statusChangedBy = ctx.actor?.userAccountId ?? null;
      values.statusChangedAt = new Date();
    }
    // A person's edit: a retry of processing never replaces this protocol.
    values.extractedByJobId = null;
    const [updated] = await tx.update(protocols).set(values).where(eq(protocols.id, id)).returning();
    if (!updated) throw notFound('Protocol');
    await recordAudit(tx, ctx, {
      action: 'protocol.update',
      entityType: 'protocol',
      entityId: id,
      details: {
        ispId: row.ispId,
        fields: Object.keys(values).filter((key) => key !== 'extractedByJobId'),
        ...(values.status ? { status: { from: row.status, to: values.status } } : {}),
      },
    });
    return shown(tx, updated, isp.clientId);
  });
}

/**
 * Creates a new version of a protocol with `update` applied: a DRAFT with `version + 1` and `previousVersionId`, in
 * the same place of the same ISP; the old version is kept, superseded (read-only). The only way to change a licensed
 * author's finalized order. Audited `protocol.version`. Errors: NOT_FOUND, PROTOCOL_LOCKED (superseded, VERIFIED
 * ISP), ISP_NOT_READY.
 */
export async function createProtocolVersion(
  db: Database,
  ctx: RequestContext,
  id: string,
  update: ProtocolUpdate,
): Promise<Protocol> {
  return db.transaction(async (tx) => {
    const { row, isp } = await loadForChange(tx, id);
    assertWritable(row, isp);
    const { values } = applyUpdate(update);
    const { id: _id, createdAt: _createdAt, updatedAt: _updatedAt, ...copied } = row;
    const [created] = await tx
      .insert(protocols)
      .values({
        ...copied,
        ...values,
        status: 'DRAFT',
        version: row.version + 1,
        previousVersionId: row.id,
        supersededById: null,
        excluded: false,
        exclusionReason: null,
        statusChangedBy: ctx.actor?.userAccountId ?? null,
        statusChangedAt: new Date(),
        reviewedBy: null,
        reviewedAt: null,
        finalizedBy: null,
        finalizedAt: null,
        extractedByJobId: null,
      })
      .returning();
    if (!created) throw new Error('the protocol version was not stored');
    await tx.update(protocols).set({ supersededById: created.id }).where(eq(protocols.id, row.id));
    await recordAudit(tx, ctx, {
      action: 'protocol.version',
      entityType: 'protocol',
      entityId: created.id,
      details: {
        ispId: row.ispId,
        previousVersionId: row.id,
        version: created.version,
        fields: Object.keys(values),
      },
    });
    return shown(tx, created, isp.clientId);
  });
}

/** Why a protocol cannot be FINALIZED: the paths and messages of what is missing (empty when it can). */
export function finalizeProblems(row: Pick<ProtocolRow, 'riskType' | 'thresholds'>) {
  const problems: { path: string; message: string }[] = [];
  if (!row.riskType.trim()) problems.push({ path: 'riskType', message: 'is required to finalize' });
  row.thresholds.forEach((threshold, index) => {
    if (!threshold.confirmed)
      problems.push({
        path: `thresholds.${index}.confirmed`,
        message: 'must be confirmed by a person to finalize',
      });
  });
  return problems;
}

/**
 * Sets a protocol's status, recording who and when (and `reviewedBy/At`, `finalizedBy/At`). Audited
 * `protocol.status`. Errors: NOT_FOUND, PROTOCOL_LOCKED, PROTOCOL_NOT_READY, ISP_NOT_READY.
 */
export async function changeProtocolStatus(
  db: Database,
  ctx: RequestContext,
  id: string,
  status: ProtocolStatus,
): Promise<Protocol> {
  return db.transaction(async (tx) => {
    const { row, isp } = await loadForChange(tx, id);
    assertWritable(row, isp);
    if (isLockedOrder(row) && status !== 'FINALIZED') throw lockedOrder();
    if (status === 'FINALIZED') {
      const problems = finalizeProblems(row);
      if (problems.length)
        throw new AppError(
          'PROTOCOL_NOT_READY',
          'Confirm every threshold and give the risk type before finalizing',
          problems,
        );
    }
    const userId = ctx.actor?.userAccountId ?? null;
    const now = new Date();
    const [updated] = await tx
      .update(protocols)
      .set({
        status,
        statusChangedBy: userId,
        statusChangedAt: now,
        ...(status === 'REVIEWED' ? { reviewedBy: userId, reviewedAt: now } : {}),
        ...(status === 'FINALIZED' ? { finalizedBy: userId, finalizedAt: now } : {}),
        extractedByJobId: null,
      })
      .where(eq(protocols.id, id))
      .returning();
    if (!updated) throw notFound('Protocol');
    await recordAudit(tx, ctx, {
      action: 'protocol.status',
      entityType: 'protocol',
      entityId: id,
      details: { ispId: row.ispId, from: row.status, to: status },
    });
    return shown(tx, updated, isp.clientId);
  });
}

/**
 * Excludes a protocol from the ISP's review (with a reason) or includes it again. Audited `protocol.exclude`.
 * Errors: NOT_FOUND, PROTOCOL_LOCKED (also a licensed author's finalized order), ISP_NOT_READY.
 */
export async function setProtocolExclusion(
  db: Database,
  ctx: RequestContext,
  id: string,
  input: { excluded: boolean; reason: string | null },
): Promise<Protocol> {
  return db.transaction(async (tx) => {
    const { row, isp } = await loadForChange(tx, id);
    assertWritable(row, isp);
    if (isLockedOrder(row)) throw lockedOrder();
    const [updated] = await tx
      .update(protocols)
      .set({
        excluded: input.excluded,
        exclusionReason: input.excluded ? input.reason : null,
        statusChangedBy: ctx.actor?.userAccountId ?? null,
        statusChangedAt: new Date(),
        extractedByJobId: null,
      })
      .where(eq(protocols.id, id))
      .returning();
    if (!updated) throw notFound('Protocol');
    await recordAudit(tx, ctx, {
      action: 'protocol.exclude',
      entityType: 'protocol',
      entityId: id,
      details: { ispId: row.ispId, excluded: input.excluded },
    });
    return shown(tx, updated, isp.clientId);
  });
}

/**
 * Orders an ISP's current protocols as listed (`sortOrder` 0, 1, 2…). Audited `protocol.reorder`.
 * Errors: NOT_FOUND; 400 `protocolIds` unless it lists every current protocol of the ISP once.
 */
export async function reorderProtocols(
  db: Database,
  ctx: RequestContext,
  ispId: string,
  order: ProtocolOrder,
): Promise<Protocol[]> {
  return db.transaction(async (tx) => {
    const isp = await loadIsp(tx, ispId);
    const { current } = await loadProtocolRows(tx, ispId);
    const currentIds = new Set(current.map((row) => row.id));
    if (order.protocolIds.length !== currentIds.size || !order.protocolIds.every((id) => currentIds.has(id)))
      throw AppError.field('protocolIds', 'must list every current protocol of this ISP once');
    for (const [index, id] of order.protocolIds.entries())
      await tx.update(protocols).set({ sortOrder: index }).where(eq(protocols.id, id));
    await recordAudit(tx, ctx, {
      action: 'protocol.reorder',
      entityType: 'isp',
      entityId: ispId,
      details: { protocols: order.protocolIds.length },
    });
    const { current: reordered } = await loadProtocolRows(tx, ispId);
    return toProtocols(tx, reordered, () => isp.clientId);
  });
}

/**
 * Verifies an ISP: VERIFIED with `verifiedAt` and `verifiedBy`, when it is COMPLETED and every current protocol is
 * FINALIZED or excluded. Audited `isp.verify`. Errors: NOT_FOUND; ISP_NOT_READY naming each protocol that is not
 * (`errors[].path` `protocols.<id>`), or when the ISP is not COMPLETED.
 */
export async function verifyIsp(db: Database, ctx: RequestContext, ispId: string): Promise<IspSummary> {
  const row = await db.transaction(async (tx) => {
    const [isp] = await tx.select().from(isps).where(eq(isps.id, ispId)).for('update');
    if (!isp) throw notFound('ISP');
    if (isp.status !== 'COMPLETED')
      throw new AppError('ISP_NOT_READY', `Only a COMPLETED ISP can be verified; this one is ${isp.status}`);
    const { current } = await loadProtocolRows(tx, ispId);
    const open = current.filter((protocol) => !protocol.excluded && protocol.status !== 'FINALIZED');
    if (open.length)
      throw new AppError(
        'ISP_NOT_READY',
        `${open.length} protocol(s) are neither finalized nor excluded`,
        open.map((protocol) => ({
          path: `protocols.${protocol.id}`,
          message: `${protocol.riskType || 'A protocol'} is ${protocol.status}`,
        })),
      );
    const [verified] = await tx
      .update(isps)
      .set({ status: 'VERIFIED', verifiedAt: new Date(), verifiedBy: ctx.actor?.userAccountId ?? null })
      .where(eq(isps.id, ispId))
      .returning();
    await recordAudit(tx, ctx, {
      action: 'isp.verify',
      entityType: 'isp',
      entityId: ispId,
      details: {
        protocols: current.length,
        excluded: current.length - current.filter((p) => !p.excluded).length,
      },
    });
    return verified;
  });
  if (!row) throw notFound('ISP');
  const [summary] = await toIspSummaries(db, [row]);
  if (!summary) throw notFound('ISP');
  return summary;
}

/**
 * Current protocols across clients, filtered: newest ISP first, then `sortOrder`. Audited `protocol.list`.
 */
export async function listProtocols(
  db: Database,
  ctx: RequestContext,
  query: ProtocolListQuery,
): Promise<ProtocolPage> {
  const filters: SQL[] = [isNull(protocols.supersededById)];
  if (query.clientId) filters.push(eq(isps.clientId, query.clientId));
  if (query.ispId) filters.push(eq(protocols.ispId, query.ispId));
  if (query.riskType) filters.push(ilike(protocols.riskType, `%${escapeLike(query.riskType)}%`));
  if (query.status) filters.push(eq(protocols.status, query.status));
  if (query.serious !== undefined) filters.push(eq(protocols.serious, query.serious));
  if (query.excluded !== undefined) filters.push(eq(protocols.excluded, query.excluded));
  const where = and(...filters);
  const [rows, [total]] = await Promise.all([
    db
      .select({
        protocol: protocols,
        clientId: isps.clientId,
        ispStatus: isps.status,
        ispCreatedAt: isps.createdAt,
      })
      .from(protocols)
      .innerJoin(isps, eq(isps.id, protocols.ispId))
      .where(where)
      .orderBy(desc(isps.createdAt), asc(protocols.ispId), asc(protocols.sortOrder), asc(protocols.id))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db.select({ total: count() }).from(protocols).innerJoin(isps, eq(isps.id, protocols.ispId)).where(where),
  ]);
  const clientIds = [...new Set(rows.map((row) => row.clientId))];
  const [people, shownRows] = await Promise.all([
    findPeopleNames(db, { caregiverIds: [], clientIds }),
    toProtocols(
      db,
      rows.map((row) => row.protocol),
      (protocol) => rows.find((row) => row.protocol.id === protocol.id)?.clientId ?? '',
    ),
  ]);
  await recordAudit(db, ctx, {
    action: 'protocol.list',
    entityType: 'protocol',
    details: { page: query.page, returned: rows.length },
  });
  return {
    items: shownRows.map((protocol, index) => ({
      ...protocol,
      clientName: people.clients.get(protocol.clientId) ?? '',
      ispStatus: rows[index]?.ispStatus ?? 'COMPLETED',
      ispCreatedAt: (rows[index]?.ispCreatedAt ?? new Date(0)).toISOString(),
    })),
    total: total?.total ?? 0,
    page: query.page,
    pageSize: query.pageSize,
  };
}
