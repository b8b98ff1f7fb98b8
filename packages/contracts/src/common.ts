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

/** PostgreSQL text cannot hold NUL (U+0000): such input is refused with a message, never a 500. */
const noNul = (value: string | null | undefined) => !value?.includes('\u0000');
const noNulMessage = { message: 'must not contain NUL characters' };

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
