/**
 * The version of the web build this page runs (issue 24; decision 0068): `__TEND_BUILD_VERSION__`, set by
 * `vite.config.ts` and equal to `version` in the build's `/build-manifest.json`; `development` under `vite` dev and
 * in unit tests (where nothing defines it).
 */
export const runningBuildVersion: string =
  typeof __TEND_BUILD_VERSION__ === 'string' ? __TEND_BUILD_VERSION__ : 'development';
