/**
 * A report as pure table data (decision 0066): what every report definition loads and every writer (CSV, XLSX,
 * PDF) turns into a file. No I/O.
 */

/** A column: its heading and how its cells are written (`number`: a finite number or null; `text`: a string or null). */
export interface ReportColumn {
  label: string;
  kind: 'text' | 'number';
}

/** One cell: text, a number, or empty (null). */
export type ReportCell = string | number | null;

/** The table of one report file, with the words printed above it. */
export interface ReportTable {
  /** E.g. "Caregiver hours". */
  title: string;
  /** Whose report it is, e.g. "Caregiver: Hana Hours". */
  subject: string;
  /** The period as printed, e.g. "2025-03-01 to 2025-03-31". */
  period: string;
  /** When it was generated (printed in the PDF; the file's metadata). */
  generatedAt: Date;
  columns: ReportColumn[];
  /** Rows of cells, one per column, in order. */
  rows: ReportCell[][];
  /** What the PDF prints when there is no row (default "No rows in this period."). */
  emptyText?: string;
}
