/** The web build's version, set by `vite.config.ts` (`define`); absent in unit tests (see `lib/app-updates.ts`). */
declare const __TEND_BUILD_VERSION__: string | undefined;
