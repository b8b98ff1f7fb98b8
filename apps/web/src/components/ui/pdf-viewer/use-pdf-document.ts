/**
 * pdf.js's viewer on our elements (pdf-viewer.tsx; decision 0044): opening a document by Range requests, following
 * its page and zoom, redrawing at the fit zoom after a resize (spec s.9), and drawing source highlights. pdf.js's
 * viewer is an imperative object: these hooks keep it in a ref (`ViewerState`) and give React only what the markup
 * shows.
 */
import { useEffect, useState, type Dispatch, type RefObject, type SetStateAction } from 'react';
import type { PDFDocumentProxy } from 'pdfjs-dist';
import type { EventBus, PDFViewer as PdfjsPdfViewer } from 'pdfjs-dist/web/pdf_viewer.mjs';
import { documentOptions, loadPdfjs, type PdfjsLib, type PdfjsViewer } from './pdfjs.ts';
import { PDF_VIEWER, boxAsPercent, debounce } from './viewer-rules.ts';

/** A rectangle of a page to highlight: PDF points from the page's top-left corner, `page` 1-based. */
export interface PdfHighlight {
  page: number;
  x: number;
  y: number;
  width: number;
  height: number;
}

export type EditorMode = 'none' | 'freetext' | 'highlight' | 'stamp';

/** The pdf.js editor object the alt text dialog edits (the parts of its API we use). */
export interface StampEditorLike {
  altTextData?: { altText?: string | null; decorative?: boolean };
  altTextFinish?: () => void;
}

export const scaleValues = { page: 'page-fit', width: 'page-width' } as const;
export type FitMode = keyof typeof scaleValues;

/** pdf.js's library, event bus and viewer while a document is open (null before and after). */
export interface ViewerState {
  lib: PdfjsLib;
  eventBus: EventBus;
  viewer: PdfjsPdfViewer;
}
export type ViewerStateRef = RefObject<ViewerState | null>;

type LinkService = InstanceType<PdfjsViewer['PDFLinkService']>;

/**
 * pdf.js's EventBus, link service and viewer on our `container`/`viewerElement`, in editor mode NONE. The new image
 * flow asks for alt text as soon as an image is added, through our `editAltText` as pdf.js's alt text manager.
 */
function createViewer(
  { lib, viewer: components }: { lib: PdfjsLib; viewer: PdfjsViewer },
  { container, viewerElement }: { container: HTMLDivElement; viewerElement: HTMLDivElement },
  editAltText: (editor: StampEditorLike) => void,
  abortSignal: AbortSignal,
): ViewerState & { linkService: LinkService } {
  const eventBus = new components.EventBus();
  const linkService = new components.PDFLinkService({ eventBus });
  const viewer = new components.PDFViewer({
    container,
    viewer: viewerElement,
    eventBus,
    linkService,
    annotationEditorMode: lib.AnnotationEditorType.NONE,
    enableUpdatedAddImage: true,
    enableNewAltTextWhenAddingImage: true,
    altTextManager: {
      editAltText: (_uiManager: unknown, editor: StampEditorLike) => editAltText(editor),
      destroy: () => undefined,
    },
    abortSignal,
  } as ConstructorParameters<typeof components.PDFViewer>[0]);
  linkService.setViewer(viewer);
  return { lib, eventBus, viewer, linkService };
}

/**
 * pdf.js shows a saved stamp as `role="img"`, named from the PDF's structure tree when it has alt text; one saved as
 * decorative has none and is presentation only (WCAG 1.1.1).
 */
function markDecorativeStamps({ source }: { source: { div: HTMLElement } }): void {
  for (const image of source.div.querySelectorAll('.stampAnnotation[role="img"]'))
    if (!image.getAttribute('aria-label') && !image.getAttribute('aria-labelledby'))
      image.setAttribute('role', 'presentation');
}

/** The viewer's events we follow: page and zoom for the toolbar, fit width once pages exist, unsaved annotations. */
function listenToViewer(
  { eventBus, viewer }: ViewerState,
  on: { page: (page: number) => void; scale: (scale: number) => void; refreshUnsaved: () => void },
): void {
  eventBus.on('pagechanging', ({ pageNumber }: { pageNumber: number }) => on.page(pageNumber));
  eventBus.on('scalechanging', ({ scale }: { scale: number }) => on.scale(scale));
  eventBus.on('pagesinit', () => {
    viewer.currentScaleValue = scaleValues.width;
  });
  eventBus.on('annotationlayerrendered', markDecorativeStamps);
  eventBus.on('editingstateschanged', on.refreshUnsaved);
  eventBus.on('annotationeditormodechanged', on.refreshUnsaved);
}

/** Shows `doc` in the viewer and its links, and re-checks unsaved annotations whenever its storage changes. */
function showDocument(
  viewer: PdfjsPdfViewer,
  linkService: LinkService,
  doc: PDFDocumentProxy,
  refreshUnsaved: () => void,
): void {
  viewer.setDocument(doc);
  linkService.setDocument(doc, null);
  const storage = doc.annotationStorage as unknown as Record<
    'onSetModified' | 'onResetModified',
    (() => void) | null
  >;
  storage.onSetModified = refreshUnsaved;
  storage.onResetModified = refreshUnsaved;
}

/** What the reader is told when the document does not open: not fetched (HTTP) or not a readable PDF. */
function openFailure(problem: unknown): string {
  return problem instanceof Error && problem.name === 'ResponseException'
    ? 'The PDF could not be fetched. Reload the page; if it persists, the file may be missing.'
    : 'The PDF could not be opened. It may be damaged.';
}

export interface PdfDocumentOptions {
  url: string;
  containerRef: RefObject<HTMLDivElement | null>;
  viewerRef: RefObject<HTMLDivElement | null>;
  stateRef: ViewerStateRef;
  editAltText: (editor: StampEditorLike) => void;
  refreshUnsaved: () => void;
  /** Called as each `url` starts opening (the component clears its annotation state). Stable. */
  onOpening: () => void;
}

/**
 * Opens `url`: pdf.js's components on our container, the PDF by Range requests; a new `url` closes the old document
 * and opens the new one. Returns the open document (null while opening), an error to show, and the page and zoom.
 */
export function usePdfDocument({
  url,
  containerRef,
  viewerRef,
  stateRef,
  editAltText,
  refreshUnsaved,
  onOpening,
}: PdfDocumentOptions) {
  const [pdf, setPdf] = useState<PDFDocumentProxy | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [pageNumber, setPageNumber] = useState(1);
  const [scale, setScale] = useState(1);

  useEffect(() => {
    const container = containerRef.current;
    const viewerElement = viewerRef.current;
    if (!container || !viewerElement) return;
    let cancelled = false;
    let loadingTask: { destroy: () => Promise<void> } | undefined;
    const abort = new AbortController();
    setPdf(null);
    setError(null);
    onOpening();
    (async () => {
      const pdfjs = await loadPdfjs();
      if (cancelled) return;
      const { linkService, ...state } = createViewer(
        pdfjs,
        { container, viewerElement },
        editAltText,
        abort.signal,
      );
      stateRef.current = state;
      listenToViewer(state, { page: setPageNumber, scale: setScale, refreshUnsaved });
      const task = state.lib.getDocument(documentOptions(url));
      loadingTask = task;
      try {
        const doc = await task.promise;
        if (cancelled) return;
        showDocument(state.viewer, linkService, doc, refreshUnsaved);
        setPdf(doc);
      } catch (problem) {
        if (!cancelled) setError(openFailure(problem));
      }
    })().catch(() => {
      if (!cancelled) setError('The PDF viewer could not start. Reload the page.');
    });
    return () => {
      cancelled = true;
      abort.abort();
      const state = stateRef.current;
      stateRef.current = null;
      state?.viewer.setDocument(null as unknown as PDFDocumentProxy);
      void loadingTask?.destroy();
    };
  }, [url, editAltText, refreshUnsaved, onOpening, containerRef, viewerRef, stateRef]);

  return { pdf, error, pageNumber, scale };
}

/**
 * Redraws at the fit zoom (`fitRef`, none after a manual zoom) `PDF_VIEWER.resizeRedrawMs` after the viewer stops
 * being resized (spec s.9), and hides the thumbnails when the viewer is narrower than
 * `PDF_VIEWER.thumbnailsMinViewerWidth` (224 px thumbnails leave too little room; still switchable).
 */
export function useFitOnResize(
  wrapperRef: RefObject<HTMLDivElement | null>,
  stateRef: ViewerStateRef,
  fitRef: RefObject<FitMode | null>,
  setShowPages: Dispatch<SetStateAction<boolean>>,
): void {
  useEffect(() => {
    const wrapper = wrapperRef.current;
    if (!wrapper) return;
    const redraw = debounce(() => {
      const viewer = stateRef.current?.viewer;
      if (viewer?.pdfDocument && fitRef.current) viewer.currentScaleValue = scaleValues[fitRef.current];
    }, PDF_VIEWER.resizeRedrawMs);
    const observer = new ResizeObserver((entries) => {
      if ((entries[0]?.contentRect.width ?? Infinity) < PDF_VIEWER.thumbnailsMinViewerWidth)
        setShowPages(false);
      redraw();
    });
    observer.observe(wrapper);
    return () => {
      observer.disconnect();
      redraw.cancel();
    };
  }, [wrapperRef, stateRef, fitRef, setShowPages]);
}

type PageViewLike = { div: HTMLDivElement; viewport: { rawDims: { pageWidth: number; pageHeight: number } } };

/** Replaces the `.tend-source-highlight` marks under `root` with one per box, inside its page (when drawn). */
function drawHighlights(
  viewer: PdfjsPdfViewer,
  root: HTMLElement,
  highlights: readonly PdfHighlight[],
): void {
  for (const old of root.querySelectorAll('.tend-source-highlight')) old.remove();
  for (const box of highlights) {
    const pageView = viewer.getPageView(box.page - 1) as PageViewLike | undefined;
    if (!pageView) continue;
    const { pageWidth, pageHeight } = pageView.viewport.rawDims;
    const place = boxAsPercent(box, { width: pageWidth, height: pageHeight });
    const mark = document.createElement('div');
    mark.className = 'tend-source-highlight';
    mark.setAttribute('aria-hidden', 'true');
    Object.assign(mark.style, {
      position: 'absolute',
      left: `${place.left}%`,
      top: `${place.top}%`,
      width: `${place.width}%`,
      height: `${place.height}%`,
      background: 'rgba(255, 196, 0, 0.28)',
      outline: '2px solid rgba(230, 119, 0, 0.9)',
      pointerEvents: 'none',
      zIndex: '5',
    });
    pageView.div.append(mark);
  }
}

/** Scrolls `box`'s page into view with the box near the top (24 points above it; a US Letter page until drawn). */
function scrollToHighlight(viewer: PdfjsPdfViewer, box: PdfHighlight): void {
  const pageView = viewer.getPageView(box.page - 1) as
    { viewport: { rawDims: { pageHeight: number } } } | undefined;
  const pageHeight = pageView?.viewport.rawDims.pageHeight ?? 792;
  viewer.scrollPageIntoView({
    pageNumber: box.page,
    destArray: [null, { name: 'XYZ' }, box.x, pageHeight - box.y + 24, null],
    allowNegativeOffset: true,
    ignoreDestinationZoom: true,
  });
}

/**
 * Source highlights: drawn inside their page, again on each page render (pdf.js re-creates a page's content), and the
 * first scrolled into view, whenever the highlights or the document change.
 */
export function useSourceHighlights(
  stateRef: ViewerStateRef,
  viewerRef: RefObject<HTMLDivElement | null>,
  highlights: readonly PdfHighlight[],
  pdf: PDFDocumentProxy | null,
): void {
  useEffect(() => {
    const state = stateRef.current;
    if (!state || !pdf) return;
    const draw = () => {
      const root = viewerRef.current;
      if (root) drawHighlights(state.viewer, root, highlights);
    };
    draw();
    const first = highlights[0];
    if (first) scrollToHighlight(state.viewer, first);
    state.eventBus.on('pagerendered', draw);
    return () => state.eventBus.off('pagerendered', draw);
  }, [highlights, pdf, stateRef, viewerRef]);
}
