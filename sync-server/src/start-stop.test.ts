/**
 * The gateway run as a service, through npm as an operator or a process manager runs it: SIGTERM
 * to npm's pid stops it (port and store free again within 6 s), and a port already taken ends the
 * start at once, in Spanish, before anything is created.
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { assertPortFree } from './http/port-free';
import { createEmbeddedStore } from './store/embedded';
import { freePort } from './store/couch-test-nodes';
import { HttpClient } from './testing/gateway';
import type { MainProcess } from './testing/main-process';
import { npmOutcome, npmRun } from './testing/npm-script';

const STOP_WITHIN_MS = 6_000;

const folders: string[] = [];
const running: MainProcess[] = [];
const holders: Server[] = [];
afterEach(async () => {
  for (const p of running.splice(0)) if (p.child.exitCode === null) p.child.kill('SIGKILL');
  for (const h of holders.splice(0)) await new Promise((r) => h.close(r));
  for (const f of folders.splice(0)) rmSync(f, { recursive: true, force: true });
});

function tempFolder(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'inmo-servicio-'));
  folders.push(dir);
  return dir;
}

/** Whether this process can open the LevelDB folder, i.e. no other process holds its lock. */
async function storeOpens(dataDir: string): Promise<boolean> {
  const store = createEmbeddedStore(dataDir, 'inmo_');
  try {
    await (await store.db('usuarios')).info();
    return true;
  } catch {
    return false;
  } finally {
    await store.close();
  }
}

async function portFree(port: number): Promise<boolean> {
  return assertPortFree(port, '127.0.0.1').then(
    () => true,
    () => false,
  );
}

describe('npm run serve as a service', () => {
  it('stops on SIGTERM sent to npm: the port is free and the store unlocked within 6 s, with one line said', async () => {
    const dataDir = path.join(tempFolder(), 'datos');
    const port = await freePort();
    const gw = npmRun('serve', [], { PORT: String(port), DATA_DIR: dataDir });
    running.push(gw);
    await gw.waitFor(/Inmobiliaria escuchando en http:\/\/127\.0\.0\.1:\d+/, 60_000);
    await gw.waitFor(/contraseña: \S+/);
    const password = /contraseña: (\S+)/.exec(gw.output())![1];
    await new HttpClient(`http://127.0.0.1:${port}`).signIn('admin@inmobiliaria.local', password);

    const sent = Date.now();
    process.kill(gw.child.pid!, 'SIGTERM');
    let free = false;
    while (!free && Date.now() - sent < STOP_WITHIN_MS) {
      free = (await portFree(port)) && (await storeOpens(dataDir));
      if (!free) await new Promise((r) => setTimeout(r, 100));
    }
    expect(free, `puerto y base libres ${Date.now() - sent} ms después de SIGTERM`).toBe(true);
    expect(await gw.exited).toBe(0);
    await gw.waitFor(/Inmobiliaria detenida \(SIGTERM\)\./, 1_000);
  });
});

describe('a port already taken', () => {
  it.each(['serve', 'start'])('npm %s says so in Spanish and exits non-zero, creating no data folder and no admin', async (script) => {
    const dataDir = path.join(tempFolder(), 'datos');
    const port = await freePort();
    const holder = createServer();
    holders.push(holder);
    await new Promise<void>((r) => holder.listen(port, '127.0.0.1', r));

    const { code, output } = await npmOutcome(script, [], { PORT: String(port), DATA_DIR: dataDir });
    expect(code).not.toBe(0);
    expect(output).toContain(`El puerto ${port} ya está en uso`);
    expect(output).not.toMatch(/escuchando|contraseña|Compilando/);
    expect(existsSync(dataDir)).toBe(false);
  });
});
