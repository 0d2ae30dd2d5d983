import '../../testing/local-data';
import { describe, expect, it } from 'vitest';
import { engineSuite, gatewayForFile } from '../../testing/engine-suite';
import { sampleCaptacion } from '../../../../couch-design/captacion/fixtures';
import { getLocalDb, listRejectedChanges, localGet, localPut } from '../db/index';
import type { FetchFn } from '../db/pouch';
import { setActiveUser } from '../db/registry';
import { SyncEngine } from './engine';
import { SyncStateStore, syncStateText } from './state';
import { eventually, FakeNetwork, FakeTab } from '../../testing/local-data';

/**
 * Issue 18 item 2: a push the gateway refuses never leaves the device out of step. Each case edits
 * a captación offline, the gateway refuses the push for its own reason, and the device must then
 * hold the server's state of the record, keep what the person typed as a rejected change (with
 * the Spanish reason), show how many wait, and never send the refused revision again.
 */
const gateway = gatewayForFile();
const { engines: running } = engineSuite();

const ID = (name: string) => `cap-rechazo-${name}-${Math.random().toString(36).slice(2, 8)}`;

/** A device of a person with a role: offline at first, every `_bulk_docs` it sends on record. */
async function device(role: string) {
  const u = await gateway().createUser({ role });
  const client = await gateway().client().signIn(u.email, u.password);
  const network = new FakeNetwork(true);
  const tab = new FakeTab(client.cookie, network);
  const sent: string[] = [];
  const fetchFn: FetchFn = async (input, init) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    if (url.endsWith('/_bulk_docs') && typeof init?.body === 'string') sent.push(init.body);
    return tab.fetch(input, init);
  };
  setActiveUser(u.id);
  const store = new SyncStateStore();
  const engine = new SyncEngine({ userId: u.id, origin: gateway().url, fetch: fetchFn, online: network, store, backoff: { minMs: 50, maxMs: 300 } });
  running.push(engine);
  engine.start();
  await eventually(() => store.get().status === 'up-to-date', 'al día');
  return { user: u, network, store, engine, sent };
}

async function admin() {
  const u = await gateway().createUser({ role: 'administrator' });
  return gateway().client().signIn(u.email, u.password);
}

/** The local revisions of a document that are leaves (deleted ones included). */
async function localLeaves(id: string): Promise<Array<{ _rev: string; _deleted?: boolean }>> {
  try {
    const rows = (await getLocalDb('captaciones').get(id, { open_revs: 'all' })) as unknown as Array<{ ok?: { _rev: string; _deleted?: boolean } }>;
    return rows.flatMap((r) => (r.ok ? [r.ok] : []));
  } catch {
    return [];
  }
}

/** After the refusal: one more sync cycle, and a new change pushed, send the refused revision nowhere. */
async function neverSentAgain(d: Awaited<ReturnType<typeof device>>, id: string, refusedRev: string): Promise<void> {
  const before = d.sent.length;
  await d.engine.syncNow();
  const other = ID('otro');
  if (d.user.role === 'user') {
    await localPut('captaciones', { ...sampleCaptacion({ captacion: { asesor: d.user.id, fecha: '2025-04-01' } }), _id: other });
    await eventually(async () => (await gateway().store.db('captaciones')).get(other).then(() => true, () => false), 'otro cambio enviado');
  }
  await eventually(() => d.store.get().status === 'up-to-date', 'al día de nuevo');
  for (const body of d.sent.slice(before)) expect(body.includes(refusedRev) && body.includes(id)).toBe(false);
}

describe('a push the gateway refuses', { timeout: 60_000 }, () => {
  it('refused because an admin deleted the captación: the device deletes it too and keeps the edit apart', async () => {
    const ana = await device('user');
    const id = ID('eliminada');
    const { rev } = await localPut('captaciones', { ...sampleCaptacion({ captacion: { asesor: ana.user.id, fecha: '2025-04-01' } }), _id: id });
    const server = await gateway().store.db('captaciones');
    await eventually(async () => (await server.get(id).then((d) => d._rev, () => null)) === rev, 'la captación en el servidor');

    // Offline, Ana edits her copy; meanwhile an admin deletes the captación.
    ana.network.set(false);
    const mine = (await localGet<Record<string, any>>('captaciones', id))!;
    const edited = { ...mine, propietario: { ...mine.propietario, nombre: 'Nombre que Ana escribió' } };
    const { rev: refusedRev } = await localPut('captaciones', edited);
    expect((await (await admin()).json('DELETE', `/api/captaciones/${id}`)).status).toBe(200);

    ana.network.set(true);
    await eventually(() => ana.store.get().rejected === 1 && ana.store.get().status === 'up-to-date', 'el rechazo contado', 20_000);
    expect(syncStateText(ana.store.get())).toBe('Al día · 1 cambio rechazado');
    // Deleted stays deleted, here as on the server.
    await eventually(async () => (await localGet('captaciones', id)) === null, 'la captación borrada en el dispositivo');
    expect((await localLeaves(id)).every((l) => l._deleted)).toBe(true);
    expect(await server.get(id).then(() => 'viva', (e: { status?: number }) => e.status)).toBe(404);
    const [rejected] = await listRejectedChanges();
    expect(rejected).toMatchObject({ id, rev: refusedRev, settled: true, reason: 'La captación fue eliminada; solo un administrador puede restaurarla.' });
    expect(rejected.doc).toMatchObject({ propietario: { nombre: 'Nombre que Ana escribió' } });
    expect(await ana.engine.pendingCount()).toBe(0);
    await neverSentAgain(ana, id, refusedRev);
  });

  it('refused because of scope (reassigned away while offline): the captación leaves the device, the edit is kept', async () => {
    const sup = await device('Supervisor de obra');
    const other = await gateway().createUser({ role: 'user' });
    const boss = await admin();
    const created = await boss.json('POST', '/api/captaciones', sampleCaptacion({ captacion: { asesor: sup.user.id, fecha: '2025-04-01' } }));
    expect(created.status).toBe(201);
    const id = created.body.captacion._id as string;
    // Assigned to them, it joins their device set (issue 34): the engine's scope check, every
    // minute, sees the set move and pulls it; here the check runs at once.
    sup.engine.checkSet();
    await eventually(async () => (await localGet('captaciones', id)) !== null, 'la captación asignada en el dispositivo');

    // Offline, the supervisor changes their copy; meanwhile the admin assigns it to someone else.
    sup.network.set(false);
    const mine = (await localGet<Record<string, any>>('captaciones', id))!;
    const { rev: refusedRev } = await localPut('captaciones', { ...mine, propiedad: { ...mine.propiedad, descripcion: 'Nota del supervisor sin red' } });
    const current = (await boss.json('GET', `/api/captaciones/${id}`)).body.captacion;
    const moved = await boss.json('PUT', `/api/captaciones/${id}`, { ...current, captacion: { ...current.captacion, asesor: other.id } });
    expect(moved.status).toBe(200);

    sup.network.set(true);
    await eventually(() => sup.store.get().rejected === 1 && sup.store.get().status === 'up-to-date', 'el rechazo contado', 20_000);
    await eventually(async () => (await localLeaves(id)).length === 0, 'la captación fuera del dispositivo');
    const [rejected] = await listRejectedChanges();
    expect(rejected).toMatchObject({ id, rev: refusedRev, settled: true, reason: 'La captación no pertenece a su alcance.' });
    expect(rejected.doc).toMatchObject({ propiedad: { descripcion: 'Nota del supervisor sin red' } });
    // The server kept the admin's assignment and not the supervisor's text.
    const onServer = (await (await gateway().store.db('captaciones')).get(id)) as unknown as { captacion: { asesor: string } };
    expect(onServer.captacion.asesor).toBe(other.id);
    expect(JSON.stringify(onServer)).not.toContain('Nota del supervisor sin red');
    await neverSentAgain(sup, id, refusedRev);
  });

  it('refused by the write policy (a field the server refuses): the server’s revision comes back, the edit is kept', async () => {
    const ana = await device('user');
    const id = ID('campo');
    const { rev: accepted } = await localPut('captaciones', { ...sampleCaptacion({ captacion: { asesor: ana.user.id, fecha: '2025-04-01' } }), _id: id });
    const server = await gateway().store.db('captaciones');
    await eventually(async () => (await server.get(id).then((d) => d._rev, () => null)) === accepted, 'la captación en el servidor');

    const mine = (await localGet<Record<string, any>>('captaciones', id))!;
    const { rev: refusedRev } = await localPut('captaciones', { ...mine, campo_inventado: 'valor que el servidor no admite', propietario: { ...mine.propietario, telefono: '5599988877' } });
    await eventually(() => ana.store.get().rejected === 1 && ana.store.get().status === 'up-to-date', 'el rechazo contado', 20_000);
    // An older revision is replaced: the device shows the server's again.
    await eventually(async () => (await localGet('captaciones', id))?._rev === accepted, 'la revisión del servidor en el dispositivo');
    expect((await localLeaves(id)).map((l) => l._rev)).toEqual([accepted]);
    const [rejected] = await listRejectedChanges();
    expect(rejected.id).toBe(id);
    expect(rejected.rev).toBe(refusedRev);
    expect(rejected.reason).toBe('La captación trae campos no permitidos o sin normalizar: campo_inventado');
    expect(rejected.doc).toMatchObject({ campo_inventado: 'valor que el servidor no admite', propietario: { telefono: '5599988877' } });
    expect((await server.get(id))._rev).toBe(accepted);
    expect(await ana.engine.pendingCount()).toBe(0);
    await neverSentAgain(ana, id, refusedRev);
  });
});
