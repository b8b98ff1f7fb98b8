/**
 * Stored reports (spec s.3 ReportReference: client, report type, year, period, storage key, bucket, region, file
 * name): the one way the isp module stores a generated PDF in bucket `generated-reports` with its reference row, and
 * opens it again. Used by the caregiver export of an ISP (docs/isp-export.md) and quarterly summaries
 * (docs/quarterly-summaries.md).
 */
import { randomUUID } from 'node:crypto';
import type { SQL } from 'drizzle-orm';
import type { Database } from '../../platform/db/client.ts';
import { recordAudit, type AuditInput } from '../../platform/audit/audit.service.ts';
import type { RequestContext } from '../../platform/http/context.ts';
import { notFound } from '../../platform/http/errors.ts';
import type { Download, StorageService } from '../../platform/storage/storage.service.ts';
import { reportReferences } from './isp.table.ts';

/** The bucket of generated reports (200 MiB each; created at start, isp.plugin.ts). */
export const REPORTS_BUCKET = 'generated-reports';

export type ReportRow = typeof reportReferences.$inferSelect;

export interface ReportStoreDeps {
  db: Database;
  storage: StorageService;
  /** Storage region written on the reference (S3's); null for local storage. */
  storageRegion: string | null;
}

/** What `storeReport` stores: the PDF's bytes, its reference's fields, and the audit event written with it. */
export interface NewReport {
  clientId: string;
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
 * Uploads the PDF (`<reportType>/<folder>/<uuid>.pdf`, private, never cached), then writes its reference and audit
 * event in one transaction; when that fails the uploaded object is removed, so no reference points at nothing and
 * no object is left without one. Returns the reference row.
 */
export async function storeReport(
  deps: ReportStoreDeps,
  ctx: RequestContext,
  report: NewReport,
): Promise<ReportRow> {
  const key = `${report.reportType}/${report.folder}/${randomUUID()}.pdf`;
  await deps.storage.upload(ctx, {
    bucketId: REPORTS_BUCKET,
    path: key,
    body: report.bytes,
    contentType: 'application/pdf',
    cacheControl: 'private, max-age=0',
  });
  try {
    return await deps.db.transaction(async (tx) => {
      const [inserted] = await tx
        .insert(reportReferences)
        .values({
          clientId: report.clientId,
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
          createdBy: ctx.actor?.userAccountId ?? null,
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

/** A report's file name: `<prefix>-<client slug>-<suffix>.pdf`, the slug ASCII letters, digits and dashes (≤ 60). */
export function reportFileName(prefix: string, clientName: string, suffix: string): string {
  const slug = clientName
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^A-Za-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60);
  return `${prefix}-${slug || 'client'}-${suffix}.pdf`;
}
