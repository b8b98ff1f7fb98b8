/**
 * The storage service through the real app (`createTestApp`), on both drivers: the local directory
 * and S3 (in-process s3rver). Authorization is the routes' job (storage.routes.test.ts).
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { ErrorCode } from '@tend/contracts';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import { auditEvents } from '../audit/audit.table.ts';
import type { Config } from '../config/config.ts';
import { AppError } from '../http/errors.ts';
import type { RequestContext } from '../http/context.ts';
import { createLocalDriver } from './local.driver.ts';
import { createStorageService, formatBytes, type StorageService } from './storage.service.ts';
import { readAll, startTestS3 } from './storage.test-support.ts';

/** Asserts `promise` rejects with an AppError of `code` (and, when given, a field error at `field`). */
async function expectAppError(promise: Promise<unknown>, code: ErrorCode, field?: string): Promise<AppError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error, `expected AppError ${code}`).toBeInstanceOf(AppError);
  const appError = error as AppError;
  expect(appError.code, appError.message).toBe(code);
  expect(appError.message.length).toBeGreaterThan(10);
  if (field) expect(appError.errors?.map((e) => e.path)).toContain(field);
  return appError;
}

function* chunks(total: number, size = 1000): Generator<Buffer> {
  for (let sent = 0; sent < total; sent += size) yield Buffer.alloc(Math.min(size, total - sent), sent % 251);
}

interface Harness {
  name: string;
  start: () => Promise<{ overrides: Partial<Config>; stop: () => Promise<void> }>;
}

const harnesses: Harness[] = [
  { name: 'local', start: () => Promise.resolve({ overrides: {}, stop: () => Promise.resolve() }) },
  {
    name: 's3',
    start: async () => {
      const s3 = await startTestS3();
      return { overrides: { storage: s3.storage }, stop: s3.stop };
    },
  },
];

describe.each(harnesses)('storage service on the $name driver', (harness) => {
  let t: TestApp;
  let stopDriver: () => Promise<void>;
  let storage: StorageService;
  let bucketCount = 0;
  let bucket = '';
  const ctx: RequestContext = {
    actor: null,
    requestId: `storage-service-${harness.name}`,
    ip: '127.0.0.1',
    userAgent: 'vitest',
  };

  beforeAll(async () => {
    const started = await harness.start();
    stopDriver = started.stop;
    t = await createTestApp(started.overrides);
    storage = t.app.deps.storage;
  });
  afterAll(async () => {
    await t?.close();
    await stopDriver?.();
  });
  beforeEach(async () => {
    bucket = `bucket-${++bucketCount}`;
    await storage.createBucket(ctx, { id: bucket });
  });

  const auditActions = async (entityId: string) =>
    (
      await t.database.db
        .select()
        .from(auditEvents)
        .where(and(eq(auditEvents.entityId, entityId), eq(auditEvents.requestId, ctx.requestId)))
    ).map((e) => e.action);
  const text = async (path: string, id = bucket) =>
    (await readAll((await storage.download(ctx, id, path)).body)).toString('utf8');

  describe('buckets', () => {
    it('creates the imports system bucket at start, idempotently', async () => {
      expect(await storage.getBucket(ctx, 'imports')).toMatchObject({
        id: 'imports',
        name: 'Imported files',
        public: false,
        fileSizeLimit: 200 * 1024 * 1024,
        allowedMimeTypes: expect.arrayContaining(['application/json', 'text/csv']),
      });
      await storage.updateBucket(ctx, 'imports', { name: 'Renamed by an admin' });
      const again = await storage.ensureBucket({ id: 'imports', name: 'Imported files' });
      expect(again.name).toBe('Renamed by an admin'); // an existing bucket is never overwritten
    });

    it('creates, reads, updates, lists, empties and deletes, auditing each change', async () => {
      const created = await storage.createBucket(ctx, {
        id: 'case-files',
        name: ' Case files ',
        fileSizeLimit: 1024,
        allowedMimeTypes: ['application/PDF', 'image/*', 'image/*'],
      });
      expect(created).toMatchObject({
        id: 'case-files',
        name: 'Case files',
        public: false,
        fileSizeLimit: 1024,
        allowedMimeTypes: ['application/pdf', 'image/*'],
      });
      expect(Date.parse(created.createdAt)).not.toBeNaN();
      expect(await storage.getBucket(ctx, 'case-files')).toEqual(created);
      expect((await storage.listBuckets(ctx)).map((b) => b.id)).toEqual(
        expect.arrayContaining(['case-files', 'imports']),
      );

      const updated = await storage.updateBucket(ctx, 'case-files', {
        public: true,
        fileSizeLimit: null,
        allowedMimeTypes: [],
      });
      expect(updated).toMatchObject({
        name: 'Case files',
        public: true,
        fileSizeLimit: null,
        allowedMimeTypes: null,
      });

      await storage.upload(ctx, {
        bucketId: 'case-files',
        path: 'a/one.pdf',
        body: Buffer.from('1'),
        contentType: 'application/pdf',
      });
      await storage.upload(ctx, {
        bucketId: 'case-files',
        path: 'two.pdf',
        body: Buffer.from('2'),
        contentType: 'application/pdf',
      });
      const notEmpty = await expectAppError(storage.deleteBucket(ctx, 'case-files'), 'CONFLICT');
      expect(notEmpty.message).toContain('bucket is not empty');
      expect((await storage.getBucket(ctx, 'case-files')).id).toBe('case-files'); // the row delete was rolled back
      expect(await text('two.pdf', 'case-files')).toBe('2');

      expect(await storage.emptyBucket(ctx, 'case-files')).toEqual({ removed: 2 });
      expect(await storage.list(ctx, 'case-files')).toEqual([]);
      await storage.deleteBucket(ctx, 'case-files');
      await expectAppError(storage.getBucket(ctx, 'case-files'), 'NOT_FOUND');
      await expectAppError(storage.deleteBucket(ctx, 'case-files'), 'NOT_FOUND');
      await expectAppError(storage.updateBucket(ctx, 'case-files', { public: false }), 'NOT_FOUND');
      await expectAppError(storage.emptyBucket(ctx, 'case-files'), 'NOT_FOUND');

      expect(await auditActions('case-files')).toEqual(
        expect.arrayContaining(['bucket.create', 'bucket.update', 'bucket.empty', 'bucket.delete']),
      );
      expect((await auditActions('case-files')).filter((a) => a === 'bucket.delete')).toHaveLength(1);
    });

    it('refuses duplicate, malformed and reserved ids and bad limits, naming the field', async () => {
      const duplicate = await expectAppError(storage.createBucket(ctx, { id: bucket }), 'CONFLICT');
      expect(duplicate.message).toContain(bucket);
      await expectAppError(storage.createBucket(ctx, { id: 'Bad/Id' }), 'VALIDATION_FAILED', 'id');
      await expectAppError(storage.createBucket(ctx, { id: 'x' }), 'VALIDATION_FAILED', 'id');
      const reserved = await expectAppError(
        storage.createBucket(ctx, { id: 'public' }),
        'VALIDATION_FAILED',
        'id',
      );
      expect(reserved.errors?.[0]?.message).toMatch(/reserved/);
      await expectAppError(
        storage.createBucket(ctx, { id: 'sized', fileSizeLimit: 0 }),
        'VALIDATION_FAILED',
        'fileSizeLimit',
      );
      await expectAppError(
        storage.createBucket(ctx, { id: 'typed', allowedMimeTypes: ['pdf'] }),
        'VALIDATION_FAILED',
        'allowedMimeTypes.0',
      );
      await expectAppError(storage.updateBucket(ctx, bucket, { name: '' }), 'VALIDATION_FAILED', 'name');
    });
  });

  describe('upload / download', () => {
    it('round-trips exact bytes from a Buffer and from a stream, with content type and the default cache control', async () => {
      const bytes = Buffer.from(Array.from({ length: 4096 }, (_, i) => (i * 31) % 256));
      expect(
        await storage.upload(ctx, {
          bucketId: bucket,
          path: 'scans/intake.bin',
          body: bytes,
          contentType: 'application/pdf',
        }),
      ).toEqual({
        bucketId: bucket,
        path: 'scans/intake.bin',
        size: 4096,
      });
      const got = await storage.download(ctx, bucket, 'scans/intake.bin');
      expect(await readAll(got.body)).toEqual(bytes);
      expect(got).toMatchObject({ size: 4096, contentType: 'application/pdf', cacheControl: 'max-age=3600' });

      const streamed = await storage.upload(ctx, {
        bucketId: bucket,
        path: 'Zoë Ångström/notes 📝.txt',
        body: Readable.from(chunks(2500)),
        contentType: 'text/plain; charset=utf-8',
        cacheControl: '60',
      });
      expect(streamed.size).toBe(2500);
      const info = await storage.info(ctx, bucket, 'Zoë Ångström/notes 📝.txt');
      expect(info).toMatchObject({
        bucketId: bucket,
        name: 'notes 📝.txt',
        size: 2500,
        contentType: 'text/plain; charset=utf-8',
        cacheControl: 'max-age=60',
      });
      expect(Date.parse(info.lastModified)).not.toBeNaN();
      expect(
        Buffer.concat([...chunks(2500)]).equals(
          await readAll((await storage.download(ctx, bucket, 'Zoë Ångström/notes 📝.txt')).body),
        ),
      ).toBe(true);

      await storage.upload(ctx, {
        bucketId: bucket,
        path: 'private.txt',
        body: Buffer.from('x'),
        contentType: 'text/plain',
        cacheControl: 'private, max-age=5',
      });
      expect((await storage.info(ctx, bucket, 'private.txt')).cacheControl).toBe('private, max-age=5');
      await expectAppError(
        storage.upload(ctx, {
          bucketId: bucket,
          path: 'bad-cache.txt',
          body: Buffer.from('x'),
          contentType: 'text/plain',
          cacheControl: 'max-age=1\r\nx: y',
        }),
        'VALIDATION_FAILED',
        'cacheControl',
      );

      expect(await auditActions(`${bucket}/scans/intake.bin`)).toEqual(
        expect.arrayContaining(['file.upload', 'file.read']),
      );
    });

    it('refuses to overwrite without upsert and replaces with upsert', async () => {
      await storage.upload(ctx, {
        bucketId: bucket,
        path: 'plan.txt',
        body: Buffer.from('original'),
        contentType: 'text/plain',
      });
      const stream = Readable.from([Buffer.from('streamed replacement')]);
      const conflict = await expectAppError(
        storage.upload(ctx, { bucketId: bucket, path: 'plan.txt', body: stream, contentType: 'text/plain' }),
        'CONFLICT',
      );
      expect(conflict.message).toContain('an object already exists at this path');
      expect(stream.destroyed).toBe(true); // the service disposes of a body it refused
      expect(await text('plan.txt')).toBe('original');
      await storage.upload(ctx, {
        bucketId: bucket,
        path: 'plan.txt',
        body: Buffer.from('v2'),
        contentType: 'text/markdown',
        upsert: true,
      });
      expect(await text('plan.txt')).toBe('v2');
      expect((await storage.info(ctx, bucket, 'plan.txt')).contentType).toBe('text/markdown');
    });

    it('enforces the size limit up front and while streaming, never leaving a partial object', async () => {
      await storage.updateBucket(ctx, bucket, { fileSizeLimit: 1000 });
      expect(
        (
          await storage.upload(ctx, {
            bucketId: bucket,
            path: 'exact.bin',
            body: Buffer.alloc(1000),
            contentType: 'application/octet-stream',
          })
        ).size,
      ).toBe(1000);

      const tooBig = await expectAppError(
        storage.upload(ctx, {
          bucketId: bucket,
          path: 'buffer.bin',
          body: Buffer.alloc(1001),
          contentType: 'application/octet-stream',
        }),
        'PAYLOAD_TOO_LARGE',
      );
      expect(tooBig.message).toContain('1000 bytes');

      const declared = Readable.from(chunks(5000));
      await expectAppError(
        storage.upload(ctx, {
          bucketId: bucket,
          path: 'declared.bin',
          body: declared,
          size: 5000,
          contentType: 'application/octet-stream',
        }),
        'PAYLOAD_TOO_LARGE',
      );
      expect(declared.readableDidRead).toBe(false); // refused before reading a byte

      await expectAppError(
        storage.upload(ctx, {
          bucketId: bucket,
          path: 'streamed.bin',
          body: Readable.from(chunks(5000)),
          contentType: 'application/octet-stream',
        }),
        'PAYLOAD_TOO_LARGE',
      );
      await storage.upload(ctx, {
        bucketId: bucket,
        path: 'kept.bin',
        body: Buffer.from('keep me'),
        contentType: 'text/plain',
      });
      await expectAppError(
        storage.upload(ctx, {
          bucketId: bucket,
          path: 'kept.bin',
          body: Readable.from(chunks(5000)),
          contentType: 'text/plain',
          upsert: true,
        }),
        'PAYLOAD_TOO_LARGE',
      );
      expect(await text('kept.bin')).toBe('keep me');
      for (const path of ['buffer.bin', 'declared.bin', 'streamed.bin']) {
        await expectAppError(storage.info(ctx, bucket, path), 'NOT_FOUND');
      }
      expect((await storage.list(ctx, bucket)).map((e) => e.name)).toEqual(['exact.bin', 'kept.bin']);
    });

    it('accepts only the allowed MIME types (wildcards, parameters and case ignored)', async () => {
      await storage.updateBucket(ctx, bucket, { allowedMimeTypes: ['image/*', 'application/pdf'] });
      for (const [path, type] of [
        ['a.png', 'image/png'],
        ['b.jpg', 'IMAGE/JPEG'],
        ['c.pdf', 'application/pdf; charset=binary'],
      ] as const) {
        await storage.upload(ctx, { bucketId: bucket, path, body: Buffer.from('x'), contentType: type });
      }
      const refused = await expectAppError(
        storage.upload(ctx, {
          bucketId: bucket,
          path: 'page.html',
          body: Readable.from([Buffer.from('<script>')]),
          contentType: 'text/html',
        }),
        'UNSUPPORTED_MEDIA_TYPE',
      );
      expect(refused.message).toContain('text/html');
      expect(refused.message).toContain('image/*');
      await expectAppError(
        storage.upload(ctx, {
          bucketId: bucket,
          path: 'x.bin',
          body: Buffer.from('x'),
          contentType: 'nonsense',
        }),
        'VALIDATION_FAILED',
        'contentType',
      );
      await expectAppError(storage.info(ctx, bucket, 'page.html'), 'NOT_FOUND');
    });

    it('reports unknown buckets and objects as NOT_FOUND and unsafe paths as VALIDATION_FAILED naming the field', async () => {
      const body = Readable.from([Buffer.from('x')]);
      await expectAppError(
        storage.upload(ctx, { bucketId: 'no-such-bucket', path: 'a.txt', body, contentType: 'text/plain' }),
        'NOT_FOUND',
      );
      expect(body.destroyed).toBe(true);
      await expectAppError(storage.download(ctx, bucket, 'missing.txt'), 'NOT_FOUND');
      await expectAppError(storage.download(ctx, 'no-such-bucket', 'a.txt'), 'NOT_FOUND');
      for (const bad of ['../secrets.txt', '/etc/passwd', 'a//b', 'a\\..\\b', '']) {
        const error = await expectAppError(
          storage.upload(ctx, {
            bucketId: bucket,
            path: bad,
            body: Buffer.from('x'),
            contentType: 'text/plain',
          }),
          'VALIDATION_FAILED',
          'path',
        );
        expect(error.errors?.[0]?.message).toMatch(/^is not a valid object path: /);
        await expectAppError(storage.download(ctx, bucket, bad), 'VALIDATION_FAILED', 'path');
      }
      await expectAppError(storage.list(ctx, bucket, { prefix: '../' }), 'VALIDATION_FAILED', 'prefix');
      await expectAppError(storage.list(ctx, bucket, { limit: 0 }), 'VALIDATION_FAILED', 'limit');
      await expectAppError(
        storage.move(ctx, bucket, 'a.txt', '../b.txt'),
        'VALIDATION_FAILED',
        'destinationKey',
      );
      await expectAppError(storage.copy(ctx, bucket, '../a.txt', 'b.txt'), 'VALIDATION_FAILED', 'sourceKey');
      await expectAppError(
        storage.remove(ctx, bucket, ['ok.txt', '../x']),
        'VALIDATION_FAILED',
        'prefixes.1',
      );
    });
  });

  describe('list / move / copy / remove', () => {
    it('lists 100 entries by name ascending by default, then pages, folders first', async () => {
      const names = Array.from({ length: 105 }, (_, i) => `f-${String(i).padStart(3, '0')}.txt`);
      for (const name of [...names].reverse()) {
        await storage.upload(ctx, {
          bucketId: bucket,
          path: `many/${name}`,
          body: Buffer.from(name),
          contentType: 'text/plain',
        });
      }
      await storage.upload(ctx, {
        bucketId: bucket,
        path: 'many/sub/inner.txt',
        body: Buffer.from('x'),
        contentType: 'text/plain',
      });
      const first = await storage.list(ctx, bucket, { prefix: 'many' });
      expect(first).toHaveLength(100);
      expect(first[0]).toEqual({
        name: 'sub',
        isFolder: true,
        size: 0,
        contentType: null,
        lastModified: null,
      });
      expect(first.slice(1).map((e) => e.name)).toEqual(names.slice(0, 99));
      expect(first[1]).toMatchObject({ isFolder: false, size: 9, contentType: 'text/plain' });
      expect(Date.parse(first[1]?.lastModified ?? '')).not.toBeNaN();
      expect((await storage.list(ctx, bucket, { prefix: 'many/', offset: 100 })).map((e) => e.name)).toEqual(
        names.slice(99),
      );
      expect(
        (
          await storage.list(ctx, bucket, { prefix: 'many', limit: 2, offset: 1, sortBy: { order: 'desc' } })
        ).map((e) => e.name),
      ).toEqual(['f-104.txt', 'f-103.txt']);
      expect(
        (await storage.list(ctx, bucket, { prefix: 'many', search: 'F-10' })).map((e) => e.name),
      ).toEqual(names.slice(100));
      expect(await storage.list(ctx, bucket)).toEqual([
        { name: 'many', isFolder: true, size: 0, contentType: null, lastModified: null },
      ]);
      expect(await auditActions(bucket)).toContain('file.list');
    }, 60_000);

    it('moves, copies and removes, honouring upsert', async () => {
      await storage.upload(ctx, {
        bucketId: bucket,
        path: 'inbox/referral.pdf',
        body: Buffer.from('pdf'),
        contentType: 'application/pdf',
      });
      await storage.upload(ctx, {
        bucketId: bucket,
        path: 'final.txt',
        body: Buffer.from('final'),
        contentType: 'text/plain',
      });

      await storage.copy(ctx, bucket, 'inbox/referral.pdf', 'archive/referral.pdf');
      expect(await text('archive/referral.pdf')).toBe('pdf');
      expect((await storage.info(ctx, bucket, 'archive/referral.pdf')).contentType).toBe('application/pdf');
      await storage.move(ctx, bucket, 'inbox/referral.pdf', 'clients/referral.pdf');
      await expectAppError(storage.info(ctx, bucket, 'inbox/referral.pdf'), 'NOT_FOUND');
      expect(await text('clients/referral.pdf')).toBe('pdf');

      const conflict = await expectAppError(
        storage.move(ctx, bucket, 'clients/referral.pdf', 'final.txt'),
        'CONFLICT',
      );
      expect(conflict.message).toContain('final.txt');
      await expectAppError(storage.copy(ctx, bucket, 'clients/referral.pdf', 'final.txt'), 'CONFLICT');
      await expectAppError(storage.move(ctx, bucket, 'missing.pdf', 'x.pdf'), 'NOT_FOUND');
      await expectAppError(storage.copy(ctx, 'no-such-bucket', 'a', 'b'), 'NOT_FOUND');
      await storage.move(ctx, bucket, 'clients/referral.pdf', 'final.txt', { upsert: true });
      expect(await text('final.txt')).toBe('pdf');

      expect(
        await storage.remove(ctx, bucket, ['final.txt', 'missing.txt', 'final.txt', 'archive/referral.pdf']),
      ).toEqual(['final.txt', 'archive/referral.pdf']);
      expect(await storage.list(ctx, bucket)).toEqual([]);
      expect(await auditActions(`${bucket}/final.txt`)).toEqual(
        expect.arrayContaining(['file.upload', 'file.move', 'file.delete']),
      );
      expect(await auditActions(`${bucket}/archive/referral.pdf`)).toEqual(
        expect.arrayContaining(['file.copy', 'file.delete']),
      );
    });
  });

  describe('signed URLs and public buckets', () => {
    it('signs a URL for one object and verifies its token until expiry', async () => {
      await storage.upload(ctx, {
        bucketId: bucket,
        path: 'reports/march 2024#1.pdf',
        body: Buffer.from('r'),
        contentType: 'application/pdf',
      });
      const before = Date.now();
      const signed = await storage.createSignedUrl(ctx, bucket, 'reports/march 2024#1.pdf', 60);
      expect(signed.signedUrl).toMatch(
        new RegExp(
          `^/api/storage/object/sign/${bucket}/reports/march%202024%231\\.pdf\\?token=\\d+\\.[\\w-]{43}$`,
        ),
      );
      expect(Date.parse(signed.expiresAt)).toBeGreaterThanOrEqual(Math.floor(before / 1000) * 1000 + 59_000);
      expect(Date.parse(signed.expiresAt)).toBeLessThanOrEqual(before + 61_000);
      const token = new URL(signed.signedUrl, 'http://x').searchParams.get('token') as string;

      expect(storage.verifySignedToken(bucket, 'reports/march 2024#1.pdf', token).toISOString()).toBe(
        signed.expiresAt,
      );
      const got = await storage.downloadSigned(ctx, bucket, 'reports/march 2024#1.pdf', token);
      expect((await readAll(got.body)).toString()).toBe('r');

      // bound to bucket and path, unforgeable, tamper-evident
      expect(() => storage.verifySignedToken(bucket, 'reports/other.pdf', token)).toThrow(/invalid/);
      expect(() => storage.verifySignedToken('imports', 'reports/march 2024#1.pdf', token)).toThrow(
        /invalid/,
      );
      const [exp, mac] = token.split('.') as [string, string];
      expect(() =>
        storage.verifySignedToken(bucket, 'reports/march 2024#1.pdf', `${Number(exp) + 3600}.${mac}`),
      ).toThrow(/invalid/);
      const flipped = `${exp}.${mac[0] === 'A' ? 'B' : 'A'}${mac.slice(1)}`;
      expect(() => storage.verifySignedToken(bucket, 'reports/march 2024#1.pdf', flipped)).toThrow(/invalid/);
      expect(() => storage.verifySignedToken(bucket, 'reports/march 2024#1.pdf', 'garbage')).toThrow(
        /invalid/,
      );

      const dir = await mkdtemp(join(tmpdir(), 'tend-sign-'));
      try {
        const later = createStorageService({
          db: t.database.db,
          driver: createLocalDriver({ rootDir: dir }),
          secret: t.config.authSecret,
          now: () => new Date(Date.now() + 61_000),
        });
        let expired: unknown;
        try {
          later.verifySignedToken(bucket, 'reports/march 2024#1.pdf', token);
        } catch (error) {
          expired = error;
        }
        expect(expired).toBeInstanceOf(AppError);
        expect((expired as AppError).code).toBe('FORBIDDEN');
        expect((expired as AppError).message).toContain('expired');
        const otherSecret = createStorageService({
          db: t.database.db,
          driver: createLocalDriver({ rootDir: dir }),
          secret: 'another-secret-that-is-32-characters-long',
        });
        expect(() => otherSecret.verifySignedToken(bucket, 'reports/march 2024#1.pdf', token)).toThrow(
          /invalid/,
        );
      } finally {
        await rm(dir, { recursive: true, force: true });
      }

      await expectAppError(storage.createSignedUrl(ctx, bucket, 'missing.pdf', 60), 'NOT_FOUND');
      await expectAppError(
        storage.createSignedUrl(ctx, bucket, 'reports/march 2024#1.pdf', 0),
        'VALIDATION_FAILED',
        'expiresIn',
      );
      await expectAppError(
        storage.createSignedUrl(ctx, bucket, 'reports/march 2024#1.pdf', 8 * 24 * 3600),
        'VALIDATION_FAILED',
        'expiresIn',
      );
      expect(await auditActions(`${bucket}/reports/march 2024#1.pdf`)).toEqual(
        expect.arrayContaining(['file.sign', 'file.read']),
      );
    });

    it('serves public buckets only through downloadPublic', async () => {
      await storage.upload(ctx, {
        bucketId: bucket,
        path: 'logo.png',
        body: Buffer.from('png'),
        contentType: 'image/png',
      });
      await expectAppError(storage.downloadPublic(ctx, bucket, 'logo.png'), 'NOT_FOUND');
      await storage.updateBucket(ctx, bucket, { public: true });
      expect((await readAll((await storage.downloadPublic(ctx, bucket, 'logo.png')).body)).toString()).toBe(
        'png',
      );
      await expectAppError(storage.downloadPublic(ctx, bucket, 'missing.png'), 'NOT_FOUND');
    });
  });
});

describe('formatBytes', () => {
  it('formats byte counts for messages', () => {
    expect(formatBytes(0)).toBe('0 bytes');
    expect(formatBytes(1000)).toBe('1000 bytes');
    expect(formatBytes(1536)).toBe('1.5 KiB (1536 bytes)');
    expect(formatBytes(200 * 1024 * 1024)).toBe('200 MiB (209715200 bytes)');
  });
});
