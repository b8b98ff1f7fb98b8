/**
 * Where the session monitor keeps what outlives a page (spec s.4 "Session tiers"): the session keys (tier,
 * deadlines, last activity) so a reload keeps them, the reason of the last logout, and the force-logout
 * marker other tabs listen to. All in localStorage under `tend.session.`; every access tolerates a browser
 * that refuses storage (private mode, quota): the monitor then simply starts from the path.
 */
import type { StoredSessionKeys } from '@tend/contracts/session-monitor';
import type { LogoutReason } from '@tend/contracts/session-tiers';

export const SESSION_STORAGE_PREFIX = 'tend.session.';
/** The persisted session keys (JSON `StoredSessionKeys`). */
export const SESSION_KEYS_KEY = `${SESSION_STORAGE_PREFIX}keys`;
/** The reason of the last logout in this browser (kept by `clearStorage`). */
export const LOGOUT_REASON_KEY = `${SESSION_STORAGE_PREFIX}logoutReason`;
/** The force-logout marker: written on logout, other tabs get a `storage` event for it. */
export const LOGOUT_MARKER_KEY = `${SESSION_STORAGE_PREFIX}logoutMarker`;
/** The BroadcastChannel other tabs listen on (the marker is the fallback where it is missing). */
export const SESSION_CHANNEL = 'tend-session';

/** The message posted on the channel and written as the marker. `id` makes every marker a new value. */
export interface LogoutBroadcast {
  type: 'logout';
  reason: LogoutReason;
  at: number;
  id: string;
}

function storage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

function safely(action: () => void): void {
  try {
    action();
  } catch {
    // Storage refused (private mode, quota, disabled): the monitor keeps working in memory.
  }
}

/** Session keys from their stored JSON, or null (none, unreadable or not an object). */
export function parseStoredKeys(raw: string | null | undefined): Partial<StoredSessionKeys> | null {
  if (!raw) return null;
  try {
    const parsed: unknown = JSON.parse(raw);
    return parsed && typeof parsed === 'object' ? parsed : null;
  } catch {
    return null;
  }
}

/** The persisted session keys, or null (none, unreadable or not an object). */
export function readStoredKeys(): Partial<StoredSessionKeys> | null {
  try {
    return parseStoredKeys(storage()?.getItem(SESSION_KEYS_KEY));
  } catch {
    return null;
  }
}

export function writeStoredKeys(keys: StoredSessionKeys): void {
  safely(() => storage()?.setItem(SESSION_KEYS_KEY, JSON.stringify(keys)));
}

export function writeLogoutReason(reason: LogoutReason): void {
  safely(() => storage()?.setItem(LOGOUT_REASON_KEY, reason));
}

/** The stored reason of the last logout, as stored (the caller validates it). */
export function readLogoutReason(): string | null {
  try {
    return storage()?.getItem(LOGOUT_REASON_KEY) ?? null;
  } catch {
    return null;
  }
}

export function newLogoutBroadcast(reason: LogoutReason, now: number): LogoutBroadcast {
  const id =
    typeof crypto !== 'undefined' && 'randomUUID' in crypto
      ? crypto.randomUUID()
      : `${now}-${Math.random().toString(36).slice(2)}`;
  return { type: 'logout', reason, at: now, id };
}

export function writeLogoutMarker(message: LogoutBroadcast): void {
  safely(() => storage()?.setItem(LOGOUT_MARKER_KEY, JSON.stringify(message)));
}

/** Whether a channel message or a marker value is a logout broadcast. */
export function isLogoutBroadcast(value: unknown): value is LogoutBroadcast {
  return (
    !!value &&
    typeof value === 'object' &&
    (value as { type?: unknown }).type === 'logout' &&
    typeof (value as { id?: unknown }).id === 'string'
  );
}

/** Parses a marker value from a `storage` event (null for a removal or anything else). */
export function parseLogoutMarker(raw: string | null): LogoutBroadcast | null {
  if (!raw) return null;
  try {
    const parsed: unknown = JSON.parse(raw);
    return isLogoutBroadcast(parsed) ? parsed : null;
  } catch {
    return null;
  }
}

/**
 * The monitor's `clearStorage` effect (spec s.4): clears the browser's sessionStorage and every
 * `tend.session.*` key except the stored logout reason.
 */
export function clearSessionStorage(): void {
  safely(() => window.sessionStorage.clear());
  const local = storage();
  if (!local) return;
  safely(() => {
    const keys: string[] = [];
    for (let i = 0; i < local.length; i += 1) {
      const key = local.key(i);
      if (key?.startsWith(SESSION_STORAGE_PREFIX) && key !== LOGOUT_REASON_KEY) keys.push(key);
    }
    for (const key of keys) local.removeItem(key);
  });
}
