import '../../testing/local-data';
import { afterEach, describe, expect, it } from 'vitest';
import { sampleCaptacion } from '../../../../couch-design/captacion/fixtures';
import { gatewayForFile } from '../../../../sync-server/src/testing/per-file';
import { localGet, localPut } from '../db/index';
import { localDbName } from '../db/registry';
import { configureSync, currentEngine, destroyUserData, pauseSync, signOutGuard, startSyncFor } from './controller';
import { SyncStateStore } from './state';
import { eventually, FakeNetwork, FakeTab } from '../../testing/local-data';

/** The sync lifecycle around sign-in and sign-out, against a real gateway. */
const gw = gatewayForFile();
let store: SyncStateStore;

afterEach(async () => {
  await destroyUserData(null);
});

async function signIn(network: FakeNetwork): Promise<{ id: string; tab: FakeTab }> {
  const u = await gw.createUser({ role: 'user' });
  const client = await gw.client().signIn(u.email, u.password);
  const tab = new FakeTab(client.cookie, network);
  store = new SyncStateStore();
  configureSync({ origin: gw.url, fetch: tab.fetch, online: network, store, backoff: { minMs: 50, maxMs: 300 } });
  startSyncFor({ id: u.id });
  return { id: u.id, tab };
}

/** Names of the IndexedDB databases on the device, without PouchDB's `_pouch_` prefix. */
async function localDatabaseNames(): Promise<string[]> {
  return (await indexedDB.databases()).map((d) => (d.name ?? '').replace(/^_pouch_/, ''));
}

const captacion = (id: string) => ({ ...sampleCaptacion({ captacion: { fecha: '2025-05-01' } }), _id: id });

async function serverHas(id: string): Promise<boolean> {
  return (await gw.store.db('captaciones')).get(id).then(
    () => true,
    () => false,
  );
}

describe('sign-out with unsynced changes', () => {
  it('asks first when a change cannot reach the server, and keeps it when the person cancels', async () => {
    const network = new FakeNetwork(false);
    const ana = await signIn(network);
    await localPut('captaciones', captacion('cap-sin-enviar'));
    await eventually(() => store.get().pending === 1, 'un cambio pendiente');

    const asked: number[] = [];
    expect(await signOutGuard(async (n) => (asked.push(n), false))).toBe(false);
    expect(asked).toEqual([1]);
    expect(await localGet('captaciones', 'cap-sin-enviar')).not.toBeNull();

    // Confirming lets the sign-out go on; afterwards the person's databases are gone.
    expect(await signOutGuard(async () => true)).toBe(true);
    expect(await localDatabaseNames()).toContain(localDbName(ana.id, 'captaciones'));
    await destroyUserData({ id: ana.id });
    const names = await localDatabaseNames();
    expect(names).not.toContain(localDbName(ana.id, 'captaciones'));
    expect(names).not.toContain(localDbName(ana.id, 'nominas'));
    expect(currentEngine()).toBeNull();
    expect(store.get().status).toBe('idle');
  });

  it('when online, pushes the pending change first and does not ask', async () => {
    const network = new FakeNetwork(true);
    await signIn(network);
    await eventually(() => store.get().status === 'up-to-date', 'al día');
    await localPut('captaciones', captacion('cap-de-salida'));
    const asked: number[] = [];
    expect(await signOutGuard(async (n) => (asked.push(n), false))).toBe(true);
    expect(asked).toEqual([]);
    expect(await serverHas('cap-de-salida')).toBe(true);
  });

  it('lets a sign-out without pending changes through without asking', async () => {
    await signIn(new FakeNetwork(true));
    await eventually(() => store.get().status === 'up-to-date', 'al día');
    expect(await signOutGuard(async () => false)).toBe(true);
  });
});

describe('session lost without a sign-out', () => {
  it('stops syncing but keeps the person’s data for when they sign in again', async () => {
    const network = new FakeNetwork(false);
    const ana = await signIn(network);
    await localPut('captaciones', captacion('cap-guardada'));
    await pauseSync();
    expect(currentEngine()).toBeNull();
    expect(await localDatabaseNames()).toContain(localDbName(ana.id, 'captaciones'));

    network.set(true);
    startSyncFor({ id: ana.id });
    await eventually(() => serverHas('cap-guardada'), 'la captación enviada al volver');
    await eventually(() => store.get().status === 'up-to-date', 'al día');
  });
});
