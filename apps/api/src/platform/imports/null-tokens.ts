/**
 * The values aggregator and scheduling-system exports write for "no value" (docs/decisions/0036,
 * docs/evv-import.md "Absent values"): the one definition every import kind reads cells with. Sandata
 * OpenEVV senders write a literal `NULL` in Modifier1–4 (and elsewhere), database dumps `null`,
 * spreadsheets `N/A`; Tend stores none of them as text ("T1019 + NULL" must never appear). Compared
 * after trimming, in any case: `NULL`, `null`, `Null`, `N/A`, `n/a`, and the empty (or blank) cell.
 * Which fields they apply to is the kind's rule: every identifier, code, name, date, time, number and
 * zone; free text a person wrote (a shift note's answer) keeps them as written (`RowCells.freeText`).
 */

/** The null tokens, lower case, trimmed. */
export const NULL_TOKENS: ReadonlySet<string> = new Set(['', 'null', 'n/a']);

/** The longest null token: a longer (trimmed) text is never one, checked before any lower-casing. */
const LONGEST = Math.max(...[...NULL_TOKENS].map((token) => token.length));

/** Whether `text` is a null token (absent value): blank, or `NULL` / `N/A` in any case, spaces around. */
export function isNullToken(text: string): boolean {
  const trimmed = text.trim();
  return trimmed.length <= LONGEST && NULL_TOKENS.has(trimmed.toLowerCase());
}

/**
 * `value` with every string that is a null token, and every JSON `null`, removed (object keys dropped,
 * array items kept as `undefined`), recursively: a JSON record read as if those fields were absent. The
 * input is not changed (the raw record is kept as sent).
 */
export function withoutNullTokens(value: unknown): unknown {
  if (value === null || (typeof value === 'string' && isNullToken(value))) return undefined;
  if (Array.isArray(value)) return value.map(withoutNullTokens);
  if (typeof value !== 'object') return value;
  const out: Record<string, unknown> = {};
  for (const [key, field] of Object.entries(value)) {
    const cleaned = withoutNullTokens(field);
    if (cleaned === undefined) continue;
    if (key === '__proto__')
      Object.defineProperty(out, key, {
        value: cleaned,
        enumerable: true,
        writable: true,
        configurable: true,
      });
    else out[key] = cleaned;
  }
  return out;
}
