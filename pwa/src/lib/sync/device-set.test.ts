import '../../testing/local-data';
import { describe, expect, it } from 'vitest';
import { pinPath } from '../../../../couch-design/captacion/device-set';
import { engineSuite, gatewayForFile } from '../../testing/engine-suite';
import { captacionFor, fotoFor, hasLocal, personOnDevice } from '../../testing/device-set';
import { getLocalDb } from '../db/index';
import { evictOutsideSets } from './device-set';
import { remoteDb } from './replication';

/**
 * What left the device set leaves the device, through PouchDB's purge, against a real gateway and
 * IndexedDB (fake-indexeddb): a record the server holds entirely goes with its photos; one with a
 * change the server lacks stays, and so does a record whose photo waits to go up.
 */
const gateway = gatewayForFile({ wholeScopeOnDevices: false });
const { cleanups } = engineSuite();

const captacion = captacionFor;
const foto = fotoFor;
const has = hasLocal;

describe('leaving the device set', () => {
  it('purges what the server holds entirely, never anything pending', async () => {
    const gw = gateway();
    const { otro, u, client, tab } = await personOnDevice(gw, cleanups);
    const store = await gw.store.db('captaciones');
    for (const id of ['sale', 'editada', 'con-foto']) await store.put(captacion(id, otro.id));
    await (await gw.store.db('fotos')).bulkDocs([foto('sale', 'a'), foto('con-foto', 'b')]);
    for (const id of ['sale', 'editada', 'con-foto']) expect((await client.json('PUT', pinPath(id))).status).toBe(200);

    for (const db of ['captaciones', 'fotos'] as const) await getLocalDb(db).replicate.from(remoteDb(gw.url, db, tab.fetch));
    expect(await has('captaciones', 'sale')).toBe(true);
    expect(await has('fotos', 'foto:sale:a')).toBe(true);

    // Pending on the device: an edit of one, a new photo of another.
    const local = getLocalDb('captaciones');
    await local.put({ ...(await local.get('editada')), estatus_actual: 'Vendida' });
    await getLocalDb('fotos').put(foto('con-foto', 'nueva'));

    for (const id of ['sale', 'editada', 'con-foto']) expect((await client.json('DELETE', pinPath(id))).status).toBe(200);
    expect(await evictOutsideSets({ userId: u.id, origin: gw.url, fetch: tab.fetch })).toEqual(['sale']);

    expect(await has('captaciones', 'sale')).toBe(false);
    expect(await has('fotos', 'foto:sale:a')).toBe(false);
    expect(await has('captaciones', 'editada')).toBe(true);
    expect(((await local.get('editada')) as { estatus_actual?: string }).estatus_actual).toBe('Vendida');
    expect(await has('captaciones', 'con-foto')).toBe(true);
    expect(await has('fotos', 'foto:con-foto:nueva')).toBe(true);
    expect(await has('fotos', 'foto:con-foto:b')).toBe(true);
    // Purged, not deleted: the server keeps it.
    expect((await store.get('sale'))._id).toBe('sale');
  });
});
