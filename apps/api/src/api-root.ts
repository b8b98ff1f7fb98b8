/**
 * The `apps/api` folder (absolute path): the committed migrations are in its `drizzle/`, and the built
 * web app is `../web/dist` beside it. This module is one level below that folder in the sources
 * (`src/api-root.ts`), and the build bundles it into a file one level below it too (`dist/server.js`,
 * scripts/build-api.mjs; decision 0024), so the same `..` is right whether Tend runs from its sources
 * (tests, `npm run dev`) or from its build (`npm start`, the browser tests).
 */
import { fileURLToPath } from 'node:url';

export const apiRoot = fileURLToPath(new URL('..', import.meta.url));
