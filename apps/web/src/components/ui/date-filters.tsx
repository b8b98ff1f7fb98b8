/**
 * Date fields of filter bars (UX.md "Tables": filters in a bar, their state in the URL). Values are
 * ISO dates `YYYY-MM-DD` in the agency's calendar; an empty or half-typed field means "no limit".
 */
import type { ReactNode } from 'react';
import { TextInput } from '@mantine/core';

/**
 * A filter's date range with its defaults filled in (`from`/`to` left out of the URL take
 * `defaults`), and the error to show on "To" when it is before "From".
 */
export function resolveDateRange(
  range: { from?: string; to?: string },
  defaults: { from: string; to: string },
): { from: string; to: string; rangeError: string | undefined } {
  const from = range.from ?? defaults.from;
  const to = range.to ?? defaults.to;
  return { from, to, rangeError: to < from ? 'must be on or after From' : undefined };
}

/** A complete `YYYY-MM-DD` from a date input, or undefined (empty or half typed). */
export const dateOrUndefined = (value: string): string | undefined =>
  /^\d{4}-\d{2}-\d{2}$/.test(value) ? value : undefined;

export interface DateFilterProps {
  label: string;
  value: string | undefined;
  onChange: (date: string | undefined) => void;
  min?: string;
  max?: string;
  error?: ReactNode;
}

/** One date field of a filter bar. */
export function DateFilter({ label, value, onChange, min, max, error }: DateFilterProps) {
  return (
    <TextInput
      label={label}
      type="date"
      value={value ?? ''}
      min={min}
      max={max}
      error={error}
      onChange={(event) => onChange(dateOrUndefined(event.currentTarget.value))}
      w={{ base: '48%', sm: 160 }}
    />
  );
}

export interface DateRangeFilterProps {
  from: string | undefined;
  to: string | undefined;
  /** Called with the one end that changed. */
  onChange: (change: { from?: string | undefined } | { to?: string | undefined }) => void;
  /** Labels of the two fields (default "From date", "To date"). */
  labels?: readonly [string, string];
  /** An error shown on the "to" field (e.g. a range too long). */
  error?: ReactNode;
}

/** Two date fields bounding a range; each limits the other (from ≤ to). */
export function DateRangeFilter({
  from,
  to,
  onChange,
  labels = ['From date', 'To date'],
  error,
}: DateRangeFilterProps) {
  return (
    <>
      <DateFilter label={labels[0]} value={from} max={to} onChange={(date) => onChange({ from: date })} />
      <DateFilter
        label={labels[1]}
        value={to}
        min={from}
        error={error}
        onChange={(date) => onChange({ to: date })}
      />
    </>
  );
}
