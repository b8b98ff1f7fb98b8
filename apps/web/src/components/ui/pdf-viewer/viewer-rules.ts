/**
 * The PDF viewer's constants and pure rules (issue 19 "PDF viewer with annotation editing"; spec s.2, s.9 stamp
 * constants; decision 0044). Kept apart from the component so they are tested without pdf.js or a browser.
 */

/** Spec s.9 and s.2 figures, in one place. */
export const PDF_VIEWER = {
  /** Same-origin address of pdf.js's worker (spec s.2); emitted by `apps/web/vite.config.ts`. */
  workerSrc: '/pdf.worker.min.js',
  /** Where pdf.js's fonts, character maps and image decoders are served (same origin). */
  dataBase: '/pdfjs',
  /** Thumbnail width, in CSS pixels (spec s.9). */
  thumbnailWidth: 224,
  /** Narrower than this (CSS px), the viewer hides its thumbnails (they stay switchable). */
  thumbnailsMinViewerWidth: 560,
  /** Redraw after the viewer stops being resized for this long, in ms (spec s.9). */
  resizeRedrawMs: 200,
  /** Two clicks within this many ms are a double-click (spec s.9). */
  doubleClickMs: 500,
  /** A placed stamp is at most this fraction of the page's width and of its height (spec s.9). */
  stampMaxPageRatio: 0.75,
  /** Bytes fetched per Range request (spec s.7 "PDF fetch with Range"). */
  rangeChunkSize: 65_536,
  /** Longest alt text of a stamp, in characters. */
  altTextMaxChars: 500,
  /** Zoom steps (1 = 100 %). */
  minScale: 0.25,
  maxScale: 4,
  scaleStep: 1.2,
} as const;

/** A size in any unit. */
export interface Size {
  width: number;
  height: number;
}

/** A rectangle from the page's top-left corner, in the unit of the sizes it came from. */
export interface Placement extends Size {
  x: number;
  y: number;
}

/**
 * Where a stamp image lands on a page (spec s.9): its own size when it fits, else scaled down, aspect ratio kept, to
 * at most `PDF_VIEWER.stampMaxPageRatio` of the page's width and height; centred on the page. pdf.js's StampEditor
 * applies the same rule when it places an image centred (`isCentered`); the browser flow checks the placed stamp
 * against this. Throws on a non-positive size.
 */
export function stampPlacement(
  image: Size,
  page: Size,
  ratio: number = PDF_VIEWER.stampMaxPageRatio,
): Placement {
  for (const value of [image.width, image.height, page.width, page.height])
    if (!(value > 0) || !Number.isFinite(value)) throw new RangeError('sizes must be positive numbers');
  const factor = Math.min(1, (ratio * page.width) / image.width, (ratio * page.height) / image.height);
  const width = image.width * factor;
  const height = image.height * factor;
  return { x: (page.width - width) / 2, y: (page.height - height) / 2, width, height };
}

/** A stamp's alt text as the dialog edits it: a description, or marked decorative (then none is needed). */
export interface AltTextInput {
  altText: string;
  decorative: boolean;
}

/**
 * The problem with an alt text, or null when it may be saved: a description is required unless the image is marked
 * decorative (WCAG 1.1.1: a decorative image needs none), and at most `PDF_VIEWER.altTextMaxChars` characters.
 */
export function altTextProblem({ altText, decorative }: AltTextInput): string | null {
  if (decorative) return null;
  const trimmed = altText.trim();
  if (!trimmed) return 'Describe the image, or mark it as decorative.';
  if (trimmed.length > PDF_VIEWER.altTextMaxChars)
    return `Use at most ${PDF_VIEWER.altTextMaxChars} characters.`;
  return null;
}

/** What pdf.js stores for the alt text: a decorative image keeps no description. */
export function altTextData({ altText, decorative }: AltTextInput): { altText: string; decorative: boolean } {
  return decorative ? { altText: '', decorative: true } : { altText: altText.trim(), decorative: false };
}

/**
 * Whether a stamp image address may be loaded: same origin as the page only (the CSP's `img-src`/`connect-src`
 * and the rule that nothing the browser renders needs another host). Relative addresses resolve against `origin`.
 */
export function isSameOriginImageUrl(url: string, origin: string): boolean {
  if (!url.trim() || !URL.canParse(url.trim(), origin)) return false;
  const parsed = new URL(url.trim(), origin);
  return parsed.origin === origin && (parsed.protocol === 'http:' || parsed.protocol === 'https:');
}

/** Whether a click at `now` (ms) follows one at `previous` closely enough to be a double-click (spec s.9). */
export function isDoubleClick(previous: number | null, now: number): boolean {
  return previous !== null && now - previous >= 0 && now - previous <= PDF_VIEWER.doubleClickMs;
}

/** Calls `run` once, `delayMs` after the last call (a resize burst redraws once); `cancel` drops a pending call. */
export function debounce<A extends unknown[]>(
  run: (...args: A) => void,
  delayMs: number,
): ((...args: A) => void) & { cancel: () => void } {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const call = (...args: A) => {
    clearTimeout(timer);
    timer = setTimeout(() => {
      timer = undefined;
      run(...args);
    }, delayMs);
  };
  return Object.assign(call, { cancel: () => clearTimeout(timer) });
}

/** The next zoom of `scale` one step in or out, within the viewer's limits. */
export function zoomStep(scale: number, direction: 1 | -1): number {
  const next = direction === 1 ? scale * PDF_VIEWER.scaleStep : scale / PDF_VIEWER.scaleStep;
  return Math.min(PDF_VIEWER.maxScale, Math.max(PDF_VIEWER.minScale, Math.round(next * 100) / 100));
}

/**
 * A source box (PDF points from the page's top-left, contracts `sourceBox`) as percentages of its page, so the
 * highlight follows the page at any zoom.
 */
export function boxAsPercent(
  box: { x: number; y: number; width: number; height: number },
  page: Size,
): { left: number; top: number; width: number; height: number } {
  const pct = (value: number, of: number) => Math.min(100, Math.max(0, (value / of) * 100));
  return {
    left: pct(box.x, page.width),
    top: pct(box.y, page.height),
    width: pct(box.width, page.width),
    height: pct(box.height, page.height),
  };
}
