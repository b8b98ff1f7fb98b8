/**
 * Stored reports for other modules (spec s.3 ReportReference; decision 0025): module `access` makes 72-hour read-only
 * links to one report (docs/access-links.md) and needs the report's client (to check the caller's scope) and to
 * open it again, without reading `report_reference` itself.
 */
import { eq } from 'drizzle-orm';
import type { Executor } from '../../platform/db/client.ts';
import type { AuditInput } from '../../platform/audit/audit.service.ts';
import type { RequestContext } from '../../platform/http/context.ts';
import type { Download } from '../../platform/storage/storage.service.ts';
import { reportReferences } from './isp.table.ts';
import { openReport, type ReportStoreDeps } from './report-references.ts';

/** The client of the stored report `reportReferenceId`, or null when no such report exists. One query. */
export async function findReportClientId(
  executor: Executor,
  reportReferenceId: string,
): Promise<string | null> {
  const [row] = await executor
    .select({ clientId: reportReferences.clientId })
    .from(reportReferences)
    .where(eq(reportReferences.id, reportReferenceId));
  return row?.clientId ?? null;
}

/**
 * Opens the stored report `reportReferenceId` (its bytes, honouring `range`, and its file name), auditing the
 * download as `audit` with `entityType` report_reference. Errors: NOT_FOUND (no such report, or its object is gone).
 */
export function openReportById(
  deps: Pick<ReportStoreDeps, 'db' | 'storage'>,
  ctx: RequestContext,
  options: {
    reportReferenceId: string;
    range: string | undefined;
    audit: Pick<AuditInput, 'action' | 'details'>;
  },
): Promise<{ download: Download; fileName: string }> {
  return openReport(deps, ctx, {
    where: eq(reportReferences.id, options.reportReferenceId),
    range: options.range,
    audit: () => options.audit,
  });
}
