/**
 * Loads pdf.js and its viewer components once, lazily (pdf.js stays out of every bundle but the viewer's chunk):
 * `pdfjs-dist` first, published as `globalThis.pdfjsLib` (pdf_viewer.mjs reads the library from there), then
 * `pdfjs-dist/web/pdf_viewer.mjs`. The worker is the same-origin `/pdf.worker.min.js` (spec s.2). The viewer's
 * stylesheet is taken raw (not through PostCSS, which hangs on it; decision 0044) with its icon addresses pointed at
 * `/pdfjs/images/`, and added to the document once.
 */
import viewerCss from 'pdfjs-dist/web/pdf_viewer.css?raw';
import { PDF_VIEWER } from './viewer-rules.ts';

import type * as PdfjsLibModule from 'pdfjs-dist';
import type * as PdfjsViewerModule from 'pdfjs-dist/web/pdf_viewer.mjs';

export type PdfjsLib = typeof PdfjsLibModule;
export type PdfjsViewer = typeof PdfjsViewerModule;

let loading: Promise<{ lib: PdfjsLib; viewer: PdfjsViewer }> | undefined;

function addStylesheet(): void {
  if (document.getElementById('tend-pdfjs-viewer-css')) return;
  const style = document.createElement('style');
  style.id = 'tend-pdfjs-viewer-css';
  style.textContent = viewerCss.replace(/url\((["']?)images\//g, `url($1${PDF_VIEWER.dataBase}/images/`);
  document.head.append(style);
}

/** pdf.js and its viewer components, loaded on first use. */
export function loadPdfjs(): Promise<{ lib: PdfjsLib; viewer: PdfjsViewer }> {
  loading ??= (async () => {
    const lib = await import('pdfjs-dist');
    (globalThis as { pdfjsLib?: PdfjsLib }).pdfjsLib = lib;
    lib.GlobalWorkerOptions.workerSrc = PDF_VIEWER.workerSrc;
    const viewer = await import('pdfjs-dist/web/pdf_viewer.mjs');
    addStylesheet();
    return { lib, viewer };
  })();
  loading.catch(() => {
    loading = undefined;
  });
  return loading;
}

/**
 * `getDocument` options for a PDF at a same-origin `url`: fetched by Range requests of `PDF_VIEWER.rangeChunkSize`
 * bytes (no whole-file stream, no prefetch of parts not shown; spec s.7), cookies sent (same origin), fonts, character
 * maps and decoders from `/pdfjs/` (no other host), no `eval` (the CSP has no 'unsafe-eval').
 */
export function documentOptions(url: string) {
  const base = PDF_VIEWER.dataBase;
  return {
    url,
    rangeChunkSize: PDF_VIEWER.rangeChunkSize,
    disableAutoFetch: true,
    disableStream: true,
    withCredentials: false,
    isEvalSupported: false,
    standardFontDataUrl: `${base}/standard_fonts/`,
    cMapUrl: `${base}/cmaps/`,
    cMapPacked: true,
    wasmUrl: `${base}/wasm/`,
    iccUrl: `${base}/iccs/`,
  };
}
