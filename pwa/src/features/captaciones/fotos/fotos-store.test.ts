import { leaveDevice, signInOnDevice } from '../../../testing/local-data';
import { afterEach, describe, expect, it } from 'vitest';
import { JPEG_2X2 } from '../../../../../couch-design/testing/images';
import { fotoDatosSchema, fotoIssues } from '../../../../../couch-design/fotos/schema';
import { getLocalDb } from '../../../lib/db';
import { localOnlyDbFor } from '../../../lib/db/registry';
import { addFotos, coverOf, listFotos, moveFoto, readMiniatura, removeFoto, setPortada, TooManyFotosError } from './fotos-store';
import { newFoto } from './testing/new-foto';
import { loadOriginal, OriginalOfflineError } from './originals';

afterEach(leaveDevice);

/** A photo as a phone's camera gives it, resized to the pipeline's 1600 × 1200. */
const photo = (uuid: string) => newFoto(uuid, { ancho: 1600, alto: 1200 });

const bytesOf = async (blob: Blob | null): Promise<number[]> => (blob ? [...new Uint8Array(await blob.arrayBuffer())] : []);

describe('a captación’s photos on the device', () => {
  it('stores each photo as its foto (data and thumbnail) and its foto-original (the image), with the same uuid', async () => {
    signInOnDevice();
    const stored = await addFotos('cap-1', [photo('u1'), photo('u2')], new Date('2026-05-01T10:00:00Z'));
    expect(stored.map((f) => f._id)).toEqual(['foto:cap-1:u1', 'foto:cap-1:u2']);

    const db = getLocalDb('fotos');
    const foto = (await db.get('foto:cap-1:u1')) as unknown as Record<string, unknown> & { _attachments: Record<string, { content_type: string; length: number }> };
    expect(foto).toMatchObject({ type: 'foto', captacion_id: 'cap-1', orden: 0, portada: true, ancho: 1600, alto: 1200, bytes: JPEG_2X2.length, mime: 'image/jpeg', tomada: '2026-05-01T10:00:00.000Z' });
    expect(Object.keys(foto._attachments)).toEqual(['miniatura']);
    expect(foto._attachments.miniatura).toMatchObject({ content_type: 'image/jpeg', length: JPEG_2X2.length });
    // The data fields are exactly what the gateway's schema accepts (strict: no casting, no unknown field).
    const { _id, _rev, type, captacion_id, _attachments, ...datos } = foto;
    void [_id, _rev, type, captacion_id, _attachments];
    expect(fotoIssues(fotoDatosSchema, datos, true).issues).toEqual([]);

    const original = (await db.get('foto-original:cap-1:u1')) as unknown as Record<string, unknown> & { _attachments: Record<string, unknown> };
    expect(original).toMatchObject({ type: 'foto-original', captacion_id: 'cap-1' });
    expect(Object.keys(original._attachments)).toEqual(['original']);
    expect((stored[1] as { portada: boolean }).portada).toBe(false);
    expect(await bytesOf(await readMiniatura('foto:cap-1:u2'))).toEqual([...JPEG_2X2]);
  });

  it('reads one captación’s photos by their id prefix, in order, not another captación’s whose id starts the same', async () => {
    signInOnDevice();
    await addFotos('cap-1', [photo('a'), photo('b'), photo('c')]);
    await addFotos('cap-1:x', [photo('z')]);
    await addFotos('cap-10', [photo('y')]);
    expect((await listFotos('cap-1')).map((f) => f._id)).toEqual(['foto:cap-1:a', 'foto:cap-1:b', 'foto:cap-1:c']);
    expect((await listFotos('cap-1:x')).map((f) => f._id)).toEqual(['foto:cap-1:x:z']);
  });

  it('reorders, moves the cover (one per captación) and removes a photo with its original; the cover passes on', async () => {
    signInOnDevice();
    await addFotos('cap-1', [photo('a'), photo('b'), photo('c')]);
    let fotos = await listFotos('cap-1');
    await moveFoto(fotos[2], -1);
    fotos = await listFotos('cap-1');
    expect(fotos.map((f) => [f._id, f.orden])).toEqual([['foto:cap-1:a', 0], ['foto:cap-1:c', 1], ['foto:cap-1:b', 2]]);

    await setPortada(fotos[1]);
    fotos = await listFotos('cap-1');
    expect(fotos.filter((f) => f.portada).map((f) => f._id)).toEqual(['foto:cap-1:c']);
    expect(coverOf(fotos)?._id).toBe('foto:cap-1:c');

    await removeFoto(fotos[1]);
    fotos = await listFotos('cap-1');
    expect(fotos.map((f) => f._id)).toEqual(['foto:cap-1:a', 'foto:cap-1:b']);
    expect(fotos.filter((f) => f.portada).map((f) => f._id)).toEqual(['foto:cap-1:a']);
    const db = getLocalDb('fotos');
    // The tombstones keep the owner fields: a scoped device learns of the deletion.
    const gone = (await db.get('foto:cap-1:c', { revs: true, open_revs: 'all' })) as unknown as Array<{ ok: Record<string, unknown> }>;
    expect(gone[0].ok).toMatchObject({ _deleted: true, type: 'foto', captacion_id: 'cap-1' });
    await expect(db.get('foto-original:cap-1:c')).rejects.toMatchObject({ status: 404 });
  });

  it('refuses the 51st photo of a captación before writing anything', async () => {
    signInOnDevice();
    await addFotos('cap-1', Array.from({ length: 49 }, (_, i) => photo(`p${i}`)));
    await expect(addFotos('cap-1', [photo('x'), photo('y')])).rejects.toBeInstanceOf(TooManyFotosError);
    expect(await listFotos('cap-1')).toHaveLength(49);
  });
});

describe('opening the full-size photo', () => {
  it('reads an own original not yet synced from the device, without the network', async () => {
    signInOnDevice();
    await addFotos('cap-1', [photo('u1')]);
    const offline = () => Promise.reject(new TypeError('fetch failed'));
    expect(await bytesOf(await loadOriginal('cap-1', 'u1', 'image/jpeg', { fetch: offline }))).toEqual([...JPEG_2X2]);
  });

  it('fetches someone else’s original from the gateway once, keeps it on the device, and says so when offline without it', async () => {
    const ana = signInOnDevice();
    const asked: string[] = [];
    const gateway = (url: string) => {
      asked.push(url);
      return Promise.resolve(new Response(new Blob([JPEG_2X2.slice()], { type: 'image/jpeg' }), { status: 200 }));
    };
    const blob = await loadOriginal('cap-9', 'u7', 'image/jpeg', { origin: 'http://gw', fetch: gateway });
    expect(await bytesOf(blob)).toEqual([...JPEG_2X2]);
    expect(asked).toEqual(['http://gw/db/fotos/foto-original%3Acap-9%3Au7/original']);
    // Kept in the local-only store, so a second opening needs no network.
    const again = await loadOriginal('cap-9', 'u7', 'image/jpeg', { fetch: () => Promise.reject(new TypeError('fetch failed')) });
    expect(await bytesOf(again)).toEqual([...JPEG_2X2]);
    expect((await localOnlyDbFor(ana, 'originales').info()).doc_count).toBe(1);

    await expect(loadOriginal('cap-9', 'u8', 'image/jpeg', { fetch: () => Promise.reject(new TypeError('fetch failed')) })).rejects.toBeInstanceOf(OriginalOfflineError);
  });
});
