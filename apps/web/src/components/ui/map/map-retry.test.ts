/** The maps loader's retry schedule (spec s.9 "maps loader retries 3"; decision 0068): 1 s, 2 s, 4 s, then none. */
import { describe, expect, it } from 'vitest';
import { MAP_LOAD_RETRIES, mapRetryDelayMs } from './map-retry.ts';

describe('mapRetryDelayMs', () => {
  it('waits 1, 2 and 4 s before the three retries, then gives up', () => {
    expect(MAP_LOAD_RETRIES).toBe(3);
    expect([1, 2, 3, 4].map(mapRetryDelayMs)).toEqual([1000, 2000, 4000, null]);
  });

  it('has no delay for a retry that is not one', () => {
    for (const retry of [0, -1, 1.5, Number.NaN]) expect(mapRetryDelayMs(retry)).toBeNull();
  });
});
