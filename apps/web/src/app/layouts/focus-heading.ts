/**
 * Focus after client-side navigation (WCAG 2.4.3 Focus Order; docs/accessibility.md): a screen reader or keyboard
 * user who follows a link inside the app lands on the new page's title (its one `h1`, made focusable with
 * `tabIndex=-1`), as a full page load would start them at the top, instead of staying on the link that is no
 * longer relevant. The first page of a visit is left alone, so the skip link stays the first Tab stop. Every page
 * has exactly one `h1` (docs/accessibility.md; `expectAccessible` in the browser flows checks it).
 */
import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';

/** How long to wait for the new page's heading (a lazily loaded page shows a loader first), in milliseconds. */
export const HEADING_WAIT_MS = 5000;

/**
 * Moves focus to the page title (the `h1` of `main`, else the first `h1` of the document: the bare layout has no
 * `main`) once it is in the document, unless focus has
 * meanwhile moved somewhere other than `from` (the element focused when the navigation happened), e.g. into a
 * field the page focuses itself or a dialog. Returns a function that stops waiting.
 */
export function focusHeadingWhenShown(from: Element | null, waitMs = HEADING_WAIT_MS): () => void {
  const tryFocus = (): boolean => {
    const active = document.activeElement;
    if (active && active !== document.body && active !== from) return true; // focus moved on: leave it
    const heading =
      document.querySelector<HTMLElement>('main h1') ?? document.querySelector<HTMLElement>('h1');
    if (!heading) return false;
    if (!heading.hasAttribute('tabindex')) heading.tabIndex = -1;
    heading.focus({ preventScroll: false });
    return true;
  };
  if (tryFocus()) return () => undefined;
  const observer = new MutationObserver(() => {
    if (tryFocus()) stop();
  });
  const timer = window.setTimeout(() => stop(), waitMs);
  function stop() {
    observer.disconnect();
    window.clearTimeout(timer);
  }
  observer.observe(document.body, { childList: true, subtree: true });
  return stop;
}

/**
 * Focuses the page heading after each client-side change of path (not of the query string: filters write
 * their state there while someone types). Used once, at the root of the router.
 */
export function useFocusHeadingOnNavigation(): void {
  const { pathname } = useLocation();
  // The path focus was last settled for: the first page's, so its render moves nothing.
  const settled = useRef(pathname);
  useEffect(() => {
    if (settled.current === pathname) return undefined;
    settled.current = pathname;
    return focusHeadingWhenShown(document.activeElement);
  }, [pathname]);
}
