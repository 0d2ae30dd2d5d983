/**
 * Each photo is resized in the browser before it is stored (issue 22 item 2): a camera's 12 MP
 * file of 4 to 8 MB becomes an original of at most ORIGINAL_LADO px (about 300 KB) and a thumbnail
 * of MINIATURA_LADO px. Drawing the decoded image on a canvas and encoding it again applies the
 * orientation (`imageOrientation: 'from-image'`) and leaves EXIF behind: no location, no camera
 * data. The sizing and quality rules are pure (tested); the canvas part runs in browsers.
 */
import { MAX_MINIATURA_BYTES, MINIATURA_LADO, ORIGINAL_LADO, type FotoMime } from '../../../../../couch-design/fotos/types';

/** JPEG: every browser encodes it (WebP encoding is missing in Safari), and the gateway accepts it. */
export const FOTO_MIME: FotoMime = 'image/jpeg';
/** About 300 KB for a 1600 px photo of a property. */
export const ORIGINAL_CALIDAD = 0.8;
export const MINIATURA_CALIDAD = 0.75;
/** An original above this is encoded again at a lower quality (busy scenes: foliage, gravel). */
export const ORIGINAL_OBJETIVO_BYTES = 450 * 1024;
/** Below this quality the photo is kept as it is: worse looks worse than a bigger file. */
export const CALIDAD_MINIMA = 0.5;

export interface Medidas {
  width: number;
  height: number;
}

/** The size that fits `max` on its long side, keeping the proportions; never enlarged, at least 1 px. */
export function fitWithin(width: number, height: number, max: number): Medidas {
  const w = Math.max(1, Math.round(width));
  const h = Math.max(1, Math.round(height));
  const scale = Math.min(1, max / Math.max(w, h));
  return { width: Math.max(1, Math.round(w * scale)), height: Math.max(1, Math.round(h * scale)) };
}

/** The next quality to try for an encoding of `bytes` above `limit`, or null to keep it. */
export function nextQuality(bytes: number, quality: number, limit: number): number | null {
  if (bytes <= limit) return null;
  const next = Math.round((quality - 0.1) * 100) / 100;
  return next < CALIDAD_MINIMA ? null : next;
}

export interface ResizedPhoto {
  original: Blob;
  miniatura: Blob;
  /** Of the original as stored. */
  ancho: number;
  alto: number;
  mime: FotoMime;
}

/** The file could not be decoded as an image (a HEIC on Chromium, a PDF, a broken file). */
export class NotAnImageError extends Error {}

interface Surface {
  draw(bitmap: ImageBitmap, size: Medidas): void;
  encode(quality: number): Promise<Blob>;
}

/** OffscreenCanvas where there is one (no layout, and it could move to a worker), else a canvas element. */
function surface(size: Medidas): Surface {
  const paint = (ctx: OffscreenCanvasRenderingContext2D | CanvasRenderingContext2D | null, bitmap: ImageBitmap) => {
    if (!ctx) throw new Error('El navegador no pudo dibujar la foto.');
    // JPEG has no transparency: a transparent PNG would turn black without a white background.
    ctx.fillStyle = '#fff';
    ctx.fillRect(0, 0, size.width, size.height);
    ctx.imageSmoothingQuality = 'high';
    ctx.drawImage(bitmap, 0, 0, size.width, size.height);
  };
  if (typeof OffscreenCanvas !== 'undefined') {
    const canvas = new OffscreenCanvas(size.width, size.height);
    return {
      draw: (bitmap) => paint(canvas.getContext('2d'), bitmap),
      encode: (quality) => canvas.convertToBlob({ type: FOTO_MIME, quality }),
    };
  }
  const canvas = document.createElement('canvas');
  canvas.width = size.width;
  canvas.height = size.height;
  return {
    draw: (bitmap) => paint(canvas.getContext('2d'), bitmap),
    encode: (quality) =>
      new Promise<Blob>((resolve, reject) =>
        canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('El navegador no pudo codificar la foto.'))), FOTO_MIME, quality),
      ),
  };
}

async function encodeAt(bitmap: ImageBitmap, max: number, quality: number, limit: number): Promise<{ blob: Blob; size: Medidas }> {
  const size = fitWithin(bitmap.width, bitmap.height, max);
  const target = surface(size);
  target.draw(bitmap, size);
  let q: number | null = quality;
  let blob = await target.encode(q);
  while ((q = nextQuality(blob.size, q, limit)) !== null) blob = await target.encode(q);
  return { blob, size };
}

/** Decodes `file` (orientation applied), then encodes the original and the thumbnail. */
export async function resizePhoto(file: Blob): Promise<ResizedPhoto> {
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(file, { imageOrientation: 'from-image' });
  } catch {
    throw new NotAnImageError();
  }
  try {
    const original = await encodeAt(bitmap, ORIGINAL_LADO, ORIGINAL_CALIDAD, ORIGINAL_OBJETIVO_BYTES);
    const miniatura = await encodeAt(bitmap, MINIATURA_LADO, MINIATURA_CALIDAD, MAX_MINIATURA_BYTES);
    return { original: original.blob, miniatura: miniatura.blob, ancho: original.size.width, alto: original.size.height, mime: FOTO_MIME };
  } finally {
    bitmap.close();
  }
}
