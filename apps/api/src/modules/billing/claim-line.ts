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
  type ClaimRejectedRow,
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
  /** The source as imported: the CSV row by header, or the 835 segments of the service line. */
  rawData: Record<string, unknown>;
}

/** What a parser made of a whole file. */
export interface ParsedClaimFile {
  format: ClaimImportFormat;
  lines: ClaimLine[];
  rejected: ClaimRejectedRow[];
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
