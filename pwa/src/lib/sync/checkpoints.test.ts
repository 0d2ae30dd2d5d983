import '../../testing/local-data';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { sampleCaptacion } from '../../../../couch-design/captacion/fixtures';
import { startGateway, type TestGateway } from '../../../../sync-server/src/testing/gateway';
import { localGet, localPut, watchLocal } from '../db/index';
import { destroyLocalDbs, setActiveUser } from '../db/registry';
import { SyncEngine } from './engine';
import { SyncStateStore } from './state';
import { eventually, FakeNetwork, FakeTab } from '../../testing/local-data';

/**
 * Replication checkpoints live on the device only (replication.ts): the gateway never sees a
 * request for a `_local` document, so the browser logs no 404 for a checkpoint not written yet.
 * What the server's copy protected against still holds: a database recreated on the server gives
 * a new replication identity, and the device pulls and pushes from the start.
 */
const cleanups: Array<() => Promise<void>> = [];
const engines: SyncEngine[] = [];
/** Everyone whose engine ran: their local databases go after each test. */
const deviceUsers: string[] = [];

afterEach(async () => {
  for (const engine of engines.splice(0)) await engine.stop();
  for (const userId of new Set(deviceUsers.splice(0))) await destroyLocalDbs(userId);
  setActiveUser(null);
  for (const close of cleanups.splice(0).reverse()) await close();
});

/** Someone signed in on the device (their databases are the ones in use). *//** The gateway's own server in front of its app, recording every request it receives. */
async function countingServer(gw: TestGateway): Promise<{ url: string; requests: string[] }> {
  const requests: string[] = [];
  const server: Server = createServer((req: IncomingMessage, res) => {
    requests.push(`${req.method} ${req.url}`);
    gw.gateway.app(req, res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  cleanups.push(async () => {
    server.closeAllConnections();
    await new Promise<void>((r) => server.close(() => r()));
  });
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, requests };
}

interface Device {
  id: string;
  tab: FakeTab;
}

async function signedIn(gw: TestGateway): Promise<Device> {
  const u = await gw.createUser({ role: 'user' });
  const client = await gw.client().signIn(u.email, u.password);
  setActiveUser(u.id);
  deviceUsers.push(u.id);
  return { id: u.id, tab: new FakeTab(client.cookie, new FakeNetwork(true)) };
}

function startEngine(device: Device, origin: string): { engine: SyncEngine; store: SyncStateStore } {
  setActiveUser(device.id);
  const store = new SyncStateStore();
  const engine = new SyncEngine({ userId: device.id, origin, fetch: device.tab.fetch, online: device.tab.network, store, backoff: { minMs: 50, maxMs: 300 } });
  engines.push(engine);
  engine.start();
  return { engine, store };
}

/** Another page load: the engine stops, the device's databases stay. */
async function stopEngine(engine: SyncEngine): Promise<void> {
  engines.splice(engines.indexOf(engine), 1);
  await engine.stop();
}

const captacion = (id: string, asesor: string) => ({ ...sampleCaptacion({ captacion: { asesor, fecha: '2025-04-01' } }), _id: id });

async function serverDoc(gw: TestGateway, db: string, id: string): Promise<Record<string, unknown> | null> {
  return (await gw.store.db(db)).get(id).catch(() => null);
}

async function uuidFor(device: Device, origin: string): Promise<string> {
  const res = await device.tab.fetch(`${origin}/db/`, { headers: { accept: 'application/json' } });
  return ((await res.json()) as { uuid: string }).uuid;
}

const upToDate = (store: SyncStateStore) => () => store.get().status === 'up-to-date' && store.get().pending === 0;

describe('replication checkpoints kept on the device', { timeout: 60_000 }, () => {
  it('pulls and pushes both databases, and resumes on the next page load, without one request for a _local document', async () => {
    const gw = await startGateway();
    cleanups.push(() => gw.close());
    const { url, requests } = await countingServer(gw);
    const ana = await signedIn(gw);
    await (await gw.store.db('empleados')).put({ _id: 'emp-ana', type: 'empleado', userId: ana.id, nombre: 'Ana' });
    gw.gateway.context.sessionUsers.invalidate(ana.id);
    await (await gw.store.db('nominas')).put({ _id: 'nom-ana', type: 'nomina', empleadoId: 'emp-ana', empleado: 'Ana', conceptoDePago: 'Quincena', salario: 9000, fecha: '2025-03-15' });
    // Hers, written elsewhere: in her device set (issue 34).
    await (await gw.store.db('captaciones')).put(captacion('cap-del-servidor', ana.id));

    const first = startEngine(ana, url);
    await eventually(async () => (await localGet('nominas', 'nom-ana')) !== null && (await localGet('captaciones', 'cap-del-servidor')) !== null, 'lo del servidor en el dispositivo');
    // An edit made on the device goes up. (A new captación would move her device set: the next
    // page load would pull under a new identity, from the start of her narrowed feed, issue 34.)
    await localPut('captaciones', { ...(await localGet('captaciones', 'cap-del-servidor')), tipo_tramite: 'Crédito' });
    await eventually(async () => (await serverDoc(gw, 'captaciones', 'cap-del-servidor'))?.tipo_tramite === 'Crédito', 'el cambio del dispositivo en el servidor');
    await eventually(upToDate(first.store), 'al día');
    await stopEngine(first.engine);

    // The next page load starts from the checkpoints the device kept. Meanwhile another device
    // edited hers (a new one would be a new device set, pulled under a new identity).
    const before = requests.length;
    const servidor = await gw.store.db('captaciones');
    const [edited] = await servidor.bulkDocs([{ ...(await servidor.get('cap-del-servidor')), tipo_tramite: 'Contado' }]);
    await localPut('captaciones', captacion('cap-mia-despues', ana.id));
    const second = startEngine(ana, url);
    await eventually(async () => (await localGet('captaciones', 'cap-del-servidor'))?._rev === edited.rev, 'el cambio nuevo del servidor');
    await eventually(async () => (await serverDoc(gw, 'captaciones', 'cap-mia-despues')) !== null, 'la captación nueva del dispositivo');
    await eventually(upToDate(second.store), 'al día de nuevo');
    const resumedFrom = requests
      .slice(before)
      .filter((r) => r.startsWith('GET /db/captaciones/_changes'))
      .map((r) => new URL(r.slice(4), url).searchParams.get('since'));
    expect(resumedFrom[0]).toMatch(/^[1-9]/);

    expect(requests.filter((r) => r.startsWith('POST /db/captaciones/_bulk_docs'))).not.toEqual([]);
    expect(requests.filter((r) => r.includes('/_local'))).toEqual([]);
  });

  it('after the server database is recreated, pulls the new one from the start and pushes again what the server lost', async () => {
    const gw1 = await startGateway();
    const { store, config } = gw1;
    cleanups.push(() => store.close());
    let gw1Open = true;
    cleanups.push(async () => void (gw1Open && (await gw1.close({ keepStore: true }))));
    const ana = await signedIn(gw1);
    // Enough history that the device's checkpoint lies beyond the whole sequence of the new
    // database. Ana's own captaciones: the device may give them back (another adviser's would
    // be refused to her, and kept on the device as refused changes).
    const old = await gw1.store.db('captaciones');
    await old.bulkDocs(Array.from({ length: 20 }, (_, i) => captacion(`cap-antigua-${i}`, ana.id)));
    await localPut('captaciones', captacion('cap-de-ana', ana.id));
    const first = startEngine(ana, gw1.url);
    await eventually(async () => (await localGet('captaciones', 'cap-antigua-19')) !== null, 'las captaciones antiguas');
    await eventually(async () => (await serverDoc(gw1, 'captaciones', 'cap-de-ana')) !== null, 'la captación de Ana en el servidor');
    await eventually(upToDate(first.store), 'al día');
    const uuidBefore = await uuidFor(ana, gw1.url);
    await stopEngine(first.engine);

    // The database is lost and created again (as a restore would), and the gateway restarts.
    await gw1.close({ keepStore: true });
    gw1Open = false;
    await store.destroy('captaciones');
    const gw2 = await startGateway({ store, dbPrefix: config.dbPrefix });
    cleanups.push(() => gw2.close());
    await (await gw2.store.db('captaciones')).put(captacion('cap-nueva', ana.id));

    expect(await uuidFor(ana, gw2.url)).not.toBe(uuidBefore);
    let resets = 0;
    setActiveUser(ana.id);
    watchLocal('captaciones', (e) => void (e.kind === 'reset' && resets++));
    const second = startEngine(ana, gw2.url);
    await eventually(async () => (await localGet('captaciones', 'cap-nueva')) !== null, 'la captación de la base nueva en el dispositivo');
    await eventually(async () => (await serverDoc(gw2, 'captaciones', 'cap-de-ana')) !== null, 'la captación de Ana enviada de nuevo');
    await eventually(upToDate(second.store), 'al día con la base nueva');
    // What the server lost came back from the device; same person, same scope: nothing was wiped.
    expect(await serverDoc(gw2, 'captaciones', 'cap-antigua-19')).not.toBeNull();
    expect(resets).toBe(0);
  });
});
