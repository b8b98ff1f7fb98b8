/**
 * The repository stands alone: a clone with nothing beside it must build, test and read correctly, so no
 * source or doc file may name a folder outside the clone.
 *
 * The rule, for every text file of the repository (skipping `.git`, a local `.env`, installed packages and
 * generated output — `node_modules`, `dist`, `data`, `test-results`, `playwright-report`, `coverage` — and the
 * third-party data in `fixtures/`, whose README files are still read; this file, which spells the rule
 * out, is the one file exempt):
 * - no path into a `shared` folder beside the clone: `../shared`, `shared/fixtures`, `shared/design`;
 * - no absolute path of one machine's home, work or scratch folders: `/work/`, `/root/`, `/home/`,
 *   `/Users/`, `/tmp/`, `/mnt/`, `/private/var/`, `C:\Users\` — when the path starts the token (after a
 *   quote, space, `=`, `(`, `file://` …), so URL paths like `https://host/work/x` or an `/api/...` route
 *   never match.
 * System paths that are the same on every Linux machine stay allowed: `/usr/bin/chromium`, `/proc/<pid>/stat`
 * in the benches, `/etc/passwd` as a path-traversal probe in the storage tests. Put test data in `fixtures/`
 * and read it with `apps/api/test/fixtures.ts`; write scratch files under `os.tmpdir()`.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('..', import.meta.url));
const THIS_FILE = 'scripts/standalone.test.ts';
const SKIPPED_FILES = new Set(['.git', '.env']);
const SKIPPED_FOLDERS = new Set([
  '.git',
  'node_modules',
  'dist',
  'data',
  'test-results',
  'playwright-report',
  'coverage',
]);

const OUTSIDE_PATHS: { rule: string; pattern: RegExp }[] = [
  { rule: 'a shared folder beside the clone', pattern: /\.\.\/shared\b|\bshared\/(?:fixtures|design)\b/ },
  {
    rule: "an absolute path of one machine's folders",
    pattern:
      /(?:(?<![\w.~/-])|(?<=file:\/\/))\/(?:work|root|home|Users|tmp|mnt|private\/var)\/|\b[A-Za-z]:\\+Users\\/,
  },
];

/** Every finding in `text`: the rule it breaks and the line it is on (1-based). */
function outsidePaths(text: string): { rule: string; line: number; excerpt: string }[] {
  const found: { rule: string; line: number; excerpt: string }[] = [];
  text.split('\n').forEach((line, index) => {
    for (const { rule, pattern } of OUTSIDE_PATHS) {
      if (pattern.test(line)) found.push({ rule, line: index + 1, excerpt: line.trim().slice(0, 160) });
    }
  });
  return found;
}

/** Repository-relative paths of every file the rule reads (see the header). */
function repositoryFiles(folder = ''): string[] {
  const files: string[] = [];
  for (const entry of readdirSync(path.join(root, folder), { withFileTypes: true })) {
    const relative = folder ? `${folder}/${entry.name}` : entry.name;
    if (entry.isDirectory()) {
      if (!SKIPPED_FOLDERS.has(entry.name)) files.push(...repositoryFiles(relative));
    } else if (entry.isFile()) {
      if (relative === THIS_FILE || SKIPPED_FILES.has(entry.name)) continue;
      if (relative.startsWith('fixtures/') && !relative.endsWith('README.md')) continue;
      files.push(relative);
    }
  }
  return files;
}

describe('the repository stands alone', () => {
  it('names no folder outside the clone in any source or doc file', () => {
    const files = repositoryFiles();
    expect(files).toContain('README.md');
    expect(files).toContain('apps/api/test/fixtures.ts');
    const findings: string[] = [];
    for (const file of files) {
      if (statSync(path.join(root, file)).size > 5_000_000) continue;
      const bytes = readFileSync(path.join(root, file));
      if (bytes.includes(0)) continue; // binary
      for (const { rule, line, excerpt } of outsidePaths(bytes.toString('utf8'))) {
        findings.push(`${file}:${line}: ${rule}: ${excerpt}`);
      }
    }
    expect(findings).toEqual([]);
  });

  it('flags paths outside the clone and allows system paths, routes and URLs', () => {
    const flagged = [
      "readFileSync(new URL('../../../shared/fixtures/corpora/blns.json', import.meta.url))",
      'See `../shared/design/ARCHITECTURE.md`.',
      'the example file in shared/fixtures',
      "const dir = '/work/shared/fixtures/corpora';",
      'open file:///work/main/README.md',
      'cd /root/tend && npm test',
      '--cpu-prof-dir=/tmp/prof',
      "path.resolve('/home/ada/tend')",
      '"C:\\\\Users\\\\ada\\\\tend"',
      '/Users/ada/tend/fixtures',
    ];
    for (const text of flagged) expect(outsidePaths(text), text).not.toEqual([]);
    const allowed = [
      "process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'",
      'readFileSync(`/proc/${pid}/stat`)',
      "['an absolute path', '/etc/passwd']",
      "url: '/api/shifts/work/1'",
      'https://example.org/work/tmp/home/x',
      "path.resolve('fixtures/evv/sandata-openevv-visits.example.json')",
      'shared fixtures of the billing tests',
      'node_modules/.tmp/cache',
      "join(tmpdir(), 'tend-')",
    ];
    for (const text of allowed) expect(outsidePaths(text), text).toEqual([]);
  });
});
