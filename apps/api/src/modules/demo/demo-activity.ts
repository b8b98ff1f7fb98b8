/**
 * What makes the demo agency show Tend at work (issue 16 item 9; decision 0038), added to the
 * generated agency before it is written: pure functions of the generated rows and a seeded `random`.
 *
 * - Billing-code rules for every code the demo bills (OR526, OR526+ZE, OR507, OR502; every caregiver
 *   type; illustrative rates, not Oregon's published ones), so segments can be READY.
 * - A shift note on ~96% of the shifts (the rest stay "note missing"), in plainly fictional words, and
 *   among them notes that incident screening flags at each severity (CRITICAL, HIGH, MEDIUM, LOW),
 *   some negated ("did not fall") as real notes are.
 * - An overtime week: evening visits added for one caregiver in the last complete workweek, on times
 *   free for both the caregiver and the client, until the week passes 40 h (FLSA).
 * - A budget overage: one client's current attendant-care line cut below what the visits used.
 * Far clock-ins come from the generator's community outings (1–5 km from home, ~0.6% of visits).
 */
import type { BudgetMeasure, CaregiverType } from '@tend/contracts';
import { caregiverTypes } from '@tend/contracts';

/** The rows of the demo the additions read and extend (shapes of demo.service's generator). */
export interface DemoShiftRow {
  givShiftId: string;
  caregiverId: string;
  clientId: string;
  date: string;
  billingCode: string;
  mod1: string | null;
  evvInTime: Date;
  evvOutTime: Date | null;
  evvInLat: number | null;
  evvInLong: number | null;
  evvOutLat: number | null;
  evvOutLong: number | null;
  evvStatus: string;
}
export interface DemoBudgetRow {
  clientId?: string | null;
  procCode: string;
  svcModifierCd?: string | null;
  units: number;
  measure?: string | null;
  effectiveDate: string;
  expirationDate?: string | null;
}

/** One billing-code rule row (billing `billing_code_rule`). */
export interface DemoRule {
  billingCode: string;
  modifier: string | null;
  description: string;
  allowedCaregiverTypes: CaregiverType[];
  rateCents: number;
  unitMeasure: BudgetMeasure;
  effectiveDate: string;
  expirationDate: null;
}

/** The rules, effective from `from` (YYYY-MM-DD, before the first demo visit), open-ended. */
export function demoBillingRules(from: string): DemoRule[] {
  const rule = (
    billingCode: string,
    modifier: string | null,
    description: string,
    rateCents: number,
    unitMeasure: BudgetMeasure,
  ): DemoRule => ({
    billingCode,
    modifier,
    description: `${description} (demo rate)`,
    allowedCaregiverTypes: [...caregiverTypes],
    rateCents,
    unitMeasure,
    effectiveDate: from,
    expirationDate: null,
  });
  return [
    rule('OR526', null, 'Attendant care', 3450, 'hours'),
    rule('OR526', 'ZE', 'Attendant care, 2:1 staffing', 3450, 'hours'),
    rule('OR507', null, 'Relief care, daily', 26500, 'days'),
    rule('OR502', null, 'State plan personal care', 3120, 'hours'),
  ];
}

/** The question every demo note answers. */
export const DEMO_NOTE_PROMPT = 'How did the visit go?';

/** Everyday notes with nothing to report (one is picked per shift). */
const routineNotes = [
  'Made lunch together and went over the week’s calendar. In good spirits.',
  'Walked to the park and fed the ducks. Took evening medications on time.',
  'Worked on the grocery list and cooked pasta. Practised counting change.',
  'Quiet visit: watched a film, folded laundry, called a sister on video.',
  'Went to the library for new audiobooks. Chose two and listened to a chapter.',
  'Helped water the garden and repot the tomatoes. Asked about the bus schedule.',
  'Played cards and baked muffins for the day programme. Slept well last night, per the family.',
  'Did not fall or get hurt on the icy steps; we used the rail and took it slowly.',
];

/** Notes that incident screening flags, one severity each (DOMAIN.md categories; phrases in contracts). */
export const demoIncidentNotes = [
  {
    severity: 'CRITICAL',
    text: 'Went missing from the county fair for about 20 minutes; security found them by the petting zoo. Family and case manager told.',
  },
  {
    severity: 'HIGH',
    text: 'Had a seizure at lunch lasting about two minutes. Called 911 and went to the emergency room; home by evening.',
  },
  {
    severity: 'MEDIUM',
    text: 'Lost their footing on the wet bathroom floor and fell. Got up with a hand, said they felt fine; family told.',
  },
  {
    severity: 'LOW',
    text: 'Knocked the kitchen lamp over while dancing; property damage to the shade only. Replaced with the spare.',
  },
] as const;

/** One shift note row (screening `shift_note`), linked to its shift by the caller. */
export interface DemoNote {
  givShiftId: string;
  caregiverId: string;
  clientId: string;
  submittedAt: Date;
  prompt: string;
  documentation: string;
  importKey: string;
}

/**
 * A note for ~96% of `shifts` with a clock-out: an incident note on a few shifts of the last weeks
 * (each severity twice, on different clients), a routine one on the others.
 */
export function demoNotes(shifts: DemoShiftRow[], random: () => number): DemoNote[] {
  const ended = shifts.filter((shift) => shift.evvOutTime !== null);
  const incidentAt = new Map<string, string>();
  // The latest shifts, stepping back so incidents land on different clients and days.
  for (let k = 0; k < demoIncidentNotes.length * 2; k += 1) {
    const shift = ended[ended.length - 1 - k * 37];
    const incident = demoIncidentNotes[k % demoIncidentNotes.length];
    if (shift && incident) incidentAt.set(shift.givShiftId, incident.text);
  }
  const notes: DemoNote[] = [];
  for (const shift of ended) {
    const incident = incidentAt.get(shift.givShiftId);
    const skip = random() < 0.04;
    if (skip && !incident) continue;
    const text = incident ?? routineNotes[Math.floor(random() * routineNotes.length)] ?? '';
    notes.push({
      givShiftId: shift.givShiftId,
      caregiverId: shift.caregiverId,
      clientId: shift.clientId,
      submittedAt: shift.evvOutTime as Date,
      prompt: DEMO_NOTE_PROMPT,
      documentation: text,
      importKey: `demo-note-${shift.givShiftId}`,
    });
  }
  return notes;
}

const DAY_MS = 86_400_000;
const MINUTE_MS = 60_000;
const dayOf = (isoDate: string) => Date.parse(`${isoDate}T00:00:00Z`) / DAY_MS;
const isoOf = (day: number) => new Date(day * DAY_MS).toISOString().slice(0, 10);
/** 0 = Sunday (1970-01-01, day 0, was a Thursday). */
const weekdayOf = (day: number) => (day + 4) % 7;
const minutesOf = (row: DemoShiftRow) =>
  row.evvOutTime ? (row.evvOutTime.getTime() - row.evvInTime.getTime()) / MINUTE_MS : 0;

/** The Sunday–Saturday workweek before the one holding `today` (YYYY-MM-DD): its first and last day numbers. */
export function lastCompleteWeek(today: string): { first: number; last: number } {
  const todayDay = dayOf(today);
  const sunday = todayDay - weekdayOf(todayDay);
  return { first: sunday - 7, last: sunday - 1 };
}

/**
 * Adds evening visits (18:30–22:30 agency time, `toUtc(date, minutes)`) for the caregiver who worked
 * most in the last complete workweek, with the clients they served that week (each kept to at most 5
 * visit days in the week), on days where the caregiver and that client have nothing within 45 minutes,
 * until the week passes 43 h. Each added row copies one of the pair's verified OR526 visits
 * (locations, codes) with times, date and `givShiftId` (`DEMO-OT-n`) of its own. Returns the added
 * rows (none when the busiest caregiver had no verified OR526 visit that week).
 */
export function overtimeVisits<T extends DemoShiftRow>(
  rows: T[],
  today: string,
  toUtc: (isoDate: string, minutes: number) => Date,
): T[] {
  const { first, last } = lastCompleteWeek(today);
  const week = rows.filter((row) => dayOf(row.date) >= first && dayOf(row.date) <= last);
  const minutes = new Map<string, number>();
  for (const row of week) minutes.set(row.caregiverId, (minutes.get(row.caregiverId) ?? 0) + minutesOf(row));
  const [caregiverId, worked = 0] = [...minutes].sort((a, b) => b[1] - a[1])[0] ?? [];
  const templates = new Map<string, T>();
  for (const row of week)
    if (
      row.caregiverId === caregiverId &&
      row.evvStatus === 'VERIFIED' &&
      row.billingCode === 'OR526' &&
      row.mod1 === null
    )
      if (!templates.has(row.clientId)) templates.set(row.clientId, row);
  // A client keeps at most 5 visit days a week: an evening visit on a day with a visit already is no new day.
  const daysOf = (clientId: string) =>
    new Set([...week, ...added].filter((row) => row.clientId === clientId).map((row) => row.date));
  const added: T[] = [];
  const busy = [...rows];
  const free = (clientId: string, start: Date, end: Date) =>
    busy.every(
      (row) =>
        (row.caregiverId !== caregiverId && row.clientId !== clientId) ||
        (row.evvOutTime ?? row.evvInTime).getTime() + 45 * MINUTE_MS <= start.getTime() ||
        row.evvInTime.getTime() >= end.getTime() + 45 * MINUTE_MS,
    );
  let total = worked;
  for (let day = first; day <= last && total <= 43 * 60; day += 1) {
    const date = isoOf(day);
    const start = toUtc(date, 18 * 60 + 30);
    const end = toUtc(date, 22 * 60 + 30);
    const template = [...templates.values()].find((row) => {
      const days = daysOf(row.clientId);
      return (days.has(date) || days.size < 5) && free(row.clientId, start, end);
    });
    if (!template) continue;
    const row = { ...template, date, evvInTime: start, evvOutTime: end };
    row.givShiftId = `DEMO-OT-${added.length + 1}`;
    added.push(row);
    busy.push(row);
    total += minutesOf(row);
  }
  return added;
}

/**
 * Cuts the current OR526 attendant-care line (no modifier) of the first client who used more than
 * 20 h of it to 80% of what the visits used so far (`today` inclusive), so the budget overages page and
 * BUDGET_UNITS_EXCEEDED show one real overage. Returns the cut line's client id, or null.
 */
export function cutOneBudget(budgets: DemoBudgetRow[], rows: DemoShiftRow[], today: string): string | null {
  for (const line of budgets) {
    const current =
      line.procCode === 'OR526' &&
      !line.svcModifierCd &&
      line.effectiveDate <= today &&
      (!line.expirationDate || line.expirationDate >= today);
    if (!current || !line.clientId) continue;
    const usedHours =
      rows
        .filter(
          (row) =>
            row.clientId === line.clientId &&
            row.billingCode === 'OR526' &&
            row.mod1 === null &&
            row.date >= line.effectiveDate &&
            row.date <= today,
        )
        .reduce((sum, row) => sum + minutesOf(row), 0) / 60;
    if (usedHours <= 20) continue;
    line.units =
      line.measure === '15-minute units' ? Math.floor(usedHours * 4 * 0.8) : Math.floor(usedHours * 0.8);
    return line.clientId;
  }
  return null;
}
