import '../../../testing/local-data';
import { createRequire } from 'node:module';
import { beforeEach, describe, expect, it } from 'vitest';
import { engineSuite } from '../../../testing/engine-suite';
import { startGateway, type TestGateway } from '../../../../../sync-server/src/testing/gateway';
import { sampleCaptacion } from '../../../../../couch-design/captacion/fixtures';
import { JPEG_2X2 } from '../../../../../couch-design/testing/images';
import { listRejectedChanges, localPut } from '../../../lib/db/index';
import { dbFor, setActiveUser } from '../../../lib/db/registry';
import { addFotos } from './fotos-store';
import { newFoto } from './testing/new-foto';
import { SyncEngine } from '../../../lib/sync/engine';
import { SyncStateStore } from '../../../lib/sync/state';
import { eventually, FakeNetwork, FakeTab } from '../../../testing/local-data';
import type { FetchFn } from '../../../lib/db/pouch';

/**
 * Property photos through the sync engine against a real gateway (issue 22 item 3): pushed in
 * their own replication after the captaciones, counted with their size while they wait, thumbnails
 * pulled by people in scope only, originals never pulled, and the own originals purged once up.
 */
/**
 * Node only: fake-indexeddb stores the Buffer of an attachment as a plain Uint8Array, and the Node
 * build of pouchdb-binary-utils reads it back with `toString('binary')` or `toString('base64')`,
 * which a Uint8Array does not have ("1,2,3..."), so a push from Node would send broken images. Browsers store Blobs and
 * never take this path (the e2e test pushes real photos from Chromium).
 */
type Reader = (b: Uint8Array, cb: (s: string) => void) => void;
const binaryUtils = createRequire(import.meta.url)('pouchdb-binary-utils') as { readAsBinaryString: Reader; blobOrBufferToBase64: Reader };
binaryUtils.readAsBinaryString = (bytes, cb) => cb(Buffer.from(bytes).toString('binary'));
binaryUtils.blobOrBufferToBase64 = (bytes, cb) => cb(Buffer.from(bytes).toString('base64'));

/**
 * A fresh gateway per test: a device in one test must not pull the photos of another (a Node
 * pull of thumbnails stalls on the same Buffer/Blob mismatch; browsers pull them, see e2e/fotos).
 */
let current: TestGateway | null = null;
const gateway = (): TestGateway => current!;
const { engines: running, cleanups } = engineSuite();
beforeEach(async () => {
  const gw = await startGateway();
  current = gw;
  cleanups.push(() => gw.close());
});

async function person(role = 'user', network = new FakeNetwork(true)) {
  const u = await gateway().createUser({ role });
  const client = await gateway().client().signIn(u.email, u.password);
  return { id: u.id, tab: new FakeTab(client.cookie, network) };
}

function startEngine(p: { id: string; tab: FakeTab }, log: string[] = [], delayFotosMs = 0) {
  const store = new SyncStateStore();
  const fetch: FetchFn = async (input, init) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const line = `${init?.method ?? 'GET'} ${new URL(url).pathname}`;
    log.push(line);
    // A slow link for photos: each batch takes this long to go up.
    if (delayFotosMs && line === 'POST /db/fotos/_bulk_docs') await new Promise((r) => setTimeout(r, delayFotosMs));
    // Node only: PouchDB's HTTP adapter reads an attachment with `response.buffer()` when there is
    // one (node-fetch) and otherwise as a Blob, which its Node build cannot hash or encode.
    return p.tab.fetch(input, init).then((res) => Object.assign(res, { buffer: async () => Buffer.from(await res.clone().arrayBuffer()) }));
  };
  const engine = new SyncEngine({ userId: p.id, origin: gateway().url, fetch, online: p.tab.network, store, backoff: { minMs: 50, maxMs: 300 } });
  running.push(engine);
  engine.start();
  return { engine, store };
}


/** Which of `ids` the server's `fotos` holds (alive). */
async function onServer(ids: string[]): Promise<string[]> {
  const db = await gateway().store.db('fotos');
  const found: string[] = [];
  for (const id of ids) {
    try {
      await db.get(id);
      found.push(id);
    } catch {
      // missing
    }
  }
  return found;
}
const ids = (kind: string, cap: string, uuids: string[]) => uuids.map((u) => `${kind}:${cap}:${u}`);

describe('property photos through the sync engine', () => {
  it('counts photos taken offline with their size, sends the captación before its photos, and drops the own originals once on the server', async () => {
    const network = new FakeNetwork(false);
    const ana = await person('user', network);
    setActiveUser(ana.id);
    const log: string[] = [];
    const { store } = startEngine(ana, log);
    await eventually(() => store.get().status === 'offline', 'sin conexión');

    await localPut('captaciones', { ...sampleCaptacion({ captacion: { asesor: ana.id, fecha: '2026-05-01' } }), _id: 'cap-fotos-1' });
    await addFotos('cap-fotos-1', [newFoto('u1'), newFoto('u2'), newFoto('u3')]);
    await eventually(() => store.get().pendingAttached === 3, 'tres fotos en espera');
    const state = store.get();
    // One captación and three photos (not six documents); the bytes of both images of each.
    expect(state.pending).toBe(4);
    expect(state.pendingBytes).toBe(3 * 2 * JPEG_2X2.length);

    network.set(true);
    await eventually(() => store.get().status === 'up-to-date', 'al día');
    expect(await listRejectedChanges()).toEqual([]);
    expect(store.get()).toMatchObject({ pending: 0, pendingAttached: 0, pendingBytes: 0 });
    expect(await onServer(ids('foto', 'cap-fotos-1', ['u1', 'u2', 'u3']))).toHaveLength(3);
    expect(await onServer(ids('foto-original', 'cap-fotos-1', ['u1', 'u2', 'u3']))).toHaveLength(3);

    // Text before photos: the captación's push went through before the first batch of photos.
    const firstCaptaciones = log.indexOf('POST /db/captaciones/_bulk_docs');
    const firstFotos = log.indexOf('POST /db/fotos/_bulk_docs');
    expect(firstCaptaciones).toBeGreaterThanOrEqual(0);
    expect(firstFotos).toBeGreaterThan(firstCaptaciones);

    // The originals are on the server: purged here (never deleted, which would delete them there).
    const local = dbFor(ana.id, 'fotos');
    await eventually(async () => (await local.allDocs({ startkey: 'foto-original:', endkey: 'foto-original:\ufff0' })).rows.length === 0, 'originales purgados');
    expect((await local.allDocs({ startkey: 'foto:', endkey: 'foto:\ufff0' })).rows).toHaveLength(3);
    expect(await onServer(ids('foto-original', 'cap-fotos-1', ['u1', 'u2', 'u3']))).toHaveLength(3);
    expect(store.get().pending).toBe(0);
  });

  it('sends photos in batches of FOTOS_BATCH_SIZE', async () => {
    const ana = await person();
    setActiveUser(ana.id);
    const log: string[] = [];
    const network = ana.tab.network;
    network.set(false);
    const { store } = startEngine(ana, log);
    await localPut('captaciones', { ...sampleCaptacion({ captacion: { asesor: ana.id, fecha: '2026-05-01' } }), _id: 'cap-lotes' });
    await addFotos('cap-lotes', Array.from({ length: 6 }, (_, i) => newFoto(`l${i}`)));
    await eventually(() => store.get().pendingAttached === 6, 'seis fotos en espera');
    network.set(true);
    await eventually(() => store.get().status === 'up-to-date' && store.get().pending === 0, 'al día');
    // 12 documents in batches of 5: three _bulk_docs to /db/fotos.
    expect(log.filter((l) => l === 'POST /db/fotos/_bulk_docs').length).toBe(3);
  });

  it('sends a captación saved while its photos upload before the remaining photos (text before photos)', async () => {
    const network = new FakeNetwork(false);
    const ana = await person('user', network);
    setActiveUser(ana.id);
    const log: string[] = [];
    const { store } = startEngine(ana, log, 700);
    await localPut('captaciones', { ...sampleCaptacion({ captacion: { asesor: ana.id, fecha: '2026-05-01' } }), _id: 'cap-texto-a' });
    const uuids = Array.from({ length: 10 }, (_, i) => `t${i}`);
    await addFotos('cap-texto-a', uuids.map((uuid) => newFoto(uuid)));
    await eventually(() => store.get().pendingAttached === 10, 'diez fotos en espera');
    network.set(true);
    await eventually(() => log.includes('POST /db/fotos/_bulk_docs'), 'las fotos empiezan a subir');

    await localPut('captaciones', { ...sampleCaptacion({ captacion: { asesor: ana.id, fecha: '2026-05-02' } }), _id: 'cap-texto-b' });
    const db = await gateway().store.db('captaciones');
    await eventually(async () => !!(await db.get('cap-texto-b').catch(() => null)), 'la captación nueva en el servidor');
    const upThen = (await onServer([...ids('foto', 'cap-texto-a', uuids), ...ids('foto-original', 'cap-texto-a', uuids)])).length;
    expect(upThen).toBeLessThan(20);

    await eventually(() => store.get().status === 'up-to-date' && store.get().pending === 0, 'al día');
    expect(await onServer(ids('foto', 'cap-texto-a', uuids))).toHaveLength(10);
    expect(await listRejectedChanges()).toEqual([]);
  });

  it('brings none of the photos to a supervisor without that captación, and never an original to anyone', async () => {
    const ana = await person();
    setActiveUser(ana.id);
    const { store } = startEngine(ana);
    await localPut('captaciones', { ...sampleCaptacion({ captacion: { asesor: ana.id, fecha: '2026-05-01' } }), _id: 'cap-vista' });
    await addFotos('cap-vista', [newFoto('v1'), newFoto('v2')]);
    await eventually(async () => (await onServer(ids('foto', 'cap-vista', ['v1', 'v2']))).length === 2, 'las fotos en el servidor');
    await eventually(() => store.get().status === 'up-to-date' && store.get().pending === 0, 'al día');

    const sup = await person('supervisor');
    const supLog: string[] = [];
    const supRun = startEngine(sup, supLog);
    await eventually(() => supRun.store.get().status === 'up-to-date', 'supervisor al día');
    expect((await dbFor(sup.id, 'fotos').allDocs()).rows.filter((r) => !r.id.startsWith('_'))).toEqual([]);
    expect(supLog.some((l) => l.includes('/miniatura') || l.includes('/original'))).toBe(false);
  });

});
