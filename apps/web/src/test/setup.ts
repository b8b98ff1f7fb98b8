/**
 * Setup for every web unit test (Vitest `web` project, jsdom): jest-dom matchers, and the browser APIs
 * Mantine uses that jsdom lacks (matchMedia, ResizeObserver, scrollIntoView).
 */
import '@testing-library/jest-dom/vitest';

Object.defineProperty(window, 'matchMedia', {
  configurable: true,
  value: (query: string) =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addEventListener: () => {},
      removeEventListener: () => {},
      addListener: () => {},
      removeListener: () => {},
      dispatchEvent: () => false,
    }) as MediaQueryList,
});
globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
};
Object.defineProperty(Element.prototype, 'scrollIntoView', { configurable: true, value: () => {} });
