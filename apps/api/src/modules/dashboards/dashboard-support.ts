/**
 * What the client and caregiver dashboards share (issue 20; decision 0052): their dependencies, "today" in the
 * agency zone, the short caregiver name families see, the audit of a view with the access path, and the one
 * NOT_FOUND for unknown and out-of-scope ids alike.
 */
import { DateTime } from 'luxon';
import type { AuditAction, WorkweekStart } from '@tend/contracts';
import { recordAudit } from '../../platform/audit/audit.service.ts';
import type { Database } from '../../platform/db/client.ts';
import type { StorageService } from '../../platform/storage/storage.service.ts';
import type { RequestContext } from '../../platform/http/context.ts';
import { notFound, type AppError } from '../../platform/http/errors.ts';
import { accessPathOf } from '../access/access-path.ts';

/** What the dashboard services use. */
export interface DashboardDeps {
  db: Database;
  /** Where stored reports are read from (the case manager's report downloads). */
  storage: StorageService;
  /** IANA zone of the agency: "today", the month, ISP years, workweeks, times shown. */
  agencyTimeZone: string;
  workweekStart: WorkweekStart;
}

/** Today (`YYYY-MM-DD`) in `timeZone`, and the date `days` days before it. */
export function agencyDates(
  timeZone: string,
  days = 0,
  now: Date = new Date(),
): { today: string; since: string } {
  const today = DateTime.fromJSDate(now, { zone: timeZone }).startOf('day');
  return { today: today.toISODate() as string, since: today.minus({ days }).toISODate() as string };
}

/**
 * A caregiver's name as clients and families see it: the first name and the last name's initial ("Ana García" →
 * "Ana G."); a single name stays as it is. Pure.
 */
export function shortName(name: string): string {
  const parts = name.trim().split(/\s+/).filter(Boolean);
  if (parts.length < 2) return parts[0] ?? '';
  const last = parts.at(-1) as string;
  return `${parts[0]} ${last.charAt(0).toLocaleUpperCase()}.`;
}

/** The ISO form of an instant, or null. */
export const isoOrNull = (instant: Date | null): string | null => (instant ? instant.toISOString() : null);

/**
 * Audits one dashboard read `action` on `entityType`/`entityId` with `details` (ids and counts only) and the
 * request's access path (`session`, or `link` with the link id).
 */
export async function auditDashboardRead(
  db: Database,
  ctx: RequestContext,
  event: {
    action: AuditAction;
    entityType: string;
    entityId: string | null;
    details: Record<string, unknown>;
  },
): Promise<void> {
  const path = await accessPathOf(db, ctx);
  await recordAudit(db, ctx, { ...event, details: { ...event.details, ...path } });
}

/**
 * Audits a refused dashboard read (`outcome: denied`, the id asked for) and returns the NOT_FOUND to throw: the same
 * error for an unknown id and for someone else's, so existence is not leaked.
 */
export async function deniedDashboardRead(
  db: Database,
  ctx: RequestContext,
  event: { action: AuditAction; entityType: string; entityId: string; label: string },
): Promise<AppError> {
  const path = await accessPathOf(db, ctx);
  await recordAudit(db, ctx, {
    action: event.action,
    entityType: event.entityType,
    entityId: event.entityId,
    outcome: 'denied',
    details: { ...path },
  });
  return notFound(event.label);
}
