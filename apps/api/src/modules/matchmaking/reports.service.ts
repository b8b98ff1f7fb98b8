/**
 * Reports about profiles and threads (issue 21 "a 'Report' action on every profile and thread, reviewed by admins";
 * contracts `matchmaking-reports.ts`; decision 0057).
 *
 * - Anyone signed in reports a client listing, a caregiver listing or a conversation (a match) that exists; an
 *   unknown target is 404. One OPEN report per reporter and target: a second one adds its reason and details to it
 *   (the pair is serialised with a transaction-scoped advisory lock, so two clicks never make two).
 * - Admins list reports by status and resolve an OPEN one: `dismiss` (DISMISSED) or `hide` (ACTIONED: the reported
 *   listing is hidden from others), with a note. Audit events carry ids, the reason code and counts, never details.
 */
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type {
  ProfileReport,
  ReportInput,
  ReportReceipt,
  ReportResolution,
  ReportStatus,
  ReportTargetType,
} from '@tend/contracts';
import { recordAudit } from '../../platform/audit/audit.service.ts';
import type { Executor } from '../../platform/db/client.ts';
import type { RequestContext } from '../../platform/http/context.ts';
import { AppError, notFound } from '../../platform/http/errors.ts';
import { callerAccount, type MatchmakingDeps } from './matchmaking-support.ts';
import { matches, profileReports, tinderCaregivers, tinderClients } from './matchmaking.table.ts';

/** Whether the target exists (an archived listing counts: it may have been archived after the harm). */
async function targetExists(executor: Executor, type: ReportTargetType, id: string): Promise<boolean> {
  const table = type === 'client' ? tinderClients : type === 'caregiver' ? tinderCaregivers : matches;
  const rows = await executor.select({ id: table.id }).from(table).where(eq(table.id, id)).limit(1);
  return rows.length > 0;
}

/**
 * `POST /api/matchmaking/reports`: files a report or adds to the caller's open one on the same target. One
 * transaction, audited `profile_report.file` (report id, target, reason code, whether added). Errors: NOT_FOUND
 * (unknown target).
 */
export async function fileReport(
  deps: MatchmakingDeps,
  ctx: RequestContext,
  input: ReportInput,
): Promise<ReportReceipt> {
  const account = await callerAccount(deps, ctx);
  const details = input.details ?? null;
  return deps.db.transaction(async (tx) => {
    if (!(await targetExists(tx, input.targetType, input.targetId))) throw notFound('Reported profile');
    const pair = `profile_report:${account.userAccountId}:${input.targetType}:${input.targetId}`;
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${pair}))`);
    const [open] = await tx
      .select()
      .from(profileReports)
      .where(
        and(
          eq(profileReports.reporterUserId, account.userAccountId),
          eq(profileReports.targetType, input.targetType),
          eq(profileReports.targetId, input.targetId),
          eq(profileReports.status, 'OPEN'),
        ),
      )
      .limit(1);
    let id: string;
    if (open) {
      const added = `[${input.reason}]${details ? ` ${details}` : ''}`;
      await tx
        .update(profileReports)
        .set({ details: open.details ? `${open.details}\n\n${added}` : added, updatedAt: new Date() })
        .where(eq(profileReports.id, open.id));
      id = open.id;
    } else {
      const [row] = await tx
        .insert(profileReports)
        .values({
          reporterUserId: account.userAccountId,
          targetType: input.targetType,
          targetId: input.targetId,
          reason: input.reason,
          details,
        })
        .returning({ id: profileReports.id });
      if (!row) throw new Error('profile_report insert returned no row');
      id = row.id;
    }
    await recordAudit(tx, ctx, {
      action: 'profile_report.file',
      entityType: 'profile_report',
      entityId: id,
      details: {
        targetType: input.targetType,
        targetId: input.targetId,
        reason: input.reason,
        addedToOpen: Boolean(open),
      },
    });
    return { id, addedToOpen: Boolean(open) };
  });
}

type ReportRow = typeof profileReports.$inferSelect;
type TargetInfo = { label: string; hidden: boolean };

/** First name and last initial and the hidden flag of the reported listings among `rows`. */
async function targetsOf(executor: Executor, rows: ReportRow[]): Promise<Map<string, TargetInfo>> {
  const ids = (type: ReportTargetType) =>
    rows.filter((row) => row.targetType === type).map((row) => row.targetId);
  const [clientIds, caregiverIds] = [ids('client'), ids('caregiver')];
  const [clientRows, caregiverRows] = await Promise.all([
    clientIds.length
      ? executor
          .select({
            id: tinderClients.id,
            firstName: tinderClients.firstName,
            lastName: tinderClients.lastName,
            hidden: tinderClients.hidden,
          })
          .from(tinderClients)
          .where(inArray(tinderClients.id, clientIds))
      : [],
    caregiverIds.length
      ? executor
          .select({
            id: tinderCaregivers.id,
            firstName: tinderCaregivers.firstName,
            lastName: tinderCaregivers.lastName,
            hidden: tinderCaregivers.hidden,
          })
          .from(tinderCaregivers)
          .where(inArray(tinderCaregivers.id, caregiverIds))
      : [],
  ]);
  const label = (row: { firstName: string; lastName: string | null }) =>
    row.lastName ? `${row.firstName} ${row.lastName.slice(0, 1)}.` : row.firstName;
  return new Map(
    [...clientRows, ...caregiverRows].map((row) => [row.id, { label: label(row), hidden: row.hidden }]),
  );
}

function reportOf(row: ReportRow, target: TargetInfo | undefined): ProfileReport {
  return {
    id: row.id,
    targetType: row.targetType as ReportTargetType,
    targetId: row.targetId,
    targetLabel: target?.label ?? null,
    targetHidden: target?.hidden ?? null,
    reason: row.reason,
    details: row.details,
    status: row.status as ReportStatus,
    createdAt: row.createdAt.toISOString(),
    reviewedAt: row.reviewedAt?.toISOString() ?? null,
    resolutionNote: row.resolutionNote,
  };
}

/** `GET /api/matchmaking/reports` (admin): reports of `status`, newest first, at most 200. Audited (count). */
export async function listReports(
  deps: MatchmakingDeps,
  ctx: RequestContext,
  status: ReportStatus,
): Promise<ProfileReport[]> {
  const rows = await deps.db
    .select()
    .from(profileReports)
    .where(eq(profileReports.status, status))
    .orderBy(desc(profileReports.createdAt), desc(profileReports.id))
    .limit(200);
  const targets = await targetsOf(deps.db, rows);
  await recordAudit(deps.db, ctx, {
    action: 'profile_report.list',
    entityType: 'profile_report',
    details: { status, count: rows.length },
  });
  return rows.map((row) => reportOf(row, targets.get(row.targetId)));
}

/**
 * `POST /api/matchmaking/reports/:id/resolve` (admin): see the file comment. One transaction, audited
 * `profile_report.resolve` (action, target ids; never the note). Errors: NOT_FOUND; CONFLICT (not OPEN); 400 on
 * `action` for `hide` on a conversation (no listing to hide).
 */
export async function resolveReport(
  deps: MatchmakingDeps,
  ctx: RequestContext,
  id: string,
  input: ReportResolution,
): Promise<ProfileReport> {
  const admin = await callerAccount(deps, ctx);
  return deps.db.transaction(async (tx) => {
    const [row] = await tx.select().from(profileReports).where(eq(profileReports.id, id)).for('update');
    if (!row) throw notFound('Report');
    if (row.status !== 'OPEN')
      throw new AppError('CONFLICT', 'status the report was resolved already', [
        { path: 'status', message: 'the report was resolved already' },
      ]);
    const now = new Date();
    if (input.action === 'hide') {
      if (row.targetType === 'client')
        await tx
          .update(tinderClients)
          .set({ hidden: true, updatedAt: now })
          .where(eq(tinderClients.id, row.targetId));
      else if (row.targetType === 'caregiver')
        await tx
          .update(tinderCaregivers)
          .set({ hidden: true, updatedAt: now })
          .where(eq(tinderCaregivers.id, row.targetId));
      else
        throw AppError.field('action', 'a conversation has no listing to hide: dismiss the report instead');
    }
    const [updated] = await tx
      .update(profileReports)
      .set({
        status: input.action === 'hide' ? 'ACTIONED' : 'DISMISSED',
        reviewedByUserId: admin.userAccountId,
        reviewedAt: now,
        resolutionNote: input.note ?? null,
        updatedAt: now,
      })
      .where(eq(profileReports.id, row.id))
      .returning();
    await recordAudit(tx, ctx, {
      action: 'profile_report.resolve',
      entityType: 'profile_report',
      entityId: row.id,
      details: { action: input.action, targetType: row.targetType, targetId: row.targetId },
    });
    const targets = await targetsOf(tx, [row]);
    return reportOf(updated ?? row, targets.get(row.targetId));
  });
}
