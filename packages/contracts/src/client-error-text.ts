/**
 * What the browser may tell the server about its own errors (issue 24 "Logged-only errors", spec s.8; decision
 * 0068), without zod so the app shell can use it (decision 0005): the kinds, the limits and the scrubbing that keeps
 * a report free of personal data. The API scrubs again whatever arrives (`clientErrorReport` in client-errors.ts):
 * the browser's scrubbing saves bytes, the server's is the one relied on.
 */

/**
 * The logged-only cases of spec s.8 that the web app reports: a failed session check (`GET /api/me` failing other
 * than 401), a failed session initialisation (the session monitor cannot start), an icon that failed to load
 * (none today: icons are bundled), the maps' tiles failing after their retries, a code chunk that failed to load
 * (usually a deploy), a network fetch retried (spec s.7), and any error nothing else caught.
 */
export const clientErrorKinds = [
  'session_check_failed',
  'session_init_failed',
  'icon_load_failed',
  'maps_load_failed',
  'chunk_load_failed',
  'fetch_retry',
  'unhandled_error',
] as const;
export type ClientErrorKind = (typeof clientErrorKinds)[number];

/** Longest message kept, in characters (after scrubbing). */
export const CLIENT_ERROR_MESSAGE_MAX = 500;
/** Longest route pattern accepted, in characters. */
export const CLIENT_ERROR_ROUTE_MAX = 200;

/**
 * The characters of a route PATTERN as the route table writes it (`/admin/clients/:id`): a slash, then letters,
 * digits, `:params`, `*`, dots, dashes and underscores; no query, no fragment. {@link isClientErrorRoute} also
 * refuses a run of 3+ digits (no lookahead here: the API's fuzz test generates strings from route patterns).
 */
export const CLIENT_ERROR_ROUTE_PATTERN = /^\/[A-Za-z0-9/:*._-]*$/;

/** A run of 3+ digits: an id or a number typed by someone, never part of a route pattern. */
const ID_LIKE = /\d{3}/;

/** True when `route` is a route pattern ({@link CLIENT_ERROR_ROUTE_PATTERN}) with no run of 3+ digits. */
export const isClientErrorRoute = (route: string): boolean =>
  CLIENT_ERROR_ROUTE_PATTERN.test(route) && !ID_LIKE.test(route);

const EMAIL = /[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,}/g;
/** A query string or fragment of a URL: `?a=b&c=d`, `#x` (up to whitespace or a quote). */
const QUERY = /[?#][^\s"'`<>)]*/g;
/** A run of digits, possibly broken by spaces, dots, dashes, slashes or parentheses (phones, SSNs, ids, dates). */
const DIGITS = /\+?\(?\d[\d\s().\-/]{2,}\d|\d{3,}/g;
/** A UUID (the ids of Tend's records), before the digit rule would cut it into pieces. */
const UUID = /\b[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\b/gi;

/**
 * `text` without personal data: emails → `[email]`, query strings and fragments → `[query]`, UUIDs → `[id]`, runs of
 * 3+ digits (phone, SSN, record numbers, dates) → `[number]`, control characters → spaces, cut to
 * {@link CLIENT_ERROR_MESSAGE_MAX} characters. Pure; the rule is issue 24 ("PHI-free") and the log rule of
 * docs/decisions/0040 (ids, never PHI).
 */
export function scrubClientErrorText(text: string): string {
  return text
    .replace(/\p{Cc}+/gu, ' ')
    .replace(EMAIL, '[email]')
    .replace(UUID, '[id]')
    .replace(QUERY, '[query]')
    .replace(DIGITS, '[number]')
    .slice(0, CLIENT_ERROR_MESSAGE_MAX);
}
