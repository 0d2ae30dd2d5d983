/**
 * A gateway started before its database waits for it (store/startup.ts). The node is a real HTTP
 * server on 127.0.0.1 that comes up late: in front of the real CouchDB when COUCHDB_URL is set
 * (and the wait then ends with the real deploy), otherwise a node that answers the database's info.
 */
import { randomUUID } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { DATABASES, VALIDATION_DDOC_ID } from '../../../couch-design/design-docs/index';
import { CREDENTIALS, fakeNode, freePort, proxyNode, type FakeNode } from './couch-test-nodes';
import { createCouchStore } from './couchdb';
import { deployDesignDocs } from './deploy';
import { StartCancelled, whenStoreAnswers } from './startup';

const COUCH = process.env.COUCHDB_URL?.split(',')[0];
const PASSWORD = CREDENTIALS.split(':')[1];
const WAIT_LINE = /^Esperando a Apache CouchDB en http:\/\/127\.0\.0\.1:\d+ \(sin respuesta: ECONNREFUSED\); nuevo intento en 0,1 s…$/;

const cleanup: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const c of cleanup.splice(0).reverse()) await c();
});

/** A node on `port` that is down until `up()`: the real CouchDB behind a proxy, or a node answering the info. */
async function lateNode(port: number): Promise<{ url: string; up(): Promise<void> }> {
  if (COUCH) {
    const proxy = await proxyNode(COUCH);
    cleanup.push(() => proxy.stop());
    return { url: proxy.url, up: () => proxy.start() };
  }
  const url = `http://${CREDENTIALS}@127.0.0.1:${port}`;
  return {
    url,
    async up() {
      const n: FakeNode = await fakeNode((req) =>
        req.method === 'GET' ? { status: 200, body: { db_name: req.url.slice(1), doc_count: 0, update_seq: '0' } } : { status: 404, body: { error: 'not_found', reason: 'missing' } },
      port);
      cleanup.push(() => n.close());
    },
  };
}

describe('start-up waits for the database', () => {
  it('tries again with a growing pause, saying what it waits for, and goes on once the store answers', async () => {
    const node = await lateNode(await freePort());
    const prefix = `su${randomUUID().slice(0, 8)}_`;
    const store = createCouchStore(node.url, prefix, { log: () => undefined });
    if (COUCH) cleanup.push(async () => { for (const name of DATABASES) await store.destroy(name); });
    const lines: string[] = [];
    // The node comes up once the gateway has said twice that it waits.
    const log = (l: string): void => {
      if (lines.push(l) === 2) setTimeout(() => void node.up(), 50);
    };
    const t0 = Date.now();
    await whenStoreAnswers(store, async () => {
      if (COUCH) await deployDesignDocs(store);
      else await (await store.db('captaciones')).info();
    }, { firstDelayMs: 100, maxDelayMs: 200, log });
    expect(Date.now() - t0).toBeGreaterThanOrEqual(300);
    expect(lines[0]).toMatch(WAIT_LINE);
    expect(lines[1]).toMatch(/nuevo intento en 0,2 s…$/);
    expect(lines.at(-1)).toMatch(/nuevo intento en 0,2 s…$/);
    expect(lines.join('\n')).not.toContain(PASSWORD);
    if (COUCH) expect(await (await store.db('captaciones')).get(VALIDATION_DDOC_ID)).toMatchObject({ _id: VALIDATION_DDOC_ID });
  });

  it('waits through 412 nodedown as well, saying it was answered', async () => {
    let sick = true;
    const n = await fakeNode(() => (sick ? { status: 412, body: { error: 'nodedown', reason: 'node2@127.0.0.1' } } : { status: 200, body: { db_name: 'x', doc_count: 0, update_seq: '0' } }));
    cleanup.push(() => n.close());
    const store = createCouchStore(n.url, 'x_', { log: () => undefined });
    const lines: string[] = [];
    setTimeout(() => (sick = false), 2_000);
    await whenStoreAnswers(store, () => store.db('captaciones'), { firstDelayMs: 50, log: (l) => lines.push(l) });
    expect(lines[0]).toContain('(respondió 412 nodedown (node2@127.0.0.1)); nuevo intento en 0,1 s…');
  });

  it('does not wait on an answer that will not change (a wrong password)', async () => {
    const n = await fakeNode(() => ({ status: 401, body: { error: 'unauthorized', reason: 'Name or password is incorrect.' } }));
    cleanup.push(() => n.close());
    const store = createCouchStore(n.url, 'x_');
    const lines: string[] = [];
    await expect(whenStoreAnswers(store, () => store.db('captaciones'), { log: (l) => lines.push(l) })).rejects.toMatchObject({ status: 401 });
    expect(lines).toEqual([]);
  });

  it('ends at once, cancelled, when the gateway is told to stop while it waits', async () => {
    const store = createCouchStore(`http://${CREDENTIALS}@127.0.0.1:${await freePort()}`, 'x_', { log: () => undefined });
    const stop = new AbortController();
    setTimeout(() => stop.abort(), 200);
    const t0 = Date.now();
    await expect(whenStoreAnswers(store, () => store.db('captaciones'), { signal: stop.signal, log: () => undefined })).rejects.toBeInstanceOf(StartCancelled);
    expect(Date.now() - t0).toBeLessThan(900);
  });
});
