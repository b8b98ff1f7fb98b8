import { sameOriginPath } from '@tend/contracts/routes';

/**
 * Sanitises the `redirect` query of `/login` (spec s.2: "full path to return to after login").
 * Only a same-origin path is honoured (`sameOriginPath` of @tend/contracts/routes, the rule the server applies to
 * better-auth's callback URLs) that resolves to this origin and is not `/login` itself.
 * Returns the path (with its query and hash) or `null`.
 */
export function safeRedirectPath(
  value: string | null | undefined,
  origin = window.location.origin,
): string | null {
  if (!value || sameOriginPath(value) === null) return null;
  try {
    const url = new URL(value, origin);
    if (url.origin !== origin) return null;
    if (url.pathname === '/login') return null;
    return `${url.pathname}${url.search}${url.hash}`;
  } catch {
    return null;
  }
}
