/**
 * A client's billing over a range of service dates (issue 24 "Report export", billing summary; decision 0066;
 * docs/billing-export.md, docs/claim-reconciliation.md): every billing item of the client dated in the range, VOID
 * ones too (the status says so), with the newest matched claim line of each (its claim number, status, paid amount,
 * payment date and denial reason), as the billing and reconciliation pages show them. Audited `billing_item.list`
 * (entity: the client; the range and the count only).
 */
import { and, asc, eq, gte, lte } from 'drizzle-orm';
import type { BillingItemStatus } from '@tend/contracts';
import type { Database } from '../../platform/db/client.ts';
import { recordAudit } from '../../platform/audit/audit.service.ts';
import type { RequestContext } from '../../platform/http/context.ts';
import { findPeopleNames } from '../people/people.service.ts';
import { billingItems } from './billing.table.ts';
import { newestMatchedLines } from './claim-reconciliation.service.ts';

/** One billed segment of the client and its newest matched claim line (null fields when none). */
export interface ClientBilledItem {
  id: string;
  /** Service date, `YYYY-MM-DD`. */
  date: string;
  /** Billed times, ISO instants. */
  start: string;
  end: string;
  caregiverName: string;
  billingCode: string;
  modifier: string | null;
  hours: number;
  /** Units in the measure of the code's budget. */
  units: number | null;
  /** Rate per unit and billed amount, integer cents. */
  rateCents: number | null;
  amountCents: number | null;
  status: BillingItemStatus;
  claimId: string | null;
  /** As the claim file says it (e.g. paid, denied, pended, reversed). */
  claimStatus: string | null;
  /** Paid amount, integer cents. */
  paidAmountCents: number | null;
  paymentDate: string | null;
  denialReason: string | null;
}

/**
 * The client's billing items with service dates in `from`..`to` (inclusive `YYYY-MM-DD`), by date, start and id,
 * each with its newest matched claim line (newest import first, then the highest line number). No error for an
 * unknown client: no rows. Audited `billing_item.list`.
 */
export async function findClientBilledItems(
  db: Database,
  ctx: RequestContext,
  query: { clientId: string; from: string; to: string },
): Promise<ClientBilledItem[]> {
  const b = billingItems;
  const rows = await db
    .select()
    .from(b)
    .where(and(eq(b.clientId, query.clientId), gte(b.date, query.from), lte(b.date, query.to)))
    .orderBy(asc(b.date), asc(b.start), asc(b.id));
  const latest = await newestMatchedLines(
    db,
    rows.map((row) => row.id),
  );
  const names = await findPeopleNames(db, {
    caregiverIds: [...new Set(rows.map((row) => row.caregiverId))],
    clientIds: [],
  });
  await recordAudit(db, ctx, {
    action: 'billing_item.list',
    entityType: 'client',
    entityId: query.clientId,
    details: { view: 'client-summary', dateFrom: query.from, dateTo: query.to, returned: rows.length },
  });
  return rows.map((row) => {
    const line = latest.get(row.id);
    return {
      id: row.id,
      date: row.date,
      start: row.start.toISOString(),
      end: row.end.toISOString(),
      caregiverName: names.caregivers.get(row.caregiverId) ?? 'Unknown caregiver',
      billingCode: row.billingCode,
      modifier: row.modifier,
      hours: Number(row.hours),
      units: row.units === null ? null : Number(row.units),
      rateCents: row.rate,
      amountCents: row.amount,
      status: row.status,
      claimId: line?.claimId ?? null,
      claimStatus: line?.claimStatus ?? null,
      paidAmountCents: line?.paidAmount ?? null,
      paymentDate: line?.paymentDate ?? null,
      denialReason: line?.denialReason ?? null,
    };
  });
}
