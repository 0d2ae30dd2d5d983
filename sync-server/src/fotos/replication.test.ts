import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { sampleCaptacion } from '../../../couch-design/captacion/fixtures';
import { FOTO_TYPES, FOTOS_MSG, fotoId, fotoOriginalId } from '../../../couch-design/fotos/types';
import { checkImage } from '../../../couch-design/image-check';
import { concat, JPEG_2X2, PNG_1X1, PNG_SIGNATURE, pngOfSize, WEBP_LOSSY_1X1 } from '../../../couch-design/testing/images';
import { gatewayForFile } from '../testing/per-file';
import { deviceSetIds, ids, localDb, openOnline, pullInto, remoteDb, seed, signedIn, type ClientDb, type Person } from '../testing/pouch-client';

/**
 * Property photos through `/db/fotos` (issue 22 items 3 and 4) with a real PouchDB client: pushed
 * with their captación, pulled as thumbnails only by the people who may see the captación, the
 * full-size photo read by id, every refusal with its Spanish reason without blocking the rest of
 * the push, and the photos following their captación when it is reassigned or deleted.
 */
const gw = gatewayForFile();
let admin: Person, ana: Person, beto: Person, supervisor: Person, ayudante: Person;
type Doc = Record<string, any>;

beforeAll(async () => {
  admin = await signedIn(gw, 'Administrador');
  ana = await signedIn(gw, 'asesor');
  beto = await signedIn(gw, 'user');
  supervisor = await signedIn(gw, 'supervisor');
  ayudante = await signedIn(gw, 'ayudante de administrador');
});

const b64 = (bytes: Uint8Array | Buffer): string => Buffer.from(bytes).toString('base64');
const cap = (id: string, asesorId: string) => ({ ...sampleCaptacion({ captacion: { asesor: asesorId } }), _id: id });

/** A photo as the PWA stores it: its `foto` with the thumbnail and its `foto-original`. */
function photo(captacionId: string, asesor: string, opts: { original?: Uint8Array; miniatura?: Uint8Array; orden?: number } = {}): [Doc, Doc] {
  const uuid = randomUUID();
  const original = opts.original ?? JPEG_2X2;
  // What the original is, as the PWA's resizer writes it on the `foto`.
  const measured = checkImage(original, FOTO_TYPES);
  const image = measured.ok ? measured.image : { width: 2, height: 2, type: 'image/jpeg' };
  return [
    {
      _id: fotoId(captacionId, uuid),
      type: 'foto',
      captacion_id: captacionId,
      asesor,
      orden: opts.orden ?? 0,
      portada: opts.orden === 0,
      ancho: image.width,
      alto: image.height,
      bytes: original.length,
      mime: image.type,
      tomada: '2026-11-26T10:00:00.000Z',
      _attachments: { miniatura: { content_type: 'image/jpeg', data: b64(opts.miniatura ?? JPEG_2X2) } },
    },
    { _id: fotoOriginalId(captacionId, uuid), type: 'foto-original', captacion_id: captacionId, asesor, _attachments: { original: { content_type: 'image/jpeg', data: b64(original) } } },
  ];
}

async function push(local: ClientDb, p: Person, db = 'fotos'): Promise<{ denied: Array<{ id: string; reason: string }>; written: number }> {
  const denied: Array<{ id: string; reason: string }> = [];
  const rep = local.replicate.to(remoteDb(gw.url, db, p.cookie), { retry: false });
  rep.on('denied', (e) => denied.push({ id: (e as { id: string }).id, reason: (e as { reason: string }).reason }));
  const res = await rep;
  return { denied, written: res.docs_written };
}

async function stored(id: string): Promise<Doc | null> {
  try {
    return (await (await gw.store.db('fotos')).get(id));
  } catch {
    return null;
  }
}

async function livePhotos(captacionId: string): Promise<Doc[]> {
  const { docs } = await (await gw.store.db('fotos')).find({ selector: { captacion_id: captacionId } });
  return docs;
}

const photos = [photo('cf-1', 'quien-sea', { orden: 0 }), photo('cf-1', 'quien-sea', { orden: 1, original: PNG_1X1 }), photo('cf-1', 'quien-sea', { orden: 2, miniatura: WEBP_LOSSY_1X1 })];

describe('photos through /db/fotos', () => {
  it('an adviser pushes a captación and three photos, and they are stored as that captación’s photos', async () => {
    const device = localDb();
    await device.put(cap('cf-1', ana.id));
    expect((await push(device, ana, 'captaciones')).denied).toEqual([]);
    const fotos = localDb();
    await fotos.bulkDocs(photos.flat());
    const { denied } = await push(fotos, ana);
    expect(denied).toEqual([]);
    for (const [foto, original] of photos) {
      const f = await stored(foto._id);
      expect(f).toMatchObject({ type: 'foto', captacion_id: 'cf-1', orden: foto.orden });
      // Nothing of the captación is copied onto its photo: the captación decides who reads it.
      expect(f).not.toHaveProperty('asesor');
      expect(Object.keys(f!._attachments)).toEqual(['miniatura']);
      expect((await stored(original._id))?._attachments.original.content_type).toMatch(/^image\/(jpeg|png)$/);
    }
    expect((await stored(photos[2][0]._id))?._attachments.miniatura.content_type).toBe('image/webp');
  });

  it('another adviser with the captación in scope pulls the thumbnails but not the originals, and reads an original by id', async () => {
    // Photos follow their captación onto a device (issue 34): Beto opened it online.
    expect(await openOnline(gw, beto, ['cf-1'])).toEqual([200]);
    const device = await pullInto(gw, beto, 'fotos');
    expect(await ids(device)).toEqual(photos.map(([f]) => f._id).sort());
    const thumb = (await device.getAttachment(photos[0][0]._id, 'miniatura')) as Buffer;
    expect(Buffer.from(thumb).equals(Buffer.from(JPEG_2X2))).toBe(true);

    const remote = remoteDb(gw.url, 'fotos', beto.cookie);
    const original = (await remote.get(photos[1][1]._id)) as Doc;
    expect(original).toMatchObject({ type: 'foto-original', captacion_id: 'cf-1' });
    const bytes = (await remote.getAttachment(photos[1][1]._id, 'original')) as Buffer;
    expect(Buffer.from(bytes).equals(Buffer.from(PNG_1X1))).toBe(true);
  });

  it('answers a batch’s thumbnails inline in its one _bulk_get, within a bound', async () => {
    const asked = photos.map(([f]) => ({ id: f._id }));
    const res = await beto.client.json<{ results: Array<{ docs: Array<{ ok?: Doc }> }> }>('POST', '/db/fotos/_bulk_get?revs=true&attachments=true', { docs: asked });
    expect(res.status).toBe(200);
    const thumbs = res.body.results.map((r) => r.docs[0].ok!._attachments.miniatura);
    expect(thumbs.every((t) => typeof t.data === 'string' && !t.stub)).toBe(true);
    expect(Buffer.from(thumbs[0].data as string, 'base64').equals(Buffer.from(JPEG_2X2))).toBe(true);
    // Asked without it, stubs as before (a device that fetches each one).
    const stubs = await beto.client.json<{ results: Array<{ docs: Array<{ ok?: Doc }> }> }>('POST', '/db/fotos/_bulk_get?revs=true', { docs: asked });
    expect(stubs.body.results[0].docs[0].ok!._attachments.miniatura).toMatchObject({ stub: true });
    // An answer of inline images stays a few megabytes: more documents than the bound are refused in Spanish.
    const many = Array.from({ length: 51 }, (_, i) => ({ id: `foto:cf-1:${i}` }));
    const tooMany = await beto.client.json<{ reason: string }>('POST', '/db/fotos/_bulk_get?attachments=true', { docs: many });
    expect(tooMany.status).toBe(413);
    expect(tooMany.body.reason).toBe("Demasiados elementos en 'docs': como máximo 50 por petición.");
    expect((await beto.client.json('POST', '/db/fotos/_bulk_get', { docs: many })).status).toBe(200);
  });

  it('a supervisor without the captación in scope gets none of its photos by any path', async () => {
    expect(await ids(await pullInto(gw, supervisor, 'fotos'))).toEqual([]);
    const remote = remoteDb(gw.url, 'fotos', supervisor.cookie);
    for (const [foto, original] of photos) {
      await expect(remote.get(foto._id)).rejects.toMatchObject({ status: 404 });
      await expect(remote.get(original._id)).rejects.toMatchObject({ status: 404 });
      await expect(remote.getAttachment(original._id, 'original')).rejects.toMatchObject({ status: 404 });
      await expect(remote.getAttachment(foto._id, 'miniatura')).rejects.toMatchObject({ status: 404 });
    }
    const uuid = photos[0][0]._id.split(':').pop();
    expect((await supervisor.client.json('GET', '/api/captaciones/cf-1/fotos')).status).toBe(404);
    expect((await supervisor.client.fetch(`/api/captaciones/cf-1/fotos/${uuid}/miniatura`)).status).toBe(404);
    expect((await supervisor.client.fetch(`/api/captaciones/cf-1/fotos/${uuid}/original`)).status).toBe(404);
  });
});

describe('refusals, each with its Spanish reason, never blocking the rest of the push', () => {
  it('refuses what is not an allowed image, too large or too many, and stores the rest of the batch', async () => {
    await seed(gw.store, 'captaciones', [cap('cf-lleno', ana.id)]);
    // 50 photos already stored for cf-lleno.
    await (await gw.store.db('fotos')).bulkDocs(
      Array.from({ length: 50 }, (_, i) => ({ ...photo('cf-lleno', ana.id, { orden: i })[0], _id: fotoId('cf-lleno', randomUUID()), asesor: ana.id })),
    );
    const good = photo('cf-1', ana.id, { orden: 3 });
    const notImage = photo('cf-1', ana.id, { original: new TextEncoder().encode('no soy una imagen') })[1];
    const htmlPng = photo('cf-1', ana.id, { original: concat(PNG_SIGNATURE, '<html><script>alert(1)</script></html>') })[1];
    const huge = photo('cf-1', ana.id, { original: pngOfSize(8001, 10) })[1];
    const heavy = photo('cf-1', ana.id, { original: new Uint8Array(2 * 1024 * 1024 + 1) })[1];
    const fiftyFirst = photo('cf-lleno', ana.id, { orden: 50 })[0];
    const device = localDb();
    await device.bulkDocs([...good, notImage, htmlPng, huge, heavy, fiftyFirst]);
    const { denied } = await push(device, ana);
    expect(new Map(denied.map((d) => [d.id, d.reason]))).toEqual(
      new Map([
        [notImage._id, FOTOS_MSG.noImagen],
        [htmlPng._id, FOTOS_MSG.noImagen],
        [huge._id, FOTOS_MSG.medidas],
        [heavy._id, FOTOS_MSG.grande],
        [fiftyFirst._id, FOTOS_MSG.maximo],
      ]),
    );
    expect(await stored(good[0]._id)).toMatchObject({ captacion_id: 'cf-1' });
    expect(await stored(good[1]._id)).toMatchObject({ captacion_id: 'cf-1' });
    for (const refused of [notImage, htmlPng, huge, heavy, fiftyFirst]) expect(await stored(refused._id)).toBeNull();
  });

  it('refuses the photos of someone who may not edit the captación, and of a deleted captación', async () => {
    await seed(gw.store, 'captaciones', [cap('cf-borrada', ana.id)]);
    expect((await admin.client.json('DELETE', '/api/captaciones/cf-borrada')).status).toBe(200);
    const ofAyudante = photo('cf-1', ayudante.id);
    const readOnly = localDb();
    await readOnly.bulkDocs(ofAyudante);
    expect((await push(readOnly, ayudante)).denied.map((d) => d.reason)).toEqual([FOTOS_MSG.rol, FOTOS_MSG.rol]);

    const toDeleted = photo('cf-borrada', ana.id);
    const good = photo('cf-1', ana.id, { orden: 4 });
    const device = localDb();
    await device.bulkDocs([...toDeleted, ...good]);
    expect((await push(device, ana)).denied.map((d) => d.reason)).toEqual([FOTOS_MSG.eliminada, FOTOS_MSG.eliminada]);
    expect(await stored(good[0]._id)).not.toBeNull();
  });
});

describe('the body limit of /db/fotos', () => {
  it('admits a batch of five 2 MB photos where every other database answers 413', async () => {
    const big = Array.from({ length: 5 }, () => photo('cf-1', ana.id, { original: new Uint8Array(2 * 1024 * 1024 - 64) })[1]);
    const body = JSON.stringify({ docs: big, new_edits: true });
    expect(body.length).toBeGreaterThan(12 * 1024 * 1024);
    const post = (db: string) => ana.client.fetch(`/db/${db}/_bulk_docs`, { method: 'POST', headers: { 'content-type': 'application/json' }, body });
    const fotos = await post('fotos');
    expect(fotos.status).toBe(201);
    // Each one is decided (zeros are no image) and answered in place.
    expect(((await fotos.json()) as Array<{ reason: string }>).map((r) => r.reason)).toEqual(Array(5).fill(FOTOS_MSG.noImagen));
    expect((await post('captaciones')).status).toBe(413);
  });
});

describe('photos follow their captación', () => {
  it('a photo deleted on a device takes its original with it', async () => {
    const [foto, original] = photo('cf-1', ana.id, { orden: 9 });
    const device = localDb();
    await device.bulkDocs([foto, original]);
    await push(device, ana);
    expect(await stored(original._id)).not.toBeNull();
    await device.remove(foto._id, ((await device.get(foto._id)) as Doc)._rev);
    expect((await push(device, ana)).denied).toEqual([]);
    expect(await stored(foto._id)).toBeNull();
    expect(await stored(original._id)).toBeNull();
  });

  it('reassigning a captación moves its photos into and out of a supervisor’s scope', async () => {
    await openOnline(gw, admin, ['cf-1']);
    const office = await pullInto(gw, admin, 'captaciones');
    const doc = (await office.get('cf-1')) as Doc;
    await office.put({ ...doc, captacion: { ...doc.captacion, asesor: supervisor.id } });
    expect((await office.replicate.to(remoteDb(gw.url, 'captaciones', admin.cookie))).doc_write_failures).toBe(0);
    const live = await livePhotos('cf-1');
    expect(live.length).toBeGreaterThanOrEqual(10);
    const thumbs = live.filter((p) => p.type === 'foto').map((p) => p._id).sort();
    expect(await ids(await pullInto(gw, supervisor, 'fotos'))).toEqual(thumbs);

    const back = (await office.get('cf-1')) as Doc;
    await office.put({ ...back, captacion: { ...back.captacion, asesor: ana.id } });
    await office.replicate.to(remoteDb(gw.url, 'captaciones', admin.cookie));
    expect(await ids(await pullInto(gw, supervisor, 'fotos'))).toEqual([]);
  });

  it('deleting a captación deletes its photos of both kinds, and they leave the devices with it', async () => {
    const device = await pullInto(gw, beto, 'fotos');
    const ofCf1 = async () => (await ids(device)).filter((id) => id.startsWith('foto:cf-1:'));
    expect((await ofCf1()).length).toBeGreaterThan(0);
    expect((await admin.client.json('DELETE', '/api/captaciones/cf-1')).status).toBe(200);
    expect(await livePhotos('cf-1')).toEqual([]);
    const tomb = (await (await gw.store.db('fotos')).getOpenRevs(photos[0][1]._id, 'all'))[0] as { ok: Doc };
    expect(tomb.ok).toMatchObject({ _deleted: true, type: 'foto-original', captacion_id: 'cf-1' });
    // Deleted, the captación leaves Beto's device set (issue 34): the device drops it and its
    // photos (pwa/src/lib/sync/device-set.ts), and a device pulling now gets none of them.
    expect(await deviceSetIds(gw, beto)).not.toContain('cf-1');
    expect((await ids(await pullInto(gw, beto, 'fotos'))).filter((id) => id.startsWith('foto:cf-1:'))).toEqual([]);
  });
});
