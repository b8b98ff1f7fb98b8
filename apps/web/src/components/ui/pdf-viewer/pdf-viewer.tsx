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
 */
import {
  ActionIcon,
  Alert,
  Box,
  Button,
  Group,
  Loader,
  Menu,
  Modal,
  NumberInput,
  SegmentedControl,
  Stack,
  Text,
  TextInput,
  Tooltip,
  VisuallyHidden,
} from '@mantine/core';
import {
  IconChevronDown,
  IconChevronLeft,
  IconChevronRight,
  IconDeviceFloppy,
  IconLayoutSidebar,
  IconMaximize,
  IconPhotoPlus,
  IconZoomIn,
  IconZoomOut,
} from '@tabler/icons-react';
import { useCallback, useEffect, useId, useRef, useState, type DragEvent, type FormEvent } from 'react';
import type { PDFDocumentProxy } from 'pdfjs-dist';
import type { EventBus, PDFViewer as PdfjsPdfViewer } from 'pdfjs-dist/web/pdf_viewer.mjs';
import { AltTextModal } from './alt-text-modal.tsx';
import { documentOptions, loadPdfjs, type PdfjsLib } from './pdfjs.ts';
import { Thumbnails } from './thumbnails.tsx';
import {
  PDF_VIEWER,
  altTextData,
  boxAsPercent,
  debounce,
  isDoubleClick,
  isSameOriginImageUrl,
  zoomStep,
  type AltTextInput,
} from './viewer-rules.ts';

/** A rectangle of a page to highlight: PDF points from the page's top-left corner, `page` 1-based. */
export interface PdfHighlight {
  page: number;
  x: number;
  y: number;
  width: number;
  height: number;
}

export type EditorMode = 'none' | 'freetext' | 'highlight' | 'stamp';

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

/** The pdf.js editor object the alt text dialog edits (the parts of its API we use). */
interface StampEditorLike {
  altTextData?: { altText?: string | null; decorative?: boolean };
  altTextFinish?: () => void;
}

const scaleValues = { page: 'page-fit', width: 'page-width' } as const;
type FitMode = keyof typeof scaleValues;

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

export function PdfViewer({ url, label, highlights = [], onSave, height = '75vh' }: PdfViewerProps) {
  const containerRef = useRef<HTMLDivElement>(null);
  const viewerRef = useRef<HTMLDivElement>(null);
  const wrapperRef = useRef<HTMLDivElement>(null);
  const stateRef = useRef<{ lib: PdfjsLib; eventBus: EventBus; viewer: PdfjsPdfViewer } | null>(null);
  const fitRef = useRef<FitMode | null>('width');
  const lastClickRef = useRef<number | null>(null);
  const altTextResolve = useRef<((value: AltTextInput | null) => void) | null>(null);

  const [pdf, setPdf] = useState<PDFDocumentProxy | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [pageNumber, setPageNumber] = useState(1);
  const [scale, setScale] = useState(1);
  const [mode, setModeState] = useState<EditorMode>('none');
  const [unsaved, setUnsaved] = useState(false);
  const [saving, setSaving] = useState(false);
  const [saveError, setSaveError] = useState<string | null>(null);
  const [showPages, setShowPages] = useState(() => window.innerWidth >= 1200);
  const [altText, setAltText] = useState<{ initial: AltTextInput } | null>(null);
  const [urlDialog, setUrlDialog] = useState(false);
  const [stampUrl, setStampUrl] = useState('');
  const [stampUrlError, setStampUrlError] = useState<string | null>(null);
  const pageInputId = useId();

  /** Whether pdf.js holds annotations that would be written by a save (empty editors are not). */
  const refreshUnsaved = useCallback(() => {
    const doc = stateRef.current?.viewer.pdfDocument;
    setUnsaved(Boolean(doc && doc.annotationStorage.serializable.map?.size));
  }, []);

  /** Opens our alt text dialog for a stamp and stores the answer in it (pdf.js's alt text manager hook). */
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

  // Open the document: pdf.js's components on our container, the PDF by Range requests.
  useEffect(() => {
    const container = containerRef.current;
    const viewerElement = viewerRef.current;
    if (!container || !viewerElement) return;
    let cancelled = false;
    let loadingTask: { destroy: () => Promise<void> } | undefined;
    const abort = new AbortController();
    setPdf(null);
    setError(null);
    setUnsaved(false);
    setModeState('none');
    (async () => {
      const { lib, viewer: components } = await loadPdfjs();
      if (cancelled) return;
      const eventBus = new components.EventBus();
      const linkService = new components.PDFLinkService({ eventBus });
      const viewer = new components.PDFViewer({
        container,
        viewer: viewerElement,
        eventBus,
        linkService,
        annotationEditorMode: lib.AnnotationEditorType.NONE,
        // The new image flow asks for alt text as soon as an image is added, through our manager below.
        enableUpdatedAddImage: true,
        enableNewAltTextWhenAddingImage: true,
        altTextManager: {
          editAltText: (_uiManager: unknown, editor: StampEditorLike) => editAltText(editor),
          destroy: () => undefined,
        },
        abortSignal: abort.signal,
      } as ConstructorParameters<typeof components.PDFViewer>[0]);
      linkService.setViewer(viewer);
      stateRef.current = { lib, eventBus, viewer };
      eventBus.on('pagechanging', ({ pageNumber: page }: { pageNumber: number }) => setPageNumber(page));
      eventBus.on('scalechanging', ({ scale: next }: { scale: number }) => setScale(next));
      eventBus.on('pagesinit', () => {
        viewer.currentScaleValue = scaleValues.width;
      });
      // pdf.js shows a saved stamp as `role="img"`, named from the PDF's structure tree when it has alt text; one
      // saved as decorative has none and is presentation only (WCAG 1.1.1).
      eventBus.on('annotationlayerrendered', ({ source }: { source: { div: HTMLElement } }) => {
        for (const image of source.div.querySelectorAll('.stampAnnotation[role="img"]'))
          if (!image.getAttribute('aria-label') && !image.getAttribute('aria-labelledby'))
            image.setAttribute('role', 'presentation');
      });
      eventBus.on('editingstateschanged', refreshUnsaved);
      eventBus.on('annotationeditormodechanged', refreshUnsaved);
      const task = lib.getDocument(documentOptions(url));
      loadingTask = task;
      try {
        const doc = await task.promise;
        if (cancelled) return;
        viewer.setDocument(doc);
        linkService.setDocument(doc, null);
        const storage = doc.annotationStorage as unknown as Record<
          'onSetModified' | 'onResetModified',
          (() => void) | null
        >;
        storage.onSetModified = refreshUnsaved;
        storage.onResetModified = refreshUnsaved;
        setPdf(doc);
      } catch (problem) {
        if (!cancelled)
          setError(
            problem instanceof Error && problem.name === 'ResponseException'
              ? 'The PDF could not be fetched. Reload the page; if it persists, the file may be missing.'
              : 'The PDF could not be opened. It may be damaged.',
          );
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
  }, [url, editAltText, refreshUnsaved]);

  // Redraw at the fit zoom 200 ms after the viewer stops being resized (spec s.9).
  useEffect(() => {
    const wrapper = wrapperRef.current;
    if (!wrapper) return;
    const redraw = debounce(() => {
      const viewer = stateRef.current?.viewer;
      if (viewer?.pdfDocument && fitRef.current) viewer.currentScaleValue = scaleValues[fitRef.current];
    }, PDF_VIEWER.resizeRedrawMs);
    const observer = new ResizeObserver((entries) => {
      // Thumbnails (224 px) beside the pages leave too little room below this width: hidden, still switchable.
      if ((entries[0]?.contentRect.width ?? Infinity) < PDF_VIEWER.thumbnailsMinViewerWidth)
        setShowPages(false);
      redraw();
    });
    observer.observe(wrapper);
    return () => {
      observer.disconnect();
      redraw.cancel();
    };
  }, []);

  // Source highlights: drawn inside their page (pdf.js re-creates a page's content, so again on each render).
  useEffect(() => {
    const state = stateRef.current;
    if (!state || !pdf) return;
    const draw = () => {
      const root = viewerRef.current;
      if (!root) return;
      for (const old of root.querySelectorAll('.tend-source-highlight')) old.remove();
      for (const box of highlights) {
        const pageView = state.viewer.getPageView(box.page - 1) as
          | { div: HTMLDivElement; viewport: { rawDims: { pageWidth: number; pageHeight: number } } }
          | undefined;
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
    };
    draw();
    const first = highlights[0];
    if (first) {
      const pageView = state.viewer.getPageView(first.page - 1) as
        { viewport: { rawDims: { pageHeight: number } } } | undefined;
      const pageHeight = pageView?.viewport.rawDims.pageHeight ?? 792;
      state.viewer.scrollPageIntoView({
        pageNumber: first.page,
        destArray: [null, { name: 'XYZ' }, first.x, pageHeight - first.y + 24, null],
        allowNegativeOffset: true,
        ignoreDestinationZoom: true,
      });
    }
    state.eventBus.on('pagerendered', draw);
    return () => state.eventBus.off('pagerendered', draw);
  }, [highlights, pdf]);

  /** Switches pdf.js's editor mode; resolves when pdf.js has switched. */
  const setMode = useCallback(async (next: EditorMode) => {
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
  }, []);

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
    [setMode],
  );

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
  const fit = (mode: FitMode) => {
    const viewer = stateRef.current?.viewer;
    if (!viewer) return;
    fitRef.current = mode;
    viewerControls.fit(viewer, mode);
  };

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

  const onDrop = (event: DragEvent<HTMLDivElement>) => {
    const file = [...event.dataTransfer.files].find((item) => item.type.startsWith('image/'));
    if (!file) return;
    event.preventDefault();
    event.stopPropagation();
    void addStamp({ bitmapFile: file });
  };

  const submitStampUrl = (event: FormEvent) => {
    event.preventDefault();
    if (!isSameOriginImageUrl(stampUrl, window.location.origin)) {
      setStampUrlError(`Use an image address on this site (${window.location.origin}).`);
      return;
    }
    setUrlDialog(false);
    void addStamp({ bitmapUrl: new URL(stampUrl.trim(), window.location.origin).href });
  };

  const pageCount = pdf?.numPages ?? 0;
  return (
    <Stack gap="xs" ref={wrapperRef} role="region" aria-label={label} style={{ minWidth: 0 }}>
      <Group gap="xs" wrap="wrap" role="toolbar" aria-label="PDF tools">
        <Tooltip label={showPages ? 'Hide pages' : 'Show pages'}>
          <ActionIcon
            variant={showPages ? 'light' : 'default'}
            size="lg"
            aria-label="Page thumbnails"
            aria-pressed={showPages}
            onClick={() => setShowPages((value) => !value)}
          >
            <IconLayoutSidebar size={18} />
          </ActionIcon>
        </Tooltip>
        <ActionIcon
          variant="default"
          size="lg"
          aria-label="Previous page"
          disabled={!pdf || pageNumber <= 1}
          onClick={() => goTo(pageNumber - 1)}
        >
          <IconChevronLeft size={18} />
        </ActionIcon>
        <Group gap={4} wrap="nowrap">
          <VisuallyHidden>
            <label htmlFor={pageInputId}>Page</label>
          </VisuallyHidden>
          <NumberInput
            id={pageInputId}
            w={64}
            min={1}
            max={Math.max(1, pageCount)}
            hideControls
            disabled={!pdf}
            value={pageNumber}
            onChange={(value) => typeof value === 'number' && goTo(value)}
          />
          <Text size="sm" c="dimmed" aria-live="polite">
            of {pageCount || '…'}
          </Text>
        </Group>
        <ActionIcon
          variant="default"
          size="lg"
          aria-label="Next page"
          disabled={!pdf || pageNumber >= pageCount}
          onClick={() => goTo(pageNumber + 1)}
        >
          <IconChevronRight size={18} />
        </ActionIcon>
        <ActionIcon
          variant="default"
          size="lg"
          aria-label="Zoom out"
          disabled={!pdf}
          onClick={() => zoom(-1)}
        >
          <IconZoomOut size={18} />
        </ActionIcon>
        <Text size="sm" w={44} ta="center" aria-label={`Zoom ${Math.round(scale * 100)} percent`}>
          {Math.round(scale * 100)}%
        </Text>
        <ActionIcon variant="default" size="lg" aria-label="Zoom in" disabled={!pdf} onClick={() => zoom(1)}>
          <IconZoomIn size={18} />
        </ActionIcon>
        <ActionIcon
          variant="default"
          size="lg"
          aria-label="Fit page"
          disabled={!pdf}
          onClick={() => fit(fitRef.current === 'page' ? 'width' : 'page')}
        >
          <IconMaximize size={18} />
        </ActionIcon>
      </Group>
      <Group gap="xs" wrap="wrap" role="toolbar" aria-label="Annotation tools">
        <SegmentedControl
          aria-label="Annotation mode"
          size="xs"
          disabled={!pdf}
          value={mode}
          onChange={(value) => void setMode(value)}
          data={[
            { value: 'none', label: 'None' },
            { value: 'freetext', label: 'Free text' },
            { value: 'highlight', label: 'Highlight' },
            { value: 'stamp', label: 'Stamp' },
          ]}
        />
        <Menu position="bottom-start">
          <Menu.Target>
            <Button
              size="xs"
              variant="default"
              disabled={!pdf}
              leftSection={<IconPhotoPlus size={16} />}
              rightSection={<IconChevronDown size={14} />}
            >
              Add image
            </Button>
          </Menu.Target>
          <Menu.Dropdown>
            <Menu.Item onClick={() => void addStamp()}>From a file…</Menu.Item>
            <Menu.Item
              onClick={() => {
                setStampUrl('');
                setStampUrlError(null);
                setUrlDialog(true);
              }}
            >
              From an address on this site…
            </Menu.Item>
          </Menu.Dropdown>
        </Menu>
        {onSave && (
          <Button
            size="xs"
            leftSection={<IconDeviceFloppy size={16} />}
            disabled={!unsaved || saving}
            loading={saving}
            onClick={() => void save()}
          >
            Save as new version
          </Button>
        )}
        <Text size="xs" c="dimmed" aria-live="polite">
          {unsaved ? 'Unsaved annotations' : 'No unsaved annotations'}
        </Text>
      </Group>
      {saveError && (
        <Alert color="red" role="alert" title="Not saved" withCloseButton onClose={() => setSaveError(null)}>
          {saveError}
        </Alert>
      )}
      {error && (
        <Alert color="red" role="alert" title="PDF not shown">
          {error}
        </Alert>
      )}
      <Group align="stretch" gap="xs" wrap="nowrap" style={{ minWidth: 0 }}>
        {showPages && pdf && (
          <Box
            style={{ height, overflowY: 'auto', flex: 'none', paddingRight: 4 }}
            aria-label="Page thumbnails"
            role="navigation"
          >
            <Thumbnails pdf={pdf} currentPage={pageNumber} onOpen={goTo} />
          </Box>
        )}
        <Box
          style={{
            position: 'relative',
            height,
            flex: 1,
            minWidth: 0,
            background: 'var(--mantine-color-gray-2)',
            borderRadius: 4,
          }}
          onDragOver={(event) => {
            if ([...event.dataTransfer.items].some((item) => item.type.startsWith('image/')))
              event.preventDefault();
          }}
          onDrop={onDrop}
        >
          {!pdf && !error && (
            <Group justify="center" pt="xl" role="status">
              <Loader size="sm" />
              <Text size="sm">Opening the PDF…</Text>
            </Group>
          )}
          <div
            ref={containerRef}
            data-testid="pdf-pages"
            tabIndex={0}
            aria-label={`${label}: pages`}
            onClick={() => {
              const now = performance.now();
              if (mode === 'none' && isDoubleClick(lastClickRef.current, now)) {
                lastClickRef.current = null;
                fit(fitRef.current === 'page' ? 'width' : 'page');
              } else lastClickRef.current = now;
            }}
            style={{ position: 'absolute', inset: 0, overflow: 'auto' }}
          >
            <div ref={viewerRef} className="pdfViewer" />
          </div>
        </Box>
      </Group>
      <AltTextModal
        opened={altText !== null}
        initial={altText?.initial ?? { altText: '', decorative: false }}
        onSave={(value) => {
          altTextResolve.current?.(value);
          altTextResolve.current = null;
          setAltText(null);
        }}
        onCancel={() => {
          altTextResolve.current?.(null);
          altTextResolve.current = null;
          setAltText(null);
        }}
      />
      <Modal
        opened={urlDialog}
        onClose={() => setUrlDialog(false)}
        title="Add an image from an address"
        centered
      >
        <form onSubmit={submitStampUrl}>
          <Stack gap="sm">
            <TextInput
              label="Image address"
              description={`Only images on this site (${window.location.origin}) can be used: the app loads nothing from other hosts.`}
              placeholder="/stamps/reviewed.png"
              data-autofocus
              value={stampUrl}
              onChange={(event) => setStampUrl(event.currentTarget.value)}
              error={stampUrlError}
            />
            <Group justify="flex-end">
              <Button variant="default" onClick={() => setUrlDialog(false)}>
                Cancel
              </Button>
              <Button type="submit">Add image</Button>
            </Group>
          </Stack>
        </form>
      </Modal>
    </Stack>
  );
}
