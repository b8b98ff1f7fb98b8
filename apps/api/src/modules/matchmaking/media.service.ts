/**
 * What photos, videos and mobile uploads share (issue 21 "Media"; decision 0055): the two buckets, reading an uploaded
 * part within its limits, and who may see a listing's media.
 *
 * Who may see a photo or video: the listing's owner (its guardian's account, or the caregiver's own account), an
 * admin, or any signed-in account while the listing is listed (`listed_at` set, not hidden, not archived). Anyone
 * else gets NOT_FOUND, the same as an unknown address.
 */
import { Readable } from 'node:stream';
import { eq } from 'drizzle-orm';
import type { MultipartFile } from '@fastify/multipart';
import {
  MATCHMAKING_PHOTO_MAX_BYTES,
  MATCHMAKING_VIDEO_MAX_BYTES,
  matchmakingPhotoTypes,
  matchmakingVideoTypes,
} from '@tend/contracts';
import type { Executor } from '../../platform/db/client.ts';
import { AppError } from '../../platform/http/errors.ts';
import type { StorageService } from '../../platform/storage/storage.service.ts';
import { failWhenTruncated } from '../../platform/storage/storage.routes.ts';
import type { MatchmakingAccount } from './matchmaking-support.ts';
import { tinderCaregivers } from './matchmaking.table.ts';
import { MATCHMAKING_PHOTOS_BUCKET, MATCHMAKING_VIDEOS_BUCKET } from './media-urls.ts';

/**
 * Ensures the media buckets (authenticated, never public): photos JPEG/PNG/WebP/HEIC up to 10 MB (stored re-encoded
 * as WebP), videos MP4/WebM/QuickTime up to 100 MB. Called when the module starts.
 */
export async function ensureMediaBuckets(storage: StorageService): Promise<void> {
  await storage.ensureBucket({
    id: MATCHMAKING_PHOTOS_BUCKET,
    name: 'Matchmaking photos',
    public: false,
    fileSizeLimit: MATCHMAKING_PHOTO_MAX_BYTES,
    allowedMimeTypes: [...matchmakingPhotoTypes],
  });
  await storage.ensureBucket({
    id: MATCHMAKING_VIDEOS_BUCKET,
    name: 'Matchmaking videos',
    public: false,
    fileSizeLimit: MATCHMAKING_VIDEO_MAX_BYTES,
    allowedMimeTypes: [...matchmakingVideoTypes],
  });
}

const fileError = (
  code: 'VALIDATION_FAILED' | 'UNSUPPORTED_MEDIA_TYPE' | 'PAYLOAD_TOO_LARGE',
  message: string,
) => new AppError(code, `file ${message}`, [{ path: 'file', message }]);

/** VALIDATION_FAILED naming `file` (no file part was sent). */
export const missingFile = () =>
  fileError('VALIDATION_FAILED', 'is required: send it in a multipart part named "file"');

const megabytes = (bytes: number) => `${Math.round(bytes / (1024 * 1024))} MB`;

/**
 * The bytes of an uploaded photo part: its declared type must be a photo type, and it must be at most 10 MB. Errors:
 * UNSUPPORTED_MEDIA_TYPE and PAYLOAD_TOO_LARGE naming `file`.
 */
export async function readPhotoPart(part: MultipartFile): Promise<Buffer> {
  const type = part.mimetype.toLowerCase();
  if (!(matchmakingPhotoTypes as readonly string[]).includes(type)) {
    part.file.resume();
    throw fileError(
      'UNSUPPORTED_MEDIA_TYPE',
      `must be a JPEG, PNG, WebP or HEIC photo (it is ${type || 'unknown'})`,
    );
  }
  const chunks: Buffer[] = [];
  let size = 0;
  const tooLarge = () =>
    fileError('PAYLOAD_TOO_LARGE', `is larger than ${megabytes(MATCHMAKING_PHOTO_MAX_BYTES)}`);
  try {
    for await (const chunk of failWhenTruncated(part.file)) {
      size += (chunk as Buffer).length;
      if (size > MATCHMAKING_PHOTO_MAX_BYTES) throw tooLarge();
      chunks.push(chunk as Buffer);
    }
  } catch (error) {
    part.file.resume();
    throw error instanceof AppError && error.code === 'PAYLOAD_TOO_LARGE' ? tooLarge() : error;
  }
  if (size === 0) throw fileError('VALIDATION_FAILED', 'is empty');
  return Buffer.concat(chunks);
}

/**
 * The container of a video from its first bytes: WebM/Matroska (EBML `1A 45 DF A3`), QuickTime (`ftyp` brand `qt  `,
 * or a leading `moov`/`mdat`/`wide`/`free` atom), MP4 (any other `ftyp` brand); null for anything else.
 */
export function sniffVideoType(head: Buffer): (typeof matchmakingVideoTypes)[number] | null {
  if (head.length >= 4 && head.readUInt32BE(0) === 0x1a45dfa3) return 'video/webm';
  if (head.length < 12) return null;
  const box = head.subarray(4, 8).toString('latin1');
  if (box === 'ftyp')
    return head.subarray(8, 12).toString('latin1') === 'qt  ' ? 'video/quicktime' : 'video/mp4';
  if (['moov', 'mdat', 'wide', 'free'].includes(box)) return 'video/quicktime';
  return null;
}

/** The file name extension stored for a video type. */
export const videoExtension = (type: string): string =>
  type === 'video/webm' ? 'webm' : type === 'video/quicktime' ? 'mov' : 'mp4';

/**
 * An uploaded video part as a stream whose container was checked by its first bytes (the declared type must be a
 * video type too). Errors: UNSUPPORTED_MEDIA_TYPE naming `file`, VALIDATION_FAILED (empty). The 100 MB limit is the
 * bucket's (PAYLOAD_TOO_LARGE while streaming).
 */
export async function openVideoPart(part: MultipartFile): Promise<{ contentType: string; body: Readable }> {
  const declared = part.mimetype.toLowerCase();
  if (!(matchmakingVideoTypes as readonly string[]).includes(declared)) {
    part.file.resume();
    throw fileError(
      'UNSUPPORTED_MEDIA_TYPE',
      `must be an MP4, WebM or QuickTime video (it is ${declared || 'unknown'})`,
    );
  }
  const source = failWhenTruncated(part.file);
  const iterator = source[Symbol.asyncIterator]() as AsyncIterator<Buffer>;
  let head = Buffer.alloc(0);
  while (head.length < 12) {
    const next = await iterator.next();
    if (next.done) break;
    head = Buffer.concat([head, next.value]);
  }
  if (head.length === 0) throw fileError('VALIDATION_FAILED', 'is empty');
  const contentType = sniffVideoType(head);
  if (!contentType) {
    source.destroy();
    part.file.resume();
    throw fileError(
      'UNSUPPORTED_MEDIA_TYPE',
      'is not an MP4, WebM or QuickTime video (its first bytes say otherwise)',
    );
  }
  async function* rest() {
    yield head;
    for (;;) {
      const next = await iterator.next();
      if (next.done) return;
      yield next.value;
    }
  }
  return { contentType, body: Readable.from(rest()) };
}

/** A listing's state as far as seeing its media goes. */
export interface MediaOwner {
  kind: 'client' | 'caregiver';
  listingId: string;
  /** The client listing's guardian (null for caregivers). */
  guardianId: string | null;
  listedAt: Date | null;
  hidden: boolean;
  archived: boolean;
}

/** Whether `account` may see the media of `owner` (see the file comment); `own` says whether it manages it. */
export function mediaAccess(
  account: MatchmakingAccount,
  owner: MediaOwner,
): { allowed: boolean; own: boolean } {
  const own =
    owner.kind === 'client'
      ? owner.guardianId !== null && owner.guardianId === account.guardianId
      : owner.listingId === account.tinderCaregiverId;
  if (own || account.role === 'ADMIN') return { allowed: true, own };
  return { allowed: owner.listedAt !== null && !owner.hidden && !owner.archived, own: false };
}

/** CONFLICT naming `file`: a caregiver listing has at most `max` photos or videos (decision 0055). */
export const tooMany = (max: number, noun: 'photos' | 'videos') =>
  new AppError('CONFLICT', `file: a profile has at most ${max} ${noun}; delete one first`, [
    { path: 'file', message: `at most ${max} ${noun}` },
  ]);

/** Locks caregiver listing `caregiverId` for the transaction, so two uploads at once cannot both pass a count. */
export async function lockCaregiverListing(tx: Executor, caregiverId: string): Promise<void> {
  await tx
    .select({ id: tinderCaregivers.id })
    .from(tinderCaregivers)
    .where(eq(tinderCaregivers.id, caregiverId))
    .for('update');
}
