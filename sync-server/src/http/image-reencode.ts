/**
 * Images the gateway writes again before storing them, with sharp (libvips): the decode runs in
 * libuv's thread pool, never on the event loop, and is refused by the header's promise before a
 * pixel is inflated (`limitInputPixels`; the caller has read the structure with
 * couch-design/image-check.ts first). What comes out is turned upright by its EXIF orientation,
 * fits `side` px, and carries no metadata at all: sharp writes none unless told to, so the place
 * (GPS), the camera (make, model, serial), XMP, IPTC, PNG text and ICC profiles are all left behind
 * (issue 33 item 1). Shared by the property photos (fotos/images.ts) and the profile photos (photo.ts).
 */
import sharp from 'sharp';

export type ReencodedFormat = 'jpeg' | 'png' | 'webp' | 'gif';

export interface ReencodeOptions {
  /** The most pixels the input's header may promise. */
  limitInputPixels: number;
  /** The longest side of what is stored; a smaller image is not enlarged. */
  side: number;
  format: ReencodedFormat;
  /** JPEG and WebP quality. */
  quality?: number;
}

export interface Reencoded {
  data: Buffer;
  width: number;
  height: number;
}

/** The image written again without metadata; rejects (sharp's error) when it cannot be decoded. */
export async function reencodeImage(input: Buffer, { limitInputPixels, side, format, quality = 80 }: ReencodeOptions): Promise<Reencoded> {
  // One frame: an animated GIF or WebP keeps its first, so a profile photo costs one image.
  let image = sharp(input, { limitInputPixels, failOn: 'error', pages: 1 })
    .rotate()
    .resize({ width: side, height: side, fit: 'inside', withoutEnlargement: true });
  // A JPEG has no transparency: what was transparent turns white, not black.
  if (format === 'jpeg') image = image.flatten({ background: '#ffffff' });
  image = image.toColourspace('srgb');
  if (format === 'jpeg') image = image.jpeg({ quality });
  else if (format === 'webp') image = image.webp({ quality });
  else if (format === 'png') image = image.png();
  else image = image.gif();
  const { data, info } = await image.toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
}
