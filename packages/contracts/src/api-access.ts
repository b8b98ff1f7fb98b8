/**
 * Who may call each API operation: the one table the authorization matrix
 * (apps/api `platform/http/authorization-matrix.test.ts`, decision 0040) checks every operation against, for
 * anonymous callers and USER, CAREGIVER, GUARDIAN and ADMIN accounts at aal1 and aal2, with a session cookie
 * and with a bearer token. An operation missing here fails that test, so a new route states its access.
 *
 * The rules are the route guards of docs/decisions/0002-route-guards.md (`passesGuard` in permissions.ts),
 * two-step verification for admins on PHI (decision 0009, `REQUIRE_ADMIN_MFA`, on by default) and API tokens
 * (decision 0015). A record outside the caller's scope is 404, which the matrix counts as allowed: the
 * guard let the caller through.
 *
 * Zod-free on purpose, like permissions.ts.
 */
import type { Role } from './enums.ts';

/**
 * - `public`: anyone, signed in or not (health, setup, sign-up, link tokens, public storage objects);
 * - `signed-in`: any signed-in account, any aal, cookie or bearer (401 without);
 * - `signed-in-phi`: as `signed-in`, but an admin needs aal2 (403 MFA_REQUIRED at aal1);
 * - `browser-session`: a signed-in browser session vouching for itself (minting API tokens): 401 without a
 *   session, 403 with a bearer token, an admin needs aal2;
 * - `admin`: ADMIN at aal2 only (401 anonymous, 403 any other role, 403 MFA_REQUIRED for an aal1 admin).
 */
export type ApiAccess = 'public' | 'signed-in' | 'signed-in-phi' | 'browser-session' | 'admin';

/** A caller of the API: its account's role (null: anonymous), its session's assurance level, its credential. */
export interface Principal {
  role: Role | null;
  aal: 'aal1' | 'aal2';
  credential: 'cookie' | 'bearer';
}

/** What `principal` gets from an operation of `access`: `allow`, or the status of the refusal (401, 403). */
export function expectedAccess(access: ApiAccess, principal: Principal): 'allow' | 401 | 403 {
  if (access === 'public') return 'allow';
  if (principal.role === null) return 401;
  const adminBelowAal2 = principal.role === 'ADMIN' && principal.aal !== 'aal2';
  switch (access) {
    case 'signed-in':
      return 'allow';
    case 'signed-in-phi':
      return adminBelowAal2 ? 403 : 'allow';
    case 'browser-session':
      return principal.credential === 'bearer' || adminBelowAal2 ? 403 : 'allow';
    case 'admin':
      return principal.role !== 'ADMIN' || adminBelowAal2 ? 403 : 'allow';
  }
}

/** Every API operation (`METHOD /path` as Fastify registers it) and who may call it. */
export const apiAccess = {
  'GET /api/acknowledgement-rates': 'admin',
  'GET /api/acknowledgement-rates/:clientId': 'admin',
  'POST /api/acknowledgement-requests': 'admin',
  'GET /api/acknowledgements': 'signed-in-phi',
  'POST /api/acknowledgements': 'signed-in-phi',
  'POST /api/account/email-change': 'signed-in-phi',
  'GET /api/dashboards/case-manager': 'signed-in-phi',
  'GET /api/dashboards/case-manager/:caseManagerId': 'signed-in-phi',
  'GET /api/dashboards/case-manager/:caseManagerId/clients/:clientId': 'signed-in-phi',
  'GET /api/dashboards/case-manager/:caseManagerId/clients/:clientId/reports/:reportId/file': 'signed-in-phi',
  'POST /api/account/email-change/confirm': 'public',
  'PUT /api/account/locale': 'signed-in-phi',
  'GET /api/approved-locations': 'admin',
  'POST /api/approved-locations': 'admin',
  'DELETE /api/approved-locations/:id': 'admin',
  'PATCH /api/approved-locations/:id': 'admin',
  'GET /api/audit-events': 'admin',
  'GET /api/baseline-locations': 'admin',
  'GET /api/baseline-locations/:clientId': 'admin',
  'GET /api/billing-code-rules': 'admin',
  'POST /api/billing-code-rules': 'admin',
  'DELETE /api/billing-code-rules/:id': 'admin',
  'PATCH /api/billing-code-rules/:id': 'admin',
  'GET /api/billing-exports': 'admin',
  'POST /api/billing-exports': 'admin',
  'GET /api/billing-exports/:id': 'admin',
  'GET /api/billing-exports/:id/file': 'admin',
  'GET /api/billing-exports/preview': 'admin',
  'GET /api/billing-items': 'admin',
  'POST /api/billing-items/:id/void': 'admin',
  'GET /api/budget-overages': 'admin',
  'GET /api/budget-overages/:id/segments': 'admin',
  'GET /api/budgets': 'admin',
  'POST /api/budgets': 'admin',
  'DELETE /api/budgets/:id': 'admin',
  'PATCH /api/budgets/:id': 'admin',
  'GET /api/caregiver-hours': 'admin',
  'PUT /api/caregiver-hours/caregivers/:caregiverId/weeks/:weekName': 'admin',
  'GET /api/caregiver-hours/caregivers/:id': 'admin',
  'GET /api/caregivers': 'admin',
  'POST /api/caregivers': 'admin',
  'GET /api/caregivers/:id': 'admin',
  'PUT /api/caregivers/:id': 'admin',
  'POST /api/caregivers/:id/archive': 'admin',
  'GET /api/case-managers': 'admin',
  'POST /api/case-managers': 'admin',
  'GET /api/case-managers/:id': 'admin',
  'PUT /api/case-managers/:id': 'admin',
  'POST /api/case-managers/:id/archive': 'admin',
  'GET /api/claim-imports': 'admin',
  'POST /api/claim-imports': 'admin',
  'GET /api/claim-imports/:id': 'admin',
  'GET /api/claim-reconciliation/link-candidates': 'admin',
  'GET /api/claim-reconciliation/unpaid-items': 'admin',
  'GET /api/client-config': 'public',
  'GET /api/client-prime-imports': 'admin',
  'POST /api/client-prime-imports': 'admin',
  'GET /api/client-prime-imports/:id': 'admin',
  'POST /api/client-prime-imports/:id/preview': 'admin',
  'POST /api/client-prime-imports/:id/start': 'admin',
  'GET /api/client-specific-terms': 'admin',
  'POST /api/client-specific-terms': 'admin',
  'DELETE /api/client-specific-terms/:id': 'admin',
  'PATCH /api/client-specific-terms/:id': 'admin',
  'GET /api/clients': 'admin',
  'POST /api/clients': 'admin',
  'GET /api/clients/:id': 'admin',
  'PUT /api/clients/:id': 'admin',
  'POST /api/clients/:id/archive': 'admin',
  'GET /api/exprs-records': 'admin',
  'POST /api/exprs-records/:id/acknowledge': 'admin',
  'POST /api/exprs-records/:id/link': 'admin',
  'GET /api/health': 'public',
  'GET /api/incident-categories': 'admin',
  'POST /api/incident-screenings': 'admin',
  'GET /api/incidents': 'admin',
  'GET /api/incidents/:id': 'admin',
  'POST /api/incidents/:id/handle': 'admin',
  'POST /api/invitations/accept': 'public',
  'POST /api/invitations/lookup': 'public',
  'POST /api/isp-extraction-test': 'admin',
  'POST /api/isp-extraction-test/file': 'admin',
  'GET /api/isps': 'admin',
  'POST /api/isps': 'admin',
  'GET /api/isps/:id': 'admin',
  'GET /api/isps/:id/export-email': 'admin',
  'GET /api/isps/:id/exports': 'admin',
  'POST /api/isps/:id/exports': 'admin',
  'GET /api/isps/:id/exports/:exportId/file': 'admin',
  'GET /api/isps/:id/pdf': 'admin',
  'GET /api/isps/:id/pdf-versions': 'admin',
  'POST /api/isps/:id/pdf-versions': 'admin',
  'PUT /api/isps/:id/protocol-order': 'admin',
  'POST /api/isps/:id/retry': 'admin',
  'POST /api/isps/:id/verify': 'admin',
  'GET /api/jobs': 'admin',
  'GET /api/jobs/:id': 'admin',
  'POST /api/location-screening/runs': 'admin',
  'GET /api/me': 'signed-in',
  'GET /api/outbox': 'admin',
  'GET /api/payroll': 'admin',
  'GET /api/payroll/adjustments': 'admin',
  'POST /api/payroll/adjustments': 'admin',
  'PATCH /api/payroll/adjustments/:id': 'admin',
  'POST /api/payroll/adjustments/:id/deactivate': 'admin',
  'GET /api/payroll/adjustments/:id/history': 'admin',
  'GET /api/payroll/caregivers/:id': 'admin',
  'GET /api/payroll/exports': 'admin',
  'POST /api/payroll/exports': 'admin',
  'GET /api/payroll/exports/:id/file': 'admin',
  'GET /api/payroll/settings': 'admin',
  'PUT /api/payroll/settings': 'admin',
  'POST /api/phrase-test': 'admin',
  'GET /api/ready': 'public',
  'GET /api/segments': 'admin',
  'GET /api/segments/:id': 'admin',
  'PATCH /api/segments/:id': 'admin',
  'DELETE /api/segments/:id/payroll-version': 'admin',
  'PUT /api/segments/:id/payroll-version': 'admin',
  'POST /api/segments/:id/split': 'admin',
  'POST /api/segments/validate': 'admin',
  'POST /api/session/activity': 'signed-in',
  'GET /api/setup': 'public',
  'POST /api/setup': 'public',
  'GET /api/shift-imports': 'admin',
  'POST /api/shift-imports': 'admin',
  'GET /api/shift-imports/:id': 'admin',
  'POST /api/shift-imports/:id/preview': 'admin',
  'POST /api/shift-imports/:id/start': 'admin',
  'GET /api/shift-note-imports': 'admin',
  'POST /api/shift-note-imports': 'admin',
  'GET /api/shift-note-imports/:id': 'admin',
  'POST /api/shift-note-imports/:id/preview': 'admin',
  'POST /api/shift-note-imports/:id/start': 'admin',
  'POST /api/shift-notes/:id/dismiss': 'admin',
  'POST /api/shift-notes/:id/resolve': 'admin',
  'GET /api/shift-notes/mismatched': 'admin',
  'GET /api/shift-notes/review': 'admin',
  'GET /api/production-shifts': 'admin',
  'GET /api/protocols': 'admin',
  'PATCH /api/protocols/:id': 'admin',
  'POST /api/protocols/:id/exclusion': 'admin',
  'POST /api/protocols/:id/status': 'admin',
  'POST /api/protocols/:id/versions': 'admin',
  'GET /api/quarterly-summaries': 'admin',
  'POST /api/quarterly-summaries': 'admin',
  'GET /api/quarterly-summaries/:clientId/:year/:quarter': 'admin',
  'POST /api/quarterly-summaries/:clientId/:year/:quarter/exports': 'admin',
  'GET /api/quarterly-summary-exports': 'admin',
  'GET /api/quarterly-summary-exports/:id/file': 'admin',
  'GET /api/shifts': 'admin',
  'DELETE /api/shifts/:id': 'admin',
  'GET /api/shifts/:id': 'admin',
  'PATCH /api/shifts/:id': 'admin',
  'POST /api/shifts/:id/restore': 'admin',
  'GET /api/shifts/export': 'admin',
  'POST /api/sign-up': 'public',
  'GET /api/storage/buckets': 'admin',
  'POST /api/storage/buckets': 'admin',
  'DELETE /api/storage/buckets/:id': 'admin',
  'GET /api/storage/buckets/:id': 'admin',
  'PUT /api/storage/buckets/:id': 'admin',
  'POST /api/storage/buckets/:id/empty': 'admin',
  'DELETE /api/storage/object/:bucket': 'admin',
  'GET /api/storage/object/:bucket/*': 'admin',
  'POST /api/storage/object/:bucket/*': 'admin',
  'POST /api/storage/object/copy': 'admin',
  'GET /api/storage/object/info/:bucket/*': 'admin',
  'POST /api/storage/object/list/:bucket': 'admin',
  'POST /api/storage/object/move': 'admin',
  'GET /api/storage/object/public/:bucket/*': 'public',
  'GET /api/storage/object/sign/:bucket/*': 'public',
  'POST /api/storage/object/sign/:bucket/*': 'admin',
  'GET /api/suspicious-locations': 'admin',
  'POST /api/suspicious-locations/:id/review': 'admin',
  'GET /api/terms': 'admin',
  'POST /api/terms': 'admin',
  'DELETE /api/terms/:id': 'admin',
  'PATCH /api/terms/:id': 'admin',
  'POST /api/tokens': 'browser-session',
  'POST /api/tokens/refresh': 'public',
  'POST /api/tokens/revoke': 'signed-in',
  'GET /api/users': 'admin',
  'POST /api/users': 'admin',
  'GET /api/users/:id': 'admin',
  'PUT /api/users/:id': 'admin',
  'POST /api/users/:id/invitation': 'admin',
  'POST /api/users/invitations': 'admin',
} as const satisfies Record<string, ApiAccess>;
