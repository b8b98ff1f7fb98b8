/** Shared shapes: ids, paging, list queries. */
import { z } from 'zod';

export const id = z.uuid();
export const idParams = z.object({ id: z.uuid({ message: 'must be a valid id' }) });
export type IdParams = z.infer<typeof idParams>;

/** Paging query (UX.md "Tables"): 1-based `page`, `pageSize` 1..500 (default 50). */
export const pageQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(500).default(50),
});

export const sortOrder = z.enum(['asc', 'desc']);

/** A page of rows plus the total for the filter. */
export function pageOf<T extends z.ZodTypeAny>(item: T) {
  return z.object({
    items: z.array(item),
    total: z.number().int(),
    page: z.number().int(),
    pageSize: z.number().int(),
  });
}
export interface Page<T> {
  items: T[];
  total: number;
  page: number;
  pageSize: number;
}

/**
 * NUL (U+0000) and unpaired UTF-16 surrogates (U+D800–U+DFFF without their other half): PostgreSQL's `text`
 * cannot hold NUL, and its `jsonb` refuses both (issue 17 item 6: they answered 500).
 */
// eslint-disable-next-line no-control-regex -- NUL is exactly what this pattern finds
const unstorable = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Whether `value` can be stored as PostgreSQL text and jsonb: no NUL, no unpaired surrogate. */
export const isStorableText = (value: string | null | undefined): boolean =>
  !value || !unstorable.test(value);
const noNul = isStorableText;
const noNulMessage = { message: 'must not contain NUL characters or unpaired surrogates' };

/**
 * The one way a request string starts (decision 0040): `z.string()` refusing NUL and unpaired surrogates
 * (400 naming the field). Chain `.trim()`, `.min()`, `.regex()`… on it as on `z.string()`.
 * `text-fields.test.ts` fails for any request schema (params, query, body) holding a string that skips it.
 */
export const text = (params?: Parameters<typeof z.string>[0]) =>
  z.string(params).refine(isStorableText, noNulMessage);

/** Whether an ISO 8601 date or date-time's year is 0001–9999 (PostgreSQL refuses year 0000: 500 before). */
export const isInYearRange = (value: string): boolean => !value.startsWith('0000');

/**
 * A calendar date `YYYY-MM-DD` (ISO 8601, zod's `iso.date`: the month's real days, 29 February only in leap
 * years) in the years 0001–9999, the range PostgreSQL `date` and JavaScript `Date` share. `2026-02-30` and
 * `0000-01-01` are refused (400 naming the field), never passed to the database (issue 17 item 6).
 */
export const isoDate = z.iso
  .date({ message: 'must be a date YYYY-MM-DD' })
  .refine(isInYearRange, { message: 'must be a date in the years 0001–9999' });

/**
 * An instant: ISO 8601 date-time with an offset (`2026-03-01T09:00:00-08:00`), zod's `iso.datetime` (a real
 * calendar date), in the years 0001–9999 as written. `message` replaces zod's.
 */
export const isoDateTime = (message = 'must be an ISO 8601 date-time with offset') =>
  z.iso
    .datetime({ offset: true, message })
    .refine(isInYearRange, { message: 'must be in the years 0001–9999' });

/** A trimmed, non-empty text field of at most `max` characters; the message names the problem. */
export const requiredText = (max = 200) =>
  z
    .string()
    .trim()
    .min(1, { message: 'is required' })
    .max(max, { message: `must be at most ${max} characters` })
    .refine(noNul, noNulMessage);

/** An optional text field: empty input becomes null. */
export const optionalText = (max = 200) =>
  z
    .string()
    .trim()
    .max(max, { message: `must be at most ${max} characters` })
    .refine(noNul, noNulMessage)
    .nullish()
    .transform((value) => (value ? value : null));

export const optionalEmail = z
  .union([z.literal(''), z.email({ message: 'must be a valid email address' })])
  .nullish()
  .transform((value) => (value ? value : null));

/** A list of distinct, non-empty strings (altNames, emails). */
export const textList = (max = 200) =>
  z
    .array(z.string().trim().min(1, { message: 'must not be empty' }).max(max).refine(noNul, noNulMessage))
    .max(50)
    .default([])
    .transform((values) => [...new Set(values)]);

export const timestamps = {
  createdAt: z.iso.datetime({ offset: true }),
  updatedAt: z.iso.datetime({ offset: true }),
};
