/**
 * The repository's test fixtures (`fixtures/` at the repository root, described in `fixtures/README.md`),
 * found from this file's own location so tests never depend on the working directory or on anything
 * outside the clone.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import path from 'node:path';

/** Absolute path of the repository's `fixtures/` folder. */
export const fixturesRoot = fileURLToPath(new URL('../../../fixtures/', import.meta.url));

/** Absolute path of a fixture, e.g. `fixturePath('corpora', 'blns.json')`. */
export function fixturePath(...segments: string[]): string {
  return path.join(fixturesRoot, ...segments);
}

/** The Big List of Naughty Strings (`fixtures/corpora/blns.json`, MIT): every string, in corpus order. */
export const blns = JSON.parse(readFileSync(fixturePath('corpora', 'blns.json'), 'utf8')) as string[];

/** The public Sandata OpenEVV example (two visits, `fixtures/evv/`) as text. */
export const sandataExampleText = readFileSync(
  fixturePath('evv', 'sandata-openevv-visits.example.json'),
  'utf8',
);
