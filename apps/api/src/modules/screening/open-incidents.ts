/**
 * Open incidents and location findings of a set of clients (issue 20 dashboards: "open incidents with their
 * deadlines", "suspicious locations"), through module shifts' read API for the shifts (decision 0025). Definitions:
 * - open incident: a live shift with an incident severity that is not handled (the incident queue's open rows);
 *   overdue when its `incident_report_due_at` is before `now`;
 * - open location finding: a `suspicious_location` row with level MEDIUM or HIGH not reviewed (as `screening-facts.ts`).
 * Not audited: callers audit.
 */
import { sql } from 'drizzle-orm';
import type { IncidentSeverity } from '@tend/contracts';
import type { Executor } from '../../platform/db/client.ts';
import { shiftFacts } from '../shifts/shift-facts.ts';
import { suspiciousLocations } from './screening.table.ts';

/** One open incident (a screened, unhandled shift). */
export interface OpenIncident {
  shiftId: string;
  clientId: string;
  caregiverId: string;
  date: string;
  severity: IncidentSeverity;
  categories: string[];
  reportDueAt: Date | null;
}

/**
 * The open incidents of the clients given, soonest deadline first (no deadline last), then date. One statement.
 */
export async function findOpenIncidents(executor: Executor, clientIds: string[]): Promise<OpenIncident[]> {
  if (!clientIds.length) return [];
  const result = await executor.execute<{
    id: string;
    client_id: string;
    caregiver_id: string;
    date: string;
    severity: IncidentSeverity;
    categories: string[] | null;
    due: string | Date | null;
  }>(sql`
    select s.id, s.client_id, s.caregiver_id, s.date::text as date, s.incident_severity as severity,
      s.incident_categories as categories, s.incident_report_due_at as due
    from ${shiftFacts('s')}
    where s.client_id = any(${sql.param(clientIds)}::uuid[]) and s.deleted_at is null
      and s.incident_severity is not null and not s.incident_handled
    order by s.incident_report_due_at asc nulls last, s.date desc, s.id`);
  return result.rows.map((row) => ({
    shiftId: row.id,
    clientId: row.client_id,
    caregiverId: row.caregiver_id,
    date: row.date,
    severity: row.severity,
    categories: row.categories ?? [],
    reportDueAt: row.due === null ? null : new Date(row.due),
  }));
}

/** Open MEDIUM/HIGH unreviewed location findings per client, for the ids given (absent: none). One statement. */
export async function countOpenLocationFindings(
  executor: Executor,
  clientIds: string[],
): Promise<Map<string, number>> {
  if (!clientIds.length) return new Map();
  const result = await executor.execute<{ client_id: string; n: number }>(sql`
    select l.client_id, count(*)::int as n from ${suspiciousLocations} l
    join ${shiftFacts('s')} on s.id = l.shift_id and s.deleted_at is null
    where l.client_id = any(${sql.param(clientIds)}::uuid[]) and not l.reviewed
      and l.suspicion_level in ('MEDIUM', 'HIGH')
    group by l.client_id`);
  return new Map(result.rows.map((row) => [row.client_id, Number(row.n)]));
}

/** One location finding of a client. */
export interface ClientLocationFinding {
  id: string;
  shiftId: string;
  caregiverId: string;
  date: string;
  suspiciousType: string;
  suspicionLevel: 'LOW' | 'MEDIUM' | 'HIGH' | null;
  distanceMeters: number | null;
  reviewed: boolean;
}

/**
 * A client's location findings on live shifts dated `fromDate` or later: unreviewed first, then newest; at most
 * `limit`. One statement.
 */
export async function findClientLocationFindings(
  executor: Executor,
  options: { clientId: string; fromDate: string; limit: number },
): Promise<ClientLocationFinding[]> {
  const result = await executor.execute<{
    id: string;
    shift_id: string;
    caregiver_id: string;
    date: string;
    suspicious_type: string;
    suspicion_level: 'LOW' | 'MEDIUM' | 'HIGH' | null;
    distance_meters: number | null;
    reviewed: boolean;
  }>(sql`
    select l.id, l.shift_id, l.caregiver_id, s.date::text as date, l.suspicious_type, l.suspicion_level,
      l.distance_meters, l.reviewed
    from ${suspiciousLocations} l join ${shiftFacts('s')} on s.id = l.shift_id and s.deleted_at is null
    where l.client_id = ${options.clientId} and s.date >= ${options.fromDate}::date
    order by l.reviewed, s.date desc, l.id
    limit ${options.limit}`);
  return result.rows.map((row) => ({
    id: row.id,
    shiftId: row.shift_id,
    caregiverId: row.caregiver_id,
    date: row.date,
    suspiciousType: row.suspicious_type,
    suspicionLevel: row.suspicion_level,
    distanceMeters: row.distance_meters === null ? null : Number(row.distance_meters),
    reviewed: Boolean(row.reviewed),
  }));
}
