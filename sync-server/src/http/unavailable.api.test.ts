/**
 * When CouchDB says "try again" (412 nodedown, 503, no answer), the gateway answers 503 with
 * Retry-After and a Spanish message, in the API's shape under /api and CouchDB's under /db (PouchDB
 * retries a 5xx), and logs one line, never a stack trace. With COUCHDB_URL set, a real gateway on a
 * real CouchDB behind nodes that go down or say "nodedown".
 */
import { randomUUID } from 'node:crypto';
import express from 'express';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { expectNoStack } from '../testing/captaciones';
import { startGateway } from '../testing/gateway';
import { fakeNode, proxyNode, type FakeNode } from '../store/couch-test-nodes';
import { createCouchStore } from '../store/couchdb';
import { errorHandler, RETRY_AFTER_S, UNAVAILABLE } from './errors';

const COUCH = process.env.COUCHDB_URL?.split(',')[0];

const cleanup: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  for (const c of cleanup.splice(0).reverse()) await c();
  vi.restoreAllMocks();
});

async function get(url: string, cookie?: string) {
  const res = await fetch(url, { headers: { accept: 'application/json', ...(cookie ? { cookie } : {}) } });
  const text = await res.text();
  let body: any = text;
  try { body = JSON.parse(text); } catch { /* asserted as text */ }
  return { status: res.status, body, retryAfter: res.headers.get('retry-after') };
}

/** Every line logged with console.error while `run` goes, as text. */
function errorLines(): string[][] {
  const spy = vi.spyOn(console, 'error').mockImplementation(() => undefined);
  return spy.mock.calls as unknown as string[][];
}

describe('the database says "try again"', () => {
  it('412 nodedown from the store: 503, Retry-After and a Spanish message on /api and /db, one log line each', async () => {
    const node: FakeNode = await fakeNode((req) =>
      req.method === 'GET' && req.url === '/x_captaciones' ? { status: 200, body: { db_name: 'x_captaciones', doc_count: 0, update_seq: '0' } }
      : { status: 412, body: { error: 'nodedown', reason: 'progress not possible' } },
    );
    cleanup.push(() => node.close());
    const store = createCouchStore(node.url, 'x_', { log: () => undefined });
    const app = express();
    const read = async (_req: express.Request, res: express.Response) => {
      res.json(await (await store.db('captaciones')).get('a'));
    };
    app.get('/api/algo', read);
    app.get('/db/captaciones/a', read);
    app.use(errorHandler);
    const server = app.listen(0, '127.0.0.1');
    await new Promise((r) => server.once('listening', r));
    cleanup.push(() => new Promise<void>((r) => server.close(() => r())));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const logged = errorLines();

    const api = await get(`${base}/api/algo`);
    expect(api).toMatchObject({ status: 503, retryAfter: String(RETRY_AFTER_S), body: { success: false, mensaje: UNAVAILABLE } });
    const db = await get(`${base}/db/captaciones/a`);
    expect(db).toMatchObject({ status: 503, retryAfter: String(RETRY_AFTER_S), body: { error: 'service_unavailable', reason: UNAVAILABLE } });
    expectNoStack(api.body);
    expectNoStack(db.body);
    expect(UNAVAILABLE).toBe('La base de datos no está disponible por el momento. Intente de nuevo en unos segundos.');

    expect(logged).toHaveLength(2);
    for (const args of logged) {
      expect(args).toHaveLength(1);
      expect(args[0]).not.toContain('\n');
      expect(args[0]).toMatch(/GET \/(api\/algo|db\/captaciones\/a) → 503: answer from http:\/\/127\.0\.0\.1:\d+: 412 nodedown/);
    }
  });
});

describe.skipIf(!COUCH)('a gateway on a real CouchDB whose nodes fail', () => {
  async function gatewayOn(urls: string) {
    const dbPrefix = `un${randomUUID().slice(0, 8)}_`;
    const store = createCouchStore(urls, dbPrefix, { log: () => undefined });
    const gw = await startGateway({ store, dbPrefix, couchdbUrl: urls });
    cleanup.push(async () => {
      await gw.close();
      const direct = createCouchStore(COUCH!, dbPrefix);
      for (const name of ['captaciones', 'nominas', 'usuarios', 'empleados', 'sesiones']) await direct.destroy(name);
    });
    const user = await gw.createUser({ role: 'administrator' });
    const client = await gw.client().signIn(user.email, user.password);
    return { gw, cookie: client.cookie };
  }

  it('answers 503 + Retry-After while its node says nodedown, and serves again after', async () => {
    const node = await proxyNode(COUCH!);
    await node.start();
    cleanup.push(() => node.stop());
    const { gw, cookie } = await gatewayOn(node.url);
    expect((await get(`${gw.url}/api/captaciones`, cookie)).status).toBe(200);

    const logged = errorLines();
    node.mode = 'nodedown';
    const api = await get(`${gw.url}/api/captaciones`, cookie);
    expect(api).toMatchObject({ status: 503, retryAfter: String(RETRY_AFTER_S), body: { success: false, mensaje: UNAVAILABLE } });
    const db = await get(`${gw.url}/db/captaciones`, cookie);
    expect(db).toMatchObject({ status: 503, retryAfter: String(RETRY_AFTER_S), body: { error: 'service_unavailable', reason: UNAVAILABLE } });
    const changes = await get(`${gw.url}/db/captaciones/_changes?since=0`, cookie);
    expect(changes).toMatchObject({ status: 503, retryAfter: String(RETRY_AFTER_S) });
    expect(logged.length).toBeGreaterThanOrEqual(3);
    for (const args of logged) expect(args.join(' ')).not.toMatch(/\n\s+at /);

    node.mode = 'forward';
    expect((await get(`${gw.url}/api/captaciones`, cookie)).status).toBe(200);
    expect((await get(`${gw.url}/db/captaciones`, cookie)).status).toBe(200);
  });

  it('keeps answering REST and /db when its first node goes down', async () => {
    const first = await proxyNode(COUCH!);
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
