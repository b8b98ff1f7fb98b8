import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  PDF_VIEWER,
  altTextData,
  altTextProblem,
  boxAsPercent,
  debounce,
  isDoubleClick,
  isSameOriginImageUrl,
  stampPlacement,
  zoomStep,
} from './viewer-rules.ts';

describe('PDF viewer constants (spec s.9)', () => {
  it('are the spec figures', () => {
    expect(PDF_VIEWER.thumbnailWidth).toBe(224);
    expect(PDF_VIEWER.resizeRedrawMs).toBe(200);
    expect(PDF_VIEWER.doubleClickMs).toBe(500);
    expect(PDF_VIEWER.stampMaxPageRatio).toBe(0.75);
    expect(PDF_VIEWER.workerSrc).toBe('/pdf.worker.min.js');
  });
});

describe('stampPlacement', () => {
  const page = { width: 612, height: 792 };
  it('keeps a small image at its size, centred', () => {
    expect(stampPlacement({ width: 100, height: 50 }, page)).toEqual({
      x: 256,
      y: 371,
      width: 100,
      height: 50,
    });
  });
  it('scales a wide image to 75 % of the page width, keeping its aspect ratio', () => {
    const placed = stampPlacement({ width: 2000, height: 1000 }, page);
    expect(placed.width).toBeCloseTo(459);
    expect(placed.height).toBeCloseTo(229.5);
    expect(placed.x).toBeCloseTo((612 - 459) / 2);
    expect(placed.y).toBeCloseTo((792 - 229.5) / 2);
  });
  it('scales a tall image to 75 % of the page height', () => {
    const placed = stampPlacement({ width: 300, height: 3000 }, page);
    expect(placed.height).toBeCloseTo(594);
    expect(placed.width).toBeCloseTo(59.4);
    expect(placed.width / placed.height).toBeCloseTo(0.1);
  });
  it('is never larger than 75 % either way', () => {
    const placed = stampPlacement({ width: 612, height: 792 }, page);
    expect(placed.width).toBeCloseTo(459);
    expect(placed.height).toBeCloseTo(594);
  });
  it('refuses empty sizes', () => {
    expect(() => stampPlacement({ width: 0, height: 10 }, page)).toThrow(RangeError);
    expect(() => stampPlacement({ width: 10, height: Number.NaN }, page)).toThrow(RangeError);
  });
});

describe('alt text', () => {
  it('needs a description unless decorative', () => {
    expect(altTextProblem({ altText: '  ', decorative: false })).toMatch(/Describe the image/);
    expect(altTextProblem({ altText: '', decorative: true })).toBeNull();
    expect(altTextProblem({ altText: 'Reviewed stamp', decorative: false })).toBeNull();
  });
  it('limits the length', () => {
    expect(altTextProblem({ altText: 'x'.repeat(501), decorative: false })).toMatch(/at most 500/);
  });
  it('stores no description for a decorative image, and trims one', () => {
    expect(altTextData({ altText: 'logo', decorative: true })).toEqual({ altText: '', decorative: true });
    expect(altTextData({ altText: ' Seal ', decorative: false })).toEqual({
      altText: 'Seal',
      decorative: false,
    });
  });
});

describe('isSameOriginImageUrl', () => {
  const origin = 'https://tend.example.org';
  it('accepts same-origin and relative addresses', () => {
    expect(isSameOriginImageUrl('/stamps/reviewed.png', origin)).toBe(true);
    expect(isSameOriginImageUrl('https://tend.example.org/a.png', origin)).toBe(true);
  });
  it('refuses other hosts, other schemes and empty input', () => {
    expect(isSameOriginImageUrl('https://cdn.example.com/a.png', origin)).toBe(false);
    expect(isSameOriginImageUrl('//cdn.example.com/a.png', origin)).toBe(false);
    expect(isSameOriginImageUrl('data:image/png;base64,AAAA', origin)).toBe(false);
    expect(isSameOriginImageUrl('  ', origin)).toBe(false);
  });
});

describe('isDoubleClick', () => {
  it('is within 500 ms of the previous click', () => {
    expect(isDoubleClick(null, 1000)).toBe(false);
    expect(isDoubleClick(1000, 1500)).toBe(true);
    expect(isDoubleClick(1000, 1501)).toBe(false);
    expect(isDoubleClick(1000, 900)).toBe(false);
  });
});

describe('debounce', () => {
  afterEach(() => vi.useRealTimers());
  it('runs once, 200 ms after the last call of a burst', () => {
    vi.useFakeTimers();
    const run = vi.fn();
    const redraw = debounce(run, PDF_VIEWER.resizeRedrawMs);
    redraw(1);
    vi.advanceTimersByTime(150);
    redraw(2);
    vi.advanceTimersByTime(199);
    expect(run).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(run).toHaveBeenCalledExactlyOnceWith(2);
  });
  it('can be cancelled', () => {
    vi.useFakeTimers();
    const run = vi.fn();
    const redraw = debounce(run, 200);
    redraw();
    redraw.cancel();
    vi.advanceTimersByTime(500);
    expect(run).not.toHaveBeenCalled();
  });
});

describe('zoomStep and boxAsPercent', () => {
  it('zooms within limits', () => {
    expect(zoomStep(1, 1)).toBe(1.2);
    expect(zoomStep(4, 1)).toBe(4);
    expect(zoomStep(0.25, -1)).toBe(0.25);
  });
  it('turns a box in points into page percentages', () => {
    expect(boxAsPercent({ x: 61.2, y: 79.2, width: 306, height: 39.6 }, { width: 612, height: 792 })).toEqual(
      {
        left: 10,
        top: 10,
        width: 50,
        height: 5,
      },
    );
  });
});
