/**
 * Marked fields → staging rows (issue 23 "fields a person marks (date, times, names) become staging rows"; decision
 * 0063). The viewer sends the text of the words a person assigned to each field; the values are parsed here (dates
 * and 12- or 24-hour times with luxon, the field named when one cannot be read) and handed to module staging's
 * `stageShiftRows` with source `{ kind: 'ocr', documentId }`. The rows staged are kept on the document.
 */
import { eq } from 'drizzle-orm';
import { DateTime } from 'luxon';
import type { OcrMarkedRow, OcrStagedRow, StageOcrRowsBody } from '@tend/contracts';
import { recordAudit } from '../../platform/audit/audit.service.ts';
import type { Database } from '../../platform/db/client.ts';
import type { RequestContext } from '../../platform/http/context.ts';
import { AppError } from '../../platform/http/errors.ts';
import { loadOcrDocument } from './ocr.service.ts';
import { ocrDocuments } from './ocr.table.ts';

/** One row as module staging takes it (its `StagedShiftInput`). */
export interface StagedShiftInput {
  givShiftId: string | null;
  caregiverName: string;
  caregiverGivId: string | null;
  clientName: string;
  clientGivId: string | null;
  date: string;
  start: string;
  end: string;
  billingCode: string | null;
}

/** Module staging's `stageShiftRows` (staged-rows.service.ts), passed in by the plugin. */
export type StageShiftRows = (
  deps: { db: Database; agencyTimeZone?: string },
  ctx: RequestContext,
  options: { rows: StagedShiftInput[]; source: { kind: 'ocr'; documentId: string } },
) => Promise<{ stagingShiftIds: string[] }>;

/** What staging from a document uses. */
export interface OcrStagingDeps {
  db: Database;
  stageShiftRows: StageShiftRows;
  /** The agency's IANA time zone (config AGENCY_TIME_ZONE): staging reads the local times in it. */
  agencyTimeZone: string;
}

const DATE_FORMATS = [
  'M/d/yyyy',
  'M/d/yy',
  'M-d-yyyy',
  'M-d-yy',
  'M.d.yyyy',
  'yyyy-M-d',
  'MMMM d yyyy',
  'MMM d yyyy',
];
const TIME_FORMATS = ['h:mma', 'ha', 'H:mm', 'Hmm'];

/**
 * A written date as `YYYY-MM-DD`, or null: `03/14/2026`, `3/14/26`, `3-14-2026`, `2026-03-14`, `March 14, 2026`,
 * `Mar 14 2026` (US month-first order, the timesheets' own). Two-digit years are 2000–2099.
 */
export function parseWrittenDate(value: string): string | null {
  const cleaned = value.trim().replace(/,/g, ' ').replace(/\s+/g, ' ');
  for (const format of DATE_FORMATS) {
    const parsed = DateTime.fromFormat(cleaned, format, { locale: 'en-US' });
    if (parsed.isValid && parsed.year >= 2000 && parsed.year <= 2099) return parsed.toISODate();
  }
  return null;
}

/**
 * A written time as `HH:MM` (24-hour), or null: `9:00 AM`, `9:00am`, `9 a.m.`, `12:45PM`, `13:30`, `0930`.
 */
export function parseWrittenTime(value: string): string | null {
  const cleaned = value.trim().toUpperCase().replace(/\./g, '').replace(/\s+/g, '');
  for (const format of TIME_FORMATS) {
    const parsed = DateTime.fromFormat(cleaned, format, { locale: 'en-US' });
    if (parsed.isValid) return parsed.toFormat('HH:mm');
  }
  return null;
}

/** A name as written, spaces collapsed; letters, spaces, `'`, `-` and `.` only (OCR's stray marks refused). */
function parseName(value: string): string | null {
  const cleaned = value.trim().replace(/\s+/g, ' ');
  return /^\p{L}[\p{L}\p{M} .'’-]*$/u.test(cleaned) ? cleaned : null;
}

/**
 * The staging input of marked rows, or 400 naming `rows.<i>.<field>` for the first value that cannot be read
 * (nothing is staged then). The end may be before the start (an overnight visit) but not equal to it.
 */
export function toStagedInputs(rows: OcrMarkedRow[]): StagedShiftInput[] {
  return rows.map((row, index) => {
    const field = (name: string, message: string) => AppError.field(`rows.${index}.${name}`, message);
    const date = parseWrittenDate(row.date);
    if (!date) throw field('date', 'must be a date such as 03/14/2026');
    const start = parseWrittenTime(row.start);
    if (!start) throw field('start', 'must be a time such as 9:00 AM');
    const end = parseWrittenTime(row.end);
    if (!end) throw field('end', 'must be a time such as 1:30 PM');
    if (end === start) throw field('end', 'must differ from the start');
    const caregiverName = parseName(row.caregiverName);
    if (!caregiverName) throw field('caregiverName', 'must be a name (letters, spaces, hyphens)');
    const clientName = parseName(row.clientName);
    if (!clientName) throw field('clientName', 'must be a name (letters, spaces, hyphens)');
    const billingCode = row.billingCode?.trim().toUpperCase() || null;
    if (billingCode && !/^[A-Z0-9-]{2,20}$/.test(billingCode))
      throw field('billingCode', 'must be a code such as T1019');
    return {
      givShiftId: null,
      caregiverName,
      caregiverGivId: null,
      clientName,
      clientGivId: null,
      date,
      start,
      end,
      billingCode,
    };
  });
}

/**
 * Stages the marked rows of document `id` (DONE only) and keeps them on the document. Audited `ocr_document.stage`
 * (the count and the staging ids; no values). Errors: NOT_FOUND; 409 CONFLICT unless DONE; 400 naming
 * `rows.<i>.<field>` (also a page the document does not have).
 */
export async function stageOcrRows(
  deps: OcrStagingDeps,
  ctx: RequestContext,
  id: string,
  body: StageOcrRowsBody,
): Promise<OcrStagedRow[]> {
  const document = await loadOcrDocument(deps.db, id);
  if (document.status !== 'DONE')
    throw new AppError('CONFLICT', 'The document is not read yet: stage rows once OCR is done');
  body.rows.forEach((row, index) => {
    if (row.pageNumber > (document.pageCount ?? 0))
      throw AppError.field(`rows.${index}.pageNumber`, 'is not a page of this document');
  });
  // Each staged row gets a shift id of its own, numbered on from the rows staged earlier (`ocr:<id>:<n>`), so a
  // later batch from the same document adds rows instead of replacing the first ones.
  const inputs = toStagedInputs(body.rows).map((input, index) => ({
    ...input,
    givShiftId: `ocr:${id}:${document.stagedRows.length + index + 1}`,
  }));
  const { stagingShiftIds } = await deps.stageShiftRows(
    { db: deps.db, agencyTimeZone: deps.agencyTimeZone },
    ctx,
    {
      rows: inputs,
      source: { kind: 'ocr', documentId: id },
    },
  );
  const stagedAt = new Date().toISOString();
  const staged: OcrStagedRow[] = inputs.map((input, index) => ({
    stagingShiftId: stagingShiftIds[index] ?? '',
    pageNumber: body.rows[index]?.pageNumber ?? 1,
    date: input.date,
    start: input.start,
    end: input.end,
    caregiverName: input.caregiverName,
    clientName: input.clientName,
    billingCode: input.billingCode,
    stagedAt,
    stagedBy: ctx.actor?.userAccountId ?? null,
  }));
  await deps.db.transaction(async (tx) => {
    const current = await loadOcrDocument(tx, id);
    await tx
      .update(ocrDocuments)
      .set({ stagedRows: [...current.stagedRows, ...staged] })
      .where(eq(ocrDocuments.id, id));
    await recordAudit(tx, ctx, {
      action: 'ocr_document.stage',
      entityType: 'ocr_document',
      entityId: id,
      details: { rows: staged.length, stagingShiftIds },
    });
  });
  return staged;
}
