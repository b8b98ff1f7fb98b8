import { describe, expect, it } from 'vitest';
import { parseByteRange, rangeHeaders } from './byte-range.ts';

describe('parseByteRange (RFC 9110 s.14.1.2)', () => {
  it('reads first-last, open-ended and suffix ranges, cutting the end to the object', () => {
    expect(parseByteRange('bytes=0-99', 1000)).toEqual({ start: 0, end: 99 });
    expect(parseByteRange('bytes=900-', 1000)).toEqual({ start: 900, end: 999 });
    expect(parseByteRange('bytes=900-5000', 1000)).toEqual({ start: 900, end: 999 });
    expect(parseByteRange('bytes=-10', 1000)).toEqual({ start: 990, end: 999 });
    expect(parseByteRange('bytes=-5000', 1000)).toEqual({ start: 0, end: 999 });
  });

  it('is unsatisfiable past the end, for an empty suffix and on an empty object', () => {
    expect(parseByteRange('bytes=1000-', 1000)).toBe('unsatisfiable');
    expect(parseByteRange('bytes=1000-1200', 1000)).toBe('unsatisfiable');
    expect(parseByteRange('bytes=-0', 1000)).toBe('unsatisfiable');
    expect(parseByteRange('bytes=0-', 0)).toBe('unsatisfiable');
  });

  it('ignores what it does not serve: no header, several ranges, other units, bad syntax', () => {
    for (const header of [undefined, '', 'bytes=0-1,5-9', 'items=0-1', 'bytes=5-1', 'bytes=-', 'bytes=a-b'])
      expect(parseByteRange(header, 1000)).toBeNull();
  });

  it('writes the length headers of each answer', () => {
    expect(rangeHeaders({ size: 1000 })).toEqual({ 'content-length': '1000' });
    expect(rangeHeaders({ size: 1000, range: { start: 10, end: 19 } })).toEqual({
      'content-range': 'bytes 10-19/1000',
      'content-length': '10',
    });
    expect(rangeHeaders({ size: 1000, unsatisfiable: true })).toEqual({
      'content-range': 'bytes */1000',
      'content-length': '0',
    });
  });
});
