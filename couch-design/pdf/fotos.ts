/**
 * The photos of the captación PDF (issue 22 item 5): the cover large, then up to six more as
 * thumbnails in a grid of three columns. The same code picks, reads and draws them on the gateway
 * (from the `fotos` store) and in the browser (from the device's `fotos` PouchDB database); each
 * side only says how to read one image (`PdfFotoReader`).
 *
 * Formats: jsPDF embeds a JPEG as it is and decodes a PNG (small: thumbnails) itself. WebP is
 * drawn as a box saying so: jsPDF's JavaScript WebP decoder costs about 0.4 s of CPU per 320 px
 * thumbnail (measured on the gateway), which would hold the gateway's event loop for seconds per
 * PDF. The PWA stores JPEG; the browser turns any WebP it holds into JPEG with its own decoder
 * before drawing (pwa/src/features/captaciones/pdf-fotos.ts), and the gateway turns every image
 * into a small JPEG off its event loop (sync-server/src/fotos/images.ts). An image that is missing
 * or that jsPDF cannot read becomes a box saying so, never a failed PDF.
 *
 * Nothing here trusts what a `foto` says of its original (`mime`, `bytes`): the cover is its
 * original only when the bytes read are a JPEG of at most PORTADA_ORIGINAL_MAX_BYTES within
 * ORIGINAL_LADO, and an image is drawn only when its header promises no more than DRAW_LIMITS.
 */
import { checkImage, type ImageLimits } from '../image-check';
import { FOTO_TYPES, MINIATURA_LADO, ORIGINAL_LADO, type FotoMime } from '../fotos/types';
import { MARGIN, pdfText, SECTION_FILL, sectionStart, type PdfKit } from './layout';

/** The fields of a `foto` document the PDF reads (a stored document, or the device's copy). */
export interface PdfFotoRef {
  _id: string;
  orden?: unknown;
  portada?: unknown;
}

/** Cover and thumbnails the PDF shows, in order. */
export interface PdfFotoChoice<T extends PdfFotoRef> {
  portada: T | null;
  miniaturas: T[];
}

/** The image bytes of the photos chosen; `null` where one could not be read. */
export interface PdfFotos {
  portada: Uint8Array | null;
  miniaturas: Array<Uint8Array | null>;
}

/** Reads a photo's thumbnail (`miniatura`) or full-size image (`original`); null when it is not there. */
export type PdfFotoReader<T extends PdfFotoRef> = (foto: T, kind: 'miniatura' | 'original') => Promise<Uint8Array | null>;

export const PDF_MAX_MINIATURAS = 6;
/**
 * The cover comes from the original only when it is a JPEG of at most this size: jsPDF embeds a
 * JPEG without decoding it, so that costs the file its bytes and no CPU (the PWA stores originals
 * at 1,600 px and about 300 KB). A PNG or WebP original would be decoded in JavaScript; its
 * 320 px thumbnail is drawn instead.
 */
export const PORTADA_ORIGINAL_MAX_BYTES = 1024 * 1024;

export const PDF_FOTOS_TITULO = 'Fotos de la propiedad';
export const PDF_FOTO_NO_DISPONIBLE = 'Foto no disponible';
export const PDF_FOTO_WEBP = 'Foto en formato WebP';

const orden = (f: PdfFotoRef): number => (typeof f.orden === 'number' && Number.isFinite(f.orden) ? f.orden : Number.MAX_SAFE_INTEGER);

/** The cover first (`portada`), then by `orden` and id; the first is the cover even when none is marked. */
export function choosePdfFotos<T extends PdfFotoRef>(fotos: readonly T[]): PdfFotoChoice<T> {
  const sorted = [...fotos].sort((a, b) => Number(b.portada === true) - Number(a.portada === true) || orden(a) - orden(b) || a._id.localeCompare(b._id));
  return { portada: sorted[0] ?? null, miniaturas: sorted.slice(1, 1 + PDF_MAX_MINIATURAS) };
}

/**
 * What an image may promise to be drawn: a JPEG is embedded as it is (the reader of the PDF decodes
 * it), a PNG is decoded by jsPDF in JavaScript, so only a thumbnail's size; never 16-bit or the like.
 */
const DRAW_LIMITS: Partial<Record<FotoMime, ImageLimits>> = {
  'image/jpeg': { maxSide: ORIGINAL_LADO, plain: true },
  'image/png': { maxSide: MINIATURA_LADO, plain: true },
};

/** Whether the bytes read as an original can be the cover: a plain JPEG within ORIGINAL_LADO and PORTADA_ORIGINAL_MAX_BYTES. */
export const coverFromOriginal = (bytes: Uint8Array | null): bytes is Uint8Array =>
  !!bytes && bytes.length <= PORTADA_ORIGINAL_MAX_BYTES && checkImage(bytes, ['image/jpeg'], DRAW_LIMITS['image/jpeg']).ok;

/** A reader that fails counts as a missing image: the PDF still comes out, with a box in its place. */
async function readOrNull<T extends PdfFotoRef>(read: PdfFotoReader<T>, foto: T, kind: 'miniatura' | 'original'): Promise<Uint8Array | null> {
  try {
    return await read(foto, kind);
  } catch {
    return null;
  }
}

/** Chooses the photos of a captación and reads their images (cover from its original when it is a cheap JPEG). */
export async function loadPdfFotos<T extends PdfFotoRef>(fotos: readonly T[], read: PdfFotoReader<T>): Promise<PdfFotos> {
  const { portada, miniaturas } = choosePdfFotos(fotos);
  if (!portada) return { portada: null, miniaturas: [] };
  const original = await readOrNull(read, portada, 'original');
  const cover = coverFromOriginal(original) ? original : await readOrNull(read, portada, 'miniatura');
  return { portada: cover, miniaturas: await Promise.all(miniaturas.map((f) => readOrNull(read, f, 'miniatura'))) };
}

export const hasPdfFotos = (fotos: PdfFotos | undefined): fotos is PdfFotos => !!fotos && (fotos.portada !== null || fotos.miniaturas.length > 0);

const FORMAT: Partial<Record<FotoMime, string>> = { 'image/jpeg': 'JPEG', 'image/png': 'PNG' };

/** The image in a box of `w` × `h` mm at (x, y), centred and never stretched; a framed note when it cannot be drawn. */
function drawImage(kit: PdfKit, bytes: Uint8Array | null, x: number, y: number, w: number, h: number): void {
  const { doc } = kit;
  const checked = bytes ? checkImage(bytes, FOTO_TYPES) : null;
  // checkImage was given FOTO_TYPES: the type is one of them.
  const type = checked?.ok ? (checked.image.type as FotoMime) : undefined;
  const format = type && FORMAT[type];
  // Judged by its header before jsPDF reads a byte of it: a bomb or a 16-bit PNG is a box.
  const drawable = !!bytes && !!type && checkImage(bytes, [type], DRAW_LIMITS[type]).ok;
  if (bytes && checked?.ok && format && drawable) {
    const { width, height } = checked.image;
    const scale = Math.min(w / width, h / height);
    const dw = width * scale;
    const dh = height * scale;
    try {
      doc.addImage(bytes, format, x + (w - dw) / 2, y + (h - dh) / 2, dw, dh);
      return;
    } catch {
      // jsPDF could not read it after all: the note below takes its place.
    }
  }
  const note = checked?.ok && checked.image.type === 'image/webp' ? PDF_FOTO_WEBP : PDF_FOTO_NO_DISPONIBLE;
  doc.setDrawColor(200, 200, 200);
  doc.setFillColor(246, 247, 249);
  doc.rect(x, y, w, h, 'FD');
  doc.setFont('helvetica', 'italic');
  doc.setFontSize(9);
  doc.setTextColor(110, 110, 110);
  doc.text(pdfText(note), x + w / 2, y + h / 2, { align: 'center', baseline: 'middle' });
}

const TITLE_H = 7.5;
const COVER_H = 95;
const GAP = 4;
const COLUMNS = 3;
const THUMB_H = 42;

/** The section title band, styled like the tables' heads. */
function drawTitle(kit: PdfKit, y: number, width: number): void {
  const { doc } = kit;
  doc.setFillColor(...SECTION_FILL);
  doc.rect(MARGIN, y, width, TITLE_H, 'F');
  doc.setFont('helvetica', 'bold');
  doc.setFontSize(10.5);
  doc.setTextColor(255, 255, 255);
  doc.text(pdfText(PDF_FOTOS_TITULO), MARGIN + 1.8, y + TITLE_H / 2, { baseline: 'middle' });
}

/** Draws the photos section from `startY`; returns where the next section starts. Nothing at all without photos. */
export function drawFotos(kit: PdfKit, fotos: PdfFotos | undefined, startY: number): number {
  if (!hasPdfFotos(fotos)) return startY;
  const width = kit.doc.internal.pageSize.getWidth() - 2 * MARGIN;
  let y = sectionStart(kit, startY, TITLE_H + GAP + COVER_H);
  drawTitle(kit, y, width);
  y += TITLE_H + GAP;
  drawImage(kit, fotos.portada, MARGIN, y, width, COVER_H);
  y += COVER_H + GAP;
  const cellW = (width - (COLUMNS - 1) * GAP) / COLUMNS;
  for (let i = 0; i < fotos.miniaturas.length; i += COLUMNS) {
    y = sectionStart(kit, y, THUMB_H);
    fotos.miniaturas.slice(i, i + COLUMNS).forEach((bytes, c) => drawImage(kit, bytes, MARGIN + c * (cellW + GAP), y, cellW, THUMB_H));
    y += THUMB_H + GAP;
  }
  return y + 1;
}
