/**
 * Matchmaking media (issue 21 "Media"; spec s.2 `/matchmaking/client/new/{id}/avatar`,
 * `/matchmaking/caregiver/new/{id}/addMedia`, `/matchmaking/caregiver/profilePhoto`, `/matchmaking/mobile-upload`;
 * decision 0055): a client's photo, a caregiver's profile photo, additional photos and video bios with their
 * transcripts, and short-lived links that continue an upload on a phone. Files go up as `multipart/form-data` in a
 * part named `file`; photos are re-encoded (EXIF rotation applied, every metadata field removed, WebP) before they
 * are stored.
 */
import { z } from 'zod';
import { text } from './common.ts';
import { defineEndpoint } from './endpoint.ts';
import { caregiverOnboardingSteps, clientOnboardingSteps } from './matchmaking.ts';

/** Largest photo accepted, in bytes (10 MB; decision 0055). */
export const MATCHMAKING_PHOTO_MAX_BYTES = 10 * 1024 * 1024;
/** Largest video accepted, in bytes (100 MB; decision 0055). */
export const MATCHMAKING_VIDEO_MAX_BYTES = 100 * 1024 * 1024;
/** Photo types accepted (HEIC only when the server's image library can read it; decision 0055). */
export const matchmakingPhotoTypes = [
  'image/jpeg',
  'image/png',
  'image/webp',
  'image/heic',
  'image/heif',
] as const;
/** Video containers accepted (checked by their first bytes, not only the declared type). */
export const matchmakingVideoTypes = ['video/mp4', 'video/webm', 'video/quicktime'] as const;
/** Additional photos a caregiver listing may have (issue 21; decision 0055). */
export const MATCHMAKING_MAX_ADDITIONAL_PHOTOS = 6;
/** Video bios a caregiver listing may have. */
export const MATCHMAKING_MAX_VIDEOS = 3;
/** Longest transcript, in characters. */
export const MATCHMAKING_TRANSCRIPT_MAX = 5000;
/** Widths the photo address serves (`?w=`), in pixels; any other width is rounded up to the next one. */
export const matchmakingPhotoWidths = [96, 160, 320, 640, 1280] as const;

/** What a mobile-upload link becomes (table `mobile_upload_link.purpose`). */
export const mobileUploadPurposes = [
  'client-avatar',
  'caregiver-photo',
  'caregiver-video',
  'additional-photo',
] as const;
export type MobileUploadPurpose = (typeof mobileUploadPurposes)[number];

/** A stored photo: its id (additional photos; null for a listing's own photo) and its same-origin address. */
export const matchmakingPhoto = z.object({
  id: z.uuid().nullable(),
  /** `/api/matchmaking/media/photos/<path>`; add `?w=<px>` for a thumbnail. */
  url: z.string(),
});
export type MatchmakingPhoto = z.infer<typeof matchmakingPhoto>;

/** A video bio (spec s.3 VideoBio) as its owner sees it. */
export const matchmakingVideo = z.object({
  id: z.uuid(),
  /** `/api/matchmaking/media/videos/<id>` (streams with Range). */
  url: z.string(),
  contentType: z.string(),
  transcript: z.string().nullable(),
  /** `READY` once the container checked out (decision 0055). */
  processingStatus: z.string().nullable(),
  isPrimary: z.boolean(),
  createdAt: z.string(),
});
export type MatchmakingVideo = z.infer<typeof matchmakingVideo>;

/** A client listing's photo and onboarding step. */
export const clientAvatar = z.object({
  clientId: z.uuid(),
  firstName: z.string(),
  photo: matchmakingPhoto.nullable(),
  onboardingStep: z.enum(clientOnboardingSteps).nullable(),
});
export type ClientAvatar = z.infer<typeof clientAvatar>;

/** The caller's caregiver listing's media and onboarding step. */
export const caregiverMedia = z.object({
  caregiverId: z.uuid(),
  profilePhoto: matchmakingPhoto.nullable(),
  photos: z.array(matchmakingPhoto),
  videos: z.array(matchmakingVideo),
  onboardingStep: z.enum(caregiverOnboardingSteps).nullable(),
});
export type CaregiverMedia = z.infer<typeof caregiverMedia>;

/** `PUT …/me/profile-photo` as JSON: use additional photo `photoId`, or (no id) keep the current profile photo. */
export const chooseProfilePhotoInput = z.object({
  photoId: z.uuid({ message: 'must be a valid id' }).optional(),
});
export type ChooseProfilePhotoInput = z.infer<typeof chooseProfilePhotoInput>;

/** `PUT …/me/videos/:videoId`: the owner's own transcript (typed or edited) and whether it is the primary video. */
export const updateVideoInput = z.object({
  transcript: text()
    .trim()
    .max(MATCHMAKING_TRANSCRIPT_MAX, { message: `must be at most ${MATCHMAKING_TRANSCRIPT_MAX} characters` })
    .nullable()
    .optional(),
  isPrimary: z
    .literal(true, { message: 'can only be set to true (another video takes over the primary place)' })
    .optional(),
});
export type UpdateVideoInput = z.infer<typeof updateVideoInput>;

/** `POST /api/matchmaking/mobile-upload-links`: an upload of `purpose` for the caller's listing `profileId`. */
export const createMobileUploadLinkInput = z.object({
  purpose: z.enum(mobileUploadPurposes),
  profileId: z.uuid({ message: 'must be a valid id' }),
});
export type CreateMobileUploadLinkInput = z.infer<typeof createMobileUploadLinkInput>;

/** A new mobile-upload link: the phone's address (with the token: shown once) and when it expires. */
export const mobileUploadLink = z.object({
  id: z.uuid(),
  url: z.string(),
  expiresAt: z.string(),
});
export type MobileUploadLink = z.infer<typeof mobileUploadLink>;

/** Whether a link was used yet (the desktop page polls it). */
export const mobileUploadLinkStatus = z.object({
  id: z.uuid(),
  status: z.enum(['waiting', 'used', 'expired']),
  purpose: z.enum(mobileUploadPurposes),
  expiresAt: z.string(),
});
export type MobileUploadLinkStatus = z.infer<typeof mobileUploadLinkStatus>;

/** The phone's token (from the link), for the check before an upload. */
export const mobileUploadTokenInput = z.object({ token: text().min(1).max(200) });

/** What a valid token allows. */
export const mobileUploadTokenInfo = z.object({
  purpose: z.enum(mobileUploadPurposes),
  expiresAt: z.string(),
});
export type MobileUploadTokenInfo = z.infer<typeof mobileUploadTokenInfo>;

/** Header carrying the token of `POST /api/matchmaking/mobile-upload` (or a `token` field before the file part). */
export const MOBILE_UPLOAD_TOKEN_HEADER = 'x-upload-token';

const clientParams = z.object({ id: z.uuid({ message: 'must be a valid id' }) });
const photoParams = z.object({ photoId: z.uuid({ message: 'must be a valid id' }) });
const videoParams = z.object({ videoId: z.uuid({ message: 'must be a valid id' }) });
const linkParams = z.object({ linkId: z.uuid({ message: 'must be a valid id' }) });
const clientStepResult = z.object({ onboardingStep: z.enum(clientOnboardingSteps) });
const caregiverStepResult = z.object({ onboardingStep: z.enum(caregiverOnboardingSteps) });

/** Query of the photo address: `w` the width wanted in pixels (rounded up to `matchmakingPhotoWidths`). */
export const matchmakingPhotoQuery = z.object({
  w: z.coerce
    .number({ message: 'must be a whole number of pixels' })
    .int({ message: 'must be a whole number of pixels' })
    .min(1)
    .max(2000)
    .optional(),
});

export const matchmakingMediaEndpoints = {
  getClientAvatar: defineEndpoint({
    method: 'GET',
    path: '/api/matchmaking/clients/:id/avatar',
    params: clientParams,
    response: { 200: clientAvatar },
  }),
  uploadClientAvatar: defineEndpoint({
    method: 'POST',
    path: '/api/matchmaking/clients/:id/avatar',
    params: clientParams,
    multipart: true,
    response: { 200: clientAvatar },
  }),
  deleteClientAvatar: defineEndpoint({
    method: 'DELETE',
    path: '/api/matchmaking/clients/:id/avatar',
    params: clientParams,
    response: { 200: clientAvatar },
  }),
  skipClientAvatar: defineEndpoint({
    method: 'POST',
    path: '/api/matchmaking/clients/:id/avatar/skip',
    params: clientParams,
    response: { 200: clientStepResult },
  }),
  getCaregiverMedia: defineEndpoint({
    method: 'GET',
    path: '/api/matchmaking/caregivers/me/media',
    response: { 200: caregiverMedia },
  }),
  addCaregiverPhoto: defineEndpoint({
    method: 'POST',
    path: '/api/matchmaking/caregivers/me/photos',
    multipart: true,
    response: { 201: matchmakingPhoto },
  }),
  deleteCaregiverPhoto: defineEndpoint({
    method: 'DELETE',
    path: '/api/matchmaking/caregivers/me/photos/:photoId',
    params: photoParams,
    response: { 204: z.null() },
  }),
  setCaregiverProfilePhoto: defineEndpoint({
    method: 'PUT',
    path: '/api/matchmaking/caregivers/me/profile-photo',
    multipart: true,
    response: { 200: caregiverMedia },
  }),
  addCaregiverVideo: defineEndpoint({
    method: 'POST',
    path: '/api/matchmaking/caregivers/me/videos',
    multipart: true,
    response: { 201: matchmakingVideo },
  }),
  updateCaregiverVideo: defineEndpoint({
    method: 'PUT',
    path: '/api/matchmaking/caregivers/me/videos/:videoId',
    params: videoParams,
    body: updateVideoInput,
    response: { 200: matchmakingVideo },
  }),
  deleteCaregiverVideo: defineEndpoint({
    method: 'DELETE',
    path: '/api/matchmaking/caregivers/me/videos/:videoId',
    params: videoParams,
    response: { 204: z.null() },
  }),
  finishCaregiverMedia: defineEndpoint({
    method: 'POST',
    path: '/api/matchmaking/caregivers/me/media-done',
    response: { 200: caregiverStepResult },
  }),
  getMatchmakingPhoto: defineEndpoint({
    method: 'GET',
    path: '/api/matchmaking/media/photos/*',
    params: z.object({ '*': text().min(1).max(200) }),
    query: matchmakingPhotoQuery,
    response: {},
    produces: ['image/webp'],
  }),
  getMatchmakingVideo: defineEndpoint({
    method: 'GET',
    path: '/api/matchmaking/media/videos/:videoId',
    params: videoParams,
    response: {},
    produces: [...matchmakingVideoTypes],
  }),
  createMobileUploadLink: defineEndpoint({
    method: 'POST',
    path: '/api/matchmaking/mobile-upload-links',
    body: createMobileUploadLinkInput,
    response: { 201: mobileUploadLink },
  }),
  getMobileUploadLink: defineEndpoint({
    method: 'GET',
    path: '/api/matchmaking/mobile-upload-links/:linkId',
    params: linkParams,
    response: { 200: mobileUploadLinkStatus },
  }),
  checkMobileUpload: defineEndpoint({
    method: 'POST',
    path: '/api/matchmaking/mobile-upload/check',
    body: mobileUploadTokenInput,
    response: { 200: mobileUploadTokenInfo },
  }),
  mobileUpload: defineEndpoint({
    method: 'POST',
    path: '/api/matchmaking/mobile-upload',
    multipart: true,
    response: { 201: mobileUploadTokenInfo },
  }),
};
