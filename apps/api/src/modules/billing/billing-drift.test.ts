import { describe, expect, it } from 'vitest';
import type { BillingSnapshot } from './billing-export-snapshot.ts';
import { sameDrift, snapshotDrift } from './billing-drift.ts';

const exported: BillingSnapshot = {
  segmentId: 's',
  shiftId: 'h',
  date: '2026-03-02',
  evvStart: '2026-03-02T17:00:00.000Z',
  evvEnd: '2026-03-02T19:00:00.000Z',
  billingCode: 'OR526',
  modifier: null,
  evvInLat: 45.5,
  evvInLong: -122.6,
  evvOutLat: 45.5,
  evvOutLong: -122.6,
  caregiverId: 'c',
  clientId: 'k',
  providerMedicaidId: null,
  clientPid: 'P1',
  dspName: 'Dana',
  timeZone: null,
};

describe('snapshotDrift', () => {
  it('finds nothing when the segment is unchanged (stored key order does not matter)', () => {
    const reordered = Object.fromEntries(Object.entries(exported).reverse());
    expect(snapshotDrift(reordered, { ...exported })).toEqual([]);
  });
  it('lists each changed field with the exported and current values, in field order', () => {
    const current = { ...exported, evvEnd: '2026-03-02T19:30:00.000Z', modifier: 'ZE', dspName: 'Dana B' };
    expect(snapshotDrift({ ...exported }, current)).toEqual([
      { field: 'evvEnd', exported: '2026-03-02T19:00:00.000Z', current: '2026-03-02T19:30:00.000Z' },
      { field: 'modifier', exported: null, current: 'ZE' },
      { field: 'dspName', exported: 'Dana', current: 'Dana B' },
    ]);
  });
  it('treats a deleted segment or shift as drift', () => {
    expect(snapshotDrift({ ...exported }, null)).toEqual([
      { field: 'deleted', exported: false, current: true },
    ]);
  });
  it('compares keys of an older snapshot shape too', () => {
    expect(snapshotDrift({ ...exported, legacy: 1 }, { ...exported })).toEqual([
      { field: 'legacy', exported: 1, current: null },
    ]);
  });
});

describe('sameDrift', () => {
  it('compares drift lists as data', () => {
    expect(
      sameDrift([{ field: 'a', exported: 1, current: 2 }], [{ current: 2, exported: 1, field: 'a' }]),
    ).toBe(true);
    expect(sameDrift([], [{ field: 'a', exported: 1, current: 2 }])).toBe(false);
  });
});
