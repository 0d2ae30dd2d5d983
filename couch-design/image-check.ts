/**
 * Whether some bytes are a whole image, read by the structure of its container: the first bytes
 * alone prove nothing (an 8-byte PNG signature followed by HTML passes a signature check). Used
 * for profile photos (foto.ts) and meant for property photos too (pass the types they accept).
 *
 * Why a structural parse and not a decoder: couch-design runs in the browser and in Node alike
 * (no zlib, no native code), and no pure-JS decoder covers WebP. What is checked per format:
 * - PNG: chunks that tile the file with valid CRCs, IHDR first (sane dimensions and modes), a
 *   palette when the colour type needs one, consecutive IDATs starting a zlib stream, IEND last.
 * - JPEG: segments with consistent lengths, a frame header (SOF) with its dimensions and
 *   components, at least one scan (SOS) whose entropy-coded data ends at a marker, EOI last.
 * - WebP: the RIFF size equals the file's, chunks tile it, and a VP8, VP8L or VP8X header with
 *   valid signatures and dimensions (an extended file must hold an image or animation frame).
 * - GIF: logical screen, colour tables, at least one image descriptor with its LZW data blocks,
 *   extensions as blocks, and the trailer last.
 * In every format nothing may follow the image's end: trailing bytes are where a page would hide.
 *
 * Each reader also notes what a decoder would have to do beyond the pixels (`trap`: a 16-bit PNG,
 * a JPEG that is not 8-bit baseline or progressive Huffman, an animated WebP) and whether the file
 * carries metadata that can say where and with what it was taken (EXIF, XMP, IPTC, PNG text), so a
 * caller can refuse them by `ImageLimits` before anything inflates a pixel.
 */
import { PHOTO_TYPES, type PhotoType } from './foto';

/** Largest width or height accepted (a 8,000 × 8,000 photo is already 256 MB once decoded). */
export const MAX_IMAGE_SIDE = 8000;

export interface ImageInfo { type: PhotoType; width: number; height: number }

/**
 * What an image may promise, judged from its header alone: sides and pixel count (what decoding
 * it costs), decoder traps, metadata. Without limits only MAX_IMAGE_SIDE applies.
 */
export interface ImageLimits {
  /** Largest width or height (at most MAX_IMAGE_SIDE whatever is asked). */
  maxSide?: number;
  /** Largest width × height. */
  maxPixels?: number;
  /** Refuse what a decoder handles apart: 16-bit PNG, 12-bit, lossless or arithmetic JPEG, animated WebP. */
  plain?: boolean;
  /** Refuse EXIF, XMP, IPTC and PNG text (where a camera writes the place and itself). */
  noMetadata?: boolean;
}

/**
 * `not-image`: not an accepted image at all (or a broken one); `too-big`: more pixels or a longer
 * side than allowed; `trap`: a form a decoder handles apart (ImageLimits.plain); `metadata`: it
 * carries EXIF or the like (ImageLimits.noMetadata).
 */
export type ImageProblem = 'not-image' | 'too-big' | 'trap' | 'metadata';
export type ImageCheck = { ok: true; image: ImageInfo } | { ok: false; problem: ImageProblem };

/** What a reader found: the size, and the flags ImageLimits may refuse. */
interface Read {
  width: number;
  height: number;
  trap: boolean;
  metadata: boolean;
}

class Broken extends Error {}

const fail = (): never => {
  throw new Broken();
};

const ascii = (s: string): number[] => [...s].map((c) => c.charCodeAt(0));
const startsWith = (b: Uint8Array, sig: readonly number[], at = 0): boolean =>
  b.length >= at + sig.length && sig.every((x, i) => b[at + i] === x);

const be16 = (b: Uint8Array, at: number): number => (b[at] << 8) | b[at + 1];
const be32 = (b: Uint8Array, at: number): number => ((b[at] << 24) | (b[at + 1] << 16) | (b[at + 2] << 8) | b[at + 3]) >>> 0;
const le16 = (b: Uint8Array, at: number): number => b[at] | (b[at + 1] << 8);
const le24 = (b: Uint8Array, at: number): number => b[at] | (b[at + 1] << 8) | (b[at + 2] << 16);
const le32 = (b: Uint8Array, at: number): number => (b[at] | (b[at + 1] << 8) | (b[at + 2] << 16) | (b[at + 3] << 24)) >>> 0;
const text4 = (b: Uint8Array, at: number): string => String.fromCharCode(b[at], b[at + 1], b[at + 2], b[at + 3]);

/** Throws unless `count` bytes from `at` are inside the file. */
const need = (b: Uint8Array, at: number, count: number): void => {
  if (at < 0 || count < 0 || at + count > b.length) fail();
};

let crcTable: Uint32Array | undefined;
/** CRC-32 of `b[from..to)`, as PNG chunks carry it. */
export function crc32(b: Uint8Array, from: number, to: number): number {
  if (!crcTable) {
    crcTable = new Uint32Array(256);
    for (let n = 0; n < 256; n++) {
      let c = n;
      for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
      crcTable[n] = c >>> 0;
    }
  }
  let crc = 0xffffffff;
  for (let i = from; i < to; i++) crc = crcTable[(crc ^ b[i]) & 0xff] ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
/** Bit depths allowed for each PNG colour type (PNG specification, table 11.1). */
const PNG_DEPTHS: Record<number, number[]> = { 0: [1, 2, 4, 8, 16], 2: [8, 16], 3: [1, 2, 4, 8], 4: [8, 16], 6: [8, 16] };

/** PNG chunks that carry metadata: EXIF and text (a camera's or an editor's notes). */
const PNG_METADATA = new Set(['eXIf', 'tEXt', 'zTXt', 'iTXt']);

function png(b: Uint8Array): Read {
  let at = PNG_SIGNATURE.length;
  let size: { width: number; height: number } | undefined;
  let trap = false;
  let metadata = false;
  let colourType = -1;
  let palette = false;
  let idat: 'none' | 'open' | 'closed' = 'none';
  for (let index = 0; ; index++) {
    need(b, at, 12);
    const length = be32(b, at);
    if (length > 0x7fffffff) fail();
    const type = text4(b, at + 4);
    if (!/^[A-Za-z]{4}$/.test(type)) fail();
    need(b, at + 8, length + 4);
    const data = at + 8;
    if (crc32(b, at + 4, data + length) !== be32(b, data + length)) fail();
    if ((index === 0) !== (type === 'IHDR')) fail();
    if (type !== 'IDAT' && idat === 'open') idat = 'closed';
    if (type === 'IHDR') {
      if (length !== 13) fail();
      size = { width: be32(b, data), height: be32(b, data + 4) };
      colourType = b[data + 9];
      if (!PNG_DEPTHS[colourType]?.includes(b[data + 8])) fail();
      trap = b[data + 8] === 16;
      if (b[data + 10] !== 0 || b[data + 11] !== 0 || b[data + 12] > 1) fail();
    } else if (type === 'PLTE') {
      if (idat !== 'none' || length === 0 || length % 3 !== 0 || length > 256 * 3) fail();
      palette = true;
    } else if (type === 'IDAT') {
      if (idat === 'closed') fail();
      if (colourType === 3 && !palette) fail();
      if (idat === 'none') {
        // The zlib header of the image data: deflate, and the header's own check.
        if (length < 2 || (b[data] & 0x0f) !== 8 || ((b[data] << 8) | b[data + 1]) % 31 !== 0) fail();
      }
      idat = 'open';
    } else if (type === 'IEND') {
      if (length !== 0 || idat === 'none') fail();
      if (data + 4 !== b.length) fail();
      return size ? { ...size, trap, metadata } : fail();
    } else if (PNG_METADATA.has(type)) {
      metadata = true;
    } else if ((b[at + 4] & 0x20) === 0) {
      // An unknown critical chunk (upper-case first letter): no decoder could show the image.
      fail();
    }
    at = data + length + 4;
  }
}

/** Markers of a JPEG frame header: baseline, extended, progressive, lossless, arithmetic (not DHT C4, JPG C8, DAC CC). */
const isSof = (m: number): boolean => m >= 0xc0 && m <= 0xcf && m !== 0xc4 && m !== 0xc8 && m !== 0xcc;
/** Markers that stand alone, with no length: TEM and the restart markers. */
const isStandalone = (m: number): boolean => m === 0x01 || (m >= 0xd0 && m <= 0xd7);

/**
 * APPn segments that carry metadata: APP1 (EXIF, XMP), APP3 to APP13 (IPTC, Photoshop, cameras'
 * own) and APP15. APP0 (JFIF), APP2 (ICC colour profile) and APP14 (Adobe colour transform) say
 * how to show the pixels and nothing about where they were taken.
 */
const isMetadataSegment = (m: number): boolean => m === 0xe1 || (m >= 0xe3 && m <= 0xed) || m === 0xef;
/** Frame headers every decoder handles alike: 8-bit baseline, extended and progressive Huffman. */
const PLAIN_SOF = new Set([0xc0, 0xc1, 0xc2]);

function jpeg(b: Uint8Array): Read {
  let at = 2;
  let size: { width: number; height: number } | undefined;
  let scans = 0;
  let trap = false;
  let metadata = false;
  for (;;) {
    need(b, at, 2);
    if (b[at] !== 0xff) fail();
    // Any number of 0xFF fill bytes may come before a marker.
    while (b[at + 1] === 0xff) {
      at++;
      need(b, at, 2);
    }
    const marker = b[at + 1];
    at += 2;
    if (marker === 0xd9) {
      if (!size || scans === 0) fail();
      if (at !== b.length) fail();
      return size ? { ...size, trap, metadata } : fail();
    }
    if (marker === 0x00 || marker === 0xd8) fail();
    if (isStandalone(marker)) continue;
    need(b, at, 2);
    const length = be16(b, at);
    if (length < 2) fail();
    need(b, at, length);
    if (isSof(marker)) {
      if (size) fail();
      const components = b[at + 7];
      if (length < 8 || components < 1 || components > 4 || length !== 8 + 3 * components) fail();
      size = { width: be16(b, at + 5), height: be16(b, at + 3) };
      trap = !PLAIN_SOF.has(marker) || b[at + 2] !== 8;
    } else if (isMetadataSegment(marker)) {
      metadata = true;
    } else if (marker === 0xda) {
      if (!size) fail();
      const components = b[at + 2];
      if (components < 1 || components > 4 || length !== 6 + 2 * components) fail();
      scans++;
      at += length;
      // Entropy-coded data: a 0xFF inside it is followed by 0x00 (a stuffed byte) or a restart marker.
      for (;;) {
        need(b, at, 2);
        if (b[at] === 0xff && b[at + 1] !== 0x00 && !(b[at + 1] >= 0xd0 && b[at + 1] <= 0xd7) && b[at + 1] !== 0xff) break;
        at++;
      }
      continue;
    }
    at += length;
  }
}

/** Width and height of a VP8 (lossy) or VP8L (lossless) bitstream's header, or a failure. */
function webpBitstream(b: Uint8Array, kind: string, data: number, length: number): { width: number; height: number } {
  if (kind === 'VP8 ') {
    if (length < 10) fail();
    // A key frame (bit 0 clear), version 0 to 3, shown, and the start code 9D 01 2A.
    if ((b[data] & 0x01) !== 0 || ((b[data] >> 1) & 0x07) > 3 || (b[data] & 0x10) === 0) fail();
    if (!startsWith(b, [0x9d, 0x01, 0x2a], data + 3)) fail();
    return { width: le16(b, data + 6) & 0x3fff, height: le16(b, data + 8) & 0x3fff };
  }
  if (length < 5 || b[data] !== 0x2f) fail();
  const bits = le32(b, data + 1);
  // The three version bits after the alpha hint must be 0.
  if (bits >>> 29 !== 0) fail();
  return { width: (bits & 0x3fff) + 1, height: ((bits >>> 14) & 0x3fff) + 1 };
}

function webp(b: Uint8Array): Read {
  need(b, 0, 12);
  let trap = false;
  let metadata = false;
  if (le32(b, 4) + 8 !== b.length || b.length % 2 !== 0) fail();
  let at = 12;
  let first: string | undefined;
  let size: { width: number; height: number } | undefined;
  let framed = false;
  while (at < b.length) {
    need(b, at, 8);
    const kind = text4(b, at);
    const length = le32(b, at + 4);
    const data = at + 8;
    need(b, data, length + (length % 2));
    if (first === undefined) {
      first = kind;
      if (kind === 'VP8 ' || kind === 'VP8L') size = webpBitstream(b, kind, data, length);
      else if (kind === 'VP8X') {
        if (length !== 10) fail();
        size = { width: le24(b, data + 4) + 1, height: le24(b, data + 7) + 1 };
      } else fail();
    } else if (first === 'VP8X' && (kind === 'VP8 ' || kind === 'VP8L')) {
      const image = webpBitstream(b, kind, data, length);
      if (!size || image.width > size.width || image.height > size.height) fail();
      framed = true;
    } else if (first === 'VP8X' && kind === 'ANMF') {
      if (length < 16 + 8) fail();
      framed = true;
      trap = true;
    } else if (first === 'VP8X' && (kind === 'EXIF' || kind === 'XMP ')) {
      metadata = true;
    } else if (first !== 'VP8X') {
      // A simple file is its one bitstream chunk: anything after it is not part of the image.
      fail();
    }
    at = data + length + (length % 2);
  }
  if (!size || (first === 'VP8X' && !framed)) fail();
  return size ? { ...size, trap, metadata } : fail();
}

function gif(b: Uint8Array): Read {
  need(b, 0, 13);
  const size = { width: le16(b, 6), height: le16(b, 8) };
  let at = 13;
  if (b[10] & 0x80) at += 3 * (1 << ((b[10] & 0x07) + 1));
  let images = 0;
  const skipSubBlocks = (): void => {
    for (;;) {
      need(b, at, 1);
      const n = b[at++];
      if (n === 0) return;
      need(b, at, n);
      at += n;
    }
  };
  for (;;) {
    need(b, at, 1);
    const block = b[at++];
    if (block === 0x3b) {
      if (images === 0 || at !== b.length) fail();
      // An animation is many frames to decode; comments and application blocks are its metadata.
      return { ...size, trap: images > 1, metadata: false };
    }
    if (block === 0x21) {
      need(b, at, 1);
      at++;
      skipSubBlocks();
    } else if (block === 0x2c) {
      need(b, at, 9);
      // A frame's own size is not checked: decoders clip every frame to the logical screen.
      const packed = b[at + 8];
      at += 9;
      if (packed & 0x80) at += 3 * (1 << ((packed & 0x07) + 1));
      need(b, at, 1);
      const codeSize = b[at++];
      if (codeSize < 2 || codeSize > 8) fail();
      skipSubBlocks();
      images++;
    } else {
      fail();
    }
  }
}

const READERS: Record<PhotoType, { signatures: number[][]; read: (b: Uint8Array) => Read }> = {
  'image/png': { signatures: [PNG_SIGNATURE], read: png },
  'image/jpeg': { signatures: [[0xff, 0xd8, 0xff]], read: jpeg },
  'image/gif': { signatures: [ascii('GIF87a'), ascii('GIF89a')], read: gif },
  'image/webp': { signatures: [[...ascii('RIFF'), -1, -1, -1, -1, ...ascii('WEBP')]], read: webp },
};

const matches = (b: Uint8Array, sig: number[]): boolean => b.length >= sig.length && sig.every((x, i) => x === -1 || b[i] === x);

/**
 * The image the bytes are, when they are one whole image of an accepted type with each side
 * from 1 to MAX_IMAGE_SIDE pixels (and within `limits`). Reads the structure only: no pixel is
 * inflated, so a header promising billions of them costs what its bytes cost. Never throws.
 */
export function checkImage(bytes: Uint8Array, accepted: readonly PhotoType[] = PHOTO_TYPES, limits: ImageLimits = {}): ImageCheck {
  const type = accepted.find((t) => READERS[t].signatures.some((s) => matches(bytes, s)));
  if (!type) return { ok: false, problem: 'not-image' };
  let read: Read;
  try {
    read = READERS[type].read(bytes);
  } catch {
    return { ok: false, problem: 'not-image' };
  }
  const { width, height } = read;
  if (width < 1 || height < 1) return { ok: false, problem: 'not-image' };
  const maxSide = Math.min(MAX_IMAGE_SIDE, limits.maxSide ?? MAX_IMAGE_SIDE);
  if (width > maxSide || height > maxSide || width * height > (limits.maxPixels ?? Infinity)) return { ok: false, problem: 'too-big' };
  if (limits.plain && read.trap) return { ok: false, problem: 'trap' };
  if (limits.noMetadata && read.metadata) return { ok: false, problem: 'metadata' };
  return { ok: true, image: { type, width, height } };
}
