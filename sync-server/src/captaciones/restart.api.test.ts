import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Store } from '../store/port';
import { startGateway, type TestGateway } from '../testing/gateway';
import { testStore } from '../testing/store';
import { captacionOf, ROLES, seed, signedIn, type Person } from '../testing/captaciones';
import { eventually } from '../testing/pouch-client';
import { loadSnapshot } from './directory-snapshot';

// Enough captaciones for the gateway to keep a snapshot of its directory (smaller ones are rebuilt).
const TOTAL = 2_100;

let store: Store;
let gw: TestGateway;
let admin: Person;
let sup: Person;

beforeAll(async () => {
  store = await testStore();
  gw = await startGateway({ store });
  [admin, sup] = await Promise.all([signedIn(gw, ROLES.admin), signedIn(gw, ROLES.supervisor)]);
  const docs = Array.from({ length: TOTAL }, (_, i) => captacionOf(i % 4 === 0 ? sup.user.id : `asesor-${i % 5}`, i));
  for (let i = 0; i < docs.length; i += 700) await seed(gw, docs.slice(i, i + 700));
});
afterAll(async () => {
  await gw.close();
  await store.close();
});

/** The same session against a restarted gateway. */
function again(p: Person): Person {
  const client = gw.client();
  client.cookie = p.client.cookie;
  return { ...p, client };
}

describe('a restarted gateway', () => {
  it('lists from the snapshot it saved, with what changed while it was down', async () => {
    // Written straight into the store: the list shows them once its directory has caught up.
    let before = await admin.client.json('GET', '/api/captaciones?limit=5');
    await eventually(async () => {
      before = await admin.client.json('GET', '/api/captaciones?limit=5');
      return before.body.paginacion.total === TOTAL;
    }, 'la lista con todo lo sembrado', 20_000);
    const db = await store.db('captaciones');
    await eventually(async () => (await loadSnapshot(db))?.entries.length === TOTAL, 'instantánea del directorio', 20_000);
    await gw.close();

    // Meanwhile, straight into the database: a new captación of the supervisor's and a deletion.
    await seed(gw, [captacionOf(sup.user.id, 9_000, { propietario: { nombre: 'Recién Capturada' } })]);
    const newest = before.body.captaciones[0];
    await db.remove(newest._id, newest._rev);

    gw = await startGateway({ store, dbPrefix: gw.config.dbPrefix, sessionSecret: gw.config.sessionSecret });
    const list = await again(admin).client.json('GET', '/api/captaciones?limit=5');
    expect(list.status).toBe(200);
    expect(list.body.paginacion.total).toBe(TOTAL);
    expect(list.body.captaciones[0].propietario.nombre).toBe('Recién Capturada');
    expect(list.body.captaciones.map((c: { _id: string }) => c._id)).not.toContain(newest._id);

    const mine = await again(sup).client.json('GET', '/api/captaciones?limit=100&search=recien');
    expect(mine.body.captaciones.map((c: { propietario: { nombre: string } }) => c.propietario.nombre)).toEqual(['Recién Capturada']);
    const all = await again(sup).client.json('GET', '/api/captaciones?limit=1');
    expect(all.body.paginacion.total).toBe(TOTAL / 4 + 1);
  });
});
