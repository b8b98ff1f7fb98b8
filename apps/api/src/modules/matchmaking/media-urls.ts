/**
 * Addresses of matchmaking photos (issue 21 "Media"). A listing's `profile_picture` and an `additional_photo.url`
 * hold the photo's storage path in bucket `MATCHMAKING_PHOTOS_BUCKET` (a random id and an extension, e.g.
 * `3f0c…9a.webp`); the browser loads it from `GET /api/matchmaking/media/photos/<path>?w=<width>`, which checks who
 * may see it and serves a resized copy.
 */

/** The bucket of matchmaking photos (authenticated: never served without a session). */
export const MATCHMAKING_PHOTOS_BUCKET = 'matchmaking-photos';
/** The bucket of caregivers' video bios (authenticated). */
export const MATCHMAKING_VIDEOS_BUCKET = 'matchmaking-videos';

/** The same-origin address of stored photo `path` (null: no photo). */
export function photoUrlOf(path: string | null | undefined): string | null {
  return path ? `/api/matchmaking/media/photos/${encodeURIComponent(path)}` : null;
}
