/**
 * Focus that never falls to the page's `<body>` when a row leaves a list (WCAG 2.4.3 Focus Order;
 * docs/accessibility.md "Keyboard and focus"). A row reviewed in its drawer drops out of a "to review" list: the
 * drawer gives the focus back to the row that opened it, which is gone (or goes when the list reloads), and a
 * keyboard or screen-reader user would start again from the top of the page. Instead the focus moves to the row
 * now in its place (the next one; the last one when it was the last), or to the list's empty state when no row
 * is left.
 */
import { useEffect, type RefObject } from 'react';

/** Rows that open something are focusable (`tabindex`); the empty state is marked for this. */
export const FOCUSABLE_ROW_SELECTOR = 'tbody tr[data-index][tabindex]';
export const EMPTY_STATE_SELECTOR = '[data-list-empty]';

/** Where the focus goes when the row at `index` has left the list in `container`; null when nowhere fits. */
export function replacementFor(container: HTMLElement, index: number): HTMLElement | null {
  const rows = Array.from(container.querySelectorAll<HTMLElement>(FOCUSABLE_ROW_SELECTOR));
  if (rows.length > 0) {
    const after = rows.find((row) => Number(row.dataset.index) >= index);
    return after ?? rows.at(-1) ?? null;
  }
  return container.querySelector<HTMLElement>(EMPTY_STATE_SELECTOR);
}

const inDialog = (element: Element): boolean =>
  element.closest('[role="dialog"], [aria-modal="true"]') !== null;

/**
 * Watches the list in `container`: remembers the last of its rows that had the focus (a row is focused before it
 * opens, by Tab or by the click) and, once that row has left the document, moves the focus to its replacement as
 * soon as the focus is on nothing (`<body>`): at once when the row held it, or when the drawer or dialog it opened
 * closes. Gives up when the focus has meanwhile gone somewhere else on the page (a filter, a link).
 */
export function useKeepFocusInList(container: RefObject<HTMLElement | null>): void {
  useEffect(() => {
    const root = container.current;
    if (!root) return undefined;
    let remembered: { row: HTMLElement; index: number } | null = null;
    let observer: MutationObserver | null = null;

    const forget = () => {
      remembered = null;
      observer?.disconnect();
      observer = null;
    };
    const settle = () => {
      if (!remembered || remembered.row.isConnected) return;
      const active = document.activeElement;
      if (active && active !== document.body) {
        if (inDialog(active)) return; // still in the drawer the row opened: wait until it closes
        forget(); // the person moved on
        return;
      }
      const target = replacementFor(root, remembered.index);
      if (!target) return; // the list is reloading: wait for its rows or its empty state
      forget();
      target.focus();
    };
    const onFocusIn = (event: FocusEvent) => {
      const row = (event.target as Element | null)?.closest<HTMLElement>(FOCUSABLE_ROW_SELECTOR);
      if (!row || !root.contains(row)) return;
      remembered = { row, index: Number(row.dataset.index) };
      if (!observer) {
        observer = new MutationObserver(settle);
        observer.observe(document.body, { childList: true, subtree: true });
      }
    };
    root.addEventListener('focusin', onFocusIn);
    return () => {
      root.removeEventListener('focusin', onFocusIn);
      forget();
    };
  }, [container]);
}
