/**
 * Payroll service (issue 6 "Payroll"; spec s.3 PayrollVersion; docs/payroll.md): the pay-period
 * setting (`app_setting` key `pay_period`), the payroll of a period per caregiver, one caregiver's
 * segments in a period, and PayrollVersions (a segment's times as paid). Segments and caregivers come
 * through the shifts module's read API (`payroll-source.ts`); the arithmetic is `pay-period.ts` and
 * `payroll.ts`. Every read and write is audited (`payroll.list`, `pay_period.update`,
 * `payroll_version.update`); audit details carry ids, dates and counts, never names or reasons.
 */
import { and, eq, gte, lte } from 'drizzle-orm';
import { DateTime } from 'luxon';
import {
  overtimeThresholdHours,
  payPeriodSettingsInput,
  type PayPeriod,
  type PayPeriodSettings,
  type PayPeriodSettingsInput,
  type PayrollAdjustmentType,
  type PayrollCaregiver,
  type PayrollCaregiverDetail,
  type PayrollPeriodView,
  type PayrollSegment,
  type PayrollVersionInput,
  type PayrollVersionResult,
  type WorkweekStart,
} from '@tend/contracts';
import type { Database, Executor } from '../../platform/db/client.ts';
import { recordAudit } from '../../platform/audit/audit.service.ts';
import type { RequestContext } from '../../platform/http/context.ts';
import { AppError, notFound } from '../../platform/http/errors.ts';
import { readSetting, writeSetting } from '../../platform/settings/settings.service.ts';
import { appendSegmentChange } from '../shifts/shift-results.service.ts';
import {
  findPayrollCaregivers,
  findPayrollSegment,
  findPayrollSegments,
  type PayrollSourceSegment,
} from './payroll-source.ts';
import { roundHours, workweeksBetween, type Workweek } from '../hours/workweek.ts';
import {
  defaultPayPeriodSettings,
  payPeriodOf,
  recentPayPeriods,
  shiftPayPeriod,
  weekdayOf,
} from './pay-period.ts';
import { computePayroll, payrollTotals, type PaidSegment, type PayrollPerson } from './payroll.ts';
import { payrollAdjustments, payrollVersions } from './payroll.table.ts';
import { loadAdjustments } from './payroll-adjustments.service.ts';
import { loadVersions } from './paid-times.service.ts';

/** The agency settings payroll depends on (config `AGENCY_TIME_ZONE`, `WORKWEEK_START`). */
export interface PayrollConfig {
  timeZone: string;
  workweekStart: WorkweekStart;
}

/** The `app_setting` key of the pay period. */
export const PAY_PERIOD_SETTING = 'pay_period';

/** Service dates read before a period: a shift dated earlier may still reach into it (visits ≤ 25 h). */
const lookBackDays = 2;
/** Longest paid interval of a PayrollVersion (DOMAIN.md: visits are at most 24–25 h). */
const maxPaidHours = 25;

/** The stored pay period, or the default (docs/payroll.md), with `isDefault`/`updatedAt`. */
export async function readPayPeriodSettings(
  executor: Executor,
  config: PayrollConfig,
): Promise<PayPeriodSettingsInput & { isDefault: boolean; updatedAt: Date | null }> {
  const row = await readSetting(executor, PAY_PERIOD_SETTING);
  const parsed = row ? payPeriodSettingsInput.safeParse(row.value) : null;
  if (row && parsed?.success) return { ...parsed.data, isDefault: false, updatedAt: row.updatedAt };
  return { ...defaultPayPeriodSettings(config.workweekStart), isDefault: true, updatedAt: null };
}

const today = (timeZone: string) => DateTime.now().setZone(timeZone).toISODate() as string;

const capitalize = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);

/** Checks that periods start on the workweek start day. Errors: VALIDATION_FAILED naming `field`. */
function checkAligned(settings: PayPeriodSettingsInput, config: PayrollConfig, field: string) {
  let weekday: WorkweekStart;
  try {
    weekday = weekdayOf(settings.anchorDate);
  } catch {
    throw AppError.field(field, 'is not a valid date');
  }
  if (weekday !== config.workweekStart)
    throw AppError.field(
      field,
      `must be a ${capitalize(config.workweekStart)}: pay periods start on the first day of a workweek (WORKWEEK_START), so overtime is computed per workweek`,
    );
}

/** `GET /api/payroll/settings`: the pay period, the zone and workweek, and the last 12 periods. Not audited (configuration). */
export async function getPayPeriodSettings(db: Database, config: PayrollConfig): Promise<PayPeriodSettings> {
  const settings = await readPayPeriodSettings(db, config);
  let recentPeriods: PayPeriod[] = [];
  try {
    checkAligned(settings, config, 'anchorDate');
    recentPeriods = recentPayPeriods(today(config.timeZone), settings, config.timeZone, 12);
  } catch {
    // A stored anchor on another weekday (WORKWEEK_START changed since): no periods until fixed.
  }
  return {
    frequency: settings.frequency,
    anchorDate: settings.anchorDate,
    isDefault: settings.isDefault,
    updatedAt: settings.updatedAt ? settings.updatedAt.toISOString() : null,
    workweekStart: config.workweekStart,
    timeZone: config.timeZone,
    recentPeriods,
  };
}

/**
 * `PUT /api/payroll/settings`: stores the pay period (upsert of `app_setting` `pay_period`) and
 * audits `pay_period.update` with the old and new values, in one transaction.
 * Errors: VALIDATION_FAILED naming `anchorDate` when it is not on the workweek start day.
 */
export async function setPayPeriodSettings(
  db: Database,
  ctx: RequestContext,
  config: PayrollConfig,
  input: PayPeriodSettingsInput,
): Promise<PayPeriodSettings> {
  checkAligned(input, config, 'anchorDate');
  await db.transaction(async (tx) => {
    const before = await readPayPeriodSettings(tx, config);
    const value = { frequency: input.frequency, anchorDate: input.anchorDate };
    await writeSetting(tx, PAY_PERIOD_SETTING, value);
    await recordAudit(tx, ctx, {
      action: 'pay_period.update',
      entityType: 'app_setting',
      details: {
        from: before.isDefault ? null : { frequency: before.frequency, anchorDate: before.anchorDate },
        to: value,
      },
    });
  });
  return getPayPeriodSettings(db, config);
}

/** A resolved pay period with its settings and workweeks. */
export interface ResolvedPeriod {
  settings: PayPeriodSettingsInput;
  period: PayPeriod;
  weeks: Workweek[];
}

/**
 * The period starting on `periodStart` (default: the one containing today in the agency zone).
 * Errors: VALIDATION_FAILED naming `field` when `periodStart` is not the first day of a period;
 * CONFLICT when the stored anchor is no longer on the workweek start day.
 */
export async function resolvePayPeriod(
  executor: Executor,
  config: PayrollConfig,
  periodStart: string | undefined,
  field = 'periodStart',
): Promise<ResolvedPeriod> {
  const settings = await readPayPeriodSettings(executor, config);
  if (weekdayOf(settings.anchorDate) !== config.workweekStart)
    throw new AppError(
      'CONFLICT',
      `The pay period starts on a ${weekdayOf(settings.anchorDate)} but workweeks start on ${config.workweekStart}: update the pay period settings`,
    );
  let period: PayPeriod;
  try {
    period = payPeriodOf(periodStart ?? today(config.timeZone), settings, config.timeZone);
  } catch {
    throw AppError.field(field, 'is not a valid date');
  }
  if (periodStart && period.start !== periodStart)
    throw AppError.field(
      field,
      `is not the first day of a pay period (the period holding it starts ${period.start})`,
    );
  return {
    settings,
    period,
    weeks: workweeksBetween(period.start, period.end, config.workweekStart, config.timeZone),
  };
}

/** A segment with its paid times (PayrollVersion when both its times are set, else the segment's). */
interface SegmentWithPay extends PayrollSourceSegment {
  paidStart: Date | null;
  paidEnd: Date | null;
  hasPayrollVersion: boolean;
}

/** Live segments that may touch `period`, with their paid times. */
async function segmentsWithPay(
  executor: Executor,
  period: PayPeriod,
  caregiverId?: string,
): Promise<SegmentWithPay[]> {
  const segments = await findPayrollSegments(executor, {
    fromDate: DateTime.fromISO(period.start, { zone: 'utc' })
      .minus({ days: lookBackDays })
      .toISODate() as string,
    toDate: DateTime.fromISO(period.end, { zone: 'utc' }).plus({ days: 1 }).toISODate() as string,
    caregiverId,
  });
  const versions = await loadVersions(
    executor,
    segments.map((s) => s.segmentId),
  );
  return segments.map((segment) => {
    const version = versions.get(segment.segmentId);
    const useVersion = Boolean(version?.evvStart && version.evvEnd);
    return {
      ...segment,
      paidStart: useVersion ? (version?.evvStart ?? null) : segment.evvStart,
      paidEnd: useVersion ? (version?.evvEnd ?? null) : segment.evvEnd,
      hasPayrollVersion: Boolean(version),
    };
  });
}

/** The paid intervals with a positive length. */
const paidIntervals = (segments: SegmentWithPay[]): PaidSegment[] =>
  segments.flatMap((s) =>
    s.paidStart && s.paidEnd && s.paidEnd > s.paidStart
      ? [
          {
            segmentId: s.segmentId,
            caregiverId: s.caregiverId,
            start: s.paidStart,
            end: s.paidEnd,
            hasPayrollVersion: s.hasPayrollVersion,
          },
        ]
      : [],
  );

/** Active adjustments of the period (by effective date), optionally of one caregiver. */
async function periodAdjustmentValues(executor: Executor, period: PayPeriod, caregiverId?: string) {
  const rows = await executor
    .select({
      caregiverId: payrollAdjustments.caregiverId,
      adjustmentType: payrollAdjustments.adjustmentType,
      adjustmentValue: payrollAdjustments.adjustmentValue,
    })
    .from(payrollAdjustments)
    .where(
      and(
        eq(payrollAdjustments.isActive, true),
        gte(payrollAdjustments.effectiveDate, period.start),
        lte(payrollAdjustments.effectiveDate, period.end),
        caregiverId ? eq(payrollAdjustments.caregiverId, caregiverId) : undefined,
      ),
    );
  return rows.flatMap((row) =>
    row.caregiverId && row.adjustmentValue !== null
      ? [
          {
            caregiverId: row.caregiverId,
            adjustmentType: row.adjustmentType as PayrollAdjustmentType,
            adjustmentValue: row.adjustmentValue,
          },
        ]
      : [],
  );
}

/**
 * The payroll of a resolved period (no audit; callers audit): rows per caregiver and totals. Used by
 * the page and the export, so both always show the same figures.
 */
export async function computePeriodPayroll(
  executor: Executor,
  config: PayrollConfig,
  resolved: ResolvedPeriod,
): Promise<PayrollPeriodView> {
  const { period, weeks, settings } = resolved;
  const segments = await segmentsWithPay(executor, period);
  const adjustments = await periodAdjustmentValues(executor, period);
  const people = await findPayrollCaregivers(executor, [
    ...segments.map((s) => s.caregiverId),
    ...adjustments.map((a) => a.caregiverId),
  ]);
  const items = computePayroll(paidIntervals(segments), adjustments, weeks, people);
  return {
    period,
    frequency: settings.frequency,
    previousPeriodStart: shiftPayPeriod(period, -1, settings, config.timeZone).start,
    nextPeriodStart: shiftPayPeriod(period, 1, settings, config.timeZone).start,
    workweekStart: config.workweekStart,
    timeZone: config.timeZone,
    overtimeThresholdHours,
    weeks: weeks.map((w) => ({
      weekName: w.weekName,
      startsAt: w.start.toISOString(),
      endsAt: w.end.toISOString(),
    })),
    items,
    totals: payrollTotals(items),
  };
}

/**
 * `GET /api/payroll`: the period's payroll per caregiver. Audited `payroll.list` (period, rows).
 * Errors: VALIDATION_FAILED (`periodStart`), CONFLICT (settings out of line with the workweek).
 */
export async function getPayroll(
  db: Database,
  ctx: RequestContext,
  config: PayrollConfig,
  periodStart: string | undefined,
): Promise<PayrollPeriodView> {
  const resolved = await resolvePayPeriod(db, config, periodStart);
  const view = await computePeriodPayroll(db, config, resolved);
  await recordAudit(db, ctx, {
    action: 'payroll.list',
    entityType: 'caregiver',
    details: { periodStart: view.period.start, periodEnd: view.period.end, caregivers: view.items.length },
  });
  return view;
}

/**
 * `GET /api/payroll/caregivers/:id`: one caregiver's payroll in the period, the segments whose paid
 * (or, without times, service) dates fall in it, and the period's adjustments with inactive history.
 * Audited `payroll.list` (entity: the caregiver). Errors: NOT_FOUND, VALIDATION_FAILED (`periodStart`).
 */
export async function getCaregiverPayroll(
  db: Database,
  ctx: RequestContext,
  config: PayrollConfig,
  caregiverId: string,
  periodStart: string | undefined,
): Promise<PayrollCaregiverDetail> {
  const person = (await findPayrollCaregivers(db, [caregiverId])).get(caregiverId);
  if (!person) throw notFound('Caregiver');
  const resolved = await resolvePayPeriod(db, config, periodStart);
  const { period, weeks } = resolved;
  const all = await segmentsWithPay(db, period, caregiverId);
  const adjustments = await periodAdjustmentValues(db, period, caregiverId);
  const people = new Map([[caregiverId, person]]);
  const summary =
    computePayroll(paidIntervals(all), adjustments, weeks, people)[0] ?? emptyPayrollRow(caregiverId, person);
  const segments = segmentsInPeriod(all, period);
  const adjustmentRows = await loadAdjustments(db, {
    caregiverId,
    fromDate: period.start,
    toDate: period.end,
    includeInactive: true,
  });
  await recordAudit(db, ctx, {
    action: 'payroll.list',
    entityType: 'caregiver',
    entityId: caregiverId,
    details: { periodStart: period.start, segments: segments.length, adjustments: adjustmentRows.length },
  });
  return {
    period,
    timeZone: config.timeZone,
    caregiverId,
    caregiverName: person.name,
    summary,
    segments,
    adjustments: adjustmentRows,
  };
}

/** The payroll row of a caregiver with no time and no adjustment in the period. */
function emptyPayrollRow(caregiverId: string, person: PayrollPerson): PayrollCaregiver {
  return {
    caregiverId,
    caregiverName: person.name,
    externalId: person.externalId,
    regularHours: 0,
    overtimeHours: 0,
    hourAdjustments: 0,
    mileageMiles: 0,
    amountAdjustmentCents: 0,
    totalPaidHours: 0,
    segmentCount: 0,
    payrollVersionCount: 0,
    adjustmentCount: 0,
    weeks: [],
  };
}

/**
 * The segments of the period, ordered by paid start (else service date): those whose paid interval
 * overlaps the period's instants, with the hours inside it; without valid paid times, those whose
 * service date is in the period, with no hours.
 */
function segmentsInPeriod(
  all: Awaited<ReturnType<typeof segmentsWithPay>>,
  period: PayPeriod,
): PayrollSegment[] {
  const startsAt = Date.parse(period.startsAt);
  const endsAt = Date.parse(period.endsAt);
  const segments: PayrollSegment[] = all.flatMap((s) => {
    const valid = s.paidStart && s.paidEnd && s.paidEnd > s.paidStart;
    const inPeriod = valid
      ? (s.paidEnd as Date).getTime() > startsAt && (s.paidStart as Date).getTime() < endsAt
      : s.date >= period.start && s.date <= period.end;
    if (!inPeriod) return [];
    const hours = valid
      ? roundHours(
          (Math.min((s.paidEnd as Date).getTime(), endsAt) -
            Math.max((s.paidStart as Date).getTime(), startsAt)) /
            3_600_000,
        )
      : null;
    return [
      {
        segmentId: s.segmentId,
        shiftId: s.shiftId,
        date: s.date,
        clientId: s.clientId,
        clientName: s.clientName,
        billingCode: s.billingCode,
        modifier: s.modifier,
        evvStart: s.evvStart?.toISOString() ?? null,
        evvEnd: s.evvEnd?.toISOString() ?? null,
        paidStart: s.paidStart?.toISOString() ?? null,
        paidEnd: s.paidEnd?.toISOString() ?? null,
        hasPayrollVersion: s.hasPayrollVersion,
        hours,
      },
    ];
  });
  return segments.sort((a, b) => (a.paidStart ?? a.date).localeCompare(b.paidStart ?? b.date));
}

const iso = (value: Date | null) => value?.toISOString() ?? null;

/**
 * `PUT /api/segments/:id/payroll-version`: pays the segment on `evvStart`..`evvEnd` instead of its
 * own times (upsert of its one PayrollVersion), records the change and reason in the segment's
 * `changeHistory`, and audits `payroll_version.update` — one transaction.
 * Errors: NOT_FOUND (segment, deleted too); VALIDATION_FAILED naming `evvEnd` (not after the start,
 * or longer than 25 h) or `evvStart` (more than a day from the segment's service date).
 */
export async function setPayrollVersion(
  db: Database,
  ctx: RequestContext,
  config: PayrollConfig,
  segmentId: string,
  input: PayrollVersionInput,
): Promise<PayrollVersionResult> {
  const start = new Date(input.evvStart);
  const end = new Date(input.evvEnd);
  if (end <= start) throw AppError.field('evvEnd', 'must be after evvStart');
  if ((end.getTime() - start.getTime()) / 3_600_000 > maxPaidHours)
    throw AppError.field('evvEnd', `must be at most ${maxPaidHours} hours after evvStart`);
  return db.transaction(async (tx) => {
    const segment = await findPayrollSegment(tx, segmentId);
    if (!segment) throw notFound('Segment');
    const startDay = DateTime.fromJSDate(start, { zone: config.timeZone }).startOf('day');
    const serviceDay = DateTime.fromISO(segment.date, { zone: config.timeZone });
    if (Math.abs(startDay.diff(serviceDay, 'days').days) > 1)
      throw AppError.field('evvStart', `must be within a day of the segment's service date ${segment.date}`);
    const [before] = await tx
      .select()
      .from(payrollVersions)
      .where(eq(payrollVersions.shiftSegmentId, segmentId));
    await tx
      .insert(payrollVersions)
      .values({ shiftSegmentId: segmentId, evvStart: start, evvEnd: end })
      .onConflictDoUpdate({
        target: payrollVersions.shiftSegmentId,
        set: { evvStart: start, evvEnd: end, updatedAt: new Date() },
      });
    await appendSegmentChange(tx, segmentId, {
      at: new Date().toISOString(),
      by: ctx.actor?.userAccountId ?? null,
      action: 'payroll_version.update',
      reason: input.reason,
      changes: {
        payrollStart: { from: iso(before?.evvStart ?? null), to: start.toISOString() },
        payrollEnd: { from: iso(before?.evvEnd ?? null), to: end.toISOString() },
      },
    });
    await recordAudit(tx, ctx, {
      action: 'payroll_version.update',
      entityType: 'shift_segment',
      entityId: segmentId,
      details: { change: before ? 'update' : 'create', date: segment.date },
    });
    return {
      shiftSegmentId: segmentId,
      evvStart: iso(segment.evvStart),
      evvEnd: iso(segment.evvEnd),
      paidStart: start.toISOString(),
      paidEnd: end.toISOString(),
      hasPayrollVersion: true,
    };
  });
}

/**
 * `DELETE /api/segments/:id/payroll-version`: pays the segment's own times again (removes its
 * PayrollVersion), records it in `changeHistory`, audits `payroll_version.update` (`change:
 * 'delete'`). Idempotent: without a version only answers. Errors: NOT_FOUND (segment).
 */
export async function deletePayrollVersion(
  db: Database,
  ctx: RequestContext,
  segmentId: string,
  reason: string | null,
): Promise<PayrollVersionResult> {
  return db.transaction(async (tx) => {
    const segment = await findPayrollSegment(tx, segmentId);
    if (!segment) throw notFound('Segment');
    const [before] = await tx
      .delete(payrollVersions)
      .where(eq(payrollVersions.shiftSegmentId, segmentId))
      .returning();
    if (before) {
      await appendSegmentChange(tx, segmentId, {
        at: new Date().toISOString(),
        by: ctx.actor?.userAccountId ?? null,
        action: 'payroll_version.delete',
        reason,
        changes: {
          payrollStart: { from: iso(before.evvStart), to: null },
          payrollEnd: { from: iso(before.evvEnd), to: null },
        },
      });
      await recordAudit(tx, ctx, {
        action: 'payroll_version.update',
        entityType: 'shift_segment',
        entityId: segmentId,
        details: { change: 'delete', date: segment.date },
      });
    }
    return {
      shiftSegmentId: segmentId,
      evvStart: iso(segment.evvStart),
      evvEnd: iso(segment.evvEnd),
      paidStart: iso(segment.evvStart),
      paidEnd: iso(segment.evvEnd),
      hasPayrollVersion: false,
    };
  });
}
