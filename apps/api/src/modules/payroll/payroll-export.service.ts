/**
 * Payroll exports (issue 6 "a payroll export per period per caregiver … as CSV"; docs/payroll.md
 * "Export"): the period's payroll (the same figures as `GET /api/payroll`) written as CSV — one row
 * per caregiver, UTF-8 with BOM, CRLF, header `payrollCsvHeader`, cells through the shared CSV writer
 * (`csvCell`: RFC 4180 quoting and the formula guard) — kept in bucket `exports` at
 * `payroll/<periodStart>/<exportId>.csv`, never overwritten, with a `payroll_export` row holding the
 * totals and the file's SHA-256. Audited `payroll_export.create`, `.list`, `.download`.
 */
import { createHash, randomUUID } from 'node:crypto';
import { and, count, desc, eq, gte, isNull, lte } from 'drizzle-orm';
import {
  centsToDecimal,
  csvCell,
  payrollCsvHeader,
  type PayrollExport,
  type PayrollExportListQuery,
  type PayrollExportPage,
  type PayrollPeriodView,
} from '@tend/contracts';
import type { Database } from '../../platform/db/client.ts';
import { recordAudit } from '../../platform/audit/audit.service.ts';
import { userNames } from '../users/user-names.service.ts';
import type { RequestContext } from '../../platform/http/context.ts';
import { AppError, notFound } from '../../platform/http/errors.ts';
import type { GetResult } from '../../platform/storage/storage.driver.ts';
import { EXPORTS_BUCKET, type StorageService } from '../../platform/storage/storage.service.ts';
import { payrollAdjustments, payrollExports } from './payroll.table.ts';
import { computePeriodPayroll, resolvePayPeriod, type PayrollConfig } from './payroll.service.ts';

/** Hours and miles as written in the file: two decimals ("41.25", "0.00"). */
const decimal = (value: number) => value.toFixed(2);

/** The CSV text of a period's payroll (pure): header, then one row per caregiver in the view's order. */
export function payrollCsv(view: PayrollPeriodView): string {
  const lines = [payrollCsvHeader.map((h) => csvCell(h)).join(',')];
  for (const row of view.items) {
    lines.push(
      [
        csvCell(row.caregiverName),
        csvCell(row.caregiverId),
        csvCell(row.externalId),
        csvCell(view.period.start),
        csvCell(view.period.end),
        decimal(row.regularHours),
        decimal(row.overtimeHours),
        decimal(row.mileageMiles),
        decimal(row.hourAdjustments),
        centsToDecimal(row.amountAdjustmentCents),
        decimal(row.totalPaidHours),
      ].join(','),
    );
  }
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}

const exportColumns = {
  row: payrollExports,
  exportedByName: userNames.name,
};

const toExport = (r: {
  row: typeof payrollExports.$inferSelect;
  exportedByName: string | null;
}): PayrollExport => ({
  id: r.row.id,
  periodStart: r.row.periodStart,
  periodEnd: r.row.periodEnd,
  fileName: r.row.fileName,
  fileSha256: r.row.fileSha256,
  caregiverCount: r.row.caregiverCount,
  regularHours: r.row.regularHours,
  overtimeHours: r.row.overtimeHours,
  mileageMiles: r.row.mileageMiles,
  exportedBy: r.row.exportedBy,
  exportedByName: r.exportedByName || null,
  createdAt: r.row.createdAt.toISOString(),
});

/**
 * `POST /api/payroll/exports`: computes the period's payroll, stores the CSV (storage audits
 * `file.upload`), then in one transaction writes the `payroll_export` row, stamps `appliedAt` on the
 * period's active adjustments not yet applied, and audits `payroll_export.create`. When the
 * transaction fails the stored file is removed again. A period without any payroll is refused.
 * Errors: VALIDATION_FAILED naming `periodStart` (not a period start, or nothing to pay).
 */
export async function createPayrollExport(
  db: Database,
  storage: StorageService,
  ctx: RequestContext,
  config: PayrollConfig,
  periodStart: string,
): Promise<PayrollExport> {
  const resolved = await resolvePayPeriod(db, config, periodStart);
  const view = await computePeriodPayroll(db, config, resolved);
  if (!view.items.length)
    throw AppError.field('periodStart', 'has no paid time or adjustments: there is nothing to export');
  const id = randomUUID();
  const bytes = Buffer.from(payrollCsv(view), 'utf8');
  const fileSha256 = createHash('sha256').update(bytes).digest('hex');
  const { start, end } = view.period;
  const fileName = `payroll-${start}-to-${end}.csv`;
  const filePath = `payroll/${start}/${id}.csv`;
  await storage.upload(ctx, {
    bucketId: EXPORTS_BUCKET,
    path: filePath,
    body: bytes,
    contentType: 'text/csv; charset=utf-8',
    size: bytes.length,
  });
  try {
    await db.transaction(async (tx) => {
      await tx.insert(payrollExports).values({
        id,
        periodStart: start,
        periodEnd: end,
        exportedBy: ctx.actor?.userAccountId ?? null,
        fileName,
        filePath,
        fileSha256,
        caregiverCount: view.totals.caregivers,
        regularHours: view.totals.regularHours,
        overtimeHours: view.totals.overtimeHours,
        mileageMiles: view.totals.mileageMiles,
      });
      const now = new Date();
      await tx
        .update(payrollAdjustments)
        .set({ appliedAt: now, updatedAt: now })
        .where(
          and(
            eq(payrollAdjustments.isActive, true),
            isNull(payrollAdjustments.appliedAt),
            gte(payrollAdjustments.effectiveDate, start),
            lte(payrollAdjustments.effectiveDate, end),
          ),
        );
      await recordAudit(tx, ctx, {
        action: 'payroll_export.create',
        entityType: 'payroll_export',
        entityId: id,
        details: { periodStart: start, periodEnd: end, caregivers: view.totals.caregivers, fileSha256 },
      });
    });
  } catch (error) {
    await storage.remove(ctx, EXPORTS_BUCKET, [filePath]).catch(() => undefined);
    throw error;
  }
  const [row] = await db
    .select(exportColumns)
    .from(payrollExports)
    .leftJoin(userNames, eq(userNames.id, payrollExports.exportedBy))
    .where(eq(payrollExports.id, id));
  if (!row) throw new AppError('INTERNAL');
  return toExport(row);
}

/** `GET /api/payroll/exports`: newest first, optionally of one period. Audited `payroll_export.list`. */
export async function listPayrollExports(
  db: Database,
  ctx: RequestContext,
  query: PayrollExportListQuery,
): Promise<PayrollExportPage> {
  const where = query.periodStart ? eq(payrollExports.periodStart, query.periodStart) : undefined;
  const [rows, [total]] = await Promise.all([
    db
      .select(exportColumns)
      .from(payrollExports)
      .leftJoin(userNames, eq(userNames.id, payrollExports.exportedBy))
      .where(where)
      .orderBy(desc(payrollExports.createdAt), desc(payrollExports.id))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db.select({ n: count() }).from(payrollExports).where(where),
  ]);
  await recordAudit(db, ctx, {
    action: 'payroll_export.list',
    entityType: 'payroll_export',
    details: { periodStart: query.periodStart ?? null, returned: rows.length },
  });
  return { items: rows.map(toExport), total: total?.n ?? 0, page: query.page, pageSize: query.pageSize };
}

/**
 * `GET /api/payroll/exports/:id/file`: opens the stored CSV (storage audits `file.read`) and audits
 * `payroll_export.download`. Errors: NOT_FOUND (row or file).
 */
export async function openPayrollExport(
  db: Database,
  storage: StorageService,
  ctx: RequestContext,
  id: string,
): Promise<{ fileName: string; object: GetResult }> {
  const [row] = await db.select().from(payrollExports).where(eq(payrollExports.id, id));
  if (!row) throw notFound('Payroll export');
  const object = await storage.download(ctx, EXPORTS_BUCKET, row.filePath);
  await recordAudit(db, ctx, {
    action: 'payroll_export.download',
    entityType: 'payroll_export',
    entityId: id,
    details: { periodStart: row.periodStart, fileSha256: row.fileSha256 },
  });
  return { fileName: row.fileName, object };
}
