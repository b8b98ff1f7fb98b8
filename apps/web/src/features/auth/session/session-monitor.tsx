/**
 * The session monitor of a signed-in user (spec s.4 "Session tiers"): the browser side of
 * `sessionMonitorStep` (`@tend/contracts/session-monitor`), which holds every rule. This component only
 * feeds it events with the current time and carries out the effects it returns:
 * - events: `start` (the session's issue time from `GET /api/me`, the full path, the stored keys), `tick`
 *   every `checkIntervalMs` (1 s), `activity` for the DOM events of `activityDomEvents` on window (passive,
 *   capture, so scrolling inside a panel counts; the step debounces at 100 ms), `routeChange` on every
 *   location change, the warning's buttons, `otherTabLogout` for another tab's broadcast, `stop` on unmount
 *   and `pagehide` (`start` again when the page comes back from the back-forward cache);
 * - effects: the check interval and activity listeners, the `tend.session.*` keys in localStorage, the
 *   cross-tab broadcast (BroadcastChannel `tend-session` and a localStorage marker whose `storage` event
 *   reaches tabs without BroadcastChannel), clearing storage, `POST /api/auth/sign-out`, and the navigation
 *   to `/login?reason=…&redirect=…`; then the cached queries are dropped, `me` becomes null and
 *   `logoutFinished` is sent. Activity also reaches the server, at most once a minute (`heartbeat.ts`).
 * It hands its state and actions to `SessionMonitorProvider` and renders the warning dialog.
 *
 * Imports only the zod-free contract subpaths; it is loaded lazily, after a user is known, so /login's first
 * download does not hold it (docs/decisions/0005-api-performance.md).
 */
import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState, type RefObject } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import {
  activityDomEvents,
  initialSessionMonitorState,
  sessionMonitorStep,
  type SessionMonitorEffect,
  type SessionMonitorEvent,
  type SessionMonitorState,
} from '@tend/contracts/session-monitor';
import type { LogoutReason, SessionTier } from '@tend/contracts/session-tiers';
import { HEARTBEAT_INTERVAL_MS, sendHeartbeat } from './heartbeat.ts';
import { authPost } from '../api/auth-client.ts';
import { meQueryKey } from '../../../lib/me.ts';
import type { SessionMonitorActions } from './session-context.ts';
import {
  SESSION_CHANNEL,
  LOGOUT_MARKER_KEY,
  SESSION_KEYS_KEY,
  clearSessionStorage,
  isLogoutBroadcast,
  newLogoutBroadcast,
  parseLogoutMarker,
  parseStoredKeys,
  readStoredKeys,
  writeLogoutMarker,
  writeLogoutReason,
  writeStoredKeys,
  type LogoutBroadcast,
} from './session-storage.ts';
import { SessionWarningDialog } from './session-warning-dialog.tsx';

export interface SessionMonitorProps {
  /** When the signed-in session was issued (epoch ms; `GET /api/me` `session.issuedAt`). */
  issuedAt: number;
  /** The tier the server records for the session (`GET /api/me`): strict there is strict here. */
  serverTier?: SessionTier | null;
  /** Receives every new state (null on unmount). */
  onState: (state: SessionMonitorState | null) => void;
  /** Receives the actions once (null on unmount). */
  onActions: (actions: SessionMonitorActions | null) => void;
}

const fullPath = (location: { pathname: string; search: string; hash: string }) =>
  `${location.pathname}${location.search}${location.hash}`;

export function SessionMonitor({ issuedAt, serverTier = null, onState, onActions }: SessionMonitorProps) {
  const path = fullPath(useLocation());
  const pathRef = useRef(path);
  useLayoutEffect(() => {
    pathRef.current = path;
  }, [path]);
  const monitor = useSessionMonitorStep();
  const { state, stateRef, dispatch } = monitor;
  const actions = useSessionMonitorActions(monitor);

  // Start for this session (again when the issue time changes: another sign-in); stop on unmount.
  useEffect(() => {
    dispatch({ type: 'start', issuedAt, path: pathRef.current, stored: readStoredKeys(), serverTier });
    return () => dispatch({ type: 'stop' });
  }, [dispatch, issuedAt, serverTier]);
  useActivityHeartbeat(state);
  // Route changes (the first render's path is the one `start` used).
  useEffect(() => {
    if (path !== stateRef.current.path) dispatch({ type: 'routeChange', path });
  }, [dispatch, path, stateRef]);
  usePageAndTabEvents(monitor, issuedAt, pathRef);
  // The timers and listeners never outlive the component.
  const { stopMonitoringRef } = monitor;
  useEffect(() => () => stopMonitoringRef.current?.(), [stopMonitoringRef]);

  useEffect(() => onState(state), [onState, state]);
  useEffect(() => {
    onActions(actions);
    return () => {
      onActions(null);
      onState(null);
    };
  }, [actions, onActions, onState]);

  return (
    <SessionWarningDialog
      state={state}
      onContinue={() => dispatch({ type: 'continue' })}
      onDismiss={() => dispatch({ type: 'dismiss' })}
      onSignOut={() => void actions.logout('manual_logout')}
    />
  );
}

/**
 * The monitor's state and `dispatch`: feeds an event to `sessionMonitorStep` at `Date.now()`, keeps
 * the new state, and carries out the effects (the synchronous ones at once, then the logout's end).
 * The refs let the listeners, timers and actions reach the latest of each.
 */
function useSessionMonitorStep() {
  const [state, setState] = useState<SessionMonitorState>(initialSessionMonitorState);
  const stateRef = useRef<SessionMonitorState>(initialSessionMonitorState);
  const channelRef = useRef<BroadcastChannel | null>(null);
  /** Callers of `logout` waiting for the sequence to finish. */
  const waitingForLogoutRef = useRef<(() => void)[]>([]);
  // The functions below call each other through this ref (dispatch → effects → dispatch).
  const dispatchRef = useRef<(event: SessionMonitorEvent) => void>(() => undefined);
  const { startMonitoring, stopMonitoringRef } = useMonitoringTimers(dispatchRef);
  const finishLogout = useFinishLogout(dispatchRef, waitingForLogoutRef);

  const dispatch = useCallback(
    (event: SessionMonitorEvent) => {
      const now = Date.now();
      const result = sessionMonitorStep(stateRef.current, event, now);
      if (result.state !== stateRef.current) {
        stateRef.current = result.state;
        setState(result.state);
      }
      const { signOut, to } = carryOutEffects(result.effects, now, {
        startMonitoring,
        stopMonitoring: () => stopMonitoringRef.current?.(),
        channel: () => channelRef.current,
      });
      if (signOut || to !== null) void finishLogout(signOut, to);
    },
    [finishLogout, startMonitoring, stopMonitoringRef],
  );
  useLayoutEffect(() => {
    dispatchRef.current = dispatch;
  }, [dispatch]);
  return { state, stateRef, dispatch, dispatchRef, channelRef, stopMonitoringRef, waitingForLogoutRef };
}

type SessionMonitorStep = ReturnType<typeof useSessionMonitorStep>;

/**
 * Effect `startMonitoring`: the `tick` interval and the activity listeners on window (passive,
 * capture); `stopMonitoringRef` clears both (effect `stopMonitoring`).
 */
function useMonitoringTimers(dispatchRef: RefObject<(event: SessionMonitorEvent) => void>) {
  /** Clears the check interval and the activity listeners (effect `stopMonitoring`). */
  const stopMonitoringRef = useRef<(() => void) | null>(null);
  const startMonitoring = useCallback(
    (checkIntervalMs: number) => {
      stopMonitoringRef.current?.();
      const onActivity = (event: Event) => {
        const kind = activityDomEvents[event.type];
        if (kind) dispatchRef.current({ type: 'activity', kind });
      };
      const options: AddEventListenerOptions = { passive: true, capture: true };
      const types = Object.keys(activityDomEvents);
      for (const type of types) window.addEventListener(type, onActivity, options);
      const interval = window.setInterval(() => dispatchRef.current({ type: 'tick' }), checkIntervalMs);
      stopMonitoringRef.current = () => {
        window.clearInterval(interval);
        for (const type of types) window.removeEventListener(type, onActivity, options);
        stopMonitoringRef.current = null;
      };
    },
    [dispatchRef],
  );
  return { startMonitoring, stopMonitoringRef };
}

/** Sign-out, navigation and the cache: the asynchronous end of a logout, then `logoutFinished`. */
function useFinishLogout(
  dispatchRef: RefObject<(event: SessionMonitorEvent) => void>,
  waitingForLogoutRef: RefObject<(() => void)[]>,
) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  return useCallback(
    async (signOut: boolean, to: string | null) => {
      if (signOut) {
        try {
          await authPost('/sign-out');
        } catch {
          // The server may be unreachable: the local state is cleared anyway and the cookie expires.
        }
      }
      // Leave the event, effect or timer that started the logout before navigating synchronously.
      await Promise.resolve();
      // flushSync: the guarded page must be gone before `me` turns null, or its guard would redirect to
      // /login?redirect=… without the reason.
      if (to !== null) await navigate(to, { replace: true, flushSync: true });
      dispatchRef.current({ type: 'logoutFinished' });
      const waiting = waitingForLogoutRef.current.splice(0);
      for (const resolve of waiting) resolve();
      // No PHI left in memory; `me` null unmounts this monitor (SessionMonitorProvider).
      queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== meQueryKey[0] });
      queryClient.setQueryData(meQueryKey, null);
      await queryClient.invalidateQueries({ queryKey: meQueryKey });
    },
    [navigate, queryClient, dispatchRef, waitingForLogoutRef],
  );
}

/**
 * Carries out the synchronous effects of one step in order (timers, storage, the cross-tab
 * broadcast) and returns what the logout's asynchronous end must do: sign out, navigate to `to`.
 */
function carryOutEffects(
  effects: SessionMonitorEffect[],
  now: number,
  io: {
    startMonitoring: (checkIntervalMs: number) => void;
    stopMonitoring: () => void;
    channel: () => BroadcastChannel | null;
  },
): { signOut: boolean; to: string | null } {
  let signOut = false;
  let to: string | null = null;
  for (const effect of effects) {
    switch (effect.type) {
      case 'startMonitoring':
        io.startMonitoring(effect.checkIntervalMs);
        break;
      case 'stopMonitoring':
        io.stopMonitoring();
        break;
      case 'persist':
        writeStoredKeys(effect.keys);
        break;
      case 'storeReason':
        writeLogoutReason(effect.reason);
        break;
      case 'broadcastLogout': {
        const message = newLogoutBroadcast(effect.reason, now);
        try {
          io.channel()?.postMessage(message);
        } catch {
          // A closed channel: the storage marker below still reaches the other tabs.
        }
        writeLogoutMarker(message);
        break;
      }
      case 'clearStorage':
        clearSessionStorage();
        break;
      case 'signOut':
        signOut = true;
        break;
      case 'navigate':
        to = effect.to;
        break;
    }
  }
  return { signOut, to };
}

/** `dispatch` and `logout` for the rest of the app (one object for the component's life). */
function useSessionMonitorActions({ stateRef, dispatchRef, waitingForLogoutRef }: SessionMonitorStep) {
  return useMemo<SessionMonitorActions>(
    () => ({
      dispatch: (event) => dispatchRef.current(event),
      logout: (reason: LogoutReason = 'manual_logout') =>
        new Promise<void>((resolve) => {
          const wasLoggingOut = stateRef.current.loggingOut;
          waitingForLogoutRef.current.push(resolve);
          dispatchRef.current({ type: 'logout', reason });
          // Nothing started and nothing running (cannot happen with the step's rules): do not hang.
          if (!wasLoggingOut && !stateRef.current.loggingOut) {
            waitingForLogoutRef.current = waitingForLogoutRef.current.filter((r) => r !== resolve);
            resolve();
          }
        }),
    }),
    [stateRef, dispatchRef, waitingForLogoutRef],
  );
}

/** Activity reaches the server too, at most once a minute (heartbeat.ts). */
function useActivityHeartbeat(state: SessionMonitorState) {
  const queryClient = useQueryClient();
  const lastHeartbeatAt = useRef(Number.NEGATIVE_INFINITY);
  useEffect(() => {
    const at = state.lastActivityAt;
    if (!state.monitoring || at === null || at - lastHeartbeatAt.current < HEARTBEAT_INTERVAL_MS) return;
    lastHeartbeatAt.current = at;
    void sendHeartbeat(queryClient);
  }, [state.lastActivityAt, state.monitoring, queryClient]);
}

/**
 * Page lifecycle and other tabs, for as long as the user is signed in: another tab's logout
 * (BroadcastChannel or the storage marker) and activity (its stored keys), `stop` on pagehide and
 * `start` again when the page comes back from the back-forward cache.
 */
function usePageAndTabEvents(
  { dispatch, channelRef }: SessionMonitorStep,
  issuedAt: number,
  pathRef: RefObject<string>,
) {
  useEffect(() => {
    const onOtherTabLogout = () => dispatch({ type: 'otherTabLogout' });
    const onStorage = (event: StorageEvent) => {
      if (event.key === LOGOUT_MARKER_KEY && parseLogoutMarker(event.newValue)) onOtherTabLogout();
      if (event.key === SESSION_KEYS_KEY) {
        // Another tab of this session stored activity: the user is active there (spec s.4).
        const keys = parseStoredKeys(event.newValue);
        if (keys?.issuedAt === issuedAt && typeof keys.lastActivityAt === 'number')
          dispatch({ type: 'otherTabActivity', at: keys.lastActivityAt });
      }
    };
    const onPageHide = () => dispatch({ type: 'stop' });
    const onPageShow = (event: PageTransitionEvent) => {
      if (event.persisted)
        dispatch({ type: 'start', issuedAt, path: pathRef.current, stored: readStoredKeys() });
    };
    let channel: BroadcastChannel | null = null;
    if (typeof BroadcastChannel !== 'undefined') {
      channel = new BroadcastChannel(SESSION_CHANNEL);
      channel.onmessage = (event: MessageEvent<LogoutBroadcast>) => {
        if (isLogoutBroadcast(event.data)) onOtherTabLogout();
      };
    }
    channelRef.current = channel;
    window.addEventListener('storage', onStorage);
    window.addEventListener('pagehide', onPageHide);
    window.addEventListener('pageshow', onPageShow);
    return () => {
      channel?.close();
      channelRef.current = null;
      window.removeEventListener('storage', onStorage);
      window.removeEventListener('pagehide', onPageHide);
      window.removeEventListener('pageshow', onPageShow);
    };
  }, [dispatch, issuedAt, channelRef, pathRef]);
}
