import '../../testing/local-data';
import { describe, expect, it } from 'vitest';
import { DEVICE_SET_PATH, pinPath } from '../../../../couch-design/captacion/device-set';
import { engineSuite, gatewayForFile } from '../../testing/engine-suite';
import { hasLocal, captacionFor, fotoFor, personOnDevice } from '../../testing/device-set';
import { getLocalDb } from '../db/index';
import { keepWithinBudget, measureHeld } from './device-budget';
import { noteUse } from './last-use';
import { defaultKeyValueStore } from './meta';
import { remoteDb } from './replication';

/**
 * The device stays within its storage budget (issue 34 item 3), against a real gateway and
 * IndexedDB (fake-indexeddb): past the budget the least recently used records leave with their
 * photos; a pinned one, an advised one and one with a pending change stay, however old their use.
 */
const gateway = gatewayForFile({ wholeScopeOnDevices: false });
const { cleanups } = engineSuite();

const PHOTO_BYTES = 30_000;
const captacion = captacionFor;
// Each with a thumbnail of PHOTO_BYTES: what fills a device.
const foto = (captacionId: string) => ({
  ...fotoFor(captacionId, 'a', PHOTO_BYTES),
  _attachments: { miniatura: { content_type: 'image/jpeg', data: Buffer.alloc(PHOTO_BYTES, 7).toString('base64') } },
});
const has = hasLocal;

describe('the storage budget', () => {
  it('sends the least recently used records away first, never a pinned, advised or pending one', async () => {
    const gw = gateway();
    const { otro, u, client, tab } = await personOnDevice(gw, cleanups);
    // Opened online by this person (in their set), each with a photo; one they advise; one pinned.
    const others = ['vieja', 'media', 'nueva', 'fijada', 'editada'];
    const store = await gw.store.db('captaciones');
    for (const id of others) await store.put(captacion(id, otro.id));
    await store.put(captacion('propia', u.id));
    await (await gw.store.db('fotos')).bulkDocs([...others, 'propia'].map((id) => foto(id)));
    for (const id of ['vieja', 'media', 'nueva', 'editada']) expect((await client.json('GET', `/api/captaciones/${id}`)).status).toBe(200);
    expect((await client.json('PUT', pinPath('fijada'))).status).toBe(200);
    for (const db of ['captaciones', 'fotos'] as const) await getLocalDb(db).replicate.from(remoteDb(gw.url, db, tab.fetch));
    for (const id of [...others, 'propia']) expect(await has('fotos', `foto:${id}:a`)).toBe(true);

    // Used here oldest first: the pinned, advised and edited ones longest ago of all.
    for (const [i, id] of ['fijada', 'propia', 'editada', 'vieja', 'media', 'nueva'].entries()) noteUse(u.id, id, defaultKeyValueStore, 1_000 + i);
    const local = getLocalDb('captaciones');
    await local.put({ ...(await local.get('editada')), estatus_actual: 'Vendida' });

    const before = await measureHeld(u.id);
    // Photos count by their files: six of them, 30 KB each.
    expect(before).toBeGreaterThan(6 * PHOTO_BYTES);
    const ctx = { userId: u.id, origin: gw.url, fetch: tab.fetch };
    // Within the budget: nothing leaves.
    expect((await keepWithinBudget({ ...ctx, budget: before })).purged).toEqual([]);

    // Room for all but about two records with their photos: the two least recently used leave.
    const result = await keepWithinBudget({ ...ctx, budget: before - 2 * PHOTO_BYTES - 1_000 });
    expect([...result.purged].sort()).toEqual(['media', 'vieja']);
    expect(result.bytes).toBeLessThanOrEqual(result.budget);
    expect(result.bytes).toBe(await measureHeld(u.id));
    for (const id of ['vieja', 'media']) {
      expect(await has('captaciones', id)).toBe(false);
      expect(await has('fotos', `foto:${id}:a`)).toBe(false);
    }
    for (const id of ['nueva', 'fijada', 'propia', 'editada']) expect(await has('captaciones', id)).toBe(true);

    // A budget nothing fits in: every record that may leave goes; the pinned, advised and pending stay.
    const tight = await keepWithinBudget({ ...ctx, budget: 1 });
    expect(tight.purged).toEqual(['nueva']);
    for (const id of ['fijada', 'propia', 'editada']) {
      expect(await has('captaciones', id)).toBe(true);
      expect(await has('fotos', `foto:${id}:a`)).toBe(true);
    }
    expect(((await local.get('editada')) as { estatus_actual?: string }).estatus_actual).toBe('Vendida');
    // Purged, not deleted: the server keeps them.
    expect((await store.get('vieja'))._id).toBe('vieja');
  });

  it('tells the gateway to forget what left for space: a change on the server no longer brings it back', async () => {
    const gw = gateway();
    const { otro, u, client, tab } = await personOnDevice(gw, cleanups);
    const store = await gw.store.db('captaciones');
    for (const id of ['olvidable', 'fijada-2']) await store.put(captacion(id, otro.id));
    expect((await client.json('GET', '/api/captaciones/olvidable')).status).toBe(200);
    // Opened too, but pinned: its opened mark may go, the pin keeps it.
    expect((await client.json('GET', '/api/captaciones/fijada-2')).status).toBe(200);
    expect((await client.json('PUT', pinPath('fijada-2'))).status).toBe(200);
    const local = getLocalDb('captaciones');
    const pull = () => local.replicate.from(remoteDb(gw.url, 'captaciones', tab.fetch));
    await pull();
    expect(await has('captaciones', 'olvidable')).toBe(true);

    const tight = await keepWithinBudget({ userId: u.id, origin: gw.url, fetch: tab.fetch, budget: 1 });
    expect(tight.purged).toEqual(['olvidable']);
    // Out of the gateway's set, not only off the device.
    const set = (await client.json('GET', DEVICE_SET_PATH)).body as { ids: string[] };
    expect(set.ids).toEqual(['fijada-2']);
    // Changed on the server: the next catch-up does not bring it back to leave again.
    await store.put({ ...(await store.get('olvidable')), estatus_actual: 'Vendida' });
    await pull();
    expect(await has('captaciones', 'olvidable')).toBe(false);
    expect(await has('captaciones', 'fijada-2')).toBe(true);
  });
});
