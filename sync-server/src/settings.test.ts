/**
 * Strict settings (issue 32): every malformed variable of the guide's table stops the start with
 * one Spanish line naming it, exit code 2 and no stack trace, before anything is opened or created;
 * a data folder the account cannot use is named as a permission problem; with CouchDB, a wrong
 * password costs one request (CouchDB locks its admin after a handful of 401s) and a TLS/HTTP
 * mismatch is said at once. The gateway runs as its own process (main.ts), as a service would.
 */
import { spawn } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir, userInfo } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { BadSetting, configFromEnv } from './config';
import { fakeNode, freePort } from './store/couch-test-nodes';
import { startMain } from './testing/main-process';

const ROOT = path.resolve(__dirname, '../..');
const work = mkdtempSync(path.join(tmpdir(), 'ajustes-'));
chmodSync(work, 0o755);
afterAll(() => rmSync(work, { recursive: true, force: true }));

const refusal = (env: Record<string, string>): BadSetting => {
  try {
    configFromEnv(env);
  } catch (e) {
    if (e instanceof BadSetting) return e;
    throw e;
  }
  throw new Error(`aceptado: ${JSON.stringify(env)}`);
};

/** Runs main.ts to its end; its exit code and everything it printed. */
async function startOutcome(env: Record<string, string>): Promise<{ code: number | null; out: string }> {
  const gw = startMain({ PORT: String(await freePort()), COUCHDB_URL: '', ADMIN_PASSWORD: '', DATA_DIR: path.join(work, 'nunca'), ...env });
  const code = await gw.exited;
  await new Promise((r) => setTimeout(r, 50));
  return { code, out: gw.output() };
}

describe('configFromEnv', () => {
  it('refuses each malformed value naming its variable and the expected form, never repeating a secret', () => {
    const cases: Array<[Record<string, string>, string, RegExp]> = [
      [{ PORT: 'abc' }, 'PORT', /PORT="abc" no es válido: se espera un número entero de 1 a 65535/],
      [{ PORT: '' }, 'PORT', /PORT está definida pero vacía/],
      [{ PORT: '0' }, 'PORT', /de 1 a 65535/],
      [{ PORT: '70000' }, 'PORT', /de 1 a 65535/],
      [{ HOST: 'no es un host' }, 'HOST', /no es una dirección IP ni un nombre de máquina/],
      [{ DATA_DIR: '' }, 'DATA_DIR', /DATA_DIR está definida pero vacía/],
      [{ TRUST_PROXY: 'on' }, 'TRUST_PROXY', /TRUST_PROXY="on" no es un valor de sí o no/],
      [{ PUBLIC_SIGNUP: 'quizá' }, 'PUBLIC_SIGNUP', /no es un valor de sí o no/],
      [{ COUCHDB_URL: 'ftp://admin:clave-secreta@x' }, 'COUCHDB_URL', /la dirección número 1 no es una URL http:\/\/ o https:\/\/ válida/],
      [{ COUCHDB_URL: 'http://ok:1,nada' }, 'COUCHDB_URL', /número 2/],
      [{ COUCH_DB_PREFIX: 'Inmo' }, 'COUCH_DB_PREFIX', /debe empezar con una letra minúscula/],
      [{ SESSION_SECRET: 'a', NODE_ENV: 'production' }, 'SESSION_SECRET', /demasiado corto \(1 bytes\).*al menos 32 bytes/],
      [{ ADMIN_EMAIL: 'jefa' }, 'ADMIN_EMAIL', /no es un correo electrónico/],
      [{ SLOW_REQUEST_MS: '-5' }, 'SLOW_REQUEST_MS', /número entero/],
      [{ LOG_LEVEL: 'verbose' }, 'LOG_LEVEL', /se espera uno de fatal, error, warn, info, debug, trace, silent/],
      [{ LOG_FORMAT: 'xml' }, 'LOG_FORMAT', /json, texto/],
      [{ METRICS_TOKEN: 'corto' }, 'METRICS_TOKEN', /demasiado corto \(5 caracteres\)/],
      [{ PDF_WORKERS: '0' }, 'PDF_WORKERS', /PDF_WORKERS="0" no es válido: se espera un número entero de 1 a 64/],
      [{ PDF_WORKERS: 'dos' }, 'PDF_WORKERS', /número entero de 1 a 64/],
      [{ PDF_WORKER_MEMORY_MB: '32' }, 'PDF_WORKER_MEMORY_MB', /número entero de 64 a 16384/],
      [{ PDF_WORKER_MEMORY_MB: '256MB' }, 'PDF_WORKER_MEMORY_MB', /PDF_WORKER_MEMORY_MB="256MB"/],
      [{ PDF_TIMEOUT_MS: '500' }, 'PDF_TIMEOUT_MS', /número entero de 1000 a 600000/],
      [{ PDF_TIMEOUT_MS: '' }, 'PDF_TIMEOUT_MS', /PDF_TIMEOUT_MS está definida pero vacía/],
    ];
    for (const [env, variable, message] of cases) {
      const e = refusal(env);
      expect(e.variable, JSON.stringify(env)).toBe(variable);
      expect(e.message).toMatch(message);
      expect(e.message).not.toContain('clave-secreta');
      expect(e.message).not.toContain('\n');
    }
    // Defaults, empty optional settings, and the values the guide writes.
    expect(configFromEnv({})).toMatchObject({ port: 3000, host: '127.0.0.1', trustProxy: false, logLevel: 'info' });
    expect(configFromEnv({ LOG_FORMAT: 'texto' }).logFormat).toBe('texto');
    expect(configFromEnv({ TRUST_PROXY: 'sí', PUBLIC_SIGNUP: '0', COUCHDB_URL: '', SESSION_SECRET: 'x'.repeat(32), NODE_ENV: 'production' })).toMatchObject({ trustProxy: true, publicSignup: false, couchdbUrl: undefined });
    expect(configFromEnv({ SESSION_SECRET: 'corto' }).sessionSecret).toBe('corto');
    expect(configFromEnv({}).pdf).toEqual({ workers: 2, memoryMb: 256, timeoutMs: 30_000 });
    expect(configFromEnv({ PDF_WORKERS: '4', PDF_WORKER_MEMORY_MB: '512', PDF_TIMEOUT_MS: '60000' }).pdf).toEqual({ workers: 4, memoryMb: 512, timeoutMs: 60_000 });
  });
});

describe('the gateway started with a wrong setting', { timeout: 120_000 }, () => {
  it('exits 2 with one Spanish line naming it, no stack trace, nothing created', async () => {
    const dir = path.join(work, 'nunca');
    const envs: Array<Record<string, string>> = [{ PORT: 'abc' }, { PORT: '' }, { TRUST_PROXY: 'on' }, { DATA_DIR: '' }, { COUCHDB_URL: 'http//mal' }, { SESSION_SECRET: 'a', NODE_ENV: 'production' }];
    for (const env of envs) {
      const { code, out } = await startOutcome(env);
      const [name] = Object.keys(env);
      expect(code, `${JSON.stringify(env)}: ${out}`).toBe(2);
      expect(out.trim().split('\n'), out).toHaveLength(1);
      expect(out).toContain(name);
      expect(out).not.toMatch(/\n\s+at |Error:/);
    }
    expect(existsSync(dir)).toBe(false);
  });

  it('a data folder the account cannot write: a permission problem, named so', async () => {
    const dir = path.join(work, 'ajena');
    // As root (which may write anywhere), the gateway runs as "nobody", for whom root's 0700
    // folder is closed; as anyone else, in a folder of theirs they may not write.
    const asRoot = process.getuid?.() === 0;
    mkdirSync(dir, { mode: asRoot ? 0o700 : 0o500 });
    const account = asRoot ? 'nobody' : userInfo().username;
    const port = await freePort();
    const child = spawn(process.execPath, ['--import', 'tsx', 'sync-server/src/main.ts'], {
      cwd: ROOT,
      ...(asRoot ? { uid: 65534, gid: 65534 } : {}),
      env: { ...process.env, HOME: tmpdir(), HOST: '127.0.0.1', PORT: String(port), DATA_DIR: dir, COUCHDB_URL: '', SESSION_SECRET: 'secreto-de-pruebas' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    child.stdout.on('data', (b: Buffer) => (out += b.toString()));
    child.stderr.on('data', (b: Buffer) => (out += b.toString()));
    const code = await new Promise<number | null>((resolve) => child.once('close', resolve));
    expect(out).toContain(`DATA_DIR: la cuenta «${account}» no tiene permiso para usar la carpeta ${dir} (EACCES). Dé la carpeta a la cuenta del servicio`);
    expect(out).not.toContain('otro proceso la está usando');
    expect(code).toBe(2);
    chmodSync(dir, 0o700);
  });

  it('makes its data folder and every file in it readable by its account only', async () => {
    const dir = path.join(work, 'propia');
    mkdirSync(dir, { mode: 0o755 });
    const gw = startMain({ PORT: String(await freePort()), DATA_DIR: dir, COUCHDB_URL: '', ADMIN_PASSWORD: '', SESSION_SECRET: '' });
    await gw.waitFor(/Inmobiliaria escuchando en/, 60_000);
    // A new folder is a store of this release: each database's version written at the first start.
    expect(gw.output()).toContain('"msg":"Base usuarios: migración 1 (versión inicial');
    gw.child.kill('SIGTERM');
    expect(await gw.exited).toBe(0);
    const modes: string[] = [];
    const walk = (p: string): void => {
      const st = statSync(p);
      modes.push(`${(st.mode & 0o777).toString(8)} ${st.isDirectory() ? 'carpeta' : 'archivo'}`);
      if (st.isDirectory()) for (const n of readdirSync(p)) walk(path.join(p, n));
    };
    walk(dir);
    expect(modes.length).toBeGreaterThan(10);
    expect(new Set(modes)).toEqual(new Set(['700 carpeta', '600 archivo']));
  });
});

describe('the gateway on CouchDB', { timeout: 120_000 }, () => {
  it('a wrong password: one request, then one Spanish line and exit 1', async () => {
    const node = await fakeNode(() => ({ status: 401, body: { error: 'unauthorized', reason: 'Name or password is incorrect.' } }));
    try {
      const { code, out } = await startOutcome({ COUCHDB_URL: node.url });
      expect(code).toBe(1);
      expect(out).toContain('No se pudo iniciar el servidor: Apache CouchDB respondió 401 unauthorized (Name or password is incorrect.). Revise el usuario y la contraseña de COUCHDB_URL');
      expect(node.seen.map((r) => `${r.method} ${r.url}`)).toEqual(['GET /_session']);
    } finally {
      await node.close();
    }
  });

  it('https:// to a CouchDB that speaks http: exit 2 at once, saying so', async () => {
    const node = await fakeNode(() => ({ status: 200, body: {} }));
    try {
      const { code, out } = await startOutcome({ COUCHDB_URL: node.url.replace('http://', 'https://') });
      expect(out).toMatch(/COUCHDB_URL: https:\/\/127\.0\.0\.1:\d+ no habla el protocolo de la URL \(.+\): ¿dice https:\/\/ y CouchDB escucha en http:\/\/ \(o al revés\)\?/);
      expect(code).toBe(2);
    } finally {
      await node.close();
    }
  });
});
