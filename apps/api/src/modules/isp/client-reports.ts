/**
 * A client's quarterly summaries and stored reports as dashboards list them (issue 20 "quarterly summaries and
 * reports to download"), and opening one of those reports scoped to the client. Not audited here except the
 * download (`openReport` audits with the caller's action).
 */
import { and, desc, eq } from 'drizzle-orm';
import type { AuditAction } from '@tend/contracts';
import type { RequestContext } from '../../platform/http/context.ts';
import type { Executor } from '../../platform/db/client.ts';
import { quarterlySummaries, reportReferences } from './isp.table.ts';
import { openReport, type ReportStoreDeps } from './report-references.ts';

/** One generated quarter of a client with its sections. */
export interface ClientQuarter {
  year: number;
  quarter: number;
  sections: { sectionName: string; sectionSummary: string | null }[];
  generatedAt: Date | null;
}

/** The client's generated quarters, newest first, at most `limit` quarters. One statement. */
export async function findClientQuarters(
  executor: Executor,
  clientId: string,
  limit: number,
): Promise<ClientQuarter[]> {
  const rows = await executor
    .select()
    .from(quarterlySummaries)
    .where(eq(quarterlySummaries.clientId, clientId))
    .orderBy(desc(quarterlySummaries.year), desc(quarterlySummaries.quarter), quarterlySummaries.sectionName);
  const quarters = new Map<string, ClientQuarter>();
  for (const row of rows) {
    const key = `${row.year}-${row.quarter}`;
    const quarter = quarters.get(key) ?? {
      year: row.year,
      quarter: row.quarter,
      sections: [],
      generatedAt: null,
    };
    quarter.sections.push({ sectionName: row.sectionName, sectionSummary: row.sectionSummary });
    if (row.generatedAt && (!quarter.generatedAt || row.generatedAt > quarter.generatedAt))
      quarter.generatedAt = row.generatedAt;
    quarters.set(key, quarter);
  }
  return [...quarters.values()].slice(0, limit);
}

/** The client's stored reports (report references), newest first, at most `limit`. One statement. */
export async function findClientReports(executor: Executor, clientId: string, limit: number) {
  return executor
    .select({
      id: reportReferences.id,
      reportType: reportReferences.reportType,
      year: reportReferences.year,
      period: reportReferences.period,
      fileName: reportReferences.fileName,
      size: reportReferences.size,
      createdAt: reportReferences.createdAt,
    })
    .from(reportReferences)
    .where(eq(reportReferences.clientId, clientId))
    .orderBy(desc(reportReferences.createdAt), desc(reportReferences.id))
    .limit(limit);
}

/**
 * Opens report `reportId` of client `clientId` (NOT_FOUND when it is another client's or unknown), auditing the
 * download as `action` with `details` added to the report's ids.
 */
export function openClientReport(
  deps: Pick<ReportStoreDeps, 'db' | 'storage'>,
  ctx: RequestContext,
  options: {
    clientId: string;
    reportId: string;
    range: string | undefined;
    action: AuditAction;
    details: Record<string, unknown>;
  },
) {
  return openReport(deps, ctx, {
    where: and(eq(reportReferences.id, options.reportId), eq(reportReferences.clientId, options.clientId)),
    range: options.range,
    audit: (row) => ({
      action: options.action,
      details: { ...options.details, clientId: row.clientId, reportType: row.reportType },
    }),
  });
}
