/**
 * Backups that cannot lie (issue 32): `npm run backup` never says "saved" for a store that does
 * not exist or holds no account, writes through a new private file only, proves with --verificar
 * that a file restores, and --rotar keeps the guide's daily and monthly files.
 */
import { execFile } from 'node:child_process';
import { existsSync, lstatSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../auth/password';
import { createEmbeddedStore, MEMORY } from '../store/embedded';
import { writeBackup } from './backup';
import { backupFileSink } from './backup-format';
import { parseBackupArgs } from './backup-cli';
import { planRotation } from './rotation';

const ROOT = path.resolve(__dirname, '../../..');
const work = mkdtempSync(path.join(tmpdir(), 'respaldo-guardas-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

/** Runs one of the operator's commands (backup-cli.ts, restore-cli.ts) the way npm runs it, from the work folder. */
function opsCommand(cli: 'backup' | 'restore', args: string[], env: Record<string, string>): Promise<{ code: number; out: string }> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      ['--import', 'tsx', `sync-server/src/ops/${cli}-cli.ts`, ...args],
      { cwd: ROOT, env: { ...process.env, INIT_CWD: work, COUCHDB_URL: '', COUCH_DB_PREFIX: 'inmo_', ...env }, timeout: 120_000 },
      (err, stdout, stderr) => resolve({ code: err ? (typeof err.code === 'number' ? err.code : 1) : 0, out: `${stdout}${stderr}` }),
    );
  });
}
const backupCommand = (args: string[], env: Record<string, string>) => opsCommand('backup', args, env);
const restoreCommand = (args: string[], env: Record<string, string>) => opsCommand('restore', args, env);

/** An embedded store on disk with `people` accounts and one captación, closed. */
async function storeWith(dir: string, people: number): Promise<void> {
  const store = createEmbeddedStore(dir, 'inmo_');
  const usuarios = await store.db('usuarios');
  for (let i = 0; i < people; i++) {
    await usuarios.put({ _id: `u${i}`, type: 'usuario', email: `p${i}@ejemplo.mx`, role: 'administrator', password_hash: await hashPassword('Contraseña-segura-1') });
  }
  await (await store.db('captaciones')).put({ _id: 'c1', type: 'captacion', notas: 'uno' });
  await (await store.db('sesiones')).putLocal({ _id: 'session-secret', secret: 'secreto-que-no-sale' });
  await (await store.db('sesiones')).put({ _id: 'sess:abc', type: 'sesion', expires: 1 });
  await store.close();
}

describe('npm run backup refuses what would back up nothing', { timeout: 120_000 }, () => {
  it('a DATA_DIR that does not exist: exit 1, a Spanish reason, no folder created', async () => {
    const missing = path.join(work, 'no-existe');
    const r = await backupCommand([path.join(work, 'r1.ndjson')], { DATA_DIR: missing });
    expect(r.code).toBe(1);
    expect(r.out).toContain(`No se pudo hacer el respaldo: no existe la carpeta de datos ${missing}`);
    expect(r.out).not.toMatch(/Respaldo guardado|\n\s+at /);
    expect(existsSync(missing)).toBe(false);
    expect(readdirSync(work).filter((f) => f.startsWith('r1'))).toEqual([]);
  });

  it('a store without accounts: exit 1 unless --aceptar-vacia', async () => {
    const dir = path.join(work, 'vacia');
    await storeWith(dir, 0);
    const file = path.join(work, 'vacia.ndjson');
    const refused = await backupCommand([file], { DATA_DIR: dir });
    expect(refused.code).toBe(1);
    expect(refused.out).toMatch(/no tiene ninguna cuenta.*--aceptar-vacia/s);
    expect(readdirSync(work).filter((f) => f.startsWith('vacia.ndjson'))).toEqual([]);
    const accepted = await backupCommand([file, '--aceptar-vacia'], { DATA_DIR: dir });
    expect(accepted.code).toBe(0);
    expect(accepted.out).toContain('Respaldo guardado');
  });

  it('a wrong command line exits 2 with the usage', async () => {
    const r = await backupCommand(['--diarios', 'muchos', '--rotar', work], {});
    expect(r.code).toBe(2);
    expect(r.out).toContain('--diarios espera un número entero');
    expect(r.out).toContain('Uso: npm run backup');
    expect(() => parseBackupArgs([])).toThrow('Falta el ARCHIVO');
    expect(parseBackupArgs(['--rotar', 'x', '--diarios', '7'])).toEqual({ kind: 'rotate', folder: 'x', daily: 7, monthly: 12 });
  });
});

describe('the backup file', { timeout: 120_000 }, () => {
  it('holds no session and no secret, and --verificar proves it restores (and refuses a changed byte)', async () => {
    const dir = path.join(work, 'con-datos');
    await storeWith(dir, 2);
    const file = path.join(work, 'bueno.ndjson');
    const made = await backupCommand([file], { DATA_DIR: dir });
    expect(made.code).toBe(0);
    const text = readFileSync(file, 'utf8');
    expect(text).not.toContain('secreto-que-no-sale');
    expect(text).not.toContain('sess:abc');
    expect(text).not.toContain('"base":"sesiones"');
    expect(statSync(file).mode & 0o777).toBe(0o600);

    const ok = await backupCommand(['--verificar', file], {});
    expect(ok.out).toContain('verificado: se restaura completo');
    expect(ok.out).toMatch(/usuarios: \d+ revisiones \(2 documentos vigentes\)/);
    expect(ok.code).toBe(0);

    // Still valid JSON with the right counts, one letter changed: only the checksum tells.
    const changed = path.join(work, 'cambiado.ndjson');
    writeFileSync(changed, text.replace('"notas":"uno"', '"notas":"uso"'));
    const bad = await backupCommand(['--verificar', changed], {});
    expect(bad.code).toBe(1);
    expect(bad.out).toContain('El respaldo no pasó la verificación');
    expect(bad.out).toContain('no coincide con su suma de comprobación');
  });

  it('--cifrar: unreadable without its passphrase, verified and restored with it, refused with another', async () => {
    const dir = path.join(work, 'para-cifrar');
    await storeWith(dir, 1);
    const file = path.join(work, 'cifrado.ndjson.gz');
    const clave = { RESPALDO_CLAVE: 'una-frase-larga-de-prueba' };
    const none = await backupCommand([file, '--cifrar'], { DATA_DIR: dir, RESPALDO_CLAVE: '' });
    expect(none.code).toBe(2);
    expect(none.out).toContain('falta la contraseña del respaldo cifrado: defínala en RESPALDO_CLAVE');
    const made = await backupCommand([file, '--cifrar'], { DATA_DIR: dir, ...clave });
    expect(made.out).toContain('Respaldo cifrado guardado en');
    expect(made.code).toBe(0);
    const bytes = readFileSync(file);
    expect(bytes.subarray(0, 8).toString('ascii')).toBe('INMOCIF1');
    expect(bytes.toString('latin1')).not.toContain('inmobiliaria');
    expect(() => gunzipSync(new Uint8Array(bytes))).toThrow();

    const ok = await backupCommand(['--verificar', file], clave);
    expect(ok.out).toContain('verificado: se restaura completo');
    expect(ok.code).toBe(0);
    const wrong = await backupCommand(['--verificar', file], { RESPALDO_CLAVE: 'otra-frase-larga-de-prueba' });
    expect(wrong.code).toBe(1);
    expect(wrong.out).toContain('la contraseña (RESPALDO_CLAVE) no es la correcta, o el archivo está dañado');
    const missing = await backupCommand(['--verificar', file], { RESPALDO_CLAVE: '' });
    expect(missing.code).toBe(1);
    expect(missing.out).toContain('está cifrado y falta la contraseña del respaldo cifrado');

    // The restore reads it with the passphrase, and refuses it with another before touching the store.
    const target = path.join(work, 'restaurado-cifrado');
    const refused = await restoreCommand([file], { DATA_DIR: target, RESPALDO_CLAVE: 'otra-frase-larga-de-prueba' });
    expect(refused.code).toBe(1);
    const restored = await restoreCommand([file], { DATA_DIR: target, ...clave });
    expect(restored.out).toContain('Listo:');
    expect(restored.code).toBe(0);
    const back = createEmbeddedStore(target, 'inmo_');
    expect((await (await back.db('captaciones')).get('c1')).notas).toBe('uno');
    await back.close();
  });

  it('is written through a new private file, never through a link placed at its name', async () => {
    const store = createEmbeddedStore(MEMORY, `guardas_${Date.now()}_`);
    const folder = path.join(work, 'nueva', 'carpeta');
    const file = path.join(folder, 'enlace.ndjson');
    mkdirSync(folder, { recursive: true });
    const victim = path.join(work, 'victima.txt');
    writeFileSync(victim, 'intacto');
    symlinkSync(victim, file);
    const sink = backupFileSink(file);
    expect(path.basename(sink.partial)).toMatch(/^enlace\.ndjson\.[0-9a-f]{12}\.parcial$/);
    expect(lstatSync(sink.partial).mode & 0o777).toBe(0o600);
    await writeBackup(store, sink.stream);
    sink.stream.end();
    await sink.finished;
    await sink.commit();
    await store.close();
    expect(readFileSync(victim, 'utf8')).toBe('intacto');
    expect(lstatSync(file).isSymbolicLink()).toBe(false);
    expect(readFileSync(file, 'utf8')).toContain('"respaldo":"inmobiliaria"');
    // A folder the backup creates is its owner's only.
    const created = path.join(work, 'creada', 'r.ndjson');
    const other = backupFileSink(created);
    await other.discard();
    expect(statSync(path.dirname(created)).mode & 0o777).toBe(0o700);
    expect(readdirSync(path.dirname(created))).toEqual([]);
  });
});

describe('npm run backup -- --rotar', { timeout: 60_000 }, () => {
  const names = (from: string, days: number): string[] => {
    const out: string[] = [];
    const d = new Date(`${from}T12:00:00Z`);
    for (let i = 0; i < days; i++) {
      out.push(`inmobiliaria-${d.toISOString().slice(0, 10)}.ndjson.gz`);
      d.setUTCDate(d.getUTCDate() - 1);
    }
    return out;
  };

  it('keeps the newest N days and the newest file of each of the newest M months', () => {
    const all = [...names('2026-03-10', 120), 'notas.txt', 'inmobiliaria-2026-03-11.ndjson.gz.a1b2.parcial'];
    const plan = planRotation(all, { daily: 14, monthly: 3 });
    expect(plan.keep.slice(0, 14)).toEqual(names('2026-03-10', 14));
    // March's newest is among the days; January's newest is its last day (February's, the 28th, is a kept day too).
    expect(plan.keep.slice(14)).toEqual(['inmobiliaria-2026-01-31.ndjson.gz']);
    expect(plan.remove).toHaveLength(120 - 15);
    expect([...plan.keep, ...plan.remove]).not.toContain('notas.txt');
    expect([...plan.keep, ...plan.remove].some((n) => n.endsWith('.parcial'))).toBe(false);
  });

  it('removes the rest from the folder and says so', async () => {
    const folder = path.join(work, 'rotacion');
    mkdirSync(folder);
    for (const n of [...names('2026-03-10', 40), 'otra-cosa.txt']) writeFileSync(path.join(folder, n), 'x');
    const r = await backupCommand(['--rotar', folder, '--diarios', '7', '--mensuales', '2'], {});
    expect(r.code).toBe(0);
    expect(r.out).toContain('8 se conservan, 32 borrados');
    expect(readdirSync(folder).sort()).toEqual([...names('2026-03-10', 7), 'inmobiliaria-2026-02-28.ndjson.gz', 'otra-cosa.txt'].sort());
  });
});
