/**
 * Small real images for tests (each decodes in a browser), and a way to build a PNG of any
 * declared size with valid chunks, so the size limit and the structure checks can be tried.
 */
import { crc32 } from '../image-check';

const B64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';

/** Base64 to bytes, with nothing of the DOM or of Node (couch-design's tsconfig has neither). */
function b64(s: string): Uint8Array {
  const out: number[] = [];
  let bits = 0;
  let value = 0;
  for (const c of s.replace(/=+$/, '')) {
    value = (value << 6) | B64.indexOf(c);
    bits += 6;
    if (bits >= 8) {
      bits -= 8;
      out.push((value >> bits) & 0xff);
    }
  }
  return new Uint8Array(out);
}

/** 1 × 1, RGBA. */
export const PNG_1X1 = b64('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==');
/** 2 × 2 grey, baseline, written by jpeg-js. */
export const JPEG_2X2 = b64(
  '/9j/4AAQSkZJRgABAQAAAQABAAD/2wCEABALDA4MChAODQ4SERATGCgaGBYWGDEjJR0oOjM9PDkzODdASFxOQERXRTc4UG1RV19iZ2hnPk1xeXBkeFxlZ2MBERISGBUYLxoaL2NCOEJjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY//AABEIAAIAAgMBEQACEQEDEQH/xAGiAAABBQEBAQEBAQAAAAAAAAAAAQIDBAUGBwgJCgsQAAIBAwMCBAMFBQQEAAABfQECAwAEEQUSITFBBhNRYQcicRQygZGhCCNCscEVUtHwJDNicoIJChYXGBkaJSYnKCkqNDU2Nzg5OkNERUZHSElKU1RVVldYWVpjZGVmZ2hpanN0dXZ3eHl6g4SFhoeIiYqSk5SVlpeYmZqio6Slpqeoqaqys7S1tre4ubrCw8TFxsfIycrS09TV1tfY2drh4uPk5ebn6Onq8fLz9PX29/j5+gEAAwEBAQEBAQEBAQAAAAAAAAECAwQFBgcICQoLEQACAQIEBAMEBwUEBAABAncAAQIDEQQFITEGEkFRB2FxEyIygQgUQpGhscEJIzNS8BVictEKFiQ04SXxFxgZGiYnKCkqNTY3ODk6Q0RFRkdISUpTVFVWV1hZWmNkZWZnaGlqc3R1dnd4eXqCg4SFhoeIiYqSk5SVlpeYmZqio6Slpqeoqaqys7S1tre4ubrCw8TFxsfIycrS09TV1tfY2dri4+Tl5ufo6ery8/T19vf4+fr/2gAMAwEAAhEDEQA/AOkoA//Z',
);
/** 1 × 1 transparent, GIF89a. */
export const GIF_1X1 = b64('R0lGODlhAQABAIAAAP///wAAACH5BAEAAAAALAAAAAABAAEAAAICRAEAOw==');
/** 1 × 1 lossless WebP (VP8L). */
export const WEBP_LOSSLESS_1X1 = b64('UklGRhoAAABXRUJQVlA4TA0AAAAvAAAAEAcQERGIiP4HAA==');
/** 1 × 1 lossy WebP (VP8). */
export const WEBP_LOSSY_1X1 = b64('UklGRiIAAABXRUJQVlA4IBYAAAAwAQCdASoBAAEADsD+JaQAA3AAAAAA');

const u32 = (n: number): number[] => [(n >>> 24) & 0xff, (n >>> 16) & 0xff, (n >>> 8) & 0xff, n & 0xff];

/** One PNG chunk with its length and a valid CRC. */
export function pngChunk(type: string, data: ArrayLike<number> = []): Uint8Array {
  const body = new Uint8Array([...[...type].map((c) => c.charCodeAt(0)), ...Array.from(data)]);
  return new Uint8Array([...u32(data.length), ...body, ...u32(crc32(body, 0, body.length))]);
}

export const PNG_SIGNATURE = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/**
 * A PNG whose header declares `width` × `height` (8-bit grey) with well-formed chunks. Its image
 * data is a tiny zlib stream that does not hold that many pixels: only the size checks read it.
 */
export function pngOfSize(width: number, height: number): Uint8Array {
  const ihdr = pngChunk('IHDR', [...u32(width), ...u32(height), 8, 0, 0, 0, 0]);
  const idat = pngChunk('IDAT', [0x78, 0x9c, 0x63, 0x00, 0x00, 0x00, 0x01, 0x00, 0x01]);
  return concat(PNG_SIGNATURE, ihdr, idat, pngChunk('IEND'));
}

export function concat(...parts: Array<ArrayLike<number> | string>): Uint8Array {
  return new Uint8Array(parts.flatMap((p) => (typeof p === 'string' ? Array.from(new TextEncoder().encode(p)) : Array.from(p))));
}

/**
 * JPEG_2X2 with a comment segment saying `n`: a different file that decodes to the same picture.
 * PDF writers keep one copy of identical images, so a test counting the images a PDF embeds
 * needs photos whose bytes differ, as real ones do.
 */
export function jpegVariant(n: number): Uint8Array {
  const note = new TextEncoder().encode(`foto ${n}`);
  const length = note.length + 2;
  return concat(JPEG_2X2.slice(0, 2), [0xff, 0xfe, length >> 8, length & 0xff], note, JPEG_2X2.slice(2));
}

/** JPEG_2X2 whose frame header says `width` × `height` (and `precision` bits): only header readers believe it. */
export function jpegOfSize(width: number, height: number, precision = 8): Uint8Array {
  const out = JPEG_2X2.slice();
  const at = out.findIndex((b, i) => b === 0xff && out[i + 1] === 0xc0);
  out[at + 4] = precision;
  out.set([height >> 8, height & 0xff, width >> 8, width & 0xff], at + 5);
  return out;
}

/** JPEG_2X2 with an APP1 segment holding `text` after an Exif header (where a camera writes GPS). */
export function jpegWithExif(text = 'GPS 19.4326 -99.1332 Canon EOS serial 1234'): Uint8Array {
  const body = concat('Exif', [0, 0], text);
  const length = body.length + 2;
  return concat(JPEG_2X2.slice(0, 2), [0xff, 0xe1, length >> 8, length & 0xff], body, JPEG_2X2.slice(2));
}

/** PNG_1X1 with a tEXt chunk before its end (an editor's or a camera's note). */
export function pngWithText(text = 'Location\u0000Ciudad de México'): Uint8Array {
  const iend = PNG_1X1.length - 12;
  return concat(PNG_1X1.slice(0, iend), pngChunk('tEXt', Array.from(new TextEncoder().encode(text))), PNG_1X1.slice(iend));
}

/** A PNG whose header says 16 bits per sample (a decoder trap: jsPDF gave an empty PDF for one). */
export function png16OfSize(width: number, height: number): Uint8Array {
  const ihdr = pngChunk('IHDR', [...u32(width), ...u32(height), 16, 0, 0, 0, 0]);
  const idat = pngChunk('IDAT', [0x78, 0x9c, 0x63, 0x00, 0x00, 0x00, 0x01, 0x00, 0x01]);
  return concat(PNG_SIGNATURE, ihdr, idat, pngChunk('IEND'));
}
