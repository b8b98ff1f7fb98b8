/**
 * Budget measures (spec s.3 Budget.measure; DOMAIN.md "units follow the budget's measure (hours,
 * 15-minute units, days, miles)"). One closed list shared by the budget import, budget editing,
 * overage reports and, later, billing.
 */
export const budgetMeasures = ['hours', 'units_15min', 'days', 'miles'] as const;
export type BudgetMeasure = (typeof budgetMeasures)[number];

/** How each measure reads on screen ("12 units (15 min)", UX.md "Money and units"). */
export const budgetMeasureLabels: Record<BudgetMeasure, string> = {
  hours: 'hours',
  units_15min: 'units (15 min)',
  days: 'days',
  miles: 'miles',
};

/** Spellings seen in exports (eXPRS plan-of-care and agency spreadsheets), folded to lower case without punctuation. */
const aliases: Record<string, BudgetMeasure> = {
  hours: 'hours',
  hour: 'hours',
  hrs: 'hours',
  hr: 'hours',
  h: 'hours',
  '15 min': 'units_15min',
  '15min': 'units_15min',
  '15 minutes': 'units_15min',
  '15 minute': 'units_15min',
  '15 minute units': 'units_15min',
  '15 min units': 'units_15min',
  '15 minute unit': 'units_15min',
  units: 'units_15min',
  unit: 'units_15min',
  'units 15min': 'units_15min',
  days: 'days',
  day: 'days',
  daily: 'days',
  miles: 'miles',
  mile: 'miles',
  mi: 'miles',
};

/**
 * Reads a measure as written in a file ("Hours", "15 Min", "Unit", "Days", "mi"); null when it is none
 * of them (the caller reports the field). "unit"/"units" alone mean the ODDS 15-minute unit.
 */
export function parseBudgetMeasure(value: string): BudgetMeasure | null {
  const key = value
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[^a-z0-9 ]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return aliases[key] ?? null;
}
