/**
 * How the isp module reads an ISP file (the `IspReader` of the processing job and the extraction test): isp-extract's
 * text layer reader and extraction, isp-ocr's OCR for pages without a text layer, with one OCR engine per app (its
 * tesseract workers start on first use and stop when the app closes). Offline: nothing is downloaded.
 */
import { readPdfText } from './extraction/pdf-text.ts';
import { extractIsp } from './extraction/protocol-extraction.ts';
import { OcrEngine } from './ocr/ocr-engine.ts';
import { ocrPdf } from './ocr/ocr-pdf.ts';
import type { IspReader } from './isp-processing.job.ts';

/** A reader and the `close()` that stops its OCR workers. */
export function createIspReader(): IspReader & { close(): Promise<void> } {
  const engine = new OcrEngine();
  return {
    readPdfText: (bytes, onPage) => readPdfText(bytes, { onPage }),
    ocrPages: (bytes, pages, onPage) => ocrPdf(bytes, { pages, onPage, engine }),
    extract: (pages) => extractIsp(pages),
    close: () => engine.close(),
  };
}
