import { describe, expect, it } from 'vitest';
import { billingExportCsvColumns } from '@tend/contracts';
import type { BillingSnapshot } from './billing-export-snapshot.ts';
import {
  batchCsvHeader,
  batchCsvRow,
  billedFigures,
  createLocalTimeFormatter,
  dayKey,
  hundredths,
  indexRules,
  priceSegments,
  ruleInEffect,
  type ExportRule,
} from './billing-export-lines.ts';

const minutes = (n: number) => n * 60_000;
const rule = (over: Partial<ExportRule> = {}): ExportRule => ({
  id: 'r1',
  billingCode: 'OR526',
  modifier: null,
  rateCents: 725,
  unitMeasure: 'units_15min',
  effectiveDate: '2026-01-01',
  expirationDate: '2026-06-30',
  ...over,
});
const snapshot = (over: Partial<BillingSnapshot> = {}): BillingSnapshot => ({
  segmentId: 'seg-1',
  shiftId: 'shift-1',
  date: '2026-03-02',
  evvStart: '2026-03-02T17:00:00.000Z',
  evvEnd: '2026-03-02T19:07:00.000Z',
  billingCode: 'OR526',
  modifier: null,
  evvInLat: 45.5,
  evvInLong: -122.6,
  evvOutLat: 45.51,
  evvOutLong: -122.61,
  caregiverId: 'cg',
  clientId: 'cl',
  providerMedicaidId: '=SUM(A1)',
  clientPid: 'PR123',
  dspName: 'Dana, "D" DSP',
  timeZone: null,
  ...over,
});

describe('billedFigures', () => {
  it('bills 15-minute units with the 8-minute rule; amount = units × rate in cents', () => {
    // 127 min = 8 whole units + 7 min (under 8: not billed)
    expect(billedFigures(minutes(127), 'units_15min', 725, false)).toEqual({
      hoursHundredths: 212,
      unitsHundredths: 800,
      amountCents: 5800,
    });
    expect(billedFigures(minutes(128), 'units_15min', 725, false).unitsHundredths).toBe(900);
  });
  it('bills hours rounded half-up to 0.01 h and rounds the amount half-up to the cent', () => {
    // 100 min = 1.6667 h → 1.67; 1.67 × $10.01 = $16.7167 → $16.72
    expect(billedFigures(minutes(100), 'hours', 1001, false)).toEqual({
      hoursHundredths: 167,
      unitsHundredths: 167,
      amountCents: 1672,
    });
    // 0.5 cent rounds up: 0.50 h × 1 cent = 0.5 → 1
    expect(billedFigures(minutes(30), 'hours', 1, false).amountCents).toBe(1);
  });
  it('bills one day for the first segment of a day, 0 after; miles bill 0; negative lengths count 0', () => {
    expect(billedFigures(minutes(60), 'days', 15000, true).amountCents).toBe(15000);
    expect(billedFigures(minutes(60), 'days', 15000, false).amountCents).toBe(0);
    expect(billedFigures(minutes(60), 'miles', 67, false).unitsHundredths).toBe(0);
    expect(billedFigures(-5, 'hours', 100, false)).toEqual({
      hoursHundredths: 0,
      unitsHundredths: 0,
      amountCents: 0,
    });
  });
});

describe('ruleInEffect', () => {
  const rules = indexRules([
    rule(),
    rule({ id: 'r2', effectiveDate: '2026-07-01', expirationDate: null, rateCents: 800 }),
    rule({ id: 'ze', modifier: 'ZE' }),
  ]);
  it('finds the rule whose period covers the date, by code and modifier', () => {
    expect(ruleInEffect(rules, 'OR526', null, '2026-06-30')?.id).toBe('r1');
    expect(ruleInEffect(rules, 'or526', '', '2026-07-01')?.id).toBe('r2');
    expect(ruleInEffect(rules, 'OR526', 'ze', '2026-03-01')?.id).toBe('ze');
  });
  it('answers null outside any period, for another code or without a code', () => {
    expect(ruleInEffect(rules, 'OR526', null, '2025-12-31')).toBeNull();
    expect(ruleInEffect(rules, 'OR507', null, '2026-03-01')).toBeNull();
    expect(ruleInEffect(rules, null, null, '2026-03-01')).toBeNull();
  });
});

describe('priceSegments', () => {
  let n = 0;
  const newId = () => `item-${++n}`;
  it('prices segments with a rule and skips those without one', () => {
    const { lines, skipped } = priceSegments(
      [
        {
          snapshot: snapshot(),
          start: new Date('2026-03-02T17:00:00Z'),
          end: new Date('2026-03-02T19:07:00Z'),
        },
        {
          snapshot: snapshot({ segmentId: 'seg-2', billingCode: 'OR507' }),
          start: new Date('2026-03-02T20:00:00Z'),
          end: new Date('2026-03-02T21:00:00Z'),
        },
      ],
      indexRules([rule()]),
      new Set(),
      newId,
    );
    expect(lines.map((line) => [line.snapshot.segmentId, line.figures.amountCents])).toEqual([
      ['seg-1', 5800],
    ]);
    expect(skipped).toEqual([{ segmentId: 'seg-2', reason: 'NO_RULE' }]);
  });
  it('bills a day once per client, code and date, also against days billed before', () => {
    const day = rule({ unitMeasure: 'days', rateCents: 20000 });
    const at = (id: string, date: string) => ({
      snapshot: snapshot({ segmentId: id, date }),
      start: new Date(`${date}T17:00:00Z`),
      end: new Date(`${date}T18:00:00Z`),
    });
    const { lines } = priceSegments(
      [at('a', '2026-03-02'), at('b', '2026-03-02'), at('c', '2026-03-03')],
      indexRules([day]),
      new Set([dayKey('cl', 'OR526', null, '2026-03-03')]),
      newId,
    );
    expect(lines.map((line) => line.figures.unitsHundredths)).toEqual([100, 0, 0]);
  });
});

describe('batch file rows', () => {
  it('has the documented header with billing_id first', () => {
    expect(batchCsvHeader()).toBe(`${billingExportCsvColumns.join(',')}\r\n`);
    expect(billingExportCsvColumns[0]).toBe('billing_id');
  });
  it('writes local times, dollars with 2 decimals, quoted and formula-guarded text', () => {
    const row = batchCsvRow(
      {
        id: 'item-1',
        snapshot: snapshot(),
        start: new Date('2026-03-02T17:00:00Z'),
        end: new Date('2026-03-02T19:07:00Z'),
        rule: rule(),
        figures: { hoursHundredths: 212, unitsHundredths: 800, amountCents: 5800 },
      },
      createLocalTimeFormatter(),
      'America/Los_Angeles',
    );
    expect(row).toBe(
      `item-1,PR123,'=SUM(A1),2026-03-02,09:00,11:07,OR526,,8.00,units_15min,7.25,58.00,2.12,"Dana, ""D"" DSP",45.5,-122.6,45.51,-122.61\r\n`,
    );
  });
  it('formats local times across a DST change and hundredths', () => {
    const local = createLocalTimeFormatter();
    expect(local(new Date('2026-03-08T09:30:00Z'), 'America/Los_Angeles')).toBe('01:30');
    expect(local(new Date('2026-03-08T10:30:00Z'), 'America/Los_Angeles')).toBe('03:30');
    expect(local(new Date('2026-03-08T10:30:00Z'), 'UTC')).toBe('10:30');
    expect(hundredths(5)).toBe('0.05');
    expect(hundredths(123456)).toBe('1234.56');
  });
});
