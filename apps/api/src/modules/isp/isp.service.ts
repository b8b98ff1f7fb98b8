/**
 * ISPs (issue 19; spec s.3 ISP; docs/isp.md): uploading a client's ISP PDF (stored in bucket `isp`, the original never
 * overwritten), the processing job it queues, the list (the `/process` queue) and the detail with protocols and the
 * changes since the client's last VERIFIED ISP, retrying a failed one, the stored PDF versions (annotated copies) and
 * reading them with byte ranges. Every read and write is audited (decision 0029); logs and audit details carry ids and
 * counts, never the file's text.
 */
import { createHash, randomUUID } from 'node:crypto';
import { and, asc, count, desc, eq, isNotNull, lt, ne, sql, type SQL } from 'drizzle-orm';
import {
  ISP_BUCKET,
  ispProblemMessages,
  ispStatuses,
  protocolComparedFields,
  type IspChanges,
  type IspDetail,
  type IspListQuery,
  type IspPage,
  type IspPdfVersion,
  type IspSummary,
  type ProtocolComparedField,
} from '@tend/contracts';
import type { Database, Executor } from '../../platform/db/client.ts';
import { recordAudit } from '../../platform/audit/audit.service.ts';
import type { RequestContext } from '../../platform/http/context.ts';
import { AppError, notFound } from '../../platform/http/errors.ts';
import type { JobRunner } from '../../platform/jobs/jobs.service.ts';
import type { Download, StorageService } from '../../platform/storage/storage.service.ts';
import { findPeopleNames } from '../people/people.service.ts';
import { ispPdfVersions, isps, protocols } from './isp.table.ts';
import { toIspSummaries, toPdfVersions, toProtocols, type IspRow, type ProtocolRow } from './isp-rows.ts';

/** The job that reads an ISP's PDF and makes its DRAFT protocols (`isp-processing.job.ts`). */
export const ISP_PROCESSING_JOB = 'isp-processing';

/** What the ISP services use. */
export interface IspDeps {
  db: Database;
  storage: StorageService;
  jobs: Pick<JobRunner, 'enqueue'>;
}

/** An uploaded file. */
export interface IspUpload {
  clientId: string;
  fileName: string;
  bytes: Buffer;
}

/** True when the bytes start like a PDF (`%PDF-` within the first 1024 bytes, as readers tolerate). */
export function looksLikePdf(bytes: Uint8Array): boolean {
  const head = Buffer.from(bytes.subarray(0, 1024)).toString('latin1');
  return head.includes('%PDF-');
}

/** The object key of version `version` of an ISP's PDF. */
export const ispPdfKey = (clientId: string, ispId: string, version: number) =>
  `${clientId}/${ispId}/v${version}.pdf`;

/** A file name safe to store and show (no path, no control characters), at most 200 characters. */
export function cleanFileName(name: string, fallback: string): string {
  // eslint-disable-next-line no-control-regex -- control characters are what this removes
  const base = (name.split(/[\\/]/).at(-1) ?? '').replace(/[\u0000-\u001f\u007f]/g, '').trim();
  return (base || fallback).slice(0, 200);
}

/** One ISP row, or NOT_FOUND. */
export async function loadIsp(executor: Executor, id: string): Promise<IspRow> {
  const [row] = await executor.select().from(isps).where(eq(isps.id, id));
  if (!row) throw notFound('ISP');
  return row;
}

/**
 * Stores an uploaded ISP and queues its processing (UPLOADED). A file that does not start like a PDF is stored too
 * (as `application/octet-stream`, never served as a PDF) and the ISP ends in ERROR `not-a-pdf` at once; an empty
 * file ends in ERROR `empty`. Audited `isp.upload`. Errors: NOT_FOUND (client); the storage's (413 above the bucket
 * limit).
 */
export async function uploadIsp(deps: IspDeps, ctx: RequestContext, upload: IspUpload): Promise<IspSummary> {
  const people = await findPeopleNames(deps.db, { caregiverIds: [], clientIds: [upload.clientId] });
  if (!people.clients.has(upload.clientId)) throw AppError.field('clientId', 'is not a client in Tend');
  const id = randomUUID();
  const fileName = cleanFileName(upload.fileName, 'isp.pdf');
  const sha256 = createHash('sha256').update(upload.bytes).digest('hex');
  const problem =
    upload.bytes.length === 0 ? 'empty' : looksLikePdf(upload.bytes) ? null : ('not-a-pdf' as const);
  const key = ispPdfKey(upload.clientId, id, 1);
  await deps.storage.upload(ctx, {
    bucketId: ISP_BUCKET,
    path: key,
    body: upload.bytes,
    contentType: problem ? 'application/octet-stream' : 'application/pdf',
    cacheControl: 'private, max-age=0',
  });
  const userId = ctx.actor?.userAccountId ?? null;
  try {
    await deps.db.transaction(async (tx) => {
      await tx.insert(isps).values({
        id,
        clientId: upload.clientId,
        pdfUrl: key,
        status: problem ? 'ERROR' : 'UPLOADED',
        uploadedBy: userId,
        fileName,
        fileSize: upload.bytes.length,
        sha256,
        problem,
        errorMessage: problem ? ispProblemMessages[problem] : null,
      });
      await tx.insert(ispPdfVersions).values({
        ispId: id,
        version: 1,
        storageKey: key,
        bucket: ISP_BUCKET,
        fileName,
        size: upload.bytes.length,
        note: null,
        createdBy: userId,
      });
      await recordAudit(tx, ctx, {
        action: 'isp.upload',
        entityType: 'isp',
        entityId: id,
        details: { clientId: upload.clientId, size: upload.bytes.length, problem },
      });
    });
  } catch (error) {
    await deps.storage.remove(ctx, ISP_BUCKET, [key]).catch(() => undefined);
    throw error;
  }
  if (!problem) await queueProcessing(deps, id, userId);
  return summaryOf(deps.db, await loadIsp(deps.db, id));
}

/** Queues the processing job of ISP `id` and remembers it on the row. */
async function queueProcessing(deps: IspDeps, id: string, userId: string | null): Promise<void> {
  const job = await deps.jobs.enqueue({
    jobType: ISP_PROCESSING_JOB,
    metadata: { ispId: id },
    triggeredBy: userId,
  });
  await deps.db.update(isps).set({ jobId: job.id }).where(eq(isps.id, id));
}

async function summaryOf(executor: Executor, row: IspRow): Promise<IspSummary> {
  const [summary] = await toIspSummaries(executor, [row]);
  if (!summary) throw notFound('ISP');
  return summary;
}

/** ISPs, newest first, with counts per status for the client filter. Audited `isp.list`. */
export async function listIsps(db: Database, ctx: RequestContext, query: IspListQuery): Promise<IspPage> {
  const byClient = query.clientId ? eq(isps.clientId, query.clientId) : undefined;
  const filters: SQL[] = [];
  if (byClient) filters.push(byClient);
  if (query.status) filters.push(eq(isps.status, query.status));
  const where = filters.length ? and(...filters) : undefined;
  const [rows, [total], perStatus] = await Promise.all([
    db
      .select()
      .from(isps)
      .where(where)
      .orderBy(desc(isps.createdAt), desc(isps.id))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db.select({ total: count() }).from(isps).where(where),
    db.select({ status: isps.status, total: count() }).from(isps).where(byClient).groupBy(isps.status),
  ]);
  const counts: Record<string, number> = Object.fromEntries(ispStatuses.map((status) => [status, 0]));
  for (const row of perStatus) counts[row.status] = row.total;
  await recordAudit(db, ctx, {
    action: 'isp.list',
    entityType: 'isp',
    details: { page: query.page, returned: rows.length, status: query.status ?? null },
  });
  return {
    items: await toIspSummaries(db, rows),
    total: total?.total ?? 0,
    page: query.page,
    pageSize: query.pageSize,
    counts,
  };
}

/** The protocols of an ISP: current ones in `sortOrder`, and superseded ones. */
export async function loadProtocolRows(executor: Executor, ispId: string) {
  const rows = await executor
    .select()
    .from(protocols)
    .where(eq(protocols.ispId, ispId))
    .orderBy(asc(protocols.sortOrder), asc(protocols.version), asc(protocols.createdAt));
  return {
    current: rows.filter((row) => !row.supersededById),
    superseded: rows.filter((row) => row.supersededById),
  };
}

/** The client's last VERIFIED ISP uploaded before `isp` (the one a re-upload is compared with), or null. */
export async function findPreviousVerifiedIsp(executor: Executor, isp: IspRow): Promise<IspRow | null> {
  const [row] = await executor
    .select()
    .from(isps)
    .where(
      and(
        eq(isps.clientId, isp.clientId),
        eq(isps.status, 'VERIFIED'),
        isNotNull(isps.verifiedAt),
        ne(isps.id, isp.id),
        lt(isps.createdAt, isp.createdAt),
      ),
    )
    .orderBy(desc(isps.verifiedAt), desc(isps.id))
    .limit(1);
  return row ?? null;
}

/** The risk type as protocols are matched across versions: trimmed, spaces collapsed, lower case. */
export const riskKey = (riskType: string) => riskType.trim().replace(/\s+/g, ' ').toLowerCase();

/** The fields whose values differ between two protocols (thresholds compared without `confirmed`). */
export function changedFields(a: ProtocolRow, b: ProtocolRow): ProtocolComparedField[] {
  const comparable = (row: ProtocolRow, field: ProtocolComparedField): unknown =>
    field === 'thresholds'
      ? row.thresholds.map((threshold) => ({ ...threshold, confirmed: undefined }))
      : row[field];
  return protocolComparedFields.filter(
    (field) => JSON.stringify(comparable(a, field)) !== JSON.stringify(comparable(b, field)),
  );
}

/** What changed, risk by risk, between the previous VERIFIED ISP's protocols and these. */
async function changesSince(executor: Executor, isp: IspRow, current: ProtocolRow[]): Promise<IspChanges> {
  const previous = await findPreviousVerifiedIsp(executor, isp);
  if (!previous?.verifiedAt) return null;
  const before = (await loadProtocolRows(executor, previous.id)).current;
  const beforeByRisk = new Map(before.map((row) => [riskKey(row.riskType), row]));
  const seen = new Set<string>();
  const items: NonNullable<IspChanges>['items'] = [];
  for (const row of current) {
    const key = riskKey(row.riskType);
    seen.add(key);
    const old = beforeByRisk.get(key);
    if (!old) {
      items.push({
        riskType: row.riskType,
        kind: 'added',
        protocolId: row.id,
        previousProtocolId: null,
        fields: [],
      });
      continue;
    }
    const fields = changedFields(old, row);
    items.push({
      riskType: row.riskType,
      kind: fields.length ? 'changed' : 'unchanged',
      protocolId: row.id,
      previousProtocolId: old.id,
      fields,
    });
  }
  for (const old of before)
    if (!seen.has(riskKey(old.riskType)))
      items.push({
        riskType: old.riskType,
        kind: 'removed',
        protocolId: null,
        previousProtocolId: old.id,
        fields: [],
      });
  return { previousIspId: previous.id, previousVerifiedAt: previous.verifiedAt.toISOString(), items };
}

/** One ISP with its text, protocols, PDF versions and changes. Audited `isp.read`. Errors: NOT_FOUND. */
export async function getIsp(db: Database, ctx: RequestContext, id: string): Promise<IspDetail> {
  const row = await loadIsp(db, id);
  const { current, superseded } = await loadProtocolRows(db, id);
  const versions = await db
    .select()
    .from(ispPdfVersions)
    .where(eq(ispPdfVersions.ispId, id))
    .orderBy(asc(ispPdfVersions.version));
  const clientIdOf = () => row.clientId;
  const [summary, currentProtocols, supersededProtocols, pdfVersions, changes] = await Promise.all([
    summaryOf(db, row),
    toProtocols(db, current, clientIdOf),
    toProtocols(db, superseded, clientIdOf),
    toPdfVersions(db, versions),
    changesSince(db, row, current),
  ]);
  await recordAudit(db, ctx, {
    action: 'isp.read',
    entityType: 'isp',
    entityId: id,
    details: { clientId: row.clientId, protocols: current.length },
  });
  return {
    ...summary,
    processedHtml: row.processedHtml,
    protocols: currentProtocols,
    supersededProtocols,
    pdfVersions,
    changes,
  };
}

/**
 * Queues the processing of an ISP in ERROR again (it returns to UPLOADED). Audited `isp.retry`.
 * Errors: NOT_FOUND; ISP_NOT_READY unless the ISP is in ERROR.
 */
export async function retryIsp(deps: IspDeps, ctx: RequestContext, id: string): Promise<IspSummary> {
  const userId = ctx.actor?.userAccountId ?? null;
  await deps.db.transaction(async (tx) => {
    const row = await loadIsp(tx, id);
    if (row.status !== 'ERROR')
      throw new AppError('ISP_NOT_READY', `Only an ISP in ERROR can be retried; this one is ${row.status}`);
    await tx
      .update(isps)
      .set({ status: 'UPLOADED', problem: null, errorMessage: null })
      .where(and(eq(isps.id, id), eq(isps.status, 'ERROR')));
    await recordAudit(tx, ctx, {
      action: 'isp.retry',
      entityType: 'isp',
      entityId: id,
      details: { previousProblem: row.problem },
    });
  });
  await queueProcessing(deps, id, userId);
  return summaryOf(deps.db, await loadIsp(deps.db, id));
}

/** The stored PDF versions of an ISP. Audited `isp_pdf_version.list`. Errors: NOT_FOUND. */
export async function listPdfVersions(
  db: Database,
  ctx: RequestContext,
  id: string,
): Promise<IspPdfVersion[]> {
  await loadIsp(db, id);
  const rows = await db
    .select()
    .from(ispPdfVersions)
    .where(eq(ispPdfVersions.ispId, id))
    .orderBy(asc(ispPdfVersions.version));
  await recordAudit(db, ctx, {
    action: 'isp_pdf_version.list',
    entityType: 'isp',
    entityId: id,
    details: { returned: rows.length },
  });
  return toPdfVersions(db, rows);
}

/**
 * Opens version `version` (default: the ISP's current one) of an ISP's PDF, the part `range` asks for when given.
 * Audited `isp_pdf.read` (and the storage's `file.read`). Errors: NOT_FOUND (ISP, version, object).
 */
export async function openIspPdf(
  deps: Pick<IspDeps, 'db' | 'storage'>,
  ctx: RequestContext,
  id: string,
  options: { version?: number | undefined; range?: string | undefined },
): Promise<{ download: Download; fileName: string; version: number }> {
  const row = await loadIsp(deps.db, id);
  const version = options.version ?? row.currentPdfVersion;
  const [stored] = await deps.db
    .select()
    .from(ispPdfVersions)
    .where(and(eq(ispPdfVersions.ispId, id), eq(ispPdfVersions.version, version)));
  if (!stored) throw notFound(`Version ${version} of this ISP's PDF`);
  await recordAudit(deps.db, ctx, {
    action: 'isp_pdf.read',
    entityType: 'isp',
    entityId: id,
    details: { version, range: options.range ? true : false },
  });
  const download = await deps.storage.download(ctx, stored.bucket, stored.storageKey, {
    range: options.range,
  });
  return { download, fileName: stored.fileName, version };
}

/**
 * Stores an annotated copy of an ISP's PDF as its next version, which becomes the current one (the original and
 * earlier versions are kept). Audited `isp_pdf.create`. Errors: NOT_FOUND; 400 `file` when it is not a PDF.
 */
export async function saveIspPdfVersion(
  deps: Pick<IspDeps, 'db' | 'storage'>,
  ctx: RequestContext,
  id: string,
  input: { fileName: string; bytes: Buffer; note: string | null },
): Promise<IspPdfVersion> {
  if (input.bytes.length === 0 || !looksLikePdf(input.bytes)) throw AppError.field('file', 'must be a PDF');
  const row = await loadIsp(deps.db, id);
  const [latest] = await deps.db
    .select({ version: sql<number>`max(${ispPdfVersions.version})`.mapWith(Number) })
    .from(ispPdfVersions)
    .where(eq(ispPdfVersions.ispId, id));
  const version = (latest?.version ?? 0) + 1;
  const key = ispPdfKey(row.clientId, id, version);
  const fileName = cleanFileName(input.fileName, `isp-v${version}.pdf`);
  await deps.storage.upload(ctx, {
    bucketId: ISP_BUCKET,
    path: key,
    body: input.bytes,
    contentType: 'application/pdf',
    cacheControl: 'private, max-age=0',
  });
  try {
    const [created] = await deps.db.transaction(async (tx) => {
      const inserted = await tx
        .insert(ispPdfVersions)
        .values({
          ispId: id,
          version,
          storageKey: key,
          bucket: ISP_BUCKET,
          fileName,
          size: input.bytes.length,
          note: input.note,
          createdBy: ctx.actor?.userAccountId ?? null,
        })
        .returning();
      await tx.update(isps).set({ currentPdfVersion: version }).where(eq(isps.id, id));
      await recordAudit(tx, ctx, {
        action: 'isp_pdf.create',
        entityType: 'isp',
        entityId: id,
        details: { version, size: input.bytes.length },
      });
      return inserted;
    });
    if (!created) throw new Error('the PDF version was not stored');
    const [shown] = await toPdfVersions(deps.db, [created]);
    if (!shown) throw new Error('the PDF version was not stored');
    return shown;
  } catch (error) {
    // Two saves at once: the unique (isp, version) index refuses the second; its object is removed.
    await deps.storage.remove(ctx, ISP_BUCKET, [key]).catch(() => undefined);
    if (
      error instanceof Error &&
      /isp_pdf_version_isp_version_idx|unique/i.test(`${error.message} ${String(error.cause)}`)
    )
      throw new AppError(
        'CONFLICT',
        'Another version of this PDF was saved at the same time; reload and save again',
      );
    throw error;
  }
}
