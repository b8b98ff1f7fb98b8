/**
 * Matchmaking photos (issue 21 "Media"; spec s.3 TinderClient.profilePicture, TinderCaregiver.profilePicture,
 * AdditionalPhoto; decision 0055): a client listing's photo (onboarding step `avatar`), a caregiver's profile photo
 * (step `profilePhoto`) and up to `MATCHMAKING_MAX_ADDITIONAL_PHOTOS` additional photos (step `addMedia`, with the
 * videos).
 *
 * Every photo is re-encoded before it is stored (`reencodePhoto`: upright, no metadata, WebP) under a random name in
 * bucket `MATCHMAKING_PHOTOS_BUCKET`. A save stores the file first, then changes the rows, records the step and
 * audits in one transaction; when that fails the new file is removed, and a replaced file is removed after the
 * commit. `claim` (mobile uploads) runs inside that transaction, so a link is spent only with a stored photo.
 */
import { randomUUID } from 'node:crypto';
import { and, asc, count, eq } from 'drizzle-orm';
import {
  MATCHMAKING_MAX_ADDITIONAL_PHOTOS,
  caregiverOnboardingSteps,
  clientOnboardingSteps,
  matchmakingPhotoWidths,
  type CaregiverMedia,
  type CaregiverOnboardingStep,
  type ClientAvatar,
  type ClientOnboardingStep,
  type MatchmakingPhoto,
} from '@tend/contracts';
import { recordAudit } from '../../platform/audit/audit.service.ts';
import type { Executor } from '../../platform/db/client.ts';
import type { RequestContext } from '../../platform/http/context.ts';
import { AppError, notFound } from '../../platform/http/errors.ts';
import { reencodePhoto } from '../../platform/storage/image-render.ts';
import type { Download } from '../../platform/storage/storage.service.ts';
import { lockCaregiverListing, mediaAccess, tooMany, type MediaOwner } from './media.service.ts';
import {
  managedClientListing,
  type MatchmakingAccount,
  type MatchmakingDeps,
} from './matchmaking-support.ts';
import { additionalPhotos, tinderCaregivers, tinderClients } from './matchmaking.table.ts';
import { MATCHMAKING_PHOTOS_BUCKET, photoUrlOf } from './media-urls.ts';
import { recordCaregiverStep, recordClientStep } from './onboarding.ts';
import { listVideos } from './videos.service.ts';

type ClientRow = typeof tinderClients.$inferSelect;
type CaregiverRow = typeof tinderCaregivers.$inferSelect;
/** Work done inside a save's transaction (a mobile upload spends its link here). */
export type Claim = (tx: Executor) => Promise<void>;

const asClientStep = (value: string | null) =>
  (clientOnboardingSteps as readonly string[]).includes(value ?? '') ? (value as ClientOnboardingStep) : null;
const asCaregiverStep = (value: string | null) =>
  (caregiverOnboardingSteps as readonly string[]).includes(value ?? '')
    ? (value as CaregiverOnboardingStep)
    : null;

const photoOf = (id: string | null, path: string | null): MatchmakingPhoto | null => {
  const url = photoUrlOf(path);
  return url ? { id, url } : null;
};

/** Re-encodes and stores `bytes`; resolves the new object's path (`<uuid>.webp`). */
async function storePhoto(deps: MatchmakingDeps, ctx: RequestContext, bytes: Buffer): Promise<string> {
  const { body } = await reencodePhoto(bytes);
  const path = `${randomUUID()}.webp`;
  await deps.storage.upload(ctx, {
    bucketId: MATCHMAKING_PHOTOS_BUCKET,
    path,
    body,
    contentType: 'image/webp',
    cacheControl: 'private, max-age=3600',
  });
  return path;
}

/** Removes stored photos, ignoring ones already gone (a leftover file is harmless; a lost row is not). */
async function removePhotos(deps: MatchmakingDeps, ctx: RequestContext, paths: Array<string | null>) {
  const existing = paths.filter((path): path is string => Boolean(path));
  if (existing.length === 0) return;
  await deps.storage.remove(ctx, MATCHMAKING_PHOTOS_BUCKET, existing).catch(() => undefined);
}

/** Runs `save` in a transaction after `path` was stored; removes `path` again when the transaction fails. */
async function saveOrRemove<T>(
  deps: MatchmakingDeps,
  ctx: RequestContext,
  path: string,
  save: (tx: Executor) => Promise<T>,
): Promise<T> {
  try {
    return await deps.db.transaction(save);
  } catch (error) {
    await removePhotos(deps, ctx, [path]);
    throw error;
  }
}

const clientAvatarOf = (row: ClientRow): ClientAvatar => ({
  clientId: row.id,
  firstName: row.firstName,
  photo: photoOf(null, row.profilePicture),
  onboardingStep: asClientStep(row.onboardingStep),
});

/** Client listing `clientId`'s photo (the caller manages it; else NOT_FOUND). */
export async function getClientAvatar(
  deps: MatchmakingDeps,
  account: MatchmakingAccount,
  clientId: string,
): Promise<ClientAvatar> {
  return clientAvatarOf(await managedClientListing(deps.db, account, clientId));
}

/**
 * Stores `bytes` as client listing `clientId`'s photo, replacing (and deleting) the old one; records step `avatar`;
 * audited `matchmaking_photo.upload`. Errors: NOT_FOUND, UNSUPPORTED_MEDIA_TYPE (`file`), the storage service's.
 */
export async function setClientAvatar(
  deps: MatchmakingDeps,
  ctx: RequestContext,
  account: MatchmakingAccount,
  clientId: string,
  bytes: Buffer,
  claim?: Claim,
): Promise<ClientAvatar> {
  await managedClientListing(deps.db, account, clientId);
  const path = await storePhoto(deps, ctx, bytes);
  const { before, after } = await saveOrRemove(deps, ctx, path, async (tx) => {
    const row = await managedClientListing(tx, account, clientId);
    await claim?.(tx);
    await tx
      .update(tinderClients)
      .set({ profilePicture: path, updatedAt: new Date() })
      .where(eq(tinderClients.id, clientId));
    await recordClientStep(tx, clientId, 'avatar');
    await recordAudit(tx, ctx, {
      action: 'matchmaking_photo.upload',
      entityType: 'tinder_client',
      entityId: clientId,
      details: { purpose: 'client-avatar', replaced: row.profilePicture !== null },
    });
    return { before: row, after: await managedClientListing(tx, account, clientId) };
  });
  await removePhotos(deps, ctx, [before.profilePicture]);
  return clientAvatarOf(after);
}

/** Removes client listing `clientId`'s photo (a no-op without one); audited `matchmaking_photo.delete`. */
export async function removeClientAvatar(
  deps: MatchmakingDeps,
  ctx: RequestContext,
  account: MatchmakingAccount,
  clientId: string,
): Promise<ClientAvatar> {
  const { before, after } = await deps.db.transaction(async (tx) => {
    const row = await managedClientListing(tx, account, clientId);
    if (row.profilePicture) {
      await tx
        .update(tinderClients)
        .set({ profilePicture: null, updatedAt: new Date() })
        .where(eq(tinderClients.id, clientId));
      await recordAudit(tx, ctx, {
        action: 'matchmaking_photo.delete',
        entityType: 'tinder_client',
        entityId: clientId,
        details: { purpose: 'client-avatar' },
      });
    }
    return { before: row, after: await managedClientListing(tx, account, clientId) };
  });
  await removePhotos(deps, ctx, [before.profilePicture]);
  return clientAvatarOf(after);
}

/** "Skip for now": records step `avatar` of client listing `clientId` without a photo; audited `matchmaking_media.step`. */
export async function skipClientAvatar(
  deps: MatchmakingDeps,
  ctx: RequestContext,
  account: MatchmakingAccount,
  clientId: string,
): Promise<{ onboardingStep: ClientOnboardingStep }> {
  return deps.db.transaction(async (tx) => {
    await managedClientListing(tx, account, clientId);
    const onboardingStep = await recordClientStep(tx, clientId, 'avatar');
    await recordAudit(tx, ctx, {
      action: 'matchmaking_media.step',
      entityType: 'tinder_client',
      entityId: clientId,
      details: { step: 'avatar', skipped: true },
    });
    return { onboardingStep };
  });
}

async function photosOf(executor: Executor, caregiverId: string) {
  return executor
    .select()
    .from(additionalPhotos)
    .where(eq(additionalPhotos.caregiverId, caregiverId))
    .orderBy(asc(additionalPhotos.createdAt), asc(additionalPhotos.id));
}

/** Caregiver listing `listing`'s profile photo, additional photos (oldest first), videos and step. */
export async function caregiverMediaOf(executor: Executor, listing: CaregiverRow): Promise<CaregiverMedia> {
  const [photos, videos] = await Promise.all([
    photosOf(executor, listing.id),
    listVideos(executor, listing.id),
  ]);
  return {
    caregiverId: listing.id,
    profilePhoto: photoOf(null, listing.profilePicture),
    photos: photos.map((photo) => ({ id: photo.id, url: photoUrlOf(photo.url) as string })),
    videos,
    onboardingStep: asCaregiverStep(listing.onboardingStep),
  };
}

async function caregiverRow(executor: Executor, id: string): Promise<CaregiverRow> {
  const [row] = await executor.select().from(tinderCaregivers).where(eq(tinderCaregivers.id, id));
  if (!row) throw notFound('Caregiver profile');
  return row;
}

/**
 * Adds `bytes` as an additional photo of caregiver listing `listing` (the caller resolved it as its own or managed);
 * audited `matchmaking_photo.upload`. Errors: CONFLICT naming `file` past `MATCHMAKING_MAX_ADDITIONAL_PHOTOS`,
 * UNSUPPORTED_MEDIA_TYPE (`file`).
 */
export async function addCaregiverPhoto(
  deps: MatchmakingDeps,
  ctx: RequestContext,
  listing: CaregiverRow,
  bytes: Buffer,
  claim?: Claim,
): Promise<MatchmakingPhoto> {
  const full = () => tooMany(MATCHMAKING_MAX_ADDITIONAL_PHOTOS, 'photos');
  const countOf = async (executor: Executor) =>
    (
      await executor
        .select({ n: count() })
        .from(additionalPhotos)
        .where(eq(additionalPhotos.caregiverId, listing.id))
    )[0]?.n ?? 0;
  if ((await countOf(deps.db)) >= MATCHMAKING_MAX_ADDITIONAL_PHOTOS) throw full();
  const path = await storePhoto(deps, ctx, bytes);
  return saveOrRemove(deps, ctx, path, async (tx) => {
    await lockCaregiverListing(tx, listing.id);
    if ((await countOf(tx)) >= MATCHMAKING_MAX_ADDITIONAL_PHOTOS) throw full();
    await claim?.(tx);
    const [row] = await tx
      .insert(additionalPhotos)
      .values({ caregiverId: listing.id, url: path })
      .returning();
    if (!row) throw new Error('additional photo insert returned no row');
    await recordAudit(tx, ctx, {
      action: 'matchmaking_photo.upload',
      entityType: 'tinder_caregiver',
      entityId: listing.id,
      details: { purpose: 'additional-photo', photoId: row.id },
    });
    return { id: row.id, url: photoUrlOf(path) as string };
  });
}

/** Deletes additional photo `photoId` of `listing` and its file; audited. Errors: NOT_FOUND (not this listing's). */
export async function deleteCaregiverPhoto(
  deps: MatchmakingDeps,
  ctx: RequestContext,
  listing: CaregiverRow,
  photoId: string,
): Promise<void> {
  const removed = await deps.db.transaction(async (tx) => {
    const [row] = await tx
      .delete(additionalPhotos)
      .where(and(eq(additionalPhotos.id, photoId), eq(additionalPhotos.caregiverId, listing.id)))
      .returning();
    if (!row) throw notFound('Photo');
    await recordAudit(tx, ctx, {
      action: 'matchmaking_photo.delete',
      entityType: 'tinder_caregiver',
      entityId: listing.id,
      details: { purpose: 'additional-photo', photoId },
    });
    return row;
  });
  await removePhotos(deps, ctx, [removed.url]);
}

/**
 * Sets `listing`'s profile photo from an upload (`bytes`) or from its additional photo `photoId` (copied, so deleting
 * the additional photo later leaves the profile photo), or keeps the current one (neither given); records step
 * `profilePhoto`; audited `matchmaking_photo.choose`. The old profile photo's file is deleted. Errors: NOT_FOUND
 * (`photoId` not this listing's), VALIDATION_FAILED naming `photoId` (nothing given and no photo yet).
 */
export async function setCaregiverProfilePhoto(
  deps: MatchmakingDeps,
  ctx: RequestContext,
  listing: CaregiverRow,
  source: { bytes: Buffer } | { photoId: string | undefined },
  claim?: Claim,
): Promise<CaregiverMedia> {
  let path: string | null = null;
  if ('bytes' in source) {
    path = await storePhoto(deps, ctx, source.bytes);
  } else if (source.photoId) {
    const [photo] = await deps.db
      .select()
      .from(additionalPhotos)
      .where(and(eq(additionalPhotos.id, source.photoId), eq(additionalPhotos.caregiverId, listing.id)));
    if (!photo) throw notFound('Photo');
    path = `${randomUUID()}.webp`;
    await deps.storage.copy(ctx, MATCHMAKING_PHOTOS_BUCKET, photo.url, path);
  } else if (!listing.profilePicture) {
    throw new AppError('VALIDATION_FAILED', 'photoId: choose a photo or upload one first', [
      { path: 'photoId', message: 'choose a photo or upload one first' },
    ]);
  }
  const save = async (tx: Executor) => {
    const before = await caregiverRow(tx, listing.id);
    await claim?.(tx);
    if (path) {
      await tx
        .update(tinderCaregivers)
        .set({ profilePicture: path, updatedAt: new Date() })
        .where(eq(tinderCaregivers.id, listing.id));
    }
    await recordCaregiverStep(tx, listing.id, 'profilePhoto');
    await recordAudit(tx, ctx, {
      action: 'matchmaking_photo.choose',
      entityType: 'tinder_caregiver',
      entityId: listing.id,
      details: {
        source: 'bytes' in source ? 'upload' : source.photoId ? 'additional-photo' : 'kept',
        ...('photoId' in source && source.photoId ? { photoId: source.photoId } : {}),
      },
    });
    return { before, media: await caregiverMediaOf(tx, await caregiverRow(tx, listing.id)) };
  };
  const { before, media } = path
    ? await saveOrRemove(deps, ctx, path, save)
    : await deps.db.transaction(save);
  if (path) await removePhotos(deps, ctx, [before.profilePicture]);
  return media;
}

/** Records step `addMedia` of `listing` (photos and videos are optional there); audited `matchmaking_media.step`. */
export async function finishCaregiverMedia(
  deps: MatchmakingDeps,
  ctx: RequestContext,
  listing: CaregiverRow,
): Promise<{ onboardingStep: CaregiverOnboardingStep }> {
  return deps.db.transaction(async (tx) => {
    const onboardingStep = await recordCaregiverStep(tx, listing.id, 'addMedia');
    const [photos, videos] = await Promise.all([photosOf(tx, listing.id), listVideos(tx, listing.id)]);
    await recordAudit(tx, ctx, {
      action: 'matchmaking_media.step',
      entityType: 'tinder_caregiver',
      entityId: listing.id,
      details: { step: 'addMedia', photos: photos.length, videos: videos.length },
    });
    return { onboardingStep };
  });
}

/** The listing whose photo is stored at `path` (client photo, caregiver profile photo or additional photo). */
async function photoOwner(executor: Executor, path: string): Promise<MediaOwner | null> {
  const [client] = await executor
    .select()
    .from(tinderClients)
    .where(eq(tinderClients.profilePicture, path))
    .limit(1);
  if (client) {
    return {
      kind: 'client',
      listingId: client.id,
      guardianId: client.guardianId,
      listedAt: client.listedAt,
      hidden: client.hidden,
      archived: client.archived,
    };
  }
  const [byProfile] = await executor
    .select({ id: tinderCaregivers.id })
    .from(tinderCaregivers)
    .where(eq(tinderCaregivers.profilePicture, path))
    .limit(1);
  const [byAdditional] = byProfile
    ? [undefined]
    : await executor
        .select({ id: additionalPhotos.caregiverId })
        .from(additionalPhotos)
        .where(eq(additionalPhotos.url, path))
        .limit(1);
  const caregiverId = byProfile?.id ?? byAdditional?.id;
  if (!caregiverId) return null;
  const caregiver = await caregiverRow(executor, caregiverId);
  return {
    kind: 'caregiver',
    listingId: caregiver.id,
    guardianId: null,
    listedAt: caregiver.listedAt,
    hidden: caregiver.hidden,
    archived: caregiver.archived,
  };
}

/** The served width for `?w=`: the next of `matchmakingPhotoWidths` at or above it (default 640). */
export function photoWidth(wanted: number | undefined): number {
  if (wanted === undefined) return 640;
  return matchmakingPhotoWidths.find((width) => width >= wanted) ?? matchmakingPhotoWidths.at(-1) ?? 1280;
}

/**
 * Opens the photo stored at `path` when `account` may see it (file comment of media.service.ts); a read of someone
 * else's listing is audited `matchmaking_photo.read` (ids only). Errors: NOT_FOUND (unknown, or not allowed).
 */
export async function openPhoto(
  deps: MatchmakingDeps,
  ctx: RequestContext,
  account: MatchmakingAccount,
  path: string,
): Promise<Download> {
  const owner = /^[0-9a-f-]{36}\.webp$/.test(path) ? await photoOwner(deps.db, path) : null;
  const access = owner ? mediaAccess(account, owner) : { allowed: false, own: false };
  if (!owner || !access.allowed) throw notFound('Photo');
  if (!access.own) {
    await recordAudit(deps.db, ctx, {
      action: 'matchmaking_photo.read',
      entityType: owner.kind === 'client' ? 'tinder_client' : 'tinder_caregiver',
      entityId: owner.listingId,
    });
  }
  return deps.storage.download(ctx, MATCHMAKING_PHOTOS_BUCKET, path);
}
