/**
 * HTTP byte ranges of stored objects (spec s.7 "PDF fetch with Range"; RFC 9110 s.14): the PDF viewer asks for
 * parts of a large PDF (`Range: bytes=0-65535`) instead of the whole file.
 */

/** A byte range of an object, both ends inclusive, `0 <= start <= end < size`. */
export interface ByteRange {
  start: number;
  end: number;
}

const SINGLE_RANGE = /^bytes=(\d*)-(\d*)$/i;

/**
 * The one range `header` asks for in an object of `size` bytes (RFC 9110 s.14.1.2): `bytes=a-b`, `bytes=a-` (to the
 * end) and `bytes=-n` (the last n bytes); an end past the object is cut to its last byte. Returns null when there
 * is no header, or one this server ignores (several ranges, another unit, bad syntax): the whole object is sent
 * (200), which RFC 9110 allows. Returns `'unsatisfiable'` (416) when the range starts at or after the end, or
 * asks for the last 0 bytes.
 */
export function parseByteRange(header: string | undefined, size: number): ByteRange | 'unsatisfiable' | null {
  if (!header) return null;
  const match = SINGLE_RANGE.exec(header.trim());
  if (!match) return null;
  const [, first = '', last = ''] = match;
  if (first === '' && last === '') return null;
  if (first === '') {
    const suffix = Number(last);
    if (!Number.isSafeInteger(suffix)) return null;
    if (suffix === 0 || size === 0) return 'unsatisfiable';
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(first);
  const end = last === '' ? size - 1 : Number(last);
  if (!Number.isSafeInteger(start) || !Number.isSafeInteger(end) || end < start) return null;
  if (start >= size) return 'unsatisfiable';
  return { start, end: Math.min(end, size - 1) };
}
