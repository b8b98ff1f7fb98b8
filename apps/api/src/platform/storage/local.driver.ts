/**
 * Local-disk storage driver.
 *
 * Layout under `rootDir`:
 * - `<bucket>/<path>`: the object bytes (one file per object, folders are directories);
 * - `.meta/<bucket>/<path>.json`: sidecar metadata `{ contentType, cacheControl, createdAt,
 *   updatedAt, size, etag }` (ISO-8601 times, size in bytes);
 * - `.tmp/`: in-flight writes. Every write lands in a temp file first, is fsync'ed, then renamed
 *   (or hard-linked, for no-clobber creates) into place, so readers never see a half-written object.
 *
 * Bucket ids cannot start with `.`, so `.meta` and `.tmp` never collide with a bucket. The data file
 * is the source of truth for existence and size; a missing sidecar yields default metadata.
 *
 * Limits of a filesystem (versus S3): an object and a folder cannot share a name (`a` and `a/b`),
 * and neither can an object `x` and a folder `x.json` (their sidecars collide); such writes are
 * refused with `INVALID_PATH`. Each path segment must fit the filesystem's name limit (usually 255
 * bytes, 250 for the sidecar).
 */
import { createHash, randomUUID } from 'node:crypto';
import { constants as fsConstants, createWriteStream, type Stats } from 'node:fs';
import * as fs from 'node:fs/promises';
import * as nodePath from 'node:path';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ByteRange } from './byte-range.ts';
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
  type ResolvedListOptions,
  type StorageDriver,
} from './storage.driver.ts';

/** Options of {@link createLocalDriver}. */
export interface LocalDriverOptions {
  /** Directory holding all buckets; created on first write. Relative paths resolve against the cwd. */
  rootDir: string;
}

/** The driver's state: its absolute root directory and the `.tmp` directory under it. */
interface LocalDisk {
  root: string;
  tmpDir: string;
}

/** Sidecar metadata file contents. */
interface SidecarMeta {
  contentType: string;
  cacheControl: string | null;
  /** ISO-8601. */
  createdAt: string;
  /** ISO-8601. */
  updatedAt: string;
  /** Bytes. */
  size: number;
  etag?: string;
}

const META_DIR = '.meta';
const TMP_DIR = '.tmp';
/** How often a rename/link is retried when a concurrent delete pruned its parent directory. */
const PARENT_RACE_RETRIES = 5;
const IO_CONCURRENCY = 16;

const errnoCode = (error: unknown): string | undefined => (error as NodeJS.ErrnoException | null)?.code;
const isMissing = (error: unknown): boolean => {
  const code = errnoCode(error);
  return code === 'ENOENT' || code === 'ENOTDIR' || code === 'ENAMETOOLONG';
};

/**
 * Creates a driver that stores buckets as directories under `options.rootDir` (layout in the module
 * comment). Reads and writes stream; no object is ever held in memory whole. Errors: the
 * `StorageError`s of {@link StorageDriver}, plus `INVALID_PATH` for the filesystem limits above;
 * other I/O failures surface as Node `ErrnoException`s.
 */
export function createLocalDriver(options: LocalDriverOptions): StorageDriver {
  const root = nodePath.resolve(options.rootDir);
  const disk: LocalDisk = { root, tmpDir: nodePath.join(root, TMP_DIR) };
  return {
    put: (bucket, path, body, putOptions) => put(disk, bucket, path, body, putOptions),
    get: (bucket, path, range) => get(disk, bucket, path, range),
    head: (bucket, path) => head(disk, bucket, path),
    remove: (bucket, paths) => remove(disk, bucket, paths),
    copy: (bucket, from, to, copyOptions) => copy(disk, bucket, from, to, copyOptions),
    move: (bucket, from, to, moveOptions) => move(disk, bucket, from, to, moveOptions),
    list: (bucket, listOptions) => list(disk, bucket, listOptions),
    emptyBucket: (bucket) => emptyBucket(disk, bucket),
    createBucket: (bucket) => createBucket(disk, bucket),
    deleteBucket: (bucket) => deleteBucket(disk, bucket),
    // Nothing held between calls: each `get` stream owns (and closes) its own file handle.
    close: () => Promise.resolve(),
  };
}

const bucketDir = (disk: LocalDisk, bucket: string): string => nodePath.join(disk.root, bucket);
const metaBucketDir = (disk: LocalDisk, bucket: string): string => nodePath.join(disk.root, META_DIR, bucket);
const dataFile = (disk: LocalDisk, bucket: string, path: string): string =>
  nodePath.join(bucketDir(disk, bucket), ...path.split('/'));
const metaFile = (disk: LocalDisk, bucket: string, path: string): string =>
  `${nodePath.join(metaBucketDir(disk, bucket), ...path.split('/'))}.json`;
const tempName = (disk: LocalDisk, suffix: string): string =>
  nodePath.join(disk.tmpDir, `${randomUUID()}.${suffix}`);

const conflict = (bucket: string, path: string, cause: unknown): StorageError =>
  new StorageError(
    'INVALID_PATH',
    `Object path ${JSON.stringify(path)} in bucket ${JSON.stringify(bucket)} conflicts with an existing ` +
      `object or folder of the same name (the local driver cannot store both).`,
    { cause },
  );

/** {@link StorageDriver.put}: streams `body` to a temp file, then publishes it (see {@link commit}). */
async function put(
  disk: LocalDisk,
  bucket: string,
  path: string,
  body: Buffer | Readable,
  options: PutOptions = {},
): Promise<PutResult> {
  assertSafeObjectArgs(bucket, path);
  const upsert = options.upsert ?? false;
  if (!upsert && (await statFile(disk, bucket, path))) throw objectExists(bucket, path);
  const { tmp, size, md5 } = await writeTempBody(disk, path, body, options.contentLength);
  try {
    const existing = upsert ? await readMeta(disk, bucket, path) : null;
    const now = new Date().toISOString();
    const meta: SidecarMeta = {
      contentType: options.contentType ?? DEFAULT_CONTENT_TYPE,
      cacheControl: options.cacheControl ?? DEFAULT_CACHE_CONTROL,
      createdAt: existing?.createdAt ?? now,
      updatedAt: now,
      size,
      etag: md5,
    };
    await commit(disk, bucket, path, tmp, meta, upsert);
  } finally {
    await fs.rm(tmp, { force: true });
  }
  return { size, etag: md5 };
}

/** {@link StorageDriver.get}: opens the data file; size and metadata describe the opened inode. */
async function get(disk: LocalDisk, bucket: string, path: string, range?: ByteRange): Promise<GetResult> {
  assertSafeObjectArgs(bucket, path);
  let handle: fs.FileHandle;
  try {
    handle = await fs.open(dataFile(disk, bucket, path), 'r');
  } catch (error) {
    if (isMissing(error) || errnoCode(error) === 'EISDIR') throw objectNotFound(bucket, path);
    throw error;
  }
  try {
    const stats = await handle.stat();
    if (!stats.isFile()) throw objectNotFound(bucket, path);
    const meta = await readMeta(disk, bucket, path);
    // Size comes from the opened file, so it always matches the bytes streamed even if the
    // object is replaced meanwhile (the rename swaps the directory entry, not this inode).
    if (range && range.end < stats.size)
      return {
        ...toInfo(stats, meta),
        body: handle.createReadStream({ start: range.start, end: range.end }),
        range,
      };
    return { ...toInfo(stats, meta), body: handle.createReadStream() };
  } catch (error) {
    await handle.close();
    throw error;
  }
}

/** {@link StorageDriver.head}. */
async function head(disk: LocalDisk, bucket: string, path: string): Promise<ObjectInfo | null> {
  assertSafeObjectArgs(bucket, path);
  const stats = await statFile(disk, bucket, path);
  return stats ? toInfo(stats, await readMeta(disk, bucket, path)) : null;
}

/** {@link StorageDriver.remove}: unlinks data and sidecar, then prunes empty parent folders. */
async function remove(disk: LocalDisk, bucket: string, paths: readonly string[]): Promise<string[]> {
  assertSafeObjectArgs(bucket, ...paths);
  const unique = [...new Set(paths)];
  const removed = await mapWithConcurrency(unique, IO_CONCURRENCY, (path) => removeOne(disk, bucket, path));
  return unique.filter((_, i) => removed[i]);
}

/** Deletes one object; false when there was none (absent, or a folder). */
async function removeOne(disk: LocalDisk, bucket: string, path: string): Promise<boolean> {
  try {
    await fs.unlink(dataFile(disk, bucket, path));
  } catch (error) {
    if (isMissing(error) || errnoCode(error) === 'EISDIR') return false; // absent, or a folder (Linux)
    if (errnoCode(error) === 'EPERM' && (await fs.lstat(dataFile(disk, bucket, path))).isDirectory())
      return false; // macOS
    throw error;
  }
  await fs.rm(metaFile(disk, bucket, path), { force: true });
  await prune(disk, bucket, path);
  return true;
}

/** {@link StorageDriver.copy}: clones the data file to a temp file, then publishes it with the source's metadata. */
async function copy(
  disk: LocalDisk,
  bucket: string,
  from: string,
  to: string,
  options: CopyOptions = {},
): Promise<void> {
  assertSafeObjectArgs(bucket, from, to);
  const upsert = options.upsert ?? false;
  if (!(await statFile(disk, bucket, from))) throw objectNotFound(bucket, from);
  if (from === to) {
    if (!upsert) throw objectExists(bucket, to);
    return;
  }
  const existing = await readMeta(disk, bucket, to);
  if (!upsert && (await statFile(disk, bucket, to))) throw objectExists(bucket, to);
  const sourceMeta = await readMeta(disk, bucket, from);
  await fs.mkdir(disk.tmpDir, { recursive: true });
  const tmp = tempName(disk, 'part');
  try {
    const size = await cloneToTemp(disk, bucket, from, tmp);
    const now = new Date().toISOString();
    const meta: SidecarMeta = {
      contentType: sourceMeta?.contentType ?? DEFAULT_CONTENT_TYPE,
      cacheControl: sourceMeta ? (sourceMeta.cacheControl ?? null) : null,
      createdAt: (upsert && existing?.createdAt) || now,
      updatedAt: now,
      size,
      ...(sourceMeta?.etag && sourceMeta.size === size ? { etag: sourceMeta.etag } : {}),
    };
    await commit(disk, bucket, to, tmp, meta, upsert);
  } finally {
    await fs.rm(tmp, { force: true });
  }
}

/** Copies the data file of `from` to the new file `tmp` (a reflink where supported), fsyncs it; returns its bytes. */
async function cloneToTemp(disk: LocalDisk, bucket: string, from: string, tmp: string): Promise<number> {
  try {
    await fs.copyFile(
      dataFile(disk, bucket, from),
      tmp,
      fsConstants.COPYFILE_EXCL | fsConstants.COPYFILE_FICLONE,
    );
  } catch (error) {
    if (isMissing(error)) throw objectNotFound(bucket, from);
    throw error;
  }
  const handle = await fs.open(tmp, 'r+');
  try {
    const { size } = await handle.stat();
    await handle.sync();
    return size;
  } finally {
    await handle.close();
  }
}

/** {@link StorageDriver.move}: {@link copy}, then remove the source. */
async function move(
  disk: LocalDisk,
  bucket: string,
  from: string,
  to: string,
  options: CopyOptions = {},
): Promise<void> {
  await copy(disk, bucket, from, to, options);
  if (from !== to) await remove(disk, bucket, [from]);
}

/** A listing candidate of this driver: {@link ListCandidate} plus the stored content type. */
type LocalCandidate = ListCandidate & { contentType: string | null };

/**
 * {@link StorageDriver.list}: the prefix directory's entries; metadata is read for every entry when
 * the sort needs it, for the returned page only when sorting by name.
 */
async function list(disk: LocalDisk, bucket: string, options?: ListOptions): Promise<ListEntry[]> {
  assertSafeBucketId(bucket);
  const resolved = resolveListOptions(options);
  const prefixSegments = resolved.prefix ? resolved.prefix.split('/') : [];
  const candidates = await readCandidates(disk, bucket, prefixSegments, resolved);
  const hydrate = (candidate: LocalCandidate) => hydrateCandidate(disk, bucket, prefixSegments, candidate);
  const present = (c: LocalCandidate | null): c is LocalCandidate => c !== null;
  let page: LocalCandidate[];
  if (resolved.column === 'name') {
    // Name order needs no metadata: read it for the returned page only.
    const ordered = orderListing(candidates, resolved);
    page = (await mapWithConcurrency(ordered, IO_CONCURRENCY, hydrate)).filter(present);
  } else {
    const hydrated = (await mapWithConcurrency(candidates, IO_CONCURRENCY, hydrate)).filter(present);
    page = orderListing(hydrated, resolved);
  }
  return page.map((c) => ({
    name: c.name,
    size: c.size,
    contentType: c.contentType,
    lastModified: c.lastModified,
    isFolder: c.isFolder,
  }));
}

/** The files and folders directly under the prefix whose names match the search, without metadata. */
async function readCandidates(
  disk: LocalDisk,
  bucket: string,
  prefixSegments: readonly string[],
  resolved: ResolvedListOptions,
): Promise<LocalCandidate[]> {
  let dirents;
  try {
    dirents = await fs.readdir(nodePath.join(bucketDir(disk, bucket), ...prefixSegments), {
      withFileTypes: true,
    });
  } catch (error) {
    if (isMissing(error)) return [];
    throw error;
  }
  const needle = resolved.search.toLowerCase();
  return dirents
    .filter((d) => (d.isFile() || d.isDirectory()) && d.name.toLowerCase().startsWith(needle))
    .map((d) => ({
      name: d.name,
      isFolder: d.isDirectory(),
      size: 0,
      lastModified: null,
      createdAt: null,
      contentType: null,
    }));
}

/** An object candidate with its size, content type and times; null when it was deleted meanwhile. */
async function hydrateCandidate(
  disk: LocalDisk,
  bucket: string,
  prefixSegments: readonly string[],
  candidate: LocalCandidate,
): Promise<LocalCandidate | null> {
  if (candidate.isFolder) return candidate;
  const path = [...prefixSegments, candidate.name].join('/');
  const stats = await statFile(disk, bucket, path);
  if (!stats) return null; // deleted while listing
  const meta = await readMeta(disk, bucket, path);
  const info = toInfo(stats, meta);
  return {
    ...candidate,
    size: info.size,
    contentType: info.contentType,
    lastModified: info.lastModified,
    createdAt: meta?.createdAt ? new Date(meta.createdAt) : info.lastModified,
  };
}

/** {@link StorageDriver.emptyBucket}. */
async function emptyBucket(disk: LocalDisk, bucket: string): Promise<number> {
  assertSafeBucketId(bucket);
  await fs.mkdir(disk.tmpDir, { recursive: true });
  // Swap the trees out atomically, then delete them at leisure: the count is exactly what went.
  const trash = tempName(disk, 'trash');
  try {
    await fs.rename(bucketDir(disk, bucket), trash);
  } catch (error) {
    if (isMissing(error)) return 0;
    throw error;
  }
  await fs.mkdir(bucketDir(disk, bucket), { recursive: true });
  const metaTrash = `${trash}-meta`;
  await fs.rename(metaBucketDir(disk, bucket), metaTrash).catch((error: unknown) => {
    if (!isMissing(error)) throw error;
  });
  await fs.mkdir(metaBucketDir(disk, bucket), { recursive: true });
  const count = await countFiles(trash);
  await Promise.all([
    fs.rm(trash, { recursive: true, force: true }),
    fs.rm(metaTrash, { recursive: true, force: true }),
  ]);
  return count;
}

/** {@link StorageDriver.createBucket}: the bucket's data and sidecar directories. */
async function createBucket(disk: LocalDisk, bucket: string): Promise<void> {
  assertSafeBucketId(bucket);
  await fs.mkdir(bucketDir(disk, bucket), { recursive: true });
  await fs.mkdir(metaBucketDir(disk, bucket), { recursive: true });
}

/** {@link StorageDriver.deleteBucket}. */
async function deleteBucket(disk: LocalDisk, bucket: string): Promise<void> {
  assertSafeBucketId(bucket);
  if ((await countFiles(bucketDir(disk, bucket))) > 0) {
    throw new StorageError(
      'BUCKET_NOT_EMPTY',
      `Bucket ${JSON.stringify(bucket)} is not empty; empty it first.`,
    );
  }
  await fs.rm(bucketDir(disk, bucket), { recursive: true, force: true });
  await fs.rm(metaBucketDir(disk, bucket), { recursive: true, force: true });
}

/** The data file's stats, or null when there is no file (absent, or a folder). */
async function statFile(disk: LocalDisk, bucket: string, path: string): Promise<Stats | null> {
  try {
    const stats = await fs.stat(dataFile(disk, bucket, path));
    return stats.isFile() ? stats : null;
  } catch (error) {
    if (isMissing(error)) return null;
    throw error;
  }
}

/** The sidecar, or null when it is missing or unreadable (the object then has default metadata). */
async function readMeta(disk: LocalDisk, bucket: string, path: string): Promise<SidecarMeta | null> {
  try {
    return JSON.parse(await fs.readFile(metaFile(disk, bucket, path), 'utf8')) as SidecarMeta;
  } catch (error) {
    if (isMissing(error) || errnoCode(error) === 'EISDIR' || error instanceof SyntaxError) return null;
    throw error;
  }
}

function toInfo(stats: Stats, meta: SidecarMeta | null): ObjectInfo {
  return {
    size: stats.size,
    contentType: meta?.contentType ?? DEFAULT_CONTENT_TYPE,
    cacheControl: meta ? (meta.cacheControl ?? null) : null,
    lastModified: meta?.updatedAt ? new Date(meta.updatedAt) : stats.mtime,
  };
}

/** Writes `data` to a new temp file and fsyncs it; returns the temp path. */
async function writeTempFile(disk: LocalDisk, suffix: string, data: string | Buffer): Promise<string> {
  await fs.mkdir(disk.tmpDir, { recursive: true });
  const tmp = tempName(disk, suffix);
  const handle = await fs.open(tmp, 'wx');
  try {
    await handle.writeFile(data);
    await handle.sync();
  } finally {
    await handle.close();
  }
  return tmp;
}

/**
 * Streams `body` into a new temp file (fsync'ed); returns its path, byte count and MD5. Fails (and
 * deletes the temp file) when the stream errors or its length differs from `expectedLength`.
 */
async function writeTempBody(
  disk: LocalDisk,
  path: string,
  body: Buffer | Readable,
  expectedLength: number | undefined,
): Promise<{ tmp: string; size: number; md5: string }> {
  if (Buffer.isBuffer(body)) {
    const tmp = await writeTempFile(disk, 'part', body);
    return { tmp, size: body.length, md5: createHash('md5').update(body).digest('hex') };
  }
  await fs.mkdir(disk.tmpDir, { recursive: true });
  const tmp = tempName(disk, 'part');
  const meter = byteMeter(path, expectedLength);
  try {
    // `flush: true` fsyncs before close; pipeline resolves once the file is closed.
    await pipeline(body, meter.stream, createWriteStream(tmp, { flags: 'wx', flush: true }));
  } catch (error) {
    await fs.rm(tmp, { force: true });
    throw error;
  }
  return { tmp, size: meter.size(), md5: meter.md5() };
}

/**
 * A pass-through that counts and hashes (MD5) the bytes and fails when they differ from
 * `expectedLength` (when given): more as soon as they pass it, fewer at the end.
 */
function byteMeter(path: string, expectedLength: number | undefined) {
  const hash = createHash('md5');
  let size = 0;
  const stream = new Transform({
    transform(chunk: Buffer | string, encoding, callback) {
      const bytes = typeof chunk === 'string' ? Buffer.from(chunk, encoding) : chunk;
      hash.update(bytes);
      size += bytes.length;
      if (expectedLength !== undefined && size > expectedLength) {
        callback(lengthMismatch(path, `more than ${expectedLength}`, expectedLength));
      } else {
        callback(null, bytes);
      }
    },
    flush(callback) {
      callback(
        expectedLength === undefined || size === expectedLength
          ? null
          : lengthMismatch(path, size, expectedLength),
      );
    },
  });
  return { stream, size: () => size, md5: () => hash.digest('hex') };
}

/** `mkdir -p` of `target`'s parent; a file in the way is a name conflict. */
async function ensureParent(bucket: string, path: string, target: string): Promise<void> {
  try {
    await fs.mkdir(nodePath.dirname(target), { recursive: true });
  } catch (error) {
    const code = errnoCode(error);
    if (code === 'ENOTDIR' || code === 'EEXIST') throw conflict(bucket, path, error);
    if (code === 'ENAMETOOLONG')
      throw new StorageError(
        'INVALID_PATH',
        `Object path ${JSON.stringify(path)} has a segment too long for the filesystem.`,
        { cause: error },
      );
    throw error;
  }
}

/**
 * Moves temp file `src` to `dest` (replacing a file there), creating parents. Retries when a
 * concurrent delete pruned the parent between mkdir and rename.
 */
async function renameIntoPlace(bucket: string, path: string, src: string, dest: string): Promise<void> {
  for (let attempt = 0; ; attempt++) {
    await ensureParent(bucket, path, dest);
    try {
      await fs.rename(src, dest);
      return;
    } catch (error) {
      const code = errnoCode(error);
      if (code === 'ENOENT' && attempt < PARENT_RACE_RETRIES) continue;
      if (code === 'EISDIR' || code === 'ENOTEMPTY' || code === 'EEXIST' || code === 'ENOTDIR') {
        throw conflict(bucket, path, error);
      }
      throw error;
    }
  }
}

/** Errors of `link()` on a filesystem without hard links (then {@link linkIntoPlace} renames). */
const NO_HARD_LINKS = new Set(['EPERM', 'ENOTSUP', 'EOPNOTSUPP', 'EXDEV', 'EMLINK']);

/**
 * Publishes temp file `src` at `dest` only if nothing is there: a hard link fails atomically
 * with EEXIST. Falls back to check-then-rename on filesystems without hard links.
 */
async function linkIntoPlace(
  disk: LocalDisk,
  bucket: string,
  path: string,
  src: string,
  dest: string,
): Promise<void> {
  for (let attempt = 0; ; attempt++) {
    await ensureParent(bucket, path, dest);
    try {
      await fs.link(src, dest);
      return;
    } catch (error) {
      const code = errnoCode(error);
      if (code === 'ENOENT' && attempt < PARENT_RACE_RETRIES) continue;
      if (code === 'EEXIST') {
        const existing = await fs.lstat(dest).catch(() => null);
        if (existing?.isDirectory()) throw conflict(bucket, path, error);
        throw objectExists(bucket, path);
      }
      if (code !== undefined && NO_HARD_LINKS.has(code)) {
        if (await statFile(disk, bucket, path)) throw objectExists(bucket, path);
        await renameIntoPlace(bucket, path, src, dest);
        return;
      }
      throw error;
    }
  }
}

/**
 * Publishes a written temp data file plus its sidecar at `bucket/path`.
 * Upsert: sidecar first, then data (a failure of the sidecar, the only layout-dependent step,
 * changes nothing). Create: data via no-clobber link first, then sidecar (rolled back on failure).
 */
async function commit(
  disk: LocalDisk,
  bucket: string,
  path: string,
  tmpData: string,
  meta: SidecarMeta,
  upsert: boolean,
): Promise<void> {
  const dest = dataFile(disk, bucket, path);
  const metaDest = metaFile(disk, bucket, path);
  const tmpMeta = await writeTempFile(disk, 'json', JSON.stringify(meta));
  try {
    if (upsert) {
      await renameIntoPlace(bucket, path, tmpMeta, metaDest);
      try {
        await renameIntoPlace(bucket, path, tmpData, dest);
      } catch (error) {
        // Only possible when `dest` is a folder or unwritable: no object existed here, drop our sidecar.
        if (!(await statFile(disk, bucket, path))) await fs.rm(metaDest, { force: true });
        throw error;
      }
    } else {
      await linkIntoPlace(disk, bucket, path, tmpData, dest);
      try {
        await renameIntoPlace(bucket, path, tmpMeta, metaDest);
      } catch (error) {
        await fs.rm(dest, { force: true });
        await prune(disk, bucket, path);
        throw error;
      }
    }
  } finally {
    await Promise.all([fs.rm(tmpMeta, { force: true }), fs.rm(tmpData, { force: true })]);
  }
}

/** Removes now-empty parent directories of `path` in the data and sidecar trees (not the bucket dirs). */
async function prune(disk: LocalDisk, bucket: string, path: string): Promise<void> {
  const segments = path.split('/').slice(0, -1);
  for (const base of [bucketDir(disk, bucket), metaBucketDir(disk, bucket)]) {
    for (let depth = segments.length; depth > 0; depth--) {
      try {
        await fs.rmdir(nodePath.join(base, ...segments.slice(0, depth)));
      } catch {
        break; // not empty (or already gone, or a concurrent write): stop climbing
      }
    }
  }
}

/** Files anywhere under `dir`; 0 when it does not exist. */
async function countFiles(dir: string): Promise<number> {
  try {
    const entries = await fs.readdir(dir, { recursive: true, withFileTypes: true });
    return entries.filter((entry) => entry.isFile()).length;
  } catch (error) {
    if (isMissing(error)) return 0;
    throw error;
  }
}
