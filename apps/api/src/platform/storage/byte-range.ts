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
  const end = last === '' ? Number.MAX_SAFE_INTEGER : Number(last);
  if (!Number.isSafeInteger(start) || !Number.isSafeInteger(end) || end < start) return null;
  if (start >= size) return 'unsatisfiable';
  return { start, end: Math.min(end, size - 1) };
}

/**
 * The length headers of a whole object (200), the part a `Range` asked for (206: `content-range: bytes a-b/size`),
 * or an unsatisfiable range (416: `content-range: bytes * /size`, no body). RFC 9110 s.14.4, s.15.3.7, s.15.5.17.
 */
export function rangeHeaders(object: {
  size: number;
  range?: ByteRange | undefined;
  unsatisfiable?: true | undefined;
}): Record<string, string> {
  if (object.unsatisfiable) return { 'content-range': `bytes */${object.size}`, 'content-length': '0' };
  if (object.range) {
    const { start, end } = object.range;
    return {
      'content-range': `bytes ${start}-${end}/${object.size}`,
      'content-length': String(end - start + 1),
    };
  }
  return { 'content-length': String(object.size) };
}
