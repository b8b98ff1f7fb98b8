/**
 * Storage service: Tend's Supabase-Storage-like layer over a {@link StorageDriver} (spec s.7
 * "Storage"; defaults from spec s.9: listings 100 entries from offset 0 by name ascending, uploads
 * cached 3600 s and never replacing an object unless `upsert`).
 *
 * - Buckets are rows of `storage_bucket` (id, name, public, size limit, allowed MIME types) plus a
 *   driver bucket; object bytes and metadata live only in the driver.
 * - Every method validates its input and throws `AppError`s whose message and `errors[].path` name
 *   the field (`path`, `sourceKey`, `prefixes.2`, `contentType`, …).
 * - Authorization is the caller's job: the HTTP routes allow admins only; other modules call the
 *   service for their own users' files with their own checks. The service audits: every object
 *   read, write, move, copy, delete, listing and signature, and every bucket change (bucket reads
 *   are configuration, not PHI, and are not audited). Bucket changes audit in the transaction that
 *   changes the row; object operations audit right after the driver call succeeded (object bytes
 *   are not transactional), and a read whose audit cannot be written fails.
 * - Reads of public buckets (`downloadPublic`) are not audited: a public bucket is world-readable by
 *   definition and must not hold PHI; making a bucket public is itself audited (`bucket.update`).
 */
import { createHmac, hkdfSync, timingSafeEqual } from 'node:crypto';
import { Readable, Transform, pipeline } from 'node:stream';
import { asc, eq } from 'drizzle-orm';
import type { z } from 'zod';
import {
  STORAGE_UPLOAD_DEFAULT_CACHE_SECONDS,
  createStorageBucketInput,
  isMimeTypeAllowed,
  storageListInput,
  storageSignInput,
  updateStorageBucketInput,
  type CreateStorageBucketInput,
  type FieldError,
  type StorageBucket,
  type StorageListEntry,
  type StorageListInput,
  type StorageObjectInfo,
  type StorageSignedUrl,
  type StorageUploadResult,
  type UpdateStorageBucketInput,
} from '@tend/contracts';
import type { Database } from '../db/client.ts';
import { recordAudit } from '../audit/audit.service.ts';
import { AppError } from '../http/errors.ts';
import type { RequestContext } from '../http/context.ts';
import { StorageError, assertSafeObjectPath, type GetResult, type StorageDriver } from './storage.driver.ts';
import { storageBuckets, type StorageBucketRow } from './storage.table.ts';
import { parseByteRange } from './byte-range.ts';

/** Bucket of the files Tend itself produces (billing export batches, payroll exports); created on start by app.ts. */
export const EXPORTS_BUCKET = 'exports';

/** Options of {@link createStorageService}. */
export interface StorageServiceOptions {
  db: Database;
  driver: StorageDriver;
  /** The app secret (`config.authSecret`); the signed-URL key is derived from it with HKDF-SHA256. */
  secret: string;
  /** Clock for signed-URL expiry (tests); default `() => new Date()`. */
  now?: () => Date;
}

/** Input of {@link StorageService.ensureBucket}: the create input (`id` required, the rest optional). */
export type EnsureBucketInput = CreateStorageBucketInput;

/** Input of {@link StorageService.upload}. */
export interface UploadInput {
  bucketId: string;
  /** Object path inside the bucket (`reports/2024/march.pdf`). */
  path: string;
  /** The bytes. A `Readable` is streamed (never held whole by the local driver) and destroyed on failure. */
  body: Buffer | Readable;
  /** MIME type stored with the object, e.g. `text/csv; charset=utf-8`; checked against the bucket's allowed types. */
  contentType: string;
  /** Byte length of a `Readable` body when known (checked against the bucket limit before reading). */
  size?: number;
  /** Seconds (`"3600"` → `max-age=3600`) or Cache-Control directives. Default `max-age=3600` (spec s.9). */
  cacheControl?: string;
  /** Replace an existing object. Default false (spec s.9): an existing object is a CONFLICT. */
  upsert?: boolean;
}

/** Options of {@link StorageService.download}: `range` is the request's `Range` header (`bytes=0-1023`). */
export interface DownloadOptions {
  range?: string | undefined;
}

/**
 * An opened object: the whole object, the part a `Range` asked for (`range` set: answer 206), or nothing when the
 * range cannot be satisfied (`unsatisfiable`: answer 416 with `content-range: bytes * /size`; `body` is empty).
 */
export type Download = GetResult & { unsatisfiable?: true };

/** The storage service; see the module comment for audit and authorization rules. */
export interface StorageService {
  /**
   * Creates the bucket (row and driver bucket) unless a row with that id exists, in which case the
   * existing bucket is kept unchanged and returned. For system buckets at start; not audited.
   * Errors: VALIDATION_FAILED for a bad id or limit.
   */
  ensureBucket(input: EnsureBucketInput): Promise<StorageBucket>;
  /** Every bucket, by id. */
  listBuckets(ctx: RequestContext): Promise<StorageBucket[]>;
  /** One bucket. Errors: NOT_FOUND. */
  getBucket(ctx: RequestContext, id: string): Promise<StorageBucket>;
  /** Creates a bucket; audited `bucket.create`. Errors: VALIDATION_FAILED (id, name, limits), CONFLICT when the id is taken. */
  createBucket(ctx: RequestContext, input: CreateStorageBucketInput): Promise<StorageBucket>;
  /** Changes the given fields (null clears a limit); audited `bucket.update`. Errors: VALIDATION_FAILED, NOT_FOUND. */
  updateBucket(ctx: RequestContext, id: string, patch: UpdateStorageBucketInput): Promise<StorageBucket>;
  /** Deletes an empty bucket; audited `bucket.delete`. Errors: NOT_FOUND, CONFLICT 'bucket is not empty'. */
  deleteBucket(ctx: RequestContext, id: string): Promise<void>;
  /** Deletes every object of the bucket; audited `bucket.empty` with the count. Errors: NOT_FOUND. */
  emptyBucket(ctx: RequestContext, id: string): Promise<{ removed: number }>;
  /**
   * Stores an object; audited `file.upload`. The size limit is checked up front when the size is
   * known and again while streaming; a refused or failed upload never leaves a partial object.
   * Errors: VALIDATION_FAILED (path, contentType, cacheControl, size), NOT_FOUND (bucket),
   * UNSUPPORTED_MEDIA_TYPE, PAYLOAD_TOO_LARGE, CONFLICT (exists, no upsert).
   */
  upload(ctx: RequestContext, input: UploadInput): Promise<StorageUploadResult>;
  /**
   * Opens an object for streaming (the caller consumes or destroys `body`); audited `file.read`.
   * Errors: VALIDATION_FAILED (path), NOT_FOUND (bucket or object).
   */
  download(ctx: RequestContext, bucketId: string, path: string, options?: DownloadOptions): Promise<Download>;
  /** {@link download} after {@link verifySignedToken} (audited `file.read`, `access: 'signed_url'`). Errors: also FORBIDDEN. */
  downloadSigned(
    ctx: RequestContext,
    bucketId: string,
    path: string,
    token: string,
    options?: DownloadOptions,
  ): Promise<Download>;
  /** {@link download} from a public bucket, not audited. Errors: NOT_FOUND also when the bucket is not public. */
  downloadPublic(
    ctx: RequestContext,
    bucketId: string,
    path: string,
    options?: DownloadOptions,
  ): Promise<Download>;
  /** Object metadata; audited `file.read` (`metadataOnly`). Errors: VALIDATION_FAILED (path), NOT_FOUND. */
  info(ctx: RequestContext, bucketId: string, path: string): Promise<StorageObjectInfo>;
  /**
   * Direct children of `prefix`: folders first, then objects; defaults limit 100, offset 0, name
   * ascending (spec s.9). Audited `file.list`. Errors: VALIDATION_FAILED (prefix, limit, offset, sortBy), NOT_FOUND.
   */
  list(ctx: RequestContext, bucketId: string, options?: StorageListInput): Promise<StorageListEntry[]>;
  /**
   * Moves an object within the bucket; audited `file.move`. Errors: VALIDATION_FAILED (sourceKey,
   * destinationKey), NOT_FOUND (bucket, source), CONFLICT (destination exists, no upsert).
   */
  move(
    ctx: RequestContext,
    bucketId: string,
    from: string,
    to: string,
    options?: { upsert?: boolean },
  ): Promise<void>;
  /** Copies an object within the bucket; audited `file.copy`. Errors as {@link move}. */
  copy(
    ctx: RequestContext,
    bucketId: string,
    from: string,
    to: string,
    options?: { upsert?: boolean },
  ): Promise<void>;
  /**
   * Deletes objects; returns the paths that existed (input order, de-duplicated), each audited
   * `file.delete`. Folders are not removed recursively. Errors: VALIDATION_FAILED (`prefixes.<i>`), NOT_FOUND (bucket).
   */
  remove(ctx: RequestContext, bucketId: string, paths: readonly string[]): Promise<string[]>;
  /**
   * A URL that downloads the object without a session until `expiresAt` (now + `expiresInSeconds`,
   * 1 s to 7 days); audited `file.sign`. Errors: VALIDATION_FAILED (path, expiresIn), NOT_FOUND.
   */
  createSignedUrl(
    ctx: RequestContext,
    bucketId: string,
    path: string,
    expiresInSeconds: number,
  ): Promise<StorageSignedUrl>;
  /**
   * Checks a signed-URL token for exactly this bucket and path (constant-time MAC comparison, then
   * expiry). Returns the expiry; throws FORBIDDEN when the token is malformed, forged, for another
   * object, or expired.
   */
  verifySignedToken(bucketId: string, path: string, token: string): Date;
  /** Releases the driver's connections. */
  close(): Promise<void>;
}

/** Thrown through the upload stream when it passes the bucket's size limit. */
class SizeLimitExceeded extends Error {
  override readonly name = 'SizeLimitExceeded';
}

const TOKEN_PATTERN = /^(\d{1,15})\.([A-Za-z0-9_-]{43})$/;
const CONTENT_TYPE_PATTERN = /^[a-z0-9][a-z0-9!#$&^_.+-]*\/[a-z0-9][a-z0-9!#$&^_.+-]*(\s*;.*)?$/i;
const CACHE_DIRECTIVE = String.raw`[a-z][a-z-]*(=("[^"\\]*"|[a-z0-9-]+))?`;
const CACHE_CONTROL_PATTERN = new RegExp(`^${CACHE_DIRECTIVE}(\\s*,\\s*${CACHE_DIRECTIVE})*$`, 'i');

/** `1536` → `1.5 KiB (1536 bytes)`. */
export function formatBytes(bytes: number): string {
  const units = ['KiB', 'MiB', 'GiB', 'TiB'];
  if (bytes < 1024) return `${bytes} bytes`;
  let value = bytes;
  let unit = 'bytes';
  for (const next of units) {
    if (value < 1024) break;
    value /= 1024;
    unit = next;
  }
  return `${Number(value.toFixed(1))} ${unit} (${bytes} bytes)`;
}

const fieldError = (path: string, message: string): AppError =>
  new AppError('VALIDATION_FAILED', `${path} ${message}`, [{ path, message }]);

/** The reason part of a driver `INVALID_PATH` message (`Invalid object path "x": <reason>.`). */
function invalidPathReason(error: StorageError): string {
  const prefix = 'Invalid object path ';
  if (!error.message.startsWith(prefix)) return error.message;
  return error.message.slice(error.message.lastIndexOf(': ') + 2).replace(/\.$/, '');
}

/** Throws VALIDATION_FAILED naming `field` unless `path` is a safe object path (driver rule). */
function checkPath(path: string, field: string): void {
  try {
    assertSafeObjectPath(path);
  } catch (error) {
    if (error instanceof StorageError)
      throw fieldError(field, `is not a valid object path: ${invalidPathReason(error)}`);
    throw error;
  }
}

/** Parses with a contract schema; issues become one VALIDATION_FAILED listing every field. */
function parse<S extends z.ZodType>(schema: S, input: unknown, prefix = ''): z.output<S> {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const errors: FieldError[] = result.error.issues.map((issue) => ({
    path: [prefix, ...issue.path.map(String)].filter(Boolean).join('.') || 'body',
    message: issue.message,
  }));
  throw new AppError('VALIDATION_FAILED', errors.map((e) => `${e.path}: ${e.message}`).join('; '), errors);
}

/** Seconds → `max-age=N`; directives kept as given; empty → the spec s.9 default `max-age=3600`. */
function normalizeCacheControl(value: string | undefined): string {
  const trimmed = value?.trim() ?? '';
  if (trimmed === '') return `max-age=${STORAGE_UPLOAD_DEFAULT_CACHE_SECONDS}`;
  if (/^\d{1,10}$/.test(trimmed)) return `max-age=${Number(trimmed)}`;
  if (trimmed.length <= 200 && CACHE_CONTROL_PATTERN.test(trimmed)) return trimmed;
  throw fieldError(
    'cacheControl',
    "must be a number of seconds (e.g. 3600) or Cache-Control directives (e.g. 'private, max-age=60')",
  );
}

const toBucket = (row: StorageBucketRow): StorageBucket => ({
  id: row.id,
  name: row.name,
  public: row.public,
  fileSizeLimit: row.fileSizeLimit,
  allowedMimeTypes: row.allowedMimeTypes,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});

const objectId = (bucketId: string, path: string): string => `${bucketId}/${path}`;
/** `a b/c#d.txt` → `a%20b/c%23d.txt`: each segment percent-encoded, `/` kept. */
const encodePath = (path: string): string => path.split('/').map(encodeURIComponent).join('/');

/**
 * Creates the storage service over `driver` (rules in the module comment). The signed-URL key is
 * HKDF-SHA256(secret, info 'tend storage signed-url v1'), so rotating the app secret revokes every
 * signed URL.
 */
export function createStorageService(options: StorageServiceOptions): StorageService {
  const deps: StorageDeps = {
    db: options.db,
    driver: options.driver,
    signingKey: Buffer.from(
      hkdfSync('sha256', options.secret, 'tend-storage', 'tend storage signed-url v1', 32),
    ),
    now: options.now ?? (() => new Date()),
  };
  return {
    ensureBucket: (input) => ensureBucket(deps, input),
    listBuckets: () => listBuckets(deps),
    getBucket: async (_ctx, id) => toBucket(await bucketRow(deps, id)),
    createBucket: (ctx, input) => createBucket(deps, ctx, input),
    updateBucket: (ctx, id, patch) => updateBucket(deps, ctx, id, patch),
    deleteBucket: (ctx, id) => deleteBucket(deps, ctx, id),
    emptyBucket: (ctx, id) => emptyBucket(deps, ctx, id),
    upload: (ctx, input) => upload(deps, ctx, input),
    download: (ctx, bucketId, path, options) => openObject(deps, ctx, bucketId, path, 'session', options),
    downloadSigned: async (ctx, bucketId, path, token, options) => {
      verifySignedToken(deps, bucketId, path, token);
      return openObject(deps, ctx, bucketId, path, 'signed_url', options);
    },
    downloadPublic: (ctx, bucketId, path, options) =>
      openObject(deps, ctx, bucketId, path, 'public', options),
    info: (ctx, bucketId, path) => info(deps, ctx, bucketId, path),
    list: (ctx, bucketId, listOptions) => list(deps, ctx, bucketId, listOptions),
    move: (ctx, bucketId, from, to, moveOptions) =>
      transfer(deps, 'move', ctx, bucketId, from, to, moveOptions),
    copy: (ctx, bucketId, from, to, copyOptions) =>
      transfer(deps, 'copy', ctx, bucketId, from, to, copyOptions),
    remove: (ctx, bucketId, paths) => remove(deps, ctx, bucketId, paths),
    createSignedUrl: (ctx, bucketId, path, expiresInSeconds) =>
      createSignedUrl(deps, ctx, bucketId, path, expiresInSeconds),
    verifySignedToken: (bucketId, path, token) => verifySignedToken(deps, bucketId, path, token),
    close: () => deps.driver.close(),
  };
}

/** The service's state: {@link StorageServiceOptions} with the signed-URL key derived and the clock defaulted. */
interface StorageDeps {
  db: Database;
  driver: StorageDriver;
  /** HMAC-SHA256 key of signed URLs (32 bytes). */
  signingKey: Buffer;
  now: () => Date;
}

/** {@link StorageService.ensureBucket}. */
async function ensureBucket(deps: StorageDeps, input: EnsureBucketInput): Promise<StorageBucket> {
  const values = parse(createStorageBucketInput, input);
  await deps.db
    .insert(storageBuckets)
    .values({ ...values, name: values.name ?? values.id })
    .onConflictDoNothing({ target: storageBuckets.id });
  await deps.driver.createBucket(values.id);
  return toBucket(await bucketRow(deps, values.id));
}

/** {@link StorageService.listBuckets}. */
async function listBuckets(deps: StorageDeps): Promise<StorageBucket[]> {
  const rows = await deps.db.select().from(storageBuckets).orderBy(asc(storageBuckets.id));
  return rows.map(toBucket);
}

/** {@link StorageService.createBucket}: the row and its audit event, then the driver bucket, in one transaction. */
async function createBucket(
  deps: StorageDeps,
  ctx: RequestContext,
  input: CreateStorageBucketInput,
): Promise<StorageBucket> {
  const values = parse(createStorageBucketInput, input);
  return deps.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(storageBuckets)
      .values({ ...values, name: values.name ?? values.id })
      .onConflictDoNothing({ target: storageBuckets.id })
      .returning();
    if (!row) throw new AppError('CONFLICT', `A bucket with id ${JSON.stringify(values.id)} already exists`);
    await recordAudit(tx, ctx, {
      action: 'bucket.create',
      entityType: 'storage_bucket',
      entityId: row.id,
      details: {
        public: row.public,
        fileSizeLimit: row.fileSizeLimit,
        allowedMimeTypes: row.allowedMimeTypes,
      },
    });
    await deps.driver.createBucket(row.id); // a failure rolls the row back; a leftover driver bucket is harmless
    return toBucket(row);
  });
}

/** {@link StorageService.updateBucket}. */
async function updateBucket(
  deps: StorageDeps,
  ctx: RequestContext,
  id: string,
  patch: UpdateStorageBucketInput,
): Promise<StorageBucket> {
  const values = parse(updateStorageBucketInput, patch);
  const changes = Object.fromEntries(Object.entries(values).filter(([, value]) => value !== undefined));
  return deps.db.transaction(async (tx) => {
    const [row] = await tx
      .update(storageBuckets)
      .set({ ...changes, updatedAt: new Date() })
      .where(eq(storageBuckets.id, id))
      .returning();
    if (!row) throw new AppError('NOT_FOUND', `Bucket ${JSON.stringify(id)} was not found`);
    await recordAudit(tx, ctx, {
      action: 'bucket.update',
      entityType: 'storage_bucket',
      entityId: id,
      details: changes,
    });
    return toBucket(row);
  });
}

/** {@link StorageService.deleteBucket}: the driver's BUCKET_NOT_EMPTY rolls the row delete back. */
async function deleteBucket(deps: StorageDeps, ctx: RequestContext, id: string): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const [row] = await tx.delete(storageBuckets).where(eq(storageBuckets.id, id)).returning();
    if (!row) throw new AppError('NOT_FOUND', `Bucket ${JSON.stringify(id)} was not found`);
    await recordAudit(tx, ctx, { action: 'bucket.delete', entityType: 'storage_bucket', entityId: id });
    try {
      await deps.driver.deleteBucket(id);
    } catch (error) {
      throw refusal(error, id, { target: '', targetField: 'id' });
    }
  });
}

/** {@link StorageService.emptyBucket}. */
async function emptyBucket(deps: StorageDeps, ctx: RequestContext, id: string): Promise<{ removed: number }> {
  await bucketRow(deps, id);
  const removed = await deps.driver.emptyBucket(id);
  await recordAudit(deps.db, ctx, {
    action: 'bucket.empty',
    entityType: 'storage_bucket',
    entityId: id,
    details: { removed },
  });
  return { removed };
}

/**
 * {@link StorageService.upload}: checks the input against the bucket ({@link checkUpload}), then
 * streams through {@link limitSize} into the driver. On any failure the body (and limiter) are destroyed.
 */
async function upload(
  deps: StorageDeps,
  ctx: RequestContext,
  input: UploadInput,
): Promise<StorageUploadResult> {
  const { bucketId, path, body } = input;
  let limited: ReturnType<typeof limitSize> | undefined;
  try {
    checkPath(path, 'path');
    const bucket = await bucketRow(deps, bucketId);
    const { contentType, cacheControl, knownSize } = checkUpload(bucket, input);
    const limit = bucket.fileSizeLimit;
    if (!Buffer.isBuffer(body) && limit !== null) limited = limitSize(body, limit);
    const upsert = input.upsert ?? false;
    let result;
    try {
      result = await deps.driver.put(bucketId, path, limited?.stream ?? body, {
        contentType,
        cacheControl,
        upsert,
        ...(knownSize !== undefined && !Buffer.isBuffer(body) ? { contentLength: knownSize } : {}),
      });
    } catch (error) {
      if (limited?.exceeded()) {
        throw new AppError(
          'PAYLOAD_TOO_LARGE',
          `The file is larger than bucket ${JSON.stringify(bucketId)} accepts (at most ${formatBytes(limit ?? 0)})`,
        );
      }
      throw refusal(error, bucketId, { target: path, targetField: 'path' });
    }
    await recordAudit(deps.db, ctx, {
      action: 'file.upload',
      entityType: 'storage_object',
      entityId: objectId(bucketId, path),
      details: { bucketId, size: result.size, contentType, upsert },
    });
    return { bucketId, path, size: result.size };
  } catch (error) {
    limited?.stream.destroy();
    if (!Buffer.isBuffer(body)) body.destroy();
    throw error;
  }
}

/**
 * The upload's content type (trimmed), Cache-Control (normalised) and byte size when known, checked
 * in this order against `bucket`. Errors: VALIDATION_FAILED (contentType, cacheControl, size),
 * UNSUPPORTED_MEDIA_TYPE, PAYLOAD_TOO_LARGE (a known size over the bucket's limit).
 */
function checkUpload(
  bucket: StorageBucketRow,
  input: UploadInput,
): { contentType: string; cacheControl: string; knownSize: number | undefined } {
  const contentType = (input.contentType ?? '').trim();
  if (contentType.length > 255 || !CONTENT_TYPE_PATTERN.test(contentType)) {
    throw fieldError('contentType', "must be a MIME type such as 'text/csv' or 'image/png'");
  }
  if (!isMimeTypeAllowed(contentType, bucket.allowedMimeTypes)) {
    throw new AppError(
      'UNSUPPORTED_MEDIA_TYPE',
      `Bucket ${JSON.stringify(bucket.id)} does not accept files of type ${JSON.stringify(contentType)}; allowed types: ${(bucket.allowedMimeTypes ?? []).join(', ')}`,
    );
  }
  const cacheControl = normalizeCacheControl(input.cacheControl);
  const knownSize = Buffer.isBuffer(input.body) ? input.body.length : input.size;
  if (knownSize !== undefined && (!Number.isSafeInteger(knownSize) || knownSize < 0)) {
    throw fieldError('size', 'must be a whole number of bytes, 0 or more');
  }
  const limit = bucket.fileSizeLimit;
  if (limit !== null && knownSize !== undefined && knownSize > limit) {
    throw new AppError(
      'PAYLOAD_TOO_LARGE',
      `The file is ${formatBytes(knownSize)}; bucket ${JSON.stringify(bucket.id)} accepts at most ${formatBytes(limit)}`,
    );
  }
  return { contentType, cacheControl, knownSize };
}

/**
 * `body` piped through a pass-through that fails with {@link SizeLimitExceeded} once more than
 * `limit` bytes went by; `exceeded()` says whether that happened.
 */
function limitSize(body: Readable, limit: number) {
  let seen = 0;
  let exceeded = false;
  const stream = new Transform({
    transform(chunk: Buffer | string, encoding, callback) {
      const bytes = typeof chunk === 'string' ? Buffer.from(chunk, encoding) : chunk;
      seen += bytes.length;
      if (seen > limit) {
        exceeded = true;
        callback(new SizeLimitExceeded(`more than ${limit} bytes`));
      } else {
        callback(null, bytes);
      }
    },
  });
  // pipeline forwards a source error into the limiter and destroys the source on a limiter error.
  pipeline(body, stream, () => {});
  return { stream, exceeded: () => exceeded };
}

/** Opens an object for {@link StorageService.download} and its signed and public variants; audits all but public reads. */
async function openObject(
  deps: StorageDeps,
  ctx: RequestContext,
  bucketId: string,
  path: string,
  access: 'session' | 'signed_url' | 'public',
  options: DownloadOptions = {},
): Promise<Download> {
  checkPath(path, 'path');
  const bucket = await bucketRow(deps, bucketId);
  if (access === 'public' && !bucket.public)
    throw new AppError('NOT_FOUND', `Bucket ${JSON.stringify(bucketId)} was not found`);
  let object: Download;
  try {
    object = await openRange(deps, bucketId, path, options.range);
  } catch (error) {
    throw refusal(error, bucketId, { target: path, targetField: 'path' });
  }
  if (access === 'public') return object;
  try {
    await recordAudit(deps.db, ctx, {
      action: 'file.read',
      entityType: 'storage_object',
      entityId: objectId(bucketId, path),
      details: { bucketId, size: object.size, access },
    });
  } catch (error) {
    object.body.destroy();
    throw error;
  }
  return object;
}

/** The object, or the part of it `rangeHeader` asks for (the size read first), or `unsatisfiable`. */
async function openRange(
  deps: StorageDeps,
  bucketId: string,
  path: string,
  rangeHeader: string | undefined,
): Promise<Download> {
  if (!rangeHeader) return deps.driver.get(bucketId, path);
  const head = await deps.driver.head(bucketId, path);
  if (!head) return deps.driver.get(bucketId, path); // throws OBJECT_NOT_FOUND
  const range = parseByteRange(rangeHeader, head.size);
  if (range === 'unsatisfiable') return { ...head, body: Readable.from([]), unsatisfiable: true };
  return deps.driver.get(bucketId, path, range ?? undefined);
}

/** {@link StorageService.info}. */
async function info(
  deps: StorageDeps,
  ctx: RequestContext,
  bucketId: string,
  path: string,
): Promise<StorageObjectInfo> {
  checkPath(path, 'path');
  await bucketRow(deps, bucketId);
  const head = await deps.driver.head(bucketId, path);
  if (!head) throw objectNotFound(bucketId, path);
  await recordAudit(deps.db, ctx, {
    action: 'file.read',
    entityType: 'storage_object',
    entityId: objectId(bucketId, path),
    details: { bucketId, metadataOnly: true },
  });
  return {
    bucketId,
    path,
    name: path.split('/').at(-1) ?? path,
    size: head.size,
    contentType: head.contentType,
    cacheControl: head.cacheControl,
    lastModified: head.lastModified.toISOString(),
  };
}

/** {@link StorageService.list}. */
async function list(
  deps: StorageDeps,
  ctx: RequestContext,
  bucketId: string,
  listOptions: StorageListInput = {},
): Promise<StorageListEntry[]> {
  const query = parse(storageListInput, listOptions);
  const prefix = query.prefix.replace(/\/+$/, '');
  if (prefix !== '') checkPath(prefix, 'prefix');
  await bucketRow(deps, bucketId);
  let entries;
  try {
    entries = await deps.driver.list(bucketId, { ...query, prefix });
  } catch (error) {
    if (error instanceof RangeError) throw fieldError('body', error.message);
    throw refusal(error, bucketId, { target: prefix, targetField: 'prefix' });
  }
  await recordAudit(deps.db, ctx, {
    action: 'file.list',
    entityType: 'storage_bucket',
    entityId: bucketId,
    details: { prefix, limit: query.limit, offset: query.offset, returned: entries.length },
  });
  return entries.map((entry) => ({
    name: entry.name,
    isFolder: entry.isFolder,
    size: entry.size,
    contentType: entry.contentType,
    lastModified: entry.lastModified?.toISOString() ?? null,
  }));
}

/** {@link StorageService.move} and {@link StorageService.copy}. */
async function transfer(
  deps: StorageDeps,
  kind: 'move' | 'copy',
  ctx: RequestContext,
  bucketId: string,
  from: string,
  to: string,
  transferOptions: { upsert?: boolean } = {},
): Promise<void> {
  checkPath(from, 'sourceKey');
  checkPath(to, 'destinationKey');
  await bucketRow(deps, bucketId);
  const upsert = transferOptions.upsert ?? false;
  try {
    await deps.driver[kind](bucketId, from, to, { upsert });
  } catch (error) {
    throw refusal(error, bucketId, { source: from, target: to, targetField: 'destinationKey' });
  }
  await recordAudit(deps.db, ctx, {
    action: kind === 'move' ? 'file.move' : 'file.copy',
    entityType: 'storage_object',
    entityId: objectId(bucketId, to),
    details: { bucketId, from, to, upsert },
  });
}

/** {@link StorageService.remove}: the audit events of the removed objects in one transaction. */
async function remove(
  deps: StorageDeps,
  ctx: RequestContext,
  bucketId: string,
  paths: readonly string[],
): Promise<string[]> {
  paths.forEach((path, index) => checkPath(path, `prefixes.${index}`));
  await bucketRow(deps, bucketId);
  const removed = await deps.driver.remove(bucketId, paths);
  if (removed.length > 0) {
    await deps.db.transaction(async (tx) => {
      for (const path of removed) {
        await recordAudit(tx, ctx, {
          action: 'file.delete',
          entityType: 'storage_object',
          entityId: objectId(bucketId, path),
          details: { bucketId },
        });
      }
    });
  }
  return removed;
}

/** {@link StorageService.createSignedUrl}: the token is `<expiry, Unix seconds>.<base64url HMAC>`. */
async function createSignedUrl(
  deps: StorageDeps,
  ctx: RequestContext,
  bucketId: string,
  path: string,
  expiresInSeconds: number,
): Promise<StorageSignedUrl> {
  checkPath(path, 'path');
  const { expiresIn } = parse(storageSignInput, { expiresIn: expiresInSeconds });
  await bucketRow(deps, bucketId);
  if (!(await deps.driver.head(bucketId, path))) throw objectNotFound(bucketId, path);
  const expiresAtSeconds = Math.floor(deps.now().getTime() / 1000) + expiresIn;
  const token = `${expiresAtSeconds}.${mac(deps, bucketId, path, expiresAtSeconds).toString('base64url')}`;
  const expiresAt = new Date(expiresAtSeconds * 1000).toISOString();
  await recordAudit(deps.db, ctx, {
    action: 'file.sign',
    entityType: 'storage_object',
    entityId: objectId(bucketId, path),
    details: { bucketId, expiresAt },
  });
  return {
    signedUrl: `/api/storage/object/sign/${bucketId}/${encodePath(path)}?token=${token}`,
    expiresAt,
  };
}

/** {@link StorageService.verifySignedToken}. */
function verifySignedToken(deps: StorageDeps, bucketId: string, path: string, token: string): Date {
  const match = TOKEN_PATTERN.exec(token);
  const invalid = () =>
    new AppError('FORBIDDEN', 'The signed URL is invalid: its token does not match this object');
  if (!match) throw invalid();
  const expiresAt = Number(match[1]);
  const given = Buffer.from(match[2] as string, 'base64url');
  const expected = mac(deps, bucketId, path, expiresAt);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) throw invalid();
  const expiry = new Date(expiresAt * 1000);
  if (deps.now().getTime() >= expiry.getTime()) {
    throw new AppError('FORBIDDEN', `The signed URL expired at ${expiry.toISOString()}; ask for a new link`);
  }
  return expiry;
}

/** HMAC-SHA256 of `[bucketId, path, expiresAt]` (JSON) under the signing key. */
const mac = (deps: StorageDeps, bucketId: string, path: string, expiresAt: number): Buffer =>
  createHmac('sha256', deps.signingKey)
    .update(JSON.stringify([bucketId, path, expiresAt]))
    .digest();

/** The bucket's row. Errors: NOT_FOUND. */
async function bucketRow(deps: StorageDeps, id: string): Promise<StorageBucketRow> {
  const [row] = await deps.db.select().from(storageBuckets).where(eq(storageBuckets.id, id));
  if (!row) throw new AppError('NOT_FOUND', `Bucket ${JSON.stringify(id)} was not found`);
  return row;
}

const objectNotFound = (bucketId: string, path: string) =>
  new AppError(
    'NOT_FOUND',
    `Object ${JSON.stringify(path)} was not found in bucket ${JSON.stringify(bucketId)}`,
  );

/** Maps driver refusals of an object operation to AppErrors; anything else is rethrown. */
function refusal(
  error: unknown,
  bucketId: string,
  paths: { source?: string; target: string; targetField: string },
): unknown {
  if (!(error instanceof StorageError)) return error;
  switch (error.code) {
    case 'OBJECT_EXISTS':
      return new AppError(
        'CONFLICT',
        `Cannot write ${JSON.stringify(paths.target)} in bucket ${JSON.stringify(bucketId)}: an object already exists at this path; set upsert to replace it`,
      );
    case 'OBJECT_NOT_FOUND':
      return objectNotFound(bucketId, paths.source ?? paths.target);
    case 'INVALID_PATH':
      return fieldError(paths.targetField, `is not a valid object path: ${invalidPathReason(error)}`);
    case 'BUCKET_NOT_EMPTY':
      return new AppError(
        'CONFLICT',
        `Bucket ${JSON.stringify(bucketId)} cannot be deleted: bucket is not empty; empty it first`,
      );
  }
}
