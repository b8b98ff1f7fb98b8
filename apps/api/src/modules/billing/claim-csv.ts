/**
 * eXPRS claim CSV → claim lines (docs/claim-reconciliation.md "eXPRS claim CSV"). Reading is the
 * project's CSV reader (platform/imports/csv-reader.ts: csv-parse, UTF-8 BOM, Windows-1252 fallback,
 * delimiter detection, physical line numbers); columns are found by header aliases
 * (`suggestFromSynonyms`). Every row that cannot be stored is reported with its line, the file's
 * header name and the reason; a file without the needed columns is a `ClaimFileError`.
 */
import { Readable } from 'node:stream';
import type { RejectedRecord } from '@tend/contracts';
import { suggestFromSynonyms } from '../../platform/imports/column-map.ts';
import {
  CsvFormatError,
  readCsvRows,
  sniffCsv,
  type CsvSniff,
  type OpenStream,
} from '../../platform/imports/csv-reader.ts';
import {
  CLAIM_CHUNK_LINES,
  ClaimFileError,
  MAX_FIELD_CHARS,
  readWholeClaimFile,
  claimStatusFromText,
  moneyToCents,
  parseClaimDate,
  parseUnits,
  textOrNull,
  type ClaimFileReader,
  type ClaimLine,
  type ClaimLineChunk,
  type ParsedClaimFile,
} from './claim-line.ts';

/** The claim fields a CSV column can hold. */
export type ClaimCsvField =
  | 'claimId'
  | 'billingId'
  | 'clientPid'
  | 'providerId'
  | 'serviceDate'
  | 'procedureCode'
  | 'modifier'
  | 'units'
  | 'billedAmount'
  | 'paidAmount'
  | 'paymentDate'
  | 'claimStatus'
  | 'denialReason'
  | 'exceptionCode';

/** Header aliases per field, normalised (lower case, letters and digits only; `normalizeHeader`). */
export const claimCsvSynonyms: Readonly<Record<ClaimCsvField, readonly string[]>> = {
  claimId: ['claimnumber', 'claimno', 'claimid', 'claim', 'icn', 'exprsclaimnumber', 'claimnum'],
  billingId: [
    'billingid',
    'sdid',
    'servicedeliveredid',
    'servicedeliveryid',
    'billingsdid',
    'sdnumber',
    'lineitemcontrolnumber',
  ],
  clientPid: [
    'clientprime',
    'prime',
    'primeid',
    'primenumber',
    'clientpid',
    'pid',
    'medicaidid',
    'recipientid',
  ],
  providerId: ['providerid', 'provider', 'providernumber', 'providermedicaidid', 'npi'],
  serviceDate: ['servicedate', 'dateofservice', 'dos', 'servicestartdate', 'date'],
  procedureCode: ['procedurecode', 'proccode', 'procedure', 'servicecode', 'billingcode', 'code'],
  modifier: ['modifier', 'mod', 'mod1', 'modifier1'],
  units: ['units', 'unit', 'quantity', 'billedunits', 'qty'],
  billedAmount: ['billedamount', 'billed', 'chargeamount', 'amountbilled', 'billedamt', 'charges'],
  paidAmount: ['paidamount', 'paid', 'amountpaid', 'paidamt', 'paymentamount'],
  paymentDate: ['paymentdate', 'paiddate', 'datepaid', 'checkdate'],
  claimStatus: ['status', 'claimstatus', 'linestatus'],
  denialReason: ['denialreason', 'denial', 'reason', 'denialdescription'],
  exceptionCode: ['exceptioncode', 'exception', 'errorcode', 'editcode', 'exceptioncodes'],
};

/** Human names of the fields, for messages. */
const fieldLabel: Record<ClaimCsvField, string> = {
  claimId: 'claim number',
  billingId: 'billing id',
  clientPid: 'client prime',
  providerId: 'provider id',
  serviceDate: 'service date',
  procedureCode: 'procedure code',
  modifier: 'modifier',
  units: 'units',
  billedAmount: 'billed amount',
  paidAmount: 'paid amount',
  paymentDate: 'payment date',
  claimStatus: 'status',
  denialReason: 'denial reason',
  exceptionCode: 'exception code',
};

/**
 * What a header lacks to be a claim file, in words (empty = readable): a status and a service date
 * column, and a billing id column or both a client prime and a procedure code column.
 */
export function claimCsvColumnProblems(map: Partial<Record<ClaimCsvField, string>>): string[] {
  const problems: string[] = [];
  if (!map.claimStatus) problems.push('a status column (paid, denied or pended)');
  if (!map.serviceDate) problems.push('a service date column');
  if (!map.billingId && !(map.clientPid && map.procedureCode))
    problems.push('a billing id column, or a client prime and a procedure code column');
  return problems;
}

/** Bytes per piece an in-memory file is streamed in, so that the CSV parser works as the rows are read. */
const PIECE_BYTES = 64 * 1024;

/** An `OpenStream` over bytes held in memory, given to the reader in 64 KB pieces (views, no copies). */
export const openBuffer =
  (bytes: Buffer): OpenStream =>
  async () =>
    Readable.from(
      (function* pieces() {
        for (let at = 0; at < bytes.length; at += PIECE_BYTES) yield bytes.subarray(at, at + PIECE_BYTES);
      })(),
    );

/**
 * Opens a claim CSV: detects the encoding and delimiter, finds the columns by header alias and checks
 * them. The returned reader parses the rows chunk by chunk ({@link CLAIM_CHUNK_LINES} rows). Throws
 * `ClaimFileError` when the file is not CSV text, has no header, or lacks the columns
 * `claimCsvColumnProblems` names; the reader's chunks throw it for CSV syntax the parser cannot
 * recover from (a quote never closed), naming the line.
 */
export async function openClaimCsv(bytes: Buffer): Promise<ClaimFileReader> {
  const open = openBuffer(bytes);
  let sniff: CsvSniff;
  try {
    sniff = await sniffCsv(open);
  } catch (error) {
    if (error instanceof CsvFormatError) throw new ClaimFileError(error.message);
    throw error;
  }
  const byHeader = suggestFromSynonyms(sniff.headers, claimCsvSynonyms);
  const map: Partial<Record<ClaimCsvField, string>> = {};
  for (const [header, field] of Object.entries(byHeader)) map[field] = header;
  const problems = claimCsvColumnProblems(map);
  if (problems.length)
    throw new ClaimFileError(
      `The file is not an eXPRS claim file: it needs ${problems.join('; ')} (see docs/claim-reconciliation.md). Columns found: ${sniff.headers.slice(0, 20).join(', ')}.`,
    );
  const columns = claimCsvColumns(sniff.headers, map);
  let bytesRead = 0;
  return {
    format: 'EXPRS_CSV',
    rawHeaders: sniff.headers,
    readFraction: () => Math.min(1, bytesRead / Math.max(bytes.length, 1)),
    async *chunks() {
      try {
        for await (const batch of readCsvRows(open, sniff, {
          batchSize: CLAIM_CHUNK_LINES,
          onBytes: (read) => (bytesRead = read),
        })) {
          const chunk: ClaimLineChunk = { lines: [], rejected: [] };
          for (const row of batch) {
            const parsed = parseClaimCsvRow(row.line, row.values, columns);
            if ('problems' in parsed) chunk.rejected.push(...parsed.problems);
            else chunk.lines.push(parsed.line);
          }
          yield chunk;
        }
      } catch (error) {
        if (error instanceof CsvFormatError) throw new ClaimFileError(error.message);
        throw error;
      }
    },
  };
}

/** Where each field's column is in a row (-1: the file has no such column), from the header map. */
export interface ClaimCsvColumns {
  /** The file's header names (unique), in file order. */
  headers: readonly string[];
  /** The header name of each field found. */
  map: Partial<Record<ClaimCsvField, string>>;
  /** Position of each field's column in a row, or -1. */
  position: Readonly<Record<ClaimCsvField, number>>;
}

/** Column positions of `map`'s fields in `headers` (see {@link ClaimCsvColumns}). */
export function claimCsvColumns(
  headers: readonly string[],
  map: Partial<Record<ClaimCsvField, string>>,
): ClaimCsvColumns {
  const position = {} as Record<ClaimCsvField, number>;
  for (const field of Object.keys(fieldLabel) as ClaimCsvField[]) {
    const header = map[field];
    position[field] = header === undefined ? -1 : headers.indexOf(header);
  }
  return { headers, map, position };
}

/**
 * Reads a whole claim CSV ({@link openClaimCsv}, every chunk): the lines (raw values kept as the
 * reader's arrays, names in `rawHeaders`) and every rejected row (line, the file's header name,
 * reason). Throws `ClaimFileError` as `openClaimCsv` and its chunks do.
 */
export async function parseClaimCsv(bytes: Buffer): Promise<ParsedClaimFile> {
  return readWholeClaimFile(await openClaimCsv(bytes));
}

/** The row as an object by header name, extra values joined under `(extra values)`. */
function rowObject(values: readonly string[], headers: readonly string[]): Record<string, string> {
  const object: Record<string, string> = {};
  headers.forEach((header, i) => (object[header] = values[i] ?? ''));
  if (values.length > headers.length) object['(extra values)'] = values.slice(headers.length).join(',');
  return object;
}

/** One row being read: its values, columns and the problems found so far. */
interface RowReading {
  lineNumber: number;
  values: readonly string[];
  columns: ClaimCsvColumns;
  problems: RejectedRecord[];
}

function problem(row: RowReading, field: ClaimCsvField, reason: string): void {
  row.problems.push({
    line: row.lineNumber,
    field: row.columns.map[field] ?? fieldLabel[field],
    reason,
    externalId: null,
  });
}

/** The field's trimmed text, null when blank or absent; over {@link MAX_FIELD_CHARS} is a problem. */
function text(row: RowReading, field: ClaimCsvField): string | null {
  const at = row.columns.position[field];
  const value = at < 0 ? null : textOrNull(row.values[at]);
  if (value !== null && value.length > MAX_FIELD_CHARS) {
    problem(row, field, `is longer than ${MAX_FIELD_CHARS} characters`);
    return null;
  }
  return value;
}

function date(row: RowReading, field: ClaimCsvField, required: boolean): string | null {
  const value = text(row, field);
  if (value === null) {
    if (required) problem(row, field, 'is required');
    return null;
  }
  const parsed = parseClaimDate(value);
  if (!parsed) problem(row, field, `"${value.slice(0, 40)}" is not a date (YYYY-MM-DD or MM/DD/YYYY)`);
  return parsed;
}

function money(row: RowReading, field: ClaimCsvField): number | null {
  const value = text(row, field);
  if (value === null) return null;
  const cents = moneyToCents(value);
  if (cents === null) problem(row, field, `"${value.slice(0, 40)}" is not an amount in dollars and cents`);
  return cents;
}

/**
 * One CSV row → a claim line, or its problems (each naming the file's header). Pure. Required: a
 * valid service date and status, and a billing id or both client prime and procedure code. Amounts
 * are dollars (→ integer cents), units a decimal with at most 2 places; text over
 * {@link MAX_FIELD_CHARS} characters or holding NUL is refused. The line's `rawData` is `values`
 * itself (padded with `''` to one per header), or the object by header when the row has more values
 * than the file has header names.
 */
export function parseClaimCsvRow(
  lineNumber: number,
  values: string[],
  columns: ClaimCsvColumns,
): { line: ClaimLine } | { problems: RejectedRecord[] } {
  const { headers, map } = columns;
  const row: RowReading = { lineNumber, values, columns, problems: [] };
  if (values.some((value) => value.includes('\u0000'))) {
    // Rare: report per header, as the stored object would hold them.
    for (const [header, value] of Object.entries(rowObject(values, headers)))
      if (value.includes('\u0000'))
        row.problems.push({
          line: lineNumber,
          field: header,
          reason: 'contains a NUL character',
          externalId: null,
        });
    return { problems: row.problems };
  }

  const statusText = text(row, 'claimStatus');
  const claimStatus = statusText === null ? null : claimStatusFromText(statusText);
  if (statusText === null) problem(row, 'claimStatus', 'is required');
  else if (!claimStatus)
    problem(row, 'claimStatus', `"${statusText.slice(0, 40)}" is not paid, denied, pended or reversed`);
  const serviceDate = date(row, 'serviceDate', true);
  const paymentDate = date(row, 'paymentDate', false);
  const unitsText = text(row, 'units');
  const units = unitsText === null ? null : parseUnits(unitsText);
  if (unitsText !== null && units === null)
    problem(row, 'units', `"${unitsText.slice(0, 40)}" is not a number of units (at most 2 decimals)`);
  const billedAmount = money(row, 'billedAmount');
  const paidAmount = money(row, 'paidAmount');
  const billingId = text(row, 'billingId');
  const clientPid = text(row, 'clientPid')?.toUpperCase() ?? null;
  const procedureCode = text(row, 'procedureCode')?.toUpperCase() ?? null;
  if (!billingId && !(clientPid && procedureCode))
    problem(
      row,
      map.billingId ? 'billingId' : 'clientPid',
      'is empty: a line needs a billing id, or a client prime and a procedure code',
    );
  const line: ClaimLine = {
    lineNumber,
    claimId: text(row, 'claimId'),
    payerClaimNumber: null,
    billingId,
    clientPid,
    providerId: text(row, 'providerId'),
    serviceDate,
    procedureCode,
    modifier: text(row, 'modifier')?.toUpperCase() ?? null,
    units,
    billedAmount,
    paidAmount,
    paymentDate,
    claimStatus: claimStatus ?? 'pended',
    denialReason: text(row, 'denialReason'),
    exceptionCode: text(row, 'exceptionCode'),
    rawData:
      values.length === headers.length
        ? values
        : values.length < headers.length
          ? headers.map((_, i) => values[i] ?? '')
          : rowObject(values, headers),
  };
  return row.problems.length ? { problems: row.problems } : { line };
}
