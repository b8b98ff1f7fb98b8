/**
 * Matchmaking media through the API (docs/matchmaking.md "Media"; decision 0055): a client's photo (replace, delete,
 * skip), a caregiver's photos, profile photo and videos with transcripts, who may see them, Range on videos, and
 * mobile-upload links (one upload, spent, expired, tampered). Listings are arranged as rows linked to accounts (the
 * listing APIs belong to other parts of issue 21).
 */
import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CaregiverMedia, ClientAvatar, MatchmakingPhoto, MatchmakingVideo } from '@tend/contracts';
import { systemContext } from '../../platform/http/context.ts';
import { as, createTestApp, signInAs, type TestApp } from '../../../test/helpers.ts';
import { jpegWithGps, pngOf } from '../../../test/images.ts';
import { fileUpload, multipartBody } from '../../../test/multipart.ts';
import { linkCaregiverListingAccount, linkGuardianAccount } from '../users/matchmaking-accounts.service.ts';
import { additionalPhotos, mobileUploadLinks, tinderCaregivers, tinderClients } from './matchmaking.table.ts';

type Client = ReturnType<typeof as>;

let t: TestApp;
let anonymous: Client;
let admin: Client;

const db = () => t.database.db;

beforeAll(async () => {
  t = await createTestApp();
  anonymous = as(t, null);
  admin = as(t, (await signInAs(t, 'ADMIN')).cookie);
}, 60_000);
afterAll(() => t.close());

/** A guardian account with one client listing (`listed` sets `listed_at`). */
async function guardianWithClient(options: { listed?: boolean } = {}) {
  const signedIn = await signInAs(t, 'GUARDIAN');
  const guardianId = randomUUID();
  await db().execute(
    sql`insert into guardian (id, first_name, last_name) values (${guardianId}, 'Gia', 'Guard')`,
  );
  await linkGuardianAccount(db(), systemContext(), signedIn.accountId, guardianId);
  const [client] = await db()
    .insert(tinderClients)
    .values({
      firstName: 'Cleo',
      lastName: 'Client',
      uniqueKey: randomUUID(),
      guardianId,
      listedAt: options.listed ? new Date() : null,
    })
    .returning();
  return { call: as(t, signedIn.cookie), clientId: client?.id as string, accountId: signedIn.accountId };
}

/** A caregiver account with its listing. */
async function caregiverWithListing(options: { listed?: boolean } = {}) {
  const signedIn = await signInAs(t, 'CAREGIVER');
  const [listing] = await db()
    .insert(tinderCaregivers)
    .values({
      firstName: 'Rosa',
      lastName: 'Care',
      uniqueKey: randomUUID(),
      listedAt: options.listed ? new Date() : null,
    })
    .returning();
  await linkCaregiverListingAccount(db(), systemContext(), signedIn.accountId, listing?.id as string);
  return { call: as(t, signedIn.cookie), caregiverId: listing?.id as string };
}

const png = (width = 64, height = 48) => pngOf(width, height);

/** A minimal WebM (EBML header) and MP4 (`ftyp`) of `size` bytes: only their first bytes matter to the server. */
const webm = (size = 4096) => {
  const bytes = Buffer.alloc(size, 7);
  Buffer.from([0x1a, 0x45, 0xdf, 0xa3]).copy(bytes);
  return bytes;
};
const mp4 = (size = 2048) => {
  const bytes = Buffer.alloc(size, 3);
  bytes.writeUInt32BE(24, 0);
  bytes.write('ftypisom', 4, 'latin1');
  return bytes;
};

function send(
  call: Client,
  method: 'POST' | 'PUT',
  url: string,
  data: Buffer,
  type: string,
  name = 'upload.bin',
) {
  const body = fileUpload(data, type, name);
  return call({ method, url, payload: body.payload, headers: body.headers });
}

const pathOf = (url: string) => url.replace('/api/matchmaking/media/photos/', '');

describe('client photo', () => {
  it('stores a re-encoded photo without GPS, replaces and deletes the old one, records step avatar', async () => {
    const { call, clientId } = await guardianWithClient();
    const first = await send(
      call,
      'POST',
      `/api/matchmaking/clients/${clientId}/avatar`,
      await jpegWithGps(400, 200),
      'image/jpeg',
    );
    expect(first.statusCode, first.body).toBe(200);
    const avatar = first.json<ClientAvatar>();
    expect(avatar).toMatchObject({ clientId, onboardingStep: 'avatar' });
    expect(avatar.photo?.url).toMatch(/^\/api\/matchmaking\/media\/photos\/[0-9a-f-]{36}\.webp$/);

    const served = await call({ method: 'GET', url: `${avatar.photo?.url}?w=100` });
    expect(served.statusCode, served.body).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
    expect(served.headers['cache-control']).toBe('private, max-age=3600');
    const meta = await sharp(served.rawPayload).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: 160, height: 80 });
    expect(meta.exif).toBeUndefined();
    const stored = await t.app.deps.storage.download(
      systemContext(),
      'matchmaking-photos',
      pathOf(avatar.photo?.url ?? ''),
    );
    const chunks: Buffer[] = [];
    for await (const chunk of stored.body) chunks.push(chunk as Buffer);
    const raw = Buffer.concat(chunks);
    expect((await sharp(raw).metadata()).exif).toBeUndefined();
    expect(raw.includes(Buffer.from('PhoneCo'))).toBe(false);

    const second = await send(
      call,
      'POST',
      `/api/matchmaking/clients/${clientId}/avatar`,
      await png(),
      'image/png',
    );
    expect(second.statusCode).toBe(200);
    const replaced = second.json<ClientAvatar>();
    expect(replaced.photo?.url).not.toBe(avatar.photo?.url);
    expect((await call({ method: 'GET', url: avatar.photo?.url ?? '' })).statusCode).toBe(404);
    await expect(
      t.app.deps.storage.info(systemContext(), 'matchmaking-photos', pathOf(avatar.photo?.url ?? '')),
    ).rejects.toMatchObject({ code: 'NOT_FOUND' });

    const removed = await call({ method: 'DELETE', url: `/api/matchmaking/clients/${clientId}/avatar` });
    expect(removed.statusCode).toBe(200);
    expect(removed.json<ClientAvatar>().photo).toBeNull();
    expect((await call({ method: 'GET', url: replaced.photo?.url ?? '' })).statusCode).toBe(404);
  });

  it('records step avatar when skipped without a photo', async () => {
    const { call, clientId } = await guardianWithClient();
    const skipped = await call({ method: 'POST', url: `/api/matchmaking/clients/${clientId}/avatar/skip` });
    expect(skipped.statusCode, skipped.body).toBe(200);
    expect(skipped.json()).toEqual({ onboardingStep: 'avatar' });
    const [row] = await db().select().from(tinderClients).where(eq(tinderClients.id, clientId));
    expect(row?.profilePicture).toBeNull();
  });

  it("refuses another family's listing with 404, anonymous with 401, a wrong file with 415/413/400 naming file", async () => {
    const { clientId } = await guardianWithClient();
    const other = await guardianWithClient();
    const url = `/api/matchmaking/clients/${clientId}/avatar`;
    const foreign = await send(other.call, 'POST', url, await png(), 'image/png');
    const unknown = await send(
      other.call,
      'POST',
      `/api/matchmaking/clients/${randomUUID()}/avatar`,
      await png(),
      'image/png',
    );
    expect(foreign.statusCode).toBe(404);
    expect(unknown.statusCode).toBe(404);
    expect(foreign.json<{ detail: string }>().detail).toBe(unknown.json<{ detail: string }>().detail);
    expect((await other.call({ method: 'GET', url })).statusCode).toBe(404);
    expect((await other.call({ method: 'POST', url: `${url}/skip` })).statusCode).toBe(404);
    expect((await send(anonymous, 'POST', url, await png(), 'image/png')).statusCode).toBe(401);

    const own = await guardianWithClient();
    const ownUrl = `/api/matchmaking/clients/${own.clientId}/avatar`;
    const wrongType = await send(own.call, 'POST', ownUrl, Buffer.from('%PDF-1.4'), 'application/pdf');
    expect(wrongType.statusCode).toBe(415);
    expect(wrongType.json<{ errors: Array<{ path: string }> }>().errors[0]?.path).toBe('file');
    const fakePng = await send(own.call, 'POST', ownUrl, Buffer.from('not really a png'), 'image/png');
    expect(fakePng.statusCode).toBe(415);
    const tooLarge = await send(
      own.call,
      'POST',
      ownUrl,
      Buffer.alloc(10 * 1024 * 1024 + 10, 1),
      'image/jpeg',
    );
    expect(tooLarge.statusCode).toBe(413);
    expect(tooLarge.json<{ errors: Array<{ path: string }> }>().errors[0]?.path).toBe('file');
    const noFile = multipartBody([{ name: 'other', data: 'x' }]);
    const missing = await own.call({
      method: 'POST',
      url: ownUrl,
      payload: noFile.payload,
      headers: noFile.headers,
    });
    expect(missing.statusCode).toBe(400);
    const [row] = await db().select().from(tinderClients).where(eq(tinderClients.id, own.clientId));
    expect(row?.profilePicture).toBeNull();
    expect(row?.onboardingStep).toBeNull();
  });
});

describe('caregiver photos and profile photo', () => {
  it('adds up to six photos, deletes one, makes one the profile photo (a copy) and records the steps', async () => {
    const { call, caregiverId } = await caregiverWithListing();
    const photos: MatchmakingPhoto[] = [];
    for (let i = 0; i < 6; i += 1) {
      const added = await send(
        call,
        'POST',
        '/api/matchmaking/caregivers/me/photos',
        await png(),
        'image/png',
      );
      expect(added.statusCode, added.body).toBe(201);
      photos.push(added.json<MatchmakingPhoto>());
    }
    const seventh = await send(
      call,
      'POST',
      '/api/matchmaking/caregivers/me/photos',
      await png(),
      'image/png',
    );
    expect(seventh.statusCode).toBe(409);

    const deleted = await call({
      method: 'DELETE',
      url: `/api/matchmaking/caregivers/me/photos/${photos[0]?.id}`,
    });
    expect(deleted.statusCode).toBe(204);
    expect((await call({ method: 'GET', url: photos[0]?.url ?? '' })).statusCode).toBe(404);

    const chosen = await call({
      method: 'PUT',
      url: '/api/matchmaking/caregivers/me/profile-photo',
      payload: { photoId: photos[1]?.id },
    });
    expect(chosen.statusCode, chosen.body).toBe(200);
    const media = chosen.json<CaregiverMedia>();
    expect(media).toMatchObject({ caregiverId, onboardingStep: 'profilePhoto' });
    expect(media.photos).toHaveLength(5);
    expect(media.profilePhoto?.url).not.toBe(photos[1]?.url);
    await call({ method: 'DELETE', url: `/api/matchmaking/caregivers/me/photos/${photos[1]?.id}` });
    expect((await call({ method: 'GET', url: media.profilePhoto?.url ?? '' })).statusCode).toBe(200);

    const uploaded = await send(
      call,
      'PUT',
      '/api/matchmaking/caregivers/me/profile-photo',
      await png(),
      'image/png',
    );
    expect(uploaded.statusCode, uploaded.body).toBe(200);
    expect((await call({ method: 'GET', url: media.profilePhoto?.url ?? '' })).statusCode).toBe(404);

    const kept = await call({
      method: 'PUT',
      url: '/api/matchmaking/caregivers/me/profile-photo',
      payload: {},
    });
    expect(kept.statusCode).toBe(200);
    expect(kept.json<CaregiverMedia>().profilePhoto?.url).toBe(
      uploaded.json<CaregiverMedia>().profilePhoto?.url,
    );

    const done = await call({ method: 'POST', url: '/api/matchmaking/caregivers/me/media-done' });
    expect(done.statusCode).toBe(200);
    expect(done.json()).toEqual({ onboardingStep: 'profilePhoto' });
  });

  it('records addMedia without any media, and refuses a profile photo choice without a photo (400 photoId)', async () => {
    const { call } = await caregiverWithListing();
    const done = await call({ method: 'POST', url: '/api/matchmaking/caregivers/me/media-done' });
    expect(done.json()).toEqual({ onboardingStep: 'addMedia' });
    const none = await call({
      method: 'PUT',
      url: '/api/matchmaking/caregivers/me/profile-photo',
      payload: {},
    });
    expect(none.statusCode).toBe(400);
    expect(none.json<{ errors: Array<{ path: string }> }>().errors[0]?.path).toBe('photoId');
    const bad = await call({
      method: 'PUT',
      url: '/api/matchmaking/caregivers/me/profile-photo',
      payload: { photoId: 'x' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json<{ errors: Array<{ path: string }> }>().errors[0]?.path).toBe('photoId');
  });

  it("refuses another caregiver's photo (404), an account without a listing (404), anonymous (401)", async () => {
    const owner = await caregiverWithListing();
    const other = await caregiverWithListing();
    const added = (
      await send(owner.call, 'POST', '/api/matchmaking/caregivers/me/photos', await png(), 'image/png')
    ).json<MatchmakingPhoto>();
    expect(
      (await other.call({ method: 'DELETE', url: `/api/matchmaking/caregivers/me/photos/${added.id}` }))
        .statusCode,
    ).toBe(404);
    expect(
      (
        await other.call({
          method: 'PUT',
          url: '/api/matchmaking/caregivers/me/profile-photo',
          payload: { photoId: added.id },
        })
      ).statusCode,
    ).toBe(404);
    const family = await guardianWithClient();
    expect(
      (await family.call({ method: 'GET', url: '/api/matchmaking/caregivers/me/media' })).statusCode,
    ).toBe(404);
    expect((await anonymous({ method: 'GET', url: '/api/matchmaking/caregivers/me/media' })).statusCode).toBe(
      401,
    );
    expect(
      (await anonymous({ method: 'POST', url: '/api/matchmaking/caregivers/me/media-done' })).statusCode,
    ).toBe(401);
    const [row] = await db()
      .select()
      .from(additionalPhotos)
      .where(eq(additionalPhotos.id, added.id as string));
    expect(row).toBeDefined();
  });
});

describe('who sees photos', () => {
  it('shows a listed listing to any signed-in account, an unlisted or hidden one only to its owner and admins', async () => {
    const unlisted = await caregiverWithListing();
    const photo = (
      await send(unlisted.call, 'POST', '/api/matchmaking/caregivers/me/photos', await png(), 'image/png')
    ).json<MatchmakingPhoto>();
    const family = await guardianWithClient();
    expect((await family.call({ method: 'GET', url: photo.url })).statusCode).toBe(404);
    expect((await admin({ method: 'GET', url: photo.url })).statusCode).toBe(200);
    expect((await anonymous({ method: 'GET', url: photo.url })).statusCode).toBe(401);

    await db()
      .update(tinderCaregivers)
      .set({ listedAt: new Date() })
      .where(eq(tinderCaregivers.id, unlisted.caregiverId));
    expect((await family.call({ method: 'GET', url: `${photo.url}?w=96` })).statusCode).toBe(200);
    await db()
      .update(tinderCaregivers)
      .set({ hidden: true })
      .where(eq(tinderCaregivers.id, unlisted.caregiverId));
    expect((await family.call({ method: 'GET', url: photo.url })).statusCode).toBe(404);
    expect((await unlisted.call({ method: 'GET', url: photo.url })).statusCode).toBe(200);
    expect(
      (await family.call({ method: 'GET', url: `/api/matchmaking/media/photos/${randomUUID()}.webp` }))
        .statusCode,
    ).toBe(404);
    expect((await family.call({ method: 'GET', url: `${photo.url}?w=abc` })).statusCode).toBe(400);
  });
});

describe('videos', () => {
  it('stores a WebM, streams it with Range, edits its transcript, keeps one primary, deletes it', async () => {
    const { call, caregiverId } = await caregiverWithListing();
    const first = await send(
      call,
      'POST',
      '/api/matchmaking/caregivers/me/videos',
      webm(),
      'video/webm',
      'me.webm',
    );
    expect(first.statusCode, first.body).toBe(201);
    const video = first.json<MatchmakingVideo>();
    expect(video).toMatchObject({
      isPrimary: true,
      processingStatus: 'READY',
      contentType: 'video/webm',
      transcript: null,
    });

    const whole = await call({ method: 'GET', url: video.url });
    expect(whole.statusCode).toBe(200);
    expect(whole.headers['accept-ranges']).toBe('bytes');
    expect(whole.rawPayload.length).toBe(4096);
    const part = await call({ method: 'GET', url: video.url, headers: { range: 'bytes=0-99' } });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe('bytes 0-99/4096');
    expect(part.rawPayload.subarray(0, 4)).toEqual(Buffer.from([0x1a, 0x45, 0xdf, 0xa3]));
    const past = await call({ method: 'GET', url: video.url, headers: { range: 'bytes=5000-' } });
    expect(past.statusCode).toBe(416);

    const second = await send(
      call,
      'POST',
      '/api/matchmaking/caregivers/me/videos',
      mp4(),
      'video/mp4',
      'me.mp4',
    );
    expect(second.json<MatchmakingVideo>()).toMatchObject({ isPrimary: false, contentType: 'video/mp4' });
    const edited = await call({
      method: 'PUT',
      url: `/api/matchmaking/caregivers/me/videos/${second.json<MatchmakingVideo>().id}`,
      payload: { transcript: '  Hello, I am Rosa.  ', isPrimary: true },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json<MatchmakingVideo>()).toMatchObject({
      transcript: 'Hello, I am Rosa.',
      isPrimary: true,
    });
    const media = (
      await call({ method: 'GET', url: '/api/matchmaking/caregivers/me/media' })
    ).json<CaregiverMedia>();
    expect(media.videos.map((v) => v.isPrimary)).toEqual([false, true]);
    const [listing] = await db().select().from(tinderCaregivers).where(eq(tinderCaregivers.id, caregiverId));
    expect(listing?.videoBio).toMatch(/\.mp4$/);

    const tooLong = await call({
      method: 'PUT',
      url: `/api/matchmaking/caregivers/me/videos/${video.id}`,
      payload: { transcript: 'x'.repeat(5001) },
    });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.body).toContain('transcript');

    expect(
      (
        await call({
          method: 'DELETE',
          url: `/api/matchmaking/caregivers/me/videos/${second.json<MatchmakingVideo>().id}`,
        })
      ).statusCode,
    ).toBe(204);
    const after = (
      await call({ method: 'GET', url: '/api/matchmaking/caregivers/me/media' })
    ).json<CaregiverMedia>();
    expect(after.videos).toHaveLength(1);
    expect(after.videos[0]?.isPrimary).toBe(true);
  });

  it('refuses a file whose first bytes are not a video (415 file), another caregiver (404), anonymous (401)', async () => {
    const owner = await caregiverWithListing();
    const disguised = await send(
      owner.call,
      'POST',
      '/api/matchmaking/caregivers/me/videos',
      Buffer.from('<html>hi</html>'.repeat(10)),
      'video/mp4',
    );
    expect(disguised.statusCode).toBe(415);
    expect(disguised.json<{ errors: Array<{ path: string }> }>().errors[0]?.path).toBe('file');
    const wrongType = await send(
      owner.call,
      'POST',
      '/api/matchmaking/caregivers/me/videos',
      webm(),
      'image/png',
    );
    expect(wrongType.statusCode).toBe(415);

    const video = (
      await send(owner.call, 'POST', '/api/matchmaking/caregivers/me/videos', webm(), 'video/webm')
    ).json<MatchmakingVideo>();
    const other = await caregiverWithListing();
    expect((await other.call({ method: 'GET', url: video.url })).statusCode).toBe(404);
    expect(
      (
        await other.call({
          method: 'PUT',
          url: `/api/matchmaking/caregivers/me/videos/${video.id}`,
          payload: { transcript: 'x' },
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (await other.call({ method: 'DELETE', url: `/api/matchmaking/caregivers/me/videos/${video.id}` }))
        .statusCode,
    ).toBe(404);
    expect((await anonymous({ method: 'GET', url: video.url })).statusCode).toBe(401);
    expect((await admin({ method: 'GET', url: video.url })).statusCode).toBe(200);
  });
});

describe('mobile upload links', () => {
  it('lets the token alone upload one photo for that listing, then refuses it as used', async () => {
    const { call, clientId } = await guardianWithClient();
    const created = await call({
      method: 'POST',
      url: '/api/matchmaking/mobile-upload-links',
      payload: { purpose: 'client-avatar', profileId: clientId },
    });
    expect(created.statusCode, created.body).toBe(201);
    const link = created.json<{ id: string; url: string; expiresAt: string }>();
    const token = new URL(link.url).searchParams.get('token') ?? '';
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const [row] = await db().select().from(mobileUploadLinks).where(eq(mobileUploadLinks.id, link.id));
    expect(row?.tokenHash).toMatch(/^[0-9a-f]{64}$/);
    expect(row?.tokenHash).not.toContain(token);
    expect(Date.parse(link.expiresAt) - Date.now()).toBeGreaterThan(29 * 60_000);

    const checked = await anonymous({
      method: 'POST',
      url: '/api/matchmaking/mobile-upload/check',
      payload: { token },
    });
    expect(checked.statusCode).toBe(200);
    expect(checked.json()).toMatchObject({ purpose: 'client-avatar' });
    expect(
      (await call({ method: 'GET', url: `/api/matchmaking/mobile-upload-links/${link.id}` })).json(),
    ).toMatchObject({ status: 'waiting' });

    const body = fileUpload(await png(), 'image/png');
    const uploaded = await anonymous({
      method: 'POST',
      url: '/api/matchmaking/mobile-upload',
      payload: body.payload,
      headers: { ...body.headers, 'x-upload-token': token },
    });
    expect(uploaded.statusCode, uploaded.body).toBe(201);
    const avatar = (
      await call({ method: 'GET', url: `/api/matchmaking/clients/${clientId}/avatar` })
    ).json<ClientAvatar>();
    expect(avatar.photo).not.toBeNull();
    expect(
      (await call({ method: 'GET', url: `/api/matchmaking/mobile-upload-links/${link.id}` })).json(),
    ).toMatchObject({ status: 'used' });

    const again = await anonymous({
      method: 'POST',
      url: '/api/matchmaking/mobile-upload',
      payload: body.payload,
      headers: { ...body.headers, 'x-upload-token': token },
    });
    expect(again.statusCode).toBe(403);
    expect(again.json<{ errors: Array<{ message: string }> }>().errors[0]?.message).toBe('used');
  });

  it('keeps the link after a refused file, and uploads a video and additional photo through a token field', async () => {
    const { call, caregiverId } = await caregiverWithListing();
    const link = async (purpose: string) => {
      const response = await call({
        method: 'POST',
        url: '/api/matchmaking/mobile-upload-links',
        payload: { purpose, profileId: caregiverId },
      });
      expect(response.statusCode, response.body).toBe(201);
      return new URL(response.json<{ url: string }>().url).searchParams.get('token') ?? '';
    };
    const videoToken = await link('caregiver-video');
    const post = (token: string, data: Buffer, type: string) => {
      const body = multipartBody([
        { name: 'token', data: token },
        { name: 'file', filename: 'f', contentType: type, data },
      ]);
      return anonymous({
        method: 'POST',
        url: '/api/matchmaking/mobile-upload',
        payload: body.payload,
        headers: body.headers,
      });
    };
    expect((await post(videoToken, Buffer.from('nope nope nope'), 'video/mp4')).statusCode).toBe(415);
    expect((await post(videoToken, mp4(), 'video/mp4')).statusCode).toBe(201);
    expect((await post(await link('additional-photo'), await png(), 'image/png')).statusCode).toBe(201);
    expect((await post(await link('caregiver-photo'), await png(), 'image/png')).statusCode).toBe(201);
    const media = (
      await call({ method: 'GET', url: '/api/matchmaking/caregivers/me/media' })
    ).json<CaregiverMedia>();
    expect(media.videos).toHaveLength(1);
    expect(media.photos).toHaveLength(1);
    expect(media.profilePhoto).not.toBeNull();
  });

  it('refuses an expired or tampered token, a link for someone else, and a status read by another account', async () => {
    const { call, clientId } = await guardianWithClient();
    const other = await guardianWithClient();
    const foreign = await other.call({
      method: 'POST',
      url: '/api/matchmaking/mobile-upload-links',
      payload: { purpose: 'client-avatar', profileId: clientId },
    });
    expect(foreign.statusCode).toBe(404);
    expect(
      (
        await anonymous({
          method: 'POST',
          url: '/api/matchmaking/mobile-upload-links',
          payload: { purpose: 'client-avatar', profileId: clientId },
        })
      ).statusCode,
    ).toBe(401);
    const bad = await call({
      method: 'POST',
      url: '/api/matchmaking/mobile-upload-links',
      payload: { purpose: 'selfie', profileId: clientId },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('purpose');

    const created = (
      await call({
        method: 'POST',
        url: '/api/matchmaking/mobile-upload-links',
        payload: { purpose: 'client-avatar', profileId: clientId },
      })
    ).json<{ id: string; url: string }>();
    const token = new URL(created.url).searchParams.get('token') ?? '';
    expect(
      (await other.call({ method: 'GET', url: `/api/matchmaking/mobile-upload-links/${created.id}` }))
        .statusCode,
    ).toBe(404);
    const tampered = `${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`;
    const refusedTampered = await anonymous({
      method: 'POST',
      url: '/api/matchmaking/mobile-upload/check',
      payload: { token: tampered },
    });
    expect(refusedTampered.statusCode).toBe(403);
    expect(refusedTampered.json<{ errors: Array<{ message: string }> }>().errors[0]?.message).toBe('invalid');

    await db()
      .update(mobileUploadLinks)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(mobileUploadLinks.id, created.id));
    const expired = await anonymous({
      method: 'POST',
      url: '/api/matchmaking/mobile-upload/check',
      payload: { token },
    });
    expect(expired.statusCode).toBe(403);
    expect(expired.json<{ errors: Array<{ message: string }> }>().errors[0]?.message).toBe('expired');
    const body = fileUpload(await png(), 'image/png');
    const upload = await anonymous({
      method: 'POST',
      url: '/api/matchmaking/mobile-upload',
      payload: body.payload,
      headers: { ...body.headers, 'x-upload-token': token },
    });
    expect(upload.statusCode).toBe(403);
    const [row] = await db().select().from(tinderClients).where(eq(tinderClients.id, clientId));
    expect(row?.profilePicture).toBeNull();
    expect(
      (await call({ method: 'GET', url: `/api/matchmaking/mobile-upload-links/${created.id}` })).json(),
    ).toMatchObject({ status: 'expired' });
  });
});
