/**
 * The client, portal and caregiver dashboard screens (issue 20; docs/dashboards.md; decision 0052), keyed by
 * route-table path; each page is code-split and renders its own frame (`DashboardFrame`; the routes have no
 * layout). English and Spanish.
 */
import { lazy, type ComponentType } from 'react';

const ClientListPage = lazy(() =>
  import('./pages/client-list-page.tsx').then((m) => ({ default: m.ClientListPage })),
);
const ClientPortalPage = lazy(() =>
  import('./pages/client-portal-page.tsx').then((m) => ({ default: m.ClientPortalPage })),
);
const ClientDashboardPage = lazy(() =>
  import('./pages/client-dashboard-page.tsx').then((m) => ({ default: m.ClientDashboardPage })),
);
const ClientWelcomePage = lazy(() =>
  import('./pages/client-welcome-page.tsx').then((m) => ({ default: m.ClientWelcomePage })),
);
const InvalidClientPage = lazy(() =>
  import('./pages/invalid-page.tsx').then((m) => ({ default: m.InvalidClientPage })),
);
const CaregiverDashboardPage = lazy(() =>
  import('./pages/caregiver-dashboard-page.tsx').then((m) => ({ default: m.CaregiverDashboardPage })),
);
const CaregiverWelcomePage = lazy(() =>
  import('./pages/caregiver-welcome-page.tsx').then((m) => ({ default: m.CaregiverWelcomePage })),
);
const InvalidCaregiverPage = lazy(() =>
  import('./pages/invalid-page.tsx').then((m) => ({ default: m.InvalidCaregiverPage })),
);

export const dashboardsScreens: Record<string, ComponentType> = {
  '/dashboard/client': ClientListPage,
  '/dashboard/client/portal': ClientPortalPage,
  '/dashboard/client/invalid-client': InvalidClientPage,
  '/dashboard/client/welcome/:clientId': ClientWelcomePage,
  '/dashboard/client/:clientId': ClientDashboardPage,
  '/dashboard/caregiver/invalid-caregiver': InvalidCaregiverPage,
  '/dashboard/caregiver/welcome/:caregiverId': CaregiverWelcomePage,
  '/dashboard/caregiver/:caregiverId': CaregiverDashboardPage,
};
