/**
 * The segments page of module `shifts` (`GET /api/segments` in module `validation`, the billing export
 * preview in module `billing`): live segments of live shifts with their validation state, filtered by
 * service date, status, violation code and people, paged. Not audited: callers audit.
 */
import { sql, type SQL } from 'drizzle-orm';
import type {
  SegmentListItem,
  SegmentListQuery,
  SegmentViolationItem,
  ValidationStatus,
} from '@tend/contracts';
import type { Executor } from '../../platform/db/client.ts';
import { toInstant } from '../../platform/db/row-values.ts';

/** One row of the segments page (names are added by the caller). */
export interface SegmentListRow {
  id: string;
  shiftId: string;
  date: string;
  evvStart: Date | null;
  evvEnd: Date | null;
  billingCode: string | null;
  modifier: string | null;
  caregiverId: string;
  clientId: string;
  validationStatus: ValidationStatus;
  validationViolations: SegmentViolationItem[];
}

/**
 * A raw row with the columns `id`, `shift_id`, `date` (text), `evv_start`, `evv_end`, `billing_code`,
 * `modifier`, `caregiver_id`, `client_id`, `validation_status` (text) and `validation_violations`
 * (jsonb, parsed or text) → {@link SegmentListRow}.
 */
export function toSegmentListRow(row: Record<string, unknown>): SegmentListRow {
  return {
    id: String(row.id),
    shiftId: String(row.shift_id),
    date: String(row.date),
    evvStart: toInstant(row.evv_start),
    evvEnd: toInstant(row.evv_end),
    billingCode: (row.billing_code as string | null) ?? null,
    modifier: (row.modifier as string | null) ?? null,
    caregiverId: String(row.caregiver_id),
    clientId: String(row.client_id),
    validationStatus: row.validation_status as ValidationStatus,
    validationViolations: (typeof row.validation_violations === 'string'
      ? JSON.parse(row.validation_violations)
      : row.validation_violations) as SegmentViolationItem[],
  };
}

/**
 * A page row as the segments page shows it (contracts `segmentListItem`), with the names of its people
 * from `names` (id → name; 'Unknown caregiver' / 'Unknown client' when absent) and ISO instants.
 */
export function toSegmentListItem(
  row: SegmentListRow,
  names: { caregivers: Map<string, string>; clients: Map<string, string> },
): SegmentListItem {
  return {
    id: row.id,
    shiftId: row.shiftId,
    date: row.date,
    evvStart: row.evvStart?.toISOString() ?? null,
    evvEnd: row.evvEnd?.toISOString() ?? null,
    billingCode: row.billingCode,
    modifier: row.modifier,
    caregiverId: row.caregiverId,
    caregiverName: names.caregivers.get(row.caregiverId) ?? 'Unknown caregiver',
    clientId: row.clientId,
    clientName: names.clients.get(row.clientId) ?? 'Unknown client',
    validationStatus: row.validationStatus,
    validationViolations: row.validationViolations,
  };
}

/**
 * The segments page: live segments of live shifts in the date range with the filters, by date and
 * start, paged; `total` for the whole filter and the READY / NOT_READY counts of the filter without
 * `status`. `code` keeps segments with an open violation of that code.
 */
export async function findSegmentPage(
  executor: Executor,
  query: SegmentListQuery,
): Promise<{ rows: SegmentListRow[]; total: number; counts: Record<ValidationStatus, number> }> {
  const filters: SQL[] = [
    sql`s.date between ${query.from}::date and ${query.to}::date`,
    sql`s.deleted_at is null`,
    sql`g.deleted_at is null`,
  ];
  if (query.caregiverId) filters.push(sql`s.caregiver_id = ${query.caregiverId}::uuid`);
  if (query.clientId) filters.push(sql`s.client_id = ${query.clientId}::uuid`);
  if (query.code)
    filters.push(sql`g.validation_violations @> ${JSON.stringify([{ code: query.code }])}::jsonb`);
  const where = sql.join(filters, sql` and `);
  const statusFilter = query.status
    ? sql` and g.validation_status = ${query.status}::validation_status`
    : sql``;
  const counts = await executor.execute<{ status: string; n: number }>(sql`
    select g.validation_status::text as status, count(*)::int as n
    from shift s join shift_segment g on g.shift_id = s.id where ${where} group by 1`);
  const countOf = (status: ValidationStatus) =>
    Number(counts.rows.find((row) => row.status === status)?.n ?? 0);
  const page = await executor.execute<Record<string, unknown>>(sql`
    select g.id, g.shift_id, s.date::text as date, g.evv_start, g.evv_end, g.billing_code, g.modifier,
      s.caregiver_id, s.client_id, g.validation_status::text as validation_status, g.validation_violations
    from shift s join shift_segment g on g.shift_id = s.id
    where ${where}${statusFilter}
    order by s.date, g.evv_start nulls first, g.id
    limit ${query.pageSize} offset ${(query.page - 1) * query.pageSize}`);
  const ready = countOf('READY');
  const notReady = countOf('NOT_READY');
  return {
    rows: page.rows.map(toSegmentListRow),
    total: query.status === 'READY' ? ready : query.status === 'NOT_READY' ? notReady : ready + notReady,
    counts: { READY: ready, NOT_READY: notReady },
  };
}
