/**
 * S3 storage driver: any S3-compatible service (AWS S3, MinIO, Garage, R2, …) via @aws-sdk/client-s3.
 *
 * Tend bucket `b` is the S3 bucket `${bucketPrefix}b`; object paths are S3 keys unchanged. Content
 * type and cache control are the object's standard `Content-Type` / `Cache-Control` metadata.
 *
 * S3 has no creation time: listings sorted by `created_at` use the last-modified time, which an
 * overwrite resets. The no-upsert check is a HeadObject before the write, so two racing creates
 * of the same key can both succeed (last write wins).
 */
import { Readable, Transform, pipeline } from 'node:stream';
import type { ByteRange } from './byte-range.ts';
import {
  CopyObjectCommand,
  CreateBucketCommand,
  DeleteBucketCommand,
  DeleteObjectCommand,
  DeleteObjectsCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
  type BucketLocationConstraint,
  type HeadObjectCommandOutput,
  type ListObjectsV2CommandOutput,
} from '@aws-sdk/client-s3';
import {
  DEFAULT_CACHE_CONTROL,
  DEFAULT_CONTENT_TYPE,
  StorageError,
  assertSafeBucketId,
  assertSafeObjectArgs,
  lengthMismatch,
  mapWithConcurrency,
  objectExists,
  objectNotFound,
  orderListing,
  resolveListOptions,
  type CopyOptions,
  type GetResult,
  type ListCandidate,
  type ListEntry,
  type ListOptions,
  type ObjectInfo,
  type PutOptions,
  type PutResult,
  type StorageDriver,
} from './storage.driver.ts';

/** Options of {@link createS3Driver}. */
export interface S3DriverOptions {
  /** Service URL, e.g. `http://127.0.0.1:9000` for MinIO; omit for AWS S3. */
  endpoint?: string;
  /** Signing region, e.g. `us-east-1`. */
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** Path-style URLs (`endpoint/bucket/key`), needed by most self-hosted S3 services. */
  forcePathStyle: boolean;
  /** Prepended to every Tend bucket id to form the S3 bucket name, e.g. `tend-`; may be `''`. */
  bucketPrefix: string;
}

/** The driver's state: its client, and the options naming and placing its buckets. */
interface S3Deps {
  client: S3Client;
  /** {@link S3DriverOptions.bucketPrefix}. */
  bucketPrefix: string;
  /** {@link S3DriverOptions.region}: where new buckets are created. */
  region: string;
}

/** Parallel HeadObject calls made while listing/removing. */
const HEAD_CONCURRENCY = 8;
/** DeleteObjects accepts at most 1000 keys per call. */
const DELETE_BATCH = 1000;

const statusOf = (error: unknown): number | undefined =>
  error instanceof S3ServiceException ? error.$metadata?.httpStatusCode : undefined;
const isNotFound = (error: unknown): boolean =>
  statusOf(error) === 404 ||
  (error instanceof S3ServiceException && ['NotFound', 'NoSuchKey', 'NoSuchBucket'].includes(error.name));
const hasName = (error: unknown, ...names: string[]): boolean =>
  error instanceof S3ServiceException && names.includes(error.name);

/** Encodes a key for `x-amz-copy-source`: each segment percent-encoded, `/` kept. */
const encodeCopySourceKey = (key: string): string => key.split('/').map(encodeURIComponent).join('/');

/**
 * Creates a driver over one S3 client (see the module comment for the mapping). The client uses
 * `requestChecksumCalculation`/`responseChecksumValidation: 'WHEN_REQUIRED'`, so S3-compatible
 * servers without the 2025 default checksums work. Errors: the `StorageError`s of
 * {@link StorageDriver}; other failures surface as `S3ServiceException`s (or network errors).
 * Call `close()` to free the client's sockets.
 */
export function createS3Driver(options: S3DriverOptions): StorageDriver {
  const client = new S3Client({
    ...(options.endpoint ? { endpoint: options.endpoint } : {}),
    region: options.region,
    credentials: { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey },
    forcePathStyle: options.forcePathStyle,
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
  const s3: S3Deps = { client, bucketPrefix: options.bucketPrefix, region: options.region };
  return {
    put: (bucket, path, body, putOptions) => put(s3, bucket, path, body, putOptions),
    get: (bucket, path, range) => get(s3, bucket, path, range),
    head: (bucket, path) => head(s3, bucket, path),
    remove: (bucket, paths) => remove(s3, bucket, paths),
    copy: (bucket, from, to, copyOptions) => copy(s3, bucket, from, to, copyOptions),
    move: (bucket, from, to, moveOptions) => move(s3, bucket, from, to, moveOptions),
    list: (bucket, listOptions) => list(s3, bucket, listOptions),
    emptyBucket: (bucket) => emptyBucket(s3, bucket),
    createBucket: (bucket) => createBucket(s3, bucket),
    deleteBucket: (bucket) => deleteBucket(s3, bucket),
    close: () => {
      client.destroy();
      return Promise.resolve();
    },
  };
}

/** The S3 bucket name of Tend bucket `bucket`. */
const s3Bucket = (s3: S3Deps, bucket: string): string => `${s3.bucketPrefix}${bucket}`;

/**
 * {@link StorageDriver.put}: a `Readable` of declared length streams (checked by
 * {@link exactLengthBody}); one of unknown length is buffered, since PutObject needs the length.
 */
async function put(
  s3: S3Deps,
  bucket: string,
  path: string,
  body: Buffer | Readable,
  options: PutOptions = {},
): Promise<PutResult> {
  assertSafeObjectArgs(bucket, path);
  if (!options.upsert && (await headObject(s3, bucket, path))) throw objectExists(bucket, path);
  const common = {
    Bucket: s3Bucket(s3, bucket),
    Key: path,
    ContentType: options.contentType ?? DEFAULT_CONTENT_TYPE,
    CacheControl: options.cacheControl ?? DEFAULT_CACHE_CONTROL,
  };
  if (!Buffer.isBuffer(body) && options.contentLength !== undefined) {
    const expected = options.contentLength;
    const wrapped = exactLengthBody(body, expected, path);
    try {
      const result = await s3.client.send(
        new PutObjectCommand({ ...common, Body: wrapped.stream, ContentLength: expected }),
        { abortSignal: wrapped.signal },
      );
      return { size: expected, ...(result.ETag ? { etag: result.ETag.replaceAll('"', '') } : {}) };
    } catch (error) {
      const bodyFailure = wrapped.failure();
      wrapped.stream.destroy(); // stop feeding an abandoned request; releases the body
      throw bodyFailure ?? error;
    }
  }
  const bytes = Buffer.isBuffer(body) ? body : await readAll(body);
  const result = await s3.client.send(
    new PutObjectCommand({ ...common, Body: bytes, ContentLength: bytes.length }),
  );
  return { size: bytes.length, ...(result.ETag ? { etag: result.ETag.replaceAll('"', '') } : {}) };
}

/** {@link StorageDriver.get}. */
async function get(s3: S3Deps, bucket: string, path: string, range?: ByteRange): Promise<GetResult> {
  assertSafeObjectArgs(bucket, path);
  let output;
  try {
    output = await s3.client.send(
      new GetObjectCommand({
        Bucket: s3Bucket(s3, bucket),
        Key: path,
        ...(range ? { Range: `bytes=${range.start}-${range.end}` } : {}),
      }),
    );
  } catch (error) {
    if (isNotFound(error)) throw objectNotFound(bucket, path, error);
    throw error;
  }
  const body = output.Body;
  if (!(body instanceof Readable)) {
    throw new Error(`S3 returned no readable body for ${JSON.stringify(path)} in ${JSON.stringify(bucket)}.`);
  }
  // A ranged answer's ContentLength is the part's; its ContentRange (`bytes a-b/total`) has the whole size.
  const total = /\/(\d+)$/.exec(output.ContentRange ?? '')?.[1];
  if (range && total) return { ...toInfo(output), size: Number(total), body, range };
  return { ...toInfo(output), body };
}

/** {@link StorageDriver.head}. */
async function head(s3: S3Deps, bucket: string, path: string): Promise<ObjectInfo | null> {
  assertSafeObjectArgs(bucket, path);
  const output = await headObject(s3, bucket, path);
  return output ? toInfo(output) : null;
}

/** {@link StorageDriver.remove}. */
async function remove(s3: S3Deps, bucket: string, paths: readonly string[]): Promise<string[]> {
  assertSafeObjectArgs(bucket, ...paths);
  const unique = [...new Set(paths)];
  // DeleteObjects reports every key as deleted, present or not: look first.
  const present = await mapWithConcurrency(unique, HEAD_CONCURRENCY, async (path) =>
    Boolean(await headObject(s3, bucket, path)),
  );
  const existing = unique.filter((_, i) => present[i]);
  await deleteKeys(s3, bucket, existing);
  return existing;
}

/** {@link StorageDriver.copy}: CopyObject keeping the source's metadata. */
async function copy(
  s3: S3Deps,
  bucket: string,
  from: string,
  to: string,
  options: CopyOptions = {},
): Promise<void> {
  assertSafeObjectArgs(bucket, from, to);
  const upsert = options.upsert ?? false;
  if (!(await headObject(s3, bucket, from))) throw objectNotFound(bucket, from);
  if (from === to) {
    if (!upsert) throw objectExists(bucket, to);
    return;
  }
  if (!upsert && (await headObject(s3, bucket, to))) throw objectExists(bucket, to);
  try {
    await s3.client.send(
      new CopyObjectCommand({
        Bucket: s3Bucket(s3, bucket),
        Key: to,
        CopySource: `${s3Bucket(s3, bucket)}/${encodeCopySourceKey(from)}`,
        MetadataDirective: 'COPY',
      }),
    );
  } catch (error) {
    if (isNotFound(error)) throw objectNotFound(bucket, from, error);
    throw error;
  }
}

/** {@link StorageDriver.move}: {@link copy}, then delete the source. */
async function move(
  s3: S3Deps,
  bucket: string,
  from: string,
  to: string,
  options: CopyOptions = {},
): Promise<void> {
  await copy(s3, bucket, from, to, options);
  if (from !== to) await s3.client.send(new DeleteObjectCommand({ Bucket: s3Bucket(s3, bucket), Key: from }));
}

/** {@link StorageDriver.list}: every page of the delimited listing, then HeadObject for the returned page's content types. */
async function list(s3: S3Deps, bucket: string, options?: ListOptions): Promise<ListEntry[]> {
  assertSafeBucketId(bucket);
  const resolved = resolveListOptions(options);
  const prefix = resolved.prefix ? `${resolved.prefix}/` : '';
  const candidates: ListCandidate[] = [];
  let token: string | undefined;
  do {
    const page = await listPage(s3, bucket, { Prefix: prefix, Delimiter: '/' }, token);
    if (!page) return [];
    candidates.push(...pageCandidates(page, prefix));
    token = page.IsTruncated ? page.NextContinuationToken : undefined;
  } while (token);

  // ListObjectsV2 has no content type: head the returned page's objects only.
  const entries = await mapWithConcurrency(
    orderListing(candidates, resolved),
    HEAD_CONCURRENCY,
    async (c): Promise<ListEntry | null> => {
      if (c.isFolder) return { name: c.name, size: 0, contentType: null, lastModified: null, isFolder: true };
      const output = await headObject(s3, bucket, `${prefix}${c.name}`);
      if (!output) return null; // deleted while listing
      return {
        name: c.name,
        size: c.size,
        contentType: output.ContentType || DEFAULT_CONTENT_TYPE,
        lastModified: c.lastModified,
        isFolder: false,
      };
    },
  );
  return entries.filter((e): e is ListEntry => e !== null);
}

/** One ListObjectsV2 page of the bucket (from continuation `token`); null when the bucket does not exist. */
async function listPage(
  s3: S3Deps,
  bucket: string,
  query: { Prefix?: string; Delimiter?: string },
  token: string | undefined,
): Promise<ListObjectsV2CommandOutput | null> {
  try {
    return await s3.client.send(
      new ListObjectsV2Command({
        Bucket: s3Bucket(s3, bucket),
        ...query,
        ...(token ? { ContinuationToken: token } : {}),
      }),
    );
  } catch (error) {
    if (isNotFound(error)) return null;
    throw error;
  }
}

/** The folders and objects of a delimited listing page, named relative to `prefix`. */
function pageCandidates(page: ListObjectsV2CommandOutput, prefix: string): ListCandidate[] {
  const candidates: ListCandidate[] = [];
  for (const common of page.CommonPrefixes ?? []) {
    const name = (common.Prefix ?? '').slice(prefix.length).replace(/\/$/, '');
    if (name) candidates.push({ name, isFolder: true, size: 0, lastModified: null, createdAt: null });
  }
  for (const object of page.Contents ?? []) {
    const name = (object.Key ?? '').slice(prefix.length);
    if (!name) continue; // a "folder marker" object equal to the prefix itself
    const lastModified = object.LastModified ?? new Date(0);
    candidates.push({ name, isFolder: false, size: object.Size ?? 0, lastModified, createdAt: lastModified });
  }
  return candidates;
}

/** {@link StorageDriver.emptyBucket}: lists and deletes page by page. */
async function emptyBucket(s3: S3Deps, bucket: string): Promise<number> {
  assertSafeBucketId(bucket);
  let removed = 0;
  let token: string | undefined;
  do {
    const page = await listPage(s3, bucket, {}, token);
    if (!page) return removed;
    const keys = (page.Contents ?? []).map((o) => o.Key).filter((k): k is string => Boolean(k));
    removed += await deleteKeys(s3, bucket, keys);
    token = page.IsTruncated ? page.NextContinuationToken : undefined;
  } while (token);
  return removed;
}

/** {@link StorageDriver.createBucket}: in the driver's region. */
async function createBucket(s3: S3Deps, bucket: string): Promise<void> {
  assertSafeBucketId(bucket);
  try {
    await s3.client.send(new HeadBucketCommand({ Bucket: s3Bucket(s3, bucket) }));
    return; // already there
  } catch (error) {
    if (!isNotFound(error)) throw error;
  }
  try {
    await s3.client.send(
      new CreateBucketCommand({
        Bucket: s3Bucket(s3, bucket),
        ...(s3.region !== 'us-east-1'
          ? { CreateBucketConfiguration: { LocationConstraint: s3.region as BucketLocationConstraint } }
          : {}),
      }),
    );
  } catch (error) {
    if (!hasName(error, 'BucketAlreadyOwnedByYou')) throw error;
  }
}

/** {@link StorageDriver.deleteBucket}. */
async function deleteBucket(s3: S3Deps, bucket: string): Promise<void> {
  assertSafeBucketId(bucket);
  try {
    await s3.client.send(new DeleteBucketCommand({ Bucket: s3Bucket(s3, bucket) }));
  } catch (error) {
    if (hasName(error, 'BucketNotEmpty')) {
      throw new StorageError(
        'BUCKET_NOT_EMPTY',
        `Bucket ${JSON.stringify(bucket)} is not empty; empty it first.`,
        {
          cause: error,
        },
      );
    }
    if (isNotFound(error)) return;
    throw error;
  }
}

/** HeadObject, or null when there is no such object (or bucket). */
async function headObject(s3: S3Deps, bucket: string, key: string): Promise<HeadObjectCommandOutput | null> {
  try {
    return await s3.client.send(new HeadObjectCommand({ Bucket: s3Bucket(s3, bucket), Key: key }));
  } catch (error) {
    if (isNotFound(error)) return null;
    throw error;
  }
}

function toInfo(output: {
  ContentLength?: number | undefined;
  ContentType?: string | undefined;
  CacheControl?: string | undefined;
  LastModified?: Date | undefined;
}): ObjectInfo {
  return {
    size: output.ContentLength ?? 0,
    contentType: output.ContentType || DEFAULT_CONTENT_TYPE,
    cacheControl: output.CacheControl || null,
    lastModified: output.LastModified ?? new Date(0),
  };
}

/** Deletes keys known to exist, in batches; returns how many the service reported deleted. */
async function deleteKeys(s3: S3Deps, bucket: string, keys: readonly string[]): Promise<number> {
  let deleted = 0;
  for (let i = 0; i < keys.length; i += DELETE_BATCH) {
    const batch = keys.slice(i, i + DELETE_BATCH);
    const result = await s3.client.send(
      new DeleteObjectsCommand({
        Bucket: s3Bucket(s3, bucket),
        Delete: { Objects: batch.map((Key) => ({ Key })), Quiet: true },
      }),
    );
    const failed = result.Errors ?? [];
    if (failed.length > 0) {
      const first = failed[0];
      throw new Error(
        `S3 refused to delete ${failed.length} object(s) of bucket ${JSON.stringify(bucket)}, e.g. ` +
          `${JSON.stringify(first?.Key)}: ${first?.Code ?? 'unknown'} ${first?.Message ?? ''}`.trim(),
      );
    }
    deleted += batch.length;
  }
  return deleted;
}

/**
 * Wraps a stream whose length the caller declared: passes the bytes through and fails the upload
 * (by aborting the request) if the stream errors or yields a different number of bytes. Needed
 * because the SDK's HTTP handler `pipe()`s the body and would otherwise wait forever.
 */
function exactLengthBody(body: Readable, expected: number, path: string) {
  const controller = new AbortController();
  let failure: unknown;
  let seen = 0;
  const checked = new Transform({
    transform(chunk: Buffer | string, encoding, callback) {
      const bytes = typeof chunk === 'string' ? Buffer.from(chunk, encoding) : chunk;
      seen += bytes.length;
      if (seen > expected) {
        callback(lengthMismatch(path, `more than ${expected}`, expected));
      } else {
        callback(null, bytes);
      }
    },
    flush(callback) {
      callback(seen === expected ? null : lengthMismatch(path, seen, expected));
    },
  });
  // stream.pipeline (unlike pipe) forwards errors and destroys both ends on failure.
  pipeline(body, checked, (error) => {
    if (error) {
      failure ??= error;
      controller.abort(error);
    }
  });
  return { stream: checked, signal: controller.signal, failure: () => failure };
}

async function readAll(body: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of body)
    chunks.push(typeof chunk === 'string' ? Buffer.from(chunk) : (chunk as Buffer));
  return Buffer.concat(chunks);
}
