/**
 * The period of a report export (decision 0066): a month, a quarter, a year or a range of dates, as the inclusive
 * `from`/`to` dates the API takes. Pure.
 */

export type PeriodKind = 'month' | 'quarter' | 'year' | 'range';

/** What the period fields hold: `month` `YYYY-MM`, `year` and `quarter` numbers, `from`/`to` dates of a range. */
export interface PeriodFields {
  kind: PeriodKind;
  month: string;
  year: number;
  quarter: number;
  from: string;
  to: string;
}

const pad = (n: number) => String(n).padStart(2, '0');
/** The last day of `month` (1–12) of `year`, `YYYY-MM-DD`. */
const lastDay = (year: number, month: number) =>
  `${year}-${pad(month)}-${pad(new Date(Date.UTC(year, month, 0)).getUTCDate())}`;

/** The fields' period as `{ from, to }`, or null while a field is incomplete (a half-typed month or date). */
export function periodRange(fields: PeriodFields): { from: string; to: string } | null {
  switch (fields.kind) {
    case 'month': {
      const match = /^(\d{4})-(\d{2})$/.exec(fields.month);
      if (!match) return null;
      const [year, month] = [Number(match[1]), Number(match[2])];
      if (month < 1 || month > 12) return null;
      return { from: `${year}-${pad(month)}-01`, to: lastDay(year, month) };
    }
    case 'quarter': {
      const first = (fields.quarter - 1) * 3 + 1;
      return { from: `${fields.year}-${pad(first)}-01`, to: lastDay(fields.year, first + 2) };
    }
    case 'year':
      return { from: `${fields.year}-01-01`, to: `${fields.year}-12-31` };
    case 'range': {
      const date = /^\d{4}-\d{2}-\d{2}$/;
      return date.test(fields.from) && date.test(fields.to) ? { from: fields.from, to: fields.to } : null;
    }
  }
}

/** Period fields that start on last month (the most asked-for report period), `today` deciding which. */
export function initialPeriod(today: Date = new Date()): PeriodFields {
  const lastMonth = new Date(Date.UTC(today.getFullYear(), today.getMonth() - 1, 1));
  const year = lastMonth.getUTCFullYear();
  const month = lastMonth.getUTCMonth() + 1;
  return {
    kind: 'month',
    month: `${year}-${pad(month)}`,
    year,
    quarter: Math.floor((month - 1) / 3) + 1,
    from: `${year}-${pad(month)}-01`,
    to: lastDay(year, month),
  };
}
