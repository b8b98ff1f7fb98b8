/**
 * Caregiver hours per workweek with overtime and overlapping shifts, and an admin's handling of a
 * week (issue 5; spec s.3 ViolationHandling; DOMAIN.md "Overtime"). Shifts come through the shifts
 * module's read API (`shift-intervals.ts`), names from the people module; week arithmetic is `workweek.ts`.
 * Every read and write is audited (`caregiver_hours.list`, `caregiver_hours.read`,
 * `violation_handling.update`); audit details carry ids, dates and counts, never notes or names.
 */
import { and, eq, inArray } from 'drizzle-orm';
import { DateTime } from 'luxon';
import {
  hoursFromMilliseconds,
  maxHoursRangeDays,
  overtimeThresholdHours,
  type CaregiverHoursPage,
  type CaregiverHoursQuery,
  type CaregiverWeek,
  type CaregiverWeeks,
  type CaregiverWeeksQuery,
  type ViolationHandling,
  type WorkweekStart,
} from '@tend/contracts';
import type { Database, Executor } from '../../platform/db/client.ts';
import { recordAudit } from '../../platform/audit/audit.service.ts';
import type { RequestContext } from '../../platform/http/context.ts';
import { AppError, notFound } from '../../platform/http/errors.ts';
import { findPeopleNames } from '../people/people.service.ts';
import { findShiftIntervals } from './shift-intervals.ts';
import { userNames } from '../users/user-names.service.ts';
import { violationHandlings } from './hours.table.ts';
import {
  emptyWeekHours,
  findOverlaps,
  hoursByWeek,
  isWeekName,
  roundHours,
  workweeksBetween,
  type WeekHours,
  type Workweek,
} from './workweek.ts';

/** The agency settings the hours depend on (config `AGENCY_TIME_ZONE`, `WORKWEEK_START`). */
export interface HoursSettings {
  timeZone: string;
  workweekStart: WorkweekStart;
}

/** Days before the first week whose shifts may still reach into it (visits are at most 24–25 h, DOMAIN.md). */
const lookBackDays = 2;

/**
 * The report period: `from`..`to` local dates; defaults end today (agency zone) and start
 * `defaultWeeks` workweeks back. Errors: VALIDATION_FAILED naming `to` (before `from`) or `from`
 * (range longer than {@link maxHoursRangeDays}).
 */
export function resolvePeriod(
  query: { from?: string; to?: string },
  settings: HoursSettings,
  defaultWeeks: number,
): { from: string; to: string; weeks: Workweek[] } {
  const today = DateTime.now().setZone(settings.timeZone);
  const to = query.to ?? (today.toISODate() as string);
  const toDay = DateTime.fromISO(to, { zone: settings.timeZone });
  if (!toDay.isValid) throw AppError.field('to', 'is not a valid date');
  const from = query.from ?? toDay.minus({ weeks: defaultWeeks - 1 }).toISODate();
  const fromDay = DateTime.fromISO(from, { zone: settings.timeZone });
  if (!fromDay.isValid) throw AppError.field('from', 'is not a valid date');
  if (to < from) throw AppError.field('to', 'must be on or after from');
  if (toDay.diff(fromDay, 'days').days > maxHoursRangeDays)
    throw AppError.field('from', `must be at most ${maxHoursRangeDays} days before to`);
  return { from, to, weeks: workweeksBetween(from, to, settings.workweekStart, settings.timeZone) };
}

/** The shift dates to read for `weeks`: from a little before the first week to its last day. */
function shiftDates(weeks: Workweek[], timeZone: string) {
  const first = weeks[0] as Workweek;
  const last = weeks.at(-1) as Workweek;
  return {
    fromDate: DateTime.fromISO(first.weekName, { zone: timeZone })
      .minus({ days: lookBackDays })
      .toISODate() as string,
    toDate: DateTime.fromJSDate(last.end, { zone: timeZone }).minus({ days: 1 }).toISODate() as string,
  };
}

type HandlingKey = `${string}|${string}`;

/** Handling rows for the given caregivers and weeks, keyed `caregiverId|weekName`, with the handler's name. */
async function loadHandlings(
  executor: Executor,
  caregiverIds: string[],
  weekNames: string[],
): Promise<Map<HandlingKey, ViolationHandling>> {
  if (!caregiverIds.length || !weekNames.length) return new Map();
  const rows = await executor
    .select({
      caregiverId: violationHandlings.caregiverId,
      weekName: violationHandlings.weekName,
      handled: violationHandlings.handled,
      handledAt: violationHandlings.handledAt,
      handledBy: violationHandlings.handledBy,
      note: violationHandlings.note,
      handledByName: userNames.name,
    })
    .from(violationHandlings)
    .leftJoin(userNames, eq(userNames.id, violationHandlings.handledBy))
    .where(
      and(
        inArray(violationHandlings.caregiverId, [...new Set(caregiverIds)]),
        inArray(violationHandlings.weekName, [...new Set(weekNames)]),
      ),
    );
  return new Map(
    rows.map((row) => [
      `${row.caregiverId}|${row.weekName}`,
      {
        handled: row.handled,
        handledAt: row.handledAt ? row.handledAt.toISOString() : null,
        handledBy: row.handledBy,
        handledByName: row.handledByName || null,
        note: row.note,
      },
    ]),
  );
}

/** The API shape of one caregiver week. A violation = overtime (to 0.01 h) or overlapping shifts. */
function toWeek(
  week: WeekHours,
  caregiverName: string,
  handling: ViolationHandling | undefined,
): CaregiverWeek {
  const overtimeHours = roundHours(week.overtimeHours);
  return {
    caregiverId: week.caregiverId,
    caregiverName,
    weekName: week.weekName,
    weekStart: week.start.toISOString(),
    weekEnd: week.end.toISOString(),
    hours: roundHours(week.hours),
    overtimeHours,
    shiftCount: week.shiftIds.length,
    overlaps: week.overlaps,
    hasViolation: overtimeHours > 0 || week.overlaps.length > 0,
    handling: handling ?? null,
  };
}

const weekKey = (week: { caregiverId: string; weekName: string }): HandlingKey =>
  `${week.caregiverId}|${week.weekName}`;

const isUnhandled = (week: CaregiverWeek) => week.hasViolation && !week.handling?.handled;

/**
 * Totals of the listed weeks. Hours follow the one rounding rule (decision 0037): the weeks' exact
 * milliseconds added, rounded once to 0.01 h, so the total equals the Shifts page's for the same shifts.
 */
function totalsOf(items: CaregiverWeek[], exact: Map<HandlingKey, number>): CaregiverHoursPage['totals'] {
  const ms = (week: CaregiverWeek) => exact.get(weekKey(week)) ?? 0;
  const overtimeMs = overtimeThresholdHours * 3_600_000;
  return {
    weeks: items.length,
    overtimeWeeks: items.filter((w) => w.overtimeHours > 0).length,
    overlapWeeks: items.filter((w) => w.overlaps.length > 0).length,
    unhandledWeeks: items.filter(isUnhandled).length,
    hours: hoursFromMilliseconds(items.reduce((sum, w) => sum + ms(w), 0)),
    overtimeHours: hoursFromMilliseconds(items.reduce((sum, w) => sum + Math.max(0, ms(w) - overtimeMs), 0)),
  };
}

/**
 * Hours per caregiver per workweek for the filter (contracts `caregiverHoursQuery`; defaults: the
 * last 8 workweeks), newest week first then caregiver name, paged, with totals for the whole filter.
 * Weeks without worked time are left out. Audited as `caregiver_hours.list`.
 * Errors: VALIDATION_FAILED (`from`/`to`).
 */
export async function findCaregiverHours(
  db: Database,
  ctx: RequestContext,
  settings: HoursSettings,
  query: CaregiverHoursQuery,
): Promise<CaregiverHoursPage> {
  const { from, to, weeks } = resolvePeriod(query, settings, 8);
  const intervals = await findShiftIntervals(db, {
    ...shiftDates(weeks, settings.timeZone),
    caregiverId: query.caregiverId,
  });
  const weekHours = hoursByWeek(intervals, weeks);
  const exact = new Map(weekHours.map((w) => [weekKey(w), w.milliseconds]));
  const caregiverIds = weekHours.map((w) => w.caregiverId);
  const handlings = await loadHandlings(
    db,
    caregiverIds,
    weeks.map((w) => w.weekName),
  );
  const { caregivers } = await findPeopleNames(db, {
    caregiverIds: [...new Set(caregiverIds)],
    clientIds: [],
  });
  let items = weekHours.map((week) =>
    toWeek(
      week,
      caregivers.get(week.caregiverId) ?? '',
      handlings.get(`${week.caregiverId}|${week.weekName}`),
    ),
  );
  if (query.overtimeOnly) items = items.filter((week) => week.overtimeHours > 0);
  if (query.unhandledOnly) items = items.filter(isUnhandled);
  items.sort(
    (a, b) =>
      b.weekName.localeCompare(a.weekName) ||
      a.caregiverName.localeCompare(b.caregiverName) ||
      a.caregiverId.localeCompare(b.caregiverId),
  );
  const totals = totalsOf(items, exact);

  const pageItems = items.slice((query.page - 1) * query.pageSize, query.page * query.pageSize);
  await recordAudit(db, ctx, {
    action: 'caregiver_hours.list',
    entityType: 'caregiver',
    entityId: query.caregiverId ?? null,
    details: { from, to, weeks: totals.weeks, returned: pageItems.length },
  });
  return {
    items: pageItems,
    total: items.length,
    page: query.page,
    pageSize: query.pageSize,
    from,
    to,
    workweekStart: settings.workweekStart,
    timeZone: settings.timeZone,
    overtimeThresholdHours,
    totals,
  };
}

/** The caregiver's name. Errors: NOT_FOUND. */
async function caregiverName(executor: Executor, caregiverId: string): Promise<string> {
  const { caregivers } = await findPeopleNames(executor, { caregiverIds: [caregiverId], clientIds: [] });
  const name = caregivers.get(caregiverId);
  if (name === undefined) throw notFound('Caregiver');
  return name;
}

/**
 * One caregiver's workweeks in the period (defaults: the last 12), every week listed (zeros too) for
 * the chart, and the shifts behind them (drill-down) with the weeks each counts in and the shifts it
 * overlaps. Audited as `caregiver_hours.read`. Errors: NOT_FOUND, VALIDATION_FAILED (`from`/`to`).
 */
export async function getCaregiverWeeks(
  db: Database,
  ctx: RequestContext,
  settings: HoursSettings,
  caregiverId: string,
  query: CaregiverWeeksQuery,
): Promise<CaregiverWeeks> {
  const name = await caregiverName(db, caregiverId);
  const { from, to, weeks } = resolvePeriod(query, settings, 12);
  const intervals = await findShiftIntervals(db, { ...shiftDates(weeks, settings.timeZone), caregiverId });
  const byWeek = new Map(hoursByWeek(intervals, weeks).map((w) => [w.weekName, w]));
  const handlings = await loadHandlings(
    db,
    [caregiverId],
    weeks.map((w) => w.weekName),
  );
  const rangeStart = (weeks[0] as Workweek).start.getTime();
  const rangeEnd = (weeks.at(-1) as Workweek).end.getTime();
  const inRange = intervals.filter((i) => i.end.getTime() > rangeStart && i.start.getTime() < rangeEnd);
  const overlaps = findOverlaps(inRange);
  const { clients } = await findPeopleNames(db, {
    caregiverIds: [],
    clientIds: [...new Set(inRange.map((i) => i.clientId))],
  });
  const result: CaregiverWeeks = {
    caregiverId,
    caregiverName: name,
    from,
    to,
    workweekStart: settings.workweekStart,
    timeZone: settings.timeZone,
    overtimeThresholdHours,
    weeks: weeks.map((week) =>
      toWeek(
        byWeek.get(week.weekName) ?? emptyWeekHours(caregiverId, week),
        name,
        handlings.get(`${caregiverId}|${week.weekName}`),
      ),
    ),
    shifts: inRange.map((interval) => ({
      id: interval.shiftId,
      clientId: interval.clientId,
      clientName: clients.get(interval.clientId) ?? '',
      date: interval.date,
      evvInTime: interval.start.toISOString(),
      evvOutTime: interval.end.toISOString(),
      hours: roundHours((interval.end.getTime() - interval.start.getTime()) / 3_600_000),
      weekNames: weeks.filter((w) => interval.start < w.end && interval.end > w.start).map((w) => w.weekName),
      overlapsWith: overlaps.flatMap((pair) =>
        pair.shiftId === interval.shiftId
          ? [pair.otherShiftId]
          : pair.otherShiftId === interval.shiftId
            ? [pair.shiftId]
            : [],
      ),
    })),
  };
  await recordAudit(db, ctx, {
    action: 'caregiver_hours.read',
    entityType: 'caregiver',
    entityId: caregiverId,
    details: { from, to, shifts: result.shifts.length },
  });
  return result;
}

/**
 * Records an admin's handling of a caregiver's week (spec s.3 ViolationHandling): `handled` with a
 * note; the first time a week is marked handled sets `handledAt`/`handledBy` to now and the actor,
 * marking it again keeps them (idempotent) and only replaces the note; `handled: false` clears them.
 * One row per caregiver and week (unique index), written and audited (`violation_handling.update`,
 * details: week, handled, whether the note changed) in one transaction.
 * Errors: VALIDATION_FAILED naming `weekName` when it is not the first day of a workweek; NOT_FOUND.
 */
export async function setViolationHandling(
  db: Database,
  ctx: RequestContext,
  settings: HoursSettings,
  caregiverId: string,
  weekName: string,
  input: { handled: boolean; note: string | null },
): Promise<ViolationHandling> {
  if (!isWeekName(weekName, settings.workweekStart, settings.timeZone))
    throw AppError.field(
      'weekName',
      `must be the first day of a workweek (workweeks start on ${settings.workweekStart})`,
    );
  await caregiverName(db, caregiverId);
  await db.transaction(async (tx) => {
    await tx.insert(violationHandlings).values({ caregiverId, weekName }).onConflictDoNothing();
    const [row] = await tx
      .select()
      .from(violationHandlings)
      .where(and(eq(violationHandlings.caregiverId, caregiverId), eq(violationHandlings.weekName, weekName)))
      .for('update');
    if (!row) throw new AppError('INTERNAL');
    const keep = row.handled && input.handled;
    await tx
      .update(violationHandlings)
      .set({
        handled: input.handled,
        handledAt: input.handled ? (keep ? row.handledAt : new Date()) : null,
        handledBy: input.handled ? (keep ? row.handledBy : (ctx.actor?.userAccountId ?? null)) : null,
        note: input.note,
        updatedAt: new Date(),
      })
      .where(eq(violationHandlings.id, row.id));
    await recordAudit(tx, ctx, {
      action: 'violation_handling.update',
      entityType: 'caregiver',
      entityId: caregiverId,
      details: { weekName, handled: input.handled, noteChanged: row.note !== input.note },
    });
  });
  const handling = (await loadHandlings(db, [caregiverId], [weekName])).get(`${caregiverId}|${weekName}`);
  if (!handling) throw new AppError('INTERNAL');
  return handling;
}
