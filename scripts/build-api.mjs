#!/usr/bin/env node
/**
 * Builds the API for `npm start` (decision 0024): esbuild bundles `apps/api/src/server.ts` with the
 * workspace's own code (`apps/api`, `@tend/contracts`) into one ES module, `apps/api/dist/server.js`
 * (+ `.map`), which plain `node` runs without a TypeScript loader. Every npm package stays an import,
 * resolved from `node_modules` at run time exactly as from the sources. The bundle sits one level below
 * `apps/api`, as `src/` does, so `apps/api/src/api-root.ts` finds the migrations from either.
 *
 * `node scripts/build-api.mjs [entry.ts ...]`: the server, and each entry given (the benchmark
 * scripts: `npm run bench:*` runs them built, so they measure the code `npm start` runs) to
 * `apps/api/dist/<name>.mjs`. Prints each output path; exits 1 on a build error (esbuild's messages
 * name the file and line). Stack traces name the bundle's lines; `NODE_OPTIONS=--enable-source-maps`
 * maps them to the TypeScript sources (+30 MB resident, so not the default).
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = fileURLToPath(new URL('..', import.meta.url));
const outdir = path.join(root, 'apps/api/dist');

/** Keeps every npm package (anything imported by a bare name other than `@tend/…`) out of the bundle. */
const packagesStayImports = {
  name: 'packages-stay-imports',
  setup(builder) {
    builder.onResolve({ filter: /^[^./]/ }, (args) =>
      args.path.startsWith('@tend/') || args.path.startsWith('node:') ? undefined : { external: true },
    );
  },
};

/**
 * Bundles `entry` (a path from the repository root) to `apps/api/dist/<outName>`; returns the output's
 * absolute path. Throws esbuild's error (with its messages printed) when the build fails.
 */
export async function buildApiBundle(entry, outName) {
  const outfile = path.join(outdir, outName);
  await build({
    entryPoints: [path.join(root, entry)],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    sourcemap: 'linked',
    // Keeps class and function names as written (error names, logs, stack traces).
    keepNames: true,
    logLevel: 'warning',
    plugins: [packagesStayImports],
  });
  return outfile;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const entries = process.argv.slice(2);
  try {
    console.log(await buildApiBundle('apps/api/src/server.ts', 'server.js'));
    for (const entry of entries)
      console.log(await buildApiBundle(entry, `${path.basename(entry).replace(/\.[cm]?ts$/, '')}.mjs`));
  } catch {
    process.exit(1);
  }
}
