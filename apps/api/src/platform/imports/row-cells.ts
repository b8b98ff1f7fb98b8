/**
 * The cells of one CSV row by the kind's field names (through the column map), and the row's problems
 * as they are found — what every kind's row parser reads from (docs/decisions/0008-import-kinds.md). A
 * problem's `field` is the header as in the file, or the field's label when no column is mapped. A
 * class, not closures: one object per row, which matters at a million rows (decision 0022).
 */
import { uniqueHeaders, type CsvRow } from './csv-reader.ts';
import type { ColumnMapOf, RowProblem } from './import-kind.ts';
import { isNullToken } from './null-tokens.ts';

/** Where each mapped field sits in a row: its header (as in the file) and its index. */
export type ColumnPlan<F extends string> = Map<F, { header: string; index: number }>;

/**
 * The unique header names and the column of each mapped field, per (headers, map) pair: the same for
 * every row of a file, so worked out once, not per row (`headers` and `map` are never changed by the
 * readers that pass them).
 */
const plans = new WeakMap<string[], WeakMap<ColumnMapOf, { names: string[]; columns: ColumnPlan<string> }>>();

/**
 * The file's unique header names and each mapped field's column (the first column mapped to it wins).
 * `F`: the fields the parser reads; a map naming other fields leaves those unread.
 */
export function columnPlan<F extends string>(
  headers: string[],
  map: ColumnMapOf,
): { names: string[]; columns: ColumnPlan<F> } {
  let byMap = plans.get(headers);
  if (!byMap) {
    byMap = new WeakMap();
    plans.set(headers, byMap);
  }
  let plan = byMap.get(map);
  if (!plan) {
    const names = uniqueHeaders(headers);
    const columns: ColumnPlan<string> = new Map();
    for (const [header, field] of Object.entries(map)) {
      const index = names.indexOf(header);
      if (index >= 0 && !columns.has(field)) columns.set(field, { header, index });
    }
    plan = { names, columns };
    byMap.set(map, plan);
  }
  return plan as { names: string[]; columns: ColumnPlan<F> };
}

export class RowCells<F extends string> {
  readonly problems: RowProblem[] = [];

  constructor(
    private readonly values: string[],
    private readonly columns: ColumnPlan<F>,
    private readonly labels: Record<F, string>,
  ) {}

  /**
   * The trimmed cell of `field` and its header, or null when no column is mapped to it. A null token
   * (`NULL`, `N/A`, blank: null-tokens.ts) reads as the empty value: absent.
   */
  cell(field: F): { header: string; value: string } | null {
    const column = this.columns.get(field);
    if (!column) return null;
    const value = (this.values[column.index] ?? '').trim();
    return { header: column.header, value: isNullToken(value) ? '' : value };
  }

  /**
   * A free-text cell (a note a person wrote) exactly as sent — no trimming: leading tabs, trailing line
   * or ideographic spaces are kept (decision 0036). Null when blank (only white space), with a problem
   * when `required`; `NULL` / `N/A` are kept as written unless `nullTokens: 'absent'` (a note's answer
   * "N/A" is the caregiver's). At most `limit` characters (code points), no NUL, as `text`.
   */
  freeText(field: F, limit: number, options: { required?: boolean; nullTokens?: 'absent' | 'kept' } = {}) {
    const column = this.columns.get(field);
    const value = column ? (this.values[column.index] ?? '') : '';
    const absent = options.nullTokens === 'absent' ? isNullToken(value) : value.trim() === '';
    if (!column || absent) return this.text(field, limit, options.required ?? false);
    return this.checked(column.header, value, limit);
  }

  /**
   * The trimmed cell of `field` as sent — a null token kept as its text — or null when unmapped or
   * blank: how cells read before decision 0036, for keys that must not change (a note's import key).
   */
  sentText(field: F): string | null {
    const column = this.columns.get(field);
    const value = column ? (this.values[column.index] ?? '').trim() : '';
    return value === '' ? null : value;
  }

  /** The header of `field` (its label when unmapped), for a problem. */
  header(field: F): string {
    return this.cell(field)?.header ?? this.labels[field];
  }

  /**
   * A trimmed text cell (an identifier, code or name) of at most `limit` characters (code points)
   * without NUL, never truncated; null when empty or a null token, with a problem when `required`.
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
    return this.checked(found.header, found.value, limit);
  }

  /** `value` when it has no NUL and at most `limit` code points, else null with the problem. */
  private checked(header: string, value: string, limit: number): string | null {
    if (value.includes('\u0000')) {
      this.problems.push({ field: header, reason: 'contains a NUL character, which cannot be stored' });
      return null;
    }
    // Code points never outnumber UTF-16 units: only a value longer in units can be too long.
    if (value.length > limit) {
      const length = [...value].length;
      if (length > limit) {
        this.problems.push({ field: header, reason: `is longer than ${limit} characters (${length})` });
        return null;
      }
    }
    return value;
  }

  /** A problem unless one of `fields` has a value; `why` ends the reason (e.g. " to find the shift"). */
  requireOne(fields: F[], why = ''): void {
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
