/**
 * Session tiers (spec s.4 and s.6) and their constants (spec s.9). Pure functions only.
 * The full clock-driven monitor comes with the accounts issue; this module holds the tier rules
 * both sides already need.
 *
 * Zod-free on purpose: the web shell imports this file as `@tend/contracts/session-tiers` so that zod (and every
 * schema) stays out of the JavaScript downloaded before /login is usable (docs/decisions/0005-api-performance.md).
 * Only type imports from schema files here.
 */
export const sessionTiers = ['relaxed', 'strict_phi'] as const;
export type SessionTier = (typeof sessionTiers)[number];

const MINUTE_MS = 60_000;
const DAY_MS = 24 * 60 * MINUTE_MS;

/** Limits per tier in milliseconds (spec s.9). */
export const tierLimits: Record<
  SessionTier,
  { inactivityMs: number; absoluteMs: number; warningMs: number; label: string }
> = {
  relaxed: {
    inactivityMs: 14 * DAY_MS,
    absoluteMs: 14 * DAY_MS,
    warningMs: 5 * MINUTE_MS,
    label: 'Matchmaking Mode (14d/14d)',
  },
  strict_phi: {
    inactivityMs: 45 * MINUTE_MS,
    absoluteMs: 12 * 60 * MINUTE_MS,
    warningMs: 5 * MINUTE_MS,
    label: 'PHI Access Mode (45m/12h)',
  },
};

/**
 * Timings of the session monitor (spec s.9): the activity grace period after activity during an inactivity
 * warning (6 s), the session check interval (1 s), the activity debounce (100 ms) and the auth loading
 * time-out (3000 ms). Used by `@tend/contracts/session-monitor` (spec s.4).
 */
export const sessionTimings = {
  activityGraceMs: 6_000,
  checkIntervalMs: 1_000,
  activityDebounceMs: 100,
  authLoadingTimeoutMs: 3_000,
} as const;

const relaxedExact = new Set(['/login', '/admin/session-debug', '/', '/confirm']);

/**
 * The tier a path asks for (spec s.6): relaxed for paths starting with /matchmaking and for /login,
 * /admin/session-debug, / and /confirm; strict_phi for every other path.
 */
export function sessionTierForPath(pathname: string): SessionTier {
  if (pathname === '/matchmaking' || pathname.startsWith('/matchmaking/')) return 'relaxed';
  return relaxedExact.has(pathname) ? 'relaxed' : 'strict_phi';
}

/** Logout reasons carried on `/login?reason=` (spec s.8). */
export const logoutReasons = [
  'absolute_timeout',
  'inactivity_timeout',
  'session_expired_other_tab',
  'session_signed_out',
  'manual_logout',
] as const;
export type LogoutReason = (typeof logoutReasons)[number];
