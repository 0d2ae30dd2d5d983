/**
 * An upgrade in place (issue 32): `npm ci` in the folder a gateway serves from deletes and
 * rewrites `node_modules` while it runs. What the gateway needs later (jsPDF and jspdf-autotable,
 * the write policies and their schemas) is loaded at start, so PDFs and writes keep answering.
 *
 * The gateway (main.ts, its own process) runs from a copy of the project's sources whose
 * `node_modules` holds a link to each installed package; the test removes that `node_modules`
 * as `npm ci` does, asks for a PDF and saves a captación, and puts it back.
 */
import { cpSync, mkdirSync, mkdtempSync, readdirSync, renameSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../auth/password';
import { captacionOf } from '../testing/captaciones';
import { HttpClient } from '../testing/gateway';
import { watchProcess } from '../testing/main-process';
import { createEmbeddedStore } from '../store/embedded';
import { freePort } from '../store/couch-test-nodes';
import { spawn } from 'node:child_process';

const ROOT = path.resolve(__dirname, '../../..');
const copy = mkdtempSync(path.join(tmpdir(), 'inmo-npm-ci-'));
afterAll(() => rmSync(copy, { recursive: true, force: true }));

function projectCopy(): void {
  for (const f of ['package.json', 'tsconfig.json']) cpSync(path.join(ROOT, f), path.join(copy, f));
  for (const d of ['sync-server', 'couch-design']) cpSync(path.join(ROOT, d), path.join(copy, d), { recursive: true, filter: (src) => !src.endsWith('.test.ts') });
  mkdirSync(path.join(copy, 'node_modules'));
  for (const name of readdirSync(path.join(ROOT, 'node_modules'))) symlinkSync(path.join(ROOT, 'node_modules', name), path.join(copy, 'node_modules', name));
}

describe('npm ci under a running gateway', { timeout: 120_000 }, () => {
  it('PDFs and writes keep answering while node_modules is gone', async () => {
    projectCopy();
    const data = path.join(copy, 'data');
    const store = createEmbeddedStore(data, 'inmo_');
    await (await store.db('usuarios')).put({ _id: 'adm', type: 'usuario', prim_nom: 'Ana', apell_pa: 'Admin', apell_ma: 'Prueba', email: 'ana@ejemplo.mx', role: 'administrator', password_hash: await hashPassword('Contraseña-segura-1') });
    const cap = captacionOf('adm', 1);
    await (await store.db('captaciones')).put({ ...cap });
    await store.close();

    const port = await freePort();
    const gw = watchProcess(
      spawn(process.execPath, ['--import', 'tsx', 'sync-server/src/main.ts'], {
        cwd: copy,
        env: { ...process.env, HOST: '127.0.0.1', PORT: String(port), DATA_DIR: data, COUCHDB_URL: '', SESSION_SECRET: 'secreto-de-pruebas', ADMIN_PASSWORD: '' },
        stdio: ['ignore', 'pipe', 'pipe'],
      }),
    );
    try {
      await gw.waitFor(/Inmobiliaria escuchando en/, 60_000);
      const admin = await new HttpClient(`http://127.0.0.1:${port}`).signIn('ana@ejemplo.mx', 'Contraseña-segura-1');

      // `npm ci` removes node_modules before it writes the new one.
      renameSync(path.join(copy, 'node_modules'), path.join(copy, 'node_modules.borrada'));
      mkdirSync(path.join(copy, 'node_modules'));
      try {
        const pdf = await admin.fetch(`/api/captaciones/${cap._id}/pdf`);
        const bytes = Buffer.from(await pdf.arrayBuffer());
        expect(pdf.status, bytes.toString('utf8').slice(0, 300)).toBe(200);
        expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
        const saved = await admin.json('PUT', `/api/captaciones/${cap._id}`, { ...captacionOf('adm', 1, { documentos_entregados: { observaciones: 'después de npm ci' } }), _id: undefined });
        expect(saved.status, JSON.stringify(saved.body)).toBe(200);
      } finally {
        rmSync(path.join(copy, 'node_modules'), { recursive: true, force: true });
        renameSync(path.join(copy, 'node_modules.borrada'), path.join(copy, 'node_modules'));
      }
      expect(gw.output()).not.toMatch(/Cannot find (package|module)/);
    } finally {
      gw.child.kill('SIGTERM');
      await gw.exited;
    }
  });
});
