/**
 * Values of rows read with raw SQL (`executor.execute`), where the driver decides the JavaScript type:
 * node-postgres parses `timestamptz` into a `Date`, PGlite may give text or a number.
 */

/** A timestamp column's value as a `Date` (null or absent → null). */
export const toInstant = (value: unknown): Date | null =>
  value === null || value === undefined
    ? null
    : value instanceof Date
      ? value
      : new Date(value as string | number);
