/**
 * The dashboard screens (issue 20; docs/dashboards.md; decisions 0051, 0052), keyed by route-table path; each page is
 * code-split. The dashboards use layout `none` and draw their own frame; `/testDashboard` is an admin page.
 */
import { lazy, type ComponentType } from 'react';
import { afterCatalogue } from '../../i18n/catalogues.ts';

const DashboardNotFoundPage = lazy(() =>
  afterCatalogue(import('./pages/dashboard-not-found-page.tsx')).then((m) => ({
    default: m.DashboardNotFoundPage,
  })),
);
const CaseManagerHomePage = lazy(() =>
  afterCatalogue(import('./pages/case-manager-home-page.tsx')).then((m) => ({
    default: m.CaseManagerHomePage,
  })),
);
const CaseManagerDashboardPage = lazy(() =>
  afterCatalogue(import('./pages/case-manager-dashboard-page.tsx')).then((m) => ({
    default: m.CaseManagerDashboardPage,
  })),
);
const TestDashboardPage = lazy(() =>
  afterCatalogue(import('./pages/test-dashboard-page.tsx')).then((m) => ({ default: m.TestDashboardPage })),
);

const ClientListPage = lazy(() =>
  afterCatalogue(import('./pages/client-list-page.tsx')).then((m) => ({ default: m.ClientListPage })),
);
const ClientPortalPage = lazy(() =>
  afterCatalogue(import('./pages/client-portal-page.tsx')).then((m) => ({ default: m.ClientPortalPage })),
);
const ClientDashboardPage = lazy(() =>
  afterCatalogue(import('./pages/client-dashboard-page.tsx')).then((m) => ({
    default: m.ClientDashboardPage,
  })),
);
const ClientWelcomePage = lazy(() =>
  afterCatalogue(import('./pages/client-welcome-page.tsx')).then((m) => ({ default: m.ClientWelcomePage })),
);
const InvalidClientPage = lazy(() =>
  afterCatalogue(import('./pages/invalid-page.tsx')).then((m) => ({ default: m.InvalidClientPage })),
);
const CaregiverDashboardPage = lazy(() =>
  afterCatalogue(import('./pages/caregiver-dashboard-page.tsx')).then((m) => ({
    default: m.CaregiverDashboardPage,
  })),
);
const CaregiverWelcomePage = lazy(() =>
  afterCatalogue(import('./pages/caregiver-welcome-page.tsx')).then((m) => ({
    default: m.CaregiverWelcomePage,
  })),
);
const InvalidCaregiverPage = lazy(() =>
  afterCatalogue(import('./pages/invalid-page.tsx')).then((m) => ({ default: m.InvalidCaregiverPage })),
);

export const dashboardsScreens: Record<string, ComponentType> = {
  '/dashboard': DashboardNotFoundPage,
  '/dashboard/case-manager': CaseManagerHomePage,
  '/dashboard/case-manager/:caseManagerId': CaseManagerDashboardPage,
  '/testDashboard': TestDashboardPage,
  '/dashboard/client': ClientListPage,
  '/dashboard/client/portal': ClientPortalPage,
  '/dashboard/client/invalid-client': InvalidClientPage,
  '/dashboard/client/welcome/:clientId': ClientWelcomePage,
  '/dashboard/client/:clientId': ClientDashboardPage,
  '/dashboard/caregiver/invalid-caregiver': InvalidCaregiverPage,
  '/dashboard/caregiver/welcome/:caregiverId': CaregiverWelcomePage,
  '/dashboard/caregiver/:caregiverId': CaregiverDashboardPage,
};
