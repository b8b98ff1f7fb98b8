/**
 * App updates (issue 24 "App updates"; spec s.7, s.9; decision 0068). The page knows its build
 * (`runningBuildVersion`) and polls `/build-manifest.json` every {@link UPDATE_POLL_INTERVAL_MS} and whenever the
 * window regains focus or becomes visible; when the deployed version differs it offers a reload, once, until the user
 * reloads or dismisses it (a dismissed version is not offered again; a newer one is). A code chunk that fails to load
 * (a deploy removed the old hashed files: a lazy `import()` rejects, Vite dispatches `vite:preloadError`) is reported
 * (`chunk_load_failed`) and gets a reload instead of an error page.
 *
 * **Reload guard** (spec s.9 "reload guard lifetime 10 s"): every reload this module makes first writes the time in
 * sessionStorage ({@link RELOAD_GUARD_KEY}). A chunk failure reloads by itself only when no such reload happened in
 * the last {@link RELOAD_GUARD_MS}; otherwise it offers the reload instead, so a deploy that is still half-copied, or
 * a chunk missing from the new build too, can never make the page reload in a loop. The user's own "Reload" always
 * reloads (and starts a new guard window).
 *
 * State lives in a tiny store read with `useSyncExternalStore` (`useUpdateOffer`); the offer itself is drawn by
 * `app/update-offer.tsx`. Part of the app shell: no zod, no lazy chunk (after a deploy the old chunks may be gone).
 */
import { useSyncExternalStore } from 'react';
import { runningBuildVersion } from './build-version.ts';
import { errorText, flushClientErrors, reportClientError } from './client-log.ts';

/** How often an open page asks for the manifest (issue 24: a deploy is noticed within a minute). */
export const UPDATE_POLL_INTERVAL_MS = 60_000;
/** Spec s.9 "Reload guard lifetime 10 s": no second automatic reload within this many ms of the last one. */
export const RELOAD_GUARD_MS = 10_000;
/** The sessionStorage key holding the time (epoch ms) of the last reload this module made. */
export const RELOAD_GUARD_KEY = 'tend.reloadGuard';

/** Why a reload is offered: a new build was deployed, or a screen's code could not load. */
export type UpdateReason = 'new-version' | 'chunk-failed';

export interface UpdateState {
  /** The offer shown, or null. `version`: the deployed build when known. */
  offer: { reason: UpdateReason; version: string | null } | null;
  /** The last version the user dismissed: not offered again. */
  dismissedVersion: string | null;
  /** How many in-page offers (the error page's) are showing: the floating one hides meanwhile (one offer at a time). */
  inlineOffers: number;
}

let state: UpdateState = { offer: null, dismissedVersion: null, inlineOffers: 0 };
const listeners = new Set<() => void>();
const setState = (next: Partial<UpdateState>) => {
  state = { ...state, ...next };
  for (const listener of listeners) listener();
};

/** The store's current state (for tests and the offer). */
export const getUpdateState = (): UpdateState => state;

/** Back to no offer and nothing dismissed (tests). */
export const resetUpdateState = (): void =>
  setState({ offer: null, dismissedVersion: null, inlineOffers: 0 });

/** The state, re-rendering on change. */
export const useUpdateOffer = (): UpdateState =>
  useSyncExternalStore(
    (listener) => (listeners.add(listener), () => listeners.delete(listener)),
    getUpdateState,
  );

/**
 * Shows the offer for `reason`. A new version equal to the running one, or to the one dismissed, is not offered;
 * an offer already showing stays (one offer, never two).
 */
export function offerUpdate(reason: UpdateReason, version: string | null = null): void {
  if (reason === 'new-version' && (version === runningBuildVersion || version === state.dismissedVersion))
    return;
  if (state.offer) return;
  setState({ offer: { reason, version } });
}

/** Hides the offer; its version (when known) is not offered again. */
export function dismissUpdateOffer(): void {
  setState({ offer: null, dismissedVersion: state.offer?.version ?? state.dismissedVersion });
}

/** An in-page offer is showing (returns its end): the floating offer hides while any is. */
export function holdInlineOffer(): () => void {
  setState({ inlineOffers: state.inlineOffers + 1 });
  return () => setState({ inlineOffers: Math.max(0, state.inlineOffers - 1) });
}

/** Where the guard's time is kept, and how the page reloads: the browser's, or a test's. */
export interface ReloadPort {
  storage: Pick<Storage, 'getItem' | 'setItem'>;
  reload: () => void;
  now: () => number;
}

const browserPort = (): ReloadPort => ({
  storage: window.sessionStorage,
  reload: () => window.location.reload(),
  now: Date.now,
});

/**
 * Whether a reload made by this module happened less than {@link RELOAD_GUARD_MS} before `now` (a time in the
 * future, e.g. a changed clock, counts as recent; a missing or unreadable value as none). Pure but for `storage`.
 */
export function reloadGuardActive(storage: Pick<Storage, 'getItem'>, now: number): boolean {
  let last: number;
  try {
    last = Number(storage.getItem(RELOAD_GUARD_KEY));
  } catch {
    return false; // storage refused (privacy mode): no guard can be read, none is assumed.
  }
  return Number.isFinite(last) && last > 0 && now - last < RELOAD_GUARD_MS;
}

/** {@link reloadGuardActive} for this page now. */
export const reloadGuardActiveNow = (): boolean => {
  const port = browserPort();
  return reloadGuardActive(port.storage, port.now());
};

/** Writes the guard's time, sends queued error reports, and reloads. Used by the offer's button. */
export function reloadNow(port: ReloadPort = browserPort()): void {
  try {
    port.storage.setItem(RELOAD_GUARD_KEY, String(port.now()));
  } catch {
    // Storage refused: reload anyway (the user asked).
  }
  flushClientErrors();
  port.reload();
}

/** Whether `error` is a failed load of a code chunk (Chromium, Firefox and Safari wordings; Vite's CSS preload). */
export function isChunkLoadError(error: unknown): boolean {
  const text = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  return /Failed to fetch dynamically imported module|error loading dynamically imported module|Importing a module script failed|Unable to preload CSS|ChunkLoadError/i.test(
    text,
  );
}

/**
 * A chunk failed to load: reports it, then reloads when the guard allows (`'reloading'`) or offers the reload
 * (`'offered'`). The reload opens the same address with the deployed build.
 */
export function recoverFromChunkError(
  error: unknown,
  port: ReloadPort = browserPort(),
): 'reloading' | 'offered' {
  reportClientError('chunk_load_failed', errorText(error));
  if (reloadGuardActive(port.storage, port.now())) {
    offerUpdate('chunk-failed');
    return 'offered';
  }
  reloadNow(port);
  return 'reloading';
}

/** The deployed build's version from `/build-manifest.json` (contracts `buildManifest`; no retries: the next poll is one). */
async function fetchDeployedVersion(): Promise<string> {
  const response = await fetch('/build-manifest.json', { cache: 'no-store', credentials: 'same-origin' });
  if (!response.ok) throw new Error(`The build manifest answered ${response.status}`);
  const manifest = (await response.json()) as { version?: unknown };
  if (typeof manifest.version !== 'string' || !manifest.version)
    throw new Error('The build manifest has no version');
  return manifest.version;
}

/**
 * Asks for the deployed build's manifest and offers the reload when its version differs from this page's. Returns
 * the deployed version (null when the manifest could not be read: no offer, the next poll tries again).
 */
export async function checkForUpdate(
  fetchVersion: () => Promise<string> = fetchDeployedVersion,
): Promise<string | null> {
  let version: string;
  try {
    version = await fetchVersion();
  } catch {
    return null;
  }
  if (version !== runningBuildVersion) offerUpdate('new-version', version);
  return version;
}

/**
 * Starts watching for deploys (the manifest now, every {@link UPDATE_POLL_INTERVAL_MS}, on focus and when the page
 * becomes visible) and for chunk failures outside a screen (`vite:preloadError`: reported and offered; a screen's
 * own failure reaches the router's error page, which calls {@link recoverFromChunkError}). Returns the stop.
 */
export function watchForUpdates(): () => void {
  const check = () => void checkForUpdate();
  const onVisible = () => document.visibilityState === 'visible' && check();
  const onPreloadError = (event: Event) => {
    reportClientError('chunk_load_failed', errorText((event as Event & { payload?: unknown }).payload));
    offerUpdate('chunk-failed');
  };
  check();
  const timer = setInterval(check, UPDATE_POLL_INTERVAL_MS);
  window.addEventListener('focus', check);
  document.addEventListener('visibilitychange', onVisible);
  window.addEventListener('vite:preloadError', onPreloadError);
  return () => {
    clearInterval(timer);
    window.removeEventListener('focus', check);
    document.removeEventListener('visibilitychange', onVisible);
    window.removeEventListener('vite:preloadError', onPreloadError);
  };
}
