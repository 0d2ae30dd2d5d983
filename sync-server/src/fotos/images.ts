/**
 * The gateway's own image work on property photos, with sharp (libvips, http/image-reencode.ts):
 * every decode runs in libuv's thread pool, never on the event loop, and is refused by the
 * header's promise before a pixel is inflated (`limitInputPixels`, after
 * couch-design/image-check.ts has read the structure).
 *
 * - `reencodeUpload`: what a REST upload stores. A client other than the PWA may send a camera's
 *   photo: it is turned upright (EXIF orientation), reduced to fit ORIGINAL_LADO or MINIATURA_LADO
 *   and written again as an 8-bit JPEG without any metadata (no EXIF, GPS, camera, XMP or ICC).
 * - `pdfJpeg`: what the captación PDF embeds. jsPDF would decode a PNG (or a WebP) on the event
 *   loop; sharp turns each stored image into a small JPEG first, which jsPDF embeds as it is. An
 *   image stored before the limits existed that promises too many pixels is refused, never decoded.
 */
import { FOTO_TYPES, FOTOS_MSG, MINIATURA_LADO, ORIGINAL_LADO, SUBIDA_LIMITS, type FotoKind } from '../../../couch-design/fotos/types';
import { checkImage, type ImageProblem } from '../../../couch-design/image-check';
import { HttpError } from '../http/errors';
import { reencodeImage } from '../http/image-reencode';

export interface Encoded {
  data: Buffer;
  width: number;
  height: number;
  mime: 'image/jpeg';
}

const UPLOAD_MSG: Record<ImageProblem, string> = {
  'not-image': FOTOS_MSG.noImagen,
  'too-big': FOTOS_MSG.subidaMedidas,
  trap: FOTOS_MSG.trampa,
  metadata: FOTOS_MSG.metadatos,
};

const SIDE: Record<FotoKind, number> = { foto: MINIATURA_LADO, 'foto-original': ORIGINAL_LADO };
const QUALITY: Record<FotoKind, number> = { foto: 75, 'foto-original': 80 };

/** What the stored images may decode to in the PDF: the largest the write policy lets in. */
const PDF_INPUT_PIXELS = ORIGINAL_LADO * ORIGINAL_LADO;

const bytesOf = (b: Buffer): Uint8Array => new Uint8Array(b.buffer, b.byteOffset, b.byteLength);

async function toJpeg(input: Buffer, limitInputPixels: number, side: number, quality: number): Promise<Encoded> {
  return { ...(await reencodeImage(input, { limitInputPixels, side, format: 'jpeg', quality })), mime: 'image/jpeg' };
}

/** A REST upload's image as it is stored; 400 in Spanish for anything that is not a photo to keep. */
export async function reencodeUpload(input: Buffer, kind: FotoKind): Promise<Encoded> {
  const checked = checkImage(bytesOf(input), FOTO_TYPES, SUBIDA_LIMITS);
  if (!checked.ok) throw new HttpError(400, UPLOAD_MSG[checked.problem]);
  try {
    return await toJpeg(input, SUBIDA_LIMITS.maxPixels ?? PDF_INPUT_PIXELS, SIDE[kind], QUALITY[kind]);
  } catch {
    // Whole by its structure but not decodable (a broken stream inside): not an image to keep.
    throw new HttpError(400, FOTOS_MSG.noImagen);
  }
}

/** A stored image as the PDF draws it (a JPEG of at most `side` px), or null when it cannot be one. */
export async function pdfJpeg(input: Buffer, side: number): Promise<Uint8Array | null> {
  const checked = checkImage(bytesOf(input), FOTO_TYPES, { maxPixels: PDF_INPUT_PIXELS });
  if (!checked.ok) return null;
  try {
    return bytesOf((await toJpeg(input, PDF_INPUT_PIXELS, side, 80)).data);
  } catch {
    return null;
  }
}
