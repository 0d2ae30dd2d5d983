/**
 * Decompression bombs for tests: real PNGs (every pixel is there once inflated) of a few tens of
 * KB that promise hundreds of MB to whoever decodes them. Built row by row through a streaming
 * deflate, so making one costs the test a row, not the image.
 */
import { createDeflate } from 'node:zlib';
import { concat, pngChunk, PNG_SIGNATURE } from '../../../couch-design/testing/images';

const u32 = (n: number): number[] => [(n >>> 24) & 0xff, (n >>> 16) & 0xff, (n >>> 8) & 0xff, n & 0xff];

/** A grey PNG of `width` × `height` black pixels (`depth` 8 or 16 bits), deflated. */
export async function pngBomb(width: number, height: number, depth: 8 | 16 = 8): Promise<Uint8Array> {
  const deflate = createDeflate({ level: 9 });
  const parts: Uint8Array[] = [];
  deflate.on('data', (b: Buffer) => parts.push(new Uint8Array(b)));
  const ended = new Promise<void>((resolve, reject) => {
    deflate.once('end', resolve);
    deflate.once('error', reject);
  });
  // Each row: filter byte 0, then the samples.
  const row = Buffer.alloc(1 + (width * depth) / 8);
  for (let y = 0; y < height; y++) {
    if (!deflate.write(row)) await new Promise((r) => deflate.once('drain', r));
  }
  deflate.end();
  await ended;
  const data = concat(...parts);
  // One IDAT chunk per 64 KB, as encoders write them.
  const idats: Uint8Array[] = [];
  for (let at = 0; at < data.length; at += 65536) idats.push(pngChunk('IDAT', data.subarray(at, at + 65536)));
  return concat(PNG_SIGNATURE, pngChunk('IHDR', [...u32(width), ...u32(height), depth, 0, 0, 0, 0]), ...idats, pngChunk('IEND'));
}
