/**
 * Storage routes through `buildApp` + `app.inject`: bucket CRUD, multipart upload and streamed
 * download, list/move/copy/remove, signed and public reads, limits, access control and audit. Most
 * cases run on the local driver; a final block repeats the byte paths on S3 (in-process s3rver).
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_ORIGIN, as, createTestApp, signInAs, type TestApp } from '../../../test/helpers.ts';
import { AppError } from '../http/errors.ts';
import { createLocalDriver } from './local.driver.ts';
import { failWhenTruncated } from './storage.routes.ts';
import { createStorageService } from './storage.service.ts';
import { fileUpload, multipartBody } from '../../../test/multipart.ts';
import { readAll, startTestS3, type TestS3 } from './storage.test-support.ts';

type Client = ReturnType<typeof as>;

const encodePath = (path: string) => path.split('/').map(encodeURIComponent).join('/');

/** Multipart upload of `data` to `bucket/path`. */
function upload(
  client: Client,
  bucket: string,
  path: string,
  data: Buffer | string,
  contentType = 'text/plain',
  headers: Record<string, string> = {},
) {
  const body = fileUpload(data, contentType);
  return client({
    method: 'POST',
    url: `/api/storage/object/${bucket}/${encodePath(path)}`,
    payload: body.payload,
    headers: { ...body.headers, ...headers },
  });
}

function binary(size: number): Buffer {
  return Buffer.from(Array.from({ length: size }, (_, i) => (i * 131 + 7) % 256));
}

describe('storage routes (local driver)', () => {
  let t: TestApp;
  let admin: Client;
  let caregiver: Client;
  let anonymous: Client;

  beforeAll(async () => {
    t = await createTestApp();
    admin = as(t, (await signInAs(t, 'ADMIN')).cookie);
    caregiver = as(t, (await signInAs(t, 'CAREGIVER')).cookie);
    anonymous = as(t, null);
  });
  afterAll(() => t.close());

  const createBucket = async (body: Record<string, unknown>) => {
    const response = await admin({ method: 'POST', url: '/api/storage/buckets', payload: body });
    expect(response.statusCode, response.body).toBe(201);
    return response.json();
  };

  describe('access control', () => {
    const upload401 = fileUpload('x');
    const adminRoutes: [string, InjectOptions][] = [
      ['list buckets', { method: 'GET', url: '/api/storage/buckets' }],
      ['create bucket', { method: 'POST', url: '/api/storage/buckets', payload: { id: 'sneaky' } }],
      ['get bucket', { method: 'GET', url: '/api/storage/buckets/imports' }],
      ['update bucket', { method: 'PUT', url: '/api/storage/buckets/imports', payload: { public: true } }],
      ['delete bucket', { method: 'DELETE', url: '/api/storage/buckets/imports' }],
      ['empty bucket', { method: 'POST', url: '/api/storage/buckets/imports/empty' }],
      [
        'upload',
        {
          method: 'POST',
          url: '/api/storage/object/imports/a.txt',
          payload: upload401.payload,
          headers: upload401.headers,
        },
      ],
      ['download', { method: 'GET', url: '/api/storage/object/imports/a.txt' }],
      ['info', { method: 'GET', url: '/api/storage/object/info/imports/a.txt' }],
      ['list', { method: 'POST', url: '/api/storage/object/list/imports', payload: {} }],
      [
        'move',
        {
          method: 'POST',
          url: '/api/storage/object/move',
          payload: { bucketId: 'imports', sourceKey: 'a.txt', destinationKey: 'b.txt' },
        },
      ],
      [
        'copy',
        {
          method: 'POST',
          url: '/api/storage/object/copy',
          payload: { bucketId: 'imports', sourceKey: 'a.txt', destinationKey: 'b.txt' },
        },
      ],
      ['remove', { method: 'DELETE', url: '/api/storage/object/imports', payload: { prefixes: ['a.txt'] } }],
      ['sign', { method: 'POST', url: '/api/storage/object/sign/imports/a.txt', payload: { expiresIn: 60 } }],
    ];

    beforeAll(async () => {
      expect((await upload(admin, 'imports', 'a.txt', 'keep')).statusCode).toBe(201);
    });

    it.each(adminRoutes)('%s: 401 without a session, 403 for a caregiver', async (_name, request) => {
      const unauthenticated = await anonymous(request);
      expect(unauthenticated.statusCode, unauthenticated.body).toBe(401);
      expect(unauthenticated.json().code).toBe('UNAUTHENTICATED');
      const forbidden = await caregiver(request);
      expect(forbidden.statusCode, forbidden.body).toBe(403);
      expect(forbidden.headers['content-type']).toContain('application/problem+json');
      expect(forbidden.json().code).toBe('FORBIDDEN');
    });

    it('left everything as it was and audited the denials', async () => {
      const bucket = await admin({ method: 'GET', url: '/api/storage/buckets/imports' });
      expect(bucket.json()).toMatchObject({ id: 'imports', public: false });
      const object = await admin({ method: 'GET', url: '/api/storage/object/imports/a.txt' });
      expect(object.body).toBe('keep');
      expect((await admin({ method: 'GET', url: '/api/storage/buckets/sneaky' })).statusCode).toBe(404);
      const denied = await admin({
        method: 'GET',
        url: '/api/audit-events?action=access.denied&entityType=storage_object',
      });
      expect(denied.json().total).toBeGreaterThanOrEqual(8);
    });
  });

  describe('buckets', () => {
    it('creates, reads, lists, updates, empties and deletes', async () => {
      const created = await createBucket({
        id: 'team-docs',
        name: 'Team documents',
        fileSizeLimit: 1_048_576,
        allowedMimeTypes: ['application/pdf', 'image/*'],
      });
      expect(created).toMatchObject({
        id: 'team-docs',
        name: 'Team documents',
        public: false,
        fileSizeLimit: 1_048_576,
        allowedMimeTypes: ['application/pdf', 'image/*'],
      });
      const duplicate = await admin({
        method: 'POST',
        url: '/api/storage/buckets',
        payload: { id: 'team-docs' },
      });
      expect(duplicate.statusCode).toBe(409);
      expect(duplicate.json().code).toBe('CONFLICT');

      const list = await admin({ method: 'GET', url: '/api/storage/buckets' });
      expect(list.json().items.map((b: { id: string }) => b.id)).toEqual(
        expect.arrayContaining(['imports', 'team-docs']),
      );
      expect((await admin({ method: 'GET', url: '/api/storage/buckets/team-docs' })).json()).toEqual(created);

      const updated = await admin({
        method: 'PUT',
        url: '/api/storage/buckets/team-docs',
        payload: { public: true, allowedMimeTypes: null },
      });
      expect(updated.statusCode).toBe(200);
      expect(updated.json()).toMatchObject({
        public: true,
        allowedMimeTypes: null,
        fileSizeLimit: 1_048_576,
        name: 'Team documents',
      });

      expect((await upload(admin, 'team-docs', 'a.txt', 'a')).statusCode).toBe(201);
      const notEmpty = await admin({ method: 'DELETE', url: '/api/storage/buckets/team-docs' });
      expect(notEmpty.statusCode).toBe(409);
      expect(notEmpty.json().detail).toContain('bucket is not empty');
      const emptied = await admin({ method: 'POST', url: '/api/storage/buckets/team-docs/empty' });
      expect(emptied.json()).toEqual({ removed: 1 });
      const deleted = await admin({ method: 'DELETE', url: '/api/storage/buckets/team-docs' });
      expect(deleted.statusCode).toBe(204);
      expect(deleted.body).toBe('');
      expect((await admin({ method: 'GET', url: '/api/storage/buckets/team-docs' })).statusCode).toBe(404);
      expect((await admin({ method: 'POST', url: '/api/storage/buckets/team-docs/empty' })).statusCode).toBe(
        404,
      );

      const audit = await admin({
        method: 'GET',
        url: '/api/audit-events?entityType=storage_bucket&entityId=team-docs&pageSize=50',
      });
      expect(audit.json().items.map((e: { action: string }) => e.action)).toEqual(
        expect.arrayContaining(['bucket.create', 'bucket.update', 'bucket.empty', 'bucket.delete']),
      );
    });

    it('rejects invalid bucket input with 400 naming the field', async () => {
      for (const [payload, field] of [
        [{ id: 'Has Spaces' }, 'id'],
        [{ id: 'info' }, 'id'],
        [{ id: 'ok-id', fileSizeLimit: -1 }, 'fileSizeLimit'],
        [{ id: 'ok-id', allowedMimeTypes: ['not a type'] }, 'allowedMimeTypes.0'],
        [{ id: 'ok-id', public: 'yes' }, 'public'],
      ] as const) {
        const response = await admin({ method: 'POST', url: '/api/storage/buckets', payload });
        expect(response.statusCode, JSON.stringify(payload)).toBe(400);
        expect(response.json().code).toBe('VALIDATION_FAILED');
        expect(response.json().errors.map((e: { path: string }) => e.path)).toContain(field);
      }
    });
  });

  describe('objects', () => {
    beforeAll(async () => {
      await createBucket({ id: 'docs' });
    });

    it('uploads and downloads exact bytes with content type, length and the default cache control, audited', async () => {
      const bytes = binary(70_000);
      const uploaded = await upload(admin, 'docs', 'scans/intake form.pdf', bytes, 'application/pdf');
      expect(uploaded.statusCode, uploaded.body).toBe(201);
      expect(uploaded.json()).toEqual({ bucketId: 'docs', path: 'scans/intake form.pdf', size: 70_000 });

      const downloaded = await admin({
        method: 'GET',
        url: '/api/storage/object/docs/scans/intake%20form.pdf',
      });
      expect(downloaded.statusCode).toBe(200);
      expect(downloaded.rawPayload.equals(bytes)).toBe(true);
      expect(downloaded.headers['content-type']).toBe('application/pdf');
      expect(downloaded.headers['content-length']).toBe('70000');
      expect(downloaded.headers['cache-control']).toBe('private, max-age=3600');
      expect(downloaded.headers['content-disposition']).toBe(
        `inline; filename="intake form.pdf"; filename*=UTF-8''intake%20form.pdf`,
      );
      expect(downloaded.headers['content-security-policy']).toContain('sandbox');
      expect(downloaded.headers['x-content-type-options']).toBe('nosniff');
      expect(Date.parse(downloaded.headers['last-modified'] as string)).not.toBeNaN();

      const attachment = await admin({
        method: 'GET',
        url: '/api/storage/object/docs/scans/intake%20form.pdf?download=Fiche%20%C3%A9t%C3%A9.pdf',
      });
      expect(attachment.headers['content-disposition']).toBe(
        `attachment; filename="Fiche _t_.pdf"; filename*=UTF-8''Fiche%20%C3%A9t%C3%A9.pdf`,
      );

      const info = await admin({
        method: 'GET',
        url: '/api/storage/object/info/docs/scans/intake%20form.pdf',
      });
      expect(info.json()).toMatchObject({
        bucketId: 'docs',
        path: 'scans/intake form.pdf',
        name: 'intake form.pdf',
        size: 70_000,
        contentType: 'application/pdf',
        cacheControl: 'max-age=3600',
      });

      const uploads = await admin({
        method: 'GET',
        url: `/api/audit-events?action=file.upload&entityId=${encodeURIComponent('docs/scans/intake form.pdf')}`,
      });
      expect(uploads.json().total).toBe(1);
      expect(uploads.json().items[0]).toMatchObject({
        entityType: 'storage_object',
        actorEmail: expect.stringContaining('admin'),
        details: { bucketId: 'docs', size: 70_000 },
      });
      const reads = await admin({
        method: 'GET',
        url: `/api/audit-events?action=file.read&entityId=${encodeURIComponent('docs/scans/intake form.pdf')}`,
      });
      expect(reads.json().total).toBeGreaterThanOrEqual(3);
    });

    it('serves byte ranges: 206 with content-range, 416 past the end, the whole object otherwise', async () => {
      const bytes = binary(10_000);
      expect((await upload(admin, 'docs', 'ranges/plan.pdf', bytes, 'application/pdf')).statusCode).toBe(201);
      const url = '/api/storage/object/docs/ranges/plan.pdf';
      const whole = await admin({ method: 'GET', url });
      expect(whole.statusCode).toBe(200);
      expect(whole.headers['accept-ranges']).toBe('bytes');
      const part = await admin({ method: 'GET', url, headers: { range: 'bytes=100-199' } });
      expect(part.statusCode).toBe(206);
      expect(part.headers['content-range']).toBe('bytes 100-199/10000');
      expect(part.headers['content-length']).toBe('100');
      expect(part.rawPayload.equals(bytes.subarray(100, 200))).toBe(true);
      const suffix = await admin({ method: 'GET', url, headers: { range: 'bytes=-16' } });
      expect(suffix.rawPayload.equals(bytes.subarray(10_000 - 16))).toBe(true);
      const past = await admin({ method: 'GET', url, headers: { range: 'bytes=10000-' } });
      expect(past.statusCode).toBe(416);
      expect(past.headers['content-range']).toBe('bytes */10000');
      const several = await admin({ method: 'GET', url, headers: { range: 'bytes=0-1,5-9' } });
      expect(several.statusCode).toBe(200);
      expect(several.rawPayload.equals(bytes)).toBe(true);
    });

    it('honours the cache-control header and the cacheControl form field', async () => {
      expect(
        (await upload(admin, 'docs', 'cache/header.txt', 'h', 'text/plain', { 'cache-control': '60' }))
          .statusCode,
      ).toBe(201);
      const viaField = multipartBody([
        { name: 'cacheControl', data: '120' },
        { name: 'file', filename: 'f.txt', contentType: 'text/plain', data: 'f' },
      ]);
      const fieldResponse = await admin({
        method: 'POST',
        url: '/api/storage/object/docs/cache/field.txt',
        payload: viaField.payload,
        headers: viaField.headers,
      });
      expect(fieldResponse.statusCode, fieldResponse.body).toBe(201);
      expect(
        (await admin({ method: 'GET', url: '/api/storage/object/docs/cache/header.txt' })).headers[
          'cache-control'
        ],
      ).toBe('private, max-age=60');
      expect(
        (await admin({ method: 'GET', url: '/api/storage/object/docs/cache/field.txt' })).headers[
          'cache-control'
        ],
      ).toBe('private, max-age=120');
      const bad = await upload(admin, 'docs', 'cache/bad.txt', 'b', 'text/plain', {
        'cache-control': 'max-age=<script>',
      });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().errors[0].path).toBe('cacheControl');
    });

    it('refuses to overwrite without x-upsert (409) and replaces with x-upsert: true', async () => {
      expect((await upload(admin, 'docs', 'plan.txt', 'original')).statusCode).toBe(201);
      const conflict = await upload(admin, 'docs', 'plan.txt', 'replacement');
      expect(conflict.statusCode).toBe(409);
      expect(conflict.json()).toMatchObject({
        code: 'CONFLICT',
        detail: expect.stringContaining('an object already exists at this path'),
      });
      expect((await admin({ method: 'GET', url: '/api/storage/object/docs/plan.txt' })).body).toBe(
        'original',
      );
      const replaced = await upload(admin, 'docs', 'plan.txt', 'replacement', 'text/markdown', {
        'x-upsert': 'true',
      });
      expect(replaced.statusCode).toBe(201);
      const after = await admin({ method: 'GET', url: '/api/storage/object/docs/plan.txt' });
      expect(after.body).toBe('replacement');
      expect(after.headers['content-type']).toBe('text/markdown');
      expect(
        (await upload(admin, 'docs', 'plan.txt', 'x', 'text/plain', { 'x-upsert': 'yes' })).statusCode,
      ).toBe(400);
    });

    it('refuses an upload over the bucket limit with 413 and keeps nothing', async () => {
      await createBucket({ id: 'small', fileSizeLimit: 1000 });
      expect(
        (await upload(admin, 'small', 'fits.bin', binary(1000), 'application/octet-stream')).statusCode,
      ).toBe(201);
      const tooBig = await upload(admin, 'small', 'big.bin', binary(50_000), 'application/octet-stream');
      expect(tooBig.statusCode).toBe(413);
      expect(tooBig.json()).toMatchObject({
        code: 'PAYLOAD_TOO_LARGE',
        detail: expect.stringContaining('1000 bytes'),
      });
      expect((await admin({ method: 'GET', url: '/api/storage/object/info/small/big.bin' })).statusCode).toBe(
        404,
      );
      const listed = await admin({ method: 'POST', url: '/api/storage/object/list/small', payload: {} });
      expect(listed.json().items.map((e: { name: string }) => e.name)).toEqual(['fits.bin']);
      // the app's own request cap is still honoured after a refusal
      expect(
        (await upload(admin, 'small', 'again.bin', binary(10), 'application/octet-stream')).statusCode,
      ).toBe(201);
    });

    it('answers 413 over a real socket while the client is still sending, without hanging', async () => {
      const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
      const cookie = (await signInAs(t, 'ADMIN')).cookie;
      const body = fileUpload(binary(3_000_000), 'application/octet-stream');
      const response = await fetch(`${address}/api/storage/object/small/socket.bin`, {
        method: 'POST',
        body: body.payload,
        headers: { ...body.headers, cookie, origin: TEST_ORIGIN },
        signal: AbortSignal.timeout(10_000),
      });
      expect(response.status).toBe(413);
      expect(((await response.json()) as { code: string }).code).toBe('PAYLOAD_TOO_LARGE');
      expect(
        (await admin({ method: 'GET', url: '/api/storage/object/info/small/socket.bin' })).statusCode,
      ).toBe(404);
    });

    it('fails a part that busboy truncated at the server cap instead of storing it', async () => {
      const truncatedLater = Object.assign(Readable.from([Buffer.from('abc'), Buffer.from('def')]), {
        truncated: false,
      });
      truncatedLater.once('data', () => (truncatedLater.truncated = true));
      await expect(readAll(failWhenTruncated(truncatedLater))).rejects.toBeInstanceOf(AppError);
      const truncatedBefore = Object.assign(Readable.from([Buffer.from('abc')]), { truncated: true });
      await expect(readAll(failWhenTruncated(truncatedBefore))).rejects.toMatchObject({
        code: 'PAYLOAD_TOO_LARGE',
      });
      const whole = Object.assign(Readable.from([Buffer.from('abc'), Buffer.from('def')]), {
        truncated: false,
      });
      expect((await readAll(failWhenTruncated(whole))).toString()).toBe('abcdef');
    });

    it('refuses a type the bucket does not allow with 415, and a non-multipart upload with 415', async () => {
      await createBucket({ id: 'images', allowedMimeTypes: ['image/*'] });
      expect((await upload(admin, 'images', 'a.png', 'png', 'image/png')).statusCode).toBe(201);
      const html = await upload(admin, 'images', 'page.html', '<script>alert(1)</script>', 'text/html');
      expect(html.statusCode).toBe(415);
      expect(html.json().detail).toContain('text/html');
      expect(
        (await admin({ method: 'GET', url: '/api/storage/object/info/images/page.html' })).statusCode,
      ).toBe(404);
      const json = await admin({
        method: 'POST',
        url: '/api/storage/object/images/b.png',
        payload: { not: 'multipart' },
      });
      expect(json.statusCode).toBe(415);
      const noFile = multipartBody([{ name: 'cacheControl', data: '60' }]);
      const missing = await admin({
        method: 'POST',
        url: '/api/storage/object/images/c.png',
        payload: noFile.payload,
        headers: noFile.headers,
      });
      expect(missing.statusCode).toBe(400);
      expect(missing.json().errors[0].path).toBe('file');
    });

    it('rejects path traversal with 400 and writes nothing outside the bucket', async () => {
      const rootDir = (t.config.storage as { rootDir: string }).rootDir;
      for (const url of [
        '/api/storage/object/docs/..%2F..%2Fescape.txt',
        '/api/storage/object/docs/%2E%2E%2Fescape.txt',
        '/api/storage/object/docs/a%5C..%5Cescape.txt',
        '/api/storage/object/docs/%2Fetc%2Fescape.txt',
        '/api/storage/object/docs/',
      ]) {
        const body = fileUpload('evil');
        const response = await admin({ method: 'POST', url, payload: body.payload, headers: body.headers });
        expect(response.statusCode, url).toBe(400);
        expect(response.json().errors[0].path).toBe('path');
      }
      for (const url of [
        '/api/storage/object/docs/..%2F..%2Fauth-secret',
        '/api/storage/object/info/docs/%2E%2E%2F%2E%2E%2Fx',
        '/api/storage/object/docs/a%00b',
      ]) {
        const response = await admin({ method: 'GET', url });
        expect(response.statusCode, url).toBe(400);
      }
      // A whole `..` segment is resolved by URL parsing before routing (as browsers do): never reaches a bucket.
      const dotted = fileUpload('evil');
      expect(
        (
          await admin({
            method: 'POST',
            url: '/api/storage/object/docs/%2E%2E/escape.txt',
            payload: dotted.payload,
            headers: dotted.headers,
          })
        ).statusCode,
      ).toBe(404);
      expect(existsSync(join(rootDir, 'escape.txt'))).toBe(false);
      expect(existsSync(join(rootDir, '..', 'escape.txt'))).toBe(false);
      const move = await admin({
        method: 'POST',
        url: '/api/storage/object/move',
        payload: { bucketId: 'docs', sourceKey: 'plan.txt', destinationKey: '../plan.txt' },
      });
      expect(move.statusCode).toBe(400);
      expect(move.json().errors[0].path).toBe('destinationKey');
      const remove = await admin({
        method: 'DELETE',
        url: '/api/storage/object/docs',
        payload: { prefixes: ['plan.txt', '../../x'] },
      });
      expect(remove.statusCode).toBe(400);
      expect(remove.json().errors[0].path).toBe('prefixes.1');
      expect(
        (await admin({ method: 'POST', url: '/api/storage/object/list/docs', payload: { prefix: '../' } }))
          .statusCode,
      ).toBe(400);
    });

    it('lists 100 entries by name ascending by default, pages, sorts and searches', async () => {
      await createBucket({ id: 'listing' });
      const names = Array.from({ length: 103 }, (_, i) => `n-${String(i).padStart(3, '0')}.txt`);
      for (const name of [...names].reverse())
        expect((await upload(admin, 'listing', `box/${name}`, name)).statusCode).toBe(201);
      await upload(admin, 'listing', 'box/sub/deep.txt', 'd');
      const list = (body: Record<string, unknown>) =>
        admin({ method: 'POST', url: '/api/storage/object/list/listing', payload: body });

      const first = await list({ prefix: 'box' });
      expect(first.statusCode).toBe(200);
      const items = first.json().items as {
        name: string;
        isFolder: boolean;
        size: number;
        contentType: string | null;
        lastModified: string | null;
      }[];
      expect(items).toHaveLength(100);
      expect(items[0]).toEqual({
        name: 'sub',
        isFolder: true,
        size: 0,
        contentType: null,
        lastModified: null,
      });
      expect(items.slice(1).map((e) => e.name)).toEqual(names.slice(0, 99));
      expect(items[1]).toMatchObject({ isFolder: false, size: 9, contentType: 'text/plain' });
      expect(
        (await list({ prefix: 'box', offset: 100 })).json().items.map((e: { name: string }) => e.name),
      ).toEqual(names.slice(99));
      expect(
        (await list({ prefix: 'box/', limit: 2, offset: 1, sortBy: { column: 'name', order: 'desc' } }))
          .json()
          .items.map((e: { name: string }) => e.name),
      ).toEqual(['n-102.txt', 'n-101.txt']);
      expect((await list({ prefix: 'box', search: 'N-10' })).json().items).toHaveLength(3);
      expect((await list({})).json().items.map((e: { name: string }) => e.name)).toEqual(['box']);
      const bad = await list({ limit: 5000 });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().errors[0].path).toBe('limit');
      expect(
        (await admin({ method: 'POST', url: '/api/storage/object/list/no-such-bucket', payload: {} }))
          .statusCode,
      ).toBe(404);
    }, 60_000);

    it('moves, copies and removes objects', async () => {
      await createBucket({ id: 'shuffle' });
      await upload(admin, 'shuffle', 'inbox/referral.pdf', 'pdf', 'application/pdf');
      await upload(admin, 'shuffle', 'taken.txt', 'taken');
      const copy = await admin({
        method: 'POST',
        url: '/api/storage/object/copy',
        payload: {
          bucketId: 'shuffle',
          sourceKey: 'inbox/referral.pdf',
          destinationKey: 'archive/referral.pdf',
        },
      });
      expect(copy.statusCode).toBe(200);
      expect(copy.json()).toEqual({ bucketId: 'shuffle', path: 'archive/referral.pdf' });
      const move = await admin({
        method: 'POST',
        url: '/api/storage/object/move',
        payload: {
          bucketId: 'shuffle',
          sourceKey: 'inbox/referral.pdf',
          destinationKey: 'clients/referral.pdf',
        },
      });
      expect(move.statusCode).toBe(200);
      expect(
        (await admin({ method: 'GET', url: '/api/storage/object/shuffle/inbox/referral.pdf' })).statusCode,
      ).toBe(404);
      expect(
        (await admin({ method: 'GET', url: '/api/storage/object/shuffle/clients/referral.pdf' })).body,
      ).toBe('pdf');

      const clash = await admin({
        method: 'POST',
        url: '/api/storage/object/move',
        payload: { bucketId: 'shuffle', sourceKey: 'clients/referral.pdf', destinationKey: 'taken.txt' },
      });
      expect(clash.statusCode).toBe(409);
      const upserted = await admin({
        method: 'POST',
        url: '/api/storage/object/copy',
        payload: {
          bucketId: 'shuffle',
          sourceKey: 'clients/referral.pdf',
          destinationKey: 'taken.txt',
          upsert: true,
        },
      });
      expect(upserted.statusCode).toBe(200);
      expect((await admin({ method: 'GET', url: '/api/storage/object/shuffle/taken.txt' })).body).toBe('pdf');
      const missing = await admin({
        method: 'POST',
        url: '/api/storage/object/move',
        payload: { bucketId: 'shuffle', sourceKey: 'nope.pdf', destinationKey: 'x.pdf' },
      });
      expect(missing.statusCode).toBe(404);

      const removed = await admin({
        method: 'DELETE',
        url: '/api/storage/object/shuffle',
        payload: { prefixes: ['taken.txt', 'missing.txt', 'archive/referral.pdf'] },
      });
      expect(removed.statusCode).toBe(200);
      expect(removed.json()).toEqual({ removed: ['taken.txt', 'archive/referral.pdf'] });
      const left = await admin({ method: 'POST', url: '/api/storage/object/list/shuffle', payload: {} });
      expect(left.json().items.map((e: { name: string }) => e.name)).toEqual(['clients']);
      expect(
        (await admin({ method: 'DELETE', url: '/api/storage/object/shuffle', payload: { prefixes: [] } }))
          .statusCode,
      ).toBe(400);

      for (const action of ['file.move', 'file.copy', 'file.delete', 'file.list']) {
        const audit = await admin({ method: 'GET', url: `/api/audit-events?action=${action}` });
        expect(audit.json().total, action).toBeGreaterThanOrEqual(1);
      }
    });
  });

  describe('signed URLs and public buckets', () => {
    beforeAll(async () => {
      await createBucket({ id: 'reports' });
      expect(
        (await upload(admin, 'reports', 'q1/Zoë report.pdf', 'quarterly', 'application/pdf')).statusCode,
      ).toBe(201);
      expect((await upload(admin, 'reports', 'q1/other.pdf', 'other', 'application/pdf')).statusCode).toBe(
        201,
      );
    });

    const sign = (path: string, expiresIn: number) =>
      admin({
        method: 'POST',
        url: `/api/storage/object/sign/reports/${encodePath(path)}`,
        payload: { expiresIn },
      });

    it('signs a URL that works without a session before expiry', async () => {
      const signed = await sign('q1/Zoë report.pdf', 120);
      expect(signed.statusCode).toBe(200);
      const { signedUrl, expiresAt } = signed.json<{ signedUrl: string; expiresAt: string }>();
      expect(signedUrl.startsWith('/api/storage/object/sign/reports/q1/Zo%C3%AB%20report.pdf?token=')).toBe(
        true,
      );
      expect(Date.parse(expiresAt) - Date.now()).toBeGreaterThan(100_000);

      const fetched = await anonymous({ method: 'GET', url: signedUrl });
      expect(fetched.statusCode).toBe(200);
      expect(fetched.body).toBe('quarterly');
      expect(fetched.headers['content-type']).toBe('application/pdf');
      expect(fetched.headers['cache-control']).toBe('private, max-age=3600');

      const audit = await admin({
        method: 'GET',
        url: `/api/audit-events?action=file.read&entityId=${encodeURIComponent('reports/q1/Zoë report.pdf')}`,
      });
      expect(
        audit
          .json()
          .items.some(
            (e: { actorEmail: string | null; details: { access?: string } }) =>
              e.actorEmail === null && e.details.access === 'signed_url',
          ),
      ).toBe(true);
      const signAudit = await admin({
        method: 'GET',
        url: `/api/audit-events?action=file.sign&entityId=${encodeURIComponent('reports/q1/Zoë report.pdf')}`,
      });
      expect(signAudit.json().total).toBe(1);

      const tooLong = await sign('q1/other.pdf', 8 * 24 * 3600);
      expect(tooLong.statusCode).toBe(400);
      expect(tooLong.json().errors[0].path).toBe('expiresIn');
      expect((await sign('q1/missing.pdf', 60)).statusCode).toBe(404);
    });

    it('refuses (403) a tampered token, a token for another object and an expired token', async () => {
      const { signedUrl } = (await sign('q1/Zoë report.pdf', 120)).json<{ signedUrl: string }>();
      const token = new URL(signedUrl, 'http://localhost').searchParams.get('token') as string;
      const [exp, mac] = token.split('.') as [string, string];

      const refusals = [
        `/api/storage/object/sign/reports/q1/other.pdf?token=${token}`,
        `/api/storage/object/sign/reports/q1/Zo%C3%AB%20report.pdf?token=${Number(exp) + 86_400}.${mac}`,
        `/api/storage/object/sign/reports/q1/Zo%C3%AB%20report.pdf?token=${exp}.${mac.startsWith('A') ? 'B' : 'A'}${mac.slice(1)}`,
        `/api/storage/object/sign/reports/q1/Zo%C3%AB%20report.pdf?token=nonsense`,
      ];
      for (const url of refusals) {
        const response = await anonymous({ method: 'GET', url });
        expect(response.statusCode, url).toBe(403);
        expect(response.headers['content-type']).toContain('application/problem+json');
        expect(response.json()).toMatchObject({
          code: 'FORBIDDEN',
          detail: expect.stringContaining('invalid'),
        });
      }
      expect(
        (await anonymous({ method: 'GET', url: '/api/storage/object/sign/reports/q1/other.pdf' })).statusCode,
      ).toBe(400);

      // A genuine token whose lifetime ended: signed by a service whose clock is an hour behind.
      const past = createStorageService({
        db: t.database.db,
        driver: createLocalDriver({ rootDir: (t.config.storage as { rootDir: string }).rootDir }),
        secret: t.config.authSecret,
        now: () => new Date(Date.now() - 3_600_000),
      });
      const expired = await past.createSignedUrl(
        { actor: null, requestId: 'test', ip: null, userAgent: null },
        'reports',
        'q1/other.pdf',
        60,
      );
      const response = await anonymous({ method: 'GET', url: expired.signedUrl });
      expect(response.statusCode).toBe(403);
      expect(response.json().detail).toContain('expired');
    });

    it('serves public buckets anonymously, and nothing else', async () => {
      await createBucket({ id: 'assets', public: true });
      expect((await upload(admin, 'assets', 'brand/logo.svg', '<svg/>', 'image/svg+xml')).statusCode).toBe(
        201,
      );
      const logo = await anonymous({
        method: 'GET',
        url: '/api/storage/object/public/assets/brand/logo.svg',
      });
      expect(logo.statusCode).toBe(200);
      expect(logo.body).toBe('<svg/>');
      expect(logo.headers['content-type']).toBe('image/svg+xml');
      expect(logo.headers['cache-control']).toBe('max-age=3600');
      expect(logo.headers['content-security-policy']).toContain('sandbox');
      expect(
        (await anonymous({ method: 'GET', url: '/api/storage/object/public/assets/brand/missing.svg' }))
          .statusCode,
      ).toBe(404);
      const privateBucket = await anonymous({
        method: 'GET',
        url: '/api/storage/object/public/reports/q1/other.pdf',
      });
      expect(privateBucket.statusCode).toBe(404);
      expect(privateBucket.json().code).toBe('NOT_FOUND');
      expect(
        (await anonymous({ method: 'GET', url: '/api/storage/object/assets/brand/logo.svg' })).statusCode,
      ).toBe(401);
    });
  });
});

describe('storage routes (S3 driver)', () => {
  let s3: TestS3;
  let t: TestApp;
  let admin: Client;

  beforeAll(async () => {
    s3 = await startTestS3();
    t = await createTestApp({ storage: s3.storage });
    admin = as(t, (await signInAs(t, 'ADMIN')).cookie);
    expect(
      (
        await admin({
          method: 'POST',
          url: '/api/storage/buckets',
          payload: { id: 'cloud', fileSizeLimit: 100_000 },
        })
      ).statusCode,
    ).toBe(201);
  });
  afterAll(async () => {
    await t?.close();
    await s3?.stop();
  });

  it('has the imports system bucket', async () => {
    expect((await admin({ method: 'GET', url: '/api/storage/buckets/imports' })).json()).toMatchObject({
      id: 'imports',
      fileSizeLimit: 209_715_200,
    });
    const csv = await upload(admin, 'imports', 'evv/visits.csv', 'a,b\n1,2\n', 'text/csv');
    expect(csv.statusCode).toBe(201);
  });

  it('uploads and downloads exact bytes with content type and cache control', async () => {
    const bytes = binary(90_000);
    const uploaded = await upload(admin, 'cloud', 'scans/intake.bin', bytes, 'application/pdf');
    expect(uploaded.statusCode, uploaded.body).toBe(201);
    expect(uploaded.json()).toEqual({ bucketId: 'cloud', path: 'scans/intake.bin', size: 90_000 });
    const downloaded = await admin({ method: 'GET', url: '/api/storage/object/cloud/scans/intake.bin' });
    expect(downloaded.statusCode).toBe(200);
    expect(downloaded.rawPayload.equals(bytes)).toBe(true);
    expect(downloaded.headers['content-type']).toBe('application/pdf');
    expect(downloaded.headers['content-length']).toBe('90000');
    expect(downloaded.headers['cache-control']).toBe('private, max-age=3600');
    expect((await upload(admin, 'cloud', 'scans/intake.bin', 'again')).statusCode).toBe(409);
    expect(
      (await upload(admin, 'cloud', 'scans/intake.bin', 'again', 'text/plain', { 'x-upsert': 'true' }))
        .statusCode,
    ).toBe(201);
    expect((await admin({ method: 'GET', url: '/api/storage/object/cloud/scans/intake.bin' })).body).toBe(
      'again',
    );
  });

  it('serves byte ranges from S3', async () => {
    const bytes = binary(20_000);
    expect((await upload(admin, 'cloud', 'ranges/plan.pdf', bytes, 'application/pdf')).statusCode).toBe(201);
    const url = '/api/storage/object/cloud/ranges/plan.pdf';
    const part = await admin({ method: 'GET', url, headers: { range: 'bytes=1000-1999' } });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe('bytes 1000-1999/20000');
    expect(part.rawPayload.equals(bytes.subarray(1000, 2000))).toBe(true);
    const past = await admin({ method: 'GET', url, headers: { range: 'bytes=20000-' } });
    expect(past.statusCode).toBe(416);
  });

  it('lists with the defaults', async () => {
    for (const name of ['b.txt', 'a.txt', 'folder/c.txt']) await upload(admin, 'cloud', `list/${name}`, name);
    const listed = await admin({
      method: 'POST',
      url: '/api/storage/object/list/cloud',
      payload: { prefix: 'list' },
    });
    expect(listed.json().items.map((e: { name: string; isFolder: boolean }) => [e.name, e.isFolder])).toEqual(
      [
        ['folder', true],
        ['a.txt', false],
        ['b.txt', false],
      ],
    );
  });

  it('refuses an upload over the bucket limit with 413 and keeps nothing', async () => {
    const tooBig = await upload(admin, 'cloud', 'big.bin', binary(150_000), 'application/octet-stream');
    expect(tooBig.statusCode).toBe(413);
    expect((await admin({ method: 'GET', url: '/api/storage/object/info/cloud/big.bin' })).statusCode).toBe(
      404,
    );
    expect(
      (await upload(admin, 'cloud', 'small.bin', binary(10), 'application/octet-stream')).statusCode,
    ).toBe(201);
  });

  it('signs URLs that work anonymously', async () => {
    await upload(admin, 'cloud', 'signed.txt', 'signed');
    const { signedUrl } = (
      await admin({
        method: 'POST',
        url: '/api/storage/object/sign/cloud/signed.txt',
        payload: { expiresIn: 60 },
      })
    ).json<{ signedUrl: string }>();
    const response = await t.app.inject({ method: 'GET', url: signedUrl });
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe('signed');
  });
});
