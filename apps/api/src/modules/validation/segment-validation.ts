/**
 * The segment validator (pure; issue 6; DOMAIN.md "Violation codes", catalogue in contracts
 * `segment-validation.ts`, rules in docs/segment-validation.md). Given the segments of a window of
 * service dates with their shift, caregiver type, screening facts, the billing-code rules and the
 * client budget lines (with the units used before the window), returns each segment's open
 * violations in catalogue order. READY only when the list is empty. No I/O, no clock.
 *
 * Boundaries: exactly 24 h is allowed (over 24 h is not); intervals that only touch (one ends when
 * the other starts) do not overlap; a rule or budget applies on its effective and its expiration date
 * (inclusive); an open-ended budget line runs one plan year (`termEndOf`, budget-overages.ts).
 */
import {
  segmentViolationCatalogue,
  type BudgetMeasure,
  type CaregiverType,
  type SegmentViolationCode,
  type SegmentViolationItem,
} from '@tend/contracts';
import type { RuleFacts } from '../billing/billing-rules.service.ts';
import { termEndOf } from '../budgets/budget-overages.ts';
import { segmentUnits } from '../budgets/budget-units.ts';

/** Modifiers that mark 2:1 staffing: two caregivers with one client at once is expected (DOMAIN.md). */
export const twoToOneModifiers: readonly string[] = ['ZE'];

/** 24 hours in milliseconds: the longest a segment may last. */
export const maxSegmentMs = 24 * 60 * 60 * 1000;

/** One segment with everything the rules look at. */
export interface SegmentFacts {
  id: string;
  shiftId: string;
  /** Service date of the shift, `YYYY-MM-DD`. */
  date: string;
  evvStart: Date | null;
  evvEnd: Date | null;
  billingCode: string | null;
  modifier: string | null;
  caregiverId: string;
  clientId: string;
  caregiverType: CaregiverType | null;
  /** All four EVV coordinates (in and out) are present on the segment. */
  hasAllCoordinates: boolean;
  /** Unreviewed suspicious-location findings of level MEDIUM or HIGH on the shift. */
  openLocationFindings: number;
  /** Shift notes matched to the shift. */
  noteCount: number;
  /** False for segments loaded only as context (neighbours for overlaps and budget order). */
  validate: boolean;
  /**
   * The shift's clock-in and clock-out (`SEGMENT_OUTSIDE_SHIFT`, docs/segment-editor.md); null or
   * absent: not known, so not checked.
   */
  shiftStart?: Date | null;
  shiftEnd?: Date | null;
}

export interface BudgetFacts {
  id: string;
  clientId: string;
  procCode: string;
  modifier: string | null;
  /** Authorized units in `measure`. */
  units: number;
  /** Null when the line's measure is unknown: the units cannot be compared and are not checked. */
  measure: BudgetMeasure | null;
  effectiveDate: string;
  expirationDate: string | null;
  /** Units used by segments of this line dated before the first segment given to the validator. */
  usedBefore: number;
}

const norm = (value: string | null | undefined) => (value ?? '').trim().toUpperCase();
const sameCode = (
  a: { code: string | null; modifier: string | null },
  code: string,
  modifier: string | null,
) => norm(a.code) === norm(code) && norm(a.modifier) === norm(modifier);

const violation = (
  code: SegmentViolationCode,
  message: string,
  meta?: Record<string, unknown>,
): SegmentViolationItem => (meta ? { code, message, meta } : { code, message });

/** Segment length in whole minutes, or null when a time is missing or the end is not after the start. */
export function segmentMinutes(segment: Pick<SegmentFacts, 'evvStart' | 'evvEnd'>): number | null {
  if (!segment.evvStart || !segment.evvEnd) return null;
  const ms = segment.evvEnd.getTime() - segment.evvStart.getTime();
  return ms > 0 ? Math.round(ms / 60_000) : null;
}

/** The rule in effect for a code + modifier on `date`, or null. */
export function ruleFor(rules: readonly RuleFacts[], code: string, modifier: string | null, date: string) {
  return (
    rules.find(
      (rule) =>
        sameCode({ code: rule.billingCode, modifier: rule.modifier }, code, modifier) &&
        rule.effectiveDate <= date &&
        (!rule.expirationDate || date <= rule.expirationDate),
    ) ?? null
  );
}

/** The client's budget line for a code + modifier covering `date` (latest start wins), or null. */
export function budgetFor(
  budgets: readonly BudgetFacts[],
  clientId: string,
  code: string,
  modifier: string | null,
  date: string,
): BudgetFacts | null {
  return budgetIndex(budgets)(clientId, code, modifier, date);
}

/**
 * {@link budgetFor} over an index built once: lines by client with their term end resolved, so a
 * window of many segments does not rescan every line (nor recompute open-ended terms) per segment.
 */
export function budgetIndex(budgets: readonly BudgetFacts[]) {
  const byClient = new Map<string, { line: BudgetFacts; termEnd: string }[]>();
  for (const line of budgets) {
    const list = byClient.get(line.clientId) ?? [];
    list.push({ line, termEnd: termEndOf(line) });
    byClient.set(line.clientId, list);
  }
  return (clientId: string, code: string, modifier: string | null, date: string): BudgetFacts | null => {
    let best: BudgetFacts | null = null;
    for (const { line, termEnd } of byClient.get(clientId) ?? []) {
      if (!sameCode({ code: line.procCode, modifier: line.modifier }, code, modifier)) continue;
      if (date < line.effectiveDate || date > termEnd) continue;
      if (!best || line.effectiveDate > best.effectiveDate) best = line;
    }
    return best;
  };
}

type Interval = { segment: SegmentFacts; start: number; end: number };

/** Pairs of intervals in one group that overlap (touching is not overlapping); calls `hit` for each. */
function overlaps(
  groups: Map<string, Interval[]>,
  skip: (a: SegmentFacts, b: SegmentFacts) => boolean,
  hit: (a: SegmentFacts, b: SegmentFacts) => void,
) {
  for (const list of groups.values()) {
    list.sort((a, b) => a.start - b.start || a.end - b.end);
    for (let i = 0; i < list.length; i += 1) {
      const a = list[i] as Interval;
      for (let j = i + 1; j < list.length; j += 1) {
        const b = list[j] as Interval;
        if (b.start >= a.end) break;
        if (!skip(a.segment, b.segment)) hit(a.segment, b.segment);
      }
    }
  }
}

function groupBy(intervals: Interval[], key: (s: SegmentFacts) => string) {
  const groups = new Map<string, Interval[]>();
  for (const interval of intervals) {
    const k = key(interval.segment);
    const list = groups.get(k);
    if (list) list.push(interval);
    else groups.set(k, [interval]);
  }
  return groups;
}

/** Violations found so far: segment id → code → the first violation of that code. */
type Found = Map<string, Map<SegmentViolationCode, SegmentViolationItem>>;

/** Records `item` for `segment` (a context segment gets none; the first violation of a code stays). */
function addViolation(found: Found, segment: SegmentFacts, item: SegmentViolationItem): void {
  if (!segment.validate) return;
  let list = found.get(segment.id);
  if (!list) found.set(segment.id, (list = new Map<SegmentViolationCode, SegmentViolationItem>()));
  if (!list.has(item.code as SegmentViolationCode)) list.set(item.code as SegmentViolationCode, item);
}

/**
 * Validates `segments` (those with `validate` true; the others are context) against the catalogue.
 * Returns segment id → violations (catalogue order; empty = READY). Budget use is counted per line in
 * order of service date, start and id, starting from the line's `usedBefore`, in the line's measure
 * (budget-units.ts: hours unrounded, 15-minute units with the 8-minute rule per segment, one unit per
 * service date for days, miles not recorded yet so never exceeded).
 */
export function validateSegments(input: {
  segments: readonly SegmentFacts[];
  rules: readonly RuleFacts[];
  budgets: readonly BudgetFacts[];
}): Map<string, SegmentViolationItem[]> {
  const found: Found = new Map();
  const findBudget = budgetIndex(input.budgets);
  const budgetOf = new Map<string, BudgetFacts | null>();
  const intervals: Interval[] = [];
  for (const segment of input.segments) {
    checkTimes(found, segment, intervals);
    checkCode(found, segment, input.rules, findBudget, budgetOf);
    checkLocationAndNotes(found, segment);
  }
  checkOverlaps(found, intervals);
  checkBudgetUse(found, input.segments, budgetOf);

  const order = Object.keys(segmentViolationCatalogue);
  const result = new Map<string, SegmentViolationItem[]>();
  for (const segment of input.segments) {
    if (!segment.validate) continue;
    const list = [...(found.get(segment.id)?.values() ?? [])];
    list.sort((a, b) => order.indexOf(a.code) - order.indexOf(b.code));
    result.set(segment.id, list);
  }
  return result;
}

/**
 * The clock rules: MISSING_CLOCK_IN, MISSING_CLOCK_OUT, END_NOT_AFTER_START, SHIFT_OVER_24H (exactly
 * 24 h is allowed) and SEGMENT_OUTSIDE_SHIFT. A segment with a positive length joins `intervals` (the
 * overlap checks).
 */
function checkTimes(found: Found, segment: SegmentFacts, intervals: Interval[]): void {
  const start = segment.evvStart?.getTime();
  const end = segment.evvEnd?.getTime();
  if (start === undefined)
    addViolation(found, segment, violation('MISSING_CLOCK_IN', 'The segment has no clock-in time'));
  if (end === undefined)
    addViolation(found, segment, violation('MISSING_CLOCK_OUT', 'The segment has no clock-out time'));
  if (start === undefined || end === undefined) return;
  if (end <= start)
    addViolation(found, segment, violation('END_NOT_AFTER_START', 'The clock-out is not after the clock-in'));
  else {
    if (end - start > maxSegmentMs) {
      const hours = Math.round(((end - start) / 3_600_000) * 100) / 100;
      addViolation(
        found,
        segment,
        violation('SHIFT_OVER_24H', `The segment lasts ${hours} h (more than 24 h)`, { hours }),
      );
    }
    intervals.push({ segment, start, end });
  }
  const shiftStart = segment.shiftStart?.getTime();
  const shiftEnd = segment.shiftEnd?.getTime();
  if ((shiftStart !== undefined && start < shiftStart) || (shiftEnd !== undefined && end > shiftEnd))
    addViolation(
      found,
      segment,
      violation('SEGMENT_OUTSIDE_SHIFT', "The segment runs outside its shift's clock-in and clock-out", {
        startsEarlyMinutes:
          shiftStart !== undefined && start < shiftStart ? Math.round((shiftStart - start) / 60_000) : 0,
        endsLateMinutes: shiftEnd !== undefined && end > shiftEnd ? Math.round((end - shiftEnd) / 60_000) : 0,
      }),
    );
}

/**
 * The billing rules: MISSING_BILLING_CODE, NO_RATE_FOR_CODE (no rule in effect on the date),
 * CAREGIVER_TYPE_NOT_ALLOWED and NO_ACTIVE_BUDGET; the segment's budget line goes into `budgetOf`.
 */
function checkCode(
  found: Found,
  segment: SegmentFacts,
  rules: readonly RuleFacts[],
  findBudget: ReturnType<typeof budgetIndex>,
  budgetOf: Map<string, BudgetFacts | null>,
): void {
  const code = segment.billingCode?.trim();
  if (!code) {
    addViolation(found, segment, violation('MISSING_BILLING_CODE', 'The segment has no billing code'));
    return;
  }
  const rule = ruleFor(rules, code, segment.modifier, segment.date);
  const label = `${norm(code)}${segment.modifier?.trim() ? ` ${norm(segment.modifier)}` : ''}`;
  if (!rule)
    addViolation(
      found,
      segment,
      violation('NO_RATE_FOR_CODE', `No billing-code rule for ${label} on ${segment.date}`),
    );
  else if (!segment.caregiverType || !rule.allowedCaregiverTypes.includes(segment.caregiverType))
    addViolation(
      found,
      segment,
      violation(
        'CAREGIVER_TYPE_NOT_ALLOWED',
        `Caregiver type ${segment.caregiverType ?? 'unknown'} may not bill ${label}`,
        {
          ruleId: rule.id,
          caregiverType: segment.caregiverType,
          allowed: [...rule.allowedCaregiverTypes],
        },
      ),
    );
  const line = findBudget(segment.clientId, code, segment.modifier, segment.date);
  budgetOf.set(segment.id, line);
  if (!line)
    addViolation(
      found,
      segment,
      violation('NO_ACTIVE_BUDGET', `The client has no budget for ${label} on ${segment.date}`),
    );
}

/** LOCATION_UNVERIFIED (a coordinate missing, or an open MEDIUM/HIGH finding) and SHIFT_NOTE_MISSING. */
function checkLocationAndNotes(found: Found, segment: SegmentFacts): void {
  if (!segment.hasAllCoordinates)
    addViolation(
      found,
      segment,
      violation('LOCATION_UNVERIFIED', 'A clock-in or clock-out location is missing', {
        reason: 'missing_coordinates',
      }),
    );
  else if (segment.openLocationFindings > 0)
    addViolation(
      found,
      segment,
      violation('LOCATION_UNVERIFIED', 'A MEDIUM or HIGH suspicious location is not reviewed yet', {
        reason: 'unreviewed_finding',
        findings: segment.openLocationFindings,
      }),
    );
  if (segment.noteCount === 0)
    addViolation(found, segment, violation('SHIFT_NOTE_MISSING', 'No shift note is matched to the shift'));
}

/**
 * CAREGIVER_OVERLAP (a caregiver's segments of different shifts at the same time) and
 * CLIENT_SEGMENT_OVERLAP (a client's segments at the same time, unless one is 2:1 staffing), on both
 * segments of each pair.
 */
function checkOverlaps(found: Found, intervals: Interval[]): void {
  overlaps(
    groupBy(intervals, (s) => s.caregiverId),
    (a, b) => a.shiftId === b.shiftId,
    (a, b) => {
      addViolation(
        found,
        a,
        violation('CAREGIVER_OVERLAP', 'The caregiver has another shift at the same time', {
          otherShiftId: b.shiftId,
        }),
      );
      addViolation(
        found,
        b,
        violation('CAREGIVER_OVERLAP', 'The caregiver has another shift at the same time', {
          otherShiftId: a.shiftId,
        }),
      );
    },
  );
  const twoToOne = (s: SegmentFacts) => twoToOneModifiers.includes(norm(s.modifier));
  overlaps(
    groupBy(intervals, (s) => s.clientId),
    (a, b) => twoToOne(a) || twoToOne(b),
    (a, b) => {
      addViolation(
        found,
        a,
        violation('CLIENT_SEGMENT_OVERLAP', 'The client has another segment at the same time', {
          otherSegmentId: b.id,
        }),
      );
      addViolation(
        found,
        b,
        violation('CLIENT_SEGMENT_OVERLAP', 'The client has another segment at the same time', {
          otherSegmentId: a.id,
        }),
      );
    },
  );
}

/**
 * BUDGET_UNITS_EXCEEDED: budget use in time order per line (service date, start, id), from the line's
 * `usedBefore`, in its measure (see {@link validateSegments}); every segment from the one that passes
 * the authorized units gets the violation. A line of unknown measure is not checked.
 */
function checkBudgetUse(
  found: Found,
  segments: readonly SegmentFacts[],
  budgetOf: Map<string, BudgetFacts | null>,
): void {
  const ordered = [...segments].sort(
    (a, b) =>
      (a.date < b.date ? -1 : a.date > b.date ? 1 : 0) ||
      (a.evvStart?.getTime() ?? 0) - (b.evvStart?.getTime() ?? 0) ||
      (a.id < b.id ? -1 : a.id > b.id ? 1 : 0),
  );
  const used = new Map<string, { total: number; days: Set<string> }>();
  for (const segment of ordered) {
    const code = segment.billingCode?.trim();
    if (!code) continue;
    const line = budgetOf.get(segment.id);
    if (!line?.measure) continue;
    let state = used.get(line.id);
    if (!state) used.set(line.id, (state = { total: line.usedBefore, days: new Set() }));
    const minutes = segmentMinutes(segment);
    if (line.measure === 'days') {
      if (minutes !== null && !state.days.has(segment.date)) {
        state.days.add(segment.date);
        state.total += 1;
      }
    } else if (minutes !== null) state.total += segmentUnits(line.measure, minutes);
    if (minutes !== null && state.total > line.units + 1e-9) {
      const usedThrough = Math.round(state.total * 100) / 100;
      addViolation(
        found,
        segment,
        violation(
          'BUDGET_UNITS_EXCEEDED',
          `Budget use reaches ${usedThrough} of ${line.units} ${line.measure} authorized`,
          { budgetId: line.id, authorized: line.units, used: usedThrough, measure: line.measure },
        ),
      );
    }
  }
}
