/**
 * Renders a route-table screen behind its guard (contracts `passesGuard`, spec s.2 and s.6):
 * - public routes render at once (no auth-loading state for /, /login, /confirm: spec s.2);
 * - while `GET /api/me` resolves: the full-screen "Loading..." overlay;
 * - not signed in: `/login?redirect=<full path>`;
 * - signed in with the wrong role: a message in sessionStorage (`tend.adminRedirectMessage`) and `/`.
 * Also sets the browser tab title from the route table.
 */
import { Suspense, useEffect, type ComponentType } from 'react';
import { Navigate, useLocation, useNavigate } from 'react-router';
import { passesGuard } from '@tend/contracts/permissions';
import type { RouteDef } from '@tend/contracts/routes';
import { useMe } from './auth.tsx';
import { storeAdminRedirectMessage } from './admin-redirect.ts';
import { FullScreenLoading, PageLoader } from '../components/ui/page-loader.tsx';

export function useDocumentTitle(title: string) {
  useEffect(() => {
    document.title = title === 'Tend Family' ? title : `${title} | Tend Family`;
  }, [title]);
}

function RedirectHome({ message }: { message: string }) {
  const navigate = useNavigate();
  useEffect(() => {
    storeAdminRedirectMessage(message);
    void navigate('/', { replace: true });
  }, [message, navigate]);
  return <FullScreenLoading />;
}

export function deniedMessage(route: RouteDef): string {
  const who = route.guard === 'admin' ? 'an administrator account' : 'a different kind of account';
  return `“${route.title}” needs ${who}. Ask your agency's administrator if you need access.`;
}

function GuardedScreen({ route, screen: Screen }: { route: RouteDef; screen: ComponentType }) {
  const location = useLocation();
  const meQuery = useMe();
  if (meQuery.isPending) return <FullScreenLoading />;
  if (meQuery.isError) throw meQuery.error;
  const actor = meQuery.data;
  if (!passesGuard(route.guard, actor)) {
    if (!actor) {
      const full = `${location.pathname}${location.search}${location.hash}`;
      return <Navigate to={`/login?redirect=${encodeURIComponent(full)}`} replace />;
    }
    return <RedirectHome message={deniedMessage(route)} />;
  }
  return (
    <Suspense fallback={<PageLoader />}>
      <Screen />
    </Suspense>
  );
}

export function RouteScreen({ route, screen: Screen }: { route: RouteDef; screen: ComponentType }) {
  useDocumentTitle(route.title);
  if (route.guard === 'public') {
    return (
      <Suspense fallback={<PageLoader />}>
        <Screen />
      </Suspense>
    );
  }
  return <GuardedScreen route={route} screen={Screen} />;
}
