/**
 * `npm run admin` as an operator runs it, on a LevelDB folder: it refuses to run beside the
 * gateway that holds the folder, and its reset and new admin are the ones the gateway then signs in.
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../store/couch-test-nodes';
import { HttpClient } from '../testing/gateway';
import type { MainProcess } from '../testing/main-process';
import { npmOutcome, npmRun } from '../testing/npm-script';

let folder: string;
let env: Record<string, string>;
let port: number;
beforeAll(async () => {
  folder = mkdtempSync(path.join(tmpdir(), 'inmo-admin-'));
  port = await freePort();
  env = { DATA_DIR: path.join(folder, 'datos'), PORT: String(port) };
});
afterAll(() => rmSync(folder, { recursive: true, force: true }));

const admin = (...args: string[]) => npmOutcome('admin', args, env);
const passwordIn = (output: string): string => /contraseña: (\S+)/.exec(output)![1];

/** The gateway on the folder, until `stop`. */
async function serve(): Promise<MainProcess & { stop(): Promise<void> }> {
  const gw = npmRun('serve', [], env);
  await gw.waitFor(/Inmobiliaria escuchando en/, 60_000);
  return Object.assign(gw, {
    async stop() {
      if (gw.child.exitCode === null) process.kill(gw.child.pid!, 'SIGTERM');
      await gw.exited;
    },
  });
}

describe('npm run admin', () => {
  it('refuses a data folder that does not exist instead of creating an empty store', async () => {
    const { code, output } = await admin('list');
    expect(code).toBe(1);
    expect(output).toContain(`No hay ninguna base integrada en ${env.DATA_DIR}`);
    expect(existsSync(env.DATA_DIR)).toBe(false);
  });

  it('refuses to run beside the gateway holding the embedded store, saying why and what to do', async () => {
    const gw = await serve();
    try {
      for (const args of [['list'], ['reset-password', 'admin@inmobiliaria.local'], ['create', 'otra@ejemplo.mx']]) {
        const { code, output } = await admin(...args);
        expect(code, args.join(' ')).toBe(1);
        expect(output).toContain(`La base integrada en ${env.DATA_DIR} está en uso por otro proceso, normalmente la pasarela en marcha`);
        expect(output).toContain(`Detenga la pasarela (Ctrl+C en su terminal, o SIGTERM a su proceso), ejecute de nuevo «npm run admin -- ${args.join(' ')}»`);
      }
    } finally {
      await gw.stop();
    }
  });

  it('lists the accounts, resets a password and creates an admin that the gateway then signs in', async () => {
    const listed = await admin('list');
    expect(listed.code).toBe(0);
    expect(listed.output).toMatch(/1 cuenta \(correo · rol · nombre\):\n\s+admin@inmobiliaria\.local\s+Administrador\s+Administrador del Sistema/);

    const reset = await admin('reset-password', 'admin@inmobiliaria.local');
    expect(reset.code).toBe(0);
    expect(reset.output).toContain('Guárdela ahora: no se volverá a mostrar.');
    const created = await npmOutcome('admin', ['create', 'directora@ejemplo.mx'], { ...env, ADMIN_PASSWORD: 'Clave-de-directora-1' });
    expect(created.code).toBe(0);
    expect(created.output).toContain('contraseña: (la de ADMIN_PASSWORD)');
    expect(created.output).not.toContain('Clave-de-directora-1');

    const gw = await serve();
    try {
      await new HttpClient(`http://127.0.0.1:${port}`).signIn('admin@inmobiliaria.local', passwordIn(reset.output));
      await new HttpClient(`http://127.0.0.1:${port}`).signIn('directora@ejemplo.mx', 'Clave-de-directora-1');
    } finally {
      await gw.stop();
    }
  });

  it('refuses an ADMIN_PASSWORD that breaks the password rules, and a command it does not know', async () => {
    const bad = await npmOutcome('admin', ['create', 'nuevo@ejemplo.mx'], { ...env, ADMIN_PASSWORD: 'corta' });
    expect(bad.code).toBe(1);
    expect(bad.output).toContain('ADMIN_PASSWORD no cumple las reglas de contraseña: La contraseña debe tener al menos 8 caracteres.');
    expect((await admin('list')).output).not.toContain('nuevo@ejemplo.mx');

    const unknown = await admin('borrar', 'x@ejemplo.mx');
    expect(unknown.code).toBe(2);
    expect(unknown.output).toContain('Comando desconocido: «borrar».');
    expect(unknown.output).toContain('npm run admin -- reset-password CORREO');
  });
});
