/**
 * Stored reports (spec s.3 ReportReference: client or caregiver, report type, year, period, storage key, bucket,
 * region, file name): the one way a generated file (PDF, CSV, XLSX) is stored in bucket `generated-reports` with its
 * reference row, opened again and listed. Used by the caregiver export of an ISP (docs/isp-export.md), quarterly
 * summaries (docs/quarterly-summaries.md) and the report export (module report-export, decision 0066).
 */
import { randomUUID } from 'node:crypto';
import { and, count, desc, eq, inArray, like, type SQL } from 'drizzle-orm';
import type { Database, Executor } from '../../platform/db/client.ts';
import { recordAudit, type AuditInput } from '../../platform/audit/audit.service.ts';
import type { RequestContext } from '../../platform/http/context.ts';
import { notFound } from '../../platform/http/errors.ts';
import type { Download, StorageService } from '../../platform/storage/storage.service.ts';
import { reportReferences } from './isp.table.ts';

/** The bucket of generated reports (200 MiB each; created at start, isp.plugin.ts). */
export const REPORTS_BUCKET = 'generated-reports';

/** The file kinds a report is stored as: extension → content type (the bucket allows exactly these). */
export const REPORT_CONTENT_TYPES = {
  pdf: 'application/pdf',
  csv: 'text/csv',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
} as const;
export type ReportFileKind = keyof typeof REPORT_CONTENT_TYPES;

export type ReportRow = typeof reportReferences.$inferSelect;

export interface ReportStoreDeps {
  db: Database;
  storage: StorageService;
  /** Storage region written on the reference (S3's); null for local storage. */
  storageRegion: string | null;
}

/**
 * What `storeReport` stores: the file's bytes (a PDF unless `kind` says otherwise), its reference's fields (a client,
 * a caregiver or both), and the audit event written with it.
 */
export interface NewReport {
  clientId: string | null;
  caregiverId?: string | null;
  /** The report-export job that writes it (decision 0066). */
  jobId?: string | null;
  /** Who asked for it; default the context's actor (a job passes the account that started it). */
  createdBy?: string | null;
  kind?: ReportFileKind;
  reportType: string;
  year: number;
  period: string | null;
  fileName: string;
  /** The storage key's folder under the report type, e.g. `<client>/<isp>`; a random uuid names the file. */
  folder: string;
  bytes: Buffer;
  ispId?: string;
  protocolCount?: number;
  /** The audit event (`entityType` report_reference and `entityId` the new row's id are filled in). */
  audit: Pick<AuditInput, 'action' | 'details'>;
}

/**
 * Uploads the file (`<reportType>/<folder>/<uuid>.<kind>`, private, never cached), then writes its reference and audit
 * event in one transaction; when that fails the uploaded object is removed, so no reference points at nothing and
 * no object is left without one. Returns the reference row.
 */
export async function storeReport(
  deps: ReportStoreDeps,
  ctx: RequestContext,
  report: NewReport,
): Promise<ReportRow> {
  const kind = report.kind ?? 'pdf';
  const key = `${report.reportType}/${report.folder}/${randomUUID()}.${kind}`;
  await deps.storage.upload(ctx, {
    bucketId: REPORTS_BUCKET,
    path: key,
    body: report.bytes,
    contentType: REPORT_CONTENT_TYPES[kind],
    cacheControl: 'private, max-age=0',
  });
  try {
    return await deps.db.transaction(async (tx) => {
      const [inserted] = await tx
        .insert(reportReferences)
        .values({
          clientId: report.clientId,
          caregiverId: report.caregiverId ?? null,
          jobId: report.jobId ?? null,
          reportType: report.reportType,
          year: report.year,
          period: report.period,
          storageKey: key,
          bucket: REPORTS_BUCKET,
          region: deps.storageRegion,
          fileName: report.fileName,
          ispId: report.ispId ?? null,
          size: report.bytes.length,
          protocolCount: report.protocolCount ?? null,
          createdBy: report.createdBy !== undefined ? report.createdBy : (ctx.actor?.userAccountId ?? null),
        })
        .returning();
      if (!inserted) throw new Error('the report reference was not stored');
      await recordAudit(tx, ctx, { ...report.audit, entityType: 'report_reference', entityId: inserted.id });
      return inserted;
    });
  } catch (error) {
    await deps.storage.remove(ctx, REPORTS_BUCKET, [key]).catch(() => undefined);
    throw error;
  }
}

/**
 * Opens the stored report whose reference matches `where` (the caller scopes it: an ISP's export, a quarterly
 * summary's), auditing the download with `audit(row)`. Errors: NOT_FOUND (no such reference, or its object is gone).
 */
export async function openReport(
  deps: Pick<ReportStoreDeps, 'db' | 'storage'>,
  ctx: RequestContext,
  options: {
    where: SQL | undefined;
    range: string | undefined;
    audit: (row: ReportRow) => Pick<AuditInput, 'action' | 'details'>;
  },
): Promise<{ download: Download; fileName: string }> {
  const [row] = await deps.db.select().from(reportReferences).where(options.where);
  if (!row) throw notFound('Export');
  await recordAudit(deps.db, ctx, {
    ...options.audit(row),
    entityType: 'report_reference',
    entityId: row.id,
  });
  const download = await deps.storage.download(ctx, row.bucket, row.storageKey, { range: options.range });
  return { download, fileName: row.fileName };
}

/**
 * A report's file name: `<prefix>-<name slug>-<suffix>.<extension>` (a client's or caregiver's name; extension `pdf`
 * by default), the slug ASCII letters, digits and dashes (≤ 60).
 */
export function reportFileName(
  prefix: string,
  clientName: string,
  suffix: string,
  extension: ReportFileKind = 'pdf',
): string {
  const slug = clientName
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^A-Za-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60);
  return `${prefix}-${slug || 'report'}-${suffix}.${extension}`;
}

/** The filter of {@link findReportReferences}: report types (at least one), and optionally a subject or a job. */
export interface ReportReferenceFilter {
  reportTypes: readonly string[];
  clientId?: string;
  caregiverId?: string;
  jobId?: string;
}

function filterOf(filter: ReportReferenceFilter): SQL | undefined {
  return and(
    inArray(reportReferences.reportType, [...filter.reportTypes]),
    filter.clientId ? eq(reportReferences.clientId, filter.clientId) : undefined,
    filter.caregiverId ? eq(reportReferences.caregiverId, filter.caregiverId) : undefined,
    filter.jobId ? eq(reportReferences.jobId, filter.jobId) : undefined,
  );
}

/**
 * A page of report references of `filter`, newest first (then id), and the filter's total: how the report export
 * lists what it stored without reading `report_reference` itself (decision 0066). `page` is 1-based. Not audited:
 * references hold ids and file names; the caller audits the listing.
 */
export async function findReportReferences(
  executor: Executor,
  filter: ReportReferenceFilter,
  paging: { page: number; pageSize: number },
): Promise<{ rows: ReportRow[]; total: number }> {
  const where = filterOf(filter);
  const rows = await executor
    .select()
    .from(reportReferences)
    .where(where)
    .orderBy(desc(reportReferences.createdAt), desc(reportReferences.id))
    .limit(paging.pageSize)
    .offset((paging.page - 1) * paging.pageSize);
  const [counted] = await executor.select({ n: count() }).from(reportReferences).where(where);
  return { rows, total: Number(counted?.n ?? 0) };
}

/** The reference `id` when its report type is one of `reportTypes`, else null. One query. */
export async function findReportReference(
  executor: Executor,
  id: string,
  reportTypes: readonly string[],
): Promise<ReportRow | null> {
  const [row] = await executor
    .select()
    .from(reportReferences)
    .where(and(eq(reportReferences.id, id), inArray(reportReferences.reportType, [...reportTypes])));
  return row ?? null;
}

/**
 * The report a job already stored under `folder` (see {@link NewReport.folder}) for `reportType`, or null: how a
 * restarted job skips the files it wrote before (decision 0066). One query.
 */
export async function findJobReport(
  executor: Executor,
  options: { jobId: string; reportType: string; folder: string },
): Promise<ReportRow | null> {
  const prefix = `${options.reportType}/${options.folder}/`.replace(/[\\%_]/g, (c) => `\\${c}`);
  const [row] = await executor
    .select()
    .from(reportReferences)
    .where(and(eq(reportReferences.jobId, options.jobId), like(reportReferences.storageKey, `${prefix}%`)));
  return row ?? null;
}
