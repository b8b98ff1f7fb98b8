/**
 * The route table: every screen route of spec section 2 with its layout, guard and session tier.
 *
 * - `layout`: one of the six layouts of spec s.2 (`none` is the spec's "no-layout").
 * - `guard`: who may open it. The spec leaves dashboards and debug routes unguarded; Tend guards every
 *   route that touches PHI (spec README): dashboards need a session or an access link (`dashboard`),
 *   debug routes become admin diagnostics. See docs/decisions/0002-route-guards.md.
 * - The session tier is derived from the path by `sessionTierForPath` (spec s.6), not stored here.
 *
 * The web router renders only the routes whose screen is built; the others fall to the 404 page.
 *
 * Zod-free on purpose: the web shell imports this file as `@tend/contracts/routes` so that zod (and every
 * schema) stays out of the JavaScript downloaded before /login is usable (docs/decisions/0005-api-performance.md).
 * Only type imports from schema files here.
 */
export const layouts = [
  'admin',
  'default',
  'matchmaking-caregiver',
  'matchmaking-client',
  'matchmaking',
  'none',
] as const;
export type Layout = (typeof layouts)[number];

export const guards = [
  'public',
  'auth',
  'admin',
  'auth-role',
  'guardian-client-context',
  'dashboard',
] as const;
export type Guard = (typeof guards)[number];

export interface RouteDef {
  /** React Router path pattern (`:param` for the spec's `{param}`). */
  readonly path: string;
  readonly layout: Layout;
  readonly guard: Guard;
  /** Page title shown in the browser tab and the page header. */
  readonly title: string;
}

const r = (path: string, layout: Layout, guard: Guard, title: string): RouteDef => ({
  path,
  layout,
  guard,
  title,
});

const publicRoutes: RouteDef[] = [
  r('/', 'default', 'public', 'Tend Family'),
  r('/login', 'none', 'public', 'Sign in'),
  r('/setup', 'none', 'public', 'Set up Tend'),
  r('/confirm', 'none', 'public', 'Confirm your email'),
  r('/unauthorized', 'none', 'public', 'Unauthorized'),
  r('/auth/callback', 'none', 'public', 'Signing in'),
  r('/caregiver/login', 'none', 'public', 'Caregiver sign in'),
  r('/caregiver/confirm', 'none', 'public', 'Caregiver confirm'),
  r('/matchmaking', 'matchmaking', 'public', 'Matchmaking'),
  r('/matchmaking/role-select', 'matchmaking', 'public', 'Choose your role'),
  r('/matchmaking/mobile-upload', 'matchmaking', 'public', 'Mobile upload'),
  r('/matchmaking/embeddableLandingPage', 'none', 'public', 'Tend matchmaking'),
];

const authRoutes: RouteDef[] = [
  // Admin diagnostics of the realtime channel (issue 22; decision 0061), not a chat for users.
  r('/chat', 'default', 'admin', 'Chat'),
  // Issue 24: the smallest guarded page, for health checks of the guards; admin only like every diagnostic (0067).
  r('/protected', 'default', 'admin', 'Protected'),
  r('/testDashboard', 'default', 'admin', 'Test dashboard'),
  r('/admin/shifts', 'admin', 'admin', 'Shifts'),
  // Not in spec s.2: the shift detail page the shift-records issue asks for (a row opens it).
  r('/admin/shifts/:id', 'admin', 'admin', 'Shift'),
  r('/admin/session-debug', 'admin', 'auth', 'Session debug'),
  // Not in spec s.2: the signed-in account's email change (issue 4; docs/accounts.md).
  r('/account', 'default', 'auth', 'Account'),
  // Not in spec s.2: enrol/remove the TOTP factor; admins reach aal2 here before PHI (decision 0009).
  r('/account/mfa', 'default', 'auth', 'Two-step verification'),
  // Not in spec s.2: a caregiver acknowledges the protocols of the clients they serve (issue 19; decision 0046).
  r('/acknowledge', 'default', 'auth', 'Acknowledge protocols'),
  r('/admin/caregiver-hours', 'admin', 'admin', 'Caregiver hours'),
  r('/admin/match-detection', 'admin', 'admin', 'Match detection'),
  r('/admin/baselineLocations', 'admin', 'admin', 'Baseline locations'),
  r('/admin/misctools/client-prime-import', 'admin', 'admin', 'Client prime import'),
  r('/admin/case-manager-email-campaign', 'admin', 'admin', 'Case-manager campaigns'),
];

const adminRoutes: RouteDef[] = [
  r('/admin', 'admin', 'admin', 'Home'),
  r('/admin/users', 'admin', 'admin', 'Users'),
  r('/admin/clients', 'admin', 'admin', 'Clients'),
  r('/admin/inactive', 'admin', 'admin', 'Inactive'),
  r('/admin/incidents', 'admin', 'admin', 'Incidents'),
  r('/admin/caregivers', 'admin', 'admin', 'Caregivers'),
  r('/admin/case-managers', 'admin', 'admin', 'Case managers'),
  r('/admin/budgetOverages', 'admin', 'admin', 'Budget overages'),
  // Not in spec s.2: billing pages of issue 6 (docs/decisions/0010-billing-routes.md).
  r('/admin/billing/segments', 'admin', 'admin', 'Segments and validation'),
  r('/admin/billing/codes', 'admin', 'admin', 'Billing codes'),
  r('/admin/billing/exports', 'admin', 'admin', 'Export batches'),
  r('/admin/billing/drift', 'admin', 'admin', 'Drift'),
  r('/admin/billing/claims', 'admin', 'admin', 'Claim imports'),
  r('/admin/billing/payroll', 'admin', 'admin', 'Payroll'),
  r('/admin/mismatched-shift-notes', 'admin', 'admin', 'Mismatched shift notes'),
  r('/admin/tools/email-export', 'admin', 'admin', 'Email export'),
  r('/admin/tools/report-export', 'admin', 'admin', 'Report export'),
  r('/admin/audit', 'admin', 'admin', 'Audit log'),
  r('/admin/outbox', 'admin', 'admin', 'Outbox'),
  r('/admin/jobs', 'admin', 'admin', 'Jobs'),
  r('/admin/misctools/isp', 'admin', 'admin', 'ISPs'),
  r('/admin/misctools/isp/upload', 'admin', 'admin', 'Upload ISP'),
  r('/admin/misctools/isp/:id/export', 'admin', 'admin', 'Export ISP'),
  // Not in spec s.2: caregivers' protocol acknowledgement rates per client (issue 19; decision 0046).
  r('/admin/misctools/isp/acknowledgements', 'admin', 'admin', 'Protocol acknowledgements'),
  // Not in spec s.2: quarterly summaries of a client's shift notes (issue 19 "Export and reports"; docs/quarterly-summaries.md).
  r('/admin/misctools/isp/quarterly-summaries', 'admin', 'admin', 'Quarterly summaries'),
  r('/admin/misctools/shiftnotes/review', 'admin', 'admin', 'Shift-note review'),
  r('/verify', 'none', 'admin', 'Verify'),
  r('/process', 'none', 'admin', 'Process'),
  r('/protocols', 'none', 'admin', 'Protocols'),
  r('/upload', 'admin', 'admin', 'Import shifts'),
  r('/review-matches', 'admin', 'admin', 'Review matches'),
  r('/staging/import', 'default', 'admin', 'Staging import'),
  r('/staging/manage', 'default', 'admin', 'Staging manage'),
  r('/staging/test-comparison', 'default', 'admin', 'Staging test comparison'),
  r('/production/shifts', 'admin', 'admin', 'Production shifts'),
  r('/ocr-documents', 'admin', 'admin', 'OCR documents'),
  r('/ocr-documents/:id', 'admin', 'admin', 'OCR document'),
  // Debug routes of the original: admin diagnostics in Tend (spec README).
  r('/test', 'admin', 'admin', 'Diagnostics'),
  r('/test/phrase-mapper', 'admin', 'admin', 'Phrase mapper'),
  r('/test-sync', 'admin', 'admin', 'Sync test'),
  r('/direct-sync', 'admin', 'admin', 'Direct sync'),
  r('/phrase-test', 'admin', 'admin', 'Phrase test'),
  r('/socketTest', 'admin', 'admin', 'Realtime test'),
  r('/staging-check', 'admin', 'admin', 'Staging check'),
  r('/test-protocol-creation', 'admin', 'admin', 'Protocol creation test'),
];

const dashboardRoutes: RouteDef[] = [
  r('/dashboard', 'none', 'dashboard', 'Dashboard Not Found'),
  r('/dashboard/client', 'none', 'dashboard', 'Client dashboard'),
  r('/dashboard/client/portal', 'none', 'dashboard', 'Client portal'),
  r('/dashboard/client/invalid-client', 'none', 'public', 'Invalid client'),
  r('/dashboard/client/welcome/:clientId', 'none', 'dashboard', 'Welcome'),
  r('/dashboard/client/:clientId', 'none', 'dashboard', 'Client dashboard'),
  r('/dashboard/case-manager', 'none', 'dashboard', 'Case manager dashboard'),
  r('/dashboard/case-manager/:caseManagerId', 'none', 'dashboard', 'Case manager dashboard'),
  r('/dashboard/caregiver/invalid-caregiver', 'none', 'public', 'Invalid caregiver'),
  r('/dashboard/caregiver/welcome/:caregiverId', 'none', 'dashboard', 'Welcome'),
  r('/dashboard/caregiver/:caregiverId', 'none', 'dashboard', 'Caregiver dashboard'),
  // Not in spec s.2: the page an emailed dashboard access link opens (issue 20; docs/access-links.md).
  r('/dashboard/access', 'none', 'public', 'Open your dashboard'),
];

const mmClient = (sub: string, guard: Guard, title: string) =>
  r(`/matchmaking/client${sub}`, 'matchmaking-client', guard, title);
const mmCaregiver = (sub: string, guard: Guard, title: string) =>
  r(`/matchmaking/caregiver${sub}`, 'matchmaking-caregiver', guard, title);

const matchmakingRoutes: RouteDef[] = [
  r('/matchmaking/guardian/create', 'matchmaking', 'auth-role', 'Create guardian profile'),
  r(
    '/matchmaking/guardian/:guardianId/createClient',
    'matchmaking',
    'guardian-client-context',
    'Add a client',
  ),
  r('/matchmaking/verification/id', 'matchmaking', 'auth', 'Verify your identity'),
  // Not in spec s.2: the admins' review of matchmaking reports, ID documents, provider numbers, checks and family
  // codes (issue 21 "reviewed by admins"; decision 0057).
  r('/admin/matchmaking/reviews', 'admin', 'admin', 'Matchmaking reviews'),
  mmClient('/new', 'auth-role', 'New client profile'),
  mmClient('/new/:id/avatar', 'guardian-client-context', 'Profile picture'),
  mmClient('/careDetails', 'guardian-client-context', 'Care details'),
  mmClient('/scheduleMaker', 'guardian-client-context', 'Schedule'),
  mmClient('/listingFinalization', 'guardian-client-context', 'Finish listing'),
  mmClient('/:uniqueKey/map', 'auth', 'Map'),
  mmClient('/likes', 'guardian-client-context', 'Likes'),
  mmClient('/likesList', 'guardian-client-context', 'Likes list'),
  mmClient('/matches', 'guardian-client-context', 'Matches'),
  mmClient('/profile', 'guardian-client-context', 'Profile'),
  mmClient('/profileFirstTime', 'guardian-client-context', 'Welcome'),
  mmClient('/messageHub', 'guardian-client-context', 'Messages'),
  mmClient('/caregiver/:id/profile', 'guardian-client-context', 'Caregiver profile'),
  mmClient('/caregiver/:id/fullProfile', 'guardian-client-context', 'Caregiver full profile'),
  mmClient('/messager/:matchId', 'guardian-client-context', 'Conversation'),
  mmCaregiver('/create', 'auth', 'Create caregiver profile'),
  mmCaregiver('/new/form', 'auth-role', 'About you'),
  mmCaregiver('/new/:id/addMedia', 'auth-role', 'Add media'),
  mmCaregiver('/medallion', 'auth-role', 'Medallion'),
  mmCaregiver('/scheduleMaker', 'auth-role', 'Schedule'),
  mmCaregiver('/bioCreation', 'auth-role', 'Your bio'),
  mmCaregiver('/profilePhoto', 'auth-role', 'Profile photo'),
  mmCaregiver('/additionalInfo', 'auth-role', 'Additional information'),
  mmCaregiver('/listingFinalization', 'auth-role', 'Finish listing'),
  mmCaregiver('/verificationComplete', 'auth-role', 'Verification complete'),
  mmCaregiver('/:uniqueKey/map', 'auth', 'Map'),
  mmCaregiver('/likes', 'auth-role', 'Likes'),
  mmCaregiver('/likesList', 'auth-role', 'Likes list'),
  mmCaregiver('/clients', 'auth-role', 'Clients'),
  mmCaregiver('/matches', 'auth-role', 'Matches'),
  mmCaregiver('/profile', 'auth-role', 'Profile'),
  mmCaregiver('/messageHub', 'auth-role', 'Messages'),
  mmCaregiver('/previewProfileTest', 'auth-role', 'Profile preview'),
  mmCaregiver('/client/:id/profile', 'auth-role', 'Client profile'),
  mmCaregiver('/messager/:matchId', 'auth-role', 'Conversation'),
];

/** Every route of spec section 2 (plus Tend's own `/setup`, `/admin`, `/admin/audit`, `/admin/outbox`, `/admin/jobs`). */
export const routeTable: readonly RouteDef[] = [
  ...publicRoutes,
  ...authRoutes,
  ...adminRoutes,
  ...dashboardRoutes,
  ...matchmakingRoutes,
];

/** Route lookup by exact path pattern; throws when the pattern is not in the table (a programming error). */
export function routeByPath(path: string): RouteDef {
  const found = routeTable.find((route) => route.path === path);
  if (!found) throw new Error(`Route ${path} is not in the route table`);
  return found;
}

/**
 * The same-origin path rule for every "where to go next" value (`/login?redirect=`, better-auth's `callbackURL`,
 * `errorCallbackURL`, `newUserCallbackURL` and `redirectTo`; docs/google-sign-in.md): a path that starts with `/`,
 * not with `//` or `/\` (which browsers read as another host: WHATWG URL treats `\` as `/`), and has no control
 * characters (URL parsers drop tabs and newlines, which could turn `/\t/host` into `//host`). Such a path always
 * resolves to the page's own origin. Returns `value` unchanged (`/account?tab=1#x`), or null when it is not such a
 * path.
 */
export function sameOriginPath(value: string): string | null {
  if (!value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return null;
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f]/.test(value)) return null;
  return value;
}
