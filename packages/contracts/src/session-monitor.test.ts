import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  activityDomEvents,
  activityKinds,
  authLoadingDone,
  createActivityDebouncer,
  initialSessionMonitorState,
  loginPathForLogout,
  parseLogoutReason,
  pathnameOf,
  sessionExpiryReason,
  sessionMonitorStep,
  serverSessionDeadlines,
  serverSessionEndReason,
  shouldCountActivity,
  warningCountdown,
  type SessionMonitorEffect,
  type SessionMonitorEvent,
  type SessionMonitorState,
} from './session-monitor.ts';
import { sessionTimings, tierLimits } from './session-tiers.ts';

const S = 1_000;
const MIN = 60 * S;
const H = 60 * MIN;
const D = 24 * H;
const T0 = Date.UTC(2026, 0, 5, 8, 0, 0);

/** Feeds events at the given times; returns the final state and every effect, in order. */
function run(
  state: SessionMonitorState,
  steps: [SessionMonitorEvent, number][],
): { state: SessionMonitorState; effects: SessionMonitorEffect[] } {
  const effects: SessionMonitorEffect[] = [];
  for (const [event, now] of steps) {
    const result = sessionMonitorStep(state, event, now);
    state = result.state;
    effects.push(...result.effects);
  }
  return { state, effects };
}

/** A monitored session issued and started at `at` on `path` (strict_phi for /clients). */
const started = (path = '/clients', at = T0) =>
  sessionMonitorStep(initialSessionMonitorState, { type: 'start', issuedAt: at, path }, at).state;

/** `state` kept active by a click every 30 min from T0 and one at `until`. */
function activeUntil(state: SessionMonitorState, until: number): SessionMonitorState {
  const steps: [SessionMonitorEvent, number][] = [];
  for (let at = T0 + 30 * MIN; at < until; at += 30 * MIN)
    steps.push([{ type: 'activity', kind: 'click' }, at]);
  steps.push([{ type: 'activity', kind: 'click' }, until]);
  const result = run(state, steps);
  expect(result.effects.some((e) => e.type === 'storeReason')).toBe(false);
  return result.state;
}

const tick = (state: SessionMonitorState, now: number) => sessionMonitorStep(state, { type: 'tick' }, now);
const step = (state: SessionMonitorState, event: SessionMonitorEvent, now: number) =>
  sessionMonitorStep(state, event, now);
const navigateTo = (effects: SessionMonitorEffect[]) => effects.find((e) => e.type === 'navigate');
const logoutReasonOf = (effects: SessionMonitorEffect[]) => effects.find((e) => e.type === 'storeReason');

describe('constants (spec s.9)', () => {
  it('has the grace period, check interval, debounce and auth loading time-out', () => {
    expect(sessionTimings).toEqual({
      activityGraceMs: 6_000,
      checkIntervalMs: 1_000,
      activityDebounceMs: 100,
      authLoadingTimeoutMs: 3_000,
    });
    expect(tierLimits.strict_phi).toMatchObject({
      inactivityMs: 45 * MIN,
      absoluteMs: 12 * H,
      warningMs: 5 * MIN,
    });
    expect(tierLimits.relaxed).toMatchObject({
      inactivityMs: 14 * D,
      absoluteMs: 14 * D,
      warningMs: 5 * MIN,
    });
  });
});

describe('monitoring start and stop', () => {
  it('starts the 1 s check and the activity listeners when a user is present, and persists the keys', () => {
    const { state, effects } = step(
      initialSessionMonitorState,
      { type: 'start', issuedAt: T0, path: '/clients' },
      T0,
    );
    expect(effects).toEqual([
      { type: 'startMonitoring', checkIntervalMs: 1_000, activityDebounceMs: 100 },
      {
        type: 'persist',
        keys: { issuedAt: T0, tier: 'strict_phi', absoluteExpiresAt: T0 + 12 * H, lastActivityAt: T0 },
      },
    ]);
    expect(state).toMatchObject({
      monitoring: true,
      tier: 'strict_phi',
      issuedAt: T0,
      absoluteExpiresAt: T0 + 12 * H,
      inactivityExpiresAt: T0 + 45 * MIN,
      lastActivityAt: T0,
      warning: null,
      loggingOut: false,
    });
  });

  it('measures the absolute expiry from the issue time, not from the start', () => {
    const state = step(
      initialSessionMonitorState,
      { type: 'start', issuedAt: T0 - 2 * H, path: '/clients' },
      T0,
    ).state;
    expect(state.absoluteExpiresAt).toBe(T0 + 10 * H);
    expect(state.inactivityExpiresAt).toBe(T0 + 45 * MIN);
  });

  it('stops with cleanup when the user is gone or the page unloads, and then ignores everything', () => {
    const stopped = step(started(), { type: 'stop' }, T0 + MIN);
    expect(stopped.effects).toEqual([{ type: 'stopMonitoring' }]);
    expect(stopped.state).toEqual({ ...initialSessionMonitorState, path: '/clients' });
    expect(tick(stopped.state, T0 + 13 * H).effects).toEqual([]);
    expect(step(stopped.state, { type: 'activity', kind: 'click' }, T0 + 2 * MIN)).toEqual({
      state: stopped.state,
      effects: [],
    });
    expect(step(stopped.state, { type: 'stop' }, T0 + 3 * MIN).effects).toEqual([]);
  });

  it('re-initialises without lengthening the session: strict stays, the earlier expiry stays, a dismissal clears', () => {
    const state = run(activeUntil(started('/clients'), T0 + 11 * H + 50 * MIN), [
      [{ type: 'tick' }, T0 + 12 * H - 4 * MIN],
      [{ type: 'dismiss' }, T0 + 12 * H - 4 * MIN],
    ]).state;
    expect(state.absoluteWarningDismissed).toBe(true);
    const again = step(state, { type: 'start', issuedAt: T0, path: '/matchmaking' }, T0 + 12 * H - 3 * MIN);
    expect(again.effects.map((e) => e.type)).toEqual(['persist']); // no second startMonitoring
    expect(again.state.tier).toBe('strict_phi');
    expect(again.state.absoluteExpiresAt).toBe(T0 + 12 * H);
    expect(again.state.warning).toMatchObject({ type: 'absolute', status: 'shown' });
  });

  it('restores the stored keys of the same session (reload) and ignores those of another one', () => {
    const stored = {
      issuedAt: T0,
      tier: 'strict_phi' as const,
      absoluteExpiresAt: T0 + 12 * H,
      lastActivityAt: T0 + H,
    };
    const restored = step(
      initialSessionMonitorState,
      { type: 'start', issuedAt: T0, path: '/matchmaking', stored },
      T0 + H + 10 * MIN,
    ).state;
    expect(restored).toMatchObject({
      tier: 'strict_phi',
      absoluteExpiresAt: T0 + 12 * H,
      lastActivityAt: T0 + H,
      inactivityExpiresAt: T0 + H + 45 * MIN,
    });
    const fresh = step(
      initialSessionMonitorState,
      { type: 'start', issuedAt: T0 + 2 * D, path: '/matchmaking', stored },
      T0 + 2 * D,
    ).state;
    expect(fresh).toMatchObject({
      tier: 'relaxed',
      absoluteExpiresAt: T0 + 16 * D,
      lastActivityAt: T0 + 2 * D,
    });
  });

  it('logs out at once when a restored session is already past a deadline (reload after a long sleep)', () => {
    const stored = {
      issuedAt: T0,
      tier: 'strict_phi' as const,
      absoluteExpiresAt: T0 + 12 * H,
      lastActivityAt: T0,
    };
    const { state, effects } = step(
      initialSessionMonitorState,
      { type: 'start', issuedAt: T0, path: '/clients', stored },
      T0 + H,
    );
    expect(logoutReasonOf(effects)).toEqual({ type: 'storeReason', reason: 'inactivity_timeout' });
    expect(state.loggingOut).toBe(true);
  });
});

describe('tiers (spec s.4, s.6)', () => {
  it('gives the relaxed tier 14 days of inactivity and 14 days absolute on relaxed paths', () => {
    const state = started('/matchmaking/role-select');
    expect(state).toMatchObject({
      tier: 'relaxed',
      absoluteExpiresAt: T0 + 14 * D,
      inactivityExpiresAt: T0 + 14 * D,
    });
    expect(tick(state, T0 + 13 * D).effects).toEqual([]);
    expect(tick(state, T0 + 14 * D - S).state.warning).toMatchObject({ type: 'inactivity' });
    expect(logoutReasonOf(tick(state, T0 + 14 * D + S).effects)).toMatchObject({
      reason: 'absolute_timeout',
    });
  });

  it('sets strict_phi on a route outside the relaxed list, reading the pathname only', () => {
    expect(started('/matchmaking?step=2').tier).toBe('relaxed');
    expect(started('/confirm#top').tier).toBe('relaxed');
    const moved = step(started('/'), { type: 'routeChange', path: '/clients?tab=notes' }, T0 + MIN).state;
    expect(moved.tier).toBe('strict_phi');
    expect(moved.inactivityExpiresAt).toBe(T0 + MIN + 45 * MIN);
  });

  it('follows the server: a session it records as strict_phi is strict on a relaxed page too (issue 16)', () => {
    const strict = step(
      initialSessionMonitorState,
      { type: 'start', issuedAt: T0, path: '/admin/session-debug', serverTier: 'strict_phi' },
      T0,
    ).state;
    expect(strict).toMatchObject({
      tier: 'strict_phi',
      absoluteExpiresAt: T0 + 12 * H,
      inactivityExpiresAt: T0 + 45 * MIN,
    });
    const relaxed = step(
      initialSessionMonitorState,
      { type: 'start', issuedAt: T0, path: '/admin/session-debug', serverTier: 'relaxed' },
      T0,
    ).state;
    expect(relaxed.tier).toBe('relaxed');
  });

  it('keeps strict_phi after returning to a relaxed path, until logout', () => {
    const { state } = run(started('/login'), [
      [{ type: 'routeChange', path: '/clients' }, T0 + MIN],
      [{ type: 'routeChange', path: '/matchmaking' }, T0 + 2 * MIN],
      [{ type: 'routeChange', path: '/' }, T0 + 3 * MIN],
    ]);
    expect(state.tier).toBe('strict_phi');
    expect(state.inactivityExpiresAt).toBe(T0 + 3 * MIN + 45 * MIN);
    const out = step(state, { type: 'logout' }, T0 + 4 * MIN).state;
    expect(out.tier).toBe('relaxed');
  });

  it('only shortens the absolute expiry on a route change (earlier of stored and new)', () => {
    const relaxed = started('/matchmaking', T0);
    expect(relaxed.absoluteExpiresAt).toBe(T0 + 14 * D);
    const strict = step(relaxed, { type: 'routeChange', path: '/clients' }, T0 + H).state;
    expect(strict.absoluteExpiresAt).toBe(T0 + 12 * H);
    const back = step(strict, { type: 'routeChange', path: '/matchmaking' }, T0 + H + 10 * MIN).state;
    expect(back.absoluteExpiresAt).toBe(T0 + 12 * H);
  });

  it('property: across any route changes the absolute expiry never grows and strict_phi never reverts', () => {
    const paths = [
      '/',
      '/login',
      '/confirm',
      '/matchmaking',
      '/matchmaking/x',
      '/clients',
      '/admin/users',
      '/a?b#c',
    ];
    fc.assert(
      fc.property(
        fc.constantFrom(...paths),
        fc.array(fc.tuple(fc.constantFrom(...paths), fc.integer({ min: 1, max: 30 * MIN })), {
          maxLength: 30,
        }),
        (first, moves) => {
          let state = started(first);
          let now = T0;
          for (const [path, gap] of moves) {
            now += gap;
            const before = state;
            const next = step(state, { type: 'routeChange', path }, now).state;
            if (next.loggingOut) return;
            expect(next.absoluteExpiresAt!).toBeLessThanOrEqual(before.absoluteExpiresAt!);
            if (before.tier === 'strict_phi') expect(next.tier).toBe('strict_phi');
            state = next;
          }
        },
      ),
    );
  });
});

describe('expiry (spec s.4)', () => {
  it('does not log out at 44:59 idle (inactivity warning shown) but does at 45:00 and 45:01', () => {
    const state = started();
    const at4459 = tick(state, T0 + 44 * MIN + 59 * S);
    expect(at4459.effects).toEqual([]);
    expect(at4459.state.warning).toEqual({ type: 'inactivity', status: 'shown', graceEndsAt: null });
    expect(logoutReasonOf(tick(state, T0 + 45 * MIN).effects)).toMatchObject({
      reason: 'inactivity_timeout',
    });
    const at4501 = tick(at4459.state, T0 + 45 * MIN + S);
    expect(logoutReasonOf(at4501.effects)).toEqual({ type: 'storeReason', reason: 'inactivity_timeout' });
  });

  it('logs out with absolute_timeout at 12 h + 1 s even when active all along', () => {
    const state = activeUntil(started(), T0 + 11 * H + 59 * MIN);
    expect(tick(state, T0 + 12 * H - S).effects).toEqual([]);
    expect(logoutReasonOf(tick(state, T0 + 12 * H + S).effects)).toEqual({
      type: 'storeReason',
      reason: 'absolute_timeout',
    });
  });

  it('uses absolute_timeout when both deadlines have expired', () => {
    const state = started();
    expect(sessionExpiryReason(state, T0 + 13 * H)).toBe('absolute_timeout');
    const { effects } = tick(state, T0 + 13 * H);
    expect(logoutReasonOf(effects)).toMatchObject({ reason: 'absolute_timeout' });
    expect(navigateTo(effects)).toMatchObject({ to: '/login?reason=absolute_timeout&redirect=%2Fclients' });
  });

  it('does not let activity, a route change or continue revive a session past a deadline (woken tab)', () => {
    const warned = tick(started(), T0 + 41 * MIN).state;
    const late = T0 + 2 * H;
    expect(logoutReasonOf(step(warned, { type: 'activity', kind: 'click' }, late).effects)).toMatchObject({
      reason: 'inactivity_timeout',
    });
    expect(logoutReasonOf(step(warned, { type: 'routeChange', path: '/x' }, late).effects)).toMatchObject({
      reason: 'inactivity_timeout',
    });
    expect(logoutReasonOf(step(warned, { type: 'continue' }, late).effects)).toMatchObject({
      reason: 'inactivity_timeout',
    });
  });

  it('property: a tick after d of idleness logs out iff d ≥ 45 min and warns iff 40 min ≤ d < 45 min', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 50 * MIN }), (idle) => {
        const { state, effects } = tick(started(), T0 + idle);
        expect(effects.length > 0).toBe(idle >= 45 * MIN);
        expect(state.warning !== null).toBe(idle >= 40 * MIN && idle < 45 * MIN);
      }),
    );
  });
});

describe('warnings (spec s.4)', () => {
  it('appears when the time left is at or below 5 min and above 0', () => {
    const state = started();
    expect(tick(state, T0 + 39 * MIN + 59 * S).state.warning).toBeNull();
    expect(tick(state, T0 + 40 * MIN).state.warning).toMatchObject({ type: 'inactivity', status: 'shown' });
  });

  it('is typed absolute when the absolute deadline is nearer, otherwise inactivity', () => {
    const active = activeUntil(started(), T0 + 11 * H + 50 * MIN);
    // 11:56 — absolute left 4 min, inactivity left 39 min.
    expect(tick(active, T0 + 11 * H + 56 * MIN).state.warning).toMatchObject({ type: 'absolute' });
    // 0:41 — inactivity left 4 min, absolute left 11 h 19 min.
    expect(tick(started(), T0 + 41 * MIN).state.warning).toMatchObject({ type: 'inactivity' });
    // equal deadlines (relaxed, idle since issue): not strictly nearer, so inactivity.
    expect(tick(started('/matchmaking'), T0 + 14 * D - MIN).state.warning).toMatchObject({
      type: 'inactivity',
    });
  });

  it('hides a warning when the time left is above the threshold again', () => {
    const warned = tick(started(), T0 + 41 * MIN).state;
    const elsewhere: SessionMonitorState = { ...warned, inactivityExpiresAt: T0 + 41 * MIN + 30 * MIN };
    expect(tick(elsewhere, T0 + 41 * MIN + S).state.warning).toBeNull();
  });

  it('lets the absolute warning be dismissed; it stays hidden until a route change', () => {
    const near = activeUntil(started(), T0 + 11 * H + 50 * MIN);
    const shown = tick(near, T0 + 11 * H + 56 * MIN).state;
    const dismissed = step(shown, { type: 'dismiss' }, T0 + 11 * H + 56 * MIN);
    expect(dismissed.effects).toEqual([]);
    expect(dismissed.state).toMatchObject({ warning: null, absoluteWarningDismissed: true });
    expect(tick(dismissed.state, T0 + 11 * H + 58 * MIN).state.warning).toBeNull();
    expect(
      step(dismissed.state, { type: 'activity', kind: 'click' }, T0 + 11 * H + 58 * MIN).state.warning,
    ).toBeNull();
    const moved = step(
      dismissed.state,
      { type: 'routeChange', path: '/clients/2' },
      T0 + 11 * H + 58 * MIN,
    ).state;
    expect(moved.absoluteWarningDismissed).toBe(false);
    expect(moved.warning).toMatchObject({ type: 'absolute', status: 'shown' });
  });

  it('does not dismiss an inactivity warning (it can only be continued)', () => {
    const warned = tick(started(), T0 + 41 * MIN).state;
    expect(step(warned, { type: 'dismiss' }, T0 + 41 * MIN)).toEqual({ state: warned, effects: [] });
  });

  it('only dismisses on continue at or after the absolute deadline', () => {
    const near = activeUntil(started(), T0 + 11 * H + 50 * MIN);
    const shown = tick(near, T0 + 11 * H + 59 * MIN).state;
    for (const at of [T0 + 12 * H, T0 + 12 * H + 500]) {
      const result = step(shown, { type: 'continue' }, at);
      expect(result.effects).toEqual([]);
      expect(result.state).toMatchObject({
        warning: null,
        absoluteWarningDismissed: true,
        inactivityExpiresAt: near.inactivityExpiresAt,
        absoluteExpiresAt: T0 + 12 * H,
      });
      expect(logoutReasonOf(tick(result.state, at + S).effects)).toMatchObject({
        reason: 'absolute_timeout',
      });
    }
  });

  it('before the absolute deadline, continue on its warning resets inactivity and dismisses it', () => {
    const near = activeUntil(started(), T0 + 11 * H + 50 * MIN);
    const shown = tick(near, T0 + 11 * H + 56 * MIN).state;
    const result = step(shown, { type: 'continue' }, T0 + 11 * H + 57 * MIN);
    expect(result.state).toMatchObject({
      warning: null,
      absoluteWarningDismissed: true,
      lastActivityAt: T0 + 11 * H + 57 * MIN,
      absoluteExpiresAt: T0 + 12 * H,
    });
  });

  it('continue on the inactivity warning resets the inactivity timer and hides it', () => {
    const warned = tick(started(), T0 + 42 * MIN).state;
    const result = step(warned, { type: 'continue' }, T0 + 43 * MIN);
    expect(result.state).toMatchObject({
      warning: null,
      lastActivityAt: T0 + 43 * MIN,
      inactivityExpiresAt: T0 + 43 * MIN + 45 * MIN,
    });
    expect(result.effects).toEqual([
      {
        type: 'persist',
        keys: {
          issuedAt: T0,
          tier: 'strict_phi',
          absoluteExpiresAt: T0 + 12 * H,
          lastActivityAt: T0 + 43 * MIN,
        },
      },
    ]);
    expect(tick(result.state, T0 + 45 * MIN + S).effects).toEqual([]);
  });

  it('switches an inactivity warning to activity with a 6 s grace period, then hides it', () => {
    const warned = tick(started(), T0 + 42 * MIN).state;
    const at = T0 + 42 * MIN + 500;
    const active = step(warned, { type: 'activity', kind: 'touch' }, at).state;
    expect(active.warning).toEqual({ type: 'inactivity', status: 'activity', graceEndsAt: at + 6 * S });
    expect(active.inactivityExpiresAt).toBe(at + 45 * MIN);
    // further activity during the grace period does not restart it
    const again = step(active, { type: 'activity', kind: 'scroll' }, at + 3 * S).state;
    expect(again.warning).toEqual(active.warning);
    expect(tick(again, at + 6 * S - 1).state.warning).toEqual(active.warning);
    expect(tick(again, at + 6 * S).state.warning).toBeNull();
  });

  it('counts down to the deadline the warning is about', () => {
    const warned = tick(started(), T0 + 42 * MIN).state;
    expect(warningCountdown(warned, T0 + 42 * MIN)).toBe(3 * MIN);
    expect(warningCountdown(warned, T0 + 46 * MIN)).toBe(0);
    expect(warningCountdown(started(), T0)).toBeNull();
    const near = activeUntil(started(), T0 + 11 * H + 50 * MIN);
    expect(warningCountdown(tick(near, T0 + 11 * H + 56 * MIN).state, T0 + 11 * H + 57 * MIN)).toBe(3 * MIN);
  });
});

describe('activity (spec s.4)', () => {
  it('counts click, keypress, scroll, mousemove and touch: each resets the inactivity expiry and last activity', () => {
    for (const kind of activityKinds) {
      const { state, effects } = step(started(), { type: 'activity', kind }, T0 + 10 * MIN);
      expect(state).toMatchObject({ lastActivityAt: T0 + 10 * MIN, inactivityExpiresAt: T0 + 55 * MIN });
      expect(effects).toEqual([
        {
          type: 'persist',
          keys: {
            issuedAt: T0,
            tier: 'strict_phi',
            absoluteExpiresAt: T0 + 12 * H,
            lastActivityAt: T0 + 10 * MIN,
          },
        },
      ]);
    }
    expect(activityDomEvents).toMatchObject({ click: 'click', keypress: 'keypress', touchstart: 'touch' });
  });

  it('debounces activity at 100 ms', () => {
    const first = step(started(), { type: 'activity', kind: 'mousemove' }, T0 + MIN).state;
    const ignored = step(first, { type: 'activity', kind: 'mousemove' }, T0 + MIN + 99);
    expect(ignored).toEqual({ state: first, effects: [] });
    expect(step(first, { type: 'activity', kind: 'mousemove' }, T0 + MIN + 100).state.lastActivityAt).toBe(
      T0 + MIN + 100,
    );
  });

  it('records a route change as activity, even within the debounce', () => {
    const first = step(started('/'), { type: 'activity', kind: 'click' }, T0 + MIN).state;
    const moved = step(first, { type: 'routeChange', path: '/clients' }, T0 + MIN + 10).state;
    expect(moved).toMatchObject({
      lastActivityAt: T0 + MIN + 10,
      inactivityExpiresAt: T0 + MIN + 10 + 45 * MIN,
    });
  });

  it('debouncer helper: first counts, then only after the interval; a clock going back counts', () => {
    expect(shouldCountActivity(null, T0)).toBe(true);
    expect(shouldCountActivity(T0, T0 + 99)).toBe(false);
    expect(shouldCountActivity(T0, T0 + 100)).toBe(true);
    expect(shouldCountActivity(T0, T0 - 5 * S)).toBe(true);
    const debouncer = createActivityDebouncer(250);
    expect(debouncer.intervalMs).toBe(250);
    expect(debouncer.shouldCount(T0, T0 + 200)).toBe(false);
    expect(debouncer.shouldCount(T0, T0 + 250)).toBe(true);
    expect(createActivityDebouncer().intervalMs).toBe(100);
  });
});

describe('logout (spec s.4)', () => {
  it('runs the sequence in order: store reason, broadcast, clear storage, sign out, navigate; then stops', () => {
    const warned = tick(started('/clients/7'), T0 + 41 * MIN).state;
    const { state, effects } = step(warned, { type: 'logout' }, T0 + 42 * MIN);
    expect(effects).toEqual([
      { type: 'storeReason', reason: 'manual_logout' },
      { type: 'broadcastLogout', reason: 'manual_logout' },
      { type: 'clearStorage' },
      { type: 'signOut' },
      { type: 'navigate', to: '/login?reason=manual_logout&redirect=%2Fclients%2F7' },
      { type: 'stopMonitoring' },
    ]);
    expect(state).toEqual({
      ...initialSessionMonitorState,
      path: '/clients/7',
      loggingOut: true,
      storedReason: 'manual_logout',
    });
  });

  it('honours the reason and suppressed broadcast or sign-out', () => {
    const { effects } = step(
      started(),
      {
        type: 'logout',
        reason: 'inactivity_timeout',
        options: { suppressBroadcast: true, suppressSignOut: true },
      },
      T0 + MIN,
    );
    expect(effects.map((e) => e.type)).toEqual(['storeReason', 'clearStorage', 'navigate', 'stopMonitoring']);
    expect(logoutReasonOf(effects)).toMatchObject({ reason: 'inactivity_timeout' });
  });

  it('encodes the current full path as the redirect', () => {
    const state = step(
      started(),
      { type: 'routeChange', path: '/clients/42?tab=notes&q=a b#top' },
      T0 + MIN,
    ).state;
    expect(navigateTo(tick(state, T0 + 2 * H).effects)).toEqual({
      type: 'navigate',
      to: '/login?reason=inactivity_timeout&redirect=%2Fclients%2F42%3Ftab%3Dnotes%26q%3Da%20b%23top',
    });
    expect(loginPathForLogout('manual_logout', '/')).toBe('/login?reason=manual_logout&redirect=%2F');
  });

  it('runs one logout at a time', () => {
    const first = tick(started(), T0 + 46 * MIN).state;
    expect(first.loggingOut).toBe(true);
    const later: SessionMonitorEvent[] = [
      { type: 'logout' },
      { type: 'tick' },
      { type: 'otherTabLogout', storedReason: 'manual_logout' },
      { type: 'authSignedOut' },
      { type: 'activity', kind: 'click' },
      { type: 'start', issuedAt: T0, path: '/clients' },
    ];
    for (const event of later)
      expect(step(first, event, T0 + 46 * MIN + S)).toEqual({ state: first, effects: [] });
    const finished = step(first, { type: 'logoutFinished' }, T0 + 47 * MIN).state;
    expect(finished.loggingOut).toBe(false);
    expect(step(finished, { type: 'logout' }, T0 + 48 * MIN).effects).toHaveLength(5);
    expect(step(first, { type: 'stop' }, T0 + 47 * MIN)).toEqual({
      state: { ...initialSessionMonitorState, path: '/clients', storedReason: 'inactivity_timeout' },
      effects: [],
    });
  });

  it("logs out locally on another tab's marker, with its stored reason or session_expired_other_tab", () => {
    const withReason = step(
      started(),
      { type: 'otherTabLogout', storedReason: 'inactivity_timeout' },
      T0 + MIN,
    );
    expect(withReason.effects).toEqual([
      { type: 'storeReason', reason: 'inactivity_timeout' },
      { type: 'clearStorage' },
      { type: 'navigate', to: '/login?reason=inactivity_timeout&redirect=%2Fclients' },
      { type: 'stopMonitoring' },
    ]);
    for (const storedReason of [undefined, null, 'bogus']) {
      const { effects } = step(started(), { type: 'otherTabLogout', storedReason }, T0 + MIN);
      expect(logoutReasonOf(effects)).toMatchObject({ reason: 'session_expired_other_tab' });
    }
    expect(step(initialSessionMonitorState, { type: 'otherTabLogout' }, T0).effects).toEqual([]);
  });

  it('logs out locally on a signed-out event, with the stored reason or session_signed_out', () => {
    const plain = step(started(), { type: 'authSignedOut' }, T0 + MIN);
    expect(plain.effects.map((e) => e.type)).toEqual([
      'storeReason',
      'clearStorage',
      'navigate',
      'stopMonitoring',
    ]);
    expect(logoutReasonOf(plain.effects)).toMatchObject({ reason: 'session_signed_out' });
    const stored = step(started(), { type: 'authSignedOut', storedReason: 'absolute_timeout' }, T0 + MIN);
    expect(logoutReasonOf(stored.effects)).toMatchObject({ reason: 'absolute_timeout' });
  });
});

describe('helpers', () => {
  it('auth loading ends on an auth state change, a session fetch, 3000 ms, or a public path', () => {
    const facts = { startedAt: T0, authStateChanged: false, sessionFetched: false, publicPath: false };
    expect(authLoadingDone(facts, T0)).toBe(false);
    expect(authLoadingDone(facts, T0 + 2_999)).toBe(false);
    expect(authLoadingDone(facts, T0 + 3_000)).toBe(true);
    expect(authLoadingDone({ ...facts, authStateChanged: true }, T0)).toBe(true);
    expect(authLoadingDone({ ...facts, sessionFetched: true }, T0)).toBe(true);
    expect(authLoadingDone({ ...facts, publicPath: true }, T0)).toBe(true);
  });

  it('parses stored reasons and paths', () => {
    expect(parseLogoutReason('manual_logout')).toBe('manual_logout');
    expect(parseLogoutReason('nope')).toBeNull();
    expect(parseLogoutReason(42)).toBeNull();
    expect(pathnameOf('/clients/1?x=1#y')).toBe('/clients/1');
    expect(pathnameOf('?x')).toBe('/');
  });
});

describe('activity in another tab', () => {
  it('keeps an idle tab alive when another tab of the session stored newer activity', () => {
    const idle = started();
    // 44 minutes idle here, but the user clicked in another tab at 30 minutes.
    const shared = step(idle, { type: 'otherTabActivity', at: T0 + 30 * MIN }, T0 + 44 * MIN);
    expect(shared.state.lastActivityAt).toBe(T0 + 30 * MIN);
    expect(shared.state.inactivityExpiresAt).toBe(T0 + 75 * MIN);
    // Not stored again: the other tab already did, so two tabs never echo each other.
    expect(shared.effects.some((e) => e.type === 'persist')).toBe(false);
    expect(tick(shared.state, T0 + 46 * MIN).effects).toEqual([]);
  });

  it('ignores activity that is not newer, and does not revive an expired session', () => {
    const idle = started();
    const older = step(idle, { type: 'otherTabActivity', at: T0 - MIN }, T0 + MIN);
    expect(older.state).toBe(idle);
    const late = step(idle, { type: 'otherTabActivity', at: T0 + 46 * MIN }, T0 + 46 * MIN);
    expect(navigateTo(late.effects)).toMatchObject({ to: expect.stringContaining('inactivity_timeout') });
  });
});

describe('serverSessionEndReason (the server side of spec s.4 / s.9)', () => {
  const t0 = Date.UTC(2026, 0, 5, 8, 0, 0);
  const strict = { tier: 'strict_phi' as const, issuedAt: t0, lastActivityAt: t0 };

  it('keeps a strict session idle 44:59 and ends it at 45:01 (inactivity)', () => {
    expect(serverSessionEndReason(strict, t0 + 44 * MIN + 59 * S)).toBeNull();
    expect(serverSessionEndReason(strict, t0 + 45 * MIN + 1 * S)).toBe('inactivity_timeout');
  });

  it('ends a strict session 12 h + 1 s after sign-in even when active', () => {
    const active = { ...strict, lastActivityAt: t0 + 12 * H - MIN };
    expect(serverSessionEndReason(active, t0 + 12 * H - S)).toBeNull();
    expect(serverSessionEndReason(active, t0 + 12 * H + S)).toBe('absolute_timeout');
  });

  it('reports absolute when both limits have passed', () => {
    expect(serverSessionEndReason(strict, t0 + 13 * H)).toBe('absolute_timeout');
  });

  it('gives a relaxed session 14 days', () => {
    const relaxed = { ...strict, tier: 'relaxed' as const };
    expect(serverSessionEndReason(relaxed, t0 + 13 * D)).toBeNull();
    expect(serverSessionEndReason({ ...relaxed, lastActivityAt: t0 + 13 * D }, t0 + 14 * D + S)).toBe(
      'absolute_timeout',
    );
    expect(serverSessionEndReason(relaxed, t0 + 14 * D - S)).toBeNull();
  });

  it('never ends a session before either deadline (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 45 * MIN - 1 }), (idle) => {
        expect(serverSessionEndReason(strict, t0 + idle)).toBeNull();
      }),
    );
  });
});

describe('serverSessionDeadlines (what the server enforces, shown by /test; issue 24)', () => {
  const t0 = Date.UTC(2026, 0, 5, 8, 0, 0);

  it('strict: sign-in + 12 h, last activity + 45 min, the warning 5 min before the nearer one', () => {
    const deadlines = serverSessionDeadlines({ tier: 'strict_phi', issuedAt: t0, lastActivityAt: t0 + H });
    expect(deadlines).toEqual({
      absoluteAt: t0 + 12 * H,
      inactivityAt: t0 + H + 45 * MIN,
      warningAt: t0 + H + 40 * MIN,
    });
  });

  it('relaxed: 14 days either way; the warning before the absolute deadline when it is nearer', () => {
    const deadlines = serverSessionDeadlines({ tier: 'relaxed', issuedAt: t0, lastActivityAt: t0 + D });
    expect(deadlines).toEqual({
      absoluteAt: t0 + 14 * D,
      inactivityAt: t0 + 15 * D,
      warningAt: t0 + 14 * D - 5 * MIN,
    });
  });

  it('agrees with serverSessionEndReason: alive 1 ms before the nearer deadline, ended at it (property)', () => {
    fc.assert(
      fc.property(
        fc.constantFrom('strict_phi' as const, 'relaxed' as const),
        fc.integer({ min: 0, max: 20 * D }),
        (tier, activityAfter) => {
          const facts = { tier, issuedAt: t0, lastActivityAt: t0 + activityAfter };
          const { absoluteAt, inactivityAt } = serverSessionDeadlines(facts);
          const nearer = Math.min(absoluteAt, inactivityAt);
          expect(serverSessionEndReason(facts, nearer - 1)).toBeNull();
          expect(serverSessionEndReason(facts, nearer)).not.toBeNull();
        },
      ),
    );
  });
});
