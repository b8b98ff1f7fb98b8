/**
 * CSV safety shared by every CSV Tend writes (the web table export and the API's streamed exports):
 * the formula-injection guard (OWASP "CSV Injection") and RFC 4180 quoting. One implementation, so
 * the browser and the server can never disagree about what is neutralised.
 */

/** A first character that makes spreadsheet software read a cell as a formula: = + - @ tab CR. */
export const CSV_FORMULA_START = /^[=+\-@\t\r]/;

/**
 * Text that cannot run as a spreadsheet formula: when `text` starts with = + - @ tab or CR it gets a
 * leading `'` (Excel, LibreOffice and Sheets then show it as text); anything else is returned as is.
 * Apply it to text cells only — numbers (e.g. a negative longitude) are written as numbers.
 */
export function guardCsvFormula(text: string): string {
  return CSV_FORMULA_START.test(text) ? `'${text}` : text;
}

/**
 * One CSV field (RFC 4180) from already-formatted text: wrapped in double quotes, inner quotes
 * doubled, when it contains a comma, a double quote, CR or LF. Does not apply the formula guard.
 */
export function quoteCsvField(text: string): string {
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/**
 * One CSV cell for a value: null/undefined → empty; finite numbers as written (non-finite → empty);
 * strings through `guardCsvFormula` then `quoteCsvField`.
 */
export function csvCell(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
  return quoteCsvField(guardCsvFormula(value));
}
