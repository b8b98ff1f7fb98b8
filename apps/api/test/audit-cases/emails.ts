/**
 * Audit-completeness cases of the email export (issue 24; decision 0065): an admin marking an address opted out
 * (`email_suppression.opt_out`). The export's reads (`email_export.preview`, `email_export.download`) are GET routes,
 * which this test does not list; `email-export.routes.test.ts` asserts their events and details.
 */
import type { RouteCase } from './types.ts';

export const emailsRouteCases: RouteCase[] = [
  {
    route: 'POST /api/email-export/opt-outs',
    request: () => ({
      method: 'POST',
      url: '/api/email-export/opt-outs',
      payload: { address: 'opted.out@example.org', detail: 'Asked by phone' },
    }),
    events: [['email_suppression.opt_out', 'email_suppression']],
  },
];
