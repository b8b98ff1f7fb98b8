/**
 * Column mapping shared by every import kind (docs/decisions/0008-import-kinds.md): header names
 * normalised for comparison, a first guess from each kind's header synonyms, and a signature that
 * recognises "the same header" on a later upload so its saved mapping can be offered again
 * (contracts `csvAnalysis.savedFrom`). Pure functions.
 */
import { createHash } from 'node:crypto';

/**
 * A header name reduced to what identifies it: Unicode NFKC, lower case, letters and digits only
 * (`"Clock-In  Lat."` → `"clockinlat"`).
 */
export function normalizeHeader(header: string): string {
  return header
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, '');
}

/**
 * Guesses a column map from header names with `synonyms` (field → normalised header spellings; a
 * spelling listed under several fields goes to the first). A header matches by its normalised name or
 * by the name with a trailing parenthesised part dropped (`Clock In (local)`); the first header wins
 * when several name the same field. Headers not recognised are left out.
 */
export function suggestFromSynonyms<F extends string>(
  headers: string[],
  synonyms: Readonly<Record<F, readonly string[]>>,
): Record<string, F> {
  const byName = new Map<string, F>();
  for (const [field, names] of Object.entries(synonyms) as [F, readonly string[]][])
    for (const name of names) if (!byName.has(name)) byName.set(name, field);
  const entries: [string, F][] = [];
  const used = new Set<F>();
  const seen = new Set<string>();
  for (const header of headers) {
    const whole = normalizeHeader(header);
    const withoutNote = normalizeHeader(header.replace(/\s*[([][^)\]]*[)\]]\s*$/, ''));
    const field = byName.get(whole) ?? byName.get(withoutNote);
    if (!field || used.has(field) || seen.has(header)) continue;
    entries.push([header, field]);
    used.add(field);
    seen.add(header);
  }
  return Object.fromEntries(entries);
}

/**
 * SHA-256 (hex) of the header list in file order, each name normalised with `normalizeHeader`
 * (case, spaces and punctuation do not count), so a later export of "the same header" finds the
 * mapping saved for an earlier one. Blank names count as blank; order counts.
 */
export function headerSignature(headers: string[]): string {
  return createHash('sha256')
    .update(JSON.stringify(headers.map(normalizeHeader)))
    .digest('hex');
}

/**
 * Re-keys a saved column map onto `headers` of a file with the same `headerSignature`, whose
 * spelling may differ in case, spaces or punctuation: each saved key is matched to the header with
 * the same normalised name (first unused one). Keys with no such header are dropped.
 */
export function applySavedColumnMap<F extends string>(
  saved: Record<string, F>,
  headers: string[],
): Record<string, F> {
  const entries: [string, F][] = [];
  const free = [...headers];
  for (const [key, field] of Object.entries(saved)) {
    const exact = free.indexOf(key);
    const index =
      exact >= 0 ? exact : free.findIndex((header) => normalizeHeader(header) === normalizeHeader(key));
    const header = free[index];
    if (index < 0 || header === undefined) continue;
    entries.push([header, field]);
    free.splice(index, 1);
  }
  return Object.fromEntries(entries);
}
