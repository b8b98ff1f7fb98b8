/**
 * The image renderer (spec s.7 "public and authenticated image render"; issue 21 "resized thumbnails served by an
 * image-render endpoint"; decision 0055), over sharp:
 *
 * - {@link renderImage}: a stored image resized to at most `IMAGE_RENDER_MAX_PIXELS` (2,000 px) a side, re-encoded as
 *   WebP, JPEG or PNG, EXIF rotation applied and every metadata field dropped;
 * - {@link reencodePhoto}: what an uploaded photo becomes before it is stored (rotated by EXIF, at most 2,000 px a
 *   side, WebP, no metadata: a phone photo carries GPS coordinates).
 *
 * Input that is not an image sharp can read is UNSUPPORTED_MEDIA_TYPE (415), never a 500.
 */
import sharp from 'sharp';
import { IMAGE_RENDER_MAX_PIXELS, type ImageRenderQuery } from '@tend/contracts';
import { AppError } from '../http/errors.ts';

/** Largest stored image the renderer reads, in bytes (25 MiB): a larger object is refused with 413. */
export const IMAGE_RENDER_MAX_INPUT_BYTES = 25 * 1024 * 1024;
/** Largest decoded image, in pixels (width × height), so a small "decompression bomb" file is refused. */
const MAX_INPUT_PIXELS = 64_000_000;

/** A rendered image: the bytes and their MIME type. */
export interface RenderedImage {
  body: Buffer;
  contentType: 'image/webp' | 'image/jpeg' | 'image/png';
}

const contentTypes = { webp: 'image/webp', jpeg: 'image/jpeg', png: 'image/png' } as const;

/** The 415 of an input sharp cannot decode. */
function notAnImage(what: string): AppError {
  return new AppError(
    'UNSUPPORTED_MEDIA_TYPE',
    `${what} is not an image this server can read (JPEG, PNG, WebP, GIF, AVIF or TIFF)`,
  );
}

/**
 * Renders `input` (the bytes of a stored image) as `options` say: `width`/`height` in pixels (1..2,000; one alone keeps
 * the aspect ratio, none keeps the size but caps it at 2,000 px), `resize` cover/contain/fill, `quality` 20..100,
 * `format` webp/jpeg/png. Never enlarges past the source. Errors: PAYLOAD_TOO_LARGE (over
 * {@link IMAGE_RENDER_MAX_INPUT_BYTES}), UNSUPPORTED_MEDIA_TYPE (not a readable image).
 */
export async function renderImage(
  input: Buffer,
  options: Partial<ImageRenderQuery> = {},
): Promise<RenderedImage> {
  if (input.length > IMAGE_RENDER_MAX_INPUT_BYTES) {
    throw new AppError('PAYLOAD_TOO_LARGE', 'The image is too large to render (at most 25 MiB)');
  }
  const format = options.format ?? 'webp';
  const quality = options.quality ?? 80;
  const hasBox = options.width !== undefined || options.height !== undefined;
  try {
    let image = sharp(input, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' }).rotate();
    image = hasBox
      ? image.resize({
          ...(options.width !== undefined ? { width: options.width } : {}),
          ...(options.height !== undefined ? { height: options.height } : {}),
          fit: options.resize ?? 'cover',
          withoutEnlargement: true,
        })
      : image.resize({
          width: IMAGE_RENDER_MAX_PIXELS,
          height: IMAGE_RENDER_MAX_PIXELS,
          fit: 'inside',
          withoutEnlargement: true,
        });
    const encoded =
      format === 'png'
        ? image.png({ quality, compressionLevel: 9 })
        : format === 'jpeg'
          ? image.jpeg({ quality, mozjpeg: true })
          : image.webp({ quality });
    return { body: await encoded.toBuffer(), contentType: contentTypes[format] };
  } catch {
    throw notAnImage('The stored file');
  }
}

/**
 * An uploaded photo made safe to store (issue 21 "strip ALL metadata"): decoded, turned upright by its EXIF
 * orientation, shrunk to at most 2,000 px a side, re-encoded as WebP (quality 85) with no EXIF, GPS, XMP, IPTC or
 * ICC data. Errors: UNSUPPORTED_MEDIA_TYPE naming `file` when it is not a readable image (HEIC only when the
 * installed libvips can decode it).
 */
export async function reencodePhoto(input: Buffer): Promise<{ body: Buffer; width: number; height: number }> {
  try {
    const { data, info } = await sharp(input, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' })
      .rotate()
      .resize({
        width: IMAGE_RENDER_MAX_PIXELS,
        height: IMAGE_RENDER_MAX_PIXELS,
        fit: 'inside',
        withoutEnlargement: true,
      })
      .webp({ quality: 85 })
      .toBuffer({ resolveWithObject: true });
    return { body: data, width: info.width, height: info.height };
  } catch {
    throw new AppError(
      'UNSUPPORTED_MEDIA_TYPE',
      'file could not be read as a photo: send a JPEG, PNG or WebP image (an iPhone HEIC photo: choose "Most Compatible" in the camera settings, or share it as JPEG)',
      [{ path: 'file', message: 'is not a readable photo' }],
    );
  }
}
