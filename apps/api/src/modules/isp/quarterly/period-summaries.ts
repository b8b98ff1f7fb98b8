/**
 * The generated quarterly summaries of a client over a period, for the report export's "quarterly summaries" type
 * (issue 24; decision 0066 addendum; docs/report-export.md): every quarter whose days overlap the period (a quarter's
 * days in the agency's time zone, `quarter.ts`), oldest first, its sections in the order they were generated — as
 * stored by the last generation (docs/quarterly-summaries.md), never generated here. Audited
 * `quarterly_summary.list` (entity client; ids and counts, never text).
 */
import { and, asc, between, eq } from 'drizzle-orm';
import type { Database } from '../../../platform/db/client.ts';
import { recordAudit } from '../../../platform/audit/audit.service.ts';
import type { RequestContext } from '../../../platform/http/context.ts';
import { findUserNames } from '../../users/user-names.service.ts';
import { quarterlySummaries } from '../isp.table.ts';
import { quarterBounds } from './quarter.ts';

/** One generated section of a quarter overlapping the period. */
export interface PeriodSummarySection {
  year: number;
  quarter: number;
  /** The quarter's first and last day (`YYYY-MM-DD`). */
  firstDate: string;
  lastDate: string;
  sectionName: string;
  sectionSummary: string;
  noteCount: number;
  shiftCount: number;
  generatedAt: Date | null;
  generatedByName: string | null;
}

/**
 * The stored sections of every quarter of the client overlapping [`from`, `to`] (inclusive `YYYY-MM-DD`), oldest
 * quarter first; empty when none of those quarters was generated (or they had no notes). One query and the
 * generators' names. Audited `quarterly_summary.list`. No client check: the caller has one.
 */
export async function findPeriodSummarySections(
  db: Database,
  ctx: RequestContext,
  input: { clientId: string; from: string; to: string; timeZone: string },
): Promise<PeriodSummarySection[]> {
  const rows = await db
    .select()
    .from(quarterlySummaries)
    .where(
      and(
        eq(quarterlySummaries.clientId, input.clientId),
        between(quarterlySummaries.year, Number(input.from.slice(0, 4)), Number(input.to.slice(0, 4))),
      ),
    )
    .orderBy(
      asc(quarterlySummaries.year),
      asc(quarterlySummaries.quarter),
      asc(quarterlySummaries.createdAt),
      asc(quarterlySummaries.sectionName),
    );
  const overlapping = rows
    .map((row) => ({ row, bounds: quarterBounds(row.year, row.quarter, input.timeZone) }))
    .filter(({ bounds }) => bounds.firstDate <= input.to && bounds.lastDate >= input.from);
  const names = await findUserNames(db, { ids: overlapping.map(({ row }) => row.generatedBy) });
  const sections = overlapping.map(({ row, bounds }): PeriodSummarySection => ({
    year: row.year,
    quarter: row.quarter,
    firstDate: bounds.firstDate,
    lastDate: bounds.lastDate,
    sectionName: row.sectionName,
    sectionSummary: row.sectionSummary ?? '',
    noteCount: row.noteCount,
    shiftCount: row.shiftCount,
    generatedAt: row.generatedAt,
    generatedByName: row.generatedBy ? (names.get(row.generatedBy) ?? null) : null,
  }));
  await recordAudit(db, ctx, {
    action: 'quarterly_summary.list',
    entityType: 'client',
    entityId: input.clientId,
    details: {
      from: input.from,
      to: input.to,
      quarters: new Set(sections.map((s) => `${s.year}-${s.quarter}`)).size,
      sections: sections.length,
    },
  });
  return sections;
}
