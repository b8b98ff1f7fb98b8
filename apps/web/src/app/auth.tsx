/**
 * Authentication state for the app shell. The actor comes from TanStack Query on `GET /api/me`
 * (401 → `null`), so there is no separate context to keep in sync: `useAuth()` reads that query and
 * hands out `signIn` (better-auth email + password) and `signOut` (through the session monitor when it runs:
 * other tabs follow, then `/login?reason=manual_logout&redirect=<this page>`).
 */
import { useMe } from '../lib/me.ts';
import { useSignIn } from '../features/auth/api/sign-in.ts';
import { useSignOut } from '../features/auth/api/sign-out.ts';

export { useMe, meQueryKey, meQueryOptions } from '../lib/me.ts';
export { useSignIn } from '../features/auth/api/sign-in.ts';
export { useSignOut } from '../features/auth/api/sign-out.ts';

/** The actor (`undefined` while loading, `null` when signed out) with sign-in and sign-out. */
export function useAuth() {
  const meQuery = useMe();
  const signIn = useSignIn();
  const signOut = useSignOut();
  return {
    actor: meQuery.data,
    isLoading: meQuery.isPending,
    error: meQuery.error,
    signIn: signIn.mutateAsync,
    signOut,
  };
}
