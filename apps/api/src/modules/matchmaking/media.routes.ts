/**
 * The matchmaking media routes (contracts `matchmakingMediaEndpoints`; docs/matchmaking.md "Media"; decision 0055).
 * Signed-in (relaxed tier), except the phone's mobile-upload check and upload, which the link's token alone allows.
 * Someone else's listing is 404, the same body as an unknown id; bad input 400 naming the field; a file of the wrong
 * type 415 and a too-large one 413, both naming `file`.
 */
import type { MultipartFile } from '@fastify/multipart';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  MOBILE_UPLOAD_TOKEN_HEADER,
  chooseProfilePhotoInput,
  matchmakingMediaEndpoints as e,
} from '@tend/contracts';
import { guard } from '../../platform/auth/auth.plugin.ts';
import { AppError } from '../../platform/http/errors.ts';
import { route } from '../../platform/http/endpoint-route.ts';
import { rangeHeaders } from '../../platform/storage/byte-range.ts';
import { sendRendered } from '../../platform/storage/image-render.routes.ts';
import { callerAccount, ownCaregiverListing, type MatchmakingDeps } from './matchmaking-support.ts';
import { missingFile, openVideoPart, readPhotoPart } from './media.service.ts';
import {
  checkMobileUploadToken,
  createMobileUploadLink,
  mobileUpload,
  mobileUploadLinkStatus,
} from './mobile-upload.service.ts';
import {
  addCaregiverPhoto,
  caregiverMediaOf,
  deleteCaregiverPhoto,
  finishCaregiverMedia,
  getClientAvatar,
  openPhoto,
  photoWidth,
  removeClientAvatar,
  setCaregiverProfilePhoto,
  setClientAvatar,
  skipClientAvatar,
} from './photos.service.ts';
import { addVideo, deleteVideo, openVideo, updateVideo } from './videos.service.ts';

/** The request's one file part (`file`), or VALIDATION_FAILED naming `file`; UNSUPPORTED_MEDIA_TYPE when not multipart. */
async function filePart(request: FastifyRequest, maxBytes: number): Promise<MultipartFile> {
  if (!request.isMultipart()) {
    throw new AppError(
      'UNSUPPORTED_MEDIA_TYPE',
      'Send the file as multipart/form-data, in a part named "file"',
    );
  }
  const part = await request.file({ limits: { fileSize: maxBytes, files: 1 } });
  if (!part) throw missingFile();
  return part;
}

/** Runs an upload; a refusal while the client is still sending closes the connection (see storage.routes.ts). */
async function upload<T>(request: FastifyRequest, reply: FastifyReply, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (!request.raw.complete) void reply.header('connection', 'close');
    throw error;
  }
}

/** Photo parts are read whole (10 MB at most); video parts stream (100 MB, the bucket's limit). */
const PHOTO_PART_BYTES = 10 * 1024 * 1024 + 1;
const VIDEO_PART_BYTES = 100 * 1024 * 1024 + 1;

/** The token of a phone upload: header `x-upload-token`, or a `token` field sent before the file. */
function uploadToken(request: FastifyRequest, part: MultipartFile | null): string {
  const header = request.headers[MOBILE_UPLOAD_TOKEN_HEADER];
  if (typeof header === 'string' && header.length > 0) return header;
  const field = part?.fields.token;
  const first: unknown = Array.isArray(field) ? field[0] : field;
  if (first && typeof first === 'object' && 'value' in first && typeof first.value === 'string')
    return first.value;
  throw new AppError('VALIDATION_FAILED', 'token is required', [{ path: 'token', message: 'is required' }]);
}

type RouteSet = (app: FastifyInstance, deps: MatchmakingDeps) => void;

const signedIn = (deps: MatchmakingDeps) => ({
  tags: ['matchmaking'],
  preValidation: guard(deps.db, 'auth', 'matchmaking_media'),
});
const account = (deps: MatchmakingDeps, request: FastifyRequest) => callerAccount(deps, request.ctx);
const ownListing = async (deps: MatchmakingDeps, request: FastifyRequest) =>
  ownCaregiverListing(deps.db, await account(deps, request));

/** A client listing's photo: read, upload, delete, skip. */
const clientPhotoRoutes: RouteSet = (app, deps) => {
  const options = signedIn(deps);
  route(app, e.getClientAvatar, options, async (request) =>
    getClientAvatar(deps, await account(deps, request), request.params.id),
  );
  route(app, e.uploadClientAvatar, options, (request, reply) =>
    upload(request, reply, async () => {
      const caller = await account(deps, request);
      const bytes = await readPhotoPart(await filePart(request, PHOTO_PART_BYTES));
      return setClientAvatar(deps, request.ctx, caller, request.params.id, bytes);
    }),
  );
  route(app, e.deleteClientAvatar, options, async (request) =>
    removeClientAvatar(deps, request.ctx, await account(deps, request), request.params.id),
  );
  route(app, e.skipClientAvatar, options, async (request) =>
    skipClientAvatar(deps, request.ctx, await account(deps, request), request.params.id),
  );
};

/** `PUT …/me/profile-photo`: multipart (a new photo) or JSON `{ photoId? }` (400 naming `photoId`). */
async function profilePhoto(deps: MatchmakingDeps, request: FastifyRequest) {
  const listing = await ownListing(deps, request);
  if (request.isMultipart()) {
    const bytes = await readPhotoPart(await filePart(request, PHOTO_PART_BYTES));
    return setCaregiverProfilePhoto(deps, request.ctx, listing, { bytes });
  }
  const parsed = chooseProfilePhotoInput.safeParse(request.body ?? {});
  if (!parsed.success) {
    const errors = parsed.error.issues.map((issue) => ({
      path: issue.path.map(String).join('.') || 'body',
      message: issue.message,
    }));
    throw new AppError('VALIDATION_FAILED', errors.map((x) => `${x.path}: ${x.message}`).join('; '), errors);
  }
  return setCaregiverProfilePhoto(deps, request.ctx, listing, { photoId: parsed.data.photoId });
}

/** The caller's caregiver listing's photos, profile photo, videos and the addMedia step. */
const caregiverMediaRoutes: RouteSet = (app, deps) => {
  const options = signedIn(deps);
  route(app, e.getCaregiverMedia, options, async (request) =>
    caregiverMediaOf(deps.db, await ownListing(deps, request)),
  );
  route(app, e.addCaregiverPhoto, options, (request, reply) =>
    upload(request, reply, async () => {
      const listing = await ownListing(deps, request);
      const bytes = await readPhotoPart(await filePart(request, PHOTO_PART_BYTES));
      return addCaregiverPhoto(deps, request.ctx, listing, bytes);
    }),
  );
  route(app, e.deleteCaregiverPhoto, options, async (request) => {
    await deleteCaregiverPhoto(deps, request.ctx, await ownListing(deps, request), request.params.photoId);
    return null;
  });
  route(app, e.setCaregiverProfilePhoto, options, (request, reply) =>
    upload(request, reply, () => profilePhoto(deps, request)),
  );
  route(app, e.addCaregiverVideo, options, (request, reply) =>
    upload(request, reply, async () => {
      const listing = await ownListing(deps, request);
      const video = await openVideoPart(await filePart(request, VIDEO_PART_BYTES));
      return addVideo(deps, request.ctx, listing, video);
    }),
  );
  route(app, e.updateCaregiverVideo, options, async (request) =>
    updateVideo(deps, request.ctx, await ownListing(deps, request), request.params.videoId, request.body),
  );
  route(app, e.deleteCaregiverVideo, options, async (request) => {
    await deleteVideo(deps, request.ctx, await ownListing(deps, request), request.params.videoId);
    return null;
  });
  route(app, e.finishCaregiverMedia, options, async (request) =>
    finishCaregiverMedia(deps, request.ctx, await ownListing(deps, request)),
  );
};

/** Serving: photos resized by the renderer, videos with Range. */
const servingRoutes: RouteSet = (app, deps) => {
  const options = signedIn(deps);
  route(app, e.getMatchmakingPhoto, options, async (request, reply) => {
    const object = await openPhoto(deps, request.ctx, await account(deps, request), request.params['*']);
    const width = photoWidth(request.query.w);
    return sendRendered(reply, object, { width, format: 'webp', quality: 80 }, 'private');
  });
  route(app, e.getMatchmakingVideo, options, async (request, reply) => {
    const range = request.headers.range;
    const caller = await account(deps, request);
    const object = await openVideo(deps, request.ctx, caller, request.params.videoId, { range });
    return reply
      .header('content-type', object.contentType)
      .header('cache-control', 'private, max-age=3600')
      .header('last-modified', object.lastModified.toUTCString())
      .header('x-content-type-options', 'nosniff')
      .header('accept-ranges', 'bytes')
      .headers(rangeHeaders(object))
      .code(object.unsatisfiable ? 416 : object.range ? 206 : 200)
      .send(object.body);
  });
};

/** Mobile-upload links (signed in) and the phone's check and upload (the token alone; rate limited). */
const mobileUploadRoutes: RouteSet = (app, deps) => {
  const options = signedIn(deps);
  const open = { tags: ['matchmaking'], config: { rateLimit: { max: 30, timeWindow: '1 minute' } } };
  route(app, e.createMobileUploadLink, options, async (request) =>
    createMobileUploadLink(deps, request.ctx, await account(deps, request), request.body),
  );
  route(app, e.getMobileUploadLink, options, async (request) =>
    mobileUploadLinkStatus(deps, await account(deps, request), request.params.linkId),
  );
  route(app, e.checkMobileUpload, open, (request) =>
    checkMobileUploadToken(deps, request.ctx, request.body.token),
  );
  route(app, e.mobileUpload, open, (request, reply) =>
    upload(request, reply, async () => {
      const part = await filePart(request, VIDEO_PART_BYTES);
      return mobileUpload(deps, request.ctx, uploadToken(request, part), part);
    }),
  );
};

/** Registers the media routes over `deps`. */
export function mediaRoutes(deps: MatchmakingDeps): FastifyPluginAsyncZod {
  return async (app) => {
    for (const routes of [clientPhotoRoutes, caregiverMediaRoutes, servingRoutes, mobileUploadRoutes])
      routes(app, deps);
  };
}
