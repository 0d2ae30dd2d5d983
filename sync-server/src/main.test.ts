/**
 * The gateway's entry point (main.ts) started as a process while its CouchDB is down: it waits,
 * saying so in Spanish without the password, stops cleanly on SIGTERM, and, with COUCHDB_URL set
 * (a real CouchDB behind a node that comes up late), goes on to listen once the node is up.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { DATABASES } from '../../couch-design/design-docs/index';
import { CREDENTIALS, freePort, proxyNode } from './store/couch-test-nodes';
import { createCouchStore } from './store/couchdb';

const ROOT = path.resolve(__dirname, '../..');
const COUCH = process.env.COUCHDB_URL?.split(',')[0];
const PASSWORD = CREDENTIALS.split(':')[1];

interface Gateway {
  child: ChildProcess;
  output: () => string;
  /** Resolves once the output matches `pattern`. */
  waitFor(pattern: RegExp, timeoutMs?: number): Promise<void>;
  exited: Promise<number | null>;
}

function startMain(env: Record<string, string>): Gateway {
  const child = spawn(process.execPath, ['--import', 'tsx', 'sync-server/src/main.ts'], {
    cwd: ROOT,
    env: { ...process.env, HOST: '127.0.0.1', SESSION_SECRET: 'secreto-de-pruebas', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  const waiters = new Set<() => void>();
  const onData = (b: Buffer): void => {
    out += b.toString('utf8');
    for (const w of waiters) w();
  };
  child.stdout!.on('data', onData);
  child.stderr!.on('data', onData);
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return {
    child,
    output: () => out,
    exited,
    waitFor(pattern, timeoutMs = 30_000) {
      return new Promise((resolve, reject) => {
        const check = (): void => {
          if (!pattern.test(out)) return;
          waiters.delete(check);
          clearTimeout(timer);
          resolve();
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`No apareció ${pattern} en:\n${out}`));
        }, timeoutMs);
        waiters.add(check);
        check();
      });
    },
  };
}

const running: Gateway[] = [];
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

  it.skipIf(!COUCH)('goes on to listen once the node comes up', async () => {
    const node = await proxyNode(COUCH!);
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
      const store = createCouchStore(COUCH!, prefix);
      for (const name of DATABASES) await store.destroy(name);
    }
  });
});
