/**
 * The annotating PDF viewer (issue 19 "PDF viewer with annotation editing"; spec s.2, s.7, s.9; decision 0044), built
 * on pdf.js's own viewer components (`pdfjs-dist/web/pdf_viewer.mjs`: EventBus, PDFLinkService, PDFViewer and its
 * annotation editor layer: FreeText, Highlight, Stamp), not a renderer of our own.
 *
 * - Opens `url` (same origin) by Range requests; pages render lazily as they scroll into view.
 * - Toolbar: page n of m, previous/next, zoom out/in/fit, editor mode None / Free text / Highlight / Stamp, "Add
 *   image" (file chooser or same-origin address), "Save as new version".
 * - Thumbnails 224 px (`Thumbnails`); the viewer redraws at its fit zoom 200 ms after it stops being resized; a
 *   double-click (two clicks within 500 ms) on a page in mode None toggles fit page / fit width.
 * - Stamps: an image from a file chooser, a same-origin address, or a file dropped onto the pages; pdf.js places it
 *   centred at most 75 % of the page (`stampPlacement`); cancelling the chooser removes the stamp and an empty one is
 *   discarded (pdf.js's StampEditor); our `AltTextModal` asks for alt text (or "decorative") as each image is added.
 * - Save: `pdfDocument.saveDocument()` bytes go to `onSave`; the button is enabled only while there are unsaved
 *   annotations (pdf.js's serializable annotation storage is not empty).
 * - `highlights` (contracts `sourceBox`, PDF points from the top-left) are drawn over their pages and the first is
 *   scrolled into view.
 *
 * State and handlers: `usePdfViewer` (use-pdf-viewer.ts) over pdf.js's viewer (use-pdf-document.ts); markup sections:
 * pdf-viewer-sections.tsx (decision 0033).
 */
import { Alert, Stack } from '@mantine/core';
import { useRef } from 'react';
import { AltTextModal } from './alt-text-modal.tsx';
import { ModeToolbar, PagesArea, StampUrlDialog, ViewToolbar } from './pdf-viewer-sections.tsx';
import type { PdfHighlight } from './use-pdf-document.ts';
import { usePdfViewer } from './use-pdf-viewer.ts';

export type { EditorMode, PdfHighlight } from './use-pdf-document.ts';

export interface PdfViewerProps {
  /** Same-origin address of the PDF (e.g. `/api/isps/:id/pdf?version=2`); a new address reopens the viewer. */
  url: string;
  /** What the PDF is, for the viewer region's label ("ISP PDF, version 2"). */
  label: string;
  /** Source boxes to draw and scroll to (the field the reviewer focuses). */
  highlights?: readonly PdfHighlight[];
  /** Receives the annotated PDF's bytes; "Save as new version" is shown only with it. Rejects to keep the edits. */
  onSave?: (bytes: Uint8Array) => Promise<void>;
  /** Height of the pages area (CSS length). */
  height?: string;
}

export function PdfViewer({ url, label, highlights = [], onSave, height = '75vh' }: PdfViewerProps) {
  const wrapperRef = useRef<HTMLDivElement>(null);
  const containerRef = useRef<HTMLDivElement>(null);
  const viewerRef = useRef<HTMLDivElement>(null);
  const viewer = usePdfViewer({ url, highlights, onSave, wrapperRef, containerRef, viewerRef });
  const { pdf, error, pageNumber, controls, stamp, saving } = viewer;
  const loaded = pdf !== null;
  return (
    <Stack gap="xs" ref={wrapperRef} role="region" aria-label={label} style={{ minWidth: 0 }}>
      <ViewToolbar
        showPages={viewer.showPages}
        togglePages={viewer.togglePages}
        loaded={loaded}
        pageNumber={pageNumber}
        pageCount={pdf?.numPages ?? 0}
        goTo={controls.goTo}
        scale={viewer.scale}
        zoom={controls.zoom}
        toggleFit={controls.toggleFit}
      />
      <ModeToolbar
        loaded={loaded}
        mode={viewer.mode}
        setMode={viewer.setMode}
        addStamp={() => stamp.addStamp()}
        openUrlDialog={stamp.openUrlDialog}
        canSave={Boolean(onSave)}
        unsaved={viewer.unsaved}
        saving={saving.saving}
        save={saving.save}
      />
      {saving.saveError && (
        <Alert color="red" role="alert" title="Not saved" withCloseButton onClose={saving.clearSaveError}>
          {saving.saveError}
        </Alert>
      )}
      {error && (
        <Alert color="red" role="alert" title="PDF not shown">
          {error}
        </Alert>
      )}
      <PagesArea
        label={label}
        height={height}
        pdf={pdf}
        error={error}
        showPages={viewer.showPages}
        pageNumber={pageNumber}
        goTo={controls.goTo}
        onPagesClick={controls.onPagesClick}
        onDrop={stamp.onDrop}
        containerRef={containerRef}
        viewerRef={viewerRef}
      />
      <AltTextModal {...viewer.altTextDialog} />
      <StampUrlDialog {...stamp.urlDialog} />
    </Stack>
  );
}
