/**
 * Generated quarterly summaries of some clients, for the dashboards (issue 20 "quarterly summaries"): each client's
 * quarters newest first, sections in the order they were generated, the text as written. Not audited: callers
 * audit (the admin page's reads are `quarterly.service.ts`).
 */
import { asc, desc, inArray } from 'drizzle-orm';
import type { Executor } from '../../../platform/db/client.ts';
import { quarterlySummaries } from '../isp.table.ts';
import { quarterBounds } from './quarter.ts';

/** One generated quarter of a client. */
export interface ClientSummaryQuarter {
  clientId: string;
  year: number;
  quarter: number;
  /** First and last day of the quarter in the agency zone, `YYYY-MM-DD`. */
  firstDate: string;
  lastDate: string;
  generatedAt: Date | null;
  sections: { sectionName: string; sectionSummary: string }[];
}

/** clientId → its generated quarters, newest first (clients without one are absent). One query. */
export async function findClientSummaries(
  executor: Executor,
  clientIds: string[],
  timeZone: string,
): Promise<Map<string, ClientSummaryQuarter[]>> {
  if (!clientIds.length) return new Map();
  const rows = await executor
    .select()
    .from(quarterlySummaries)
    .where(inArray(quarterlySummaries.clientId, clientIds))
    .orderBy(
      desc(quarterlySummaries.year),
      desc(quarterlySummaries.quarter),
      asc(quarterlySummaries.createdAt),
      asc(quarterlySummaries.sectionName),
    );
  const byClient = new Map<string, Map<string, ClientSummaryQuarter>>();
  for (const row of rows) {
    const quarters = byClient.get(row.clientId) ?? new Map<string, ClientSummaryQuarter>();
    byClient.set(row.clientId, quarters);
    const key = `${row.year}-${row.quarter}`;
    let entry = quarters.get(key);
    if (!entry) {
      const bounds = quarterBounds(row.year, row.quarter, timeZone);
      entry = {
        clientId: row.clientId,
        year: row.year,
        quarter: row.quarter,
        firstDate: bounds.firstDate,
        lastDate: bounds.lastDate,
        generatedAt: row.generatedAt,
        sections: [],
      };
      quarters.set(key, entry);
    }
    entry.sections.push({ sectionName: row.sectionName, sectionSummary: row.sectionSummary ?? '' });
  }
  return new Map([...byClient].map(([clientId, quarters]) => [clientId, [...quarters.values()]]));
}
