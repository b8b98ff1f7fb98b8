/**
 * The demo agency ("Willamette Valley Supports — demo"): a realistic, clearly labelled data set for a
 * newcomer's first look (issue: foundation, demo data). Loaded only into a database with no people
 * yet, and marked in `app_setting` under `demo_data` so the UI can label it. Deterministic (seeded):
 * the same `now` gives the same agency on every machine.
 *
 * What it holds: one case manager per county, 40 clients in 12 real Oregon towns, 30 caregivers of
 * every CaregiverType, 1–3 budget lines per client and ISP year (OR526 attendant care, some OR507
 * relief care and OR502 state-plan personal care, a few OR526+ZE 2:1 lines), and about four months of
 * EVV visits up to `now` (America/Los_Angeles), each with one shift segment. Codes and terms: DOMAIN.md.
 */
import { count } from 'drizzle-orm';
import type { CaregiverType, ShiftChange } from '@tend/contracts';
import { caregiverTypes, evaluateEvv } from '@tend/contracts';
import type { DatabaseHandle, Transaction } from '../../platform/db/client.ts';
import { recordAudit } from '../../platform/audit/audit.service.ts';
import type { RequestContext } from '../../platform/http/context.ts';
import { localDate } from '../shifts/evv-sandata.ts';
import { writeSetting } from '../../platform/settings/settings.service.ts';
import { budgets } from '../budgets/budgets.table.ts';
import { caregivers, caseManagers, clients } from '../people/people.table.ts';
import { shiftSegments, shifts } from '../shifts/shifts.table.ts';
import { mirroredSegment } from '../shifts/shift-segments.ts';
import { billingCodeRules } from '../billing/billing-rules.table.ts';
import { shiftNotes } from '../screening/screening.table.ts';
import { cutOneBudget, demoBillingRules, demoNotes, overtimeVisits } from './demo-activity.ts';

export const DEMO_AGENCY_NAME = 'Willamette Valley Supports (demo data)';
/** Time zone of the demo agency; visits are scheduled in its local time. */
export const DEMO_TIME_ZONE = 'America/Los_Angeles';
/** Medicaid provider id written on demo shifts (clearly not a real one). */
export const DEMO_PROVIDER_MEDICAID_ID = 'DEMO-500100';
const DEMO_CLIENT_COUNT = 40;
const DEMO_CAREGIVER_COUNT = 30;
/** How far back demo visits go, in calendar months before today. */
const DEMO_MONTHS_OF_SHIFTS = 4;
/** Rows per INSERT statement (keeps bind parameters far below PostgreSQL's 65,535). */
const INSERT_BATCH = 500;

/** A small seeded PRNG (mulberry32) so the demo agency is the same on every machine. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Real Oregon towns (lat, long) and their counties, where demo clients live. */
export const oregonTowns = [
  { town: 'Salem', county: 'Marion', lat: 44.9429, long: -123.0351 },
  { town: 'Keizer', county: 'Marion', lat: 44.9901, long: -123.0262 },
  { town: 'Woodburn', county: 'Marion', lat: 45.1437, long: -122.8554 },
  { town: 'Eugene', county: 'Lane', lat: 44.0521, long: -123.0868 },
  { town: 'Springfield', county: 'Lane', lat: 44.0462, long: -123.022 },
  { town: 'Corvallis', county: 'Benton', lat: 44.5646, long: -123.262 },
  { town: 'Albany', county: 'Linn', lat: 44.6365, long: -123.1059 },
  { town: 'Lebanon', county: 'Linn', lat: 44.5365, long: -122.907 },
  { town: 'McMinnville', county: 'Yamhill', lat: 45.2101, long: -123.1987 },
  { town: 'Newberg', county: 'Yamhill', lat: 45.3007, long: -122.9731 },
  { town: 'Beaverton', county: 'Washington', lat: 45.4871, long: -122.8037 },
  { town: 'Hillsboro', county: 'Washington', lat: 45.5229, long: -122.9898 },
] as const;

type OregonTown = (typeof oregonTowns)[number];

const firstNames = [
  'Avery',
  'Jordan',
  'Riley',
  'Morgan',
  'Casey',
  'Quinn',
  'Harper',
  'Rowan',
  'Emerson',
  'Sawyer',
  'Elliot',
  'Finley',
  'Hayden',
  'Jesse',
  'Kendall',
  'Logan',
  'Micah',
  'Noel',
  'Parker',
  'Reese',
  'Skyler',
  'Taylor',
  'Dakota',
  'Remy',
];
const lastNames = [
  'Nguyen',
  'Garcia',
  'Johnson',
  'Martinez',
  'Olsen',
  'Hernandez',
  'Larson',
  'Kim',
  'Patel',
  'Reyes',
  'Sato',
  'Thompson',
  'Yazzie',
  'Lopez',
  'Schmidt',
  'Walker',
  'Chen',
  'Ramirez',
  'Novak',
  'Brooks',
];

/** A demo client as the later steps need it (budget and visit planning). */
export interface DemoClient {
  id: string;
  pid: string;
  budgetClientId: string;
  /** Month (1-12) in which the client's ISP year starts. */
  ispMonth: number;
  serviceElement: string;
  town: OregonTown;
}

export interface DemoPeople {
  caseManagerIds: string[];
  clients: DemoClient[];
  /** In creation order; the index is the caregiver's home town index modulo `oregonTowns.length`. */
  caregivers: { id: string; type: CaregiverType }[];
}

/** Inserts one case manager per county, clients in every town, and caregivers of every CaregiverType. */
async function insertPeople(tx: Transaction, random: () => number): Promise<DemoPeople> {
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)] as T;
  // Every demo person has a name of their own (imports link people by name; a picker would show twins).
  const used = new Set<string>();
  const personName = () => {
    let name = `${pick(firstNames)} ${pick(lastNames)}`;
    while (used.has(name)) name = `${pick(firstNames)} ${pick(lastNames)}`;
    used.add(name);
    return name;
  };
  const counties = [...new Set(oregonTowns.map((t) => t.county))];
  const managerRows = await tx
    .insert(caseManagers)
    .values(
      counties.map((county, i) => ({
        name: personName(),
        county,
        email: `case.manager${i + 1}@cddp.demo.invalid`,
      })),
    )
    .returning({ id: caseManagers.id, county: caseManagers.county });

  const clientValues = Array.from({ length: DEMO_CLIENT_COUNT }, (_, i) => {
    const town = oregonTowns[i % oregonTowns.length] as OregonTown;
    const manager = managerRows.find((m) => m.county === town.county);
    const name = personName();
    return {
      name,
      email: `client${i + 1}@family.demo.invalid`,
      altNames: i % 3 === 0 ? [name.split(' ')[0] ?? name] : [],
      pid: `DM${String(100000 + i * 7919).slice(0, 6)}`,
      budgetClientId: `B-${2000 + i}`,
      ispMonth: (i % 12) + 1,
      serviceElement: i % 4 === 0 ? 'SE 150' : 'SE 49',
      caseManagerId: manager?.id ?? null,
      town,
    };
  });
  const clientRows = await tx
    .insert(clients)
    .values(clientValues.map(({ town: _town, ...values }) => values))
    .returning({ id: clients.id });

  const caregiverValues = Array.from({ length: DEMO_CAREGIVER_COUNT }, (_, i) => ({
    name: personName(),
    email: `caregiver${i + 1}@staff.demo.invalid`,
    type: caregiverTypes[i % caregiverTypes.length] as CaregiverType,
    externalId: `EMP${1000 + i}`,
  }));
  const caregiverRows = await tx
    .insert(caregivers)
    .values(caregiverValues)
    .returning({ id: caregivers.id, type: caregivers.type });

  return {
    caseManagerIds: managerRows.map((m) => m.id),
    clients: clientRows.map((row, i) => {
      const values = clientValues[i] as (typeof clientValues)[number];
      return {
        id: row.id,
        pid: values.pid,
        budgetClientId: values.budgetClientId,
        ispMonth: values.ispMonth,
        serviceElement: values.serviceElement,
        town: values.town,
      };
    }),
    caregivers: caregiverRows,
  };
}

// ---------------------------------------------------------------------------------------------
// Dates and time zones (no date library: Intl carries the tz database)

const MINUTE_MS = 60_000;
const DAY_MS = 86_400_000;

/** Days since 1970-01-01 of a YYYY-MM-DD date. */
function dayNumber(isoDate: string): number {
  const [year = 1970, month = 1, day = 1] = isoDate.split('-').map(Number);
  return Date.UTC(year, month - 1, day) / DAY_MS;
}

/** YYYY-MM-DD of a day number (days since 1970-01-01). */
function isoDateOf(day: number): string {
  return new Date(day * DAY_MS).toISOString().slice(0, 10);
}

/** Day of the week of a day number, 0 = Sunday (1970-01-01 was a Thursday). */
const weekdayOf = (day: number) => (day + 4) % 7;

const zoneFormatters = new Map<string, Intl.DateTimeFormat>();
function zoneFormatter(timeZone: string): Intl.DateTimeFormat {
  let formatter = zoneFormatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    zoneFormatters.set(timeZone, formatter);
  }
  return formatter;
}

/** Offset of `timeZone` from UTC at `instant`, in minutes east of UTC (PDT -420, PST -480). */
export function timeZoneOffsetMinutes(instant: Date, timeZone: string): number {
  const parts = zoneFormatter(timeZone).formatToParts(instant);
  const part = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  const wall = Date.UTC(
    part('year'),
    part('month') - 1,
    part('day'),
    part('hour') % 24,
    part('minute'),
    part('second'),
  );
  return Math.round((wall - Math.floor(instant.getTime() / 1000) * 1000) / MINUTE_MS);
}

/**
 * The UTC instant of a wall-clock time in `timeZone`: `isoDate` (YYYY-MM-DD) plus `minutes` after
 * local midnight (may pass 1,440 into the next day). The offset comes from Intl (the runtime's tz
 * database), so PST/PDT switch on the right dates. Like Temporal's 'compatible' disambiguation, a
 * time repeated at fall-back gives the earlier (daylight) instant and a time skipped at spring-forward
 * is moved later by the gap (02:30 becomes 03:30 PDT).
 */
export function zonedTimeToUtc(isoDate: string, minutes: number, timeZone: string): Date {
  const wall = dayNumber(isoDate) * DAY_MS + minutes * MINUTE_MS;
  const before = timeZoneOffsetMinutes(new Date(wall - DAY_MS), timeZone);
  const after = timeZoneOffsetMinutes(new Date(wall + DAY_MS), timeZone);
  const candidates = [...new Set([before, after])]
    .map((offset) => wall - offset * MINUTE_MS)
    .filter((instant) => wall - timeZoneOffsetMinutes(new Date(instant), timeZone) * MINUTE_MS === instant)
    .sort((a, b) => a - b);
  return new Date(candidates[0] ?? wall - before * MINUTE_MS);
}

/**
 * First and last day (YYYY-MM-DD) of a client's ISP year that contains `today`: plan years start on
 * the 1st of `ispMonth` and end the day before the next anniversary. `yearsBack` = 1 gives the year
 * before it.
 */
function ispYear(
  ispMonth: number,
  today: string,
  yearsBack = 0,
): { effectiveDate: string; expirationDate: string } {
  const [year = 1970, month = 1] = today.split('-').map(Number);
  const startYear = (month >= ispMonth ? year : year - 1) - yearsBack;
  const start = Date.UTC(startYear, ispMonth - 1, 1) / DAY_MS;
  const nextStart = Date.UTC(startYear + 1, ispMonth - 1, 1) / DAY_MS;
  return { effectiveDate: isoDateOf(start), expirationDate: isoDateOf(nextStart - 1) };
}

// ---------------------------------------------------------------------------------------------
// Places: home = town centre + a fixed offset of up to 2 km; phones add 5–30 m of GPS noise.

interface Point {
  lat: number;
  long: number;
}

const METERS_PER_DEGREE = 111_320;

/** `origin` moved `meters` along `bearing` (radians from north); equirectangular, fine below 10 km. Rounded to 6 decimals (~0.1 m), as phones report. */
function movePoint(origin: Point, meters: number, bearing: number): Point {
  const lat = origin.lat + (meters * Math.cos(bearing)) / METERS_PER_DEGREE;
  const long =
    origin.long + (meters * Math.sin(bearing)) / (METERS_PER_DEGREE * Math.cos((origin.lat * Math.PI) / 180));
  return { lat: Math.round(lat * 1e6) / 1e6, long: Math.round(long * 1e6) / 1e6 };
}

// ---------------------------------------------------------------------------------------------
// Budgets and visit plans

interface BudgetLine {
  procCode: string;
  svcModifierCd: string | null;
  units: number;
  measure: string;
  term: string;
}

interface ClientPlan {
  /** Index of the client in `people.clients`. */
  index: number;
  client: DemoClient;
  home: Point;
  /** Days of the week with a regular visit (0 = Sunday). */
  weekdays: number[];
  /** Usual start, minutes after local midnight (07:00–18:00). */
  startMinutes: number;
  /** Usual visit length in minutes (2–8 h, quarter-hour steps). */
  visitMinutes: number;
  /** Indexes into `people.caregivers`: the regular caregivers, primary first. */
  caregiverIndexes: number[];
  /** Day number (days since 1970-01-01) from which the next relief care day may fall. */
  nextReliefDay: number;
  /** The client's budget lines, this ISP year's and (when needed) last year's. */
  budgets: (BudgetLine & { effectiveDate: string; expirationDate: string })[];
}

/** A visit as generated, before ids are known. Times are epoch milliseconds. */
interface DemoVisit {
  plan: ClientPlan;
  caregiverIndex: number;
  date: string;
  billingCode: string;
  mod1: string | null;
  evvInTime: number;
  evvOutTime: number | null;
  plannedEnd: number;
  evvIn: Point;
  evvOut: Point | null;
  adjustment: {
    at: number;
    reason: string;
    field: 'evvInTime' | 'evvOutTime';
    from: number;
    to: number;
  } | null;
}

/** What one day's visit for a client is: the routine one or a change (relief day, 2:1, OR502, other start). */
interface VisitKind {
  billingCode: string;
  mod1: string | null;
  startMinutes: number;
  lengthMinutes: number;
  twoToOne: boolean;
  /** Budget usage to count when the visit happens. */
  usage: { key: string; amount: number } | null;
}

/** Rounds `value` to a multiple of `step`. */
const roundTo = (value: number, step: number) => Math.round(value / step) * step;

/**
 * Loads the demo agency in one transaction. Returns false (and loads nothing) when the database
 * already has people. Visits run from `DEMO_MONTHS_OF_SHIFTS` months before `options.now` (default:
 * the current time) up to it; none ends after it. Audited as `demo.load` with the row counts.
 */
export async function loadDemoAgency(
  database: DatabaseHandle,
  ctx: RequestContext,
  options: { now?: Date } = {},
): Promise<boolean> {
  const { db } = database;
  const now = options.now ?? new Date();
  return db.transaction(async (tx) => {
    const [existing] = await tx.select({ total: count() }).from(clients);
    const [existingCaregivers] = await tx.select({ total: count() }).from(caregivers);
    if ((existing?.total ?? 0) > 0 || (existingCaregivers?.total ?? 0) > 0) return false;
    const random = seededRandom(20261121);
    const people = await insertPeople(tx, random);
    const agency = generateAgency(people, random, now);

    for (let i = 0; i < agency.budgets.length; i += INSERT_BATCH) {
      await tx.insert(budgets).values(agency.budgets.slice(i, i + INSERT_BATCH));
    }
    await tx.insert(billingCodeRules).values(agency.rules);
    const shiftIdOf = new Map<string, string>();
    let segmentCount = 0;
    for (let i = 0; i < agency.shifts.length; i += INSERT_BATCH) {
      const batch = agency.shifts.slice(i, i + INSERT_BATCH);
      const inserted = await tx
        .insert(shifts)
        .values(batch)
        .returning({ id: shifts.id, givShiftId: shifts.givShiftId });
      const idOf = new Map(inserted.map((row) => [row.givShiftId, row.id]));
      for (const [givShiftId, id] of idOf) if (givShiftId) shiftIdOf.set(givShiftId, id);
      const segments = batch.map((shift) => ({
        shiftId: idOf.get(shift.givShiftId) as string,
        ...mirroredSegment(shift),
        creationSource: 'demo',
        changeHistory: [],
      }));
      await tx.insert(shiftSegments).values(segments);
      segmentCount += segments.length;
    }
    const notes = agency.notes.map((note) => ({
      ...note,
      shiftId: shiftIdOf.get(note.givShiftId) ?? null,
      matchedGivShiftId: note.givShiftId,
    }));
    for (let i = 0; i < notes.length; i += INSERT_BATCH)
      await tx.insert(shiftNotes).values(notes.slice(i, i + INSERT_BATCH));
    await writeSetting(
      tx,
      'demo_data',
      { agencyName: DEMO_AGENCY_NAME, loadedAt: now.toISOString() },
      { ifAbsent: true },
    );
    await recordAudit(tx, ctx, {
      action: 'demo.load',
      entityType: 'agency',
      details: {
        clients: people.clients.length,
        caregivers: people.caregivers.length,
        caseManagers: people.caseManagerIds.length,
        budgets: agency.budgets.length,
        shifts: agency.shifts.length,
        shiftSegments: segmentCount,
        billingCodeRules: agency.rules.length,
        shiftNotes: notes.length,
      },
    });
    return true;
  });
}

/**
 * Budgets and shifts for `people`, drawn from `random` (pure: no database). Shift rows carry their
 * EVV status from `evaluateEvv`, so the exceptions below show up as they would after an import:
 * ~0.5% missing clock-out (MISSING_CLOCK_OUT), ~1% no clock-out location (MISSING_LOCATION), ~1% times
 * corrected by the office (MANUALLY_ADJUSTED), ~0.6% clock-ins 1–5 km from home on a community outing
 * (still VERIFIED: the geofence check flags them, DOMAIN.md). The steps draw from `random` in a fixed
 * order (plans, then visits day by day), so the same seed gives the same agency.
 */
function generateAgency(people: DemoPeople, random: () => number, now: Date) {
  const today = localDate(now, DEMO_TIME_ZONE);
  const [year = 1970, month = 1, dayOfMonth = 1] = today.split('-').map(Number);
  const calendar: DemoCalendar = {
    today,
    firstDay: Date.UTC(year, month - 1 - DEMO_MONTHS_OF_SHIFTS, dayOfMonth) / DAY_MS,
    lastDay: dayNumber(today),
  };
  const roster = emptyRoster(people);
  const plans = people.clients.map((client, clientIndex) =>
    planClient(roster, client, clientIndex, calendar, random),
  );
  const budgetRows: (typeof budgets.$inferInsert)[] = plans.flatMap((plan) =>
    plan.budgets.map((line) => ({
      clientId: plan.client.id,
      budgetClientId: plan.client.budgetClientId,
      ...line,
    })),
  );
  const visits = scheduleVisits(roster, plans, calendar, random);

  // Nothing in the future: drop visits (today's) that are not over yet.
  const nowMs = now.getTime();
  const past = visits.filter((v) => Math.max(v.evvInTime, v.plannedEnd, v.adjustment?.from ?? 0) <= nowMs);
  const generated = past.map((visit, n) => demoShiftRow(visit, n, people, now));
  // Tend at work (demo-activity.ts): an overtime week, one budget overage, rules, notes.
  const toUtc = (isoDate: string, minutes: number) => zonedTimeToUtc(isoDate, minutes, DEMO_TIME_ZONE);
  const shiftRows = [...generated, ...overtimeVisits(generated, today, toUtc)];
  const overBudgetClientId = cutOneBudget(budgetRows, shiftRows, today);
  return {
    budgets: budgetRows,
    shifts: shiftRows,
    rules: demoBillingRules(isoDateOf(calendar.firstDay - 400)),
    notes: demoNotes(shiftRows, random),
    overBudgetClientId,
  };
}

/** The days the demo visits span: `firstDay` … `lastDay` (day numbers), `today` as YYYY-MM-DD. */
interface DemoCalendar {
  today: string;
  firstDay: number;
  lastDay: number;
}

/** An integer from `min` to `max` (both included) drawn from `random`. */
const randomInt = (random: () => number, min: number, max: number) =>
  min + Math.floor(random() * (max - min + 1));

// ---------------------------------------------------------------------------------------------
// Regular caregivers: weekly templates

/** Travel time kept free between two visits of one caregiver, in minutes. */
const TRAVEL_MINUTES = 45;
/** Most minutes a week of regular visits (as primary): room to cover for colleagues within the 40 h FLSA week. */
const TEMPLATE_MAX_MINUTES = 32 * 60;

/** A regular weekly visit in a caregiver's template: minutes after local midnight on `weekday` (0 = Sunday). */
interface Slot {
  client: number;
  weekday: number;
  start: number;
  end: number;
}

/**
 * The caregivers' weekly templates, by index into `people.caregivers`. Caregivers live in the town of
 * their index and serve their own county when they can. Each has a weekly template of regular visits
 * (as primary caregiver): no two within 45 min of travel, at most 32 h a week. Day-to-day changes
 * (relief days, 2:1 visits, other start times) happen only when nobody's regular visits suffer.
 */
interface Roster {
  caregiverCount: number;
  caregiverCounty: string[];
  templates: Slot[][];
  /** Minutes a week of each caregiver's template. */
  templateMinutes: number[];
  /** Minutes a week each caregiver is a backup for. */
  backupMinutes: number[];
}

function emptyRoster(people: DemoPeople): Roster {
  return {
    caregiverCount: people.caregivers.length,
    caregiverCounty: people.caregivers.map(
      (_, i) => (oregonTowns[i % oregonTowns.length] as OregonTown).county,
    ),
    templates: people.caregivers.map(() => [] as Slot[]),
    templateMinutes: people.caregivers.map(() => 0),
    backupMinutes: people.caregivers.map(() => 0),
  };
}

/** True when `slot` leaves room (travel included) for the caregiver's regular visits to other clients that weekday. */
function keepsTemplate(roster: Roster, caregiver: number, slot: Slot): boolean {
  return (roster.templates[caregiver] ?? []).every(
    (t) =>
      t.client === slot.client ||
      t.weekday !== slot.weekday ||
      !(t.start < slot.end + TRAVEL_MINUTES && slot.start < t.end + TRAVEL_MINUTES),
  );
}

/** True when `slots` fit the caregiver's template: within 32 h a week and clear of its other visits. */
function fitsTemplate(roster: Roster, caregiver: number, slots: Slot[]): boolean {
  return (
    (roster.templateMinutes[caregiver] ?? 0) + slots.reduce((sum, slot) => sum + slot.end - slot.start, 0) <=
      TEMPLATE_MAX_MINUTES && slots.every((slot) => keepsTemplate(roster, caregiver, slot))
  );
}

// ---------------------------------------------------------------------------------------------
// A client's plan: home, budget lines, weekly schedule, regular caregivers

/**
 * The plan of `client`: a home within 2 km of the town centre, its budget lines (this ISP year's
 * and, when that began inside the visit window, last year's), its weekly schedule and its regular
 * caregivers, entered into `roster`'s templates.
 */
function planClient(
  roster: Roster,
  client: DemoClient,
  clientIndex: number,
  calendar: DemoCalendar,
  random: () => number,
): ClientPlan {
  const home = movePoint(client.town, 2000 * Math.sqrt(random()), 2 * Math.PI * random());
  const { annualHours, line } = attendantCareLine(client, random);
  const schedule = weeklySchedule(annualHours, random);
  const lines = [line, ...extraLines(schedule.visitMinutes, random)];
  const { startMinutes, regulars } = assignRegulars(
    roster,
    clientIndex,
    client.town.county,
    lines,
    schedule,
    random,
  );
  return {
    index: clientIndex,
    client,
    home,
    weekdays: schedule.weekdays,
    startMinutes,
    visitMinutes: schedule.visitMinutes,
    caregiverIndexes: regulars,
    budgets: budgetYears(client, lines, calendar, random),
    nextReliefDay: calendar.firstDay + randomInt(random, 3, 28),
  };
}

/** OR526 attendant care sized by the service element (family support budgets are smaller), in hours or 15-minute units. */
function attendantCareLine(
  client: DemoClient,
  random: () => number,
): { annualHours: number; line: BudgetLine } {
  const annualHours = client.serviceElement === 'SE 150' ? 300 + 300 * random() : 400 + 600 * random();
  const line: BudgetLine =
    random() < 0.7
      ? {
          procCode: 'OR526',
          svcModifierCd: null,
          units: roundTo(annualHours * 4, 40),
          measure: '15-minute units',
          term: 'annual',
        }
      : {
          procCode: 'OR526',
          svcModifierCd: null,
          units: roundTo(annualHours, 10),
          measure: 'hours',
          term: 'annual',
        };
  return { annualHours, line };
}

/** A client's week: which weekdays, the preferred start (minutes after midnight) and the visit length. */
interface WeeklySchedule {
  visitsPerWeek: number;
  visitMinutes: number;
  weekdays: number[];
  preferredStart: number;
}

/**
 * The schedule uses 80–95% of the authorized hours, spread over 2–5 visits a week (no bunching) of
 * 2–8 h in quarter-hours, weekdays favoured, starting 07:00–18:00.
 */
function weeklySchedule(annualHours: number, random: () => number): WeeklySchedule {
  const weeklyHours = (annualHours / 52) * (0.8 + 0.15 * random());
  const visitsPerWeek = Math.min(5, Math.max(2, Math.round(weeklyHours / (2.5 + 2.5 * random()))));
  const visitMinutes = Math.min(480, Math.max(120, Math.floor((weeklyHours * 60) / visitsPerWeek / 15) * 15));
  const weekdays = [0, 1, 2, 3, 4, 5, 6]
    .map((d) => ({ d, key: random() + (d === 0 || d === 6 ? 0.35 : 0) }))
    .sort((a, b) => a.key - b.key)
    .slice(0, visitsPerWeek)
    .map((entry) => entry.d);
  const preferredStart = 420 + 15 * randomInt(random, 0, 44);
  return { visitsPerWeek, visitMinutes, weekdays, preferredStart };
}

/** At most two lines besides attendant care: OR507 relief days, OR502 state-plan hours, OR526+ZE 2:1 staffing. */
function extraLines(visitMinutes: number, random: () => number): BudgetLine[] {
  const extras: BudgetLine[] = [];
  if (random() < 0.35)
    extras.push({
      procCode: 'OR507',
      svcModifierCd: null,
      units: randomInt(random, 7, 14),
      measure: 'days',
      term: 'annual',
    });
  if (random() < 0.3)
    extras.push({
      procCode: 'OR502',
      svcModifierCd: null,
      units: 20 + 5 * randomInt(random, 0, 4),
      measure: 'hours',
      term: 'monthly',
    });
  if (random() < 0.15) {
    // 2:1 staffing one visit a week, two caregivers billing the ZE line.
    extras.push({
      procCode: 'OR526',
      svcModifierCd: 'ZE',
      units: roundTo((visitMinutes / 15) * 2 * 52 * 0.85, 40),
      measure: '15-minute units',
      term: 'annual',
    });
  }
  return extras.slice(0, 2);
}

/**
 * Regular caregivers: a primary whose template has room for every visit (trying start times up to
 * 3 h from the preferred one, own county first), plus 0–2 backups from the county who fit too (two
 * regulars at least with a 2:1 line). Enters the primary's slots and the backups' minutes in `roster`.
 */
function assignRegulars(
  roster: Roster,
  clientIndex: number,
  county: string,
  lines: BudgetLine[],
  schedule: WeeklySchedule,
  random: () => number,
): { startMinutes: number; regulars: number[] } {
  const { visitsPerWeek, visitMinutes, weekdays, preferredStart } = schedule;
  const hasTwoToOne = lines.some((l) => l.procCode === 'OR526' && l.svcModifierCd === 'ZE');
  const wanted = Math.max(
    hasTwoToOne ? 2 : 1,
    1 + (visitsPerWeek >= 3 || random() < 0.3 ? 1 : 0) + (visitsPerWeek >= 5 && random() < 0.5 ? 1 : 0),
  );
  const tie = Array.from({ length: roster.caregiverCount }, () => random());
  const load = (i: number) => (roster.templateMinutes[i] ?? 0) + 0.3 * (roster.backupMinutes[i] ?? 0);
  const byLoad = (list: number[]) =>
    [...list].sort((a, b) => load(a) - load(b) || (tie[a] ?? 0) - (tie[b] ?? 0));
  const everyone = Array.from({ length: roster.caregiverCount }, (_, i) => i);
  const local = byLoad(everyone.filter((i) => roster.caregiverCounty[i] === county));
  const starts = [0, 2, -2, 4, -4, 6, -6, 8, -8, 10, -10, 12, -12]
    .map((k) => preferredStart + 15 * k)
    .filter((m) => m >= 420 && m <= 1080);
  const slotsAt = (start: number): Slot[] =>
    weekdays.map((weekday) => ({ client: clientIndex, weekday, start, end: start + visitMinutes }));
  let startMinutes = preferredStart;
  let primary: number | undefined;
  for (const candidates of [local, byLoad(everyone)]) {
    for (const start of starts) {
      primary = candidates.find((i) => fitsTemplate(roster, i, slotsAt(start)));
      if (primary !== undefined) {
        startMinutes = start;
        break;
      }
    }
    if (primary !== undefined) break;
  }
  primary ??= local[0] ?? 0;
  const slots = slotsAt(startMinutes);
  roster.templates[primary]?.push(...slots);
  roster.templateMinutes[primary] = (roster.templateMinutes[primary] ?? 0) + visitsPerWeek * visitMinutes;
  const others = local.filter((i) => i !== primary);
  const backups = [
    ...others.filter((i) => fitsTemplate(roster, i, slots)),
    ...others.filter((i) => !fitsTemplate(roster, i, slots)),
  ].slice(0, wanted - 1);
  for (const i of backups)
    roster.backupMinutes[i] = (roster.backupMinutes[i] ?? 0) + visitsPerWeek * visitMinutes;
  return { startMinutes, regulars: [primary, ...backups] };
}

/**
 * The client's budget lines per ISP year: this year's, and last year's when this one began inside
 * the visit window (last year's plan authorized up to 10% more).
 */
function budgetYears(
  client: DemoClient,
  lines: BudgetLine[],
  calendar: DemoCalendar,
  random: () => number,
): ClientPlan['budgets'] {
  const current = ispYear(client.ispMonth, calendar.today);
  const years = [current];
  if (dayNumber(current.effectiveDate) > calendar.firstDay)
    years.push(ispYear(client.ispMonth, calendar.today, 1));
  const clientBudgets: ClientPlan['budgets'] = [];
  for (const [k, span] of years.entries()) {
    for (const line of lines) {
      const factor = k === 0 ? 1 : 1 + 0.1 * random();
      const units =
        line.measure === '15-minute units'
          ? roundTo(line.units * factor, 40)
          : Math.round(line.units * factor);
      clientBudgets.push({ ...line, units, ...span });
    }
  }
  return clientBudgets;
}

// ---------------------------------------------------------------------------------------------
// Visits day by day

/** Travel time kept free between two visits of one caregiver, in milliseconds. */
const TRAVEL_MS = TRAVEL_MINUTES * MINUTE_MS;
/** Most minutes a caregiver works in a workweek (FLSA, Sunday–Saturday). */
const WORKWEEK_MAX_MINUTES = 40 * 60;

/**
 * What the day-by-day scheduling keeps: each caregiver's booked visits (epoch ms, in booking order)
 * and minutes per workweek (`caregiver|week`), and the budget usage counted so far (`usageKey`).
 */
interface Bookings {
  busy: { start: number; end: number }[][];
  weekMinutes: Map<string, number>;
  used: Map<string, number>;
}

/** Caregivers: no overlapping visits (45 min travel between), at most 40 h a workweek (FLSA, Sunday–Saturday). */
function isFree(bookings: Bookings, caregiver: number, start: number, end: number, week: number): boolean {
  if (
    (bookings.weekMinutes.get(`${caregiver}|${week}`) ?? 0) + (end - start) / MINUTE_MS >
    WORKWEEK_MAX_MINUTES
  )
    return false;
  const list = bookings.busy[caregiver] ?? [];
  for (let k = list.length - 1; k >= 0; k--) {
    const other = list[k] as { start: number; end: number };
    if (other.start < start - 2 * DAY_MS) break;
    if (other.start < end + TRAVEL_MS && start < other.end + TRAVEL_MS) return false;
  }
  return true;
}

function book(bookings: Bookings, caregiver: number, start: number, end: number, week: number): void {
  bookings.busy[caregiver]?.push({ start, end });
  const key = `${caregiver}|${week}`;
  bookings.weekMinutes.set(key, (bookings.weekMinutes.get(key) ?? 0) + (end - start) / MINUTE_MS);
}

/** Every visit from `calendar.firstDay` to `calendar.lastDay`, client by client within a day. */
function scheduleVisits(roster: Roster, plans: ClientPlan[], calendar: DemoCalendar, random: () => number) {
  const bookings: Bookings = {
    busy: Array.from({ length: roster.caregiverCount }, () => [] as { start: number; end: number }[]),
    weekMinutes: new Map(),
    used: new Map(),
  };
  const visits: DemoVisit[] = [];
  for (let day = calendar.firstDay; day <= calendar.lastDay; day++) {
    for (const plan of plans) {
      if (!plan.weekdays.includes(weekdayOf(day))) continue;
      if (random() < 0.04) continue; // cancelled: illness, appointment, family visit
      visits.push(...visitsOfDay(roster, bookings, plan, day, random));
    }
  }
  return visits;
}

/**
 * The client's visit on `day` (two with 2:1 staffing, none when nobody is free): a change from the
 * routine happens only if nobody's regular visits suffer; else the routine visit.
 */
function visitsOfDay(
  roster: Roster,
  bookings: Bookings,
  plan: ClientPlan,
  day: number,
  random: () => number,
): DemoVisit[] {
  const regular: VisitKind = {
    billingCode: 'OR526',
    mod1: null,
    startMinutes: plan.startMinutes,
    lengthMinutes: plan.visitMinutes,
    twoToOne: false,
    usage: null,
  };
  let kind = visitKindOfDay(bookings.used, plan, regular, day, random);
  const regulars = plan.caregiverIndexes;
  const first = random() < 0.7 ? 0 : Math.floor(random() * regulars.length);
  const team: VisitTeam = {
    order: [...regulars.slice(first), ...regulars.slice(0, first)],
    partnerPool: [
      ...regulars,
      ...roster.caregiverCounty.flatMap((county, i) => (county === plan.client.town.county ? [i] : [])),
    ],
  };
  let staffed = kind === regular ? null : staffVisit(roster, bookings, plan, day, team, kind, false);
  if (!staffed) {
    kind = regular;
    staffed = staffVisit(roster, bookings, plan, day, team, regular, true);
  }
  if (!staffed) return []; // nobody free: the visit is missed
  const { start, end, caregiver, partner } = staffed;
  const week = Math.floor((day + 4) / 7);
  if (kind.usage)
    bookings.used.set(kind.usage.key, (bookings.used.get(kind.usage.key) ?? 0) + kind.usage.amount);
  return (partner === undefined ? [caregiver] : [caregiver, partner]).map((who) => {
    book(bookings, who, start, end, week);
    return generateVisit(plan, who, day, start, end, kind, random);
  });
}

/**
 * The visit `day` would bring if staffing allows: a relief care day (OR507) every 21–35 days, the
 * week's 2:1 visit (OR526+ZE), now and then an OR502 state-plan visit or another start time, else
 * `regular`. Budgets are "not to be exceeded" (DOMAIN.md): OR507 days per plan year, OR502 hours per
 * month and OR526+ZE quarter-hours per plan year are counted in `used` (with 10 min of clock slack a visit).
 */
function visitKindOfDay(
  used: Map<string, number>,
  plan: ClientPlan,
  regular: VisitKind,
  day: number,
  random: () => number,
): VisitKind {
  const date = isoDateOf(day);
  const line = (code: string, modifier: string | null = null) =>
    plan.budgets.find(
      (b) =>
        b.procCode === code &&
        b.svcModifierCd === modifier &&
        b.effectiveDate <= date &&
        b.expirationDate >= date,
    );
  const reliefLine = line('OR507');
  const statePlanLine = line('OR502');
  const twoToOneLine = line('OR526', 'ZE');
  const usageKey = (code: string, period: string) => `${plan.index}|${code}|${period}`;
  const reliefKey = usageKey('OR507', reliefLine?.effectiveDate ?? '');
  const statePlanKey = usageKey('OR502', date.slice(0, 7));
  const twoToOneKey = usageKey('OR526ZE', twoToOneLine?.effectiveDate ?? '');
  if (reliefLine && day >= plan.nextReliefDay && (used.get(reliefKey) ?? 0) + 1 <= reliefLine.units) {
    // A relief care day while the family is away.
    const kind = {
      ...regular,
      billingCode: 'OR507',
      startMinutes: 480 + 15 * randomInt(random, 0, 8),
      lengthMinutes: 360 + 15 * randomInt(random, 0, 8),
      usage: { key: reliefKey, amount: 1 },
    };
    plan.nextReliefDay = day + randomInt(random, 21, 35);
    return kind;
  }
  const twoToOneUnits = (2 * (regular.lengthMinutes + 10)) / 15;
  if (
    twoToOneLine &&
    weekdayOf(day) === plan.weekdays[0] &&
    random() < 0.75 &&
    (used.get(twoToOneKey) ?? 0) + twoToOneUnits <= twoToOneLine.units
  )
    return { ...regular, mod1: 'ZE', twoToOne: true, usage: { key: twoToOneKey, amount: twoToOneUnits } };
  if (statePlanLine && random() < 0.2) {
    const minutes = 120 + 15 * randomInt(random, 0, 4);
    if ((used.get(statePlanKey) ?? 0) + (minutes + 10) / 60 <= statePlanLine.units)
      return {
        ...regular,
        billingCode: 'OR502',
        lengthMinutes: minutes,
        usage: { key: statePlanKey, amount: (minutes + 10) / 60 },
      };
    return regular;
  }
  if (random() < 0.15)
    return {
      ...regular,
      startMinutes: Math.min(1080, Math.max(420, regular.startMinutes + 15 * randomInt(random, -4, 4))),
    };
  return regular;
}

/** Who may staff a client's visit: the regulars in the day's order, and for a 2:1 partner the county's caregivers too. */
interface VisitTeam {
  order: number[];
  partnerPool: number[];
}

/**
 * Staff for `visit` on `day`: someone free who keeps their other regular visits that day (or, when
 * `lenient`, anyone free), and a partner who keeps theirs for a 2:1 visit. Null when nobody fits.
 * Start and end are epoch milliseconds.
 */
function staffVisit(
  roster: Roster,
  bookings: Bookings,
  plan: ClientPlan,
  day: number,
  team: VisitTeam,
  visit: VisitKind,
  lenient: boolean,
): { start: number; end: number; caregiver: number; partner: number | undefined } | null {
  const week = Math.floor((day + 4) / 7);
  const start = zonedTimeToUtc(isoDateOf(day), visit.startMinutes, DEMO_TIME_ZONE).getTime();
  const end = start + visit.lengthMinutes * MINUTE_MS;
  const slot: Slot = {
    client: plan.index,
    weekday: weekdayOf(day),
    start: visit.startMinutes,
    end: visit.startMinutes + visit.lengthMinutes,
  };
  const strict = (i: number) => isFree(bookings, i, start, end, week) && keepsTemplate(roster, i, slot);
  const caregiver =
    team.order.find(strict) ??
    (lenient ? team.order.find((i) => isFree(bookings, i, start, end, week)) : undefined);
  if (caregiver === undefined) return null;
  const partner = visit.twoToOne ? team.partnerPool.find((i) => i !== caregiver && strict(i)) : undefined;
  if (visit.twoToOne && partner === undefined) return null;
  return { start, end, caregiver, partner };
}

/** Phones report 5–30 m of GPS noise around the home. */
const gpsNoise = (home: Point, random: () => number) =>
  movePoint(home, 5 + 25 * random(), 2 * Math.PI * random());

/**
 * The EVV record of one caregiver's visit booked from `start` to `end` (epoch ms): clock-in within
 * 8 min of the start, 2–8 h worked (±10 min of the plan), GPS noise around the home, and now and
 * then an exception (`withEvvException`).
 */
function generateVisit(
  plan: ClientPlan,
  caregiverIndex: number,
  day: number,
  start: number,
  end: number,
  kind: VisitKind,
  random: () => number,
): DemoVisit {
  const lengthMinutes = (end - start) / MINUTE_MS;
  const evvInTime = start + randomInt(random, -8, 7) * MINUTE_MS;
  const worked = Math.min(480, Math.max(120, lengthMinutes + randomInt(random, -10, 10)));
  const evvOutTime = evvInTime + worked * MINUTE_MS;
  const visit: DemoVisit = {
    plan,
    caregiverIndex,
    date: isoDateOf(day),
    billingCode: kind.billingCode,
    mod1: kind.mod1,
    evvInTime,
    evvOutTime,
    plannedEnd: evvOutTime,
    evvIn: gpsNoise(plan.home, random),
    evvOut: gpsNoise(plan.home, random),
    adjustment: null,
  };
  return withEvvException(visit, day, random);
}

/**
 * `visit` with, now and then, an EVV exception: ~0.5% no clock-out, ~1% no clock-out location, ~1%
 * a time corrected by the office the next morning, ~0.6% a clock-in 1–5 km from home (community outing).
 */
function withEvvException(visit: DemoVisit, day: number, random: () => number): DemoVisit {
  const exception = random();
  if (exception < 0.005) {
    // The caregiver never clocked out.
    visit.evvOutTime = null;
    visit.evvOut = null;
  } else if (exception < 0.015) {
    // Clocked out with location services off.
    visit.evvOut = null;
  } else if (exception < 0.025) {
    const { evvInTime } = visit;
    const evvOutTime = visit.plannedEnd;
    const at = zonedTimeToUtc(isoDateOf(day + 1), 540 + randomInt(random, 0, 120), DEMO_TIME_ZONE).getTime();
    visit.adjustment =
      random() < 0.5
        ? {
            at,
            field: 'evvOutTime',
            from: evvOutTime + randomInt(random, 90, 300) * MINUTE_MS,
            to: evvOutTime,
            reason: 'Caregiver forgot to clock out; end time corrected from the shift note',
          }
        : {
            at,
            field: 'evvInTime',
            from: evvInTime + randomInt(random, 15, 45) * MINUTE_MS,
            to: evvInTime,
            reason: 'EVV app would not open on arrival; start time confirmed with the family',
          };
  } else if (exception < 0.031) {
    // Community outing: the caregiver met the client at the day programme, library or store.
    visit.evvIn = movePoint(visit.plan.home, 1000 + 4000 * random(), 2 * Math.PI * random());
  }
  return visit;
}

/**
 * The `shift` row of the `n`-th visit: EVV columns and status (`evaluateEvv`), the import entry of
 * its change history at `now`, and the office's adjustment when there is one (never after `now`).
 */
function demoShiftRow(visit: DemoVisit, n: number, people: DemoPeople, now: Date) {
  const { plan, adjustment } = visit;
  const facts = {
    evvInTime: new Date(visit.evvInTime),
    evvOutTime: visit.evvOutTime === null ? null : new Date(visit.evvOutTime),
    evvInLat: visit.evvIn.lat,
    evvInLong: visit.evvIn.long,
    evvOutLat: visit.evvOut?.lat ?? null,
    evvOutLong: visit.evvOut?.long ?? null,
    adjusted: adjustment !== null,
    adjustmentReason: adjustment?.reason ?? null,
  };
  const evv = evaluateEvv(facts);
  const changeHistory: ShiftChange[] = [
    { at: now.toISOString(), by: null, action: 'import', reason: 'Demo data', changes: {} },
  ];
  if (adjustment) {
    changeHistory.push({
      at: new Date(Math.min(adjustment.at, now.getTime())).toISOString(),
      by: null,
      byName: 'Office supervisor (demo)',
      action: 'evv-adjustment',
      reason: adjustment.reason,
      changes: {
        [adjustment.field]: {
          from: new Date(adjustment.from).toISOString(),
          to: new Date(adjustment.to).toISOString(),
        },
      },
    });
  }
  const { adjusted: _adjusted, adjustmentReason: _reason, ...evvColumns } = facts;
  return {
    ...evvColumns,
    providerMedicaidId: DEMO_PROVIDER_MEDICAID_ID,
    billingCode: visit.billingCode,
    mod1: visit.mod1,
    pid: plan.client.pid,
    date: visit.date,
    caregiverId: (people.caregivers[visit.caregiverIndex] as { id: string }).id,
    clientId: plan.client.id,
    givShiftId: `DEMO-${n + 1}`,
    evvStatus: evv.status,
    evvStatusReason: evv.reason,
    timeZone: DEMO_TIME_ZONE,
    externalSequence: 1,
    changeHistory,
  };
}
