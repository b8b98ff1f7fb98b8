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
import {
  DEFAULT_CACHE_CONTROL,
  DEFAULT_CONTENT_TYPE,
  StorageError,
  assertSafeBucketId,
  assertSafeObjectPath,
  mapWithConcurrency,
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

/** Options of {@link createLocalDriver}. */
export interface LocalDriverOptions {
  /** Directory holding all buckets; created on first write. Relative paths resolve against the cwd. */
  rootDir: string;
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

const lengthMismatch = (path: string, actual: number | string, expected: number): Error =>
  new Error(`Body of ${JSON.stringify(path)} had ${actual} bytes but contentLength said ${expected}.`);

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
  const tmpDir = nodePath.join(root, TMP_DIR);

  const bucketDir = (bucket: string): string => nodePath.join(root, bucket);
  const metaBucketDir = (bucket: string): string => nodePath.join(root, META_DIR, bucket);
  const dataFile = (bucket: string, path: string): string =>
    nodePath.join(bucketDir(bucket), ...path.split('/'));
  const metaFile = (bucket: string, path: string): string =>
    `${nodePath.join(metaBucketDir(bucket), ...path.split('/'))}.json`;
  const tempName = (suffix: string): string => nodePath.join(tmpDir, `${randomUUID()}.${suffix}`);

  const conflict = (bucket: string, path: string, cause: unknown): StorageError =>
    new StorageError(
      'INVALID_PATH',
      `Object path ${JSON.stringify(path)} in bucket ${JSON.stringify(bucket)} conflicts with an existing ` +
        `object or folder of the same name (the local driver cannot store both).`,
      { cause },
    );

  async function statFile(bucket: string, path: string): Promise<Stats | null> {
    try {
      const stats = await fs.stat(dataFile(bucket, path));
      return stats.isFile() ? stats : null;
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  }

  async function readMeta(bucket: string, path: string): Promise<SidecarMeta | null> {
    try {
      return JSON.parse(await fs.readFile(metaFile(bucket, path), 'utf8')) as SidecarMeta;
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
  async function writeTempFile(suffix: string, data: string | Buffer): Promise<string> {
    await fs.mkdir(tmpDir, { recursive: true });
    const tmp = tempName(suffix);
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
    path: string,
    body: Buffer | Readable,
    expectedLength: number | undefined,
  ): Promise<{ tmp: string; size: number; md5: string }> {
    if (Buffer.isBuffer(body)) {
      const tmp = await writeTempFile('part', body);
      return { tmp, size: body.length, md5: createHash('md5').update(body).digest('hex') };
    }
    await fs.mkdir(tmpDir, { recursive: true });
    const tmp = tempName('part');
    const hash = createHash('md5');
    let size = 0;
    const meter = new Transform({
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
    try {
      // `flush: true` fsyncs before close; pipeline resolves once the file is closed.
      await pipeline(body, meter, createWriteStream(tmp, { flags: 'wx', flush: true }));
    } catch (error) {
      await fs.rm(tmp, { force: true });
      throw error;
    }
    return { tmp, size, md5: hash.digest('hex') };
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

  /**
   * Publishes temp file `src` at `dest` only if nothing is there: a hard link fails atomically
   * with EEXIST. Falls back to check-then-rename on filesystems without hard links.
   */
  async function linkIntoPlace(bucket: string, path: string, src: string, dest: string): Promise<void> {
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
        if (
          code === 'EPERM' ||
          code === 'ENOTSUP' ||
          code === 'EOPNOTSUPP' ||
          code === 'EXDEV' ||
          code === 'EMLINK'
        ) {
          if (await statFile(bucket, path)) throw objectExists(bucket, path);
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
    bucket: string,
    path: string,
    tmpData: string,
    meta: SidecarMeta,
    upsert: boolean,
  ): Promise<void> {
    const dest = dataFile(bucket, path);
    const metaDest = metaFile(bucket, path);
    const tmpMeta = await writeTempFile('json', JSON.stringify(meta));
    try {
      if (upsert) {
        await renameIntoPlace(bucket, path, tmpMeta, metaDest);
        try {
          await renameIntoPlace(bucket, path, tmpData, dest);
        } catch (error) {
          // Only possible when `dest` is a folder or unwritable: no object existed here, drop our sidecar.
          if (!(await statFile(bucket, path))) await fs.rm(metaDest, { force: true });
          throw error;
        }
      } else {
        await linkIntoPlace(bucket, path, tmpData, dest);
        try {
          await renameIntoPlace(bucket, path, tmpMeta, metaDest);
        } catch (error) {
          await fs.rm(dest, { force: true });
          await prune(bucket, path);
          throw error;
        }
      }
    } finally {
      await Promise.all([fs.rm(tmpMeta, { force: true }), fs.rm(tmpData, { force: true })]);
    }
  }

  /** Removes now-empty parent directories of `path` in the data and sidecar trees (not the bucket dirs). */
  async function prune(bucket: string, path: string): Promise<void> {
    const segments = path.split('/').slice(0, -1);
    for (const base of [bucketDir(bucket), metaBucketDir(bucket)]) {
      for (let depth = segments.length; depth > 0; depth--) {
        try {
          await fs.rmdir(nodePath.join(base, ...segments.slice(0, depth)));
        } catch {
          break; // not empty (or already gone, or a concurrent write): stop climbing
        }
      }
    }
  }

  async function countFiles(dir: string): Promise<number> {
    try {
      const entries = await fs.readdir(dir, { recursive: true, withFileTypes: true });
      return entries.filter((entry) => entry.isFile()).length;
    } catch (error) {
      if (isMissing(error)) return 0;
      throw error;
    }
  }

  const objectExists = (bucket: string, path: string): StorageError =>
    new StorageError(
      'OBJECT_EXISTS',
      `Object ${JSON.stringify(path)} already exists in bucket ${JSON.stringify(bucket)}.`,
    );
  const objectNotFound = (bucket: string, path: string): StorageError =>
    new StorageError(
      'OBJECT_NOT_FOUND',
      `Object ${JSON.stringify(path)} not found in bucket ${JSON.stringify(bucket)}.`,
    );

  function validate(bucket: string, ...paths: string[]): void {
    assertSafeBucketId(bucket);
    for (const path of paths) assertSafeObjectPath(path);
  }

  async function copy(bucket: string, from: string, to: string, options: CopyOptions = {}): Promise<void> {
    validate(bucket, from, to);
    const upsert = options.upsert ?? false;
    const source = await statFile(bucket, from);
    if (!source) throw objectNotFound(bucket, from);
    if (from === to) {
      if (!upsert) throw objectExists(bucket, to);
      return;
    }
    const existing = await readMeta(bucket, to);
    if (!upsert && (await statFile(bucket, to))) throw objectExists(bucket, to);
    const sourceMeta = await readMeta(bucket, from);
    await fs.mkdir(tmpDir, { recursive: true });
    const tmp = tempName('part');
    try {
      try {
        await fs.copyFile(
          dataFile(bucket, from),
          tmp,
          fsConstants.COPYFILE_EXCL | fsConstants.COPYFILE_FICLONE,
        );
      } catch (error) {
        if (isMissing(error)) throw objectNotFound(bucket, from);
        throw error;
      }
      const handle = await fs.open(tmp, 'r+');
      let size: number;
      try {
        size = (await handle.stat()).size;
        await handle.sync();
      } finally {
        await handle.close();
      }
      const now = new Date().toISOString();
      await commit(
        bucket,
        to,
        tmp,
        {
          contentType: sourceMeta?.contentType ?? DEFAULT_CONTENT_TYPE,
          cacheControl: sourceMeta ? (sourceMeta.cacheControl ?? null) : null,
          createdAt: (upsert && existing?.createdAt) || now,
          updatedAt: now,
          size,
          ...(sourceMeta?.etag && sourceMeta.size === size ? { etag: sourceMeta.etag } : {}),
        },
        upsert,
      );
    } finally {
      await fs.rm(tmp, { force: true });
    }
  }

  async function remove(bucket: string, paths: readonly string[]): Promise<string[]> {
    validate(bucket, ...paths);
    const unique = [...new Set(paths)];
    const removed = await mapWithConcurrency(unique, IO_CONCURRENCY, async (path) => {
      try {
        await fs.unlink(dataFile(bucket, path));
      } catch (error) {
        if (isMissing(error) || errnoCode(error) === 'EISDIR') return false; // absent, or a folder (Linux)
        if (errnoCode(error) === 'EPERM' && (await fs.lstat(dataFile(bucket, path))).isDirectory())
          return false; // macOS
        throw error;
      }
      await fs.rm(metaFile(bucket, path), { force: true });
      await prune(bucket, path);
      return true;
    });
    return unique.filter((_, i) => removed[i]);
  }

  return {
    async put(
      bucket: string,
      path: string,
      body: Buffer | Readable,
      options: PutOptions = {},
    ): Promise<PutResult> {
      validate(bucket, path);
      const upsert = options.upsert ?? false;
      if (!upsert && (await statFile(bucket, path))) throw objectExists(bucket, path);
      const { tmp, size, md5 } = await writeTempBody(path, body, options.contentLength);
      try {
        const existing = upsert ? await readMeta(bucket, path) : null;
        const now = new Date().toISOString();
        await commit(
          bucket,
          path,
          tmp,
          {
            contentType: options.contentType ?? DEFAULT_CONTENT_TYPE,
            cacheControl: options.cacheControl ?? DEFAULT_CACHE_CONTROL,
            createdAt: existing?.createdAt ?? now,
            updatedAt: now,
            size,
            etag: md5,
          },
          upsert,
        );
      } finally {
        await fs.rm(tmp, { force: true });
      }
      return { size, etag: md5 };
    },

    async get(bucket: string, path: string): Promise<GetResult> {
      validate(bucket, path);
      let handle: fs.FileHandle;
      try {
        handle = await fs.open(dataFile(bucket, path), 'r');
      } catch (error) {
        if (isMissing(error) || errnoCode(error) === 'EISDIR') throw objectNotFound(bucket, path);
        throw error;
      }
      try {
        const stats = await handle.stat();
        if (!stats.isFile()) throw objectNotFound(bucket, path);
        const meta = await readMeta(bucket, path);
        // Size comes from the opened file, so it always matches the bytes streamed even if the
        // object is replaced meanwhile (the rename swaps the directory entry, not this inode).
        return { ...toInfo(stats, meta), body: handle.createReadStream() };
      } catch (error) {
        await handle.close();
        throw error;
      }
    },

    async head(bucket: string, path: string): Promise<ObjectInfo | null> {
      validate(bucket, path);
      const stats = await statFile(bucket, path);
      return stats ? toInfo(stats, await readMeta(bucket, path)) : null;
    },

    remove,
    copy,

    async move(bucket: string, from: string, to: string, options: CopyOptions = {}): Promise<void> {
      await copy(bucket, from, to, options);
      if (from !== to) await remove(bucket, [from]);
    },

    async list(bucket: string, options?: ListOptions): Promise<ListEntry[]> {
      assertSafeBucketId(bucket);
      const resolved = resolveListOptions(options);
      const prefixSegments = resolved.prefix ? resolved.prefix.split('/') : [];
      let dirents;
      try {
        dirents = await fs.readdir(nodePath.join(bucketDir(bucket), ...prefixSegments), {
          withFileTypes: true,
        });
      } catch (error) {
        if (isMissing(error)) return [];
        throw error;
      }
      type Candidate = ListCandidate & { contentType: string | null };
      const needle = resolved.search.toLowerCase();
      const candidates: Candidate[] = dirents
        .filter((d) => (d.isFile() || d.isDirectory()) && d.name.toLowerCase().startsWith(needle))
        .map((d) => ({
          name: d.name,
          isFolder: d.isDirectory(),
          size: 0,
          lastModified: null,
          createdAt: null,
          contentType: null,
        }));

      const hydrate = async (candidate: Candidate): Promise<Candidate | null> => {
        if (candidate.isFolder) return candidate;
        const path = [...prefixSegments, candidate.name].join('/');
        const stats = await statFile(bucket, path);
        if (!stats) return null; // deleted while listing
        const meta = await readMeta(bucket, path);
        const info = toInfo(stats, meta);
        return {
          ...candidate,
          size: info.size,
          contentType: info.contentType,
          lastModified: info.lastModified,
          createdAt: meta?.createdAt ? new Date(meta.createdAt) : info.lastModified,
        };
      };
      const present = (c: Candidate | null): c is Candidate => c !== null;

      let page: Candidate[];
      if (resolved.column === 'name') {
        // Name order needs no metadata: read it for the returned page only.
        page = (await mapWithConcurrency(orderListing(candidates, resolved), IO_CONCURRENCY, hydrate)).filter(
          present,
        );
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
    },

    async emptyBucket(bucket: string): Promise<number> {
      assertSafeBucketId(bucket);
      await fs.mkdir(tmpDir, { recursive: true });
      // Swap the trees out atomically, then delete them at leisure: the count is exactly what went.
      const trash = tempName('trash');
      try {
        await fs.rename(bucketDir(bucket), trash);
      } catch (error) {
        if (isMissing(error)) return 0;
        throw error;
      }
      await fs.mkdir(bucketDir(bucket), { recursive: true });
      const metaTrash = `${trash}-meta`;
      await fs.rename(metaBucketDir(bucket), metaTrash).catch((error: unknown) => {
        if (!isMissing(error)) throw error;
      });
      await fs.mkdir(metaBucketDir(bucket), { recursive: true });
      const count = await countFiles(trash);
      await Promise.all([
        fs.rm(trash, { recursive: true, force: true }),
        fs.rm(metaTrash, { recursive: true, force: true }),
      ]);
      return count;
    },

    async createBucket(bucket: string): Promise<void> {
      assertSafeBucketId(bucket);
      await fs.mkdir(bucketDir(bucket), { recursive: true });
      await fs.mkdir(metaBucketDir(bucket), { recursive: true });
    },

    async deleteBucket(bucket: string): Promise<void> {
      assertSafeBucketId(bucket);
      if ((await countFiles(bucketDir(bucket))) > 0) {
        throw new StorageError(
          'BUCKET_NOT_EMPTY',
          `Bucket ${JSON.stringify(bucket)} is not empty; empty it first.`,
        );
      }
      await fs.rm(bucketDir(bucket), { recursive: true, force: true });
      await fs.rm(metaBucketDir(bucket), { recursive: true, force: true });
    },

    async close(): Promise<void> {
      // Nothing held between calls: each `get` stream owns (and closes) its own file handle.
    },
  };
}
