/**
 * Schedules of listings (issue 21 "Schedules"; spec s.3 CaregiverSchedule, ClientSchedule; contracts
 * `matchmaking-schedules.ts`; decision 0056). A client's schedule is managed by its guardian's account (or an admin),
 * a caregiver's by its own account. Saving stores the grid (merged, days in week order) and the prompt it came from,
 * records onboarding step `scheduleMaker`, and for a caregiver also writes the listing's `availability` — one
 * transaction, audited with ids and counts only (never the prompt).
 */
import { eq } from 'drizzle-orm';
import {
  normalizeSchedule,
  scheduleMinutes,
  weekDays,
  type ListingSchedule,
  type ScheduleInput,
  type WeeklyGrid,
} from '@tend/contracts';
import { recordAudit } from '../../platform/audit/audit.service.ts';
import type { Executor } from '../../platform/db/client.ts';
import type { RequestContext } from '../../platform/http/context.ts';
import {
  callerAccount,
  managedClientListing,
  ownCaregiverListing,
  type MatchmakingDeps,
} from './matchmaking-support.ts';
import {
  caregiverSchedules,
  clientSchedules,
  tinderCaregivers,
  type WeeklySchedule,
} from './matchmaking.table.ts';
import { recordCaregiverStep, recordClientStep } from './onboarding.ts';

/** Only the seven day names of a stored grid (jsonb written by anyone), merged. */
function gridOf(stored: WeeklySchedule | null | undefined): WeeklyGrid {
  const grid: WeeklyGrid = {};
  for (const day of weekDays) {
    const ranges = stored?.[day];
    if (Array.isArray(ranges)) grid[day] = ranges;
  }
  return normalizeSchedule(grid);
}

function answer(
  listingId: string,
  row: { schedule: WeeklySchedule | null; schedulePrompt: string | null; updatedAt: Date } | undefined,
): ListingSchedule {
  const schedule = gridOf(row?.schedule);
  return {
    listingId,
    schedule,
    schedulePrompt: row?.schedulePrompt ?? null,
    weeklyMinutes: scheduleMinutes(schedule),
    updatedAt: row?.updatedAt.toISOString() ?? null,
  };
}

const rangeCount = (grid: WeeklyGrid) => weekDays.reduce((sum, day) => sum + (grid[day]?.length ?? 0), 0);

/** Client listing `id`'s schedule (NOT_FOUND unless the caller manages it). An admin's read is audited. */
export async function getClientSchedule(
  deps: MatchmakingDeps,
  ctx: RequestContext,
  id: string,
): Promise<ListingSchedule> {
  const account = await callerAccount(deps, ctx);
  const listing = await managedClientListing(deps.db, account, id);
  const [row] = await deps.db.select().from(clientSchedules).where(eq(clientSchedules.clientId, listing.id));
  if (!listing.guardianId || listing.guardianId !== account.guardianId)
    await recordAudit(deps.db, ctx, {
      action: 'matchmaking_schedule.read',
      entityType: 'tinder_client',
      entityId: listing.id,
    });
  return answer(listing.id, row);
}

/** The caller's own caregiver listing's schedule (NOT_FOUND when the account has no listing). */
export async function getOwnCaregiverSchedule(
  deps: MatchmakingDeps,
  ctx: RequestContext,
): Promise<ListingSchedule> {
  const account = await callerAccount(deps, ctx);
  const listing = await ownCaregiverListing(deps.db, account);
  const [row] = await deps.db
    .select()
    .from(caregiverSchedules)
    .where(eq(caregiverSchedules.caregiverId, listing.id));
  return answer(listing.id, row);
}

/** Which listing a save is for: client listing `id`, or the caller's own caregiver listing. */
type ScheduleTarget = { kind: 'client'; id: string } | { kind: 'caregiver' };

/** Saves a schedule (see the module comment): one transaction, the step recorded, audited; resolves it as stored. */
async function saveSchedule(
  deps: MatchmakingDeps,
  ctx: RequestContext,
  target: ScheduleTarget,
  input: ScheduleInput,
): Promise<ListingSchedule> {
  const account = await callerAccount(deps, ctx);
  const values = {
    schedule: normalizeSchedule(input.schedule),
    schedulePrompt: input.schedulePrompt ?? null,
  };
  const set = { ...values, updatedAt: new Date() };
  return deps.db.transaction(async (tx) => {
    if (target.kind === 'client') {
      const listing = await managedClientListing(tx, account, target.id);
      const [row] = await tx
        .insert(clientSchedules)
        .values({ clientId: listing.id, ...values })
        .onConflictDoUpdate({ target: clientSchedules.clientId, set })
        .returning();
      const step = await recordClientStep(tx, listing.id, 'scheduleMaker');
      await auditSave(tx, ctx, 'tinder_client', listing.id, values.schedule, step);
      return answer(listing.id, row);
    }
    const listing = await ownCaregiverListing(tx, account);
    const [row] = await tx
      .insert(caregiverSchedules)
      .values({ caregiverId: listing.id, ...values })
      .onConflictDoUpdate({ target: caregiverSchedules.caregiverId, set })
      .returning();
    await tx
      .update(tinderCaregivers)
      .set({ availability: values.schedule, updatedAt: new Date() })
      .where(eq(tinderCaregivers.id, listing.id));
    const step = await recordCaregiverStep(tx, listing.id, 'scheduleMaker');
    await auditSave(tx, ctx, 'tinder_caregiver', listing.id, values.schedule, step);
    return answer(listing.id, row);
  });
}

/** Saves client listing `id`'s schedule (NOT_FOUND unless the caller manages it). */
export const saveClientSchedule = (
  deps: MatchmakingDeps,
  ctx: RequestContext,
  id: string,
  input: ScheduleInput,
): Promise<ListingSchedule> => saveSchedule(deps, ctx, { kind: 'client', id }, input);

/** Saves the caller's own caregiver schedule and the listing's `availability` (NOT_FOUND without a listing). */
export const saveOwnCaregiverSchedule = (
  deps: MatchmakingDeps,
  ctx: RequestContext,
  input: ScheduleInput,
): Promise<ListingSchedule> => saveSchedule(deps, ctx, { kind: 'caregiver' }, input);

async function auditSave(
  executor: Executor,
  ctx: RequestContext,
  entityType: 'tinder_client' | 'tinder_caregiver',
  listingId: string,
  schedule: WeeklyGrid,
  step: string,
) {
  await recordAudit(executor, ctx, {
    action: 'matchmaking_schedule.save',
    entityType,
    entityId: listingId,
    details: {
      days: weekDays.filter((day) => schedule[day]?.length).length,
      ranges: rangeCount(schedule),
      weeklyMinutes: scheduleMinutes(schedule),
      onboardingStep: step,
    },
  });
}
