/**
 * `/test-protocol-creation` (issue 19): what extraction makes of pasted text or an uploaded file, nothing saved.
 * A file that cannot be read answers with its problem and message (the words an ISP in ERROR shows). Audited
 * `isp_extraction.test` (sizes and counts only).
 */
import type { IspExtractionTestResult } from '@tend/contracts';
import type { Database } from '../../platform/db/client.ts';
import { recordAudit } from '../../platform/audit/audit.service.ts';
import type { RequestContext } from '../../platform/http/context.ts';
import { isIspFileError } from './extraction/isp-file-error.ts';
import { ispProblemMessages } from '@tend/contracts';
import type { PageText } from './extraction/types.ts';
import type { IspReader } from './isp-processing.job.ts';
import { pagesOfText } from './pasted-text.ts';

async function run(
  reader: IspReader,
  source: 'text' | 'file',
  fileName: string | null,
  read: () => Promise<{ pages: PageText[]; ocrPageCount: number }>,
): Promise<IspExtractionTestResult> {
  const started = performance.now();
  try {
    const { pages, ocrPageCount } = await read();
    const extracted = await reader.extract(pages);
    return {
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
    },
  });
  return result;
}

/** Extraction of pasted text. */
export async function testExtractionOfText(
  deps: { db: Database; reader: IspReader },
  ctx: RequestContext,
  text: string,
): Promise<IspExtractionTestResult> {
  const result = await run(deps.reader, 'text', null, async () => ({
    pages: pagesOfText(text),
    ocrPageCount: 0,
  }));
  return audited(deps.db, ctx, result, text.length);
}

/** Extraction of an uploaded file (its text layer, and OCR of pages without one). */
export async function testExtractionOfFile(
  deps: { db: Database; reader: IspReader },
  ctx: RequestContext,
  file: { fileName: string; bytes: Buffer },
): Promise<IspExtractionTestResult> {
  const result = await run(deps.reader, 'file', file.fileName, async () => {
    let pages = await deps.reader.readPdfText(file.bytes, () => undefined);
    const scanned = pages.filter((page) => !page.hasText).map((page) => page.page);
    if (!scanned.length) return { pages, ocrPageCount: 0 };
    const read = await deps.reader.ocrPages(file.bytes, scanned, () => undefined);
    const byPage = new Map(read.map((page) => [page.page, page]));
    pages = pages.map((page) => byPage.get(page.page) ?? page);
    return { pages, ocrPageCount: read.length };
  });
  return audited(deps.db, ctx, result, file.bytes.length);
}
