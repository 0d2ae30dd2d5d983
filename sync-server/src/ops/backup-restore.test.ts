/**
 * Backups that restore (issue 19): a running gateway's embedded store, with every kind of
 * document, is backed up by `npm run backup`'s command while the gateway runs, restored by
 * `npm run restore`'s command onto a fresh store of the other kind (CouchDB under
 * `npm run test:couchdb`, else another LevelDB folder), and a gateway on it answers as the first
 * did: every person signs in, every list is the same, and a device that synced before keeps
 * syncing without duplicates. Nothing is mocked: real stores, real gateways, a real PouchDB device.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { stampCaptacion, type Stamper } from '../../../couch-design/captacion/stamp';
import { sampleCaptacion } from '../../../couch-design/captacion/fixtures';
import { seedDemo } from '../seed/demo';
import { DEMO_ACCOUNTS } from '../seed/demo-people';
import { createEmbeddedStore, MEMORY } from '../store/embedded';
import type { Store, StoreDoc } from '../store/port';
import { startGateway, type HttpClient, type TestGateway } from '../testing/gateway';
import { PNG, upload } from '../testing/personas';
import { localDb, remoteDb, type ClientDb } from '../testing/pouch-client';
import { couchdbUnderTest, testPrefix, testStore } from '../testing/store';
import { writeBackup } from './backup';
import { backupDoorFile } from './backup-door';
import { backupFileSink, BadBackup } from './backup-format';
import { restoreBackup, TargetNotEmpty } from './restore';
import { contentOf } from './verify-restore';

const ROOT = path.resolve(__dirname, '../../..');
const work = mkdtempSync(path.join(tmpdir(), 'respaldo-'));
const cleanup: Array<() => Promise<unknown>> = [];

afterAll(async () => {
  for (const c of cleanup.reverse()) await c().catch(() => undefined);
  rmSync(work, { recursive: true, force: true });
});

/** One of the operator's commands as a separate process (as `npm run …` starts it). */
function command(script: 'backup-cli' | 'restore-cli', args: string[], env: Record<string, string>): Promise<{ code: number; out: string }> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      ['--import', 'tsx', `sync-server/src/ops/${script}.ts`, ...args],
      { cwd: ROOT, env: { ...process.env, INIT_CWD: ROOT, ...env }, timeout: 120_000 },
      (err, stdout, stderr) => resolve({ code: err ? (typeof err.code === 'number' ? err.code : 1) : 0, out: `${stdout}${stderr}` }),
    );
  });
}

/** Every list each person can see, exactly as the gateway answers it. */
async function listsSeenBy(client: HttpClient, account: (typeof DEMO_ACCOUNTS)[number], empleados: string[]): Promise<unknown> {
  const get = async (p: string) => {
    const r = await client.json('GET', p);
    return { status: r.status, body: r.body as unknown };
  };
  const own = account.empleado ? [account.empleado] : [];
  const payslips = account.role === 'administrator' ? empleados : own;
  return {
    captaciones: await get('/api/captaciones?limit=100'),
    usuarios: await get('/api/users'),
    empleados: await get('/api/empleados-api'),
    nominas: Object.fromEntries(await Promise.all(payslips.map(async (e) => [e, await get(`/api/nominas-api/empleado/${e}?limit=100`)]))),
  };
}

async function backupOf(store: Store, file: string): Promise<void> {
  const sink = backupFileSink(file);
  await writeBackup(store, sink.stream);
  sink.stream.end();
  await sink.finished;
  await sink.commit();
}

const signIn = (gw: TestGateway, a: { email: string; password: string }): Promise<HttpClient> => gw.client().signIn(a.email, a.password);

describe('npm run backup and npm run restore', { timeout: 300_000 }, () => {
  it('copy a running gateway’s store onto a fresh store of the other kind: people, lists and devices carry on', async () => {
    const prefix = testPrefix();
    const dirA = path.join(work, 'origen');
    // Without SESSION_SECRET: the signing secret lives in the store (a `_local` document the backup leaves out).
    const gwA = await startGateway({ dataDir: dirA, dbPrefix: prefix, sessionSecret: '' });
    cleanup.push(() => gwA.close());
    await seedDemo(gwA.store);
    await gwA.gateway.caughtUp();

    // Every kind of document: demo people, employees, payslips and captaciones, photos, a deletion,
    // a conflict, sessions, sign-in counters, device checkpoints and the instance ids.
    const adminAccount = DEMO_ACCOUNTS.find((a) => a.id === 'demo-admin')!;
    const asesorAccount = DEMO_ACCOUNTS.find((a) => a.id === 'demo-asesor')!;
    const admin = await signIn(gwA, adminAccount);
    expect((await upload(admin, '/api/users/demo-user/upload-photo', { bytes: PNG })).status).toBe(200);
    expect((await upload(admin, '/api/empleados-api/demo-emp-carmen/upload-photo', { bytes: PNG })).status).toBe(200);
    const caps = await gwA.store.db('captaciones');
    const { docs: demoCaps } = await caps.find({ selector: { type: 'captacion' }, limit: 100 });
    expect(demoCaps.length).toBeGreaterThan(5);
    expect((await admin.json('DELETE', `/api/captaciones/${demoCaps[0]._id}`)).status).toBe(200);
    const conflicted = demoCaps[1];
    const [, hash] = String(conflicted._rev).split('-');
    const branch = (tag: string): StoreDoc => ({ ...conflicted, notas: tag, _rev: `2-${tag.padEnd(32, '0')}`, _revisions: { start: 2, ids: [tag.padEnd(32, '0'), hash] } });
    expect(await caps.bulkDocs([branch('aaaa'), branch('bbbb')], { new_edits: false })).toEqual([]);
    expect((await signIn(gwA, { email: adminAccount.email, password: 'equivocada-1' }).catch(() => null))).toBeNull();
    await gwA.gateway.caughtUp();

    // A device that synced before the backup: everything pulled, one captación of its own pushed.
    const asesorA = await signIn(gwA, asesorAccount);
    const device: ClientDb = localDb();
    const who: Stamper = { nombre: `${asesorAccount.prim_nom} ${asesorAccount.apell_pa} ${asesorAccount.apell_ma}`, email: asesorAccount.email };
    const save = async (id: string) => {
      const doc = stampCaptacion({ ...sampleCaptacion({ captacion: { asesor: asesorAccount.id } }), _id: id }, null, who, new Date().toISOString());
      await device.put(doc as unknown as PouchDB.Core.PutDocument<Record<string, unknown>>);
    };
    await device.replicate.from(remoteDb(gwA.url, 'captaciones', asesorA.cookie));
    await save('cap-dispositivo-antes');
    expect((await device.replicate.to(remoteDb(gwA.url, 'captaciones', asesorA.cookie))).docs_written).toBe(1);
    await gwA.gateway.caughtUp();

    const empleados = ((await admin.json('GET', '/api/empleados-api')).body.empleados as Array<{ _id: string }>).map((e) => e._id).sort();
    const before = new Map<string, unknown>();
    for (const a of DEMO_ACCOUNTS) before.set(a.id, await listsSeenBy(await signIn(gwA, a), a, empleados));
    const adminLists = before.get('demo-admin') as { captaciones: { body: { paginacion: { total: number } } }; usuarios: { body: { users: unknown[] } }; nominas: Record<string, { body: { nominas?: unknown[] } }> };
    expect(adminLists.captaciones.body.paginacion.total).toBeGreaterThan(5);
    expect(adminLists.usuarios.body.users).toHaveLength(DEMO_ACCOUNTS.length);
    const uuidA = (await asesorA.json('GET', '/db/')).body.uuid as string;
    const photoA = Buffer.from(await (await admin.fetch('/api/users/demo-user/foto')).arrayBuffer());

    // The backup, by the operator's command, while this gateway holds the LevelDB folder.
    const file = path.join(work, 'respaldo.ndjson.gz');
    const backup = await command('backup-cli', [file], { DATA_DIR: dirA, COUCH_DB_PREFIX: prefix, COUCHDB_URL: '' });
    expect(backup.out).toContain('desde la pasarela en ejecución');
    expect(backup.code).toBe(0);
    expect(readFileSync(file).subarray(0, 2)).toEqual(Buffer.from([0x1f, 0x8b]));
    // Nothing in it opens a session: no sesiones database, no secret, no session id.
    const secret = String((await (await gwA.store.db('sesiones')).getLocal('session-secret')).secret);
    const sid = decodeURIComponent(admin.cookie.split('=')[1]).replace(/^s:/, '').split('.')[0];
    const text = gunzipSync(new Uint8Array(readFileSync(file))).toString('utf8');
    expect(secret.length).toBeGreaterThan(20);
    expect(sid.length).toBeGreaterThan(10);
    expect(text).not.toContain(secret);
    expect(text).not.toContain(sid);
    expect(text).not.toContain('session-secret');
    expect(text).not.toMatch(/"base":"sesiones"/);

    // Offline after the backup: what the restored server lacks, the device still holds.
    await save('cap-dispositivo-despues');
    const deviceBefore = await device.allDocs({ conflicts: true });
    await gwA.close();
    expect(() => readFileSync(backupDoorFile({ dataDir: dirA, dbPrefix: prefix }))).toThrow();

    // The restore, by the operator's command, onto a fresh store of the other kind.
    const couch = couchdbUnderTest();
    const dirB = path.join(work, 'destino');
    const target: Store = couch ? await testStore(prefix) : createEmbeddedStore(dirB, prefix);
    const targetEnv: Record<string, string> = couch ? { COUCHDB_URL: couch, COUCH_DB_PREFIX: prefix } : { COUCHDB_URL: '', DATA_DIR: dirB, COUCH_DB_PREFIX: prefix };
    const restore = await command('restore-cli', [file], targetEnv);
    expect(restore.out).toContain('Listo:');
    expect(restore.code).toBe(0);

    // Revision for revision the same documents (a backup of the copy holds what the first held).
    await backupOf(target, path.join(work, 'copia.ndjson'));
    expect(await contentOf(path.join(work, 'copia.ndjson'))).toEqual(await contentOf(file));

    const gwB = await startGateway({ store: target, dbPrefix: prefix, sessionSecret: '' });
    cleanup.push(async () => {
      await gwB.close();
      await target.close();
    });
    // Everyone signs in with their password; a session opened before the backup is not one any
    // more (the backup holds neither sessions nor the secret that signed their cookies).
    for (const a of DEMO_ACCOUNTS) {
      const client = await signIn(gwB, a);
      expect(await listsSeenBy(client, a, empleados), a.email).toEqual(before.get(a.id));
    }
    const stillIn = gwB.client();
    stillIn.cookie = admin.cookie;
    expect((await stillIn.json('GET', '/api/check-auth')).body).toMatchObject({ authenticated: false });
    const adminB = await signIn(gwB, adminAccount);
    expect(Buffer.from(await (await adminB.fetch('/api/users/demo-user/foto')).arrayBuffer())).toEqual(photoA);

    // The device, signed in again, on the restored server: a new instance id, hence a new
    // replication id (its old checkpoint names the old store's sequences); it compares everything,
    // downloads nothing and sends only what the backup lacked.
    const oldSession = await fetch(`${gwB.url}/db/`, { headers: { cookie: asesorA.cookie, accept: 'application/json' } });
    expect(oldSession.status).toBe(401);
    const asesorB = { cookie: (await signIn(gwB, asesorAccount)).cookie };
    const res = await fetch(`${gwB.url}/db/`, { headers: { cookie: asesorB.cookie, accept: 'application/json' } });
    expect(res.status).toBe(200);
    expect(((await res.json()) as { uuid: string }).uuid).not.toBe(uuidA);
    const pulled = await device.replicate.from(remoteDb(gwB.url, 'captaciones', asesorB.cookie));
    expect(pulled.docs_written).toBe(0);
    const pushed = await device.replicate.to(remoteDb(gwB.url, 'captaciones', asesorB.cookie));
    expect(pushed.docs_written).toBe(1);
    const deviceAfter = await device.allDocs({ conflicts: true });
    expect(deviceAfter.rows.map((r) => [r.id, r.value.rev])).toEqual(deviceBefore.rows.map((r) => [r.id, r.value.rev]));
    expect(deviceAfter.rows.filter((r) => r.doc?._conflicts)).toEqual(deviceBefore.rows.filter((r) => r.doc?._conflicts));

    // The server has the device's late captación once, and nothing else new.
    const capsB = await target.db('captaciones');
    expect((await capsB.get('cap-dispositivo-despues'))._rev).toBe(deviceBefore.rows.find((r) => r.id === 'cap-dispositivo-despues')!.value.rev);
    expect((await capsB.get(conflicted._id, { conflicts: true }))._conflicts).toHaveLength(1);
    await gwB.gateway.caughtUp();
    const asesorList = (await (await signIn(gwB, asesorAccount)).json('GET', '/api/captaciones?limit=100')).body;
    const listBefore = (before.get('demo-asesor') as { captaciones: { body: { paginacion: { total: number } } } }).captaciones.body;
    expect(asesorList.paginacion.total).toBe(listBefore.paginacion.total + 1);
    expect((asesorList.captaciones as Array<{ _id: string }>).filter((c) => c._id === 'cap-dispositivo-despues')).toHaveLength(1);
  });

  it('refuses a store that holds anything unless --force, and a cut file before touching the store', async () => {
    const source = createEmbeddedStore(MEMORY, testPrefix());
    cleanup.push(() => source.close());
    await (await source.db('captaciones')).bulkDocs([{ _id: 'c1', type: 'captacion', n: 1 }, { _id: 'c2', type: 'captacion', n: 2 }]);
    await (await source.db('sesiones')).putLocal({ _id: 'session-secret', secret: 'abc' });
    const file = path.join(work, 'pequeno.ndjson');
    await backupOf(source, file);

    // A cut file (its last line lost) is refused whole; the empty target stays empty.
    const lines = readFileSync(file, 'utf8').trimEnd().split('\n');
    const cut = path.join(work, 'cortado.ndjson');
    writeFileSync(cut, `${lines.slice(0, -1).join('\n')}\n`);
    const empty = await testStore();
    cleanup.push(() => empty.close());
    await expect(restoreBackup(empty, cut)).rejects.toThrow(BadBackup);
    await expect(restoreBackup(empty, cut)).rejects.toThrow(/incompleto/);
    expect((await (await empty.db('captaciones')).changes({ limit: 1 })).results).toEqual([]);

    const target = await testStore();
    cleanup.push(() => target.close());
    await (await target.db('captaciones')).put({ _id: 'ya-estaba', type: 'captacion' });
    const refused = await restoreBackup(target, file).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(TargetNotEmpty);
    expect((refused as Error).message).toMatch(/no está vacía \(captaciones\).*--force/);
    await expect((await target.db('captaciones')).get('c1')).rejects.toMatchObject({ status: 404 });

    await restoreBackup(target, file, { force: true });
    const caps = await target.db('captaciones');
    await expect(caps.get('ya-estaba')).rejects.toMatchObject({ status: 404 });
    expect((await caps.get('c2')).n).toBe(2);
    // The session secret is never put back.
    await expect((await target.db('sesiones')).getLocal('session-secret')).rejects.toMatchObject({ status: 404 });

    // The command says it in Spanish and exits non-zero, leaving the store as it was.
    const dir = path.join(work, 'ocupada');
    const occupied = createEmbeddedStore(dir, 'inmo_');
    await (await occupied.db('usuarios')).put({ _id: 'alguien', type: 'usuario' });
    await occupied.close();
    const cli = await command('restore-cli', [file], { COUCHDB_URL: '', DATA_DIR: dir, COUCH_DB_PREFIX: 'inmo_' });
    expect(cli.code).toBe(1);
    expect(cli.out).toMatch(/no está vacía \(usuarios\)/);
    const reopened = createEmbeddedStore(dir, 'inmo_');
    expect((await (await reopened.db('usuarios')).get('alguien'))._id).toBe('alguien');
    await expect((await reopened.db('captaciones')).get('c1')).rejects.toMatchObject({ status: 404 });
    await reopened.close();
  });
});
