/**
 * The image renderer and its routes (spec s.7 "public and authenticated image render"; decision 0055): sizes,
 * modes and formats with images made by sharp here, bad parameters 400 naming them, a non-image 415, public buckets
 * only on the public route, admins only on the authenticated one, cache headers.
 */
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, createTestApp, signInAs, type TestApp } from '../../../test/helpers.ts';
import { jpegWithGps } from '../../../test/images.ts';
import { fileUpload } from '../../../test/multipart.ts';
import { reencodePhoto, renderImage } from './image-render.ts';

type Client = ReturnType<typeof as>;

const png = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: { r: 200, g: 40, b: 90 } } })
    .png()
    .toBuffer();

describe('renderImage', () => {
  it('resizes within the box, never enlarges, and encodes the format asked for', async () => {
    const source = await png(800, 400);
    const cover = await renderImage(source, { width: 100, height: 100, resize: 'cover', format: 'jpeg' });
    expect(cover.contentType).toBe('image/jpeg');
    expect(await sharp(cover.body).metadata()).toMatchObject({ width: 100, height: 100, format: 'jpeg' });
    const contain = await renderImage(source, { width: 100, height: 100, resize: 'contain', format: 'png' });
    expect(await sharp(contain.body).metadata()).toMatchObject({ width: 100, height: 100, format: 'png' });
    const widthOnly = await renderImage(source, { width: 200 });
    expect(await sharp(widthOnly.body).metadata()).toMatchObject({ width: 200, height: 100, format: 'webp' });
    const larger = await renderImage(source, { width: 1600 });
    expect((await sharp(larger.body).metadata()).width).toBe(800);
  });

  it('refuses what is not an image with 415', async () => {
    await expect(renderImage(Buffer.from('%PDF-1.4 not an image'))).rejects.toMatchObject({
      code: 'UNSUPPORTED_MEDIA_TYPE',
    });
  });

  it('re-encodes an uploaded photo upright as WebP without EXIF or GPS', async () => {
    const withGps = await jpegWithGps(60, 30, 6);
    const before = await sharp(withGps).metadata();
    expect(before.orientation).toBe(6);
    expect(before.exif?.includes(Buffer.from('PhoneCo'))).toBe(true);
    // The GPS IFD pointer (tag 0x8825, little-endian in sharp's EXIF) is there before.
    expect(before.exif?.includes(Buffer.from([0x25, 0x88]))).toBe(true);
    const { body } = await reencodePhoto(withGps);
    const after = await sharp(body).metadata();
    expect(after).toMatchObject({ format: 'webp', width: 30, height: 60 });
    expect(after.exif).toBeUndefined();
    expect(after.xmp).toBeUndefined();
    expect(after.icc).toBeUndefined();
    expect(body.includes(Buffer.from('PhoneCo'))).toBe(false);
    expect(body.includes(Buffer.from('Exif'))).toBe(false);
    expect(body.includes(Buffer.from([0x25, 0x88, 0x04, 0x00]))).toBe(false);
  });
});

describe('image render routes', () => {
  let t: TestApp;
  let admin: Client;
  let caregiver: Client;
  let anonymous: Client;

  beforeAll(async () => {
    t = await createTestApp();
    admin = as(t, (await signInAs(t, 'ADMIN')).cookie);
    caregiver = as(t, (await signInAs(t, 'CAREGIVER')).cookie);
    anonymous = as(t, null);
    for (const bucket of [
      { id: 'render-public', public: true },
      { id: 'render-private', public: false },
    ]) {
      const created = await admin({ method: 'POST', url: '/api/storage/buckets', payload: bucket });
      expect(created.statusCode, created.body).toBe(201);
    }
    const image = await png(400, 300);
    for (const [bucket, path, data, type] of [
      ['render-public', 'a/photo.png', image, 'image/png'],
      ['render-private', 'photo.png', image, 'image/png'],
      ['render-public', 'notes.txt', Buffer.from('hello'), 'text/plain'],
    ] as const) {
      const body = fileUpload(data, type);
      const stored = await admin({
        method: 'POST',
        url: `/api/storage/object/${bucket}/${path}`,
        payload: body.payload,
        headers: body.headers,
      });
      expect(stored.statusCode, stored.body).toBe(201);
    }
  }, 60_000);
  afterAll(() => t.close());

  it('renders a public bucket image for anyone, resized, with a public cache header', async () => {
    const response = await anonymous({
      method: 'GET',
      url: '/api/storage/render/image/public/render-public/a/photo.png?width=120&height=90&format=jpeg&quality=70',
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('image/jpeg');
    expect(response.headers['cache-control']).toBe('public, max-age=3600');
    expect(await sharp(response.rawPayload).metadata()).toMatchObject({ width: 120, height: 90 });
  });

  it('answers 404 for a private bucket on the public route, 415 for a non-image, 400 naming a bad parameter', async () => {
    const privateOne = await anonymous({
      method: 'GET',
      url: '/api/storage/render/image/public/render-private/photo.png',
    });
    expect(privateOne.statusCode).toBe(404);
    const text = await anonymous({
      method: 'GET',
      url: '/api/storage/render/image/public/render-public/notes.txt',
    });
    expect(text.statusCode).toBe(415);
    for (const [query, field] of [
      ['width=5000', 'width'],
      ['height=0', 'height'],
      ['resize=stretch', 'resize'],
      ['format=gif', 'format'],
      ['quality=5', 'quality'],
    ]) {
      const bad = await anonymous({
        method: 'GET',
        url: `/api/storage/render/image/public/render-public/a/photo.png?${query}`,
      });
      expect(bad.statusCode, query).toBe(400);
      expect(JSON.stringify(bad.json()), query).toContain(field);
    }
    const missing = await anonymous({
      method: 'GET',
      url: '/api/storage/render/image/public/render-public/none.png',
    });
    expect(missing.statusCode).toBe(404);
  });

  it('renders any bucket for an admin with a private cache header; 401 anonymous, 403 another role', async () => {
    const url = '/api/storage/render/image/authenticated/render-private/photo.png?width=50';
    const response = await admin({ method: 'GET', url });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('image/webp');
    expect(response.headers['cache-control']).toBe('private, max-age=3600');
    expect(await sharp(response.rawPayload).metadata()).toMatchObject({ width: 50, height: 38 });
    expect((await anonymous({ method: 'GET', url })).statusCode).toBe(401);
    expect((await caregiver({ method: 'GET', url })).statusCode).toBe(403);
  });
});
