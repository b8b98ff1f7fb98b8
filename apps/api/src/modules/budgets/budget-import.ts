/**
 * The `client-prime` import kind (docs/evv-import.md "Client prime"; docs/decisions/0008-import-kinds.md):
 * a CSV with one row per budget line (spec s.3 Budget), the client's columns repeated on each row.
 * Per batch, in one transaction: the clients are matched or created and updated
 * (people/client-prime.service.ts), then the budget lines are upserted on `budget_source_line_idx`
 * (budget client id, procedure code, modifier, effective date) with `client_id` and `csv_file_id`; a
 * line whose values are already stored is left alone, so re-importing a file changes nothing.
 */
import { sql } from 'drizzle-orm';
import {
  budgetMeasureLabels,
  budgetMeasures,
  clientPrimeFieldSpec,
  importColumnMapProblems,
  parseBudgetMeasure,
  type BudgetMeasure,
  type ClientPrimeCsvField,
  type ImportPreviewRow,
  type ImportResult,
} from '@tend/contracts';
import { auditEventsPerRow } from '../../platform/audit/audit.service.ts';
import { suggestFromSynonyms } from '../../platform/imports/column-map.ts';
import type { CsvRow } from '../../platform/imports/csv-reader.ts';
import { columnPlan, RowCells } from '../../platform/imports/row-cells.ts';
import {
  csvFieldName,
  type ColumnMapOf,
  type ImportKindDefinition,
  type ImportReaderDeps,
  type ImportRun,
  type LineRecord,
  type ParsedRow,
} from '../../platform/imports/import-kind.ts';
import type { Transaction } from '../../platform/db/client.ts';
import { ClientPrimeDirectory, type ClientPrimeReference } from '../people/client-prime.service.ts';
import { formatCalendarDate, parseDateCell } from '../shifts/csv/local-time.ts';

export const CLIENT_PRIME_IMPORT_JOB = 'client-prime-import';

/** Header spellings per field, normalised (lower case, letters and digits only). */
export const CLIENT_PRIME_SYNONYMS: Record<ClientPrimeCsvField, readonly string[]> = {
  clientName: ['client', 'clientname', 'name', 'individual', 'individualname', 'member', 'consumer'],
  pid: [
    'pid',
    'clientpid',
    'participantpid',
    'consumerpid',
    'memberpid',
    'medicaidid',
    'medicaidnumber',
    'clientmedicaidid',
    'participantmedicaidid',
    'medicaidprime',
    'primeid',
    'medicaid',
    'recipientid',
    'participantid',
    'consumerid',
  ],
  budgetClientId: ['budgetclientid', 'budgetid', 'budgetclient', 'clientid', 'planclientid', 'exprsid'],
  clientPrime: ['clientprime', 'prime', 'primeno', 'primenumber'],
  serviceElement: ['serviceelement', 'element', 'svcelement', 'se'],
  ispMonth: ['ispmonth', 'ispstartmonth', 'planmonth', 'ispyearstart'],
  procCode: ['proccode', 'procedurecode', 'procedure', 'servicecode', 'code', 'hcpcs', 'billingcode'],
  svcModifierCd: ['svcmodifiercd', 'modifier', 'mod', 'mod1', 'svcmodifier', 'servicemodifier'],
  units: ['units', 'authorizedunits', 'authunits', 'quantity', 'qty', 'amount'],
  measure: ['measure', 'unitofmeasure', 'uom', 'unittype', 'unit'],
  term: ['term', 'period', 'frequency', 'per'],
  effectiveDate: ['effectivedate', 'effective', 'startdate', 'start', 'begindate', 'from', 'fromdate'],
  expirationDate: ['expirationdate', 'expiration', 'enddate', 'end', 'expires', 'to', 'todate', 'thrudate'],
};

/** Longest text per field, characters. */
const LIMITS = { id: 100, name: 200, code: 20, text: 200 } as const;
const UNITS = /^[+-]?(?:\d+(?:\.\d*)?|\.\d+)$/;
const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];

/** One budget line as read from the file. */
export interface BudgetLineRecord {
  client: ClientPrimeReference;
  procCode: string;
  svcModifierCd: string | null;
  /** Authorized units in `measure` (2 decimals at most). */
  units: number;
  measure: BudgetMeasure | null;
  term: string | null;
  /** `YYYY-MM-DD`. */
  effectiveDate: string;
  expirationDate: string | null;
}

const labels = clientPrimeFieldSpec.labels;

/** The cells of one client-prime row, with the readers of its dates, units, measure and ISP month. */
class BudgetRowCells extends RowCells<ClientPrimeCsvField> {
  /** A date cell (US or ISO) as `YYYY-MM-DD`; null when empty (a problem if `required`). */
  date(field: ClientPrimeCsvField, required: boolean): string | null {
    const found = this.cell(field);
    if (!found?.value) {
      if (required) this.text(field, LIMITS.text, true);
      return null;
    }
    const parsed = parseDateCell(found.value);
    if (parsed.ok) return formatCalendarDate(parsed.value);
    this.problems.push({ field: found.header, reason: parsed.reason });
    return null;
  }

  /** Units: a number ≥ 0 with at most 2 decimals (thousands separators allowed); required. */
  units(): number | null {
    const unitsText = this.text('units', LIMITS.text, true);
    if (unitsText === null) return null;
    const plain = unitsText.replace(/,(?=\d{3}(?:\D|$))/g, '');
    const problem = !UNITS.test(plain)
      ? 'is not a number'
      : Number(plain) < 0
        ? 'must not be negative'
        : Number(plain) >= 1e10 || !/^[+-]?\d*(?:\.\d{0,2})?$/.test(plain)
          ? 'must have at most 2 decimals and fewer than 11 digits before the point'
          : null;
    if (problem === null) return Number(plain);
    this.problems.push({ field: this.header('units'), reason: problem });
    return null;
  }

  /** A measure in any spelling `parseBudgetMeasure` knows; null when empty. */
  measure(): BudgetMeasure | null {
    const measureText = this.text('measure', LIMITS.text);
    if (measureText === null) return null;
    const measure = parseBudgetMeasure(measureText);
    if (!measure)
      this.problems.push({
        field: this.header('measure'),
        reason: `is not a measure: use ${budgetMeasures.map((m) => budgetMeasureLabels[m]).join(', ')}`,
      });
    return measure;
  }

  /** The ISP month, 1–12 or a month name; null when empty. */
  ispMonth(): number | null {
    const monthText = this.text('ispMonth', LIMITS.text);
    if (monthText === null) return null;
    const number = /^\d{1,2}$/.test(monthText)
      ? Number(monthText)
      : MONTHS.indexOf(monthText.slice(0, 3).toLowerCase()) + 1;
    if (number >= 1 && number <= 12 && (/^\d/.test(monthText) || /^[a-z]+\.?$/i.test(monthText)))
      return number;
    this.problems.push({
      field: this.header('ispMonth'),
      reason: 'is not a month: use 1–12 or a month name such as July',
    });
    return null;
  }
}

/**
 * Reads one row with `map` over `headers`. Rules: budget client id, procedure code, units and effective
 * date are required; units a number ≥ 0 with at most 2 decimals (thousands separators allowed); measure
 * one of contracts `budgetMeasures` in any spelling `parseBudgetMeasure` knows; dates US or ISO; an
 * expiration before the effective date is refused; ISP month 1–12 or a month name. Pure.
 */
export function csvRowToBudgetLine(
  row: CsvRow,
  headers: string[],
  map: ColumnMapOf,
): ParsedRow<BudgetLineRecord> {
  const { names, columns } = columnPlan<ClientPrimeCsvField>(headers, map);
  const cells = new BudgetRowCells(row.values, columns, labels);
  const budgetClientId = cells.text('budgetClientId', LIMITS.id, true);
  const procCode = cells.text('procCode', LIMITS.code, true);
  const svcModifierCd = cells.text('svcModifierCd', LIMITS.code);
  const key =
    budgetClientId && procCode
      ? `${budgetClientId} ${procCode}${svcModifierCd ? `-${svcModifierCd}` : ''}`
      : budgetClientId;
  const fieldCount = RowCells.fieldCountProblem(row, names);
  if (fieldCount) return { ok: false, key, problems: [fieldCount] };
  const client = {
    name: cells.text('clientName', LIMITS.name),
    pid: cells.text('pid', LIMITS.id),
    clientPrime: cells.text('clientPrime', LIMITS.id),
    serviceElement: cells.text('serviceElement', LIMITS.text),
  };
  const term = cells.text('term', LIMITS.text);
  const units = cells.units();
  const measure = cells.measure();
  const ispMonth = cells.ispMonth();
  const effectiveDate = cells.date('effectiveDate', true);
  const expirationDate = cells.date('expirationDate', false);
  if (effectiveDate && expirationDate && expirationDate < effectiveDate)
    cells.problems.push({
      field: cells.header('expirationDate'),
      reason: `is before the effective date (${expirationDate} < ${effectiveDate})`,
    });

  if (cells.problems.length || !budgetClientId || !procCode || units === null || !effectiveDate)
    return { ok: false, key, problems: cells.problems };
  return {
    ok: true,
    key: JSON.stringify([budgetClientId, procCode, svcModifierCd ?? '', effectiveDate]),
    label: key,
    record: {
      client: { ...client, budgetClientId, ispMonth },
      procCode,
      svcModifierCd,
      units,
      measure,
      term,
      effectiveDate,
      expirationDate,
    },
  };
}

/** What one client-prime import did. Budget lines: created / updated / unchanged. */
export interface ClientPrimeSummary {
  created: number;
  updated: number;
  unchanged: number;
  newClients: number;
  updatedClients: number;
}

function previewRow(line: number, parsed: ParsedRow<BudgetLineRecord>): ImportPreviewRow {
  if (!parsed.ok) return { line, key: parsed.key, values: {}, errors: parsed.problems };
  const r = parsed.record;
  return {
    line,
    key: `${r.client.budgetClientId} ${r.procCode}${r.svcModifierCd ? `-${r.svcModifierCd}` : ''}`,
    values: {
      client: r.client.name ?? r.client.pid ?? r.client.budgetClientId,
      pid: r.client.pid,
      budgetClientId: r.client.budgetClientId,
      procCode: r.procCode,
      svcModifierCd: r.svcModifierCd,
      units: String(r.units),
      measure: r.measure,
      term: r.term,
      effectiveDate: r.effectiveDate,
      expirationDate: r.expirationDate,
    },
    errors: [],
  };
}

const param = <T>(values: T[]) => sql.param(values);

/** The types of the `client-prime` kind (platform/imports/import-kind.ts `ImportKindTypes`). */
interface ClientPrimeImportTypes {
  record: BudgetLineRecord;
  preview: ImportPreviewRow;
  summary: ClientPrimeSummary;
  result: ImportResult;
  field: string;
  jsonFormat: never;
}

/**
 * Upserts budget lines on `budget_source_line_idx` with their client's id and the file's, leaving a
 * line whose values are stored already alone, with one `budget.import` audit event per line written.
 */
async function upsertBudgetLines(
  tx: Transaction,
  run: ImportRun,
  input: { lines: BudgetLineRecord[]; clientIds: Map<string, string>; summary: ClientPrimeSummary },
): Promise<void> {
  const { lines, clientIds, summary } = input;
  const result = await tx.execute<{ id: string; inserted: boolean }>(sql`
    insert into budget (budget_client_id, proc_code, svc_modifier_cd, effective_date, units, measure,
      term, expiration_date, client_id, csv_file_id)
    select * from unnest(
      ${param(lines.map((l) => l.client.budgetClientId))}::text[],
      ${param(lines.map((l) => l.procCode))}::text[],
      ${param(lines.map((l) => l.svcModifierCd))}::text[],
      ${param(lines.map((l) => l.effectiveDate))}::date[],
      ${param(lines.map((l) => l.units))}::numeric[],
      ${param(lines.map((l) => l.measure))}::text[],
      ${param(lines.map((l) => l.term))}::text[],
      ${param(lines.map((l) => l.expirationDate))}::date[],
      ${param(lines.map((l) => clientIds.get(l.client.budgetClientId) ?? null))}::uuid[],
      ${param(lines.map(() => run.file.id))}::uuid[]
    )
    on conflict (budget_client_id, proc_code, (coalesce(svc_modifier_cd, '')), effective_date)
    do update set units = excluded.units, measure = excluded.measure, term = excluded.term,
      expiration_date = excluded.expiration_date, client_id = excluded.client_id,
      csv_file_id = excluded.csv_file_id, svc_modifier_cd = excluded.svc_modifier_cd,
      updated_at = now()
    where (budget.units, budget.measure, budget.term, budget.expiration_date, budget.client_id,
           budget.svc_modifier_cd)
      is distinct from (excluded.units, excluded.measure, excluded.term, excluded.expiration_date,
           excluded.client_id, excluded.svc_modifier_cd)
    returning id, (xmax = 0) as inserted
  `);
  const rows = result.rows;
  const created = rows.filter((r) => r.inserted).length;
  summary.created += created;
  summary.updated += rows.length - created;
  summary.unchanged += lines.length - rows.length;
  await tx.execute(
    auditEventsPerRow(run.ctx, {
      action: 'budget.import',
      entityType: 'budget',
      rows: sql`unnest(${param(rows.map((r) => r.id))}::uuid[], ${param(rows.map((r) => r.inserted))}::boolean[])
        as t(id, inserted)`,
      entityId: sql`t.id::text`,
      details: sql`jsonb_build_object('csvFileId', ${run.file.id}::text, 'outcome',
        case when t.inserted then 'created' else 'updated' end)`,
    }),
  );
}

/**
 * Writes one batch in one transaction: lines whose client matches several clients by name are
 * rejected, the other lines' clients are matched or created and updated, then the lines upserted.
 */
async function writeBudgetBatch(
  deps: ImportReaderDeps,
  run: ImportRun,
  input: {
    records: LineRecord<BudgetLineRecord>[];
    directory: ClientPrimeDirectory;
    summary: ClientPrimeSummary;
  },
): Promise<void> {
  const { records, directory, summary } = input;
  const map = run.file.columnMap ?? {};
  const refused = new Set<string>();
  for (const { record, line, key } of records) {
    const match = directory.match(record.client);
    if (match.kind !== 'ambiguous') continue;
    refused.add(key);
    run.rejections.reject({
      line,
      field: csvFieldName(map, 'clientName'),
      reason: `matches ${match.count} clients by name; add their pid or budget client id, or make the names distinct`,
      externalId: record.client.budgetClientId,
    });
  }
  const lines = records.filter((r) => !refused.has(r.key)).map((r) => r.record);
  if (!lines.length) return;
  await deps.db.transaction(async (tx) => {
    const clients = await directory.apply(
      tx,
      run.ctx,
      lines.map((l) => l.client),
    );
    summary.newClients += clients.created;
    summary.updatedClients += clients.updated;
    await upsertBudgetLines(tx, run, { lines, clientIds: clients.ids, summary });
  });
}

/** The `client-prime` import kind. */
export const clientPrimeImportKind: ImportKindDefinition<ClientPrimeImportTypes> = {
  kind: 'client-prime',
  jobType: CLIENT_PRIME_IMPORT_JOB,
  folder: 'client-prime',
  audit: { import: 'budget.import', read: 'shift_import.read', preview: 'shift_import.preview' },
  suggestColumnMap: (headers) => suggestFromSynonyms(headers, CLIENT_PRIME_SYNONYMS),
  columnMapProblems: (map) => importColumnMapProblems(clientPrimeFieldSpec, map),
  parseRow: (row, headers, map) => csvRowToBudgetLine(row, headers, map),
  previewRow,
  duplicate: {
    field: 'effectiveDate',
    reason: (_row, firstLine) =>
      `repeats the budget line at line ${firstLine} (same budget client id, procedure code, modifier and effective date): only the first copy is imported`,
  },
  async openWriter(deps, run) {
    const directory = await ClientPrimeDirectory.load(deps.db);
    const summary: ClientPrimeSummary = {
      created: 0,
      updated: 0,
      unchanged: 0,
      newClients: 0,
      updatedClients: 0,
    };
    return {
      write: (records) => writeBudgetBatch(deps, run, { records, directory, summary }),
      summary: () => summary,
    };
  },
  result: (base, summary) => ({
    kind: 'client-prime',
    format: 'csv',
    total: base.total,
    created: summary.created,
    updated: summary.updated,
    unchanged: summary.unchanged,
    rejected: base.rejected,
    duplicates: base.duplicates,
    stale: base.stale,
    counts: { newClients: summary.newClients, updatedClients: summary.updatedClients },
  }),
  // New or changed budget lines can change "no active budget" and "budget units exceeded"
  // (workflows/client-prime-import.ts re-validates every date).
  changed: (summary) => summary.created + summary.updated > 0,
};
