/**
 * What one billing item bills and how it is written in the batch file (pure; issue 6 "Billing
 * export"; rules in docs/billing-export.md):
 * - rate: the billing-code rule of the segment's code + modifier in effect on the service date
 *   (billing-rules.service.ts keeps periods from overlapping, so at most one applies);
 * - hours: the segment's length in hours rounded half-up to 0.01 h;
 * - units: in the rule's `unitMeasure` (DOMAIN.md "units by measure"; budget-units.ts): `hours` = the
 *   rounded hours, `units_15min` = whole 15-minute units with the 8-minute rule, `days` = 1 for the
 *   first segment of a client + code + modifier + service date that is not billed yet and 0 for the
 *   others, `miles` = 0 (segments carry no mileage; `mileageMiles` stays null);
 * - amount: units × rate in integer cents, computed on hundredths of a unit in integers and rounded
 *   half-up to the cent (`floor((unitHundredths × rateCents + 50) / 100)`), so the file's
 *   `units × rate` equals its `amount` to the cent.
 * The file is CSV (RFC 4180, UTF-8 without BOM, CRLF, header row `billingExportCsvColumns`), cells
 * through contracts `csvCell` (formula guard); money in dollars with 2 decimals; local times `HH:mm`
 * in the shift's time zone.
 */
import { DateTime } from 'luxon';
import { billingExportCsvColumns, csvCell, type BudgetMeasure } from '@tend/contracts';
import { fifteenMinuteUnits } from '../budgets/budget-units.ts';
import type { BillingSnapshot } from './billing-export-snapshot.ts';

/** A billing-code rule as the export needs it. Rates are integer cents per unit of `unitMeasure`. */
export interface ExportRule {
  id: string;
  billingCode: string;
  modifier: string | null;
  rateCents: number;
  unitMeasure: BudgetMeasure;
  effectiveDate: string;
  expirationDate: string | null;
}

const ruleKey = (code: string, modifier: string | null) =>
  `${code.toUpperCase()}|${(modifier ?? '').toUpperCase()}`;

/** Rules grouped by code + modifier for {@link ruleInEffect}. */
export function indexRules(rules: ExportRule[]): Map<string, ExportRule[]> {
  const byKey = new Map<string, ExportRule[]>();
  for (const rule of rules) {
    const key = ruleKey(rule.billingCode, rule.modifier);
    byKey.set(key, [...(byKey.get(key) ?? []), rule]);
  }
  return byKey;
}

/** The rule of `code` + `modifier` whose period covers `date` (`YYYY-MM-DD`), or null. */
export function ruleInEffect(
  rules: Map<string, ExportRule[]>,
  code: string | null,
  modifier: string | null,
  date: string,
): ExportRule | null {
  if (!code) return null;
  for (const rule of rules.get(ruleKey(code, modifier)) ?? [])
    if (rule.effectiveDate <= date && (!rule.expirationDate || date <= rule.expirationDate)) return rule;
  return null;
}

/** The billed figures of one segment: hundredths of an hour and of a unit, amount in cents. */
export interface BilledFigures {
  hoursHundredths: number;
  unitsHundredths: number;
  amountCents: number;
}

/**
 * Hours, units and amount of a segment of `durationMs` milliseconds billed at `rateCents` per unit of
 * `measure`. `firstOfDay` decides the `days` measure (1 unit or 0). Negative durations count as 0.
 */
export function billedFigures(
  durationMs: number,
  measure: BudgetMeasure,
  rateCents: number,
  firstOfDay: boolean,
): BilledFigures {
  const ms = Math.max(0, durationMs);
  // 0.01 h = 36,000 ms; half-up.
  const hoursHundredths = Math.floor((ms + 18_000) / 36_000);
  let unitsHundredths: number;
  switch (measure) {
    case 'hours':
      unitsHundredths = hoursHundredths;
      break;
    case 'units_15min':
      unitsHundredths = fifteenMinuteUnits(ms / 60_000) * 100;
      break;
    case 'days':
      unitsHundredths = firstOfDay ? 100 : 0;
      break;
    case 'miles':
      unitsHundredths = 0;
      break;
  }
  return {
    hoursHundredths,
    unitsHundredths,
    amountCents: Math.floor((unitsHundredths * rateCents + 50) / 100),
  };
}

/** One segment to bill: its snapshot (the billed values) and its instants. */
export interface ExportSegment {
  snapshot: BillingSnapshot;
  start: Date;
  end: Date;
}

/** One item to insert, with its file row. */
export interface ExportLine {
  id: string;
  snapshot: BillingSnapshot;
  start: Date;
  end: Date;
  rule: ExportRule;
  figures: BilledFigures;
}

/**
 * Prices segments (in date and start order): each gets the rule in effect and its figures; segments
 * without a rule or without both times are returned in `skipped` (validation marks them NOT_READY,
 * so this only happens when a rule changed after the last validation). `billedDays` holds the
 * `dayKey`s already billed by non-VOID items (`days` measure). `newId` makes item ids.
 */
export function priceSegments(
  segments: ExportSegment[],
  rules: Map<string, ExportRule[]>,
  billedDays: Set<string>,
  newId: () => string,
): { lines: ExportLine[]; skipped: { segmentId: string; reason: 'NO_RULE' }[] } {
  const lines: ExportLine[] = [];
  const skipped: { segmentId: string; reason: 'NO_RULE' }[] = [];
  const days = new Set(billedDays);
  for (const segment of segments) {
    const { snapshot } = segment;
    const rule = ruleInEffect(rules, snapshot.billingCode, snapshot.modifier, snapshot.date);
    if (!rule) {
      skipped.push({ segmentId: snapshot.segmentId, reason: 'NO_RULE' });
      continue;
    }
    let firstOfDay = false;
    if (rule.unitMeasure === 'days') {
      const key = dayKey(snapshot.clientId, rule.billingCode, rule.modifier, snapshot.date);
      firstOfDay = !days.has(key);
      days.add(key);
    }
    lines.push({
      id: newId(),
      snapshot,
      start: segment.start,
      end: segment.end,
      rule,
      figures: billedFigures(
        segment.end.getTime() - segment.start.getTime(),
        rule.unitMeasure,
        rule.rateCents,
        firstOfDay,
      ),
    });
  }
  return { lines, skipped };
}

/** Key of a client's billed day of a code + modifier (`days` measure). */
export function dayKey(clientId: string, code: string, modifier: string | null, date: string): string {
  return `${clientId}|${ruleKey(code, modifier)}|${date}`;
}

/** Integer hundredths → "12.34" (non-negative input). */
export function hundredths(value: number): string {
  const abs = Math.abs(value);
  return `${value < 0 ? '-' : ''}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/**
 * Local wall time `HH:mm` of `instant` in `zone`. Zone offsets are cached per zone and UTC hour
 * (offsets change on the hour at most), so 100,000 rows cost a few thousand zone look-ups.
 */
export function createLocalTimeFormatter(): (instant: Date, zone: string) => string {
  const offsets = new Map<string, number>();
  return (instant, zone) => {
    const ms = instant.getTime();
    const key = `${zone}|${Math.floor(ms / 3_600_000)}`;
    let offset = offsets.get(key);
    if (offset === undefined) {
      const zoned = DateTime.fromMillis(ms, { zone });
      offset = zoned.isValid ? zoned.offset : 0;
      offsets.set(key, offset);
    }
    const local = new Date(ms + offset * 60_000);
    return `${String(local.getUTCHours()).padStart(2, '0')}:${String(local.getUTCMinutes()).padStart(2, '0')}`;
  };
}

/** The header row of the batch file (CRLF-terminated). */
export function batchCsvHeader(): string {
  return `${billingExportCsvColumns.join(',')}\r\n`;
}

/**
 * One row of the batch file (CRLF-terminated), columns as `billingExportCsvColumns`; local times in
 * the shift's zone, else `agencyTimeZone`.
 */
export function batchCsvRow(
  line: ExportLine,
  localTime: (instant: Date, zone: string) => string,
  agencyTimeZone: string,
): string {
  const { snapshot, figures, rule } = line;
  const zone = snapshot.timeZone ?? agencyTimeZone;
  return `${[
    csvCell(line.id),
    csvCell(snapshot.clientPid),
    csvCell(snapshot.providerMedicaidId),
    csvCell(snapshot.date),
    csvCell(localTime(line.start, zone)),
    csvCell(localTime(line.end, zone)),
    csvCell(rule.billingCode),
    csvCell(rule.modifier),
    hundredths(figures.unitsHundredths),
    csvCell(rule.unitMeasure),
    hundredths(rule.rateCents),
    hundredths(figures.amountCents),
    hundredths(figures.hoursHundredths),
    csvCell(snapshot.dspName),
    csvCell(snapshot.evvInLat),
    csvCell(snapshot.evvInLong),
    csvCell(snapshot.evvOutLat),
    csvCell(snapshot.evvOutLong),
  ].join(',')}\r\n`;
}
