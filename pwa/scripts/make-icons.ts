/**
 * Draws the PWA icons (192 and 512 px PNG) without image libraries: the favicon's house on
 * the theme colour, anti-aliased by supersampling, encoded with node:zlib. The glyph stays
 * inside the central 80 % so the same file works as a maskable icon.
 *
 * Run: npx tsx pwa/scripts/make-icons.ts   (writes pwa/public/icons/icon-{192,512}.png)
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { deflateSync } from 'node:zlib';

type RGB = readonly [number, number, number];
type Point = readonly [number, number];

const BACKGROUND: RGB = [0x1c, 0x21, 0x27]; // manifest theme_color
const HOUSE: RGB = [0xff, 0xff, 0xff];
const DOOR: RGB = [0x4c, 0x90, 0xf0];

// The favicon's shapes, in its 64-unit grid.
const HOUSE_OUTLINE: Point[] = [
  [32, 13], [10, 31.5], [13.6, 35.7], [17, 32.9], [17, 51], [47, 51], [47, 32.9], [50.4, 35.7], [54, 31.5],
];
const CHIMNEY = { x0: 40, y0: 16, x1: 45, y1: 25 };
const DOOR_RECT = { x0: 27, y0: 37, x1: 37, y1: 51 };
const GLYPH_CENTER: Point = [32, 32];
const GLYPH_WIDTH = 44;
const GLYPH_SHARE = 0.6;
const SUPERSAMPLE = 4;

function insidePolygon([x, y]: Point, poly: Point[]): boolean {
  let inside = false;
  for (let i = 0, j = poly.length - 1; i < poly.length; j = i++) {
    const [xi, yi] = poly[i];
    const [xj, yj] = poly[j];
    if (yi > y !== yj > y && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) inside = !inside;
  }
  return inside;
}

function insideRect([x, y]: Point, r: { x0: number; y0: number; x1: number; y1: number }): boolean {
  return x >= r.x0 && x <= r.x1 && y >= r.y0 && y <= r.y1;
}

/** Colour of one point of the glyph grid. */
function colourAt(p: Point): RGB {
  if (insideRect(p, DOOR_RECT)) return DOOR;
  if (insidePolygon(p, HOUSE_OUTLINE) || insideRect(p, CHIMNEY)) return HOUSE;
  return BACKGROUND;
}

function render(size: number): Buffer {
  const scale = (size * GLYPH_SHARE) / GLYPH_WIDTH;
  const rowBytes = size * 4 + 1;
  const raw = Buffer.alloc(rowBytes * size);
  for (let py = 0; py < size; py++) {
    raw[py * rowBytes] = 0; // filter type None
    for (let px = 0; px < size; px++) {
      let r = 0, g = 0, b = 0;
      for (let sy = 0; sy < SUPERSAMPLE; sy++) {
        for (let sx = 0; sx < SUPERSAMPLE; sx++) {
          const x = GLYPH_CENTER[0] + (px + (sx + 0.5) / SUPERSAMPLE - size / 2) / scale;
          const y = GLYPH_CENTER[1] + (py + (sy + 0.5) / SUPERSAMPLE - size / 2) / scale;
          const c = colourAt([x, y]);
          r += c[0]; g += c[1]; b += c[2];
        }
      }
      const n = SUPERSAMPLE * SUPERSAMPLE;
      const o = py * rowBytes + 1 + px * 4;
      raw[o] = Math.round(r / n);
      raw[o + 1] = Math.round(g / n);
      raw[o + 2] = Math.round(b / n);
      raw[o + 3] = 255;
    }
  }
  return encodePng(size, size, raw);
}

const CRC_TABLE = (() => {
  const table = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    table[n] = c >>> 0;
  }
  return table;
})();

function crc32(data: Buffer): number {
  let c = 0xffffffff;
  for (const byte of data) c = CRC_TABLE[(c ^ byte) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const typed = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(typed));
  return Buffer.concat([length, typed, crc]);
}

function encodePng(width: number, height: number, scanlines: Buffer): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 6; // RGBA
  header[10] = 0; // deflate
  header[11] = 0; // adaptive filtering
  header[12] = 0; // no interlace
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(scanlines, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

const outDir = join(dirname(fileURLToPath(import.meta.url)), '..', 'public', 'icons');
mkdirSync(outDir, { recursive: true });
for (const size of [192, 512]) {
  const file = join(outDir, `icon-${size}.png`);
  writeFileSync(file, render(size));
  console.log(`escrito ${file}`);
}
