/**
 * The protocols a client's plan held over a period, for the report export's "protocols" type (issue 24; decision
 * 0066 addendum; docs/report-export.md). Which ISP is in effect follows the current-plan rule of decision 0046
 * (`current-plans.ts`): a client's VERIFIED ISP is the plan from the instant it was verified until the client's next
 * ISP is verified. Its protocols are the current plan's: FINALIZED, not excluded, not superseded, in reading order
 * (serious first). Audited `protocol.list` (entity client; ids and counts only).
 */
import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { DateTime } from 'luxon';
import type { Database } from '../../platform/db/client.ts';
import { recordAudit } from '../../platform/audit/audit.service.ts';
import type { RequestContext } from '../../platform/http/context.ts';
import { readingOrder, type ProtocolRow } from './current-plans.ts';
import { labeler, thresholdSentence } from './export/labels.ts';
import { isps, protocols } from './isp.table.ts';

/** One VERIFIED ISP in effect during the period, with its protocols in reading order. */
export interface PlanInEffect {
  ispId: string;
  fileName: string;
  planStart: string | null;
  planEnd: string | null;
  /** Local date (agency zone, `YYYY-MM-DD`) it was verified: the plan from then on. */
  inEffectFrom: string;
  /** Local date the client's next ISP was verified (it replaced this one then); null while it is the current plan. */
  replacedOn: string | null;
  protocols: PlanProtocol[];
}

/** A protocol as the ISP pages show it (every section, whatever the include flags), thresholds as English sentences. */
export type PlanProtocol = Pick<
  ProtocolRow,
  | 'id'
  | 'version'
  | 'riskType'
  | 'serious'
  | 'mar'
  | 'pbsp'
  | 'description'
  | 'prevention'
  | 'response'
  | 'emergency'
  | 'escalationSteps'
  | 'medicationReferences'
> & { thresholds: string[] };

/** The instant an ISP became the plan: its verification (else, for rows verified before that was kept, creation). */
const effectiveAt = sql<Date>`coalesce(${isps.verifiedAt}, ${isps.createdAt})`.mapWith(
  (value: string | Date) => new Date(value),
);

/**
 * The client's VERIFIED ISPs in effect at some instant of [`from`, `to`] (inclusive `YYYY-MM-DD` days in
 * `timeZone`, IANA), oldest first, each with its current protocols. Empty when none was. Two queries. Audited
 * `protocol.list` (entity client: from, to, isps, protocols). No client check: the caller has one.
 */
export async function findPlansInEffect(
  db: Database,
  ctx: RequestContext,
  input: { clientId: string; from: string; to: string; timeZone: string },
): Promise<PlanInEffect[]> {
  const periodStart = DateTime.fromISO(input.from, { zone: input.timeZone }).toJSDate();
  const periodEnd = DateTime.fromISO(input.to, { zone: input.timeZone }).plus({ days: 1 }).toJSDate();
  const verified = await db
    .select({
      id: isps.id,
      fileName: isps.fileName,
      planStart: isps.planStart,
      planEnd: isps.planEnd,
      at: effectiveAt,
    })
    .from(isps)
    .where(and(eq(isps.clientId, input.clientId), eq(isps.status, 'VERIFIED')))
    .orderBy(asc(effectiveAt), asc(isps.createdAt), asc(isps.id));
  const localDay = (instant: Date) =>
    DateTime.fromJSDate(instant, { zone: input.timeZone }).toISODate() ?? instant.toISOString().slice(0, 10);
  const inEffect = verified
    .map((isp, index) => ({ isp, next: verified[index + 1]?.at ?? null }))
    .filter(({ isp, next }) => isp.at < periodEnd && (next === null || next > periodStart));
  const rows: ProtocolRow[] = inEffect.length
    ? await db
        .select()
        .from(protocols)
        .where(
          and(
            inArray(
              protocols.ispId,
              inEffect.map(({ isp }) => isp.id),
            ),
            eq(protocols.status, 'FINALIZED'),
            eq(protocols.excluded, false),
            isNull(protocols.supersededById),
          ),
        )
    : [];
  const label = labeler('en', input.timeZone);
  const plans = inEffect.map(({ isp, next }) => ({
    ispId: isp.id,
    fileName: isp.fileName,
    planStart: isp.planStart,
    planEnd: isp.planEnd,
    inEffectFrom: localDay(isp.at),
    replacedOn: next ? localDay(next) : null,
    protocols: readingOrder(rows.filter((row) => row.ispId === isp.id)).map((row): PlanProtocol => ({
      ...row,
      thresholds: row.thresholds.map((threshold) => thresholdSentence(label, 'en', threshold)),
    })),
  }));
  await recordAudit(db, ctx, {
    action: 'protocol.list',
    entityType: 'client',
    entityId: input.clientId,
    details: {
      from: input.from,
      to: input.to,
      isps: plans.length,
      returned: plans.reduce((sum, plan) => sum + plan.protocols.length, 0),
    },
  });
  return plans;
}
