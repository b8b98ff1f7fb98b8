/**
 * The annotating PDF viewer, loaded lazily: pdf.js (about 400 KB gzip with its viewer) comes with the first page that
 * shows a PDF, never with /login or any other page. `LazyPdfViewer` takes `PdfViewerProps` (pdf-viewer.tsx).
 */
import { lazy } from 'react';

export type { PdfHighlight, PdfViewerProps } from './pdf-viewer.tsx';
export { PDF_VIEWER } from './viewer-rules.ts';

export const LazyPdfViewer = lazy(() => import('./pdf-viewer.tsx').then((m) => ({ default: m.PdfViewer })));
