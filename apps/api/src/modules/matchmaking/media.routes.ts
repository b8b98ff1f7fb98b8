/**
 * The matchmaking media routes (contracts `matchmakingMediaEndpoints`; docs/matchmaking.md "Media"; decision 0055).
 * Signed-in (relaxed tier), except the phone's mobile-upload check and upload, which the link's token alone allows.
 * Someone else's listing is 404, the same body as an unknown id; bad input 400 naming the field; a file of the wrong
 * type 415 and a too-large one 413, both naming `file`.
 */
import type { MultipartFile } from '@fastify/multipart';
import type { FastifyReply, FastifyRequest } from 'fastify';
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
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'Send the file as multipart/form-data, in a part named "file"');
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
  if (first && typeof first === 'object' && 'value' in first && typeof first.value === 'string') return first.value;
  throw new AppError('VALIDATION_FAILED', 'token is required', [{ path: 'token', message: 'is required' }]);
}

/** Registers the media routes over `deps`. */
export function mediaRoutes(deps: MatchmakingDeps): FastifyPluginAsyncZod {
  return async (app) => {
    const signedIn = { tags: ['matchmaking'], preValidation: guard(deps.db, 'auth', 'matchmaking_media') };
    const open = { tags: ['matchmaking'], config: { rateLimit: { max: 30, timeWindow: '1 minute' } } };
    const account = (request: FastifyRequest) => callerAccount(deps, request.ctx);
    const ownListing = async (request: FastifyRequest) => ownCaregiverListing(deps.db, await account(request));

    route(app, e.getClientAvatar, signedIn, async (request) =>
      getClientAvatar(deps, await account(request), request.params.id),
    );
    route(app, e.uploadClientAvatar, signedIn, (request, reply) =>
      upload(request, reply, async () => {
        const caller = await account(request);
        const bytes = await readPhotoPart(await filePart(request, PHOTO_PART_BYTES));
        return setClientAvatar(deps, request.ctx, caller, request.params.id, bytes);
      }),
    );
    route(app, e.deleteClientAvatar, signedIn, async (request) =>
      removeClientAvatar(deps, request.ctx, await account(request), request.params.id),
    );
    route(app, e.skipClientAvatar, signedIn, async (request) =>
      skipClientAvatar(deps, request.ctx, await account(request), request.params.id),
    );

    route(app, e.getCaregiverMedia, signedIn, async (request) =>
      caregiverMediaOf(deps.db, await ownListing(request)),
    );
    route(app, e.addCaregiverPhoto, signedIn, (request, reply) =>
      upload(request, reply, async () => {
        const listing = await ownListing(request);
        const bytes = await readPhotoPart(await filePart(request, PHOTO_PART_BYTES));
        return addCaregiverPhoto(deps, request.ctx, listing, bytes);
      }),
    );
    route(app, e.deleteCaregiverPhoto, signedIn, async (request) => {
      await deleteCaregiverPhoto(deps, request.ctx, await ownListing(request), request.params.photoId);
      return null;
    });
    route(app, e.setCaregiverProfilePhoto, signedIn, (request, reply) =>
      upload(request, reply, async () => {
        const listing = await ownListing(request);
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
      }),
    );
    route(app, e.addCaregiverVideo, signedIn, (request, reply) =>
      upload(request, reply, async () => {
        const listing = await ownListing(request);
        const video = await openVideoPart(await filePart(request, VIDEO_PART_BYTES));
        return addVideo(deps, request.ctx, listing, video);
      }),
    );
    route(app, e.updateCaregiverVideo, signedIn, async (request) =>
      updateVideo(deps, request.ctx, await ownListing(request), request.params.videoId, request.body),
    );
    route(app, e.deleteCaregiverVideo, signedIn, async (request) => {
      await deleteVideo(deps, request.ctx, await ownListing(request), request.params.videoId);
      return null;
    });
    route(app, e.finishCaregiverMedia, signedIn, async (request) =>
      finishCaregiverMedia(deps, request.ctx, await ownListing(request)),
    );

    route(app, e.getMatchmakingPhoto, signedIn, async (request, reply) => {
      const object = await openPhoto(deps, request.ctx, await account(request), request.params['*']);
      const width = photoWidth(request.query.w);
      return sendRendered(reply, object, { width, format: 'webp', quality: 80 }, 'private');
    });
    route(app, e.getMatchmakingVideo, signedIn, async (request, reply) => {
      const range = request.headers.range;
      const object = await openVideo(deps, request.ctx, await account(request), request.params.videoId, { range });
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

    route(app, e.createMobileUploadLink, signedIn, async (request) =>
      createMobileUploadLink(deps, request.ctx, await account(request), request.body),
    );
    route(app, e.getMobileUploadLink, signedIn, async (request) =>
      mobileUploadLinkStatus(deps, await account(request), request.params.linkId),
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
}
