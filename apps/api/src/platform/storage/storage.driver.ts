/**
 * Storage drivers: the object-bytes layer under Tend's storage module.
 *
 * A driver stores, streams and lists object bytes plus a little HTTP metadata (content type, cache
 * control). It knows nothing about tenants, access rules or the object catalogue: those live above
 * it. Two implementations exist: `local.driver.ts` (a directory on disk) and `s3.driver.ts` (any
 * S3-compatible service). Both pass the same suite (`storage.driver.test.ts`).
 *
 * Paths are `/`-separated object names inside a bucket (`reports/2024/march.pdf`); a "folder" is
 * just a shared name prefix, as in Supabase Storage and S3.
 */
import type { Readable } from 'node:stream';
import type { ByteRange } from './byte-range.ts';

/** Why a storage operation was refused. */
export type StorageErrorCode = 'OBJECT_EXISTS' | 'OBJECT_NOT_FOUND' | 'INVALID_PATH' | 'BUCKET_NOT_EMPTY';

/**
 * A refusal the caller can act on (map to 409 / 404 / 400 / 409). Anything else a driver throws is
 * an infrastructure failure (disk, network, credentials) and should surface as a 5xx.
 */
export class StorageError extends Error {
  override readonly name = 'StorageError';
  readonly code: StorageErrorCode;

  /**
   * @param code machine-readable reason.
   * @param message human-readable explanation naming the bucket/path involved.
   * @param options standard `ErrorOptions` (`cause`).
   */
  constructor(code: StorageErrorCode, message: string, options?: ErrorOptions) {
    super(message, options);
    this.code = code;
  }
}

/** `OBJECT_EXISTS` for `path` in `bucket` (both drivers' wording). */
export function objectExists(bucket: string, path: string): StorageError {
  return new StorageError(
    'OBJECT_EXISTS',
    `Object ${JSON.stringify(path)} already exists in bucket ${JSON.stringify(bucket)}.`,
  );
}

/** `OBJECT_NOT_FOUND` for `path` in `bucket`, with the backend's error as `cause` when given. */
export function objectNotFound(bucket: string, path: string, cause?: unknown): StorageError {
  return new StorageError(
    'OBJECT_NOT_FOUND',
    `Object ${JSON.stringify(path)} not found in bucket ${JSON.stringify(bucket)}.`,
    cause === undefined ? undefined : { cause },
  );
}

/**
 * The failure of a put whose `Readable` body yielded `actual` bytes (a count, or `more than N`)
 * where the caller's `contentLength` said `expected`.
 */
export function lengthMismatch(path: string, actual: number | string, expected: number): Error {
  return new Error(`Body of ${JSON.stringify(path)} had ${actual} bytes but contentLength said ${expected}.`);
}

/** Options of {@link StorageDriver.put}. All optional. */
export interface PutOptions {
  /** MIME type stored with the object. Default `application/octet-stream`. */
  contentType?: string;
  /** `Cache-Control` value stored with the object. Default `no-cache`. */
  cacheControl?: string;
  /** Replace an existing object instead of failing with `OBJECT_EXISTS`. Default `false`. */
  upsert?: boolean;
  /**
   * Byte length of a `Readable` body, when the caller knows it (e.g. from a `Content-Length`
   * header). The S3 driver streams a body of known length and must buffer one of unknown length;
   * a stream that yields a different number of bytes fails the put. Ignored for `Buffer` bodies.
   */
  contentLength?: number;
}

/** Result of {@link StorageDriver.put}. */
export interface PutResult {
  /** Bytes stored. */
  size: number;
  /** Opaque entity tag (hex MD5 for single-part objects), without surrounding quotes. */
  etag?: string;
}

/** Metadata of one stored object. */
export interface ObjectInfo {
  /** Bytes. */
  size: number;
  /** MIME type; `application/octet-stream` when none was stored. */
  contentType: string;
  /** Stored `Cache-Control` value, or `null` when none was stored. */
  cacheControl: string | null;
  /** Time of the last write of the object's bytes. */
  lastModified: Date;
}

/** Result of {@link StorageDriver.get}: metadata plus a byte stream the caller must consume or destroy. */
export interface GetResult extends ObjectInfo {
  /** The object's bytes, or only those of `range` when one was asked for. */
  body: Readable;
  /** The part `body` holds when a range was asked for (`size` stays the whole object's). */
  range?: ByteRange;
}

/** Options of {@link StorageDriver.copy} and {@link StorageDriver.move}. */
export interface CopyOptions {
  /** Replace an existing destination instead of failing with `OBJECT_EXISTS`. Default `false`. */
  upsert?: boolean;
}

/** Column a listing can be sorted by (Supabase Storage names). */
export type ListSortColumn = 'name' | 'created_at' | 'updated_at' | 'size';
/** Sort direction of a listing. */
export type ListSortOrder = 'asc' | 'desc';

/** Options of {@link StorageDriver.list}; defaults per spec section 9 "Storage list defaults". */
export interface ListOptions {
  /** Folder whose direct children are listed; `''` (default) is the bucket root. Trailing `/` ignored. */
  prefix?: string;
  /** Maximum entries returned, integer >= 0. Default 100. */
  limit?: number;
  /** Entries skipped before the first returned one, integer >= 0. Default 0. */
  offset?: number;
  /** Default `{ column: 'name', order: 'asc' }`. */
  sortBy?: { column?: ListSortColumn; order?: ListSortOrder };
  /** Keep only entries whose name starts with this string (case-insensitive). */
  search?: string;
}

/** One direct child of the listed folder: an object or a (sub)folder. */
export interface ListEntry {
  /** Name relative to the listed prefix, without any `/`. */
  name: string;
  /** Bytes; 0 for folders. */
  size: number;
  /** MIME type; `null` for folders. */
  contentType: string | null;
  /** Last write time; `null` for folders. */
  lastModified: Date | null;
  isFolder: boolean;
}

/**
 * The object-bytes contract every storage backend implements.
 *
 * Every method validates `bucket` with {@link assertSafeBucketId} and every object path with
 * {@link assertSafeObjectPath} before touching storage (so `StorageError('INVALID_PATH')` comes
 * first). Callers create a bucket before writing to it.
 */
export interface StorageDriver {
  /**
   * Stores `body` at `path`, streaming a `Readable` (the local driver never holds it whole).
   * Throws `OBJECT_EXISTS` when the object exists and `upsert` is not set (the body is then left
   * unread). On failure the body may be partially consumed; a caller owning the stream destroys it.
   */
  put(bucket: string, path: string, body: Buffer | Readable, options?: PutOptions): Promise<PutResult>;
  /**
   * Opens the object for streaming, only the bytes of `range` when given (which the caller resolved against the
   * object's size: `0 <= start <= end < size`). Throws `OBJECT_NOT_FOUND`.
   */
  get(bucket: string, path: string, range?: ByteRange): Promise<GetResult>;
  /** Object metadata, or `null` when there is no object at `path`. */
  head(bucket: string, path: string): Promise<ObjectInfo | null>;
  /** Deletes the given objects; returns those that existed (in input order, de-duplicated). */
  remove(bucket: string, paths: readonly string[]): Promise<string[]>;
  /**
   * Copies bytes, content type and cache control from `from` to `to` in the same bucket. Throws
   * `OBJECT_NOT_FOUND` (source missing), then `OBJECT_EXISTS` (destination exists, no `upsert`).
   * `from === to` with `upsert` is a no-op.
   */
  copy(bucket: string, from: string, to: string, options?: CopyOptions): Promise<void>;
  /** {@link copy} then delete `from`; same errors. `from === to` with `upsert` is a no-op. */
  move(bucket: string, from: string, to: string, options?: CopyOptions): Promise<void>;
  /**
   * Direct children of `prefix` (Supabase Storage semantics): folders first, sorted by name in the
   * requested order, then objects sorted by the requested column (ties by name ascending); then
   * `offset`/`limit` over that combined list. Names compare by Unicode code point (= UTF-8 bytes,
   * S3's order). A missing bucket or prefix lists as `[]`. Throws `RangeError` for a bad limit/offset.
   */
  list(bucket: string, options?: ListOptions): Promise<ListEntry[]>;
  /** Deletes every object of the bucket (the bucket stays); returns how many were deleted. */
  emptyBucket(bucket: string): Promise<number>;
  /** Creates the bucket; a no-op when it already exists. */
  createBucket(bucket: string): Promise<void>;
  /** Deletes an empty bucket; a no-op when it does not exist. Throws `BUCKET_NOT_EMPTY`. */
  deleteBucket(bucket: string): Promise<void>;
  /** Releases connections/handles held by the driver. The driver must not be used afterwards. */
  close(): Promise<void>;
}

/** Default MIME type of objects stored without one. */
export const DEFAULT_CONTENT_TYPE = 'application/octet-stream';
/** Default `Cache-Control` of objects stored without one. */
export const DEFAULT_CACHE_CONTROL = 'no-cache';
/** Longest accepted object path, in UTF-8 bytes (S3's key limit). */
export const MAX_OBJECT_PATH_BYTES = 1024;

const BUCKET_ID_PATTERN = /^[a-z0-9][a-z0-9._-]{1,62}$/;

/**
 * Throws `StorageError('INVALID_PATH')` unless `bucket` matches `^[a-z0-9][a-z0-9._-]{1,62}$`
 * (2–63 chars, lowercase). Pure.
 */
export function assertSafeBucketId(bucket: string): void {
  if (typeof bucket !== 'string' || !BUCKET_ID_PATTERN.test(bucket)) {
    throw new StorageError(
      'INVALID_PATH',
      `Invalid bucket id ${JSON.stringify(bucket)}: use 2-63 characters from a-z, 0-9, '.', '_' and '-', starting with a letter or digit.`,
    );
  }
}

/**
 * Throws `StorageError('INVALID_PATH')` unless `path` is a safe relative object path: non-empty,
 * at most 1024 UTF-8 bytes, no NUL byte, no backslash, not absolute (leading `/`), and no empty
 * (`a//b`, trailing `/`), `.` or `..` segment. Pure; accepts any other Unicode, spaces included.
 */
export function assertSafeObjectPath(path: string): void {
  const reject = (why: string): never => {
    throw new StorageError('INVALID_PATH', `Invalid object path ${JSON.stringify(path)}: ${why}.`);
  };
  if (typeof path !== 'string' || path.length === 0) reject('path is empty');
  if (Buffer.byteLength(path, 'utf8') > MAX_OBJECT_PATH_BYTES) {
    reject(`longer than ${MAX_OBJECT_PATH_BYTES} bytes`);
  }
  if (path.includes('\0')) reject('contains a NUL byte');
  if (path.includes('\\')) reject('contains a backslash');
  if (path.startsWith('/')) reject('absolute paths are not allowed');
  for (const segment of path.split('/')) {
    if (segment === '') reject('contains an empty segment');
    if (segment === '..') reject("contains a '..' segment");
    if (segment === '.') reject("contains a '.' segment");
  }
}

/** {@link assertSafeBucketId} of `bucket`, then {@link assertSafeObjectPath} of each path. */
export function assertSafeObjectArgs(bucket: string, ...paths: string[]): void {
  assertSafeBucketId(bucket);
  for (const path of paths) assertSafeObjectPath(path);
}

/** {@link ListOptions} with defaults applied and the prefix normalised (no trailing `/`). */
export interface ResolvedListOptions {
  prefix: string;
  limit: number;
  offset: number;
  column: ListSortColumn;
  order: ListSortOrder;
  search: string;
}

const SORT_COLUMNS: readonly ListSortColumn[] = ['name', 'created_at', 'updated_at', 'size'];

/**
 * Applies the list defaults (prefix `''`, limit 100, offset 0, name ascending, no search) and
 * validates: the prefix (minus trailing slashes) must pass {@link assertSafeObjectPath} unless
 * empty (`INVALID_PATH`); limit/offset must be integers >= 0 and the sort known (`RangeError`).
 */
export function resolveListOptions(options: ListOptions = {}): ResolvedListOptions {
  const prefix = (options.prefix ?? '').replace(/\/+$/, '');
  if (prefix !== '') assertSafeObjectPath(prefix);
  const limit = options.limit ?? 100;
  const offset = options.offset ?? 0;
  if (!Number.isSafeInteger(limit) || limit < 0) throw new RangeError(`list limit must be an integer >= 0`);
  if (!Number.isSafeInteger(offset) || offset < 0)
    throw new RangeError(`list offset must be an integer >= 0`);
  const column = options.sortBy?.column ?? 'name';
  const order = options.sortBy?.order ?? 'asc';
  if (!SORT_COLUMNS.includes(column)) throw new RangeError(`unknown list sort column ${String(column)}`);
  if (order !== 'asc' && order !== 'desc') throw new RangeError(`unknown list sort order ${String(order)}`);
  return { prefix, limit, offset, column, order, search: options.search ?? '' };
}

/** Maps a UTF-16 code unit so that plain numeric comparison yields code point order. */
function codePointOrderKey(unit: number): number {
  if (unit >= 0xe000) return unit - 0x800; // above the surrogates, but below them in code point order
  if (unit >= 0xd800) return unit + 0x2000; // surrogates encode code points >= U+10000
  return unit;
}

/**
 * Compares two names by Unicode code point, which is also UTF-8 byte order (S3's key order and
 * PostgreSQL `COLLATE "C"`). Returns a negative number, 0 or a positive number. Pure.
 */
export function compareObjectNames(a: string, b: string): number {
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) {
    const x = a.charCodeAt(i);
    const y = b.charCodeAt(i);
    if (x !== y) return codePointOrderKey(x) - codePointOrderKey(y);
  }
  return a.length - b.length;
}

/** What {@link orderListing} needs to know about a listing candidate. */
export interface ListCandidate {
  name: string;
  isFolder: boolean;
  size: number;
  /** Null for folders. */
  lastModified: Date | null;
  /** Null for folders; drivers without a creation time use the last write time. */
  createdAt: Date | null;
}

/**
 * Filters candidates by `search` (case-insensitive name prefix), orders them with the Supabase
 * rules described on {@link StorageDriver.list} and returns the `offset`/`limit` page. Pure: the
 * input array is not modified.
 */
export function orderListing<T extends ListCandidate>(
  candidates: readonly T[],
  options: ResolvedListOptions,
): T[] {
  const needle = options.search.toLowerCase();
  const kept = needle ? candidates.filter((c) => c.name.toLowerCase().startsWith(needle)) : [...candidates];
  const sign = options.order === 'asc' ? 1 : -1;
  const value = (c: T): number => {
    switch (options.column) {
      case 'size':
        return c.size;
      case 'updated_at':
        return c.lastModified?.getTime() ?? 0;
      case 'created_at':
        return c.createdAt?.getTime() ?? 0;
      case 'name':
        return 0; // compared by name below
    }
  };
  kept.sort((a, b) => {
    if (a.isFolder !== b.isFolder) return a.isFolder ? -1 : 1;
    if (a.isFolder || options.column === 'name') return sign * compareObjectNames(a.name, b.name);
    return sign * (value(a) - value(b)) || compareObjectNames(a.name, b.name);
  });
  return kept.slice(options.offset, options.offset + options.limit);
}

/**
 * Runs `fn` over `items` with at most `concurrency` calls in flight; resolves to the results in
 * input order, or rejects with the first error (no new calls start after it; calls in flight still finish).
 */
export async function mapWithConcurrency<T, R>(
  items: readonly T[],
  concurrency: number,
  fn: (item: T, index: number) => Promise<R>,
): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  let failed = false;
  const worker = async (): Promise<void> => {
    while (!failed && next < items.length) {
      const index = next++;
      try {
        results[index] = await fn(items[index] as T, index);
      } catch (error) {
        failed = true; // stop the other workers from starting new calls
        throw error;
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(Math.max(1, concurrency), items.length) }, worker));
  return results;
}
