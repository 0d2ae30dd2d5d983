import { beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { PDF_FOTO_NO_DISPONIBLE, PDF_FOTO_WEBP, PDF_FOTOS_TITULO } from '../../../couch-design/pdf';
import { captacionOf, ROLES, seed, signedIn, type Person } from '../testing/captaciones';
import { gatewayForFile } from '../testing/per-file';
import { postForm } from '../testing/personas';
import { pdfImageCount } from '../../../couch-design/testing/pdf-images';

/**
 * The captación PDF of `GET /api/captaciones/:id/pdf` with its photos (issue 22 item 5): the cover
 * from its original, up to six thumbnails, nothing of the photos section when there are none.
 * Each test photo is an image whose width names it (photo `n`: its original `10 + n` px wide, its
 * thumbnail `100 + n`), and the gateway keeps each image's size when it re-encodes it, so the
 * file's `/Width` entries say which images it holds.
 */
const gw = gatewayForFile();
let ana: Person;
let supervisor: Person;
let admin: Person;

beforeAll(async () => {
  ana = await signedIn(gw, ROLES.asesor);
  supervisor = await signedIn(gw, ROLES.supervisor);
  admin = await signedIn(gw, ROLES.admin);
  await seed(gw, [{ ...captacionOf(ana.user.id, 1), _id: 'cp-fotos' }, { ...captacionOf(ana.user.id, 2), _id: 'cp-sin-fotos' }]);
});

/**
 * A noisy image `width` px wide, in `format`: jsPDF tells images apart by a hash of their first
 * half, which for a tiny flat JPEG is only its tables, so each one has bytes of its own early.
 */
const image = async (width: number, format: 'jpeg' | 'webp' | 'png' = 'jpeg'): Promise<Uint8Array<ArrayBuffer>> =>
  new Uint8Array(await sharp({ create: { width, height: 48, channels: 3, background: '#000', noise: { type: 'gaussian', mean: 128, sigma: 40 } } }).toFormat(format).toBuffer());

/** Uploads photo `n`: its original `10 + n` px wide, its thumbnail `100 + n` (or a WebP). */
async function upload(n: number, fields: Record<string, string>, webp = false): Promise<string> {
  const miniatura = await image(100 + n, webp ? 'webp' : 'jpeg');
  const form = new FormData();
  form.append('original', new Blob([await image(10 + n)], { type: 'image/jpeg' }), 'original.jpg');
  form.append('miniatura', new Blob([new Uint8Array(miniatura)], { type: 'image/jpeg' }), 'miniatura.jpg');
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  const res = await postForm(ana.client, '/api/captaciones/cp-fotos/fotos', form);
  expect(res.status).toBe(201);
  return String(res.body.foto.id);
}

async function pdf(person: Person, id: string): Promise<string> {
  const res = await person.client.fetch(`/api/captaciones/${id}/pdf`);
  expect(res.status).toBe(200);
  return Buffer.from(await res.arrayBuffer()).toString('latin1');
}

/** The photos whose image the file holds, by their width (`10 + n` an original, `100 + n` a thumbnail). */
const held = (text: string): number[] => [...text.matchAll(/\/Width (\d+)/g)].map((m) => Number(m[1]) - 10).sort((a, b) => a - b);

describe('the captación PDF from the gateway', () => {
  it('has no photos section and no image when the captación has no photos', async () => {
    const text = await pdf(ana, 'cp-sin-fotos');
    expect(pdfImageCount(text)).toBe(0);
    expect(text).not.toContain(PDF_FOTOS_TITULO);
  });

  let uuids: string[] = [];

  it('draws the cover from its original and the next six by orden from their thumbnails', async () => {
    // Eight photos; the cover is the fourth by orden; one thumbnail is a WebP (a REST client may send one).
    uuids = [];
    for (let n = 0; n < 8; n++) {
      uuids.push(await upload(n, { orden: String(n), portada: String(n === 3) }, n === 5));
    }
    const text = await pdf(ana, 'cp-fotos');
    expect(text).toContain(`(${PDF_FOTOS_TITULO})`);
    // Cover: original 3. Thumbnails: 0, 1, 2, 4, 5, 6 (the WebP too: stored as JPEG); not 7.
    expect(pdfImageCount(text)).toBe(1 + 6);
    expect(held(text).map((w) => w + 10)).toEqual([13, 100, 101, 102, 104, 105, 106]);
    expect(text).not.toContain(`(${PDF_FOTO_WEBP})`);
    expect(text).not.toContain(`(${PDF_FOTO_NO_DISPONIBLE})`);
  });

  it('leaves out a deleted photo, and someone who may not read the captación gets no PDF at all', async () => {
    expect((await ana.client.json('DELETE', `/api/captaciones/cp-fotos/fotos/${uuids[3]}`)).status).toBe(200);
    const text = await pdf(ana, 'cp-fotos');
    // No photo is marked cover any more: the first by orden is, from its original.
    expect(held(text).map((w) => w + 10)).toEqual([10, 101, 102, 104, 105, 106, 107]);
    expect(pdfImageCount(text)).toBe(1 + 6);
    expect((await supervisor.client.fetch('/api/captaciones/cp-fotos/pdf')).status).toBe(404);
  });

  it('a deleted captación has neither PDF nor photo list, and its photos are gone from the store', async () => {
    expect((await admin.client.json('DELETE', '/api/captaciones/cp-fotos')).status).toBe(200);
    expect((await ana.client.fetch('/api/captaciones/cp-fotos/pdf')).status).toBe(404);
    expect((await ana.client.json('GET', '/api/captaciones/cp-fotos/fotos')).status).toBe(404);
    const fotos = await gw.store.db('fotos');
    const { docs } = await fotos.find({ selector: { captacion_id: 'cp-fotos' }, limit: 100 });
    expect(docs).toEqual([]);
  });
});
