/**
 * The dashboard screens (issue 20; docs/dashboards.md), keyed by route-table path; each page is code-split. The
 * dashboards use layout `none` and draw their own frame; `/testDashboard` is an admin page.
 */
import { lazy, type ComponentType } from 'react';

const DashboardNotFoundPage = lazy(() =>
  import('./pages/dashboard-not-found-page.tsx').then((m) => ({ default: m.DashboardNotFoundPage })),
);
const CaseManagerHomePage = lazy(() =>
  import('./pages/case-manager-home-page.tsx').then((m) => ({ default: m.CaseManagerHomePage })),
);
const CaseManagerDashboardPage = lazy(() =>
  import('./pages/case-manager-dashboard-page.tsx').then((m) => ({ default: m.CaseManagerDashboardPage })),
);
const TestDashboardPage = lazy(() =>
  import('./pages/test-dashboard-page.tsx').then((m) => ({ default: m.TestDashboardPage })),
);

export const dashboardsScreens: Record<string, ComponentType> = {
  '/dashboard': DashboardNotFoundPage,
  '/dashboard/case-manager': CaseManagerHomePage,
  '/dashboard/case-manager/:caseManagerId': CaseManagerDashboardPage,
  '/testDashboard': TestDashboardPage,
};
