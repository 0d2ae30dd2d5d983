import { beforeAll, describe, expect, it } from 'vitest';
import { sampleCaptacion } from '../../../couch-design/captacion/fixtures';
import { FOTO_CAMPO_MSG } from '../../../couch-design/fotos/schema';
import { FOTOS_MSG } from '../../../couch-design/fotos/types';
import sharp from 'sharp';
import { checkImage } from '../../../couch-design/image-check';
import { concat, JPEG_2X2, jpegWithExif, png16OfSize, PNG_1X1, PNG_SIGNATURE, pngOfSize } from '../../../couch-design/testing/images';
import { pngBomb } from '../testing/bombs';
import { expectNoStack, ROLES, signedIn, type Person } from '../testing/captaciones';
import { gatewayForFile } from '../testing/per-file';
import type { HttpClient } from '../testing/gateway';
import { postForm } from '../testing/personas';
import { seed } from '../testing/seed';

/**
 * `/api/captaciones/:id/fotos` (issue 22): the same write policy and scope as `/db/fotos`, the
 * images served with the profile photos' safe headers, and hostile input answered 4xx in Spanish.
 */
const gw = gatewayForFile();
let admin: Person, ana: Person, beto: Person, supervisor: Person, ayudante: Person;

beforeAll(async () => {
  admin = await signedIn(gw, ROLES.admin);
  ana = await signedIn(gw, ROLES.asesor);
  beto = await signedIn(gw, ROLES.user);
  supervisor = await signedIn(gw, ROLES.supervisor);
  ayudante = await signedIn(gw, ROLES.ayudante);
  await seed(gw.store, 'captaciones', [{ ...sampleCaptacion({ captacion: { asesor: ana.user.id } }), _id: 'cr-1' }]);
});

interface Parts {
  original?: Uint8Array | null;
  miniatura?: Uint8Array | null;
  fields?: Record<string, string>;
  extraFile?: string;
}

async function post(client: HttpClient, path: string, parts: Parts = {}): Promise<{ status: number; body: any }> {
  const form = new FormData();
  const file = (bytes: Uint8Array) => new Blob([new Uint8Array(bytes)], { type: 'image/jpeg' });
  if (parts.original !== null) form.append('original', file(parts.original ?? JPEG_2X2), 'original.jpg');
  if (parts.miniatura !== null) form.append('miniatura', file(parts.miniatura ?? JPEG_2X2), 'miniatura.jpg');
  if (parts.extraFile) form.append(parts.extraFile, file(JPEG_2X2), 'otra.jpg');
  for (const [k, v] of Object.entries(parts.fields ?? {})) form.append(k, v);
  const { status, body } = await postForm(client, path, form);
  expectNoStack(body);
  return { status, body };
}

describe('REST photos of a captación', () => {
  let fotoId = '';

  it('an editor uploads a photo; the list shows it without images, and both images are served safely', async () => {
    const up = await post(ana.client, '/api/captaciones/cr-1/fotos', { original: PNG_1X1, fields: { orden: '0', portada: 'true', tomada: '2026-11-26T09:30:00Z' } });
    expect(up.status).toBe(201);
    // Written again by the gateway: a JPEG without metadata, of the same size.
    expect(up.body.foto).toMatchObject({ captacion_id: 'cr-1', orden: 0, portada: true, ancho: 1, alto: 1, mime: 'image/jpeg' });
    fotoId = up.body.foto.id;
    const stored = await (await gw.store.db('fotos')).get(`foto:cr-1:${fotoId}`);
    expect(stored.captacion_id).toBe('cr-1');
    expect(stored).not.toHaveProperty('asesor');

    const list = await beto.client.json('GET', '/api/captaciones/cr-1/fotos');
    expect(list.status).toBe(200);
    expect(list.body.fotos).toHaveLength(1);
    expect(JSON.stringify(list.body)).not.toMatch(/_attachments|"data"/);

    const original = await beto.client.fetch(list.body.fotos[0].original);
    expect(original.status).toBe(200);
    expect(original.headers.get('content-type')).toBe('image/jpeg');
    expect(original.headers.get('x-content-type-options')).toBe('nosniff');
    expect(original.headers.get('content-security-policy')).toMatch(/sandbox/);
    const served = Buffer.from(await original.arrayBuffer());
    expect(served.length).toBe(up.body.foto.bytes);
    expect(checkImage(new Uint8Array(served))).toEqual({ ok: true, image: { type: 'image/jpeg', width: 1, height: 1 } });
    const thumb = await beto.client.fetch(list.body.fotos[0].miniatura);
    expect(thumb.headers.get('content-type')).toBe('image/jpeg');
  });

  it('a supervisor without the captación in scope gets none of it, and people who may not edit cannot write', async () => {
    expect((await supervisor.client.json('GET', '/api/captaciones/cr-1/fotos')).status).toBe(404);
    expect((await supervisor.client.fetch(`/api/captaciones/cr-1/fotos/${fotoId}/original`)).status).toBe(404);
    expect((await supervisor.client.fetch(`/api/captaciones/cr-1/fotos/${fotoId}/miniatura`)).status).toBe(404);
    expect((await supervisor.client.json('DELETE', `/api/captaciones/cr-1/fotos/${fotoId}`)).status).toBe(404);
    const byAyudante = await post(ayudante.client, '/api/captaciones/cr-1/fotos');
    expect(byAyudante).toMatchObject({ status: 403, body: { mensaje: FOTOS_MSG.rol } });
    expect((await ayudante.client.json('DELETE', `/api/captaciones/cr-1/fotos/${fotoId}`)).status).toBe(403);
    expect((await post(ana.client, '/api/captaciones/no-existe/fotos')).status).toBe(404);
  });

  it('refuses what is not an allowed image, in Spanish', async () => {
    const cases: Array<[Parts, number, string]> = [
      [{ original: new TextEncoder().encode('hola') }, 400, FOTOS_MSG.noImagen],
      [{ original: concat(PNG_SIGNATURE, '<html><script>alert(1)</script></html>') }, 400, FOTOS_MSG.noImagen],
      [{ original: pngOfSize(8001, 10) }, 400, FOTOS_MSG.subidaMedidas],
      [{ original: pngOfSize(6000, 5000) }, 400, FOTOS_MSG.subidaMedidas],
      [{ original: png16OfSize(100, 100) }, 400, FOTOS_MSG.trampa],
      [{ original: new Uint8Array(2 * 1024 * 1024 + 1) }, 413, FOTOS_MSG.grande],
      [{ miniatura: new Uint8Array(200 * 1024) }, 413, FOTOS_MSG.miniaturaGrande],
      [{ original: null }, 400, FOTOS_MSG.faltaOriginal],
      [{ miniatura: null }, 400, FOTOS_MSG.faltaMiniatura],
      [{ extraFile: 'otra' }, 400, FOTOS_MSG.archivos],
    ];
    for (const [parts, status, mensaje] of cases) {
      expect(await post(ana.client, '/api/captaciones/cr-1/fotos', parts)).toMatchObject({ status, body: { mensaje } });
    }
  });

  it('refuses a decompression bomb by its header at once, without inflating it', async () => {
    // 62 KB that promise 8,000 × 8,000 pixels (256 MB as RGBA), as original and as thumbnail.
    const bomb = await pngBomb(8000, 8000);
    expect(bomb.length).toBeLessThan(128 * 1024);
    const before = process.memoryUsage().rss;
    const fotos = await gw.store.db('fotos');
    const count = (await fotos.info()).doc_count;
    expect(await post(ana.client, '/api/captaciones/cr-1/fotos', { original: bomb })).toMatchObject({ status: 400, body: { mensaje: FOTOS_MSG.subidaMedidas } });
    expect(await post(ana.client, '/api/captaciones/cr-1/fotos', { miniatura: bomb })).toMatchObject({ status: 400, body: { mensaje: FOTOS_MSG.subidaMedidas } });
    // Decoding it once would have taken 64 MB at the least.
    expect(process.memoryUsage().rss - before).toBeLessThan(60 * 1024 * 1024);
    expect((await fotos.info()).doc_count).toBe(count);
  });

  it('strips EXIF (place, camera) from what it stores, and turns a large photo into the PWA’s sizes', async () => {
    const withExif = jpegWithExif('GPS 19.4326 -99.1332 Canon EOS serie 0042');
    const large = await sharp({ create: { width: 3000, height: 2000, channels: 3, background: '#8a6' } })
      .withExif({ IFD0: { Make: 'Canon', Model: 'EOS serie 0042' } })
      .jpeg()
      .toBuffer();
    expect(large.includes('Canon')).toBe(true);
    for (const [original, ancho, alto] of [[withExif, 2, 2], [new Uint8Array(large), 1600, 1067]] as const) {
      const up = await post(ana.client, '/api/captaciones/cr-1/fotos', { original, miniatura: original });
      expect(up.status).toBe(201);
      expect(up.body.foto).toMatchObject({ ancho, alto, mime: 'image/jpeg' });
      for (const kind of ['original', 'miniatura'] as const) {
        const bytes = Buffer.from(await (await ana.client.fetch(up.body.foto[kind])).arrayBuffer());
        expect(bytes.includes('GPS')).toBe(false);
        expect(bytes.includes('Canon')).toBe(false);
        expect(checkImage(new Uint8Array(bytes), undefined, { noMetadata: true, maxSide: kind === 'original' ? 1600 : 320 })).toMatchObject({ ok: true });
      }
      expect((await ana.client.json('DELETE', `/api/captaciones/cr-1/fotos/${up.body.foto.id}`)).status).toBe(200);
    }
  });

  it('answers hostile fields 4xx in Spanish, never 5xx', async () => {
    const hostile: Array<Record<string, string>> = [
      { __proto__x: 'a' },
      { orden: 'abc' },
      { orden: '-1' },
      { portada: 'quizás' },
      { tomada: 'ayer' },
      { desconocido: '1' },
      { 'orden[0]': '1' },
    ];
    for (const fields of hostile) {
      const r = await post(ana.client, '/api/captaciones/cr-1/fotos', { fields });
      expect(r.status, JSON.stringify(fields)).toBe(400);
      expect(typeof r.body.mensaje).toBe('string');
    }
    const proto = new FormData();
    proto.append('__proto__', '{"polluted":true}');
    proto.append('original', new Blob([new Uint8Array(JPEG_2X2)]), 'a.jpg');
    proto.append('miniatura', new Blob([new Uint8Array(JPEG_2X2)]), 'b.jpg');
    const res = await ana.client.fetch('/api/captaciones/cr-1/fotos', { method: 'POST', body: proto });
    expect(res.status).toBe(400);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    const many = await post(ana.client, '/api/captaciones/cr-1/fotos', { fields: Object.fromEntries(Array.from({ length: 40 }, (_, i) => [`f${i}`, 'x'])) });
    expect(many.status).toBe(400);
    const json = await ana.client.json('POST', '/api/captaciones/cr-1/fotos', { original: { a: 1 }, orden: [1, 2, 3] });
    expect(json.status).toBeGreaterThanOrEqual(400);
    expect(json.status).toBeLessThan(500);
    expect(FOTO_CAMPO_MSG.orden).toMatch(/orden/);
    expect((await ana.client.fetch('/api/captaciones/cr-1/fotos/..%2F..%2Fx/original')).status).toBe(404);
  });

  it('an editor deletes a photo: both documents go', async () => {
    expect((await ana.client.json('DELETE', `/api/captaciones/cr-1/fotos/${fotoId}`)).status).toBe(200);
    expect((await beto.client.json('GET', '/api/captaciones/cr-1/fotos')).body.fotos).toEqual([]);
    expect((await beto.client.fetch(`/api/captaciones/cr-1/fotos/${fotoId}/original`)).status).toBe(404);
    expect((await admin.client.json('DELETE', `/api/captaciones/cr-1/fotos/${fotoId}`)).status).toBe(404);
  });
});
