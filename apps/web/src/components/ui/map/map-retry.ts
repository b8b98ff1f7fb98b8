/**
 * The maps loader's retry schedule (issue 24 "Offline assets"; spec s.9 "maps loader retries 3"; spec s.8 "maps load
 * failure (retried with growing delay)"; decision 0068). Pure, so the schedule is tested on its own.
 */

/** Retries of a tile source that failed to load, after the first attempt (spec s.9). */
export const MAP_LOAD_RETRIES = 3;
/** The first retry's delay; each next one doubles it. */
export const MAP_RETRY_BASE_MS = 1000;

/**
 * The delay in ms before retry number `retry` (1-based): 1 s, 2 s, 4 s; null past {@link MAP_LOAD_RETRIES} (give up:
 * the offline basemap stays). Doubling from 1 s rides out a tile server's restart or a dropped connection (7 s in
 * all) without hammering it, and is the shape of the API client's own retries (`fetchWithRetry`, 200 ms doubling)
 * scaled to a server that is not ours.
 */
export function mapRetryDelayMs(retry: number): number | null {
  if (!Number.isInteger(retry) || retry < 1 || retry > MAP_LOAD_RETRIES) return null;
  return MAP_RETRY_BASE_MS * 2 ** (retry - 1);
}
