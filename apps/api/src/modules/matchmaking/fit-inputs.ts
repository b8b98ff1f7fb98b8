/**
 * What the fit score (contracts `matchmaking-fit.ts`; issue 22 "Fit you can read"; decision 0059) is computed from:
 * the agency's matchmaking settings (setting `matchmaking_fit`, read and written here), a client listing's needs (care
 * type, care details, languages, its saved schedule) and a caregiver listing's offer (skills, languages, driving,
 * experience, its saved schedule or `availability`, its ratings). Lists load schedules and ratings for many listings
 * in one query each.
 */
import { avg, count, inArray } from 'drizzle-orm';
import {
  DEFAULT_MATCHMAKING_SETTINGS,
  computeFit,
  matchmakingSettings,
  normalizeSchedule,
  weekDays,
  type FitNeeds,
  type FitOffer,
  type FitResult,
  type MatchmakingSettings,
  type RatingSummary,
  type WeeklyGrid,
} from '@tend/contracts';
import { recordAudit } from '../../platform/audit/audit.service.ts';
import type { Executor } from '../../platform/db/client.ts';
import type { RequestContext } from '../../platform/http/context.ts';
import { readSetting, writeSetting } from '../../platform/settings/settings.service.ts';
import type { MatchmakingDeps } from './matchmaking-support.ts';
import {
  caregiverSchedules,
  clientSchedules,
  ratings,
  type tinderCaregivers,
  type tinderClients,
  type WeeklySchedule,
} from './matchmaking.table.ts';
import { distanceKm } from './places.ts';

/** The setting key of the agency's matchmaking settings. */
export const MATCHMAKING_SETTING = 'matchmaking_fit';

type ClientRow = typeof tinderClients.$inferSelect;
type CaregiverRow = typeof tinderCaregivers.$inferSelect;

/** The agency's settings: the stored value when it parses, else the defaults (decision 0059). */
export async function readMatchmakingSettings(executor: Executor): Promise<MatchmakingSettings> {
  const stored = await readSetting(executor, MATCHMAKING_SETTING);
  const parsed = stored ? matchmakingSettings.safeParse(stored.value) : null;
  return parsed?.success ? parsed.data : DEFAULT_MATCHMAKING_SETTINGS;
}

/** `GET /api/matchmaking/settings` (admins): the settings, audited `matchmaking_settings.read`. */
export async function getMatchmakingSettings(deps: MatchmakingDeps, ctx: RequestContext) {
  const settings = await readMatchmakingSettings(deps.db);
  await recordAudit(deps.db, ctx, { action: 'matchmaking_settings.read', entityType: 'app_setting' });
  return settings;
}

/** `PUT /api/matchmaking/settings` (admins): replaces them; audited with the new values (numbers and a flag only). */
export async function saveMatchmakingSettings(
  deps: MatchmakingDeps,
  ctx: RequestContext,
  input: MatchmakingSettings,
): Promise<MatchmakingSettings> {
  return deps.db.transaction(async (tx) => {
    await writeSetting(tx, MATCHMAKING_SETTING, input);
    await recordAudit(tx, ctx, {
      action: 'matchmaking_settings.update',
      entityType: 'app_setting',
      entityId: MATCHMAKING_SETTING,
      details: { requireCaseManagerAuthorization: input.requireCaseManagerAuthorization, ...input.weights },
    });
    return input;
  });
}

/** Only the seven day names of a stored grid (jsonb written by anyone), merged; null when none was stored. */
function gridOf(stored: WeeklySchedule | null | undefined): WeeklyGrid | null {
  if (!stored) return null;
  const grid: WeeklyGrid = {};
  for (const day of weekDays) {
    const ranges = stored[day];
    if (Array.isArray(ranges)) grid[day] = ranges;
  }
  return normalizeSchedule(grid);
}

/** Saved schedules of client listings `ids`, by listing id. One query. */
export async function clientSchedulesOf(executor: Executor, ids: string[]): Promise<Map<string, WeeklyGrid>> {
  if (!ids.length) return new Map();
  const rows = await executor
    .select({ id: clientSchedules.clientId, schedule: clientSchedules.schedule })
    .from(clientSchedules)
    .where(inArray(clientSchedules.clientId, ids));
  return new Map(rows.flatMap((row) => (row.schedule ? [[row.id, gridOf(row.schedule) ?? {}]] : [])));
}

/** Saved schedules of caregiver listings `ids`, by listing id. One query. */
export async function caregiverSchedulesOf(
  executor: Executor,
  ids: string[],
): Promise<Map<string, WeeklyGrid>> {
  if (!ids.length) return new Map();
  const rows = await executor
    .select({ id: caregiverSchedules.caregiverId, schedule: caregiverSchedules.schedule })
    .from(caregiverSchedules)
    .where(inArray(caregiverSchedules.caregiverId, ids));
  return new Map(rows.flatMap((row) => (row.schedule ? [[row.id, gridOf(row.schedule) ?? {}]] : [])));
}

/** Average (1 decimal) and count of the ratings of caregiver listings `ids`, by listing id. One query. */
export async function ratingSummariesOf(
  executor: Executor,
  ids: string[],
): Promise<Map<string, RatingSummary>> {
  if (!ids.length) return new Map();
  const rows = await executor
    .select({ id: ratings.caregiverId, average: avg(ratings.rating), count: count() })
    .from(ratings)
    .where(inArray(ratings.caregiverId, ids))
    .groupBy(ratings.caregiverId);
  return new Map(
    rows.map((row) => [
      row.id,
      { average: row.average === null ? null : Math.round(Number(row.average) * 10) / 10, count: row.count },
    ]),
  );
}

/** The needs of client listing `row` with its saved schedule. */
export function needsOf(row: ClientRow, schedule: WeeklyGrid | undefined): FitNeeds {
  const details = row.careDetails ?? null;
  const list = (value: unknown) => (Array.isArray(value) ? value.filter((v) => typeof v === 'string') : []);
  const textOf = (value: unknown) => (typeof value === 'string' ? value : null);
  return {
    careType: row.careType,
    careDetails: details && {
      transfers: textOf(details.transfers),
      seizureSupport: textOf(details.seizureSupport),
      behaviorSupport: textOf(details.behaviorSupport),
      medicationHelp: textOf(details.medicationHelp),
      personalCare: list(details.personalCare),
      mobilityAids: list(details.mobilityAids),
      diet: list(details.diet),
      caregiverLanguage: textOf(details.caregiverLanguage),
      drivingNeeded: typeof details.drivingNeeded === 'boolean' ? details.drivingNeeded : null,
    },
    languages: row.languages,
    schedule: schedule ?? null,
  };
}

/** The offer of caregiver listing `row`: its saved schedule, else its `availability`, and its ratings. */
export function offerOf(
  row: CaregiverRow,
  schedule: WeeklyGrid | undefined,
  rated: RatingSummary | undefined,
): FitOffer {
  return {
    specialties: row.specialties,
    certifications: row.certifications,
    languages: row.languages,
    canDrive: row.canDrive,
    experienceYears: row.experienceYears,
    schedule: schedule ?? gridOf(row.availability),
    ratingAverage: rated?.average ?? null,
    ratingCount: rated?.count ?? 0,
  };
}

/** Kilometres between two listings' stored positions, or null when either has none. */
export function kmBetween(
  a: { latitude: number | null; longitude: number | null },
  b: { latitude: number | null; longitude: number | null },
): number | null {
  if (a.latitude === null || a.longitude === null || b.latitude === null || b.longitude === null) return null;
  return distanceKm(
    { latitude: a.latitude, longitude: a.longitude },
    { latitude: b.latitude, longitude: b.longitude },
  );
}

/**
 * The fits of many pairs in one go: loads both sides' schedules and the caregivers' ratings (three queries), then
 * computes each pair's fit under `settings`. Answers, per pair in order, the fit, the whole-km distance and the
 * caregiver's ratings.
 */
export async function fitsOf(
  executor: Executor,
  settings: MatchmakingSettings,
  pairs: Array<{ client: ClientRow; caregiver: CaregiverRow }>,
): Promise<Array<{ fit: FitResult; distanceKm: number | null; ratings: RatingSummary }>> {
  const clientIds = [...new Set(pairs.map((pair) => pair.client.id))];
  const caregiverIds = [...new Set(pairs.map((pair) => pair.caregiver.id))];
  const [clientGrids, caregiverGrids, rated] = [
    await clientSchedulesOf(executor, clientIds),
    await caregiverSchedulesOf(executor, caregiverIds),
    await ratingSummariesOf(executor, caregiverIds),
  ];
  return pairs.map(({ client, caregiver }) => {
    const km = kmBetween(client, caregiver);
    const summary = rated.get(caregiver.id) ?? { average: null, count: 0 };
    return {
      fit: computeFit(
        needsOf(client, clientGrids.get(client.id)),
        offerOf(caregiver, caregiverGrids.get(caregiver.id), summary),
        km,
        settings.weights,
      ),
      distanceKm: km === null ? null : Math.round(km),
      ratings: summary,
    };
  });
}
