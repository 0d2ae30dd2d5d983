import '../../testing/local-data';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { engineSuite } from '../../testing/engine-suite';
import { sampleCaptacion } from '../../../../couch-design/captacion/fixtures';
import { startGateway } from '../../../../sync-server/src/testing/gateway';
import { localGet, localPut } from '../db/index';
import type { FetchFn } from '../db/pouch';
import { setActiveUser } from '../db/registry';
import { SyncEngine } from './engine';
import { SyncStateStore } from './state';
import { eventually, FakeNetwork, FakeTab } from '../../testing/local-data';
import { restartGatewayOn, type RestartedGateway } from '../../testing/gateway-restart';

/**
 * Issue 18 item 8: in a 50-device run with `kill -9` of the gateway, one device stopped pushing
 * until a manual sync. Here a tablet is live (pulling and pushing) while its person keeps saving,
 * and the gateway dies without a word: the requests in flight, the push's and the pulls' waiting
 * `_changes`, are never answered (no reset reaches the tablet). A new gateway starts on the same
 * data and port. With no event from PouchDB, the engine alone must notice and resume both ways,
 * while the person is still typing (each save moves the pending count, which is no push alive).
 */
const dataDir = mkdtempSync(path.join(tmpdir(), 'pwa-vivo-reinicio-'));
const { engines, cleanups } = engineSuite();

afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

const refused = () => new TypeError('fetch failed', { cause: Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' }) });
const pathOf = (input: Parameters<FetchFn>[0]) => new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url).pathname;

describe('a live session through a gateway killed and restarted', { timeout: 90_000 }, () => {
  it('resumes pushing and pulling by itself while the person keeps saving', async () => {
    const gw1 = await startGateway({ dataDir, dbPrefix: 'vivo_' });
    cleanups.push(() => gw1.close());
    const port = Number(new URL(gw1.url).port);
    const u = await gw1.client().signIn(...(await gw1.createUser({ role: 'user' }).then((x) => [x.email, x.password] as const)));
    const me = (await u.json('GET', '/api/check-auth')).body.user as { id: string };
    const tab = new FakeTab(u.cookie, new FakeNetwork(true));

    // The network: once `dying`, the next push request kills the gateway; everything in flight
    // then is lost (never answered), and requests are refused until the new gateway listens.
    let dying = false;
    let down = false;
    let restarted: Promise<RestartedGateway> | null = null;
    const inFlight = new Set<() => void>();
    const lost: string[] = [];
    const kill = () => {
      down = true;
      for (const loseIt of [...inFlight]) loseIt();
      restarted = gw1
        .close()
        .then(() => new Promise((r) => setTimeout(r, 300)))
        .then(() => restartGatewayOn(gw1.config, port))
        .then((gw) => (cleanups.push(gw.close), gw))
        .finally(() => (down = false));
    };
    const fetchFn: FetchFn = (input, init) =>
      new Promise<Response>((resolve, reject) => {
        const where = `${init?.method ?? 'GET'} ${pathOf(input)}`;
        init?.signal?.addEventListener('abort', () => reject(new DOMException('Solicitud cancelada', 'AbortError')));
        if (down) return reject(refused());
        let isLost = false;
        const loseIt = () => {
          isLost = true;
          lost.push(where);
        };
        inFlight.add(loseIt);
        if (dying && !restarted && /_revs_diff|_bulk_docs/.test(where)) kill();
        tab.fetch(input, init).then(
          (res) => {
            inFlight.delete(loseIt);
            if (!isLost) resolve(res);
          },
          (err: unknown) => {
            inFlight.delete(loseIt);
            if (!isLost) reject(err);
          },
        );
      });

    setActiveUser(me.id);
    const store = new SyncStateStore();
    const engine = new SyncEngine({
      userId: me.id,
      origin: gw1.url,
      fetch: fetchFn,
      online: tab.network,
      store,
      backoff: { minMs: 50, maxMs: 300 },
      pushStallMs: 1_500,
      liveStallMs: 3_000,
    });
    engines.push(engine);
    engine.start();
    await eventually(() => store.get().status === 'up-to-date', 'al día');

    // The person saves a captación every 200 ms, until the end of the test.
    const saved: string[] = [];
    let typing = true;
    const person = (async () => {
      for (let i = 0; typing; i++) {
        const id = `cap-vivo-${String(i).padStart(3, '0')}`;
        await localPut('captaciones', { ...sampleCaptacion({ captacion: { asesor: me.id, fecha: '2025-05-01T10:00:00.000Z' } }), _id: id });
        saved.push(id);
        await new Promise((r) => setTimeout(r, 200));
      }
    })();
    try {
      await eventually(() => saved.length >= 3, 'las primeras capturas');
      dying = true;
      await eventually(() => restarted !== null, 'la caída del servidor a mitad de un envío', 20_000);
      const gw2 = await restarted!;
      const backAt = saved.length;
      const db = await gw2.store.db('captaciones');
      const onServer = async (ids: string[]) => {
        const found = new Set((await db.find({ selector: { type: 'captacion' }, fields: ['_id'], limit: 10_000 })).docs.map((d) => d._id));
        return ids.every((id) => found.has(id));
      };

      // Pushing resumed while the person still types: what was saved before the restart is on the server.
      // Should it not happen, the failure says where the engine stood (a flake seen once under the whole suite).
      await eventually(async () => onServer(saved.slice(0, backAt)), 'las capturas de antes del reinicio en el servidor', 20_000).catch((err: Error) => {
        throw new Error(`${err.message}; estado: ${JSON.stringify(store.get())}; sin respuesta: ${lost.join(', ')}`);
      });
      // Pulling resumed too: a change made on the server comes down.
      await db.put({ ...sampleCaptacion({ captacion: { asesor: me.id, fecha: '2025-05-02T10:00:00.000Z' } }), _id: 'cap-desde-el-servidor' });
      await eventually(async () => (await localGet('captaciones', 'cap-desde-el-servidor')) !== null, 'el cambio del servidor en el dispositivo', 20_000);
      expect(typing).toBe(true);
      // The scenario did happen: requests of the push and of the live pull were never answered.
      expect(lost.some((w) => /_revs_diff|_bulk_docs/.test(w))).toBe(true);
      expect(lost.some((w) => w.endsWith('/_changes'))).toBe(true);
    } finally {
      typing = false;
      await person;
    }
    await eventually(async () => (await engine.pendingCount()) === 0, 'ningún cambio pendiente', 20_000);
  });
});
