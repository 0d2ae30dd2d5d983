import '../../testing/local-data';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { engineSuite } from '../../testing/engine-suite';
import { sampleCaptacion } from '../../../../couch-design/captacion/fixtures';
import type { Config } from '../../../../sync-server/src/config';
import type { Store } from '../../../../sync-server/src/store/port';
import { startGateway } from '../../../../sync-server/src/testing/gateway';
import { getLocalDb } from '../db/index';
import type { FetchFn } from '../db/pouch';
import { setActiveUser } from '../db/registry';
import { SyncEngine } from './engine';
import { SyncStateStore } from './state';
import { eventually, FakeNetwork, FakeTab } from '../../testing/local-data';
import { restartGatewayOn } from '../../testing/gateway-restart';

/**
 * The gateway dies (its store on LevelDB in a temporary folder) while a tablet pushes, and a new
 * one starts on the same data and port. Every change captured offline must reach the server and
 * the pending count must return to 0, also when the requests in flight at the death are never
 * answered: then PouchDB's push stops without any event and only the engine can notice.
 */
const dataDir = mkdtempSync(path.join(tmpdir(), 'pwa-vigia-envio-'));
const { engines, cleanups } = engineSuite();

afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

/** A new gateway process on the data and port of one that died. */
async function restartOn(config: Config, port: number): Promise<{ store: Store }> {
  const gateway = await restartGatewayOn(config, port);
  cleanups.push(gateway.close);
  return gateway;
}

const N = 120;

/** Pulls never ask the gateway for `_revs_diff` (they compare on the device): this is the push's. */
const revsDiffPath = '/db/captaciones/_revs_diff';

/** What Node's fetch rejects with when nothing listens on the port. */
const refused = () => new TypeError('fetch failed', { cause: Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' }) });

interface Outage {
  /** Requests sent to the dead gateway are never answered (no reset reaches the tablet) instead of failing. */
  silent: boolean;
}

async function pushThroughRestart({ silent }: Outage): Promise<{ lost: string[] }> {
  const gw1 = await startGateway({ dataDir, dbPrefix: silent ? 'vigia_mudo_' : 'vigia_' });
  cleanups.push(() => gw1.close());
  const port = Number(new URL(gw1.url).port);
  const u = await gw1.createUser({ role: 'user' });
  const client = await gw1.client().signIn(u.email, u.password);
  const network = new FakeNetwork(false);
  const tab = new FakeTab(client.cookie, network);

  // The network between the tablet and the gateway. The gateway dies while the push compares the
  // revisions of a batch (after a few batches): when `silent`, the requests in flight then are
  // never answered, as when the reset does not reach the tablet (a proxy, a dropped Wi-Fi);
  // otherwise they fail with the connection. Requests sent until the new gateway listens are refused.
  let down = false;
  let killed = false;
  let restarted: Promise<{ store: Store }> | null = null;
  const inFlight = new Set<() => void>();
  const lost: string[] = [];
  let batchesAnswered = 0;
  const kill = () => {
    killed = down = true;
    for (const loseIt of [...inFlight]) loseIt();
    restarted = gw1
      .close()
      .then(() => new Promise((r) => setTimeout(r, 300)))
      .then(() => restartOn(gw1.config, port))
      .finally(() => (down = false));
  };
  const fetchFn: FetchFn = (input, init) =>
    new Promise<Response>((resolve, reject) => {
      const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
      const pathname = new URL(url).pathname;
      const what = `${init?.method ?? 'GET'} ${pathname}`;
      init?.signal?.addEventListener('abort', () => reject(new DOMException('Solicitud cancelada', 'AbortError')));
      if (down) return reject(refused());
      let isLost = false;
      const loseIt = () => {
        if (!silent) return;
        isLost = true;
        lost.push(what);
      };
      inFlight.add(loseIt);
      if (!killed && batchesAnswered >= 3 && pathname === revsDiffPath) kill();
      tab.fetch(input, init).then(
        (res) => {
          inFlight.delete(loseIt);
          if (isLost) return;
          if (pathname.endsWith('/_bulk_docs')) batchesAnswered++;
          resolve(res);
        },
        (err: unknown) => {
          inFlight.delete(loseIt);
          if (!isLost) reject(err);
        },
      );
    });

  setActiveUser(u.id);
  const docs = Array.from({ length: N }, (_, i) => ({
    ...sampleCaptacion({ captacion: { asesor: u.id, fecha: '2025-05-01T10:00:00.000Z' } }),
    _id: `cap-vigia-${String(i).padStart(3, '0')}`,
  }));
  await getLocalDb('captaciones').bulkDocs(docs);

  const store = new SyncStateStore();
  const engine = new SyncEngine({
    userId: u.id,
    origin: gw1.url,
    fetch: fetchFn,
    online: network,
    store,
    backoff: { minMs: 50, maxMs: 300 },
    batchSize: 10,
    pushStallMs: 1_500,
  });
  engines.push(engine);
  engine.start();
  await eventually(() => store.get().pending === N, 'los cambios pendientes');
  network.set(true);

  await eventually(() => restarted !== null, 'la caída del servidor a mitad del envío', 30_000);
  const { store: serverStore } = await restarted!;
  const db = await serverStore.db('captaciones');
  const onServer = async () => (await db.find({ selector: { type: 'captacion' }, fields: ['_id'], limit: N + 10 })).docs.map((d) => d._id);
  await eventually(async () => (await onServer()).length === N && (await engine.pendingCount()) === 0, 'todos los cambios en el servidor', 40_000);
  expect((await onServer()).sort()).toEqual(docs.map((d) => d._id));
  await eventually(() => store.get().pending === 0, 'ningún cambio pendiente en la barra');
  return { lost };
}

describe('a push through a gateway killed and restarted', { timeout: 90_000 }, () => {
  it('resumes after the connection errors and delivers every pending change', async () => {
    await pushThroughRestart({ silent: false });
  });

  it('restarts a push left hanging without any event, and delivers every pending change', async () => {
    const { lost } = await pushThroughRestart({ silent: true });
    // The scenario did happen: the push was waiting on requests that were never answered.
    expect(lost).toContain(`POST ${revsDiffPath}`);
  });
});
