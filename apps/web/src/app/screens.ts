/**
 * The built screens, keyed by route-table path (contracts `routeTable`). The router renders a route
 * only when it has a screen here; every other path falls to the 404 page (no placeholders).
 * Pages are code-split: each loads when its route is first opened.
 */
import { lazy, type ComponentType } from 'react';
import { routeTable } from '@tend/contracts/routes';
import { peopleScreens } from '../features/people/routes.tsx';
import { shiftsScreens } from '../features/shifts/routes.tsx';
import { screeningScreens } from '../features/screening/routes.tsx';
import { messagingScreens } from '../features/messaging/routes.tsx';
import { hoursScreens } from '../features/hours/routes.tsx';
import { budgetsScreens } from '../features/budgets/routes.tsx';
import { billingScreens } from '../features/billing/routes.tsx';
import { payrollScreens } from '../features/payroll/routes.tsx';
import { validationScreens } from '../features/validation/routes.tsx';
import { authScreens } from '../features/auth/routes.tsx';
import { ispScreens } from '../features/isp/routes.tsx';
import { dashboardsScreens } from '../features/dashboards/routes.tsx';
import { accessScreens } from '../features/access/routes.tsx';
import { campaignsScreens } from '../features/campaigns/routes.tsx';
import { reportExportScreens } from '../features/report-export/routes.tsx';
import { matchmakingScreens } from '../features/matchmaking/routes.tsx';
import { realtimeScreens } from '../features/realtime/routes.tsx';
import { stagingScreens } from '../features/staging/routes.tsx';
import { ocrScreens } from '../features/ocr/routes.tsx';
import { diagnosticsScreens } from '../features/diagnostics/routes.tsx';

const HomePage = lazy(() => import('./pages/home-page.tsx').then((m) => ({ default: m.HomePage })));
const LoginPage = lazy(() =>
  import('../features/auth/pages/login-page.tsx').then((m) => ({ default: m.LoginPage })),
);
const SetupPage = lazy(() =>
  import('../features/auth/pages/setup-page.tsx').then((m) => ({ default: m.SetupPage })),
);
const AgencyHomePage = lazy(() =>
  import('./pages/agency-home-page.tsx').then((m) => ({ default: m.AgencyHomePage })),
);
const AuditLogPage = lazy(() =>
  import('../features/audit/pages/audit-log-page.tsx').then((m) => ({ default: m.AuditLogPage })),
);
const SessionDebugPage = lazy(() =>
  import('../features/auth/pages/session-debug-page.tsx').then((m) => ({ default: m.SessionDebugPage })),
);
const UsersPage = lazy(() =>
  import('./pages/users-admin-screen.tsx').then((m) => ({ default: m.UsersAdminScreen })),
);

const shellScreens: Record<string, ComponentType> = {
  '/': HomePage,
  '/login': LoginPage,
  '/setup': SetupPage,
  '/admin': AgencyHomePage,
  '/admin/audit': AuditLogPage,
  '/admin/users': UsersPage,
  '/admin/session-debug': SessionDebugPage,
};

export const screens: Readonly<Record<string, ComponentType>> = {
  ...shellScreens,
  ...peopleScreens,
  ...shiftsScreens,
  ...stagingScreens,
  ...screeningScreens,
  ...messagingScreens,
  ...hoursScreens,
  ...budgetsScreens,
  ...billingScreens,
  ...payrollScreens,
  ...validationScreens,
  ...authScreens,
  ...ispScreens,
  ...dashboardsScreens,
  ...accessScreens,
  ...campaignsScreens,
  ...reportExportScreens,
  ...matchmakingScreens,
  ...realtimeScreens,
  ...ocrScreens,
  ...diagnosticsScreens,
};

const knownPaths = new Set(routeTable.map((route) => route.path));
for (const path of Object.keys(screens)) {
  // A screen keyed by a path missing from the route table would never render: say so loudly.
  if (!knownPaths.has(path))
    console.error(`Screen "${path}" is not in the contracts route table; it is not routed.`);
}

/** Whether the route-table path has a built screen (used to list only built pages in navigation). */
export const isBuilt = (path: string): boolean => Object.hasOwn(screens, path);
