/**
 * Renders a route-table screen behind its guard (contracts `passesGuard`, spec s.2 and s.6):
 * - public routes render at once (no auth-loading state for /, /login, /confirm: spec s.2);
 * - while `GET /api/me` resolves: the full-screen "Loading..." overlay;
 * - not signed in: `/login?redirect=<full path>`, with `reason=` when the server said why it ended the session
 *   (inactivity, time limit: `lib/session-end.ts`);
 * - an admin whose session has not verified a TOTP code yet (`me.mfa.required`) on a PHI (strict-tier) page:
 *   `/account/mfa?redirect=<full path>` (docs/decisions/0009-mfa.md);
 * - signed in with the wrong role: a message in sessionStorage (`tend.adminRedirectMessage`) and `/`.
 * Also sets the browser tab title from the route table.
 */
import { Suspense, useEffect, type ComponentType } from 'react';
import { Navigate, useLocation, useNavigate } from 'react-router';
import { passesGuard } from '@tend/contracts/permissions';
import { sessionTierForPath } from '@tend/contracts/session-tiers';
import type { RouteDef } from '@tend/contracts/routes';
import { useMe } from './auth.tsx';
import { storeAdminRedirectMessage } from './admin-redirect.ts';
import { peekSessionEndReason } from '../lib/session-end.ts';
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

/** The two-step verification screen (enrolment and removal of the TOTP factor; decision 0009). */
export const MFA_PATH = '/account/mfa';

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
  const full = `${location.pathname}${location.search}${location.hash}`;
  if (!passesGuard(route.guard, actor)) {
    if (!actor) {
      const reason = peekSessionEndReason();
      const query = `${reason ? `reason=${reason}&` : ''}redirect=${encodeURIComponent(full)}`;
      return <Navigate to={`/login?${query}`} replace />;
    }
    return <RedirectHome message={deniedMessage(route)} />;
  }
  if (
    actor?.mfa?.required &&
    location.pathname !== MFA_PATH &&
    sessionTierForPath(location.pathname) === 'strict_phi'
  ) {
    return <Navigate to={`${MFA_PATH}?redirect=${encodeURIComponent(full)}`} replace />;
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
