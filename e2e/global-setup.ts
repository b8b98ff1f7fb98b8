/**
 * Before a run: forgets the screens the last run checked (`CHECKED_ROUTES_FILE`), so
 * accessibility-coverage.check.ts judges this run's checks only.
 */
import { rmSync } from 'node:fs';
import { CHECKED_ROUTES_FILE } from './support.ts';

export default function globalSetup(): void {
  rmSync(CHECKED_ROUTES_FILE, { force: true });
}
