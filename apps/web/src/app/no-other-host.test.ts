/**
 * "Nothing in the web app needs a host other than Tend's own to render" (issue 24 "Offline assets"; decision 0068):
 * the web app's sources, its page and every stylesheet it imports (its own and the packages': Mantine, Leaflet) name
 * no other host for anything a browser would load: no `http(s)://` or protocol-relative address in a stylesheet's
 * `url(…)` or `@import`, and none in the sources or `index.html` outside the allow-list of addresses that are only
 * shown or linked, never loaded. The browser flow `e2e/app-updates.spec.ts` checks the same on rendered screens.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const webRoot = path.resolve(import.meta.dirname, '../..');
const srcRoot = path.join(webRoot, 'src');
const require = createRequire(path.join(webRoot, 'package.json'));

/** Addresses that are only words or links on a page (none today); each with the file it is allowed in. */
const allowed: readonly { file: string; address: string }[] = [];

const sources = readdirSync(srcRoot, { recursive: true, encoding: 'utf8' })
  .filter((name) => /\.(tsx?|css|json|html|svg)$/.test(name) && !/\.test\.tsx?$/.test(name))
  .filter((name) => !name.startsWith(`test${path.sep}`))
  .map((name) => path.join(srcRoot, name));

/** Every stylesheet the sources import (`import '…css'`), resolved to its file. */
function importedStylesheets(): string[] {
  const found = new Set<string>();
  for (const file of sources.filter((f) => /\.tsx?$/.test(f))) {
    for (const match of readFileSync(file, 'utf8').matchAll(/import '([^']+\.css)'/g)) {
      const spec = match[1] as string;
      found.add(spec.startsWith('.') ? path.resolve(path.dirname(file), spec) : require.resolve(spec));
    }
  }
  return [...found];
}

const ADDRESS = /(?:https?:)?\/\/[A-Za-z0-9.-]+\.[A-Za-z]{2,}[^\s'"`)<>]*/g;

describe('no other host', () => {
  it('the stylesheets load nothing from another host', () => {
    const sheets = importedStylesheets();
    expect(sheets.length).toBeGreaterThanOrEqual(6);
    const remote = sheets.flatMap((file) =>
      [
        ...readFileSync(file, 'utf8').matchAll(
          /(?:url\(\s*['"]?|@import\s+['"])((?:https?:)?\/\/[^'")\s]+)/g,
        ),
      ].map((m) => `${path.basename(file)}: ${m[1]}`),
    );
    expect(remote).toEqual([]);
  });

  it('the sources and the page name no other address outside the allow-list', () => {
    const named = [...sources, path.join(webRoot, 'index.html')].flatMap((file) =>
      [...readFileSync(file, 'utf8').matchAll(ADDRESS)]
        .map((m) => ({ file: path.relative(webRoot, file), address: m[0] }))
        .filter((hit) => !allowed.some((a) => a.file === hit.file && a.address === hit.address)),
    );
    expect(named).toEqual([]);
  });

  it('would catch a remote font or image', () => {
    expect('@import url("https://fonts.googleapis.com/css2?family=Inter");'.match(ADDRESS)).toHaveLength(1);
    expect('background: url(//cdn.example.org/x.png)'.match(ADDRESS)).toHaveLength(1);
  });
});
