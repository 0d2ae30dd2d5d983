import { describe, expect, it } from 'vitest';
import { sampleCaptacion } from '../captacion/fixtures';
import { checkImage } from '../image-check';
import { concat, JPEG_2X2, jpegOfSize, jpegVariant, png16OfSize, PNG_1X1, pngOfSize, WEBP_LOSSY_1X1 } from '../testing/images';
import { captacionPdf } from './captacion';
import { choosePdfFotos, loadPdfFotos, PDF_FOTO_NO_DISPONIBLE, PDF_FOTO_WEBP, PDF_FOTOS_TITULO, PORTADA_ORIGINAL_MAX_BYTES, type PdfFotoRef } from './fotos';

const textOf = (bytes: Uint8Array): string => Buffer.from(bytes).toString('latin1');
/** Image XObjects in the file: one per drawn JPEG (a PNG with transparency adds its mask). */
const images = (bytes: Uint8Array): number => (textOf(bytes).match(/\/Subtype \/Image/g) ?? []).length;

const foto = (uuid: string, orden: number, extra: Partial<PdfFotoRef> = {}): PdfFotoRef => ({ _id: `foto:c1:${uuid}`, orden, portada: false, ...extra });
const at = new Date('2026-11-26T10:00:00Z');

describe('choosePdfFotos', () => {
  it('puts the marked cover first, then the rest by orden, and keeps six thumbnails', () => {
    const fotos = [foto('h', 7), foto('b', 1), foto('p', 4, { portada: true }), foto('a', 0), foto('c', 2), foto('d', 3), foto('e', 5), foto('f', 6)];
    const { portada, miniaturas } = choosePdfFotos(fotos);
    expect(portada?._id).toBe('foto:c1:p');
    expect(miniaturas.map((f) => f._id.slice(-1))).toEqual(['a', 'b', 'c', 'd', 'e', 'f']);
  });

  it('takes the first by orden as the cover when none is marked, and nothing from an empty list', () => {
    expect(choosePdfFotos([foto('b', 1), foto('a', 0)]).portada?._id).toBe('foto:c1:a');
    expect(choosePdfFotos([])).toEqual({ portada: null, miniaturas: [] });
  });
});

describe('loadPdfFotos', () => {
  it('reads the cover from its original when its bytes are a small JPEG, whatever the photo says of it; its thumbnail otherwise', async () => {
    const big = concat(JPEG_2X2.slice(0, 2), ...Array.from({ length: 17 }, () => concat([0xff, 0xfe, 0xfd, 0xe8], new Uint8Array(65000))), JPEG_2X2.slice(2));
    expect(big.length).toBeGreaterThan(PORTADA_ORIGINAL_MAX_BYTES);
    const cases: Array<[Uint8Array, 'original' | 'miniatura']> = [
      [JPEG_2X2, 'original'],
      [PNG_1X1, 'miniatura'],
      [big, 'miniatura'],
      [jpegOfSize(6000, 6000), 'miniatura'],
      [jpegOfSize(2, 2, 12), 'miniatura'],
    ];
    for (const [original, from] of cases) {
      // The photo claims a small JPEG every time: only the bytes decide.
      const fotos = await loadPdfFotos([{ ...foto('a', 0, { portada: true }), mime: 'image/jpeg', bytes: 1000 }], (_f, kind) =>
        Promise.resolve(kind === 'original' ? original : jpegVariant(9)),
      );
      expect(fotos.portada === original ? 'original' : 'miniatura').toBe(from);
    }
  });

  it('falls back to the thumbnail when the original is not there, and a failed read is a missing image', async () => {
    const fotos = await loadPdfFotos([foto('a', 0), foto('b', 1)], (f, kind) => {
      if (kind === 'original') return Promise.resolve(null);
      if (f._id.endsWith('b')) return Promise.reject(new Error('sin adjunto'));
      return Promise.resolve(PNG_1X1);
    });
    expect(fotos).toEqual({ portada: PNG_1X1, miniaturas: [null] });
  });
});

describe('the captación PDF with photos', () => {
  it('draws the cover and the thumbnails as images under their section title', async () => {
    expect(checkImage(jpegVariant(1))).toMatchObject({ ok: true, image: { type: 'image/jpeg', width: 2, height: 2 } });
    const fotos = { portada: jpegVariant(0), miniaturas: [jpegVariant(1), jpegVariant(2), jpegVariant(3)] };
    const bytes = await captacionPdf({ ...sampleCaptacion(), _id: 'c1' }, { generatedAt: at, fotos });
    expect(images(bytes)).toBe(4);
    const text = textOf(bytes);
    expect(text).toContain(`(${PDF_FOTOS_TITULO})`);
    // The photos come before the first section.
    expect(text.indexOf(PDF_FOTOS_TITULO)).toBeLessThan(text.indexOf('1. Propietario'));
    expect(text).not.toContain(PDF_FOTO_NO_DISPONIBLE);
  });

  it('draws a WebP as a box that says so (decoding it in JavaScript would hold the gateway), a PNG as an image', async () => {
    const fotos = { portada: jpegVariant(0), miniaturas: [WEBP_LOSSY_1X1, PNG_1X1] };
    const bytes = await captacionPdf({ ...sampleCaptacion(), _id: 'c1' }, { generatedAt: at, fotos });
    const text = textOf(bytes);
    expect(text).toContain(`(${PDF_FOTO_WEBP})`);
    // The JPEG, the PNG and the PNG's transparency mask.
    expect(images(bytes)).toBe(3);
  });

  it('never decodes an image whose header promises too much: a bomb PNG and a 16-bit one are boxes, at once', async () => {
    const started = performance.now();
    const fotos = { portada: pngOfSize(8000, 8000), miniaturas: [png16OfSize(2, 2), pngOfSize(321, 10), jpegOfSize(8000, 8000)] };
    const bytes = await captacionPdf({ ...sampleCaptacion(), _id: 'c1' }, { generatedAt: at, fotos });
    expect(images(bytes)).toBe(0);
    expect(textOf(bytes).split(`(${PDF_FOTO_NO_DISPONIBLE})`)).toHaveLength(5);
    // Nothing was inflated: 64 million pixels would take seconds and hundreds of MB.
    expect(performance.now() - started).toBeLessThan(5000);
  });

  it('puts a note where an image is missing or unreadable', async () => {
    const junk = new TextEncoder().encode('<html>no es una imagen</html>');
    const bytes = await captacionPdf({ ...sampleCaptacion(), _id: 'c1' }, { generatedAt: at, fotos: { portada: JPEG_2X2, miniaturas: [null, junk] } });
    expect(images(bytes)).toBe(1);
    expect(textOf(bytes).split(`(${PDF_FOTO_NO_DISPONIBLE})`)).toHaveLength(3);
  });

  it('without photos (none given, or none to show) is the very file a captación without photos always had', async () => {
    const doc = { ...sampleCaptacion(), _id: 'c1' };
    // jsPDF stamps its creation time into the file: the same moment for both.
    const before = textOf(await captacionPdf(doc, { generatedAt: at })).replace(/\/CreationDate \([^)]*\)/, '').replace(/\/ID \[[^\]]*\]/, '');
    for (const fotos of [undefined, { portada: null, miniaturas: [] }]) {
      const after = textOf(await captacionPdf(doc, { generatedAt: at, fotos })).replace(/\/CreationDate \([^)]*\)/, '').replace(/\/ID \[[^\]]*\]/, '');
      expect(after).toBe(before);
      expect(images(new TextEncoder().encode(after))).toBe(0);
      expect(after).not.toContain(PDF_FOTOS_TITULO);
    }
  });
});
