/**
 * One suite, two drivers: every test below runs against the local driver (temp dir) and the S3
 * driver (in-process s3rver on a random port). A driver passes only if it behaves identically.
 */
import { createHash } from 'node:crypto';
import { mkdtemp, readdir, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createLocalDriver } from './local.driver.ts';
import { createS3Driver } from './s3.driver.ts';
import { readAll, startTestS3, type TestS3 } from './storage.test-support.ts';
import {
  StorageError,
  assertSafeBucketId,
  assertSafeObjectPath,
  compareObjectNames,
  type StorageDriver,
  type StorageErrorCode,
} from './storage.driver.ts';

interface Harness {
  name: string;
  /**
   * Whether an upload that fails mid-body leaves a partial object behind. Never on S3 (a PUT whose
   * body stops short of Content-Length is discarded) nor locally (temp file + rename); s3rver,
   * however, writes the request stream straight to its file and keeps whatever arrived.
   */
  keepsAbortedUploads: boolean;
  start(): Promise<StorageDriver>;
  stop(): Promise<void>;
}

function localHarness(): Harness {
  let dir = '';
  return {
    name: 'local',
    keepsAbortedUploads: false,
    async start() {
      dir = await mkdtemp(join(tmpdir(), 'tend-storage-local-'));
      return createLocalDriver({ rootDir: dir });
    },
    async stop() {
      await rm(dir, { recursive: true, force: true });
    },
  };
}

function s3Harness(): Harness {
  let s3: TestS3 | undefined;
  return {
    name: 's3',
    keepsAbortedUploads: true, // s3rver quirk, see Harness
    async start() {
      s3 = await startTestS3();
      return createS3Driver(s3.storage);
    },
    async stop() {
      await s3?.stop();
    },
  };
}

const md5 = (data: Buffer | string): string => createHash('md5').update(data).digest('hex');

/** Asserts `promise` rejects with a StorageError of `code`. */
async function expectStorageError(promise: Promise<unknown>, code: StorageErrorCode): Promise<void> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error, `expected StorageError ${code}`).toBeInstanceOf(StorageError);
  expect((error as StorageError).code).toBe(code);
  expect((error as StorageError).message.length).toBeGreaterThan(10);
}

/** Deterministic pseudo-random bytes, `size` in total, yielded in `chunk`-byte pieces. */
function* pseudoRandomChunks(size: number, chunk = 64 * 1024): Generator<Buffer> {
  let state = 0x2545f491;
  for (let sent = 0; sent < size; sent += chunk) {
    const piece = Buffer.allocUnsafe(Math.min(chunk, size - sent));
    for (let i = 0; i < piece.length; i++) {
      state = (state * 1103515245 + 12345) >>> 0;
      piece[i] = state >>> 24;
    }
    yield piece;
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const REJECTED_PATHS: [kind: string, path: string][] = [
  ['a .. segment', '../secrets.txt'],
  ['a nested .. segment', 'a/../../b.txt'],
  ['a trailing .. segment', 'a/..'],
  ['a . segment', './a.txt'],
  ['an absolute path', '/etc/passwd'],
  ['an empty path', ''],
  ['an empty middle segment', 'a//b.txt'],
  ['a trailing slash', 'folder/'],
  ['a NUL byte', 'a\0b.txt'],
  ['a backslash', 'a\\..\\b.txt'],
  ['over 1024 bytes (ASCII)', 'x'.repeat(1025)],
  ['over 1024 bytes (only 513 characters)', 'é'.repeat(513)],
];

describe('assertSafeObjectPath / assertSafeBucketId', () => {
  it.each(REJECTED_PATHS)('rejects %s', (_kind, path) => {
    expect(() => assertSafeObjectPath(path)).toThrow(StorageError);
    try {
      assertSafeObjectPath(path);
    } catch (error) {
      expect((error as StorageError).code).toBe('INVALID_PATH');
    }
  });

  it('accepts unicode, spaces, dots inside names and exactly 1024 bytes', () => {
    for (const ok of [
      'a.txt',
      'Zoë Ångström/notes 📝.txt',
      '.hidden',
      'a/..b/c..',
      'x'.repeat(1024),
      'é'.repeat(512),
    ]) {
      expect(() => assertSafeObjectPath(ok)).not.toThrow();
    }
  });

  it('validates bucket ids', () => {
    for (const ok of ['ab', 'avatars', 'case-files_2024.v1', `a${'b'.repeat(62)}`]) {
      expect(() => assertSafeBucketId(ok)).not.toThrow();
    }
    for (const bad of ['', 'a', 'Avatars', '-x', '.meta', '../x', 'a/b', `a${'b'.repeat(63)}`]) {
      expect(() => assertSafeBucketId(bad)).toThrow(StorageError);
    }
  });

  it('orders names by code point (UTF-8 byte order)', () => {
    const names = ['b', 'a', 'Z', '\u{1F4DD}', '\uFF21', 'é'];
    expect([...names].sort(compareObjectNames)).toEqual(['Z', 'a', 'b', 'é', '\uFF21', '\u{1F4DD}']);
    const utf8Order = [...names].sort((x, y) => Buffer.compare(Buffer.from(x), Buffer.from(y)));
    expect([...names].sort(compareObjectNames)).toEqual(utf8Order);
  });
});

describe.each([localHarness(), s3Harness()])('$name storage driver', (harness) => {
  let driver: StorageDriver;
  let bucket = '';
  let bucketCount = 0;

  beforeAll(async () => {
    driver = await harness.start();
  });

  afterAll(async () => {
    await driver?.close();
    await harness.stop();
  });

  beforeEach(async () => {
    bucket = `bucket-${++bucketCount}`;
    await driver.createBucket(bucket);
  });

  const text = async (path: string): Promise<string> =>
    (await readAll((await driver.get(bucket, path)).body)).toString('utf8');

  describe('put / get / head', () => {
    it('round-trips binary bytes with content type and cache control', async () => {
      const bytes = Buffer.from(Array.from({ length: 1024 }, (_, i) => (i * 7) % 256));
      const before = Date.now();
      const put = await driver.put(bucket, 'scans/intake.bin', bytes, {
        contentType: 'application/pdf',
        cacheControl: 'max-age=60',
      });
      expect(put.size).toBe(1024);
      expect(put.etag).toBe(md5(bytes));

      const got = await driver.get(bucket, 'scans/intake.bin');
      expect(await readAll(got.body)).toEqual(bytes);
      expect(got.size).toBe(1024);
      expect(got.contentType).toBe('application/pdf');
      expect(got.cacheControl).toBe('max-age=60');
      expect(got.lastModified).toBeInstanceOf(Date);
      expect(Math.abs(got.lastModified.getTime() - before)).toBeLessThan(60_000);
    });

    it('round-trips a UTF-8 name with spaces and unicode', async () => {
      const path = 'dossiers/Zoë Ångström — notes 📝.txt';
      await driver.put(bucket, path, Buffer.from('Résumé: ça va ✓', 'utf8'), {
        contentType: 'text/plain; charset=utf-8',
      });
      expect(await text(path)).toBe('Résumé: ça va ✓');
      expect(await driver.head(bucket, path)).toMatchObject({
        size: Buffer.byteLength('Résumé: ça va ✓'),
        contentType: 'text/plain; charset=utf-8',
      });
      expect((await driver.list(bucket, { prefix: 'dossiers' })).map((e) => e.name)).toEqual([
        'Zoë Ångström — notes 📝.txt',
      ]);
    });

    it('applies default content type and cache control', async () => {
      await driver.put(bucket, 'plain', Buffer.from('x'));
      expect(await driver.head(bucket, 'plain')).toMatchObject({
        size: 1,
        contentType: 'application/octet-stream',
        cacheControl: 'no-cache',
      });
    });

    it('refuses to overwrite without upsert and leaves the object and the new body untouched', async () => {
      await driver.put(bucket, 'care-plan.txt', Buffer.from('original'));
      await expectStorageError(
        driver.put(bucket, 'care-plan.txt', Buffer.from('replacement')),
        'OBJECT_EXISTS',
      );
      const stream = Readable.from([Buffer.from('streamed replacement')]);
      await expectStorageError(
        driver.put(bucket, 'care-plan.txt', stream, { upsert: false }),
        'OBJECT_EXISTS',
      );
      expect(stream.readableDidRead).toBe(false);
      expect(await text('care-plan.txt')).toBe('original');
    });

    it('overwrites with upsert, replacing bytes and metadata', async () => {
      await driver.put(bucket, 'care-plan.txt', Buffer.from('version one'), { contentType: 'text/plain' });
      const put = await driver.put(bucket, 'care-plan.txt', Buffer.from('v2'), {
        upsert: true,
        contentType: 'text/markdown',
        cacheControl: 'private, max-age=5',
      });
      expect(put.size).toBe(2);
      expect(await text('care-plan.txt')).toBe('v2');
      expect(await driver.head(bucket, 'care-plan.txt')).toMatchObject({
        size: 2,
        contentType: 'text/markdown',
        cacheControl: 'private, max-age=5',
      });
    });

    it('upsert also creates a missing object', async () => {
      await driver.put(bucket, 'new/one.txt', Buffer.from('1'), { upsert: true });
      expect(await text('new/one.txt')).toBe('1');
    });

    it('head returns metadata, or null for a missing object or a folder', async () => {
      await driver.put(bucket, 'folder/file.json', Buffer.from('{"a":1}'), {
        contentType: 'application/json',
      });
      const info = await driver.head(bucket, 'folder/file.json');
      expect(info).toMatchObject({ size: 7, contentType: 'application/json', cacheControl: 'no-cache' });
      expect(info?.lastModified).toBeInstanceOf(Date);
      expect(info).not.toHaveProperty('body');
      expect(await driver.head(bucket, 'folder/missing.json')).toBeNull();
      expect(await driver.head(bucket, 'folder')).toBeNull();
    });

    it('get throws OBJECT_NOT_FOUND for a missing object or a folder', async () => {
      await driver.put(bucket, 'folder/file.txt', Buffer.from('x'));
      await expectStorageError(driver.get(bucket, 'nope.txt'), 'OBJECT_NOT_FOUND');
      await expectStorageError(driver.get(bucket, 'folder'), 'OBJECT_NOT_FOUND');
    });
  });

  describe('list', () => {
    it('defaults to 100 entries sorted by name ascending', async () => {
      const names = Array.from({ length: 105 }, (_, i) => `f-${String(i).padStart(3, '0')}.txt`);
      for (const name of [...names].reverse()) await driver.put(bucket, `many/${name}`, Buffer.from(name));
      const listed = await driver.list(bucket, { prefix: 'many' });
      expect(listed).toHaveLength(100);
      expect(listed.map((e) => e.name)).toEqual(names.slice(0, 100));
      expect(listed[0]).toMatchObject({
        name: 'f-000.txt',
        size: 9,
        isFolder: false,
        contentType: 'application/octet-stream',
      });
      expect((await driver.list(bucket, { prefix: 'many', offset: 100 })).map((e) => e.name)).toEqual(
        names.slice(100),
      );
    }, 60_000);

    it('lists direct children only: folders first, then objects, by code point', async () => {
      for (const path of [
        'b.txt',
        'a.txt',
        'Zeta.txt',
        'docs/x.txt',
        'docs/sub/y.txt',
        'photos/cover.png',
        'photos/2024/p.png',
      ]) {
        await driver.put(bucket, path, Buffer.from(path), {
          contentType: path.endsWith('.png') ? 'image/png' : 'text/plain',
        });
      }
      const root = await driver.list(bucket);
      expect(root.map((e) => [e.name, e.isFolder])).toEqual([
        ['docs', true],
        ['photos', true],
        ['Zeta.txt', false],
        ['a.txt', false],
        ['b.txt', false],
      ]);
      expect(root[0]).toEqual({
        name: 'docs',
        size: 0,
        contentType: null,
        lastModified: null,
        isFolder: true,
      });
      expect(root[2]).toMatchObject({
        name: 'Zeta.txt',
        size: 8,
        contentType: 'text/plain',
        isFolder: false,
      });
      expect(root[2]?.lastModified).toBeInstanceOf(Date);

      const docs = await driver.list(bucket, { prefix: 'docs' });
      expect(docs.map((e) => [e.name, e.isFolder])).toEqual([
        ['sub', true],
        ['x.txt', false],
      ]);
      expect(await driver.list(bucket, { prefix: 'docs/' })).toEqual(docs);
      expect((await driver.list(bucket, { prefix: 'docs/sub' })).map((e) => e.name)).toEqual(['y.txt']);
      expect((await driver.list(bucket, { prefix: 'photos' })).map((e) => [e.name, e.isFolder])).toEqual([
        ['2024', true],
        ['cover.png', false],
      ]);
      expect((await driver.list(bucket, { prefix: 'photos/2024' }))[0]).toMatchObject({
        name: 'p.png',
        contentType: 'image/png',
      });
      expect(await driver.list(bucket, { prefix: 'nowhere' })).toEqual([]);
      expect(await driver.list(bucket, { prefix: 'a.txt' })).toEqual([]);
    });

    it('applies limit, offset, sort order, sort column and search', async () => {
      await driver.put(bucket, 'a.txt', Buffer.from('aaa'));
      await driver.put(bucket, 'b.txt', Buffer.from('b'));
      await driver.put(bucket, 'c.txt', Buffer.from('cc'));
      await driver.put(bucket, 'f/inner.txt', Buffer.from('x'));
      await driver.put(bucket, 'g/inner.txt', Buffer.from('x'));
      const names = async (options: Parameters<StorageDriver['list']>[1]) =>
        (await driver.list(bucket, options)).map((e) => e.name);

      expect(await names({ sortBy: { column: 'name', order: 'desc' } })).toEqual([
        'g',
        'f',
        'c.txt',
        'b.txt',
        'a.txt',
      ]);
      expect(await names({ sortBy: { column: 'name', order: 'desc' }, limit: 2, offset: 1 })).toEqual([
        'f',
        'c.txt',
      ]);
      expect(await names({ limit: 2, offset: 3 })).toEqual(['b.txt', 'c.txt']);
      expect(await names({ limit: 0 })).toEqual([]);
      expect(await names({ offset: 10 })).toEqual([]);
      expect(await names({ sortBy: { column: 'size', order: 'asc' } })).toEqual([
        'f',
        'g',
        'b.txt',
        'c.txt',
        'a.txt',
      ]);
      expect(await names({ sortBy: { column: 'size', order: 'desc' } })).toEqual([
        'g',
        'f',
        'a.txt',
        'c.txt',
        'b.txt',
      ]);
      expect(await names({ sortBy: { column: 'size', order: 'desc' }, limit: 2, offset: 2 })).toEqual([
        'a.txt',
        'c.txt',
      ]);
      expect(await names({ search: 'B' })).toEqual(['b.txt']);
      expect(await names({ search: 'f' })).toEqual(['f']);
      await expect(driver.list(bucket, { limit: -1 })).rejects.toThrow(RangeError);
      await expect(driver.list(bucket, { offset: 1.5 })).rejects.toThrow(RangeError);
    });

    it('sorts by updated_at and created_at', async () => {
      await driver.put(bucket, 'z-older.txt', Buffer.from('1'));
      await sleep(1100); // s3rver's (and S3's) Last-Modified has one-second resolution
      await driver.put(bucket, 'a-newer.txt', Buffer.from('2'));
      const names = async (column: 'updated_at' | 'created_at', order: 'asc' | 'desc') =>
        (await driver.list(bucket, { sortBy: { column, order } })).map((e) => e.name);
      expect(await names('updated_at', 'asc')).toEqual(['z-older.txt', 'a-newer.txt']);
      expect(await names('updated_at', 'desc')).toEqual(['a-newer.txt', 'z-older.txt']);
      expect(await names('created_at', 'asc')).toEqual(['z-older.txt', 'a-newer.txt']);
      expect(await names('created_at', 'desc')).toEqual(['a-newer.txt', 'z-older.txt']);
    }, 10_000);

    it('lists a missing bucket as empty', async () => {
      expect(await driver.list('never-created')).toEqual([]);
    });
  });

  describe('copy / move / remove', () => {
    it('copies bytes and metadata, honouring upsert', async () => {
      await driver.put(bucket, 'reports/march.csv', Buffer.from('a,b\n1,2\n'), {
        contentType: 'text/csv',
        cacheControl: 'max-age=10',
      });
      await driver.copy(bucket, 'reports/march.csv', 'archive/march copy.csv');
      expect(await text('archive/march copy.csv')).toBe('a,b\n1,2\n');
      expect(await text('reports/march.csv')).toBe('a,b\n1,2\n');
      expect(await driver.head(bucket, 'archive/march copy.csv')).toMatchObject({
        size: 8,
        contentType: 'text/csv',
        cacheControl: 'max-age=10',
      });

      await driver.put(bucket, 'other.csv', Buffer.from('other'), { contentType: 'text/plain' });
      await expectStorageError(driver.copy(bucket, 'other.csv', 'archive/march copy.csv'), 'OBJECT_EXISTS');
      expect(await text('archive/march copy.csv')).toBe('a,b\n1,2\n');
      await driver.copy(bucket, 'other.csv', 'archive/march copy.csv', { upsert: true });
      expect(await text('archive/march copy.csv')).toBe('other');
      expect((await driver.head(bucket, 'archive/march copy.csv'))?.contentType).toBe('text/plain');

      await expectStorageError(driver.copy(bucket, 'missing.csv', 'x.csv'), 'OBJECT_NOT_FOUND');
      await expectStorageError(driver.copy(bucket, 'missing.csv', 'other.csv'), 'OBJECT_NOT_FOUND');
      await expectStorageError(driver.copy(bucket, 'other.csv', 'other.csv'), 'OBJECT_EXISTS');
      await driver.copy(bucket, 'other.csv', 'other.csv', { upsert: true });
      expect(await text('other.csv')).toBe('other');
    });

    it('moves objects (copy + delete), honouring upsert', async () => {
      await driver.put(bucket, 'inbox/referral ü.pdf', Buffer.from('pdf-bytes'), {
        contentType: 'application/pdf',
      });
      await driver.move(bucket, 'inbox/referral ü.pdf', 'clients/referral ü.pdf');
      expect(await driver.head(bucket, 'inbox/referral ü.pdf')).toBeNull();
      expect(await text('clients/referral ü.pdf')).toBe('pdf-bytes');
      expect((await driver.head(bucket, 'clients/referral ü.pdf'))?.contentType).toBe('application/pdf');
      // the emptied source folder disappears, as in S3
      expect((await driver.list(bucket)).map((e) => e.name)).toEqual(['clients']);

      await driver.put(bucket, 'draft.txt', Buffer.from('draft'));
      await driver.put(bucket, 'final.txt', Buffer.from('final'));
      await expectStorageError(driver.move(bucket, 'draft.txt', 'final.txt'), 'OBJECT_EXISTS');
      expect(await text('draft.txt')).toBe('draft');
      expect(await text('final.txt')).toBe('final');
      await driver.move(bucket, 'draft.txt', 'final.txt', { upsert: true });
      expect(await driver.head(bucket, 'draft.txt')).toBeNull();
      expect(await text('final.txt')).toBe('draft');

      await expectStorageError(driver.move(bucket, 'missing.txt', 'elsewhere.txt'), 'OBJECT_NOT_FOUND');
      await driver.move(bucket, 'final.txt', 'final.txt', { upsert: true });
      expect(await text('final.txt')).toBe('draft');
    });

    it('removes the existing objects and reports which', async () => {
      await driver.put(bucket, 'a.txt', Buffer.from('a'));
      await driver.put(bucket, 'b.txt', Buffer.from('b'));
      await driver.put(bucket, 'dir/c.txt', Buffer.from('c'));
      const removed = await driver.remove(bucket, ['a.txt', 'dir/c.txt', 'missing.txt', 'a.txt', 'dir']);
      expect(removed).toEqual(['a.txt', 'dir/c.txt']);
      expect(await driver.head(bucket, 'a.txt')).toBeNull();
      expect(await driver.head(bucket, 'dir/c.txt')).toBeNull();
      expect(await text('b.txt')).toBe('b');
      expect((await driver.list(bucket)).map((e) => e.name)).toEqual(['b.txt']);
      expect(await driver.remove(bucket, [])).toEqual([]);
      expect(await driver.remove(bucket, ['a.txt'])).toEqual([]);
    });
  });

  describe('buckets', () => {
    it('empties a bucket, counting the objects removed', async () => {
      for (const path of ['one.txt', 'nested/two.txt', 'nested/deeper/three.txt']) {
        await driver.put(bucket, path, Buffer.from(path));
      }
      expect(await driver.emptyBucket(bucket)).toBe(3);
      expect(await driver.list(bucket)).toEqual([]);
      expect(await driver.head(bucket, 'nested/two.txt')).toBeNull();
      // the bucket itself survives
      await driver.put(bucket, 'after.txt', Buffer.from('after'));
      expect(await text('after.txt')).toBe('after');
      expect(await driver.emptyBucket(bucket)).toBe(1);
      expect(await driver.emptyBucket(bucket)).toBe(0);
    });

    it('creates idempotently and deletes only empty buckets', async () => {
      await driver.createBucket(bucket);
      await driver.put(bucket, 'keep.txt', Buffer.from('k'));
      await expectStorageError(driver.deleteBucket(bucket), 'BUCKET_NOT_EMPTY');
      expect(await text('keep.txt')).toBe('k');
      await driver.emptyBucket(bucket);
      await driver.deleteBucket(bucket);
      await driver.deleteBucket(bucket);
      expect(await driver.list(bucket)).toEqual([]);
    });
  });

  describe('path safety', () => {
    it.each(REJECTED_PATHS)('rejects %s in every operation', async (_kind, path) => {
      await driver.put(bucket, 'ok.txt', Buffer.from('ok'));
      await expectStorageError(driver.put(bucket, path, Buffer.from('evil')), 'INVALID_PATH');
      await expectStorageError(
        driver.put(bucket, path, Buffer.from('evil'), { upsert: true }),
        'INVALID_PATH',
      );
      await expectStorageError(driver.get(bucket, path), 'INVALID_PATH');
      await expectStorageError(driver.head(bucket, path), 'INVALID_PATH');
      await expectStorageError(driver.remove(bucket, ['ok.txt', path]), 'INVALID_PATH');
      await expectStorageError(driver.copy(bucket, 'ok.txt', path), 'INVALID_PATH');
      await expectStorageError(driver.copy(bucket, path, 'ok2.txt'), 'INVALID_PATH');
      await expectStorageError(driver.move(bucket, 'ok.txt', path, { upsert: true }), 'INVALID_PATH');
      // nothing was written, moved or deleted
      expect((await driver.list(bucket)).map((e) => e.name)).toEqual(['ok.txt']);
    });

    it('rejects unsafe list prefixes and bucket ids', async () => {
      await expectStorageError(driver.list(bucket, { prefix: '../' }), 'INVALID_PATH');
      await expectStorageError(driver.list(bucket, { prefix: 'a//b' }), 'INVALID_PATH');
      await expectStorageError(driver.list(bucket, { prefix: '/etc' }), 'INVALID_PATH');
      for (const bad of ['..', '../etc', 'Upper', '.meta', 'a/b']) {
        await expectStorageError(driver.put(bad, 'x.txt', Buffer.from('x')), 'INVALID_PATH');
        await expectStorageError(driver.list(bad), 'INVALID_PATH');
        await expectStorageError(driver.createBucket(bad), 'INVALID_PATH');
        await expectStorageError(driver.emptyBucket(bad), 'INVALID_PATH');
      }
    });
  });

  describe('streaming', () => {
    const FIVE_MB = 5 * 1024 * 1024;
    const expectedSha = (() => {
      const hash = createHash('sha256');
      for (const piece of pseudoRandomChunks(FIVE_MB)) hash.update(piece);
      return hash.digest('hex');
    })();

    it.each([
      ['with a known length', true],
      ['with an unknown length', false],
    ])(
      'puts and gets a 5 MB stream %s',
      async (_label, known) => {
        const put = await driver.put(bucket, 'video/visit.bin', Readable.from(pseudoRandomChunks(FIVE_MB)), {
          contentType: 'video/mp4',
          ...(known ? { contentLength: FIVE_MB } : {}),
        });
        expect(put.size).toBe(FIVE_MB);

        const got = await driver.get(bucket, 'video/visit.bin');
        expect(got.size).toBe(FIVE_MB);
        expect(got.contentType).toBe('video/mp4');
        const hash = createHash('sha256');
        let received = 0;
        let chunks = 0;
        for await (const chunk of got.body) {
          hash.update(chunk as Buffer);
          received += (chunk as Buffer).length;
          chunks++;
        }
        expect(received).toBe(FIVE_MB);
        expect(chunks).toBeGreaterThan(1); // delivered as a stream, not one buffer
        expect(hash.digest('hex')).toBe(expectedSha);
      },
      60_000,
    );

    it('fails (never hangs) a put whose stream is shorter or longer than its declared length, storing nothing', async () => {
      await expect(
        driver.put(bucket, 'short.bin', Readable.from([Buffer.from('12345')]), { contentLength: 10 }),
      ).rejects.toThrow(/contentLength/);
      await expect(
        driver.put(bucket, 'long.bin', Readable.from([Buffer.from('12345')]), { contentLength: 3 }),
      ).rejects.toThrow(/contentLength/);
      if (!harness.keepsAbortedUploads) {
        expect(await driver.head(bucket, 'short.bin')).toBeNull();
        expect(await driver.head(bucket, 'long.bin')).toBeNull();
      }
    }, 30_000);

    it('fails a put whose stream errors, storing nothing', async () => {
      function* broken() {
        yield Buffer.alloc(64 * 1024, 1);
        throw new Error('client disconnected');
      }
      await expect(
        driver.put(bucket, 'broken.bin', Readable.from(broken()), { contentLength: 1024 * 1024 }),
      ).rejects.toThrow('client disconnected');
      await expect(driver.put(bucket, 'broken2.bin', Readable.from(broken()))).rejects.toThrow(
        'client disconnected',
      );
      if (!harness.keepsAbortedUploads) expect(await driver.head(bucket, 'broken.bin')).toBeNull();
      expect(await driver.head(bucket, 'broken2.bin')).toBeNull(); // buffered: failed before any request
    }, 30_000);
  });
});

describe('local driver on-disk layout', () => {
  let root = '';
  let driver: StorageDriver;

  beforeAll(async () => {
    root = await mkdtemp(join(tmpdir(), 'tend-storage-layout-'));
    driver = createLocalDriver({ rootDir: root });
    await driver.createBucket('files');
  });

  afterAll(async () => {
    await rm(root, { recursive: true, force: true });
  });

  it('stores bytes under <bucket>/<path> and metadata in .meta/<bucket>/<path>.json, leaving no temp files', async () => {
    const before = Date.now();
    await driver.put('files', 'docs/a b.txt', Buffer.from('hello'), {
      contentType: 'text/plain',
      cacheControl: 'max-age=1',
    });
    expect(await readFile(join(root, 'files', 'docs', 'a b.txt'), 'utf8')).toBe('hello');
    const meta = JSON.parse(
      await readFile(join(root, '.meta', 'files', 'docs', 'a b.txt.json'), 'utf8'),
    ) as Record<string, unknown>;
    expect(meta).toMatchObject({ contentType: 'text/plain', cacheControl: 'max-age=1', size: 5 });
    expect(Date.parse(meta.createdAt as string)).toBeGreaterThanOrEqual(before - 1000);
    expect(meta.updatedAt).toBe(meta.createdAt);

    await sleep(5);
    await driver.put('files', 'docs/a b.txt', Buffer.from('hello again'), { upsert: true });
    const updated = JSON.parse(
      await readFile(join(root, '.meta', 'files', 'docs', 'a b.txt.json'), 'utf8'),
    ) as Record<string, unknown>;
    expect(updated.createdAt).toBe(meta.createdAt); // upsert keeps the creation time
    expect(Date.parse(updated.updatedAt as string)).toBeGreaterThan(Date.parse(meta.createdAt as string));
    expect(updated.size).toBe(11);

    await driver.copy('files', 'docs/a b.txt', 'docs/c.txt');
    await driver.move('files', 'docs/c.txt', 'e/c.txt');
    await driver.remove('files', ['e/c.txt']);
    expect(await readdir(join(root, '.tmp'))).toEqual([]);
    await expect(stat(join(root, 'files', 'e'))).rejects.toThrow(/ENOENT/); // emptied folders are pruned
    await expect(stat(join(root, '.meta', 'files', 'e'))).rejects.toThrow(/ENOENT/);
  });

  it('lists a folder that holds only subfolders', async () => {
    // (not in the shared suite: s3rver omits such CommonPrefixes; real S3 returns them)
    await driver.put('files', 'deep/er/x.txt', Buffer.from('x'));
    expect((await driver.list('files')).find((e) => e.name === 'deep')).toMatchObject({ isFolder: true });
    expect((await driver.list('files', { prefix: 'deep' })).map((e) => e.name)).toEqual(['er']);
  });

  it('refuses names a filesystem cannot hold, with INVALID_PATH and no partial writes', async () => {
    await driver.put('files', 'clash', Buffer.from('object'));
    await expectStorageError(driver.put('files', 'clash/child.txt', Buffer.from('x')), 'INVALID_PATH');
    await driver.put('files', 'folder/child.txt', Buffer.from('x'));
    await expectStorageError(
      driver.put('files', 'folder', Buffer.from('x'), { upsert: true }),
      'INVALID_PATH',
    );
    await expectStorageError(driver.put('files', 'folder', Buffer.from('x')), 'INVALID_PATH');
    // object `m` has sidecar `m.json`, which a folder `m.json/` would need to be a directory
    await driver.put('files', 'm', Buffer.from('m'));
    await expectStorageError(driver.put('files', 'm.json/n', Buffer.from('n')), 'INVALID_PATH');
    expect(await driver.head('files', 'm.json/n')).toBeNull();
    expect(await readFile(join(root, 'files', 'm'), 'utf8')).toBe('m');
    expect(await driver.head('files', 'folder')).toBeNull();
    expect(await readdir(join(root, '.tmp'))).toEqual([]);
  });
});
