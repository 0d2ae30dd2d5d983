import { describe, expect, it } from 'vitest';
import { checkImage, MAX_IMAGE_SIDE } from './image-check';
import {
  concat,
  GIF_1X1,
  jpegOfSize,
  jpegWithExif,
  png16OfSize,
  pngWithText,
  JPEG_2X2,
  PNG_1X1,
  PNG_SIGNATURE,
  pngChunk,
  pngOfSize,
  WEBP_LOSSLESS_1X1,
  WEBP_LOSSY_1X1,
} from './testing/images';

const HTML = '<html><body><script>alert(document.cookie)</script></body></html>';

/** A RIFF/WebP file around the given chunks, with its size field right. */
function riff(...chunks: Uint8Array[]): Uint8Array {
  const body = concat('WEBP', ...chunks);
  const n = body.length;
  return concat('RIFF', [n & 0xff, (n >> 8) & 0xff, (n >> 16) & 0xff, (n >>> 24) & 0xff], body);
}

describe('an image is one whole image, not a signature', () => {
  it('reads real PNG, JPEG, GIF and WebP (lossy and lossless) with their sizes', () => {
    expect(checkImage(PNG_1X1)).toEqual({ ok: true, image: { type: 'image/png', width: 1, height: 1 } });
    expect(checkImage(JPEG_2X2)).toEqual({ ok: true, image: { type: 'image/jpeg', width: 2, height: 2 } });
    expect(checkImage(GIF_1X1)).toEqual({ ok: true, image: { type: 'image/gif', width: 1, height: 1 } });
    expect(checkImage(WEBP_LOSSLESS_1X1)).toEqual({ ok: true, image: { type: 'image/webp', width: 1, height: 1 } });
    expect(checkImage(WEBP_LOSSY_1X1)).toEqual({ ok: true, image: { type: 'image/webp', width: 1, height: 1 } });
  });

  it('refuses a bare signature and every header followed by a page', () => {
    expect(checkImage(PNG_SIGNATURE)).toEqual({ ok: false, problem: 'not-image' });
    for (const head of [concat(PNG_SIGNATURE, HTML), concat([0xff, 0xd8, 0xff, 0xe0], HTML), concat('GIF89a', HTML), concat('RIFF', [0, 0, 0, 0], 'WEBPVP8 ', HTML)]) {
      expect(checkImage(head).ok).toBe(false);
    }
    // The WebP size field right, but a page where the bitstream should be.
    expect(checkImage(riff(concat('VP8 ', [HTML.length, 0, 0, 0], HTML))).ok).toBe(false);
  });

  it('refuses a whole image with anything after its end', () => {
    for (const image of [PNG_1X1, JPEG_2X2, GIF_1X1]) {
      expect(checkImage(concat(image, HTML)).ok).toBe(false);
      expect(checkImage(concat(image, [0])).ok).toBe(false);
    }
    // After a WebP bitstream, even with the RIFF size grown to cover it.
    const vp8l = WEBP_LOSSLESS_1X1.slice(12);
    expect(checkImage(riff(vp8l, concat('HTML', [HTML.length, 0, 0, 0], HTML)))).toEqual({ ok: false, problem: 'not-image' });
    expect(checkImage(concat(WEBP_LOSSLESS_1X1, HTML)).ok).toBe(false);
  });

  it('refuses truncated images and corrupted chunks', () => {
    for (const image of [PNG_1X1, JPEG_2X2, GIF_1X1, WEBP_LOSSLESS_1X1, WEBP_LOSSY_1X1]) {
      expect(checkImage(image.slice(0, image.length - 2)).ok).toBe(false);
      expect(checkImage(image.slice(0, 16)).ok).toBe(false);
    }
    const flipped = PNG_1X1.slice();
    flipped[40] ^= 0xff; // inside the IDAT data: its CRC no longer matches
    expect(checkImage(flipped).ok).toBe(false);
    // No image data at all, or an unknown critical chunk.
    expect(checkImage(concat(PNG_SIGNATURE, PNG_1X1.slice(8, 33), pngChunk('IEND'))).ok).toBe(false);
    expect(checkImage(concat(PNG_1X1.slice(0, 33), pngChunk('HTML', [...new TextEncoder().encode(HTML)]), PNG_1X1.slice(33))).ok).toBe(false);
    // An ancillary chunk (lower-case first letter) is fine.
    expect(checkImage(concat(PNG_1X1.slice(0, 33), pngChunk('tEXt', [...new TextEncoder().encode('Comment\0hola')]), PNG_1X1.slice(33))).ok).toBe(true);
  });

  it(`accepts up to ${MAX_IMAGE_SIDE} px a side and says when a side is larger`, () => {
    expect(checkImage(pngOfSize(MAX_IMAGE_SIDE, MAX_IMAGE_SIDE))).toEqual({ ok: true, image: { type: 'image/png', width: MAX_IMAGE_SIDE, height: MAX_IMAGE_SIDE } });
    expect(checkImage(pngOfSize(MAX_IMAGE_SIDE + 1, 10))).toEqual({ ok: false, problem: 'too-big' });
    expect(checkImage(pngOfSize(10, 100_000))).toEqual({ ok: false, problem: 'too-big' });
    expect(checkImage(pngOfSize(0, 10))).toEqual({ ok: false, problem: 'not-image' });
    const wideJpeg = JPEG_2X2.slice();
    const sof = wideJpeg.findIndex((b, i) => b === 0xff && wideJpeg[i + 1] === 0xc0);
    wideJpeg[sof + 7] = 0x1f; // frame width 0x1F41 = 8001
    wideJpeg[sof + 8] = 0x41;
    expect(checkImage(wideJpeg)).toEqual({ ok: false, problem: 'too-big' });
    const wideGif = GIF_1X1.slice();
    wideGif[7] = 0x20; // logical screen width 8193
    wideGif[6] = 0x01;
    expect(checkImage(wideGif)).toEqual({ ok: false, problem: 'too-big' });
  });

  it('checks only the types asked for (property photos take no GIF)', () => {
    expect(checkImage(GIF_1X1, ['image/jpeg', 'image/png', 'image/webp'])).toEqual({ ok: false, problem: 'not-image' });
    expect(checkImage(PNG_1X1, ['image/jpeg', 'image/png', 'image/webp']).ok).toBe(true);
  });

  it('never throws, whatever the bytes', () => {
    let seed = 7;
    const random = () => (seed = (seed * 1103515245 + 12345) & 0x7fffffff) & 0xff;
    for (const image of [PNG_1X1, JPEG_2X2, GIF_1X1, WEBP_LOSSLESS_1X1, WEBP_LOSSY_1X1]) {
      for (let round = 0; round < 300; round++) {
        const bytes = image.slice();
        for (let k = 0; k < 3; k++) bytes[8 + (random() % (bytes.length - 8))] = random();
        expect(() => checkImage(bytes.slice(0, bytes.length - (random() % 4)))).not.toThrow();
      }
    }
  });
});

describe('limits judged from the header alone', () => {
  it('refuses more pixels or a longer side than asked, whatever the bytes weigh', () => {
    expect(checkImage(pngOfSize(8000, 8000), undefined, { maxSide: 320 })).toEqual({ ok: false, problem: 'too-big' });
    expect(checkImage(pngOfSize(320, 320), undefined, { maxSide: 320 })).toMatchObject({ ok: true });
    expect(checkImage(pngOfSize(6000, 5000), undefined, { maxPixels: 24_000_000 })).toEqual({ ok: false, problem: 'too-big' });
    expect(checkImage(pngOfSize(6000, 4000), undefined, { maxPixels: 24_000_000 })).toMatchObject({ ok: true });
  });

  it('says which forms a decoder handles apart, and which files carry metadata', () => {
    expect(checkImage(png16OfSize(4, 4), undefined, { plain: true })).toEqual({ ok: false, problem: 'trap' });
    expect(checkImage(png16OfSize(4, 4))).toMatchObject({ ok: true });
    expect(checkImage(jpegOfSize(2, 2, 12), undefined, { plain: true })).toEqual({ ok: false, problem: 'trap' });
    expect(checkImage(JPEG_2X2, undefined, { plain: true, noMetadata: true })).toMatchObject({ ok: true });
    expect(checkImage(jpegWithExif(), undefined, { noMetadata: true })).toEqual({ ok: false, problem: 'metadata' });
    expect(checkImage(pngWithText(), undefined, { noMetadata: true })).toEqual({ ok: false, problem: 'metadata' });
    expect(checkImage(jpegWithExif())).toMatchObject({ ok: true });
  });
});
