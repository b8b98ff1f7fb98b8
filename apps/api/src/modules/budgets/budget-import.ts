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
import { uniqueHeaders, type CsvRow } from '../../platform/imports/csv-reader.ts';
import {
  createImportService,
  csvFieldName,
  type ColumnMapOf,
  type ImportKindDefinition,
  type ParsedRow,
  type RowProblem,
} from '../../platform/imports/import-service.ts';
import { ClientPrimeDirectory, type ClientPrimeReference } from '../people/client-prime.service.ts';
import { formatCalendarDate, parseDateCell } from '../shifts/csv/local-time.ts';

export const CLIENT_PRIME_IMPORT_JOB = 'client-prime-import';

/** Header spellings per field, normalised (lower case, letters and digits only). */
export const CLIENT_PRIME_SYNONYMS: Record<ClientPrimeCsvField, readonly string[]> = {
  clientName: ['client', 'clientname', 'name', 'individual', 'individualname', 'member', 'consumer'],
  pid: ['pid', 'medicaidid', 'medicaidprime', 'primeid', 'medicaid', 'recipientid'],
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
  const names = uniqueHeaders(headers);
  const columns = new Map<string, { header: string; index: number }>();
  for (const [header, field] of Object.entries(map)) {
    const index = names.indexOf(header);
    if (index >= 0 && !columns.has(field)) columns.set(field, { header, index });
  }
  const problems: RowProblem[] = [];
  const cell = (field: ClientPrimeCsvField) => {
    const column = columns.get(field);
    return column ? { header: column.header, value: (row.values[column.index] ?? '').trim() } : null;
  };
  const text = (field: ClientPrimeCsvField, limit: number, required = false): string | null => {
    const found = cell(field);
    if (!found || found.value === '') {
      if (required)
        problems.push(
          found
            ? { field: found.header, reason: 'is required' }
            : { field: labels[field], reason: 'is required: map a column to it' },
        );
      return null;
    }
    if (found.value.includes('\u0000')) {
      problems.push({ field: found.header, reason: 'contains a NUL character, which cannot be stored' });
      return null;
    }
    const length = [...found.value].length;
    if (length > limit) {
      problems.push({ field: found.header, reason: `is longer than ${limit} characters (${length})` });
      return null;
    }
    return found.value;
  };
  const date = (field: ClientPrimeCsvField, required: boolean): string | null => {
    const found = cell(field);
    if (!found?.value) {
      if (required) text(field, LIMITS.text, true);
      return null;
    }
    const parsed = parseDateCell(found.value);
    if (parsed.ok) return formatCalendarDate(parsed.value);
    problems.push({ field: found.header, reason: parsed.reason });
    return null;
  };

  const budgetClientId = text('budgetClientId', LIMITS.id, true);
  const procCode = text('procCode', LIMITS.code, true);
  const svcModifierCd = text('svcModifierCd', LIMITS.code);
  const key =
    budgetClientId && procCode
      ? `${budgetClientId} ${procCode}${svcModifierCd ? `-${svcModifierCd}` : ''}`
      : budgetClientId;
  if (row.values.length !== names.length)
    return {
      ok: false,
      key,
      problems: [
        {
          field: 'row',
          reason: `has ${row.values.length} fields but the header has ${names.length} (a delimiter inside an unquoted value, or a missing column?)`,
        },
      ],
    };
  const name = text('clientName', LIMITS.name);
  const pid = text('pid', LIMITS.id);
  const clientPrime = text('clientPrime', LIMITS.id);
  const serviceElement = text('serviceElement', LIMITS.text);
  const term = text('term', LIMITS.text);

  let units: number | null = null;
  const unitsText = text('units', LIMITS.text, true);
  if (unitsText !== null) {
    const plain = unitsText.replace(/,(?=\d{3}(?:\D|$))/g, '');
    if (!UNITS.test(plain))
      problems.push({ field: cell('units')?.header ?? labels.units, reason: 'is not a number' });
    else if (Number(plain) < 0)
      problems.push({ field: cell('units')?.header ?? labels.units, reason: 'must not be negative' });
    else if (Number(plain) >= 1e10 || !/^[+-]?\d*(?:\.\d{0,2})?$/.test(plain))
      problems.push({
        field: cell('units')?.header ?? labels.units,
        reason: 'must have at most 2 decimals and fewer than 11 digits before the point',
      });
    else units = Number(plain);
  }

  let measure: BudgetMeasure | null = null;
  const measureText = text('measure', LIMITS.text);
  if (measureText !== null) {
    measure = parseBudgetMeasure(measureText);
    if (!measure)
      problems.push({
        field: cell('measure')?.header ?? labels.measure,
        reason: `is not a measure: use ${budgetMeasures.map((m) => budgetMeasureLabels[m]).join(', ')}`,
      });
  }

  let ispMonth: number | null = null;
  const monthText = text('ispMonth', LIMITS.text);
  if (monthText !== null) {
    const number = /^\d{1,2}$/.test(monthText)
      ? Number(monthText)
      : MONTHS.indexOf(monthText.slice(0, 3).toLowerCase()) + 1;
    if (number >= 1 && number <= 12 && (/^\d/.test(monthText) || /^[a-z]+\.?$/i.test(monthText)))
      ispMonth = number;
    else
      problems.push({
        field: cell('ispMonth')?.header ?? labels.ispMonth,
        reason: 'is not a month: use 1–12 or a month name such as July',
      });
  }

  const effectiveDate = date('effectiveDate', true);
  const expirationDate = date('expirationDate', false);
  if (effectiveDate && expirationDate && expirationDate < effectiveDate)
    problems.push({
      field: cell('expirationDate')?.header ?? labels.expirationDate,
      reason: `is before the effective date (${expirationDate} < ${effectiveDate})`,
    });

  if (problems.length || !budgetClientId || !procCode || units === null || !effectiveDate)
    return { ok: false, key, problems };
  return {
    ok: true,
    key: JSON.stringify([budgetClientId, procCode, svcModifierCd ?? '', effectiveDate]),
    label: key,
    record: {
      client: { name, pid, budgetClientId, clientPrime, serviceElement, ispMonth },
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

/** The `client-prime` import kind. */
export const clientPrimeImportKind: ImportKindDefinition<
  BudgetLineRecord,
  ImportPreviewRow,
  ClientPrimeSummary,
  ImportResult
> = {
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
    reason: (_key, firstLine) =>
      `repeats the budget line at line ${firstLine} (same budget client id, procedure code, modifier and effective date)`,
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
    const map = (run.file.columnMap ?? {}) as ColumnMapOf;
    return {
      async write(records) {
        const refused = new Set<string>();
        for (const { record, line, key } of records) {
          const match = directory.match(record.client);
          if (match.kind === 'ambiguous') {
            refused.add(key);
            run.rejected.push({
              line,
              field: csvFieldName(map, 'clientName'),
              reason: `matches ${match.count} clients by name; add their pid or budget client id, or make the names distinct`,
              externalId: record.client.budgetClientId,
            });
          }
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
              ${param(lines.map((l) => clients.ids.get(l.client.budgetClientId) ?? null))}::uuid[],
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
        });
      },
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
    counts: { newClients: summary.newClients, updatedClients: summary.updatedClients },
  }),
  // New or changed budget lines can change "no active budget" and "budget units exceeded"
  // (workflows/client-prime-import.ts re-validates every date).
  changed: (summary) => summary.created + summary.updated > 0,
};

/** The client-prime import's service (upload, list, get, preview, start, job handler). */
export const clientPrimeImportService = createImportService(clientPrimeImportKind);
