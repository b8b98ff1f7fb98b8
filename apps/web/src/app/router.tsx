/**
 * The data router, built from the contracts `routeTable`: each route with a built screen (see
 * `screens.ts`) renders inside its layout and behind its guard; every other path, including route-table
 * paths without a screen, gets the 404 page ('Page Not Found: {path}', spec s.2).
 *
 * Layouts with navigation (AppShell, menus, icons) load on first use, like screens: /login and /setup
 * use the bare layout, so their first download holds none of it (docs/decisions/0005-api-performance.md).
 */
import { lazy, Suspense, type ComponentType } from 'react';
import { createBrowserRouter, Outlet, type RouteObject } from 'react-router';
// The DOM RouterProvider wires ReactDOM.flushSync (used by sign-out's navigation).
import { RouterProvider } from 'react-router/dom';
import { layouts, routeTable, type Layout } from '@tend/contracts/routes';
import { NotFoundPage, RouteErrorPage } from './error-page.tsx';
import { RouteScreen } from './route-guard.tsx';
import { screens } from './screens.ts';
import { FullScreenLoading } from '../components/ui/page-loader.tsx';
import { BareLayout } from './layouts/bare-layout.tsx';
import { SessionMonitorProvider } from '../features/auth/session/session-monitor-provider.tsx';
import { useFocusHeadingOnNavigation } from './layouts/focus-heading.ts';

const AdminLayout = lazy(() =>
  import('./layouts/admin-layout.tsx').then((m) => ({ default: m.AdminLayout })),
);
const DefaultLayout = lazy(() =>
  import('./layouts/default-layout.tsx').then((m) => ({ default: m.DefaultLayout })),
);
const MatchmakingLayout = lazy(() =>
  import('./layouts/matchmaking-layout.tsx').then((m) => ({ default: m.MatchmakingLayout })),
);
const MatchmakingClientLayout = lazy(() =>
  import('./layouts/matchmaking-client-layout.tsx').then((m) => ({ default: m.MatchmakingClientLayout })),
);
const MatchmakingCaregiverLayout = lazy(() =>
  import('./layouts/matchmaking-caregiver-layout.tsx').then((m) => ({
    default: m.MatchmakingCaregiverLayout,
  })),
);

export const layoutComponents: Record<Layout, ComponentType> = {
  admin: AdminLayout,
  default: DefaultLayout,
  matchmaking: MatchmakingLayout,
  'matchmaking-client': MatchmakingClientLayout,
  'matchmaking-caregiver': MatchmakingCaregiverLayout,
  none: BareLayout,
};

/**
 * The root route's element: the session monitor (spec s.4 "Session tiers") around every layout. It runs
 * only while someone is signed in (see `SessionMonitorProvider`) and, being inside the router, sees every
 * route change. After a client-side navigation, focus moves to the new page's heading (layouts/focus-heading.ts).
 */
function SessionRoot() {
  useFocusHeadingOnNavigation();
  return (
    <SessionMonitorProvider>
      <Outlet />
    </SessionMonitorProvider>
  );
}

/**
 * Route objects: under the root (the session monitor), one pathless layout route per layout that has
 * built screens, then the 404 catch-all.
 */
export function buildRoutes(built: Readonly<Record<string, ComponentType>> = screens): RouteObject[] {
  const layoutRoutes: RouteObject[] = [];
  for (const layout of layouts) {
    const children: RouteObject[] = routeTable
      .filter((route) => route.layout === layout && Object.hasOwn(built, route.path))
      .map((route) => {
        const screen = built[route.path] as ComponentType;
        return {
          path: route.path,
          element: <RouteScreen route={route} screen={screen} />,
          // Errors inside a screen keep the layout (navigation) around the error page.
          errorElement: <RouteErrorPage />,
          handle: { route },
        };
      });
    if (children.length === 0) continue;
    const LayoutComponent = layoutComponents[layout];
    layoutRoutes.push({
      id: `layout-${layout}`,
      element: (
        <Suspense fallback={<FullScreenLoading />}>
          <LayoutComponent />
        </Suspense>
      ),
      children,
    });
  }
  return [
    {
      id: 'root',
      element: <SessionRoot />,
      errorElement: <RouteErrorPage />,
      children: [...layoutRoutes, { path: '*', element: <NotFoundPage /> }],
    },
  ];
}

export const router = createBrowserRouter(buildRoutes());

export function AppRouter() {
  return <RouterProvider router={router} />;
}
