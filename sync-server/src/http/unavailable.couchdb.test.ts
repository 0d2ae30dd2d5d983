/**
 * A real gateway on the real CouchDB at COUCHDB_URL behind nodes that go down or say "nodedown":
 * 503 with Retry-After while no node serves, and service again through the node that is up.
 * `npm run test:couchdb` only.
 */
import { randomUUID } from 'node:crypto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { eventually } from '../testing/eventually';
import { startGateway } from '../testing/gateway';
import { errorLines, get } from '../testing/plain-get';
import { couchdbUnderTest } from '../testing/store';
import { proxyNode } from '../store/couch-test-nodes';
import { createCouchStore } from '../store/couchdb';
import { RETRY_AFTER_S, UNAVAILABLE } from './errors';

const COUCH = couchdbUnderTest()!.split(',')[0];

const cleanup: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  for (const c of cleanup.splice(0).reverse()) await c();
  vi.restoreAllMocks();
});

describe('a gateway on a real CouchDB whose nodes fail', () => {
  async function gatewayOn(urls: string) {
    const dbPrefix = `un${randomUUID().slice(0, 8)}_`;
    const store = createCouchStore(urls, dbPrefix, { log: () => undefined });
    const gw = await startGateway({ store, dbPrefix, couchdbUrl: urls });
    cleanup.push(async () => {
      await gw.close();
      const direct = createCouchStore(COUCH, dbPrefix);
      for (const name of ['captaciones', 'nominas', 'usuarios', 'empleados', 'sesiones']) await direct.destroy(name);
    });
    const user = await gw.createUser({ role: 'administrator' });
    const client = await gw.client().signIn(user.email, user.password);
    return { gw, cookie: client.cookie };
  }

  it('answers 503 + Retry-After while its node says nodedown, and serves again after', async () => {
    const node = await proxyNode(COUCH);
    await node.start();
    cleanup.push(() => node.stop());
    const { gw, cookie } = await gatewayOn(node.url);
    expect((await get(`${gw.url}/api/captaciones`, cookie)).status).toBe(200);

    const logged = errorLines();
    node.mode = 'nodedown';
    // Reads of one record go to the store (lists, sessions and database info are answered from memory).
    const api = await get(`${gw.url}/api/captaciones/no-existe`, cookie);
    expect(api).toMatchObject({ status: 503, retryAfter: String(RETRY_AFTER_S), body: { success: false, mensaje: UNAVAILABLE } });
    const db = await get(`${gw.url}/db/captaciones/no-existe`, cookie);
    expect(db).toMatchObject({ status: 503, retryAfter: String(RETRY_AFTER_S), body: { error: 'service_unavailable', reason: UNAVAILABLE } });
    const changes = await get(`${gw.url}/db/captaciones/_changes?since=0`, cookie);
    expect(changes).toMatchObject({ status: 503, retryAfter: String(RETRY_AFTER_S) });
    expect(logged.length).toBeGreaterThanOrEqual(3);
    for (const args of logged) expect(args.join(' ')).not.toMatch(/\n\s+at /);

    node.mode = 'forward';
    // The gateway serves again once its background probe sees the store answer (http/readiness.ts).
    await eventually(async () => (await get(`${gw.url}/api/ready`)).status === 200, 'la pasarela lista de nuevo', 15_000);
    expect((await get(`${gw.url}/api/captaciones`, cookie)).status).toBe(200);
    expect((await get(`${gw.url}/db/captaciones`, cookie)).status).toBe(200);
  });

  it('keeps answering REST and /db when its first node goes down', async () => {
    const first = await proxyNode(COUCH);
    await first.start();
    cleanup.push(() => first.stop());
    // The second "node" is the same CouchDB reached directly: a cluster's nodes serve the same data.
    const { gw, cookie } = await gatewayOn(`${first.url},${COUCH}`);
    await first.stop();
    for (let i = 0; i < 5; i++) {
      expect((await get(`${gw.url}/api/captaciones`, cookie)).status).toBe(200);
      expect((await get(`${gw.url}/db/captaciones/_changes?since=0`, cookie)).status).toBe(200);
    }
    expect((await get(`${gw.url}/api/check-auth`, cookie)).body).toMatchObject({ success: true });
  });
});
