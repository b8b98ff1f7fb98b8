/**
 * Audit-completeness cases of the web app's error reports (issue 24 "Logged-only errors"; decision 0068):
 * `POST /api/client-errors` reads and writes no record and carries no PHI (its body is scrubbed by its schema), so it
 * writes no audit event: the report goes to the server log only.
 */
import type { RouteCase } from './types.ts';

export const updatesRouteCases: RouteCase[] = [
  {
    route: 'POST /api/client-errors',
    request: () => ({
      method: 'POST',
      url: '/api/client-errors',
      payload: {
        kind: 'chunk_load_failed',
        message: 'Failed to fetch dynamically imported module: /assets/gone.js',
        route: '/admin/audit',
        buildVersion: 'audit-case',
        at: '2026-11-28T15:00:00.000Z',
      },
    }),
    events: [],
    noEvent:
      'an error report reads and writes no record and holds no PHI (scrubbed by its schema): it goes to the server log only',
  },
];
