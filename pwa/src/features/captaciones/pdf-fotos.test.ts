import '../../testing/local-data';
import { randomUUID } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { sampleCaptacion } from '../../../../couch-design/captacion/fixtures';
import { captacionPdf, PDF_FOTOS_TITULO } from '../../../../couch-design/pdf';
import { jpegVariant } from '../../../../couch-design/testing/images';
import { openIndexedDb, type LocalDatabase } from '../../lib/db/pouch';
import { localPdfFotos } from './pdf-fotos';
import { pdfImageCount } from '../../../../couch-design/testing/pdf-images';

/**
 * The PDF made on the device reads its photos from the device's `fotos` database (the PWA's own
 * IndexedDB adapter, on fake-indexeddb) and draws them with the gateway's layout. Each photo is a
 * different JPEG whose comment names it (`foto <n>`); the PDF keeps JPEGs as they are.
 */
let db: LocalDatabase;
afterEach(async () => {
  await db?.destroy();
});

const b64 = (bytes: Uint8Array): string => Buffer.from(bytes).toString('base64');

function foto(cap: string, uuid: string, n: number, extra: Record<string, unknown> = {}) {
  return {
    _id: `foto:${cap}:${uuid}`, type: 'foto', captacion_id: cap, asesor: 'a1', orden: n, portada: false,
    ancho: 2, alto: 2, bytes: jpegVariant(n).length, mime: 'image/jpeg', tomada: '2026-11-26T10:00:00Z',
    _attachments: { miniatura: { content_type: 'image/jpeg', data: b64(jpegVariant(n + 100)) } },
    ...extra,
  };
}

const original = (cap: string, uuid: string, n: number) => ({
  _id: `foto-original:${cap}:${uuid}`, type: 'foto-original', captacion_id: cap, asesor: 'a1',
  _attachments: { original: { content_type: 'image/jpeg', data: b64(jpegVariant(n)) } },
});

const held = (pdf: Uint8Array): number[] =>
  [...Buffer.from(pdf).toString('latin1').matchAll(/foto (\d+)/g)].map((m) => Number(m[1])).sort((a, b) => a - b);

describe('the captación PDF made on the device', () => {
  it('draws the cover (from its original when the device has it) and the next six thumbnails of that captación only', async () => {
    db = openIndexedDb(`pdf-fotos-${randomUUID()}`);
    const docs = Array.from({ length: 8 }, (_, n) => foto('c1', `u${n}`, n, { portada: n === 2 }));
    await db.bulkDocs([...docs, original('c1', 'u2', 2), foto('c10', 'x', 50), foto('c', 'y', 60)]);
    const fotos = await localPdfFotos(db, 'c1');
    const pdf = await captacionPdf({ ...sampleCaptacion(), _id: 'c1' }, { fotos });
    expect(pdfImageCount(pdf)).toBe(7);
    expect(held(pdf)).toEqual([2, 100, 101, 103, 104, 105, 106]);
  });

  it('never takes the photos of a captación whose id starts with this one’s and a colon (`c1:algo`)', async () => {
    db = openIndexedDb(`pdf-fotos-${randomUUID()}`);
    // `foto:c1:algo:u9` is the id of a photo of captación `c1:algo`, and also starts with `foto:c1:`.
    await db.bulkDocs([foto('c1', 'u0', 0, { portada: true }), foto('c1:algo', 'u9', 9, { portada: true }), original('c1:algo', 'u9', 9)]);
    const pdf = await captacionPdf({ ...sampleCaptacion(), _id: 'c1' }, { fotos: await localPdfFotos(db, 'c1') });
    expect(held(pdf)).toEqual([100]);
    expect(pdfImageCount(pdf)).toBe(1);
  });

  it('draws the cover from its thumbnail when its original is not on the device, and leaves deleted photos out', async () => {
    db = openIndexedDb(`pdf-fotos-${randomUUID()}`);
    await db.bulkDocs([foto('c1', 'u0', 0, { portada: true }), foto('c1', 'u1', 1)]);
    const gone = await db.get('foto:c1:u1');
    await db.remove(gone);
    const pdf = await captacionPdf({ ...sampleCaptacion(), _id: 'c1' }, { fotos: await localPdfFotos(db, 'c1') });
    expect(held(pdf)).toEqual([100]);
    expect(pdfImageCount(pdf)).toBe(1);
  });

  it('without photos on the device makes the PDF without a photos section', async () => {
    db = openIndexedDb(`pdf-fotos-${randomUUID()}`);
    await db.bulkDocs([foto('c2', 'u0', 0)]);
    const fotos = await localPdfFotos(db, 'c1');
    expect(fotos).toEqual({ portada: null, miniaturas: [] });
    const text = Buffer.from(await captacionPdf({ ...sampleCaptacion(), _id: 'c1' }, { fotos })).toString('latin1');
    expect(text).not.toContain(PDF_FOTOS_TITULO);
    expect(pdfImageCount(new TextEncoder().encode(text))).toBe(0);
  });
});
