/**
 * Vite config of the Tend web app. `vite` serves it on :5173 and proxies `/api` to the API
 * (TEND_API_URL, default http://127.0.0.1:3000); `vite build` writes `dist/`, which the API serves
 * in production (one process is the whole product). Everything is bundled: nothing loads from a CDN.
 *
 * Dev origin: the API accepts state-changing requests only from its PUBLIC_URL origin (CSRF check and
 * better-auth `trustedOrigins`). The proxy therefore rewrites the Origin of requests that come from
 * this dev server itself to TEND_PUBLIC_URL (default http://localhost:3000, the API's default
 * PUBLIC_URL). Requests from any other origin pass unchanged, so the API still rejects them.
 */
import { randomBytes } from 'node:crypto';
import { createReadStream, readdirSync, readFileSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { parse } from '@formatjs/icu-messageformat-parser';

const env = (globalThis as { process?: { env: Record<string, string | undefined> } }).process?.env ?? {};
const apiUrl = env.TEND_API_URL ?? 'http://127.0.0.1:3000';
const publicOrigin = new URL(env.TEND_PUBLIC_URL ?? 'http://localhost:3000').origin;
const devPort = 5173;
const devOrigins = new Set([`http://localhost:${devPort}`, `http://127.0.0.1:${devPort}`]);

/** The page whose first download the performance aim bounds (foundation issue: /login ≤ 180 KB gzip). */
const loginPage = 'src/features/auth/pages/login-page.tsx';
/** The aim, in KB (1,024 bytes) of gzip: a build above it fails (docs/decisions/0005-api-performance.md). */
const LOGIN_JS_AIM_KB = 180;

async function gzipSize(code: string): Promise<number> {
  const stream = new Blob([code]).stream().pipeThrough(new CompressionStream('gzip'));
  return (await new Response(stream).arrayBuffer()).byteLength;
}

/**
 * Prints, after each build, the JavaScript a browser downloads before the /login form is usable: the
 * entry chunk, its static imports (modulepreloaded), the chunk holding the login page and its static
 * imports, each file gzipped on its own (as a server sends them). Lazy chunks loaded after the first render
 * (schemas, notifications) are not in it. **Fails the build** when the sum is above `LOGIN_JS_AIM_KB`.
 * `npm run bench:api` prints the same figure from the manifest.
 */
function initialJavaScriptReport(): Plugin {
  return {
    name: 'tend-initial-js',
    apply: 'build',
    async writeBundle(_options, bundle) {
      const chunks = Object.values(bundle).flatMap((item) => (item.type === 'chunk' ? [item] : []));
      const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
      const seen = new Set<string>();
      const visit = (fileName: string) => {
        const chunk = byFile.get(fileName);
        if (!chunk || seen.has(fileName)) return;
        seen.add(fileName);
        for (const imported of chunk.imports) visit(imported);
      };
      for (const chunk of chunks) {
        if (chunk.isEntry || chunk.moduleIds.some((id) => id.replaceAll('\\', '/').endsWith(loginPage)))
          visit(chunk.fileName);
      }
      let bytes = 0;
      for (const fileName of seen) bytes += await gzipSize(byFile.get(fileName)?.code ?? '');
      const kb = bytes / 1024;
      const report = `/login initial JavaScript: ${kb.toFixed(1)} KB gzip in ${seen.size} files (aim <= ${LOGIN_JS_AIM_KB} KB)`;
      if (kb > LOGIN_JS_AIM_KB)
        this.error(
          `${report}: over the aim. See docs/decisions/0005-api-performance.md for what was cut before.`,
        );
      this.info(report);
    },
  };
}

/**
 * One chunk for the /login page and everything it imports statically (includeDependenciesRecursively), loaded
 * with the entry. Left to the automatic splitting, the same code came as 48 files (each Mantine component
 * shared by a different set of pages got a chunk of its own) and, each file gzipped apart, weighed 186.4 KB; as
 * one chunk beside the entry, 4 files and 168.4 KB (issue 18; figures in docs/decisions/0005-api-performance.md).
 * Most first visits land on /login (the guard sends every signed-out visitor there); other pages' first
 * download changes by -10 to +12 KB.
 */
const loginFirstGroup = {
  name: (moduleId: string) =>
    path.resolve(moduleId) === path.resolve(import.meta.dirname, loginPage) ? 'login-first' : null,
  includeDependenciesRecursively: true,
};

/**
 * The message catalogues (`src/<area>/messages/<locale>.json`, decision 0042) compiled to ICU syntax trees at build
 * time, so the browser never parses a message and the ICU parser stays out of the bundle (FormatJS "Advanced
 * usage": pre-compiled messages with `@formatjs/icu-messageformat-parser/no-parser`). A message that does not
 * parse fails the build.
 */
function precompiledMessages(): Plugin {
  return {
    name: 'tend-precompiled-messages',
    enforce: 'pre',
    transform(code, id) {
      if (!/[\\/]messages[\\/][a-z]{2}\.json$/.test(id)) return null;
      const messages = JSON.parse(code) as Record<string, string>;
      const compiled = Object.fromEntries(Object.entries(messages).map(([key, text]) => [key, parse(text)]));
      // Still JSON (the trees), for Vite's own JSON plugin to turn into a module.
      return { code: JSON.stringify(compiled), map: null };
    },
  };
}

/** Where pdfjs-dist lives (the web workspace's dependency; resolved, not assumed hoisted). */
const pdfjsRoot = path.dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json'));
/** The address of pdf.js's worker (spec s.2 "worker served at /pdf.worker.min.js"). */
const PDF_WORKER_PATH = '/pdf.worker.min.js';
/**
 * pdf.js's data the viewer may ask for, served under `/pdfjs/<name>/`: fonts, character maps, image decoders, colour
 * profiles, and the icons its stylesheet names (`url(images/…)`, rewritten to `/pdfjs/images/…` by the viewer).
 */
const pdfjsDataDirs: Record<string, string> = {
  standard_fonts: 'standard_fonts',
  cmaps: 'cmaps',
  wasm: 'wasm',
  iccs: 'iccs',
  images: 'web/images',
};
const pdfjsTypes: Record<string, string> = {
  '.wasm': 'application/wasm',
  '.js': 'text/javascript',
  '.mjs': 'text/javascript',
  '.bcmap': 'application/octet-stream',
  '.svg': 'image/svg+xml',
  '.gif': 'image/gif',
};

/**
 * pdf.js's worker and data from our own origin (no other host; CSP `worker-src 'self'`): the dev server answers
 * `/pdf.worker.min.js` and `/pdfjs/<dir>/<file>` from node_modules; the build emits `pdf.worker.min.mjs` as
 * `dist/pdf.worker.min.js` (served as JavaScript by the API's static files) and copies the data directories to
 * `dist/pdfjs/`. Decision 0044.
 */
function pdfjsAssets(): Plugin {
  const workerFile = path.join(pdfjsRoot, 'build/pdf.worker.min.mjs');
  return {
    name: 'tend-pdfjs-assets',
    configureServer(server) {
      server.middlewares.use((req, res, next) => {
        const url = (req.url ?? '').split('?')[0] ?? '';
        let file: string | undefined;
        if (url === PDF_WORKER_PATH) file = workerFile;
        else {
          const match = /^\/pdfjs\/([a-z_]+)\/([A-Za-z0-9._-]+)$/.exec(url);
          const dir =
            match && Object.hasOwn(pdfjsDataDirs, match[1] ?? '') ? pdfjsDataDirs[match[1] ?? ''] : undefined;
          if (dir) file = path.join(pdfjsRoot, dir, match?.[2] ?? '');
        }
        if (!file || !statSync(file, { throwIfNoEntry: false })?.isFile()) return next();
        res.setHeader('content-type', pdfjsTypes[path.extname(file)] ?? 'application/octet-stream');
        createReadStream(file).pipe(res);
      });
    },
    generateBundle() {
      this.emitFile({ type: 'asset', fileName: PDF_WORKER_PATH.slice(1), source: readFileSync(workerFile) });
      for (const [name, dir] of Object.entries(pdfjsDataDirs)) {
        for (const file of readdirSync(path.join(pdfjsRoot, dir))) {
          if (file.startsWith('LICENSE')) continue;
          this.emitFile({
            type: 'asset',
            fileName: `pdfjs/${name}/${file}`,
            source: readFileSync(path.join(pdfjsRoot, dir, file)),
          });
        }
      }
    },
  };
}

/**
 * The build's version (issue 24 "App updates"; decision 0068): the build's start in base 36 and 8 random hex digits,
 * unique per build whatever git says. The app carries it (`__TEND_BUILD_VERSION__`, read by `src/lib/app-updates.ts`)
 * and {@link buildManifestFile} writes it to `dist/build-manifest.json`; a page whose version differs from the
 * manifest's offers a reload. `vite` (dev) uses `development` and no manifest is written.
 */
const buildVersion = `${Date.now().toString(36)}-${randomBytes(4).toString('hex')}`;

/**
 * Writes `dist/build-manifest.json`, `{ "version": <buildVersion>, "builtAt": <ISO 8601> }` (contracts
 * `buildManifest`), which the API serves uncached at `/build-manifest.json`. Keep the path and the two fields: the
 * diagnostics page reads them too.
 */
function buildManifestFile(): Plugin {
  return {
    name: 'tend-build-manifest',
    apply: 'build',
    generateBundle() {
      this.emitFile({
        type: 'asset',
        fileName: 'build-manifest.json',
        source: `${JSON.stringify({ version: buildVersion, builtAt: new Date().toISOString() })}\n`,
      });
    },
  };
}

export default defineConfig(({ command }) => ({
  plugins: [precompiledMessages(), react(), pdfjsAssets(), buildManifestFile(), initialJavaScriptReport()],
  define: {
    __TEND_BUILD_VERSION__: JSON.stringify(command === 'build' ? buildVersion : 'development'),
  },
  // Built catalogues are syntax trees (above): the runtime needs no ICU parser.
  resolve:
    command === 'build'
      ? {
          alias: [
            {
              find: /^@formatjs\/icu-messageformat-parser$/,
              replacement: '@formatjs/icu-messageformat-parser/no-parser.js',
            },
          ],
        }
      : {},
  server: {
    port: devPort,
    strictPort: true,
    proxy: {
      '/api': {
        target: apiUrl,
        // The realtime channel (/api/realtime) upgrades to a WebSocket.
        ws: true,
        configure: (proxy) => {
          const rewriteOrigin = (
            proxyReq: { setHeader(name: string, value: string): void },
            req: { headers: { origin?: string; referer?: string } },
          ) => {
            const origin = req.headers.origin;
            if (origin && devOrigins.has(origin)) {
              proxyReq.setHeader('origin', publicOrigin);
              const referer = req.headers.referer;
              if (referer?.startsWith(origin))
                proxyReq.setHeader('referer', publicOrigin + referer.slice(origin.length));
            }
          };
          proxy.on('proxyReq', rewriteOrigin);
          proxy.on('proxyReqWs', rewriteOrigin);
        },
      },
    },
  },
  preview: { port: 4173 },
  // The manifest lets `npm run bench:api` measure the JavaScript a page needs (entry + its lazy chunk + imports).
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
    manifest: true,
    rolldownOptions: {
      output: {
        codeSplitting: { groups: [loginFirstGroup] },
        // Hash-only chunk names: the entry lists every lazily preloaded chunk by file name (the modulepreload map),
        // so each name costs /login bytes; with 26 more screens (issues 22, 23) the names alone took it over the aim.
        chunkFileNames: 'assets/[hash].js',
      },
    },
  },
}));
