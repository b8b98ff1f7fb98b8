/**
 * Page thumbnails, `PDF_VIEWER.thumbnailWidth` (224) CSS pixels wide (spec s.9). pdf.js's viewer package has no
 * thumbnail component, so each page is drawn with `page.render` on a canvas when its button scrolls into view
 * (IntersectionObserver), once. A list of buttons "Page n": Up/Down (and Home/End) move between them, Enter/Space
 * opens the page; the current page is `aria-current`.
 */
import { Box, Text, UnstyledButton } from '@mantine/core';
import { useEffect, useRef, type KeyboardEvent } from 'react';
import type { PDFDocumentProxy } from 'pdfjs-dist';
import { PDF_VIEWER } from './viewer-rules.ts';

export interface ThumbnailsProps {
  pdf: PDFDocumentProxy;
  currentPage: number;
  onOpen: (pageNumber: number) => void;
}

export function Thumbnails({ pdf, currentPage, onOpen }: ThumbnailsProps) {
  const listRef = useRef<HTMLOListElement>(null);
  const pages = Array.from({ length: pdf.numPages }, (_, index) => index + 1);

  const focusPage = (pageNumber: number) => {
    const target = listRef.current?.querySelector<HTMLButtonElement>(`button[data-page="${pageNumber}"]`);
    target?.focus();
    target?.scrollIntoView({ block: 'nearest' });
  };

  const onKeyDown = (event: KeyboardEvent<HTMLOListElement>) => {
    const page = Number((event.target as HTMLElement).dataset.page);
    if (!page) return;
    const next =
      event.key === 'ArrowDown'
        ? Math.min(pdf.numPages, page + 1)
        : event.key === 'ArrowUp'
          ? Math.max(1, page - 1)
          : event.key === 'Home'
            ? 1
            : event.key === 'End'
              ? pdf.numPages
              : null;
    if (next === null) return;
    event.preventDefault();
    focusPage(next);
  };

  return (
    <Box
      component="ol"
      ref={listRef}
      aria-label="Pages"
      onKeyDown={onKeyDown}
      style={{ listStyle: 'none', margin: 0, padding: 0, display: 'grid', gap: 8 }}
    >
      {pages.map((pageNumber) => (
        <li key={pageNumber}>
          <Thumbnail pdf={pdf} pageNumber={pageNumber} current={pageNumber === currentPage} onOpen={onOpen} />
        </li>
      ))}
    </Box>
  );
}

type PageProxy = Awaited<ReturnType<PDFDocumentProxy['getPage']>>;

/**
 * Sizes `canvas` to `PDF_VIEWER.thumbnailWidth` CSS pixels wide (the page's aspect ratio; device pixels for a sharp
 * drawing) and starts drawing `page` on it; returns pdf.js's render task.
 */
function renderThumbnail(page: PageProxy, canvas: HTMLCanvasElement) {
  const base = page.getViewport({ scale: 1 });
  const viewport = page.getViewport({ scale: PDF_VIEWER.thumbnailWidth / base.width });
  const ratio = window.devicePixelRatio || 1;
  canvas.width = Math.floor(viewport.width * ratio);
  canvas.height = Math.floor(viewport.height * ratio);
  canvas.style.width = `${PDF_VIEWER.thumbnailWidth}px`;
  canvas.style.height = `${viewport.height}px`;
  return page.render({
    canvas,
    viewport,
    transform: ratio === 1 ? undefined : [ratio, 0, 0, ratio, 0, 0],
  });
}

/**
 * Draws page `pageNumber` on the canvas once, when the button first scrolls into view (IntersectionObserver); the
 * canvas gets `data-rendered="true"` when done. Unmounting cancels the drawing.
 */
function useThumbnailDrawing(pdf: PDFDocumentProxy, pageNumber: number) {
  const buttonRef = useRef<HTMLButtonElement>(null);
  const canvasRef = useRef<HTMLCanvasElement>(null);

  useEffect(() => {
    const button = buttonRef.current;
    const canvas = canvasRef.current;
    if (!button || !canvas) return;
    let cancelled = false;
    let task: { cancel: () => void } | undefined;
    const draw = async () => {
      const page = await pdf.getPage(pageNumber);
      if (cancelled) return;
      const render = renderThumbnail(page, canvas);
      task = render;
      await render.promise.catch(() => undefined);
      if (!cancelled) canvas.dataset.rendered = 'true';
    };
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting)) {
        observer.disconnect();
        void draw();
      }
    });
    observer.observe(button);
    return () => {
      cancelled = true;
      observer.disconnect();
      task?.cancel();
    };
  }, [pdf, pageNumber]);

  return { buttonRef, canvasRef };
}

/** One page's button: its drawing and "Page n"; a border marks the current page. */
function Thumbnail({
  pdf,
  pageNumber,
  current,
  onOpen,
}: {
  pdf: PDFDocumentProxy;
  pageNumber: number;
  current: boolean;
  onOpen: (pageNumber: number) => void;
}) {
  const { buttonRef, canvasRef } = useThumbnailDrawing(pdf, pageNumber);

  return (
    <UnstyledButton
      ref={buttonRef}
      data-page={pageNumber}
      aria-current={current ? 'page' : undefined}
      onClick={() => onOpen(pageNumber)}
      style={{
        display: 'block',
        width: PDF_VIEWER.thumbnailWidth + 8,
        padding: 4,
        borderRadius: 4,
        outlineOffset: 2,
        border: `2px solid ${current ? 'var(--mantine-primary-color-filled)' : 'transparent'}`,
      }}
    >
      <canvas
        ref={canvasRef}
        aria-hidden="true"
        style={{
          display: 'block',
          width: PDF_VIEWER.thumbnailWidth,
          minHeight: 100,
          background: 'white',
          boxShadow: '0 0 0 1px var(--mantine-color-gray-4)',
        }}
      />
      <Text size="sm" ta="center" mt={4}>
        Page {pageNumber}
      </Text>
    </UnstyledButton>
  );
}
