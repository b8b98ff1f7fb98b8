/**
 * `/test-protocol-creation` (issue 19): what extraction makes of pasted text or an uploaded file, nothing saved.
 * A file that cannot be read answers with its problem and message (the words an ISP in ERROR shows). Audited
 * `isp_extraction.test` (sizes and counts only). Pasted text may also be refined by the optional AI endpoint
 * (`refine: true`, only when ISP_AI_BASE_URL is set; decision 0047): names the text gives are redacted first.
 */
import type { IspExtractionTestResult } from '@tend/contracts';
import type { Database } from '../../platform/db/client.ts';
import { recordAudit } from '../../platform/audit/audit.service.ts';
import type { RequestContext } from '../../platform/http/context.ts';
import { AppError } from '../../platform/http/errors.ts';
import { isIspFileError } from './extraction/isp-file-error.ts';
import { ispProblemMessages } from '@tend/contracts';
import type { PageText } from './extraction/types.ts';
import type { IspReader } from './isp-processing.job.ts';
import { pagesOfText } from './pasted-text.ts';
import { refinementNote, type IspRefiner } from './refinement/ai-refinement.ts';

async function run(
  reader: IspReader,
  source: 'text' | 'file',
  fileName: string | null,
  read: () => Promise<{ pages: PageText[]; ocrPageCount: number }>,
  refiner: IspRefiner | null = null,
): Promise<IspExtractionTestResult> {
  const started = performance.now();
  try {
    const { pages, ocrPageCount } = await read();
    let extracted = await reader.extract(pages);
    let aiRefinement: IspExtractionTestResult['aiRefinement'];
    if (refiner) {
      const outcome = await refiner.refine({ extracted, pages, names: [], ids: [] });
      const note = refinementNote(outcome, refiner.timeoutMs);
      extracted = note
        ? { ...outcome.extracted, warnings: [...outcome.extracted.warnings, note] }
        : outcome.extracted;
      aiRefinement = {
        status: outcome.status,
        changedFields: outcome.changedFields,
        addedProtocols: outcome.addedProtocols,
      };
    }
    return {
      ...(aiRefinement ? { aiRefinement } : {}),
      source,
      fileName,
      pageCount: pages.length,
      ocrPageCount,
      processedHtml: extracted.processedHtml,
      planStart: extracted.planStart,
      planEnd: extracted.planEnd,
      warnings: extracted.warnings,
      protocols: extracted.protocols,
      problem: null,
      errorMessage: null,
      durationMs: Math.round(performance.now() - started),
    };
  } catch (error) {
    if (!isIspFileError(error)) throw error;
    return {
      source,
      fileName,
      pageCount: 0,
      ocrPageCount: 0,
      processedHtml: '',
      planStart: null,
      planEnd: null,
      warnings: [],
      protocols: [],
      problem: error.problem,
      errorMessage: ispProblemMessages[error.problem],
      durationMs: Math.round(performance.now() - started),
    };
  }
}

async function audited(db: Database, ctx: RequestContext, result: IspExtractionTestResult, size: number) {
  await recordAudit(db, ctx, {
    action: 'isp_extraction.test',
    entityType: 'isp',
    details: {
      source: result.source,
      size,
      pages: result.pageCount,
      protocols: result.protocols.length,
      problem: result.problem,
      ...(result.aiRefinement
        ? {
            aiRefinement: result.aiRefinement.status,
            aiChangedFields: result.aiRefinement.changedFields,
            aiAddedProtocols: result.aiRefinement.addedProtocols,
          }
        : {}),
    },
  });
  return result;
}

/**
 * Extraction of pasted text; with `refine`, also the AI refinement. Errors: 400 on `refine` when no endpoint is
 * configured.
 */
export async function testExtractionOfText(
  deps: { db: Database; reader: IspReader; refiner?: IspRefiner | null },
  ctx: RequestContext,
  text: string,
  refine = false,
): Promise<IspExtractionTestResult> {
  if (refine && !deps.refiner)
    throw AppError.field('refine', 'is not available: no AI endpoint is configured (ISP_AI_BASE_URL)');
  const result = await run(
    deps.reader,
    'text',
    null,
    async () => ({ pages: pagesOfText(text), ocrPageCount: 0 }),
    refine ? (deps.refiner ?? null) : null,
  );
  return audited(deps.db, ctx, result, text.length);
}

/**
 * Extraction of an uploaded file (its text layer, and OCR of pages without one); with `refine`, also the AI
 * refinement. Errors: 400 on `refine` when no endpoint is configured.
 */
export async function testExtractionOfFile(
  deps: { db: Database; reader: IspReader; refiner?: IspRefiner | null },
  ctx: RequestContext,
  file: { fileName: string; bytes: Buffer },
  refine = false,
): Promise<IspExtractionTestResult> {
  if (refine && !deps.refiner)
    throw AppError.field('refine', 'is not available: no AI endpoint is configured (ISP_AI_BASE_URL)');
  const refiner = refine ? (deps.refiner ?? null) : null;
  const result = await run(
    deps.reader,
    'file',
    file.fileName,
    async () => {
      let pages = await deps.reader.readPdfText(file.bytes, () => undefined);
      const scanned = pages.filter((page) => !page.hasText).map((page) => page.page);
      if (!scanned.length) return { pages, ocrPageCount: 0 };
      const read = await deps.reader.ocrPages(file.bytes, scanned, () => undefined);
      const byPage = new Map(read.map((page) => [page.page, page]));
      pages = pages.map((page) => byPage.get(page.page) ?? page);
      return { pages, ocrPageCount: read.length };
    },
    refiner,
  );
  return audited(deps.db, ctx, result, file.bytes.length);
}
