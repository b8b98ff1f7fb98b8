import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { billingSnapshotHash, canonicalJson, snapshotHash, snapshotOf } from './billing-export-snapshot.ts';

describe('canonicalJson', () => {
  it('sorts keys at every depth and keeps array order', () => {
    expect(canonicalJson({ b: 1, a: { d: [3, { z: 1, y: 2 }], c: null } })).toBe(
      '{"a":{"c":null,"d":[3,{"y":2,"z":1}]},"b":1}',
    );
  });
  it('gives the same text whatever the key order, leaves out undefined members', () => {
    expect(canonicalJson({ x: 1, y: 'a', z: undefined })).toBe(canonicalJson({ y: 'a', x: 1 }));
    expect(canonicalJson([undefined, 1])).toBe('[null,1]');
  });
  it('writes dates as ISO strings and escapes strings as JSON', () => {
    expect(canonicalJson({ at: new Date('2026-03-02T09:00:00Z'), s: 'a"b' })).toBe(
      '{"at":"2026-03-02T09:00:00.000Z","s":"a\\"b"}',
    );
  });
});

describe('snapshotHash', () => {
  it('is the SHA-256 hex of the canonical form, equal for reordered keys', () => {
    const expected = createHash('sha256').update('{"a":1,"b":2}').digest('hex');
    expect(snapshotHash({ b: 2, a: 1 })).toBe(expected);
    expect(snapshotHash({ a: 1, b: 2 })).toMatch(/^[0-9a-f]{64}$/);
    expect(snapshotHash({ a: 1, b: 3 })).not.toBe(expected);
  });
});

describe('snapshotOf', () => {
  it('keeps the billed values, instants as ISO, an empty zone as null', () => {
    const snapshot = snapshotOf({
      segmentId: 's',
      shiftId: 'h',
      date: '2026-03-02',
      evvStart: new Date('2026-03-02T17:00:00Z'),
      evvEnd: null,
      billingCode: 'OR526',
      modifier: null,
      evvInLat: 45.5,
      evvInLong: -122.6,
      evvOutLat: null,
      evvOutLong: null,
      caregiverId: 'c',
      clientId: 'k',
      providerMedicaidId: '123',
      clientPid: 'P1',
      dspName: 'Dana',
      timeZone: '',
    });
    expect(snapshot.evvStart).toBe('2026-03-02T17:00:00.000Z');
    expect(snapshot.evvEnd).toBeNull();
    expect(snapshot.timeZone).toBeNull();
    expect(snapshot.dspName).toBe('Dana');
  });
});

describe('billingSnapshotHash', () => {
  it('equals snapshotHash of the same snapshot (nulls, quotes, non-ASCII, negative and fractional numbers)', () => {
    const snapshot = snapshotOf({
      segmentId: '6f0c8a4e-0000-4000-8000-000000000001',
      shiftId: 'h',
      date: '2026-03-02',
      evvStart: new Date('2026-03-02T17:00:00Z'),
      evvEnd: new Date('2026-03-02T20:30:00.250Z'),
      billingCode: 'OR526',
      modifier: null,
      evvInLat: 45.123456789,
      evvInLong: -122.6,
      evvOutLat: 0,
      evvOutLong: null,
      caregiverId: 'c',
      clientId: 'k',
      providerMedicaidId: null,
      clientPid: 'P"1\\',
      dspName: 'Zoë \u2028 Ng',
      timeZone: 'America/Los_Angeles',
    });
    expect(billingSnapshotHash(snapshot)).toBe(snapshotHash(snapshot));
    expect(billingSnapshotHash({ ...snapshot, dspName: 'Other' })).not.toBe(snapshotHash(snapshot));
  });
});
