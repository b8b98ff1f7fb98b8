import { describe, expect, it } from 'vitest';
import { logoutReasons } from '@tend/contracts';
import { logoutReasonMessage } from './logout-reasons.ts';

describe('logoutReasonMessage', () => {
  it('has words for every logout reason of the contracts (spec s.8)', () => {
    for (const reason of logoutReasons) expect(logoutReasonMessage(reason)).toMatch(/\w+/);
  });

  it('ignores a missing or unknown reason', () => {
    expect(logoutReasonMessage(null)).toBeNull();
    expect(logoutReasonMessage('<script>')).toBeNull();
  });
});
