/**
 * The OCR document screens (issue 23; spec s.2; docs/ocr-documents.md): `/ocr-documents` (upload and list) and
 * `/ocr-documents/:id` (the viewer, rendered in the browser). Admin pages (English).
 */
import { lazy, type ComponentType } from 'react';

const OcrDocumentsPage = lazy(() =>
  import('./pages/ocr-documents-page.tsx').then((m) => ({ default: m.OcrDocumentsPage })),
);
const OcrDocumentPage = lazy(() =>
  import('./pages/ocr-document-page.tsx').then((m) => ({ default: m.OcrDocumentPage })),
);

export const ocrScreens: Record<string, ComponentType> = {
  '/ocr-documents': OcrDocumentsPage,
  '/ocr-documents/:id': OcrDocumentPage,
};
