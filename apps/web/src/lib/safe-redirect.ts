/**
 * Sanitises the `redirect` query of `/login` (spec s.2: "full path to return to after login").
 * Only a same-origin path is honoured: it must start with `/`, not with `//` or `/\` (which browsers
 * read as another host), contain no control characters, and resolve to this origin.
 * Returns the path (with its query and hash) or `null`.
 */
export function safeRedirectPath(
  value: string | null | undefined,
  origin = window.location.origin,
): string | null {
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return null;
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f]/.test(value)) return null;
  try {
    const url = new URL(value, origin);
    if (url.origin !== origin) return null;
    if (url.pathname === '/login') return null;
    return `${url.pathname}${url.search}${url.hash}`;
  } catch {
    return null;
  }
}
