import { describe, expect, it } from 'vitest';
import type { RuleFacts } from '../billing/billing-rules.service.ts';
import { validateSegments, type BudgetFacts, type SegmentFacts } from './segment-validation.ts';

const at = (hhmm: string, day = '2026-03-02') => new Date(`${day}T${hhmm}:00Z`);

let counter = 0;
function segment(over: Partial<SegmentFacts> = {}): SegmentFacts {
  counter += 1;
  return {
    id: `seg-${counter}`,
    shiftId: `shift-${counter}`,
    date: '2026-03-02',
    evvStart: at('09:00'),
    evvEnd: at('11:00'),
    billingCode: 'OR526',
    modifier: null,
    caregiverId: `cg-${counter}`,
    clientId: `cl-${counter}`,
    caregiverType: 'DSP_CARE',
    hasAllCoordinates: true,
    openLocationFindings: 0,
    noteCount: 1,
    validate: true,
    ...over,
  };
}

const rule = (over: Partial<RuleFacts> = {}): RuleFacts => ({
  id: 'rule-1',
  billingCode: 'OR526',
  modifier: null,
  allowedCaregiverTypes: ['DSP_CARE'],
  effectiveDate: '2026-01-01',
  expirationDate: null,
  ...over,
});

const budget = (clientId: string, over: Partial<BudgetFacts> = {}): BudgetFacts => ({
  id: `budget-${clientId}`,
  clientId,
  procCode: 'OR526',
  modifier: null,
  units: 100,
  measure: 'hours',
  effectiveDate: '2026-01-01',
  expirationDate: '2026-12-31',
  usedBefore: 0,
  ...over,
});

/** Codes of one segment validated alone with a rule and a budget for it (unless replaced). */
function codesOf(
  segments: SegmentFacts[],
  options: { rules?: RuleFacts[]; budgets?: BudgetFacts[] } = {},
  which = 0,
) {
  const rules = options.rules ?? [rule(), rule({ id: 'rule-ze', modifier: 'ZE' })];
  const budgets =
    options.budgets ??
    segments.flatMap((s) => [
      budget(s.clientId),
      budget(s.clientId, { id: `ze-${s.clientId}`, modifier: 'ZE' }),
    ]);
  const result = validateSegments({ segments, rules, budgets });
  return (result.get(segments[which]!.id) ?? []).map((v) => v.code);
}

describe('validateSegments', () => {
  it('a complete segment is READY (no violation)', () => {
    expect(codesOf([segment()])).toEqual([]);
  });

  it('missing clock-in / clock-out and end not after start', () => {
    expect(codesOf([segment({ evvEnd: null })])).toEqual(['MISSING_CLOCK_OUT']);
    expect(codesOf([segment({ evvStart: null })])).toEqual(['MISSING_CLOCK_IN']);
    expect(codesOf([segment({ evvEnd: at('09:00') })])).toEqual(['END_NOT_AFTER_START']);
  });

  it('24 h exactly is allowed, 24 h + 1 min is over', () => {
    const day = segment({ evvStart: at('09:00'), evvEnd: at('09:00', '2026-03-03') });
    expect(codesOf([day], { budgets: [budget(day.clientId, { units: 1000 })] })).toEqual([]);
    const over = segment({ evvStart: at('09:00'), evvEnd: at('09:01', '2026-03-03') });
    expect(codesOf([over], { budgets: [budget(over.clientId, { units: 1000 })] })).toEqual([
      'SHIFT_OVER_24H',
    ]);
  });

  it('segment outside its shift: a minute before clock-in or after clock-out; on the edges is inside', () => {
    const shift = { shiftStart: at('09:00'), shiftEnd: at('11:00') };
    expect(codesOf([segment({ ...shift })])).toEqual([]);
    expect(codesOf([segment({ ...shift, evvStart: at('09:30'), evvEnd: at('10:30') })])).toEqual([]);
    const early = segment({ ...shift, evvStart: at('08:59') });
    expect(codesOf([early])).toEqual(['SEGMENT_OUTSIDE_SHIFT']);
    expect(
      validateSegments({ segments: [early], rules: [rule()], budgets: [budget(early.clientId)] }).get(
        early.id,
      )?.[0]?.meta,
    ).toEqual({
      startsEarlyMinutes: 1,
      endsLateMinutes: 0,
    });
    expect(codesOf([segment({ ...shift, evvEnd: at('11:30') })])).toEqual(['SEGMENT_OUTSIDE_SHIFT']);
    // unknown shift times (no clock-out on the shift, or not given) are not checked
    expect(codesOf([segment({ shiftStart: at('09:00'), shiftEnd: null, evvEnd: at('12:00') })])).toEqual([]);
    expect(codesOf([segment({ evvStart: at('01:00') })])).toEqual([]);
  });

  it('caregiver overlap: touching shifts do not overlap, one minute of overlap does', () => {
    const a = segment({ caregiverId: 'cg', evvStart: at('09:00'), evvEnd: at('11:00') });
    const touching = segment({ caregiverId: 'cg', evvStart: at('11:00'), evvEnd: at('12:00') });
    expect(codesOf([a, touching])).toEqual([]);
    const overlapping = segment({ caregiverId: 'cg', evvStart: at('10:59'), evvEnd: at('12:00') });
    expect(codesOf([a, overlapping])).toEqual(['CAREGIVER_OVERLAP']);
    expect(codesOf([a, overlapping], {}, 1)).toEqual(['CAREGIVER_OVERLAP']);
    // two segments of the same shift are not a caregiver overlap
    const sameShift = segment({ caregiverId: 'cg', shiftId: a.shiftId, evvStart: at('10:00') });
    expect(codesOf([a, sameShift])).not.toContain('CAREGIVER_OVERLAP');
  });

  it('client overlap unless a 2:1 modifier (ZE) is on either segment', () => {
    const a = segment({ clientId: 'cl', evvStart: at('09:00'), evvEnd: at('11:00') });
    const b = segment({ clientId: 'cl', evvStart: at('10:00'), evvEnd: at('12:00') });
    const budgets = [budget('cl'), budget('cl', { id: 'ze', modifier: 'ZE' })];
    expect(codesOf([a, b], { budgets })).toEqual(['CLIENT_SEGMENT_OVERLAP']);
    const ze = segment({ clientId: 'cl', modifier: 'ze', evvStart: at('10:00'), evvEnd: at('12:00') });
    expect(codesOf([a, ze], { budgets })).toEqual([]);
    const touching = segment({ clientId: 'cl', evvStart: at('11:00'), evvEnd: at('12:00') });
    expect(codesOf([a, touching], { budgets })).toEqual([]);
  });

  it('context segments cause violations on validated ones but get none themselves', () => {
    const a = segment({ caregiverId: 'cg' });
    const context = segment({ caregiverId: 'cg', validate: false, evvEnd: null });
    const overlapping = segment({ caregiverId: 'cg', validate: false, evvStart: at('10:00') });
    const result = validateSegments({
      segments: [a, context, overlapping],
      rules: [rule()],
      budgets: [budget(a.clientId), budget(overlapping.clientId)],
    });
    expect(result.has(context.id)).toBe(false);
    expect(result.get(a.id)?.map((v) => v.code)).toEqual(['CAREGIVER_OVERLAP']);
  });

  it('billing code, rule dates (inclusive) and caregiver type', () => {
    expect(codesOf([segment({ billingCode: '  ' })])).toEqual(['MISSING_BILLING_CODE']);
    const onFirstDay = segment({ date: '2026-01-01' });
    expect(codesOf([onFirstDay])).toEqual([]);
    const beforeRule = segment({ date: '2025-12-31' });
    expect(
      codesOf([beforeRule], { budgets: [budget(beforeRule.clientId, { effectiveDate: '2025-01-01' })] }),
    ).toEqual(['NO_RATE_FOR_CODE']);
    const lastDay = segment({ date: '2026-02-28' });
    expect(codesOf([lastDay], { rules: [rule({ expirationDate: '2026-02-28' })] })).toEqual([]);
    const afterExpiry = segment({ date: '2026-03-01' });
    expect(codesOf([afterExpiry], { rules: [rule({ expirationDate: '2026-02-28' })] })).toEqual([
      'NO_RATE_FOR_CODE',
    ]);
    expect(codesOf([segment({ caregiverType: 'DOC_CARE_1' })])).toEqual(['CAREGIVER_TYPE_NOT_ALLOWED']);
    expect(codesOf([segment({ caregiverType: null })])).toEqual(['CAREGIVER_TYPE_NOT_ALLOWED']);
    // the modifier must match: OR526 ZE has no rule here
    expect(codesOf([segment({ modifier: 'ZE' })], { rules: [rule()] })).toEqual(['NO_RATE_FOR_CODE']);
  });

  it('no active budget: wrong client, code, or dates; open-ended lines run one plan year', () => {
    const s = segment();
    expect(codesOf([s], { budgets: [] })).toEqual(['NO_ACTIVE_BUDGET']);
    expect(codesOf([s], { budgets: [budget('someone-else')] })).toEqual(['NO_ACTIVE_BUDGET']);
    expect(codesOf([s], { budgets: [budget(s.clientId, { expirationDate: '2026-03-01' })] })).toEqual([
      'NO_ACTIVE_BUDGET',
    ]);
    expect(codesOf([s], { budgets: [budget(s.clientId, { expirationDate: '2026-03-02' })] })).toEqual([]);
    expect(
      codesOf([s], { budgets: [budget(s.clientId, { effectiveDate: '2025-03-03', expirationDate: null })] }),
    ).toEqual([]);
    expect(
      codesOf([s], { budgets: [budget(s.clientId, { effectiveDate: '2025-03-02', expirationDate: null })] }),
    ).toEqual(['NO_ACTIVE_BUDGET']);
  });

  it('budget units exceeded by the segment that passes the authorized units, in time order', () => {
    const first = segment({ clientId: 'cl', caregiverId: 'a', evvStart: at('08:00'), evvEnd: at('10:00') });
    const second = segment({ clientId: 'cl', caregiverId: 'b', evvStart: at('10:00'), evvEnd: at('12:00') });
    const lines = (units: number, usedBefore = 0) => ({ budgets: [budget('cl', { units, usedBefore })] });
    expect(codesOf([second, first], lines(4))).toEqual([]);
    expect(codesOf([second, first], lines(4), 0)).toEqual([]);
    expect(codesOf([second, first], lines(3.99), 0)).toEqual(['BUDGET_UNITS_EXCEEDED']);
    expect(codesOf([second, first], lines(3.99), 1)).toEqual([]);
    expect(codesOf([second, first], lines(4, 0.5), 0)).toEqual(['BUDGET_UNITS_EXCEEDED']);
    expect(codesOf([second, first], lines(2, 0.5), 1)).toEqual(['BUDGET_UNITS_EXCEEDED']);
  });

  it('budget units in 15-minute units with the 8-minute rule and in days', () => {
    const s = segment({ clientId: 'cl', evvStart: at('09:00'), evvEnd: at('09:23') }); // 23 min = 2 units
    expect(codesOf([s], { budgets: [budget('cl', { units: 2, measure: 'units_15min' })] })).toEqual([]);
    expect(codesOf([s], { budgets: [budget('cl', { units: 1, measure: 'units_15min' })] })).toEqual([
      'BUDGET_UNITS_EXCEEDED',
    ]);
    const later = segment({ clientId: 'cl', caregiverId: 'x', evvStart: at('12:00'), evvEnd: at('13:00') });
    const days = { budgets: [budget('cl', { units: 1, measure: 'days' as const })] };
    expect(codesOf([s, later], days, 1)).toEqual([]);
    expect(
      codesOf([s, later], { budgets: [budget('cl', { units: 1, measure: 'days', usedBefore: 1 })] }),
    ).toEqual(['BUDGET_UNITS_EXCEEDED']);
  });

  it('location unverified: missing coordinates or an unreviewed MEDIUM/HIGH finding; note missing', () => {
    expect(codesOf([segment({ hasAllCoordinates: false })])).toEqual(['LOCATION_UNVERIFIED']);
    expect(codesOf([segment({ openLocationFindings: 2 })])).toEqual(['LOCATION_UNVERIFIED']);
    expect(codesOf([segment({ noteCount: 0 })])).toEqual(['SHIFT_NOTE_MISSING']);
  });

  it('lists violations in catalogue order, each code once, deterministically', () => {
    const s = segment({ evvEnd: null, noteCount: 0, hasAllCoordinates: false, billingCode: null });
    expect(codesOf([s])).toEqual([
      'MISSING_CLOCK_OUT',
      'MISSING_BILLING_CODE',
      'LOCATION_UNVERIFIED',
      'SHIFT_NOTE_MISSING',
    ]);
    const a = segment({ caregiverId: 'cg', clientId: 'cl' });
    const b = segment({ caregiverId: 'cg', evvStart: at('09:30'), evvEnd: at('10:00') });
    const c = segment({ caregiverId: 'cg', evvStart: at('10:00'), evvEnd: at('10:30') });
    const once = validateSegments({ segments: [a, b, c], rules: [rule()], budgets: [budget('cl')] });
    expect(once.get(a.id)?.filter((v) => v.code === 'CAREGIVER_OVERLAP')).toHaveLength(1);
    const again = validateSegments({ segments: [c, b, a], rules: [rule()], budgets: [budget('cl')] });
    expect(JSON.stringify(again.get(a.id))).toBe(JSON.stringify(once.get(a.id)));
  });
});
