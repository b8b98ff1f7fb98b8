/**
 * Case managers and their caseloads as dashboards read them (issue 20 "a case manager only clients whose
 * `caseManagerId` is theirs"; decision 0051). Not audited: callers audit.
 */
import { and, asc, count, eq, ilike, inArray, or, type SQL } from 'drizzle-orm';
import type { Executor } from '../../platform/db/client.ts';
import { caseManagers, clients } from './people.table.ts';

/** A case manager's record as a dashboard shows it. */
export interface CaseManagerRecord {
  id: string;
  name: string;
  county: string | null;
  archived: boolean;
}

/** One client of a caseload. `ispMonth`: the month (1–12) the client's ISP year starts, or null. */
export interface CaseloadClient {
  id: string;
  name: string;
  archived: boolean;
  ispMonth: number | null;
  caseManagerId: string;
}

const recordColumns = {
  id: caseManagers.id,
  name: caseManagers.name,
  county: caseManagers.county,
  archived: caseManagers.archived,
};

/** One case manager, or null when unknown. */
export async function findCaseManagerRecord(
  executor: Executor,
  id: string,
): Promise<CaseManagerRecord | null> {
  const [row] = await executor.select(recordColumns).from(caseManagers).where(eq(caseManagers.id, id));
  return row ?? null;
}

/** The clients whose `caseManagerId` is one of those given (archived ones included), by name then id. */
export async function findCaseloadClients(
  executor: Executor,
  caseManagerIds: string[],
): Promise<CaseloadClient[]> {
  if (!caseManagerIds.length) return [];
  const rows = await executor
    .select({
      id: clients.id,
      name: clients.name,
      archived: clients.archived,
      ispMonth: clients.ispMonth,
      caseManagerId: clients.caseManagerId,
    })
    .from(clients)
    .where(inArray(clients.caseManagerId, caseManagerIds))
    .orderBy(asc(clients.name), asc(clients.id));
  return rows.map((row) => ({ ...row, caseManagerId: row.caseManagerId as string }));
}

/**
 * A page of case managers by name: every one (`ids` 'all') or those whose ids are given; `q` matches the name or
 * county (case ignored). Two statements.
 */
export async function findCaseManagerRecords(
  executor: Executor,
  options: { ids: string[] | 'all'; q?: string; page: number; pageSize: number },
): Promise<{ items: CaseManagerRecord[]; total: number }> {
  if (options.ids !== 'all' && !options.ids.length) return { items: [], total: 0 };
  const pattern = options.q ? `%${options.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null;
  const where: (SQL | undefined)[] = [
    options.ids === 'all' ? undefined : inArray(caseManagers.id, options.ids),
    pattern ? or(ilike(caseManagers.name, pattern), ilike(caseManagers.county, pattern)) : undefined,
  ];
  const items = await executor
    .select(recordColumns)
    .from(caseManagers)
    .where(and(...where))
    .orderBy(asc(caseManagers.name), asc(caseManagers.id))
    .limit(options.pageSize)
    .offset((options.page - 1) * options.pageSize);
  const [total] = await executor
    .select({ n: count() })
    .from(caseManagers)
    .where(and(...where));
  return { items, total: total?.n ?? 0 };
}
