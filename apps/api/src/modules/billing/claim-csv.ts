/**
 * eXPRS claim CSV → claim lines (docs/claim-reconciliation.md "eXPRS claim CSV"). Reading is the
 * project's CSV reader (platform/imports/csv-reader.ts: csv-parse, UTF-8 BOM, Windows-1252 fallback,
 * delimiter detection, physical line numbers); columns are found by header aliases
 * (`suggestFromSynonyms`). Every row that cannot be stored is reported with its line, the file's
 * header name and the reason; a file without the needed columns is a `ClaimFileError`.
 */
import { Readable } from 'node:stream';
import type { ClaimRejectedRow } from '@tend/contracts';
import { suggestFromSynonyms } from '../../platform/imports/column-map.ts';
import { CsvFormatError, readCsvRows, sniffCsv, type OpenStream } from '../../platform/imports/csv-reader.ts';
import {
  ClaimFileError,
  MAX_FIELD_CHARS,
  claimStatusFromText,
  moneyToCents,
  parseClaimDate,
  parseUnits,
  textOrNull,
  type ClaimLine,
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

/** An `OpenStream` over bytes held in memory. */
export const openBuffer =
  (bytes: Buffer): OpenStream =>
  async () =>
    Readable.from([bytes]);

/**
 * Reads a whole claim CSV. Returns the lines and every rejected row (line, the file's header name,
 * reason). Throws `ClaimFileError` when the file is not CSV text, has no header, or lacks the
 * columns `claimCsvColumnProblems` names.
 */
export async function parseClaimCsv(bytes: Buffer): Promise<ParsedClaimFile> {
  const open = openBuffer(bytes);
  try {
    const sniff = await sniffCsv(open);
    const byHeader = suggestFromSynonyms(sniff.headers, claimCsvSynonyms);
    const map: Partial<Record<ClaimCsvField, string>> = {};
    for (const [header, field] of Object.entries(byHeader)) map[field] = header;
    const problems = claimCsvColumnProblems(map);
    if (problems.length)
      throw new ClaimFileError(
        `The file is not an eXPRS claim file: it needs ${problems.join('; ')} (see docs/claim-reconciliation.md). Columns found: ${sniff.headers.slice(0, 20).join(', ')}.`,
      );
    const index = new Map(sniff.headers.map((header, i) => [header, i]));
    const lines: ClaimLine[] = [];
    const rejected: ClaimRejectedRow[] = [];
    for await (const batch of readCsvRows(open, sniff, { batchSize: 5000 })) {
      for (const row of batch) {
        const parsed = parseClaimCsvRow(row.line, row.values, sniff.headers, map, index);
        if ('problems' in parsed) rejected.push(...parsed.problems);
        else lines.push(parsed.line);
      }
    }
    return { format: 'EXPRS_CSV', lines, rejected };
  } catch (error) {
    if (error instanceof CsvFormatError) throw new ClaimFileError(error.message);
    throw error;
  }
}

/**
 * One CSV row → a claim line, or its problems (each naming the file's header). Pure. Required: a
 * valid service date and status, and a billing id or both client prime and procedure code. Amounts
 * are dollars (→ integer cents), units a decimal with at most 2 places; text over
 * {@link MAX_FIELD_CHARS} characters or holding NUL is refused.
 */
export function parseClaimCsvRow(
  lineNumber: number,
  values: string[],
  headers: string[],
  map: Partial<Record<ClaimCsvField, string>>,
  index: Map<string, number> = new Map(headers.map((header, i) => [header, i])),
): { line: ClaimLine } | { problems: ClaimRejectedRow[] } {
  const problems: ClaimRejectedRow[] = [];
  const rawData: Record<string, string> = {};
  headers.forEach((header, i) => (rawData[header] = values[i] ?? ''));
  if (values.length > headers.length) rawData['(extra values)'] = values.slice(headers.length).join(',');
  const columnOf = (field: ClaimCsvField) => map[field] ?? fieldLabel[field];
  const problem = (field: ClaimCsvField, reason: string) =>
    problems.push({ line: lineNumber, field: columnOf(field), reason });
  for (const [header, value] of Object.entries(rawData))
    if (value.includes('\u0000'))
      problems.push({ line: lineNumber, field: header, reason: 'contains a NUL character' });
  if (problems.length) return { problems };

  const text = (field: ClaimCsvField): string | null => {
    const header = map[field];
    const value = header === undefined ? null : textOrNull(values[index.get(header) ?? -1]);
    if (value !== null && value.length > MAX_FIELD_CHARS) {
      problem(field, `is longer than ${MAX_FIELD_CHARS} characters`);
      return null;
    }
    return value;
  };
  const date = (field: ClaimCsvField, required: boolean): string | null => {
    const value = text(field);
    if (value === null) {
      if (required) problem(field, 'is required');
      return null;
    }
    const parsed = parseClaimDate(value);
    if (!parsed) problem(field, `"${value.slice(0, 40)}" is not a date (YYYY-MM-DD or MM/DD/YYYY)`);
    return parsed;
  };
  const money = (field: ClaimCsvField): number | null => {
    const value = text(field);
    if (value === null) return null;
    const cents = moneyToCents(value);
    if (cents === null) problem(field, `"${value.slice(0, 40)}" is not an amount in dollars and cents`);
    return cents;
  };

  const statusText = text('claimStatus');
  const claimStatus = statusText === null ? null : claimStatusFromText(statusText);
  if (statusText === null) problem('claimStatus', 'is required');
  else if (!claimStatus)
    problem('claimStatus', `"${statusText.slice(0, 40)}" is not paid, denied, pended or reversed`);
  const serviceDate = date('serviceDate', true);
  const paymentDate = date('paymentDate', false);
  const unitsText = text('units');
  const units = unitsText === null ? null : parseUnits(unitsText);
  if (unitsText !== null && units === null)
    problem('units', `"${unitsText.slice(0, 40)}" is not a number of units (at most 2 decimals)`);
  const billedAmount = money('billedAmount');
  const paidAmount = money('paidAmount');
  const billingId = text('billingId');
  const clientPid = text('clientPid')?.toUpperCase() ?? null;
  const procedureCode = text('procedureCode')?.toUpperCase() ?? null;
  if (!billingId && !(clientPid && procedureCode))
    problem(
      map.billingId ? 'billingId' : 'clientPid',
      'is empty: a line needs a billing id, or a client prime and a procedure code',
    );
  const line: ClaimLine = {
    lineNumber,
    claimId: text('claimId'),
    payerClaimNumber: null,
    billingId,
    clientPid,
    providerId: text('providerId'),
    serviceDate,
    procedureCode,
    modifier: text('modifier')?.toUpperCase() ?? null,
    units,
    billedAmount,
    paidAmount,
    paymentDate,
    claimStatus: claimStatus ?? 'pended',
    denialReason: text('denialReason'),
    exceptionCode: text('exceptionCode'),
    rawData,
  };
  return problems.length ? { problems } : { line };
}
