/**
 * One imported claim/payment line as both file formats (eXPRS claim CSV, X12 835) read it, before it
 * becomes an `exprs_record` row (spec s.3 ExprsRecord; docs/claim-reconciliation.md), and the value
 * readers both parsers share. Money is integer cents, parsed from the decimal text (never through a
 * floating-point number) so no cent is lost (DOMAIN.md "Money").
 */
import { DateTime } from 'luxon';
import {
  dollarsToCents,
  type ClaimImportFormat,
  type RejectedRecord,
  type ClaimStatus,
} from '@tend/contracts';

/** A claim line ready to store; every text is trimmed, ids upper-cased where the doc says so. */
export interface ClaimLine {
  /** 1-based line of the CSV record, or the service line's ordinal in the 835 file. */
  lineNumber: number;
  claimId: string | null;
  payerClaimNumber: string | null;
  billingId: string | null;
  /** Client's Medicaid prime id, upper case. */
  clientPid: string | null;
  providerId: string | null;
  /** `YYYY-MM-DD`. */
  serviceDate: string | null;
  /** Upper case. */
  procedureCode: string | null;
  /** Upper case. */
  modifier: string | null;
  units: number | null;
  /** Integer cents. */
  billedAmount: number | null;
  /** Integer cents. */
  paidAmount: number | null;
  paymentDate: string | null;
  claimStatus: ClaimStatus;
  denialReason: string | null;
  exceptionCode: string | null;
  /**
   * The source as imported. A CSV row: its values in the order of the file's header names
   * (`ParsedClaimFile.rawHeaders`), one per name, kept as the array the CSV reader gave (no object per
   * row; stored as `{ header: value }`, see {@link claimLineRawData}). The 835 segments of the service
   * line (and a CSV row with more values than names): the object stored as is.
   */
  rawData: readonly string[] | Record<string, unknown>;
}

/** What a parser made of a whole file. */
export interface ParsedClaimFile {
  format: ClaimImportFormat;
  lines: ClaimLine[];
  rejected: RejectedRecord[];
  /** The names of a CSV line's raw values (the file's header names, unique); empty for an 835 file. */
  rawHeaders: readonly string[];
}

/**
 * Lines per chunk a claim file is read and written in. 2,500 rather than 5,000: a chunk's objects then
 * mostly die young in the V8 heap instead of being promoted and piling up until a full collection
 * (bench: peak RSS +50 MB instead of +200 MB over the phase's start; decision 0023).
 */
export const CLAIM_CHUNK_LINES = 2500;

/** One chunk of a claim file: its lines in file order and the rows refused among them. */
export interface ClaimLineChunk {
  lines: ClaimLine[];
  rejected: RejectedRecord[];
}

/**
 * A claim file whose format and columns have been checked, read chunk by chunk (at most
 * {@link CLAIM_CHUNK_LINES} lines each) so that the whole file's lines are never held at once.
 */
export interface ClaimFileReader {
  format: ClaimImportFormat;
  /** See {@link ParsedClaimFile.rawHeaders}. */
  rawHeaders: readonly string[];
  /** The file's chunks in order; throws `ClaimFileError` when the rest of the file cannot be read (CSV syntax). */
  chunks(): AsyncGenerator<ClaimLineChunk>;
  /** How much of the file the chunks handed out so far cover, 0..1 (bytes read for a CSV, lines for an 835). */
  readFraction(): number;
}

/** Reads every chunk of `reader` into one {@link ParsedClaimFile} (tests and small files). */
export async function readWholeClaimFile(reader: ClaimFileReader): Promise<ParsedClaimFile> {
  const parsed: ParsedClaimFile = {
    format: reader.format,
    lines: [],
    rejected: [],
    rawHeaders: reader.rawHeaders,
  };
  for await (const chunk of reader.chunks()) {
    parsed.lines.push(...chunk.lines);
    parsed.rejected.push(...chunk.rejected);
  }
  return parsed;
}

/**
 * The `exprs_record.raw_data` object of a line: a CSV row's values by header name (`rawHeaders`), or
 * the line's object as is. The import builds the same object in the database (`jsonb_object`).
 */
export function claimLineRawData(line: ClaimLine, rawHeaders: readonly string[]): Record<string, unknown> {
  if (!Array.isArray(line.rawData)) return line.rawData as Record<string, unknown>;
  const values = line.rawData as readonly string[];
  return Object.fromEntries(rawHeaders.map((header, i) => [header, values[i] ?? '']));
}

/** The file as a whole cannot be read (not a claim file, missing columns, broken X12): a 400 on `file`. */
export class ClaimFileError extends Error {
  override name = 'ClaimFileError';
}

/** Longest text kept in one field. */
export const MAX_FIELD_CHARS = 500;

/**
 * Decimal money text → integer cents: `12`, `12.5`, `$1,234.56`, `-12.00`, `(12.00)` (accounting
 * negative). Returns null for anything else (more than 2 decimals, letters, exponent notation).
 */
export function moneyToCents(text: string): number | null {
  let value = text.trim();
  let negative = false;
  if (/^\(.*\)$/.test(value)) {
    negative = true;
    value = value.slice(1, -1).trim();
  }
  if (value.startsWith('-')) {
    if (negative) return null;
    negative = true;
    value = value.slice(1).trim();
  }
  const cents = dollarsToCents(value);
  if (cents === null || !Number.isSafeInteger(cents)) return null;
  return negative && cents !== 0 ? -cents : cents;
}

/** Units text (`8`, `8.25`, `.5`) → number with at most 2 decimals and below 10^10 (the column is numeric(12,2)); else null. */
export function parseUnits(text: string): number | null {
  const value = text.trim();
  if (!/^(\d{1,10}(\.\d{0,2})?|\.\d{1,2})$/.test(value)) return null;
  return Number(value);
}

const DATE_FORMATS = ['yyyy-MM-dd', 'M/d/yyyy', 'yyyyMMdd', 'M/d/yy', 'M-d-yyyy'];

/** A calendar date in one of `YYYY-MM-DD`, `M/D/YYYY`, `YYYYMMDD`, `M/D/YY`, `M-D-YYYY` → `YYYY-MM-DD`; else null. */
export function parseClaimDate(text: string): string | null {
  const value = text.trim();
  // Fast path for the usual ISO date (checked without building a DateTime per format).
  const iso = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (iso) {
    const [year, month, day] = [Number(iso[1]), Number(iso[2]), Number(iso[3])];
    const date = new Date(Date.UTC(year, month - 1, day));
    const valid =
      date.getUTCMonth() === month - 1 && date.getUTCDate() === day && year >= 1900 && year <= 2200;
    return valid ? value : null;
  }
  for (const format of DATE_FORMATS) {
    const date = DateTime.fromFormat(value, format, { zone: 'utc' });
    if (date.isValid && date.year >= 1900 && date.year <= 2200) return date.toISODate();
  }
  return null;
}

/** Trimmed text, or null when blank. */
export const textOrNull = (value: string | undefined): string | null => {
  const trimmed = value?.trim() ?? '';
  return trimmed === '' ? null : trimmed;
};

/**
 * Claim status words (CSV `status`, case-insensitive) → normalised status; null for an unknown word.
 * docs/claim-reconciliation.md "Claim status".
 */
export function claimStatusFromText(text: string): ClaimStatus | null {
  const word = text.trim().toLowerCase();
  if (['paid', 'p', 'approved', 'accepted', 'processed'].includes(word)) return 'paid';
  if (['denied', 'd', 'rejected', 'deny'].includes(word)) return 'denied';
  if (['pended', 'pending', 'pend', 'suspended', 'in process'].includes(word)) return 'pended';
  if (['reversed', 'reversal', 'void', 'voided'].includes(word)) return 'reversed';
  return null;
}
