/**
 * The last step of a full browser run (project `accessibility-coverage`, after every flow): every built route
 * (apps/web/src/app/screens.ts) and the 404 page must have passed `expectAccessible` in some flow, so no page is
 * left unchecked silently (issue 18, docs/accessibility.md). Fails naming each route no flow checked.
 *
 * Running one flow file (`npx playwright test e2e/people.spec.ts`) skips this step: it judges the whole suite.
 */
import { expect, test } from '@playwright/test';
import { routeTable } from '@tend/contracts/routes';
import { builtRoutePaths, checkedScreens, NOT_FOUND_ROUTE } from './support.ts';

/**
 * Built routes no flow can reach yet, each with the reason. Keep this empty unless a route truly cannot be opened
 * in the browser run; a page that can be opened gets a flow with `expectAccessible` instead.
 */
const NOT_REACHABLE_YET: Readonly<Record<string, string>> = {};

test('every built route and the 404 page passed axe in some flow', () => {
  const built = builtRoutePaths();
  // A sanity check on the list itself: each built path is a route-table path.
  const known = new Set(routeTable.map((route) => route.path));
  expect(built.filter((path) => !known.has(path))).toEqual([]);
  expect(built.length).toBeGreaterThan(0);

  const checked = new Set(checkedScreens().map((entry) => entry.route));
  const required = [...built, NOT_FOUND_ROUTE].filter((path) => !Object.hasOwn(NOT_REACHABLE_YET, path));
  const unchecked = required.filter((path) => !checked.has(path));
  expect(unchecked, `built routes no flow checked with expectAccessible: ${unchecked.join(', ')}`).toEqual(
    [],
  );
  // An allow-listed route that is now checked should leave the list.
  const stale = Object.keys(NOT_REACHABLE_YET).filter((path) => checked.has(path) || !built.includes(path));
  expect(stale, 'NOT_REACHABLE_YET lists routes that are checked (or not built): remove them').toEqual([]);
});
