import { beforeAll, describe, expect, it } from 'vitest';
import { deviceDatabases, ENTITIES } from '../../couch-design/entities';
import { TAREA, TAREA_AJENA, TAREAS_BY_ASIGNADO } from '../../couch-design/testing/tarea-entity';
import { zoneViolation } from '../../eslint-zones.js';
import { gatewayForFile } from './testing/per-file';
import { ids, localDb, pullInto, pushDenied, remoteDb, signedIn, type Person } from './testing/pouch-client';

/**
 * docs/architecture.md section 2, "Una entidad sincronizada nueva", followed once: a throw-away entity
 * (couch-design/testing/tarea-entity.ts) added to the list of declarations and nothing else is
 * replicated by the gateway with its scope and its write policy, deployed with its index and its
 * validation, kept on the device, and its folders are lint zones.
 */
const gw = gatewayForFile({ entities: [...ENTITIES, TAREA] });
let ana: Person, beto: Person;

beforeAll(async () => {
  ana = await signedIn(gw, 'user');
  beto = await signedIn(gw, 'user');
});

describe('a new synced entity from its declaration alone', () => {
  it('is replicated through /db/<database>, each person pushing and pulling only their own', async () => {
    const anaDevice = localDb();
    await anaDevice.bulkDocs([
      { _id: 'tarea-ana', type: 'tarea', asignado: ana.id, titulo: 'Visitar la casa' },
      { _id: 'tarea-de-beto', type: 'tarea', asignado: beto.id, titulo: 'No es suya' },
    ]);
    expect(await pushDenied(gw, ana, 'tareas', anaDevice)).toEqual([TAREA_AJENA]);

    const betoDoc = { _id: 'tarea-beto', type: 'tarea', asignado: beto.id, titulo: 'Llamar al dueño' };
    const betoDevice = localDb();
    await betoDevice.put(betoDoc);
    await betoDevice.replicate.to(remoteDb(gw.url, 'tareas', beto.cookie), { retry: false });

    expect(await ids(await pullInto(gw, ana, 'tareas'))).toEqual(['tarea-ana']);
    expect(await ids(await pullInto(gw, beto, 'tareas'))).toEqual(['tarea-beto']);
    const stored = await gw.store.db('tareas');
    expect((await stored.get('tarea-ana')).asignado).toBe(ana.id);
  });

  it('is deployed with its index and a validation that admits only its type', async () => {
    const db = await gw.store.db('tareas');
    expect((await db.get(`_design/${TAREAS_BY_ASIGNADO.ddoc}`))._id).toBe(`_design/${TAREAS_BY_ASIGNADO.ddoc}`);
    const found = await db.find({ selector: { asignado: ana.id }, use_index: [TAREAS_BY_ASIGNADO.ddoc, TAREAS_BY_ASIGNADO.name], fields: ['_id'] });
    expect(found.docs.map((d) => d._id)).toEqual(['tarea-ana']);
    await expect(db.put({ _id: 'no-es-tarea', type: 'captacion' })).rejects.toMatchObject({ status: 403 });
  });

  it('is a database on the device, pushed, under /db/<database>', () => {
    expect(deviceDatabases([...ENTITIES, TAREA]).find((d) => d.name === 'tareas')).toEqual({
      name: 'tareas',
      pushed: true,
      remotePath: '/db/tareas',
      docType: 'tarea',
      names: { one: 'tarea', many: 'tareas' },
    });
  });

  it('has lint zones for its contract and its folders without editing any list', () => {
    // sync names no entity; the new feature imports no other; its layers keep their order.
    expect(zoneViolation('sync-server/src/sync/writes.ts', 'couch-design/tarea/entity')).toMatch(/sync no conoce ninguna entidad/);
    expect(zoneViolation('sync-server/src/tareas/service.ts', 'sync-server/src/captaciones/repository')).toMatch(/no importa otra función/);
    expect(zoneViolation('sync-server/src/tareas/repository.ts', 'sync-server/src/tareas/service')).toMatch(/routes -> service -> repository/);
    expect(zoneViolation('pwa/src/features/tareas/TareasPage.tsx', 'pwa/src/features/captaciones/texts')).toMatch(/no importa otra función/);
    expect(zoneViolation('pwa/src/lib/db/databases.ts', 'pwa/src/features/tareas/texts')).toMatch(/lib\/ y components\//);
    expect(zoneViolation('sync-server/src/tareas/routes.ts', 'sync-server/src/tareas/service')).toBeNull();
  });
});
