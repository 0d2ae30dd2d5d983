/**
 * The gateway's entry point started while the node in COUCHDB_URL (a real CouchDB behind a proxy)
 * is down goes on to listen once the node comes up. `npm run test:couchdb` only.
 */
import { randomUUID } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { DATABASES } from '../../couch-design/design-docs/index';
import { freePort, proxyNode } from './store/couch-test-nodes';
import { createCouchStore } from './store/couchdb';
import { startMain, type MainProcess } from './testing/main-process';
import { couchdbUnderTest } from './testing/store';

const COUCH = couchdbUnderTest()!.split(',')[0];

const running: MainProcess[] = [];
afterEach(() => {
  for (const g of running.splice(0)) if (g.child.exitCode === null) g.child.kill('SIGKILL');
});

describe('gateway start with its CouchDB down', () => {
  it('goes on to listen once the node comes up', async () => {
    const node = await proxyNode(COUCH);
    const prefix = `mt${randomUUID().slice(0, 8)}_`;
    const listen = await freePort();
    const gw = startMain({ PORT: String(listen), COUCHDB_URL: node.url, COUCH_DB_PREFIX: prefix, ADMIN_PASSWORD: 'Contraseña-de-prueba-1' });
    running.push(gw);
    try {
      await gw.waitFor(/nuevo intento en 1 s…/);
      await node.start();
      await gw.waitFor(/Inmobiliaria escuchando en http:\/\/127\.0\.0\.1:\d+/);
      const res = await fetch(`http://127.0.0.1:${listen}/api/check-auth`);
      expect(res.status).toBeLessThan(500);
      gw.child.kill('SIGTERM');
      expect(await gw.exited).toBe(0);
    } finally {
      await node.stop();
      const store = createCouchStore(COUCH, prefix);
      for (const name of DATABASES) await store.destroy(name);
    }
  });
});
