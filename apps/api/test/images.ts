/** Images made with sharp for tests of photo uploads and the image renderer (decision 0055). */
import sharp from 'sharp';

/** A PNG of `width` × `height` in one colour. */
export const pngOf = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: { r: 30, g: 120, b: 200 } } })
    .png()
    .toBuffer();

/**
 * A JPEG of `width` × `height` whose EXIF names a camera make (`PhoneCo`) and a GPS position (44° 3' N, 123° 5' W), as a
 * phone photo carries them; `orientation` sets the EXIF orientation flag (6: turned 90°).
 */
export const jpegWithGps = async (width: number, height: number, orientation?: number) =>
  sharp(await pngOf(width, height))
    .jpeg()
    .withExif({
      IFD0: { Make: 'PhoneCo' },
      IFD3: {
        GPSLatitudeRef: 'N',
        GPSLatitude: '44/1 3/1 0/1',
        GPSLongitudeRef: 'W',
        GPSLongitude: '123/1 5/1 0/1',
      },
    })
    .withMetadata(orientation ? { orientation } : {})
    .toBuffer();
