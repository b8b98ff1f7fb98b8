/**
 * What the session monitor shares with the rest of the app (spec s.4 "Session tiers"): its state (for
 * `/admin/session-debug`) and its actions (sign-out through the monitor, so other tabs follow).
 *
 * Two contexts: the state changes on every counted activity (up to 10 times a second while the mouse
 * moves), the actions never; a sign-out button reads only the actions and does not re-render with them.
 * Both are null while nobody is signed in or while the monitor's code is still loading.
 * Only types from the monitor here: this file is part of the app shell (`useSignOut`).
 */
import { createContext, useContext } from 'react';
import type { SessionMonitorEvent, SessionMonitorState } from '@tend/contracts/session-monitor';
import type { LogoutReason } from '@tend/contracts/session-tiers';

export interface SessionMonitorActions {
  /** Feeds one event to the monitor (`sessionMonitorStep` at the current time) and carries out its effects. */
  dispatch: (event: SessionMonitorEvent) => void;
  /**
   * The logout sequence of spec s.4 with `reason` (default manual_logout): store the reason, tell other tabs,
   * clear session storage, sign out, go to `/login?reason=…&redirect=…`. Resolves once it has finished.
   */
  logout: (reason?: LogoutReason) => Promise<void>;
}

export const SessionMonitorStateContext = createContext<SessionMonitorState | null>(null);
export const SessionMonitorActionsContext = createContext<SessionMonitorActions | null>(null);

/** The monitor's state, or null while nobody is signed in (or its code is loading). */
export const useSessionMonitorState = () => useContext(SessionMonitorStateContext);

/** The monitor's actions, or null while nobody is signed in (or its code is loading). */
export const useSessionMonitorActions = () => useContext(SessionMonitorActionsContext);
