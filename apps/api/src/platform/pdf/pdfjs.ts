/**
 * pdf.js on the server (pdfjs-dist's legacy build: the one that runs on Node 20), loaded once, on first use, without
 * slowing down the rest of the process (decision 0069).
 *
 * The legacy build bundles core-js, which on load replaces some of Node 20's own built-ins with its JavaScript
 * versions because they lack a newer proposal: `JSON.parse` (source text access), `JSON.stringify` and
 * `Array.prototype.push` (a length edge case), and `Function.prototype.toString` (to show its own functions as
 * native). Every JSON body, socket packet and jsonb column of the whole server then went through them: `JSON.parse`
 * and `JSON.stringify` three times slower, and the conversation messages of `bench:realtime` past their aim. pdf.js
 * relies on none of those behaviours, so {@link loadPdfjs} puts Node's own functions back right after the import.
 * What core-js only adds (`Promise.withResolvers`, `Uint8Array.fromBase64`, …, which pdf.js needs on Node 20) stays.
 *
 * Modules import pdf.js only through here (`import type` for its types), so no code path can load it the other way.
 */
import { createRequire } from 'node:module';
import path from 'node:path';
import type * as Pdfjs from 'pdfjs-dist/legacy/build/pdf.mjs';

/** The built-ins core-js replaces on load (see the file comment), as [owner, key]. */
const restored = [
  [JSON, 'parse'],
  [JSON, 'stringify'],
  [Array.prototype, 'push'],
  [Function.prototype, 'toString'],
] as const;

let loading: Promise<typeof Pdfjs> | null = null;

/**
 * The pdf.js module (`getDocument`, `Util`, `OPS`, …), imported on the first call; later calls get the same
 * module. Errors: the import's own (pdfjs-dist missing), and the next call tries again.
 */
export function loadPdfjs(): Promise<typeof Pdfjs> {
  loading ??= importKeepingBuiltins().catch((error: unknown) => {
    loading = null;
    throw error;
  });
  return loading;
}

async function importKeepingBuiltins(): Promise<typeof Pdfjs> {
  const originals = restored.map(([owner, key]) => Object.getOwnPropertyDescriptor(owner, key));
  try {
    return await import('pdfjs-dist/legacy/build/pdf.mjs');
  } finally {
    restored.forEach(([owner, key], index) => {
      const original = originals[index];
      if (original) Object.defineProperty(owner, key, original);
    });
  }
}

/** The installed pdfjs-dist's folder (from `src` under tsx/vitest and from the esbuild bundle in `dist`). */
const pdfjsDir = path.dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json'));
/** pdf.js asks for folders "as a path ending in `/`" on Node (it reads them with `fs`). */
const packageFolder = (name: string) => `${path.join(pdfjsDir, name)}${path.sep}`;

/**
 * The `getDocument` options every server-side reader starts from: offline (standard fonts, CMaps, the image
 * decoders' WebAssembly and ICC profiles from the installed package, never the network), no `eval`, no system fonts,
 * no console output.
 */
export const offlineDocumentOptions = {
  standardFontDataUrl: packageFolder('standard_fonts'),
  cMapUrl: packageFolder('cmaps'),
  cMapPacked: true,
  wasmUrl: packageFolder('wasm'),
  iccUrl: packageFolder('iccs'),
  isEvalSupported: false,
  useSystemFonts: false,
  verbosity: 0,
} as const;
