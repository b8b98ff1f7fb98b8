/**
 * Caregivers' video bios (issue 21 "videos stored and streamed with Range; a video's transcript is typed or edited by
 * its owner"; spec s.3 VideoBio; decision 0055). A video is accepted when its declared type and its first bytes say
 * MP4, WebM or QuickTime and it is at most 100 MB; it is stored under a random name in `MATCHMAKING_VIDEOS_BUCKET`
 * with `processingStatus` `READY` (nothing is transcoded). At most `MATCHMAKING_MAX_VIDEOS`; one is primary (the
 * first; `tinder_caregiver.video_bio` holds the primary's storage path). Transcripts are the owner's own words;
 * automatic transcription is not part of this step (decision 0055).
 */
import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import { and, asc, count, desc, eq, ne } from 'drizzle-orm';
import { MATCHMAKING_MAX_VIDEOS, type MatchmakingVideo, type UpdateVideoInput } from '@tend/contracts';
import { recordAudit } from '../../platform/audit/audit.service.ts';
import type { Executor } from '../../platform/db/client.ts';
import type { RequestContext } from '../../platform/http/context.ts';
import { notFound } from '../../platform/http/errors.ts';
import type { Download, DownloadOptions } from '../../platform/storage/storage.service.ts';
import { lockCaregiverListing, mediaAccess, tooMany, videoExtension } from './media.service.ts';
import type { MatchmakingAccount, MatchmakingDeps } from './matchmaking-support.ts';
import { tinderCaregivers, videoBios } from './matchmaking.table.ts';
import { MATCHMAKING_VIDEOS_BUCKET } from './media-urls.ts';
import type { Claim } from './photos.service.ts';

type CaregiverRow = typeof tinderCaregivers.$inferSelect;
type VideoRow = typeof videoBios.$inferSelect;

const typeOfPath = (path: string): string =>
  path.endsWith('.webm') ? 'video/webm' : path.endsWith('.mov') ? 'video/quicktime' : 'video/mp4';

const videoOf = (row: VideoRow): MatchmakingVideo => ({
  id: row.id,
  url: `/api/matchmaking/media/videos/${row.id}`,
  contentType: typeOfPath(row.videoUrl),
  transcript: row.transcript,
  processingStatus: row.processingStatus,
  isPrimary: row.isPrimary,
  createdAt: row.createdAt.toISOString(),
});

/** Caregiver listing `caregiverId`'s videos, oldest first. */
export async function listVideos(executor: Executor, caregiverId: string): Promise<MatchmakingVideo[]> {
  const rows = await executor
    .select()
    .from(videoBios)
    .where(eq(videoBios.caregiverId, caregiverId))
    .orderBy(asc(videoBios.createdAt), asc(videoBios.id));
  return rows.map(videoOf);
}

/** Points `tinder_caregiver.video_bio` at the primary video's path (null without one). */
async function syncPrimary(tx: Executor, caregiverId: string): Promise<void> {
  const [primary] = await tx
    .select({ path: videoBios.videoUrl })
    .from(videoBios)
    .where(and(eq(videoBios.caregiverId, caregiverId), eq(videoBios.isPrimary, true)));
  await tx
    .update(tinderCaregivers)
    .set({ videoBio: primary?.path ?? null, updatedAt: new Date() })
    .where(eq(tinderCaregivers.id, caregiverId));
}

/**
 * Stores a checked video stream (`media.service.ts` `openVideoPart`) for `listing`; the first video becomes primary;
 * audited `matchmaking_video.upload`. Errors: CONFLICT naming `file` past `MATCHMAKING_MAX_VIDEOS`, PAYLOAD_TOO_LARGE
 * (bucket limit, 100 MB), the storage service's.
 */
export async function addVideo(
  deps: MatchmakingDeps,
  ctx: RequestContext,
  listing: CaregiverRow,
  video: { contentType: string; body: Readable },
  claim?: Claim,
): Promise<MatchmakingVideo> {
  const full = () => tooMany(MATCHMAKING_MAX_VIDEOS, 'videos');
  const countOf = async (executor: Executor) =>
    (await executor.select({ n: count() }).from(videoBios).where(eq(videoBios.caregiverId, listing.id)))[0]
      ?.n ?? 0;
  if ((await countOf(deps.db)) >= MATCHMAKING_MAX_VIDEOS) {
    video.body.destroy();
    throw full();
  }
  const path = `${randomUUID()}.${videoExtension(video.contentType)}`;
  await deps.storage.upload(ctx, {
    bucketId: MATCHMAKING_VIDEOS_BUCKET,
    path,
    body: video.body,
    contentType: video.contentType,
    cacheControl: 'private, max-age=3600',
  });
  try {
    return await deps.db.transaction(async (tx) => {
      await lockCaregiverListing(tx, listing.id);
      const existing = await countOf(tx);
      if (existing >= MATCHMAKING_MAX_VIDEOS) throw full();
      await claim?.(tx);
      const [row] = await tx
        .insert(videoBios)
        .values({
          caregiverId: listing.id,
          videoUrl: path,
          processingStatus: 'READY',
          isPrimary: existing === 0,
        })
        .returning();
      if (!row) throw new Error('video insert returned no row');
      await syncPrimary(tx, listing.id);
      await recordAudit(tx, ctx, {
        action: 'matchmaking_video.upload',
        entityType: 'tinder_caregiver',
        entityId: listing.id,
        details: { videoId: row.id, primary: row.isPrimary },
      });
      return videoOf(row);
    });
  } catch (error) {
    await deps.storage.remove(ctx, MATCHMAKING_VIDEOS_BUCKET, [path]).catch(() => undefined);
    throw error;
  }
}

async function ownVideo(executor: Executor, listing: CaregiverRow, videoId: string): Promise<VideoRow> {
  const [row] = await executor
    .select()
    .from(videoBios)
    .where(and(eq(videoBios.id, videoId), eq(videoBios.caregiverId, listing.id)));
  if (!row) throw notFound('Video');
  return row;
}

/**
 * Changes video `videoId` of `listing`: `transcript` (the owner's text; empty or null clears it) and `isPrimary: true`
 * (the other videos stop being primary); audited `matchmaking_video.update` with which fields changed, never the text.
 * Errors: NOT_FOUND.
 */
export async function updateVideo(
  deps: MatchmakingDeps,
  ctx: RequestContext,
  listing: CaregiverRow,
  videoId: string,
  input: UpdateVideoInput,
): Promise<MatchmakingVideo> {
  return deps.db.transaction(async (tx) => {
    await ownVideo(tx, listing, videoId);
    if (input.isPrimary) {
      await tx
        .update(videoBios)
        .set({ isPrimary: false, updatedAt: new Date() })
        .where(and(eq(videoBios.caregiverId, listing.id), ne(videoBios.id, videoId)));
    }
    const [row] = await tx
      .update(videoBios)
      .set({
        ...(input.transcript !== undefined ? { transcript: input.transcript || null } : {}),
        ...(input.isPrimary ? { isPrimary: true } : {}),
        updatedAt: new Date(),
      })
      .where(eq(videoBios.id, videoId))
      .returning();
    if (!row) throw notFound('Video');
    if (input.isPrimary) await syncPrimary(tx, listing.id);
    await recordAudit(tx, ctx, {
      action: 'matchmaking_video.update',
      entityType: 'tinder_caregiver',
      entityId: listing.id,
      details: {
        videoId,
        fields: Object.keys(input).filter((key) => input[key as keyof UpdateVideoInput] !== undefined),
        transcriptLength: row.transcript?.length ?? 0,
      },
    });
    return videoOf(row);
  });
}

/** Deletes video `videoId` of `listing` and its file; the newest other video becomes primary. Errors: NOT_FOUND. */
export async function deleteVideo(
  deps: MatchmakingDeps,
  ctx: RequestContext,
  listing: CaregiverRow,
  videoId: string,
): Promise<void> {
  const removed = await deps.db.transaction(async (tx) => {
    const row = await ownVideo(tx, listing, videoId);
    await tx.delete(videoBios).where(eq(videoBios.id, videoId));
    if (row.isPrimary) {
      const [next] = await tx
        .select({ id: videoBios.id })
        .from(videoBios)
        .where(eq(videoBios.caregiverId, listing.id))
        .orderBy(desc(videoBios.createdAt))
        .limit(1);
      if (next) await tx.update(videoBios).set({ isPrimary: true }).where(eq(videoBios.id, next.id));
      await syncPrimary(tx, listing.id);
    }
    await recordAudit(tx, ctx, {
      action: 'matchmaking_video.delete',
      entityType: 'tinder_caregiver',
      entityId: listing.id,
      details: { videoId },
    });
    return row;
  });
  await deps.storage.remove(ctx, MATCHMAKING_VIDEOS_BUCKET, [removed.videoUrl]).catch(() => undefined);
}

/**
 * Opens video `videoId` (the `Range` in `options`) when `account` may see it (media.service.ts); someone else's is
 * audited `matchmaking_video.read` on the first request only (no `Range`, or one from byte 0), not on every range.
 * Errors: NOT_FOUND.
 */
export async function openVideo(
  deps: MatchmakingDeps,
  ctx: RequestContext,
  account: MatchmakingAccount,
  videoId: string,
  options: DownloadOptions,
): Promise<Download & { path: string }> {
  const [row] = await deps.db
    .select({ video: videoBios, caregiver: tinderCaregivers })
    .from(videoBios)
    .innerJoin(tinderCaregivers, eq(tinderCaregivers.id, videoBios.caregiverId))
    .where(eq(videoBios.id, videoId));
  if (!row) throw notFound('Video');
  const access = mediaAccess(account, {
    kind: 'caregiver',
    listingId: row.caregiver.id,
    guardianId: null,
    listedAt: row.caregiver.listedAt,
    hidden: row.caregiver.hidden,
    archived: row.caregiver.archived,
  });
  if (!access.allowed) throw notFound('Video');
  if (!access.own && (!options.range || /^bytes=0-/i.test(options.range.trim()))) {
    await recordAudit(deps.db, ctx, {
      action: 'matchmaking_video.read',
      entityType: 'tinder_caregiver',
      entityId: row.caregiver.id,
      details: { videoId },
    });
  }
  const object = await deps.storage.download(ctx, MATCHMAKING_VIDEOS_BUCKET, row.video.videoUrl, options);
  return Object.assign(object, { path: row.video.videoUrl });
}
