/**
 * The `isp-processing` job (issue 19 "Upload and processing"; decision 0043): reads an uploaded ISP's PDF and makes
 * its DRAFT protocols, with progress a person can follow. Metadata `{ ispId }`.
 *
 * UPLOADED → PROCESSING (reading pages, "Reading page n of m"; pages without a text layer by OCR, "Reading page n of m
 * by OCR") → ANALYZED (text read; `pageCount`) → COMPLETED (protocols made, `processedHtml`, plan dates, warnings) —
 * or ERROR with the file's `problem` and a message a person understands (password-protected, damaged, not a PDF,
 * empty, unreadable scan), or `processing-failed` when the reader itself failed. A job never retries a file problem
 * (the same bytes fail the same way) and never leaves the ISP PROCESSING: every path ends COMPLETED or ERROR.
 *
 * Idempotent (a redelivered or resumed job, decision 0038; a retry after ERROR): the DRAFTs made by earlier runs and
 * not touched by a person are replaced in the same transaction that writes the new ones, so protocols never double.
 * A COMPLETED or VERIFIED ISP is left as it is. New protocols link `previousVersionId` (and count `version` up) to the
 * protocol of the same risk type in the client's last VERIFIED ISP. Audited `isp.process` (counts only).
 *
 * With `ISP_AI_BASE_URL` set (`refiner`), the extraction is then refined on redacted text (`refinement/`; decision
 * 0047), "Refining the protocols with AI" at 88 %: a refined result is kept with a processing note saying what
 * changed; an answer that is not used leaves the rule-based result and a note saying why. Never an ERROR because of
 * the AI. The audit event gains the refinement's status and counts.
 */
import { and, eq, isNotNull } from 'drizzle-orm';
import { z } from 'zod';
import { ispProblemMessages, type IspProblem } from '@tend/contracts';
import type { Database } from '../../platform/db/client.ts';
import { recordAudit } from '../../platform/audit/audit.service.ts';
import { systemContext } from '../../platform/http/context.ts';
import { JobInputError, type JobContext, type JobHandler } from '../../platform/jobs/jobs.service.ts';
import type { StorageService } from '../../platform/storage/storage.service.ts';
import { isIspFileError } from './extraction/isp-file-error.ts';
import type { ExtractedIsp, PageText } from './extraction/types.ts';
import { isps, protocols } from './isp.table.ts';
import type { IspRow } from './isp-rows.ts';
import { findPreviousVerifiedIsp, loadIsp, loadProtocolRows, riskKey } from './isp.service.ts';
import { findPeopleIdentities } from '../people/people.service.ts';
import { refinementNote, type IspRefiner, type RefinementOutcome } from './refinement/ai-refinement.ts';

/**
 * How an ISP's file is read: its text layer, OCR of the pages without one, and extraction. The plugin passes the
 * isp-extract and isp-ocr functions (`isp-reader.ts`).
 */
export interface IspReader {
  /** Every page's text items; throws `IspFileError` for a file that cannot be read. */
  readPdfText(bytes: Uint8Array, onPage: (done: number, total: number) => void): Promise<PageText[]>;
  /** The text of the pages `pages` (1-based) by OCR; throws `IspFileError` (`unreadable-scan`, …). */
  ocrPages(
    bytes: Uint8Array,
    pages: number[],
    onPage: (done: number, total: number) => void,
  ): Promise<PageText[]>;
  /** The protocols, text and plan dates found in the pages. */
  extract(pages: PageText[]): ExtractedIsp | Promise<ExtractedIsp>;
}

/** What the job uses. */
export interface IspProcessingDeps {
  db: Database;
  storage: StorageService;
  reader: IspReader;
  /** The optional AI refinement (ISP_AI_BASE_URL); absent or null = off. */
  refiner?: IspRefiner | null;
}

/**
 * The client's names and ids known to Tend (what redaction removes before the AI sees any text): name, Medicaid id
 * (`pid`) and prime number.
 */
export async function clientIdentifiers(
  db: Database,
  clientId: string,
): Promise<{ names: string[]; ids: string[] }> {
  const people = await findPeopleIdentities(db, { caregiverIds: [], clientIds: [clientId] });
  const client = people.clients.get(clientId);
  if (!client) return { names: [], ids: [] };
  return {
    names: [client.name],
    ids: [client.pid, client.clientPrime].filter(
      (id): id is string => typeof id === 'string' && id.length > 0,
    ),
  };
}

const metadataSchema = z.object({ ispId: z.uuid() });

/** Reads a stored object whole (ISP PDFs are at most 50 MiB). */
async function readObject(
  storage: StorageService,
  jobId: string,
  bucket: string,
  key: string,
): Promise<Buffer> {
  const object = await storage.download(systemContext(`job:${jobId}`), bucket, key);
  const chunks: Buffer[] = [];
  for await (const chunk of object.body)
    chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks);
}

/**
 * Progress in one place: `onPage` callbacks are synchronous, so their writes are chained and awaited before the next
 * step (never more than one write in flight, never one after the job ends).
 */
function progressChain(ctx: JobContext) {
  let last = Promise.resolve();
  let lastPercent = -1;
  return {
    report(percent: number, message: string) {
      const rounded = Math.floor(percent);
      if (rounded === lastPercent && !message.startsWith('Reading page')) return;
      lastPercent = rounded;
      last = last.then(() => ctx.progress(rounded, message)).catch(() => undefined);
    },
    settle: () => last,
  };
}

/** Creates the job handler. Errors: JobInputError for bad metadata or an unexpected failure (the ISP is in ERROR). */
export function createIspProcessingHandler(deps: IspProcessingDeps): JobHandler {
  return async (ctx) => {
    const parsed = metadataSchema.safeParse(ctx.metadata);
    if (!parsed.success) throw new JobInputError('The ISP processing request has no valid ISP id');
    const ispId = parsed.data.ispId;
    try {
      return await processIsp(deps, ctx, ispId);
    } catch (error) {
      if (isIspFileError(error)) return endInError(deps, ctx, ispId, error.problem);
      await endInError(deps, ctx, ispId, 'processing-failed').catch(() => undefined);
      // Fail the job at once (no pg-boss retry): the ISP is in ERROR and a person retries it.
      throw new JobInputError(`ISP processing failed: ${error instanceof Error ? error.name : 'error'}`);
    }
  };
}

/** ERROR with `problem`; the job itself completes (the file, not the job, is at fault). */
async function endInError(deps: IspProcessingDeps, ctx: JobContext, ispId: string, problem: IspProblem) {
  await deps.db
    .update(isps)
    .set({ status: 'ERROR', problem, errorMessage: ispProblemMessages[problem] })
    .where(eq(isps.id, ispId));
  await recordAudit(deps.db, systemContext(`job:${ctx.jobId}`), {
    action: 'isp.process',
    entityType: 'isp',
    entityId: ispId,
    outcome: 'failure',
    details: { problem },
  });
  await ctx.log(`Stopped: ${problem}`);
  return { ispId, problem };
}

/**
 * Processes one ISP (module comment): skips a COMPLETED or VERIFIED one, reads its pages (`readPages`), extracts and
 * refines the protocols (`extractProtocols`), and saves them with the ISP COMPLETED (`saveProcessed`).
 */
async function processIsp(deps: IspProcessingDeps, ctx: JobContext, ispId: string) {
  const isp = await loadIsp(deps.db, ispId).catch(() => null);
  if (!isp) throw new JobInputError('The ISP was deleted before it was processed');
  if (isp.status === 'COMPLETED' || isp.status === 'VERIFIED') {
    await ctx.log(`Already ${isp.status}: nothing to do`);
    return { ispId, skipped: isp.status };
  }
  await deps.db
    .update(isps)
    .set({ status: 'PROCESSING', problem: null, errorMessage: null, jobId: ctx.jobId })
    .where(eq(isps.id, ispId));
  const { pages, ocrPageCount } = await readPages(deps, ctx, isp);
  await deps.db.update(isps).set({ status: 'ANALYZED', pageCount: pages.length }).where(eq(isps.id, ispId));
  await ctx.progress(86, `Text read from ${pages.length} pages; extracting protocols`);

  const { extracted, refinement } = await extractProtocols(deps, ctx, isp, pages);
  const warnings = [...extracted.warnings];
  if (ocrPageCount) warnings.unshift(`${ocrPageCount} page(s) had no text layer and were read by OCR`);
  const made = await saveProcessed(deps, ctx, isp, { extracted, warnings, pages, ocrPageCount, refinement });
  await ctx.progress(100, `Done: ${made} protocol(s) from ${pages.length} page(s)`);
  return { ispId, pages: pages.length, ocrPages: ocrPageCount, protocols: made };
}

/**
 * The ISP's pages: the PDF's text layer (progress 1..50 %, "Reading page n of m"), then the pages without one by OCR
 * (50..85 %, "Reading page n of m by OCR"), in page order. Throws `IspFileError` for a file that cannot be read.
 */
async function readPages(
  deps: IspProcessingDeps,
  ctx: JobContext,
  isp: IspRow,
): Promise<{ pages: PageText[]; ocrPageCount: number }> {
  const progress = progressChain(ctx);
  progress.report(1, 'Opening the PDF');
  const bytes = await readObject(deps.storage, ctx.jobId, 'isp', isp.pdfUrl);
  const pages = await deps.reader.readPdfText(bytes, (done, total) =>
    progress.report(1 + (done / total) * 49, `Reading page ${done} of ${total}`),
  );
  await progress.settle();
  const scanned = pages.filter((page) => !page.hasText).map((page) => page.page);
  if (!scanned.length) return { pages, ocrPageCount: 0 };
  const read = await deps.reader.ocrPages(bytes, scanned, (done, total) =>
    progress.report(
      50 + (done / total) * 35,
      `Reading page ${scanned[done - 1] ?? done} of ${pages.length} by OCR`,
    ),
  );
  await progress.settle();
  const byPage = new Map(read.map((page) => [page.page, page]));
  return { pages: pages.map((page) => byPage.get(page.page) ?? page), ocrPageCount: read.length };
}

/**
 * The protocols found in `pages`, refined by the AI when `deps.refiner` is set (decision 0047; 88 %, "Refining the
 * protocols with AI"): the refined result when applied, with a note saying why when an answer was not used.
 */
async function extractProtocols(
  deps: IspProcessingDeps,
  ctx: JobContext,
  isp: IspRow,
  pages: PageText[],
): Promise<{ extracted: ExtractedIsp; refinement: RefinementOutcome | null }> {
  const extracted = await deps.reader.extract(pages);
  if (!deps.refiner) return { extracted, refinement: null };
  await ctx.progress(88, 'Refining the protocols with AI (redacted text)');
  const known = await clientIdentifiers(deps.db, isp.clientId);
  const refinement = await deps.refiner.refine({ extracted, pages, ...known });
  const note = refinementNote(refinement, deps.refiner.timeoutMs);
  await ctx.log(`AI refinement: ${refinement.status}`);
  const refined = refinement.extracted;
  return {
    extracted: note ? { ...refined, warnings: [...refined.warnings, note] } : refined,
    refinement,
  };
}

/** What a processing run saves (`saveProcessed`). */
interface ProcessedIsp {
  extracted: ExtractedIsp;
  /** The ISP's processing notes (the OCR note first). */
  warnings: string[];
  pages: PageText[];
  ocrPageCount: number;
  refinement: RefinementOutcome | null;
}

/**
 * The protocol rows of one run: DRAFT, thresholds unconfirmed, linked by risk type (`riskKey`) to the protocol of the
 * client's last VERIFIED ISP (`previousVersionId`, `version` + 1), marked with the job that made them.
 */
function protocolRows(
  ispId: string,
  jobId: string,
  extracted: ExtractedIsp,
  previousByRisk: Map<string, { id: string; version: number }>,
) {
  return extracted.protocols.map((found, index) => {
    const earlier = previousByRisk.get(riskKey(found.riskType));
    return {
      ispId,
      riskType: found.riskType,
      description: found.description,
      prevention: found.prevention,
      response: found.response,
      emergency: found.emergency,
      mar: found.mar,
      pbsp: found.pbsp,
      serious: found.serious,
      sortOrder: index,
      thresholds: found.thresholds.map((threshold) => ({ ...threshold, confirmed: false })),
      escalationSteps: found.escalationSteps,
      medicationReferences: found.medicationReferences,
      author: found.author,
      authorLicensed: found.authorLicensed,
      effectiveDate: found.effectiveDate,
      reviewDueDate: found.reviewDueDate,
      sources: found.sources,
      version: earlier ? earlier.version + 1 : 1,
      previousVersionId: earlier?.id ?? null,
      extractedByJobId: jobId,
    };
  });
}

/**
 * In one transaction (module comment, "Idempotent"): replaces the untouched DRAFTs of earlier runs (never a protocol
 * a person edited) with this run's protocols, sets the ISP COMPLETED with its HTML, plan dates and notes, and audits
 * `isp.process` with counts only. The number of protocols made.
 */
async function saveProcessed(
  deps: IspProcessingDeps,
  ctx: JobContext,
  isp: IspRow,
  processed: ProcessedIsp,
): Promise<number> {
  const { extracted, warnings, pages, ocrPageCount, refinement } = processed;
  return deps.db.transaction(async (tx) => {
    await tx
      .delete(protocols)
      .where(
        and(
          eq(protocols.ispId, isp.id),
          eq(protocols.status, 'DRAFT'),
          isNotNull(protocols.extractedByJobId),
        ),
      );
    const previousIsp = await findPreviousVerifiedIsp(tx, isp);
    const previous = previousIsp ? (await loadProtocolRows(tx, previousIsp.id)).current : [];
    const previousByRisk = new Map(previous.map((row) => [riskKey(row.riskType), row]));
    const rows = protocolRows(isp.id, ctx.jobId, extracted, previousByRisk);
    if (rows.length) await tx.insert(protocols).values(rows);
    await tx
      .update(isps)
      .set({
        status: 'COMPLETED',
        processedHtml: extracted.processedHtml,
        planStart: extracted.planStart,
        planEnd: extracted.planEnd,
        warnings,
        pageCount: pages.length,
        processingCompletedAt: new Date(),
      })
      .where(eq(isps.id, isp.id));
    await recordAudit(tx, systemContext(`job:${ctx.jobId}`), {
      action: 'isp.process',
      entityType: 'isp',
      entityId: isp.id,
      details: {
        pages: pages.length,
        ocrPages: ocrPageCount,
        protocols: rows.length,
        ...(refinement
          ? {
              aiRefinement: refinement.status,
              aiChangedFields: refinement.changedFields,
              aiAddedProtocols: refinement.addedProtocols,
              aiSentChars: refinement.sentChars,
            }
          : {}),
      },
    });
    return rows.length;
  });
}
