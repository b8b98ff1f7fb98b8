/**
 * A client's current plan (decision 0046, read by the acknowledgements and, through the isp module's public reads,
 * by the dashboards of issue 20): the client's latest VERIFIED ISP and its protocols that are FINALIZED, not
 * excluded and not superseded, in reading order; each shown with only its included sections (the include flags)
 * and its thresholds as sentences in the reader's language.
 */
import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { CurrentProtocol } from '@tend/contracts';
import type { Locale } from '@tend/contracts/locale';
import type { Executor } from '../../platform/db/client.ts';
import { labeler, thresholdSentence } from './export/labels.ts';
import { isps, protocols } from './isp.table.ts';

export type ProtocolRow = typeof protocols.$inferSelect;

/**
 * Orders protocols as the caregiver reads them: serious risks first, then the ISP's order (`sortOrder`), then id
 * (the export's order, docs/isp.md "Export").
 */
export function readingOrder<T extends Pick<ProtocolRow, 'serious' | 'sortOrder' | 'id'>>(rows: T[]): T[] {
  return [...rows].sort(
    (a, b) => Number(b.serious) - Number(a.serious) || a.sortOrder - b.sortOrder || a.id.localeCompare(b.id),
  );
}

/** A client's latest VERIFIED ISP and its current protocols in reading order. */
export interface CurrentPlan {
  clientId: string;
  ispId: string;
  protocols: ProtocolRow[];
}

/** The current plans of the clients given (all clients with a VERIFIED ISP when `clientIds` is absent). Two queries. */
export async function currentPlans(
  executor: Executor,
  clientIds?: string[],
): Promise<Map<string, CurrentPlan>> {
  if (clientIds?.length === 0) return new Map();
  const byClient = clientIds ? sql`and i.client_id = any(${sql.param(clientIds)}::uuid[])` : sql``;
  const latest = await executor.execute<{ id: string; client_id: string }>(sql`
    select distinct on (i.client_id) i.id, i.client_id from ${isps} i
    where i.status = 'VERIFIED' ${byClient}
    order by i.client_id, i.verified_at desc nulls last, i.created_at desc, i.id`);
  const plans = new Map<string, CurrentPlan>();
  for (const row of latest.rows)
    plans.set(row.client_id, { clientId: row.client_id, ispId: row.id, protocols: [] });
  if (!plans.size) return plans;
  const ispIds = [...plans.values()].map((plan) => plan.ispId);
  const rows = await executor
    .select()
    .from(protocols)
    .where(
      and(
        inArray(protocols.ispId, ispIds),
        eq(protocols.status, 'FINALIZED'),
        eq(protocols.excluded, false),
        isNull(protocols.supersededById),
      ),
    )
    .orderBy(asc(protocols.sortOrder), asc(protocols.id));
  const byIsp = new Map([...plans.values()].map((plan) => [plan.ispId, plan]));
  for (const row of rows) byIsp.get(row.ispId)?.protocols.push(row);
  for (const plan of plans.values()) plan.protocols = readingOrder(plan.protocols);
  return plans;
}

/** One protocol as it is read in `locale`: the included sections as written, thresholds as sentences. */
export function toCurrentProtocol(
  row: ProtocolRow,
  label: ReturnType<typeof labeler>,
  locale: Locale,
): CurrentProtocol {
  return {
    protocolId: row.id,
    version: row.version,
    riskType: row.riskType,
    serious: row.serious,
    mar: row.mar,
    pbsp: row.pbsp,
    sections: {
      description: row.includeDescription ? row.description : null,
      prevention: row.includePrevention ? row.prevention : null,
      response: row.includeResponse ? row.response : null,
      emergency: row.includeEmergency ? row.emergency : null,
    },
    thresholds: row.thresholds.map((threshold) => thresholdSentence(label, locale, threshold)),
    escalationSteps: row.escalationSteps,
    medicationReferences: row.medicationReferences,
  };
}

/**
 * The current protocols of each client given, as read in `locale` with dates in `timeZone` (IANA): clientId →
 * { ispId, protocols } for clients with a VERIFIED ISP; clients without one are absent. Two queries.
 */
export async function currentProtocols(
  executor: Executor,
  clientIds: string[],
  locale: Locale,
  timeZone: string,
): Promise<Map<string, { ispId: string; protocols: CurrentProtocol[] }>> {
  const plans = await currentPlans(executor, clientIds);
  const label = labeler(locale, timeZone);
  return new Map(
    [...plans.values()].map((plan) => [
      plan.clientId,
      { ispId: plan.ispId, protocols: plan.protocols.map((row) => toCurrentProtocol(row, label, locale)) },
    ]),
  );
}
