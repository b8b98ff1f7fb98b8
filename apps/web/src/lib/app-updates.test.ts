/**
 * The update offer's rules (issue 24 "App updates"; spec s.9 reload guard 10 s; decision 0068): a different deployed
 * version is offered once, the running one never; a dismissed version is not offered again, a newer one is; the
 * reload guard lets a chunk failure reload once and then offers instead (no loop); chunk-failure messages of the
 * browsers are recognised.
 */
import { afterEach, describe, expect, it } from 'vitest';
import {
  checkForUpdate,
  dismissUpdateOffer,
  getUpdateState,
  isChunkLoadError,
  offerUpdate,
  recoverFromChunkError,
  RELOAD_GUARD_KEY,
  RELOAD_GUARD_MS,
  reloadGuardActive,
  reloadNow,
  resetUpdateState,
  type ReloadPort,
} from './app-updates.ts';
import { runningBuildVersion } from './build-version.ts';

/** A page's storage and reload, recording each reload; `now` is moved by the test (the guard's rule is about time). */
function testPort(start = 1_000_000) {
  const items = new Map<string, string>();
  const port = {
    now: start,
    reloads: 0,
    storage: {
      getItem: (key: string) => items.get(key) ?? null,
      setItem: (key: string, value: string) => void items.set(key, value),
    },
  };
  const reloadPort: ReloadPort = {
    storage: port.storage,
    reload: () => (port.reloads += 1),
    now: () => port.now,
  };
  return { port, reloadPort, items };
}

afterEach(resetUpdateState);

describe('checkForUpdate', () => {
  it('offers nothing while the deployed version is the running one', async () => {
    expect(await checkForUpdate(async () => runningBuildVersion)).toBe(runningBuildVersion);
    expect(getUpdateState().offer).toBeNull();
  });

  it('offers a different version once, and keeps one offer when asked again', async () => {
    await checkForUpdate(async () => 'v2');
    expect(getUpdateState().offer).toEqual({ reason: 'new-version', version: 'v2' });
    await checkForUpdate(async () => 'v3');
    expect(getUpdateState().offer).toEqual({ reason: 'new-version', version: 'v2' });
  });

  it('does not offer a dismissed version again, but a newer one', async () => {
    await checkForUpdate(async () => 'v2');
    dismissUpdateOffer();
    expect(getUpdateState().offer).toBeNull();
    await checkForUpdate(async () => 'v2');
    expect(getUpdateState().offer).toBeNull();
    await checkForUpdate(async () => 'v3');
    expect(getUpdateState().offer?.version).toBe('v3');
  });

  it('offers nothing when the manifest cannot be read', async () => {
    expect(
      await checkForUpdate(async () => {
        throw new Error('offline');
      }),
    ).toBeNull();
    expect(getUpdateState().offer).toBeNull();
  });
});

describe('the reload guard', () => {
  it('is active for 10 s after a reload this module made, and only then', () => {
    const { port, reloadPort } = testPort();
    expect(reloadGuardActive(port.storage, port.now)).toBe(false);
    reloadNow(reloadPort);
    expect(port.reloads).toBe(1);
    expect(reloadGuardActive(port.storage, port.now + RELOAD_GUARD_MS - 1)).toBe(true);
    expect(reloadGuardActive(port.storage, port.now + RELOAD_GUARD_MS)).toBe(false);
  });

  it('ignores a missing or unreadable time, and storage that refuses', () => {
    const { port, items } = testPort();
    items.set(RELOAD_GUARD_KEY, 'not a time');
    expect(reloadGuardActive(port.storage, port.now)).toBe(false);
    const refusing = {
      getItem: () => {
        throw new Error('SecurityError');
      },
    };
    expect(reloadGuardActive(refusing, port.now)).toBe(false);
  });

  it('lets a chunk failure reload once, then offers instead of reloading again within 10 s', () => {
    const { port, reloadPort } = testPort();
    const failure = new TypeError('Failed to fetch dynamically imported module: /assets/gone.js');
    expect(recoverFromChunkError(failure, reloadPort)).toBe('reloading');
    expect(port.reloads).toBe(1);
    // The page starts again and the same chunk fails 2 s later: no second reload, the offer instead.
    port.now += 2000;
    expect(recoverFromChunkError(failure, reloadPort)).toBe('offered');
    expect(port.reloads).toBe(1);
    expect(getUpdateState().offer).toEqual({ reason: 'chunk-failed', version: null });
    // Past the guard's lifetime a chunk failure may reload again.
    resetUpdateState();
    port.now += RELOAD_GUARD_MS;
    expect(recoverFromChunkError(failure, reloadPort)).toBe('reloading');
    expect(port.reloads).toBe(2);
  });
});

describe('isChunkLoadError', () => {
  it("recognises the browsers' failed dynamic imports and Vite's CSS preload, nothing else", () => {
    for (const message of [
      'Failed to fetch dynamically imported module: http://localhost/assets/x.js',
      'error loading dynamically imported module: http://localhost/assets/x.js',
      'Importing a module script failed.',
      'Unable to preload CSS for /assets/x.css',
    ])
      expect(isChunkLoadError(new TypeError(message)), message).toBe(true);
    expect(isChunkLoadError(new Error('Cannot read properties of undefined'))).toBe(false);
    expect(isChunkLoadError(null)).toBe(false);
  });
});

describe('offerUpdate', () => {
  it('never offers the running version', () => {
    offerUpdate('new-version', runningBuildVersion);
    expect(getUpdateState().offer).toBeNull();
  });
});
