/**
 * The one client-side error endpoint (issue 24 "Logged-only errors reach the server log through one client-side
 * error endpoint (rate-limited, PHI-free)"; spec s.8; decision 0068). Public: errors happen before sign-in.
 */
import { z } from 'zod';
import { defineEndpoint } from './endpoint.ts';
import { isoDateTime, text } from './common.ts';
import {
  CLIENT_ERROR_MESSAGE_MAX,
  CLIENT_ERROR_ROUTE_MAX,
  CLIENT_ERROR_ROUTE_PATTERN,
  isClientErrorRoute,
  clientErrorKinds,
  scrubClientErrorText,
} from './client-error-text.ts';

/**
 * One report: `kind` (spec s.8's logged-only cases), `message` (≤ 500 characters; scrubbed of emails, digit runs,
 * query strings and ids on arrival), `route` (the route PATTERN, e.g. `/admin/clients/:id`, never the address with
 * its ids or query: refused otherwise), `buildVersion` (the web build, as in `/build-manifest.json`) and `at` (when
 * it happened in the browser, ISO 8601). Unknown fields are refused (strict).
 */
export const clientErrorReport = z.strictObject({
  kind: z.enum(clientErrorKinds),
  message: text().max(CLIENT_ERROR_MESSAGE_MAX).transform(scrubClientErrorText),
  route: text()
    .max(CLIENT_ERROR_ROUTE_MAX)
    .regex(
      CLIENT_ERROR_ROUTE_PATTERN,
      'must be a route pattern such as /admin/clients/:id (no ids, no query)',
    )
    .refine(isClientErrorRoute, 'must be a route pattern such as /admin/clients/:id (no ids, no query)'),
  buildVersion: text()
    .min(1)
    .max(64)
    .regex(/^[A-Za-z0-9._-]+$/, 'must be a build version'),
  at: isoDateTime(),
});
export type ClientErrorReport = z.input<typeof clientErrorReport>;

/** `reportClientError` (→ 204; 400 naming the field; 429 after 30 a minute from one address). */
export const clientErrorEndpoints = {
  reportClientError: defineEndpoint({
    method: 'POST',
    path: '/api/client-errors',
    body: clientErrorReport,
    response: { 204: z.null() },
  }),
};
