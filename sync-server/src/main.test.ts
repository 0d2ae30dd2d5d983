/**
 * The gateway's entry point (main.ts) started as a process while its CouchDB is down: it waits,
 * saying so in Spanish without the password, and stops cleanly on SIGTERM (main.couchdb.test.ts:
 * a real CouchDB behind a node that comes up late).
 */
import { afterEach, describe, expect, it } from 'vitest';
import { CREDENTIALS, freePort } from './store/couch-test-nodes';
import { startMain, type MainProcess } from './testing/main-process';

const PASSWORD = CREDENTIALS.split(':')[1];

const running: MainProcess[] = [];
afterEach(() => {
  for (const g of running.splice(0)) if (g.child.exitCode === null) g.child.kill('SIGKILL');
});

describe('gateway start with its CouchDB down', () => {
  it('waits with growing pauses, never shows the password, and stops cleanly on SIGTERM', async () => {
    const port = await freePort();
    const gw = startMain({ PORT: String(await freePort()), COUCHDB_URL: `http://${CREDENTIALS}@127.0.0.1:${port}` });
    running.push(gw);
    await gw.waitFor(/nuevo intento en 2 s…/);
    expect(gw.output()).toContain(`Esperando a Apache CouchDB en http://127.0.0.1:${port} (sin respuesta: ECONNREFUSED); nuevo intento en 1 s…`);
    expect(gw.output()).not.toContain(PASSWORD);
    gw.child.kill('SIGTERM');
    expect(await gw.exited).toBe(0);
    expect(gw.output()).toContain('Detenido antes de terminar de arrancar.');
  });
});
