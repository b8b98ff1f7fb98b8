/**
 * Where each client's plan stands (issue 20 "overdue ISPs and reviews, unacknowledged protocols"; decision 0051),
 * read for dashboards in a fixed number of statements for any number of clients:
 * - the latest VERIFIED ISP (by `verified_at`, as `current-plans.ts`) with its plan dates, and the ISPs uploaded but
 *   not yet VERIFIED nor in ERROR (waiting for processing or review);
 * - the current protocols (`currentPlans`: FINALIZED, not excluded, not superseded);
 * - caregiver × current protocol pairs expected and acknowledged (decision 0046: a caregiver serves a client with a
 *   live shift dated from {@link ACKNOWLEDGEMENT_SERVING_DAYS} days before today on).
 * {@link ispPlanStatus} is the rule that turns plan dates into `current` / `due_soon` / `overdue` / `missing`.
 * Not audited: callers audit.
 */
import { sql } from 'drizzle-orm';
import { DateTime } from 'luxon';
import { ACKNOWLEDGEMENT_SERVING_DAYS, ISP_DUE_SOON_DAYS, type IspPlanStatus } from '@tend/contracts';
import type { Executor } from '../../platform/db/client.ts';
import { shiftFacts } from '../shifts/shift-facts.ts';
import { currentPlans, type ProtocolRow } from './current-plans.ts';
import { protocolAcknowledgements } from './acknowledgements/acknowledgements.table.ts';
import { isps } from './isp.table.ts';

/** The latest VERIFIED ISP's dates. */
export interface VerifiedPlanDates {
  ispId: string;
  planStart: string | null;
  planEnd: string | null;
  /** The day it was verified (`YYYY-MM-DD`, agency zone). */
  verifiedOn: string | null;
}

/** What the plan reads know of one client. */
export interface PlanStatusFacts {
  latest: VerifiedPlanDates | null;
  ispsInReview: number;
  /** Current protocols in reading order (serious first). */
  protocols: ProtocolRow[];
  acknowledgementsExpected: number;
  acknowledged: number;
}

const emptyFacts = (): PlanStatusFacts => ({
  latest: null,
  ispsInReview: 0,
  protocols: [],
  acknowledgementsExpected: 0,
  acknowledged: 0,
});

/** Latest VERIFIED ISP dates and the count of ISPs in review, per client. One statement. */
async function ispDates(executor: Executor, clientIds: string[], timeZone: string) {
  const result = await executor.execute<{
    client_id: string;
    isp_id: string | null;
    plan_start: string | null;
    plan_end: string | null;
    verified_on: string | null;
    in_review: number;
  }>(sql`
    with ids as (select unnest(${sql.param(clientIds)}::uuid[]) as client_id),
    latest as (
      select distinct on (i.client_id) i.client_id, i.id, i.plan_start::text as plan_start, i.plan_end::text as plan_end,
        (i.verified_at at time zone ${timeZone})::date::text as verified_on
      from ${isps} i join ids on ids.client_id = i.client_id where i.status = 'VERIFIED'
      order by i.client_id, i.verified_at desc nulls last, i.created_at desc, i.id
    ),
    review as (
      select i.client_id, count(*)::int as n from ${isps} i join ids on ids.client_id = i.client_id
      where i.status not in ('VERIFIED', 'ERROR') group by i.client_id
    )
    select ids.client_id, latest.id as isp_id, latest.plan_start, latest.plan_end, latest.verified_on,
      coalesce(review.n, 0) as in_review
    from ids left join latest on latest.client_id = ids.client_id left join review on review.client_id = ids.client_id`);
  return result.rows;
}

/** Expected and acknowledged caregiver × protocol pairs per client for the protocol ids given. One statement. */
async function acknowledgementCounts(
  executor: Executor,
  pairs: { clientId: string; protocolId: string }[],
  timeZone: string,
): Promise<Map<string, { expected: number; acknowledged: number }>> {
  if (!pairs.length) return new Map();
  const result = await executor.execute<{ client_id: string; expected: number; acknowledged: number }>(sql`
    with p as (
      select * from unnest(${sql.param(pairs.map((p) => p.clientId))}::uuid[],
        ${sql.param(pairs.map((p) => p.protocolId))}::uuid[]) as t(client_id, protocol_id)
    ),
    serving as (
      select distinct s.client_id, s.caregiver_id from ${shiftFacts('s')}
      where s.deleted_at is null and s.caregiver_id is not null
        and s.client_id = any(${sql.param([...new Set(pairs.map((p) => p.clientId))])}::uuid[])
        and s.date >= (now() at time zone ${timeZone})::date - ${ACKNOWLEDGEMENT_SERVING_DAYS}::int
    )
    select p.client_id, count(*)::int as expected, count(a.id)::int as acknowledged
    from p join serving on serving.client_id = p.client_id
    left join ${protocolAcknowledgements} a on a.protocol_id = p.protocol_id and a.caregiver_id = serving.caregiver_id
    group by p.client_id`);
  return new Map(
    result.rows.map((row) => [
      row.client_id,
      { expected: Number(row.expected), acknowledged: Number(row.acknowledged) },
    ]),
  );
}

/**
 * The plan facts of each client given (every id is in the map; a client without any ISP has `latest` null and no
 * protocols). `timeZone`: IANA zone for "today" of the serving window and the verification day. Four statements,
 * three round trips one after the other.
 */
export async function findPlanStatusFacts(
  executor: Executor,
  clientIds: string[],
  timeZone: string,
): Promise<Map<string, PlanStatusFacts>> {
  const facts = new Map(clientIds.map((id) => [id, emptyFacts()]));
  if (!clientIds.length) return facts;
  // The ISP dates do not depend on the current plans: read them while the plans and their acknowledgements are read
  // (separate pooled connections on PostgreSQL; one after the other on PGlite or in a transaction).
  const [dates, plans] = await Promise.all([
    ispDates(executor, clientIds, timeZone),
    currentPlans(executor, clientIds).then(async (plans) => {
      const pairs = [...plans.values()].flatMap((plan) =>
        plan.protocols.map((row) => ({ clientId: plan.clientId, protocolId: row.id })),
      );
      return { plans, counts: await acknowledgementCounts(executor, pairs, timeZone) };
    }),
  ]);
  for (const row of dates) {
    const item = facts.get(row.client_id);
    if (!item) continue;
    item.ispsInReview = Number(row.in_review);
    if (row.isp_id)
      item.latest = {
        ispId: row.isp_id,
        planStart: row.plan_start,
        planEnd: row.plan_end,
        verifiedOn: row.verified_on,
      };
  }
  for (const plan of plans.plans.values()) {
    const item = facts.get(plan.clientId);
    if (item) item.protocols = plan.protocols;
  }
  for (const [clientId, counts] of plans.counts) {
    const item = facts.get(clientId);
    if (!item) continue;
    item.acknowledgementsExpected = counts.expected;
    item.acknowledged = counts.acknowledged;
  }
  return facts;
}

/** The first day of the ISP year that contains `today` when the year starts in month `ispMonth` (1–12). */
export function ispYearStart(ispMonth: number, today: string): string {
  const day = DateTime.fromISO(today, { zone: 'utc' });
  const thisYear = day.set({ month: ispMonth, day: 1 });
  return (thisYear > day ? thisYear.minus({ years: 1 }) : thisYear).toISODate() as string;
}

/**
 * A client's ISP status on `today` (decision 0051): `missing` without a VERIFIED ISP; `overdue` when the plan ended
 * before today, or when `ispMonth` is known and the plan started (`planStart`, else its verification day) before the
 * current ISP year's start; `due_soon` when one of those dates falls within {@link ISP_DUE_SOON_DAYS} days; else
 * `current`. `dueDate`: the date the next ISP is or was due (null when nothing says).
 */
export function ispPlanStatus(
  latest: VerifiedPlanDates | null,
  ispMonth: number | null,
  today: string,
): { status: IspPlanStatus; dueDate: string | null } {
  if (!latest) return { status: 'missing', dueDate: ispMonth ? ispYearStart(ispMonth, today) : null };
  const day = (iso: string) => DateTime.fromISO(iso, { zone: 'utc' });
  const afterEnd = latest.planEnd ? (day(latest.planEnd).plus({ days: 1 }).toISODate() as string) : null;
  const started = latest.planStart ?? latest.verifiedOn;
  const yearStart = ispMonth ? ispYearStart(ispMonth, today) : null;
  if (afterEnd && afterEnd <= today) return { status: 'overdue', dueDate: afterEnd };
  if (yearStart && started && started < yearStart) return { status: 'overdue', dueDate: yearStart };
  const nextYear = yearStart ? (day(yearStart).plus({ years: 1 }).toISODate() as string) : null;
  const candidates = [afterEnd, nextYear].filter((d): d is string => d !== null).sort();
  const due = candidates[0] ?? null;
  const soon = day(today).plus({ days: ISP_DUE_SOON_DAYS }).toISODate() as string;
  return { status: due && due <= soon ? 'due_soon' : 'current', dueDate: due };
}
