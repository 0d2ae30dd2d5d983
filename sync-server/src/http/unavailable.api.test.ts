/**
 * When CouchDB says "try again" (412 nodedown, 503, no answer), the gateway answers 503 with
 * Retry-After and a Spanish message, in the API's shape under /api and CouchDB's under /db (PouchDB
 * retries a 5xx), and logs one line, never a stack trace (unavailable.couchdb.test.ts: a real gateway
 * on a real CouchDB behind nodes that go down or say "nodedown").
 */
import express from 'express';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { expectNoStack } from '../testing/captaciones';
import { errorLines, get } from '../testing/plain-get';
import { fakeNode, type FakeNode } from '../store/couch-test-nodes';
import { createCouchStore } from '../store/couchdb';
import { StoreError } from '../store/port';
import { errorHandler, RETRY_AFTER_S, UNAVAILABLE } from './errors';

const cleanup: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  for (const c of cleanup.splice(0).reverse()) await c();
  vi.restoreAllMocks();
});

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

  it('a request whose client has gone when the store says "try again" logs nothing: no one got that 503', async () => {
    const app = express();
    let failed!: () => void;
    const answered = new Promise<void>((r) => (failed = r));
    app.get('/db/captaciones/_changes', (req, _res, next) => {
      req.once('close', () => {
        next(new StoreError(503, 'service_unavailable', 'database is closed'));
        failed();
      });
    });
    app.use(errorHandler);
    const server = app.listen(0, '127.0.0.1');
    await new Promise((r) => server.once('listening', r));
    cleanup.push(() => new Promise<void>((r) => { server.close(() => r()); server.closeAllConnections(); }));
    const logged = errorLines();

    const leaving = new AbortController();
    const request = fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}/db/captaciones/_changes`, { signal: leaving.signal });
    setTimeout(() => leaving.abort(), 100);
    await expect(request).rejects.toThrow();
    await answered;
    await new Promise((r) => setImmediate(r));
    expect(logged).toEqual([]);
  });
});
