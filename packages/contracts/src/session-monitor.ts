/**
 * The session monitor of spec s.4 ("Session tiers", "Auth loading") as pure, clock-injected functions.
 *
 * `sessionMonitorStep(state, event, now)` is a reducer: it takes a plain serialisable state, one event and the
 * current time in milliseconds, and returns the next state and a list of effects (data) that the UI layer
 * carries out: start/stop the 1 s check and the activity listeners, persist the session keys, store the logout
 * reason, broadcast to other tabs, clear storage, sign out, navigate. Nothing here reads a clock, sets a timer,
 * touches the DOM or storage.
 *
 * Zod-free on purpose, like `session-tiers.ts`: the web shell imports it as `@tend/contracts/session-monitor`
 * before /login is usable (docs/decisions/0005-api-performance.md). Import nothing but `session-tiers.ts`.
 */
import {
  logoutReasons,
  sessionTierForPath,
  sessionTiers,
  sessionTimings,
  tierLimits,
  type LogoutReason,
  type SessionTier,
} from './session-tiers.ts';

// ---------------------------------------------------------------------------------------------------------
// Activity

/** Kinds of user activity the monitor counts (spec s.4): click, keypress, scroll, mousemove and touch. */
export const activityKinds = ['click', 'keypress', 'scroll', 'mousemove', 'touch'] as const;
export type ActivityKind = (typeof activityKinds)[number];

/**
 * DOM event types the UI listens to, and the activity kind each counts as (spec s.4: click, keypress, scroll,
 * mousemove; touch events also count). `keydown` counts as keypress because browsers fire no keypress for
 * keys such as Tab or the arrows, which keyboard users still press while working.
 */
export const activityDomEvents: Readonly<Record<string, ActivityKind>> = {
  click: 'click',
  keypress: 'keypress',
  keydown: 'keypress',
  scroll: 'scroll',
  mousemove: 'mousemove',
  touchstart: 'touch',
  touchmove: 'touch',
};

/**
 * Whether an activity at `now` counts, given the time the last one was counted (spec s.4 and s.9: activity is
 * debounced at 100 ms). Leading edge: the first activity counts at once, later ones only once `intervalMs` has
 * passed since the last counted one (a trailing debounce would never fire under a steady stream of
 * mousemoves). A clock that went backwards counts, so a clock change cannot silence activity.
 */
export function shouldCountActivity(
  lastCountedAt: number | null,
  now: number,
  intervalMs: number = sessionTimings.activityDebounceMs,
): boolean {
  if (lastCountedAt === null) return true;
  const elapsed = now - lastCountedAt;
  return elapsed < 0 || elapsed >= intervalMs;
}

/** A debouncer bound to one interval (default 100 ms, spec s.9); see `shouldCountActivity`. Pure: no state. */
export function createActivityDebouncer(intervalMs: number = sessionTimings.activityDebounceMs): {
  intervalMs: number;
  shouldCount: (lastCountedAt: number | null, now: number) => boolean;
} {
  return {
    intervalMs,
    shouldCount: (lastCountedAt, now) => shouldCountActivity(lastCountedAt, now, intervalMs),
  };
}

// ---------------------------------------------------------------------------------------------------------
// State, events, effects

export type SessionWarningType = 'absolute' | 'inactivity';
/** `shown`: the warning asks for a decision; `activity`: activity was seen, the 6 s grace period runs. */
export type SessionWarningStatus = 'shown' | 'activity';

/** The warning on screen (spec s.4). `graceEndsAt` is set only while `status` is `activity`. */
export interface SessionWarning {
  type: SessionWarningType;
  status: SessionWarningStatus;
  graceEndsAt: number | null;
}

/**
 * Everything the monitor knows, plain and serialisable (spec s.4). Times are epoch milliseconds.
 * `path` is the current full path (pathname + search + hash), used for the tier and the logout redirect.
 * `storedReason` is the reason of this tab's last logout. Deadlines are null while not monitoring.
 */
export interface SessionMonitorState {
  monitoring: boolean;
  tier: SessionTier;
  path: string;
  issuedAt: number | null;
  absoluteExpiresAt: number | null;
  inactivityExpiresAt: number | null;
  lastActivityAt: number | null;
  warning: SessionWarning | null;
  absoluteWarningDismissed: boolean;
  loggingOut: boolean;
  storedReason: LogoutReason | null;
}

/** The state before any user is present: not monitoring, relaxed tier, no deadlines (spec s.4). */
export const initialSessionMonitorState: SessionMonitorState = Object.freeze({
  monitoring: false,
  tier: 'relaxed',
  path: '/',
  issuedAt: null,
  absoluteExpiresAt: null,
  inactivityExpiresAt: null,
  lastActivityAt: null,
  warning: null,
  absoluteWarningDismissed: false,
  loggingOut: false,
  storedReason: null,
});

/**
 * The session keys the UI persists (in localStorage) so a reload keeps the tier and deadlines (spec s.4: "once
 * strict_phi is stored it stays until logout"; logout clears them). `issuedAt` ties them to one session.
 */
export interface StoredSessionKeys {
  issuedAt: number;
  tier: SessionTier;
  absoluteExpiresAt: number;
  lastActivityAt: number;
}

/** Options of a logout (spec s.4): skip the cross-tab broadcast, skip signing out of the auth service. */
export interface LogoutOptions {
  suppressBroadcast?: boolean;
  suppressSignOut?: boolean;
}

/**
 * Events fed to `sessionMonitorStep` (spec s.4):
 * - `start`: a user is present. `issuedAt` is the session's issue time (ms); `path` the current full path;
 *   `stored` the persisted keys, if any (ignored unless they carry the same `issuedAt`). Also re-initialisation.
 * - `stop`: the user is gone or the page unloads: cleanup.
 * - `routeChange`: the full path changed.
 * - `activity`: a click, keypress, scroll, mousemove or touch (the step applies the 100 ms debounce itself).
 * - `tick`: the 1 s check.
 * - `continue` / `dismiss`: the warning's buttons.
 * - `logout`: a logout from this tab; default reason manual_logout.
 * - `otherTabLogout`: another tab's force-logout marker, with the reason it stored (any string; invalid → none).
 * - `authSignedOut`: the auth service reported SIGNED_OUT, with the stored reason if any.
 * - `logoutFinished`: the UI finished the logout effects (sign-out settled, navigated); another logout may run.
 */
export type SessionMonitorEvent =
  | {
      type: 'start';
      issuedAt: number;
      path: string;
      stored?: Partial<StoredSessionKeys> | null;
      /**
       * The tier the server records for this session (`GET /api/me`). The server enforces it on every
       * request, so a strict_phi session is strict_phi here too, even on a relaxed page (issue 16 item 11).
       */
      serverTier?: SessionTier | null;
    }
  | { type: 'stop' }
  | { type: 'routeChange'; path: string }
  | { type: 'activity'; kind: ActivityKind }
  /** Another tab of the same session stored activity at `at` (ms): the user is active, just elsewhere. */
  | { type: 'otherTabActivity'; at: number }
  | { type: 'tick' }
  | { type: 'continue' }
  | { type: 'dismiss' }
  | { type: 'logout'; reason?: LogoutReason; options?: LogoutOptions }
  | { type: 'otherTabLogout'; storedReason?: string | null }
  | { type: 'authSignedOut'; storedReason?: string | null }
  | { type: 'logoutFinished' };

/**
 * Effects the UI carries out, in order (spec s.4):
 * - `startMonitoring`: start the check every `checkIntervalMs` and the activity listeners;
 * - `stopMonitoring`: clear them (cleanup);
 * - `persist`: write the session keys;
 * - `storeReason`: store the logout reason where other tabs can read it (not one of the session keys);
 * - `broadcastLogout`: write the force-logout marker for other tabs;
 * - `clearStorage`: remove the session keys and clear browser sessionStorage;
 * - `signOut`: sign out of the authentication service;
 * - `navigate`: go to `to` (replace the history entry).
 */
export type SessionMonitorEffect =
  | { type: 'startMonitoring'; checkIntervalMs: number; activityDebounceMs: number }
  | { type: 'stopMonitoring' }
  | { type: 'persist'; keys: StoredSessionKeys }
  | { type: 'storeReason'; reason: LogoutReason }
  | { type: 'broadcastLogout'; reason: LogoutReason }
  | { type: 'clearStorage' }
  | { type: 'signOut' }
  | { type: 'navigate'; to: string };

export interface SessionMonitorStepResult {
  state: SessionMonitorState;
  effects: SessionMonitorEffect[];
}

// ---------------------------------------------------------------------------------------------------------
// Pure rules

/** A logout reason if `value` is one of spec s.8's reasons, else null (for reasons read back from storage). */
export function parseLogoutReason(value: unknown): LogoutReason | null {
  return typeof value === 'string' && (logoutReasons as readonly string[]).includes(value)
    ? (value as LogoutReason)
    : null;
}

/** The pathname of a full path (drops `?search` and `#hash`); the tier depends on the pathname only (spec s.6). */
export function pathnameOf(path: string): string {
  const cut = path.search(/[?#]/);
  const pathname = cut === -1 ? path : path.slice(0, cut);
  return pathname === '' ? '/' : pathname;
}

/**
 * Where a logout goes (spec s.4): `/login` with the reason and the current full path as redirect, encoded.
 */
export function loginPathForLogout(reason: LogoutReason, currentPath: string): string {
  return `/login?reason=${reason}&redirect=${encodeURIComponent(currentPath)}`;
}

/**
 * The logout reason if a deadline has been reached at `now` (spec s.4): absolute_timeout when
 * `now >= absoluteExpiresAt`, else inactivity_timeout when `now >= inactivityExpiresAt`, else null.
 * Absolute wins when both have expired. Null while not monitoring.
 */
export function sessionExpiryReason(state: SessionMonitorState, now: number): LogoutReason | null {
  if (!state.monitoring) return null;
  if (state.absoluteExpiresAt !== null && now >= state.absoluteExpiresAt) return 'absolute_timeout';
  if (state.inactivityExpiresAt !== null && now >= state.inactivityExpiresAt) return 'inactivity_timeout';
  return null;
}

/**
 * Milliseconds left before the deadline the displayed warning is about (spec s.4): the absolute deadline for an
 * absolute warning, the inactivity deadline for an inactivity one; never below 0; null without a warning.
 */
export function warningCountdown(state: SessionMonitorState, now: number): number | null {
  if (state.warning === null) return null;
  const deadline = state.warning.type === 'absolute' ? state.absoluteExpiresAt : state.inactivityExpiresAt;
  return deadline === null ? null : Math.max(0, deadline - now);
}

/** Facts for `authLoadingDone` (spec s.4 "Auth loading"). `startedAt` is when loading began (ms). */
export interface AuthLoadingFacts {
  startedAt: number;
  authStateChanged: boolean;
  sessionFetched: boolean;
  publicPath: boolean;
}

/**
 * Whether auth loading is over (spec s.4 "Auth loading", s.9): loading starts true and ends on an auth state
 * change, on a session fetch, once 3000 ms have passed since it started, or when the path is public.
 */
export function authLoadingDone(
  facts: AuthLoadingFacts,
  now: number,
  timeoutMs: number = sessionTimings.authLoadingTimeoutMs,
): boolean {
  return (
    facts.authStateChanged || facts.sessionFetched || facts.publicPath || now - facts.startedAt >= timeoutMs
  );
}

/** The session keys to persist for a monitored state, or null while not monitoring. */
export function storedSessionKeys(state: SessionMonitorState): StoredSessionKeys | null {
  if (!state.monitoring || state.issuedAt === null) return null;
  if (state.absoluteExpiresAt === null || state.lastActivityAt === null) return null;
  return {
    issuedAt: state.issuedAt,
    tier: state.tier,
    absoluteExpiresAt: state.absoluteExpiresAt,
    lastActivityAt: state.lastActivityAt,
  };
}

// ---------------------------------------------------------------------------------------------------------
// The step function

const unchanged = (state: SessionMonitorState): SessionMonitorStepResult => ({ state, effects: [] });

const finite = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value);

function persistEffect(state: SessionMonitorState): SessionMonitorEffect[] {
  const keys = storedSessionKeys(state);
  return keys ? [{ type: 'persist', keys }] : [];
}

/** Activity resets the inactivity expiry and stores the last-activity time; during an inactivity warning it
 * switches the warning to `activity` and starts the 6 s grace period (spec s.4). */
function recordActivity(state: SessionMonitorState, now: number): SessionMonitorState {
  const warning =
    state.warning?.type === 'inactivity' && state.warning.status === 'shown'
      ? {
          type: 'inactivity' as const,
          status: 'activity' as const,
          graceEndsAt: now + sessionTimings.activityGraceMs,
        }
      : state.warning;
  return {
    ...state,
    lastActivityAt: now,
    inactivityExpiresAt: now + tierLimits[state.tier].inactivityMs,
    warning,
  };
}

/** Which warning, if any, the state should show at `now` (spec s.4); the deadlines have not been reached. */
function withWarning(state: SessionMonitorState, now: number): SessionMonitorState {
  if (state.absoluteExpiresAt === null || state.inactivityExpiresAt === null) return state;
  let current = state.warning;
  if (current?.status === 'activity') {
    // The grace period keeps the "activity detected" warning up; when it ends the warning is hidden.
    if (current.graceEndsAt !== null && now < current.graceEndsAt) return state;
    current = null;
  }
  const absoluteLeft = state.absoluteExpiresAt - now;
  const inactivityLeft = state.inactivityExpiresAt - now;
  const type: SessionWarningType = absoluteLeft < inactivityLeft ? 'absolute' : 'inactivity';
  const left = Math.min(absoluteLeft, inactivityLeft);
  let next: SessionWarning | null;
  if (left > tierLimits[state.tier].warningMs || left <= 0) next = null;
  else if (type === 'absolute' && state.absoluteWarningDismissed) next = null;
  else if (current?.type === type) next = current;
  else next = { type, status: 'shown', graceEndsAt: null };
  return next === state.warning ? state : { ...state, warning: next };
}

/** The 1 s check (spec s.4): log out on an expired deadline (absolute wins), else update the warning. */
function check(state: SessionMonitorState, now: number): SessionMonitorStepResult {
  if (!state.monitoring || state.loggingOut) return unchanged(state);
  const reason = sessionExpiryReason(state, now);
  if (reason) return logout(state, reason, {});
  return { state: withWarning(state, now), effects: [] };
}

/**
 * The logout sequence (spec s.4): store the reason; broadcast the force-logout marker (unless suppressed);
 * clear session keys and sessionStorage; reset warning and tier; sign out (unless suppressed); go to /login with
 * the reason and the current full path; then stop monitoring. Only one logout runs at a time.
 */
function logout(
  state: SessionMonitorState,
  reason: LogoutReason,
  options: LogoutOptions,
): SessionMonitorStepResult {
  if (state.loggingOut) return unchanged(state);
  const effects: SessionMonitorEffect[] = [{ type: 'storeReason', reason }];
  if (!options.suppressBroadcast) effects.push({ type: 'broadcastLogout', reason });
  effects.push({ type: 'clearStorage' });
  if (!options.suppressSignOut) effects.push({ type: 'signOut' });
  effects.push({ type: 'navigate', to: loginPathForLogout(reason, state.path) });
  if (state.monitoring) effects.push({ type: 'stopMonitoring' });
  return {
    state: { ...initialSessionMonitorState, path: state.path, loggingOut: true, storedReason: reason },
    effects,
  };
}

function sanitizeStored(
  stored: Partial<StoredSessionKeys>,
  issuedAt: number,
): Partial<StoredSessionKeys> | null {
  if (stored.issuedAt !== issuedAt) return null;
  return {
    tier: sessionTiers.includes(stored.tier as SessionTier) ? stored.tier : undefined,
    absoluteExpiresAt: finite(stored.absoluteExpiresAt) ? stored.absoluteExpiresAt : undefined,
    lastActivityAt: finite(stored.lastActivityAt) ? stored.lastActivityAt : undefined,
  };
}

function start(
  state: SessionMonitorState,
  event: Extract<SessionMonitorEvent, { type: 'start' }>,
  now: number,
): SessionMonitorStepResult {
  if (state.loggingOut) return unchanged(state);
  // What is already known about this same session: the running state (re-initialisation) and the stored keys.
  const priors: Partial<StoredSessionKeys>[] = [];
  const running = storedSessionKeys(state);
  if (running && running.issuedAt === event.issuedAt) priors.push(running);
  const stored = event.stored ? sanitizeStored(event.stored, event.issuedAt) : null;
  if (stored) priors.push(stored);

  const tier: SessionTier =
    sessionTierForPath(pathnameOf(event.path)) === 'strict_phi' ||
    event.serverTier === 'strict_phi' ||
    priors.some((p) => p.tier === 'strict_phi')
      ? 'strict_phi'
      : 'relaxed';
  const absoluteExpiresAt = Math.min(
    event.issuedAt + tierLimits[tier].absoluteMs,
    ...priors.flatMap((p) => (p.absoluteExpiresAt === undefined ? [] : [p.absoluteExpiresAt])),
  );
  const previousActivity = priors.flatMap((p) => (p.lastActivityAt === undefined ? [] : [p.lastActivityAt]));
  const lastActivityAt = previousActivity.length ? Math.min(now, Math.max(...previousActivity)) : now;

  const next: SessionMonitorState = {
    ...initialSessionMonitorState,
    monitoring: true,
    tier,
    path: event.path,
    issuedAt: event.issuedAt,
    absoluteExpiresAt,
    lastActivityAt,
    inactivityExpiresAt: lastActivityAt + tierLimits[tier].inactivityMs,
  };
  const effects: SessionMonitorEffect[] = state.monitoring
    ? []
    : [
        {
          type: 'startMonitoring',
          checkIntervalMs: sessionTimings.checkIntervalMs,
          activityDebounceMs: sessionTimings.activityDebounceMs,
        },
      ];
  effects.push(...persistEffect(next));
  // A restored session may already be past a deadline (a reload after a long sleep): check at once.
  const checked = check(next, now);
  return { state: checked.state, effects: [...effects, ...checked.effects] };
}

function routeChange(state: SessionMonitorState, path: string, now: number): SessionMonitorStepResult {
  const moved = { ...state, path };
  if (!state.monitoring || state.loggingOut || state.issuedAt === null || state.absoluteExpiresAt === null) {
    return { state: moved, effects: [] };
  }
  // A deadline reached before this navigation (e.g. while the tab slept) is not revived by it.
  const expired = sessionExpiryReason(state, now);
  if (expired) return logout(moved, expired, {});
  const tier = state.tier === 'strict_phi' ? 'strict_phi' : sessionTierForPath(pathnameOf(path));
  const absoluteExpiresAt = Math.min(state.absoluteExpiresAt, state.issuedAt + tierLimits[tier].absoluteMs);
  const next = recordActivity({ ...moved, tier, absoluteExpiresAt, absoluteWarningDismissed: false }, now);
  const checked = check(next, now);
  return { state: checked.state, effects: [...persistEffect(next), ...checked.effects] };
}

function activity(state: SessionMonitorState, now: number): SessionMonitorStepResult {
  if (!state.monitoring || state.loggingOut) return unchanged(state);
  if (!shouldCountActivity(state.lastActivityAt, now)) return unchanged(state);
  const expired = sessionExpiryReason(state, now);
  if (expired) return logout(state, expired, {});
  const next = recordActivity(state, now);
  const checked = check(next, now);
  return { state: checked.state, effects: [...persistEffect(next), ...checked.effects] };
}

/**
 * Activity stored by another tab of the same session counts here too (the stored last-activity time is
 * shared, spec s.4), so working in one tab keeps an idle one alive. Only a newer time counts; it is not
 * persisted again (the other tab already stored it), so two tabs never echo each other.
 */
function otherTabActivity(state: SessionMonitorState, at: number, now: number): SessionMonitorStepResult {
  if (!state.monitoring || state.loggingOut) return unchanged(state);
  if (state.lastActivityAt !== null && at <= state.lastActivityAt) return unchanged(state);
  const expired = sessionExpiryReason(state, now);
  if (expired) return logout(state, expired, {});
  return check(recordActivity(state, Math.min(at, now)), now);
}

function continueSession(state: SessionMonitorState, now: number): SessionMonitorStepResult {
  if (!state.monitoring || state.loggingOut || state.warning === null) return unchanged(state);
  if (state.absoluteExpiresAt !== null && now >= state.absoluteExpiresAt) {
    // Continuing is impossible once the absolute deadline is reached: it only dismisses.
    return { state: { ...state, warning: null, absoluteWarningDismissed: true }, effects: [] };
  }
  const expired = sessionExpiryReason(state, now);
  if (expired) return logout(state, expired, {});
  const next: SessionMonitorState = {
    ...state,
    warning: null,
    lastActivityAt: now,
    inactivityExpiresAt: now + tierLimits[state.tier].inactivityMs,
    // The absolute deadline cannot move: continuing on its warning resets inactivity and dismisses it.
    absoluteWarningDismissed: state.absoluteWarningDismissed || state.warning.type === 'absolute',
  };
  const checked = check(next, now);
  return { state: checked.state, effects: [...persistEffect(next), ...checked.effects] };
}

function stop(state: SessionMonitorState): SessionMonitorStepResult {
  if (!state.monitoring && !state.loggingOut) return unchanged(state);
  return {
    state: { ...initialSessionMonitorState, path: state.path, storedReason: state.storedReason },
    effects: state.monitoring ? [{ type: 'stopMonitoring' }] : [],
  };
}

/**
 * One transition of the session monitor (spec s.4, constants s.9). Pure: `now` (epoch ms) is passed in;
 * effects are returned as data. Rules:
 * - `start` begins monitoring (effect `startMonitoring`, 1 s check, 100 ms debounce): tier strict_phi if the
 *   path is outside the relaxed list, strict_phi is stored for this session or the server records strict_phi
 *   for it (`serverTier`), else relaxed; absolute expiry =
 *   issue time + the tier's absolute limit (never later than a stored one); inactivity expiry = last activity +
 *   the tier's inactivity limit; clears a dismissal (re-initialisation). Ignored while a logout runs.
 * - `stop` ends monitoring with cleanup (effect `stopMonitoring`) and forgets the deadlines.
 * - `routeChange`: strict_phi once stored stays; a path outside the relaxed list sets strict_phi; absolute
 *   expiry becomes the earlier of the stored and the new one (a session only shortens); records activity;
 *   clears an absolute-warning dismissal.
 * - `activity` (debounced at 100 ms): resets the inactivity expiry and last-activity time; during an
 *   inactivity warning switches its status to `activity` and starts the 6 s grace period.
 * - `tick` (every 1 s): a reached deadline logs out with absolute_timeout or inactivity_timeout, absolute
 *   winning when both are reached; else a warning shows when the time left to the nearer deadline is at or
 *   below the tier's threshold (5 min) and above 0, typed absolute if the absolute deadline is strictly nearer,
 *   else inactivity; a dismissed absolute warning stays hidden; a warning is hidden when the time left is
 *   above the threshold or its grace period has ended.
 * - `continue`: at or after the absolute deadline only dismisses; otherwise resets the inactivity timer and
 *   hides the warning (an absolute warning is also dismissed: its deadline cannot move).
 * - `dismiss`: hides and dismisses an absolute warning.
 * - `logout`: the logout sequence (see effects) with the given reason, default manual_logout.
 * - `otherTabLogout`: local logout (no broadcast, no sign-out) with the stored reason or
 *   session_expired_other_tab. `authSignedOut`: local logout with the stored reason or session_signed_out.
 * - Only one logout runs at a time: while `loggingOut`, logout events yield no effects, until `logoutFinished`
 *   or `stop`.
 * Activity, route changes and continue first check the deadlines, so a tab woken after a deadline logs out
 * instead of extending the session.
 */
export function sessionMonitorStep(
  state: SessionMonitorState,
  event: SessionMonitorEvent,
  now: number,
): SessionMonitorStepResult {
  switch (event.type) {
    case 'start':
      return start(state, event, now);
    case 'stop':
      return stop(state);
    case 'routeChange':
      return routeChange(state, event.path, now);
    case 'activity':
      return activity(state, now);
    case 'otherTabActivity':
      return otherTabActivity(state, event.at, now);
    case 'tick':
      return check(state, now);
    case 'continue':
      return continueSession(state, now);
    case 'dismiss':
      if (!state.monitoring || state.loggingOut || state.warning?.type !== 'absolute')
        return unchanged(state);
      return { state: { ...state, warning: null, absoluteWarningDismissed: true }, effects: [] };
    case 'logout':
      return logout(state, event.reason ?? 'manual_logout', event.options ?? {});
    case 'otherTabLogout':
      if (!state.monitoring) return unchanged(state);
      return logout(state, parseLogoutReason(event.storedReason) ?? 'session_expired_other_tab', {
        suppressBroadcast: true,
        suppressSignOut: true,
      });
    case 'authSignedOut':
      if (!state.monitoring) return unchanged(state);
      return logout(state, parseLogoutReason(event.storedReason) ?? 'session_signed_out', {
        suppressBroadcast: true,
        suppressSignOut: true,
      });
    case 'logoutFinished':
      return state.loggingOut ? { state: { ...state, loggingOut: false }, effects: [] } : unchanged(state);
  }
}

/**
 * The server's view of a session (spec s.4 "the server enforces the tiers too"; docs/decisions/0009-mfa.md):
 * its recorded tier, when it was issued (sign-in) and its last authenticated API activity, in epoch ms.
 */
export interface ServerSessionFacts {
  tier: SessionTier;
  issuedAt: number;
  lastActivityAt: number;
}

/** The deadlines the server enforces on a session (epoch ms); see {@link serverSessionDeadlines}. */
export interface ServerSessionDeadlines {
  /** `issuedAt` + the tier's absolute limit: the session ends here whatever its activity. */
  absoluteAt: number;
  /** `lastActivityAt` + the tier's inactivity limit: the session ends here unless activity is recorded first. */
  inactivityAt: number;
  /** The tier's warning lead (5 min) before the nearer of the two: when the browser's warning shows. */
  warningAt: number;
}

/**
 * The deadlines of a session as the server judges it (spec s.9: strict_phi 45 min idle / 12 h since sign-in;
 * relaxed 14 d / 14 d), in epoch ms: the one computation behind {@link serverSessionEndReason} and the
 * diagnostics page's "deadlines" (issue 24; decision 0067), so what `/test` shows is what is enforced.
 */
export function serverSessionDeadlines(facts: ServerSessionFacts): ServerSessionDeadlines {
  const limits = tierLimits[facts.tier];
  const absoluteAt = facts.issuedAt + limits.absoluteMs;
  const inactivityAt = facts.lastActivityAt + limits.inactivityMs;
  return { absoluteAt, inactivityAt, warningAt: Math.min(absoluteAt, inactivityAt) - limits.warningMs };
}

/**
 * Why the server ends a session at `now` (epoch ms), or null while it is alive: the same rule as the browser's
 * `sessionExpiryReason` with the deadlines of `facts.tier` ({@link serverSessionDeadlines}).
 * `absolute_timeout` when `now >= issuedAt + absolute limit`, else `inactivity_timeout` when
 * `now >= lastActivityAt + inactivity limit` (absolute wins when both have passed).
 */
export function serverSessionEndReason(
  facts: ServerSessionFacts,
  now: number,
): 'absolute_timeout' | 'inactivity_timeout' | null {
  const deadlines = serverSessionDeadlines(facts);
  const reason = sessionExpiryReason(
    {
      ...initialSessionMonitorState,
      monitoring: true,
      tier: facts.tier,
      issuedAt: facts.issuedAt,
      lastActivityAt: facts.lastActivityAt,
      absoluteExpiresAt: deadlines.absoluteAt,
      inactivityExpiresAt: deadlines.inactivityAt,
    },
    now,
  );
  return reason === 'absolute_timeout' || reason === 'inactivity_timeout' ? reason : null;
}
