/**
 * The cells of one CSV row by the kind's field names (through the column map), and the row's problems
 * as they are found — what a kind's row parser reads from (docs/decisions/0008-import-kinds.md). A
 * problem's `field` is the header as in the file, or the field's label when no column is mapped.
 */
import type { CsvRow } from './csv-reader.ts';
import type { ColumnMapOf, RowProblem } from './import-kind.ts';

export class RowCells<F extends string> {
  readonly problems: RowProblem[] = [];
  private readonly columns = new Map<string, { header: string; index: number }>();

  /** `names`: the file's unique header names (`uniqueHeaders`); the first column mapped to a field wins. */
  constructor(
    private readonly row: CsvRow,
    names: string[],
    map: ColumnMapOf,
    private readonly labels: Record<F, string>,
  ) {
    for (const [header, field] of Object.entries(map)) {
      const index = names.indexOf(header);
      if (index >= 0 && !this.columns.has(field)) this.columns.set(field, { header, index });
    }
  }

  /** The trimmed cell of `field` and its header, or null when no column is mapped to it. */
  cell(field: F): { header: string; value: string } | null {
    const column = this.columns.get(field);
    return column ? { header: column.header, value: (this.row.values[column.index] ?? '').trim() } : null;
  }

  /** The header of `field` (its label when unmapped), for a problem. */
  header(field: F): string {
    return this.cell(field)?.header ?? this.labels[field];
  }

  /**
   * A text cell of at most `limit` characters (code points) without NUL, never truncated; null when
   * empty, with a problem when `required`.
   */
  text(field: F, limit: number, required = false): string | null {
    const found = this.cell(field);
    if (!found || found.value === '') {
      if (required)
        this.problems.push(
          found
            ? { field: found.header, reason: 'is required' }
            : { field: this.labels[field], reason: 'is required: map a column to it' },
        );
      return null;
    }
    if (found.value.includes('\u0000')) {
      this.problems.push({ field: found.header, reason: 'contains a NUL character, which cannot be stored' });
      return null;
    }
    const length = [...found.value].length;
    if (length > limit) {
      this.problems.push({ field: found.header, reason: `is longer than ${limit} characters (${length})` });
      return null;
    }
    return found.value;
  }

  /** A problem unless one of `fields` has a value; `why` ends the reason (e.g. " to find the shift"). */
  requireOne(fields: F[], why: string): void {
    const mapped = fields.map((field) => this.cell(field)).filter((c) => c !== null);
    if (mapped.some((c) => c.value !== '')) return;
    const [first, ...others] = mapped;
    const alternatives = others.length ? ` (or ${others.map((c) => c.header).join(', ')})` : '';
    this.problems.push(
      first
        ? { field: first.header, reason: `is required${alternatives}${why}` }
        : {
            field: fields.map((f) => this.labels[f]).join(' or '),
            reason: `is required: map a column to it${why}`,
          },
    );
  }

  /** The row's field-count problem when it has more or fewer fields than the header, else null. */
  static fieldCountProblem(row: CsvRow, names: string[]): RowProblem | null {
    return row.values.length === names.length
      ? null
      : {
          field: 'row',
          reason: `has ${row.values.length} fields but the header has ${names.length} (a delimiter inside an unquoted value, or a missing column?)`,
        };
  }
}
