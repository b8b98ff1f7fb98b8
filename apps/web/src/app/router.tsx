/**
 * The data router, built from the contracts `routeTable`: each route with a built screen (see
 * `screens.ts`) renders inside its layout and behind its guard; every other path, including route-table
 * paths without a screen, gets the 404 page ('Page Not Found: {path}', spec s.2) inside the signed-in
 * user's frame ({@link ActorLayout}).
 *
 * Layouts with navigation (AppShell, menus, icons) load on first use, like screens: /login and /setup
 * use the bare layout, so their first download holds none of it (docs/decisions/0005-api-performance.md).
 */
import { lazy, Suspense, type ComponentType } from 'react';
import { createBrowserRouter, Outlet, type RouteObject } from 'react-router';
// The DOM RouterProvider wires ReactDOM.flushSync (used by sign-out's navigation).
import { RouterProvider } from 'react-router/dom';
import { layouts, routeTable, type Layout, type RouteDef } from '@tend/contracts/routes';
import { isAdmin } from '@tend/contracts/permissions';
import { NotFoundPage, RouteErrorPage } from './error-page.tsx';
import { RouteScreen } from './route-guard.tsx';
import { screens } from './screens.ts';
import { FullScreenLoading } from '../components/ui/page-loader.tsx';
import { BareLayout } from './layouts/bare-layout.tsx';
import { SessionMonitorProvider } from '../features/auth/session/session-monitor-provider.tsx';
import { useMe } from '../lib/me.ts';
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
 * The frame of a page whose frame depends on who is signed in (issue 16 item 11): the admin frame (with
 * the admin navigation) for an administrator, the simple signed-in frame (brand, the user, Sign out) for
 * anyone else signed in, and no frame when nobody is. It frames the 404 page, so an unknown address keeps
 * the navigation and sign-out, and admin-layout routes that any signed-in user may open
 * (`/admin/session-debug`), so a caregiver never sees admin links that would only bounce back.
 */
export function ActorLayout() {
  const { data: actor, isPending } = useMe();
  if (isPending) return <FullScreenLoading />;
  if (!actor) return <BareLayout />;
  const Frame = isAdmin(actor) ? AdminLayout : DefaultLayout;
  return (
    <Suspense fallback={<FullScreenLoading />}>
      <Frame />
    </Suspense>
  );
}

/** The layout a route renders in: an admin-layout route open to non-admins takes the signed-in user's frame. */
const frameOf = (route: RouteDef): Layout | 'actor' =>
  route.layout === 'admin' && route.guard !== 'admin' ? 'actor' : route.layout;

/**
 * Route objects: under the root (the session monitor), one pathless layout route per layout that has
 * built screens, then the routes framed by who is signed in ({@link ActorLayout}) with the 404 catch-all.
 */
export function buildRoutes(built: Readonly<Record<string, ComponentType>> = screens): RouteObject[] {
  const layoutRoutes: RouteObject[] = [];
  const screenRoute = (route: RouteDef): RouteObject => ({
    path: route.path,
    element: <RouteScreen route={route} screen={built[route.path] as ComponentType} />,
    // Errors inside a screen keep the layout (navigation, and the page's one `main`) around the error page.
    errorElement: <RouteErrorPage framed />,
    handle: { route },
  });
  for (const layout of layouts) {
    const children: RouteObject[] = routeTable
      .filter((route) => frameOf(route) === layout && Object.hasOwn(built, route.path))
      .map(screenRoute);
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
      children: [
        ...layoutRoutes,
        {
          id: 'layout-actor',
          element: <ActorLayout />,
          children: [
            ...routeTable
              .filter((route) => frameOf(route) === 'actor' && Object.hasOwn(built, route.path))
              .map(screenRoute),
            { path: '*', element: <NotFoundPage /> },
          ],
        },
      ],
    },
  ];
}

export const router = createBrowserRouter(buildRoutes());

export function AppRouter() {
  return <RouterProvider router={router} />;
}
