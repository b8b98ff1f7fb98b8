/**
 * The annotating PDF viewer's state and handlers (pdf-viewer.tsx): the open document (use-pdf-document.ts), page and
 * zoom controls, pdf.js's editor mode, stamps with our alt text dialog, unsaved annotations and "Save as new version".
 * `usePdfViewer` returns only what the markup (pdf-viewer-sections.tsx) needs.
 */
import { useCallback, useRef, useState, type DragEvent, type FormEvent, type RefObject } from 'react';
import type { PDFDocumentProxy } from 'pdfjs-dist';
import type { PDFViewer as PdfjsPdfViewer } from 'pdfjs-dist/web/pdf_viewer.mjs';
import type { PdfjsLib } from './pdfjs.ts';
import {
  scaleValues,
  useFitOnResize,
  usePdfDocument,
  useSourceHighlights,
  type EditorMode,
  type FitMode,
  type PdfHighlight,
  type StampEditorLike,
  type ViewerStateRef,
} from './use-pdf-document.ts';
import {
  altTextData,
  isDoubleClick,
  isSameOriginImageUrl,
  zoomStep,
  type AltTextInput,
} from './viewer-rules.ts';

/** pdf.js's viewer is an imperative object: these set its page, zoom and fit (kept out of render code). */
const viewerControls = {
  page(viewer: PdfjsPdfViewer, page: number) {
    viewer.currentPageNumber = page;
  },
  scale(viewer: PdfjsPdfViewer, scale: number) {
    viewer.currentScale = scale;
  },
  fit(viewer: PdfjsPdfViewer, mode: FitMode) {
    viewer.currentScaleValue = scaleValues[mode];
  },
};

/** pdf.js's `AnnotationEditorType` value of each editor mode. */
function editorType(lib: PdfjsLib, mode: EditorMode): number {
  const types = lib.AnnotationEditorType;
  return { none: types.NONE, freetext: types.FREETEXT, highlight: types.HIGHLIGHT, stamp: types.STAMP }[mode];
}

/** Whether pdf.js holds annotations that would be written by a save (empty editors are not). */
function useUnsaved(stateRef: ViewerStateRef) {
  const [unsaved, setUnsaved] = useState(false);
  const refreshUnsaved = useCallback(() => {
    const doc = stateRef.current?.viewer.pdfDocument;
    setUnsaved(Boolean(doc && doc.annotationStorage.serializable.map?.size));
  }, [stateRef]);
  return { unsaved, setUnsaved, refreshUnsaved };
}

/**
 * Our alt text dialog for a stamp, as pdf.js's alt text manager: `editAltText` opens it with the stamp's alt text; the
 * answer is stored in the stamp (cancel keeps what it had) and pdf.js is told the editing finished.
 */
function useAltTextDialog(refreshUnsaved: () => void) {
  const altTextResolve = useRef<((value: AltTextInput | null) => void) | null>(null);
  const [altText, setAltText] = useState<{ initial: AltTextInput } | null>(null);

  const editAltText = useCallback(
    (editor: StampEditorLike) => {
      const data = editor.altTextData;
      setAltText({ initial: { altText: data?.altText ?? '', decorative: data?.decorative ?? false } });
      altTextResolve.current = (value) => {
        if (value) editor.altTextData = altTextData(value);
        editor.altTextFinish?.();
        refreshUnsaved();
      };
    },
    [refreshUnsaved],
  );
  const finish = (value: AltTextInput | null) => {
    altTextResolve.current?.(value);
    altTextResolve.current = null;
    setAltText(null);
  };

  const dialog = {
    opened: altText !== null,
    initial: altText?.initial ?? { altText: '', decorative: false },
    onSave: (value: AltTextInput) => finish(value),
    onCancel: () => finish(null),
  };
  return { editAltText, dialog };
}

/** pdf.js's editor mode: `setMode` switches it and resolves when pdf.js has switched. */
function useEditorMode(stateRef: ViewerStateRef) {
  const [mode, setModeState] = useState<EditorMode>('none');
  const resetMode = useCallback(() => setModeState('none'), []);

  const setMode = useCallback(
    async (next: EditorMode) => {
      const state = stateRef.current;
      if (!state?.viewer.pdfDocument) return;
      setModeState(next);
      const type = editorType(state.lib, next);
      if ((state.viewer.annotationEditorMode as unknown as number) === type) return;
      const switched = new Promise<void>((resolve) => {
        const onChanged = ({ mode: changed }: { mode: number }) => {
          if (changed !== type) return;
          state.eventBus.off('annotationeditormodechanged', onChanged);
          resolve();
        };
        state.eventBus.on('annotationeditormodechanged', onChanged);
      });
      state.viewer.annotationEditorMode = { mode: type };
      await switched;
    },
    [stateRef],
  );
  return { mode, setMode, resetMode };
}

/**
 * Page, zoom and fit. A manual zoom ends fitting (`fitRef` null) until "Fit page" or a double-click (two clicks within
 * 500 ms on the pages in mode None) toggles fit page / fit width.
 */
function useViewControls(
  stateRef: ViewerStateRef,
  fitRef: { current: FitMode | null },
  pdf: PDFDocumentProxy | null,
  mode: EditorMode,
) {
  const lastClickRef = useRef<number | null>(null);

  const goTo = (page: number) => {
    const viewer = stateRef.current?.viewer;
    if (!viewer || !pdf) return;
    viewerControls.page(viewer, Math.min(pdf.numPages, Math.max(1, page)));
  };
  const zoom = (direction: 1 | -1) => {
    const viewer = stateRef.current?.viewer;
    if (!viewer) return;
    fitRef.current = null;
    viewerControls.scale(viewer, zoomStep(viewer.currentScale, direction));
  };
  const toggleFit = () => {
    const viewer = stateRef.current?.viewer;
    if (!viewer) return;
    const next = fitRef.current === 'page' ? 'width' : 'page';
    fitRef.current = next;
    viewerControls.fit(viewer, next);
  };
  const onPagesClick = () => {
    const now = performance.now();
    if (mode === 'none' && isDoubleClick(lastClickRef.current, now)) {
      lastClickRef.current = null;
      toggleFit();
    } else lastClickRef.current = now;
  };
  return { goTo, zoom, toggleFit, onPagesClick };
}

/**
 * Stamps: an image from pdf.js's own file chooser, a dropped image file, or a same-origin address typed in our
 * dialog; pdf.js places each centred on the current page (`stampPlacement`).
 */
function useStamp(stateRef: ViewerStateRef, setMode: (mode: EditorMode) => Promise<void>) {
  const [opened, setOpened] = useState(false);
  const [url, setUrl] = useState('');
  const [error, setError] = useState<string | null>(null);

  /** Adds a stamp centred on the current page: from `source`, or (none) through pdf.js's own file chooser. */
  const addStamp = useCallback(
    async (source?: { bitmapFile: File } | { bitmapUrl: string }) => {
      const state = stateRef.current;
      if (!state) return;
      await setMode('stamp');
      state.eventBus.dispatch('switchannotationeditorparams', {
        source: null,
        type: state.lib.AnnotationEditorParamsType.CREATE,
        value: source ?? {},
      });
    },
    [stateRef, setMode],
  );

  const onDrop = (event: DragEvent<HTMLDivElement>) => {
    const file = [...event.dataTransfer.files].find((item) => item.type.startsWith('image/'));
    if (!file) return;
    event.preventDefault();
    event.stopPropagation();
    void addStamp({ bitmapFile: file });
  };
  const openUrlDialog = () => {
    setUrl('');
    setError(null);
    setOpened(true);
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!isSameOriginImageUrl(url, window.location.origin)) {
      setError(`Use an image address on this site (${window.location.origin}).`);
      return;
    }
    setOpened(false);
    void addStamp({ bitmapUrl: new URL(url.trim(), window.location.origin).href });
  };

  const urlDialog = { opened, url, error, setUrl, close: () => setOpened(false), submit };
  return { addStamp, onDrop, openUrlDialog, urlDialog };
}

/** "Save as new version": back to mode None (pdf.js commits the open editor), then `saveDocument()` bytes to `onSave`. */
function useSave(
  stateRef: ViewerStateRef,
  setMode: (mode: EditorMode) => Promise<void>,
  onSave: ((bytes: Uint8Array) => Promise<void>) | undefined,
) {
  const [saving, setSaving] = useState(false);
  const [saveError, setSaveError] = useState<string | null>(null);

  const save = async () => {
    const doc = stateRef.current?.viewer.pdfDocument;
    if (!doc || !onSave) return;
    setSaving(true);
    setSaveError(null);
    try {
      await setMode('none');
      const bytes = await doc.saveDocument();
      await onSave(bytes);
    } catch (problem) {
      setSaveError(problem instanceof Error ? problem.message : 'The PDF could not be saved. Try again.');
    } finally {
      setSaving(false);
    }
  };
  return { saving, saveError, save, clearSaveError: () => setSaveError(null) };
}

export interface PdfViewerOptions {
  url: string;
  highlights: readonly PdfHighlight[];
  onSave?: (bytes: Uint8Array) => Promise<void>;
  /** The viewer region (watched for resizes), pdf.js's scrolling container, and its `.pdfViewer` element. */
  wrapperRef: RefObject<HTMLDivElement | null>;
  containerRef: RefObject<HTMLDivElement | null>;
  viewerRef: RefObject<HTMLDivElement | null>;
}

/**
 * Everything the viewer's markup needs. The effects run in this order (open the document, redraw on resize, draw
 * highlights), as the highlights read the viewer the first one made.
 */
export function usePdfViewer(options: PdfViewerOptions) {
  const { url, highlights, onSave, wrapperRef, containerRef, viewerRef } = options;
  const stateRef: ViewerStateRef = useRef(null);
  const fitRef = useRef<FitMode | null>('width');
  const [showPages, setShowPages] = useState(() => window.innerWidth >= 1200);

  const { unsaved, setUnsaved, refreshUnsaved } = useUnsaved(stateRef);
  const altText = useAltTextDialog(refreshUnsaved);
  const { mode, setMode, resetMode } = useEditorMode(stateRef);
  const onOpening = useCallback(() => {
    setUnsaved(false);
    resetMode();
  }, [setUnsaved, resetMode]);
  const opened = usePdfDocument({
    url,
    containerRef,
    viewerRef,
    stateRef,
    editAltText: altText.editAltText,
    refreshUnsaved,
    onOpening,
  });
  useFitOnResize(wrapperRef, stateRef, fitRef, setShowPages);
  useSourceHighlights(stateRef, viewerRef, highlights, opened.pdf);
  const controls = useViewControls(stateRef, fitRef, opened.pdf, mode);
  const stamp = useStamp(stateRef, setMode);
  const saving = useSave(stateRef, setMode, onSave);

  return {
    ...opened,
    showPages,
    togglePages: () => setShowPages((value) => !value),
    mode,
    setMode,
    unsaved,
    controls,
    stamp,
    saving,
    altTextDialog: altText.dialog,
  };
}
