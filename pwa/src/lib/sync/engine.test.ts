import '../../testing/local-data';
import { describe, expect, it } from 'vitest';
import { engineSuite, gatewayForFile } from '../../testing/engine-suite';
import { sampleCaptacion } from '../../../../couch-design/captacion/fixtures';
import { stampCaptacion } from '../../../../couch-design/captacion/stamp';
import { getLocalDb, listRejectedChanges, loadDraft, localGet, localPut, saveDraft, watchLocal } from '../db/index';
import { setActiveUser } from '../db/registry';
import { SyncEngine } from './engine';
import { SyncStateStore, syncStateText, type SyncStatus } from './state';
import { eventually, FakeNetwork, FakeTab } from '../../testing/local-data';
import type { HttpClient } from '../../../../sync-server/src/testing/gateway';
import { openOnline } from '../../../../sync-server/src/testing/device-set';

/**
 * The sync engine against a real gateway (Express + in-memory store), through PouchDB's HTTP
 * adapter and IndexedDB (fake-indexeddb), as the browser runs it.
 */
const gateway = gatewayForFile();
const { engines: running } = engineSuite();

interface Person {
  id: string;
  email: string;
  password: string;
  tab: FakeTab;
  client: HttpClient;
}

async function person(role = 'user', network = new FakeNetwork(true)): Promise<Person> {
  const u = await gateway().createUser({ role });
  const client = await gateway().client().signIn(u.email, u.password);
  return { id: u.id, email: u.email, password: u.password, tab: new FakeTab(client.cookie, network), client };
}

function startEngine(p: Person, store = new SyncStateStore(), briefPullMs?: number): { engine: SyncEngine; store: SyncStateStore; statuses: SyncStatus[] } {
  setActiveUser(p.id);
  const engine = new SyncEngine({
    userId: p.id,
    origin: gateway().url,
    fetch: p.tab.fetch,
    online: p.tab.network,
    store,
    backoff: { minMs: 50, maxMs: 300 },
    briefPullMs,
  });
  const statuses: SyncStatus[] = [];
  store.subscribe((s) => {
    if (statuses.at(-1) !== s.status) statuses.push(s.status);
  });
  running.push(engine);
  engine.start();
  return { engine, store, statuses };
}

const captacion = (id: string, asesor = '') => ({ ...sampleCaptacion({ captacion: { asesor, fecha: '2025-04-01' } }), _id: id });

/** A new revision of a captación written on the server (another device of the person's); resolves with it. */
async function editOnServer(id: string): Promise<string> {
  const db = await gateway().store.db('captaciones');
  const [res] = await db.bulkDocs([{ ...(await db.get(id)), tipo_tramite: 'Contado' }]);
  return res.rev as string;
}

/**
 * On the server, as an admin does: Ana is linked to a new employee `emp-ana-<n>` with one payslip
 * `nom-ana-<n>`, and her gateway reads her again, so her scope now holds the payslip.
 */
async function linkToEmpleado(ana: Person, n: number, payslip: { salario: number; fecha: string }): Promise<void> {
  await (await gateway().store.db('empleados')).put({ _id: `emp-ana-${n}`, type: 'empleado', userId: ana.id, nombre: 'Ana' });
  gateway().gateway.context.sessionUsers.invalidate(ana.id);
  await (await gateway().store.db('nominas')).put({ _id: `nom-ana-${n}`, type: 'nomina', empleadoId: `emp-ana-${n}`, empleado: 'Ana', conceptoDePago: 'Quincena', ...payslip });
}

async function serverDoc(db: string, id: string): Promise<Record<string, any> | null> {
  try {
    return await (await gateway().store.db(db)).get(id);
  } catch {
    return null;
  }
}

describe('sync engine against the gateway', () => {
  it('shows the states in turn: offline, offline with pending changes, syncing, up to date', async () => {
    const network = new FakeNetwork(false);
    const ana = await person('user', network);
    const { engine, store, statuses } = startEngine(ana);
    await eventually(() => store.get().status === 'offline', 'sin conexión');
    expect(syncStateText(store.get())).toBe('Sin conexión');

    await localPut('captaciones', captacion('cap-offline-1', ana.id));
    await eventually(() => store.get().pending === 1, 'un cambio pendiente');
    expect(syncStateText(store.get())).toBe('Sin conexión · 1 cambio pendiente');
    await localPut('captaciones', captacion('cap-offline-2', ana.id));
    await eventually(() => store.get().pending === 2, 'dos cambios pendientes');
    expect(await engine.pendingCount()).toBe(2);

    network.set(true);
    await eventually(() => store.get().status === 'up-to-date', 'al día');
    expect(store.get().pending).toBe(0);
    expect(store.get().lastSyncedAt).toBeGreaterThan(Date.now() - 60_000);
    expect(statuses).toEqual(['offline', 'syncing', 'up-to-date']);
    expect((await serverDoc('captaciones', 'cap-offline-1'))?.captacion.asesor).toBe(ana.id);
    expect(await serverDoc('captaciones', 'cap-offline-2')).not.toBeNull();
  });

  it('sends a local write to the server while online and brings server writes down', async () => {
    const ana = await person();
    // Hers, so on her device (issue 34).
    await (await gateway().store.db('captaciones')).put(captacion('cap-from-server', ana.id));
    const { store } = startEngine(ana);
    await eventually(() => store.get().status === 'up-to-date', 'al día');

    await localPut('captaciones', captacion('cap-live-up', ana.id));
    await eventually(async () => (await serverDoc('captaciones', 'cap-live-up')) !== null, 'la captación en el servidor');
    await eventually(() => store.get().status === 'up-to-date' && store.get().pending === 0, 'al día tras enviar');

    // Another device of hers edits one.
    const rev = await editOnServer('cap-from-server');
    await eventually(async () => (await localGet('captaciones', 'cap-from-server'))?._rev === rev, 'la captación del servidor en el dispositivo');
    // A document that came from the server is not a pending change.
    await eventually(() => store.get().status === 'up-to-date', 'al día tras recibir');
    expect(store.get().pending).toBe(0);
  });

  it('brings another device’s change down without flipping the chip to Sincronizando and back (issue 36 item 5)', async () => {
    const ana = await person();
    // Hers, so on her device (issue 34).
    await (await gateway().store.db('captaciones')).put(captacion('cap-de-otro-dispositivo', ana.id));
    // Long enough that a pull on a loaded machine is still "brief" here.
    const { store, statuses } = startEngine(ana, new SyncStateStore(), 60_000);
    await eventually(async () => (await localGet('captaciones', 'cap-de-otro-dispositivo')) !== null, 'la captación en el dispositivo');
    await eventually(() => store.get().status === 'up-to-date', 'al día');
    const notified: string[] = [];
    store.subscribe((s) => notified.push(s.status));
    const shownBefore = statuses.length;
    const rev = await editOnServer('cap-de-otro-dispositivo');
    await eventually(async () => (await localGet('captaciones', 'cap-de-otro-dispositivo'))?._rev === rev, 'el cambio en el dispositivo');
    await eventually(() => store.get().pending === 0 && store.get().status === 'up-to-date', 'al día tras recibir');
    expect(statuses.slice(shownBefore)).toEqual([]);
    expect(notified.every((s) => s === 'up-to-date')).toBe(true);
  });

  it('stores the revision the device stamped as sent: the time of an offline edit, no second revision, no conflict', async () => {
    const network = new FakeNetwork(false);
    const ana = await person('user', network);
    const me = await fetch(`${gateway().url}/api/check-auth`, { headers: { cookie: ana.tab.cookie } }).then((r) => r.json() as Promise<{ user: { nombre: string; email: string } }>);
    const { store } = startEngine(ana);
    await eventually(() => store.get().status === 'offline', 'sin conexión');

    // Saved offline an hour ago, then edited again before any pull.
    const created = new Date(Date.now() - 60 * 60_000).toISOString();
    const edited = new Date(Date.now() - 30 * 60_000).toISOString();
    const first = stampCaptacion({ ...captacion('cap-sellada', ana.id), estatus_actual: 'En proceso' }, null, me.user, created);
    const { rev: rev1 } = await localPut('captaciones', first);
    const second = stampCaptacion({ ...first, _rev: rev1, estatus_actual: 'En venta' }, first, me.user, edited);
    const { rev: rev2 } = await localPut('captaciones', second);

    network.set(true);
    await eventually(async () => (await serverDoc('captaciones', 'cap-sellada'))?._rev === rev2, 'la revisión del dispositivo en el servidor');
    await eventually(() => store.get().status === 'up-to-date', 'al día');
    const onServer = (await serverDoc('captaciones', 'cap-sellada'))!;
    expect(onServer.ultima_actualizacion).toMatchObject({ fecha: edited });
    expect(Date.parse(onServer.ultima_actualizacion.recibido)).toBeGreaterThan(Date.parse(edited));
    expect(onServer.historial_estatus.map((h: { fecha: string; estatus: string }) => [h.fecha, h.estatus])).toEqual([
      [created, 'En proceso'],
      [edited, 'En venta'],
    ]);

    // Edited and pushed again without pulling: still one branch, on both sides.
    const third = stampCaptacion({ ...second, _rev: rev2, estatus_actual: 'Vendida' }, second, me.user, new Date().toISOString());
    const { rev: rev3 } = await localPut('captaciones', third);
    await eventually(async () => (await serverDoc('captaciones', 'cap-sellada'))?._rev === rev3, 'la tercera revisión en el servidor');
    const serverDb = await gateway().store.db('captaciones');
    expect((await serverDb.get('cap-sellada', { conflicts: true }))._conflicts ?? []).toEqual([]);
    const local = await getLocalDb('captaciones').get<Record<string, unknown>>('cap-sellada', { conflicts: true });
    expect(local._rev).toBe(rev3);
    expect(local._conflicts ?? []).toEqual([]);
  });

  it('pulls the person’s own payslips and nothing else', async () => {
    const ana = await person();
    await linkToEmpleado(ana, 1, { salario: 9000, fecha: '2025-03-15' });
    await (await gateway().store.db('nominas')).put({ _id: 'nom-otro-1', type: 'nomina', empleadoId: 'emp-otro', empleado: 'Otro', conceptoDePago: 'Quincena', salario: 9000, fecha: '2025-03-15' });
    const { store } = startEngine(ana);
    await eventually(() => store.get().status === 'up-to-date', 'al día');
    expect(await localGet('nominas', 'nom-ana-1')).not.toBeNull();
    expect(await localGet('nominas', 'nom-otro-1')).toBeNull();
  });

  it('never sends drafts to the server', async () => {
    const ana = await person();
    const { store } = startEngine(ana);
    await saveDraft('captacion-nueva', { propietario: { nombre: 'Borrador privado' } });
    await localPut('captaciones', captacion('cap-real', ana.id));
    await eventually(async () => (await serverDoc('captaciones', 'cap-real')) !== null, 'la captación real en el servidor');
    await eventually(() => store.get().status === 'up-to-date', 'al día');
    const remoteDraft = await ana.tab.fetch(`${gateway().url}/db/captaciones/_local/draft-captacion-nueva`);
    expect(remoteDraft.status).toBe(404);
    const all = await (await gateway().store.db('captaciones')).changes({ since: 0 } as never);
    expect(JSON.stringify(all)).not.toContain('Borrador privado');
    expect(await loadDraft('captacion-nueva')).toEqual({ propietario: { nombre: 'Borrador privado' } });
  });

  it('pauses on an expired session, keeps the data, and resumes when the same person signs in again', async () => {
    const ana = await person();
    const { engine, store } = startEngine(ana);
    await eventually(() => store.get().status === 'up-to-date', 'al día');

    const expiredCookie = ana.tab.cookie;
    const logout = await fetch(`${gateway().url}/api/logout`, { method: 'POST', headers: { cookie: expiredCookie } });
    expect(logout.status).toBeLessThan(500);
    await localPut('captaciones', captacion('cap-tras-expirar', ana.id));
    await eventually(() => store.get().status === 'expired', 'sesión expirada');
    expect(syncStateText(store.get())).toBe('Sesión expirada: inicie sesión de nuevo para sincronizar.');
    expect(await localGet('captaciones', 'cap-tras-expirar')).not.toBeNull();
    expect(await serverDoc('captaciones', 'cap-tras-expirar')).toBeNull();

    const again = await gateway().client().signIn(ana.email, ana.password);
    ana.tab.cookie = again.cookie;
    engine.resume();
    await eventually(async () => (await serverDoc('captaciones', 'cap-tras-expirar')) !== null, 'la captación enviada tras volver a entrar');
    await eventually(() => store.get().status === 'up-to-date', 'al día de nuevo');
  });

  it('on a scope change pushes the pending change first, then wipes and pulls the new scope', async () => {
    const network = new FakeNetwork(true);
    const ana = await person('user', network);
    const { engine, store } = startEngine(ana);
    await eventually(() => store.get().status === 'up-to-date', 'al día');
    await saveDraft('captacion-nueva', { paso: 3 });
    let resets = 0;
    watchLocal('captaciones', (e) => void (e.kind === 'reset' && resets++));

    // Offline, Ana captures a property; meanwhile an admin links her to an employee.
    network.set(false);
    await localPut('captaciones', captacion('cap-pendiente', ana.id));
    await eventually(() => store.get().pending === 1, 'un cambio pendiente');
    await linkToEmpleado(ana, 2, { salario: 9500, fecha: '2025-04-15' });

    network.set(true);
    await eventually(async () => (await localGet('nominas', 'nom-ana-2')) !== null, 'las nóminas del nuevo alcance');
    await eventually(() => store.get().status === 'up-to-date', 'al día tras el cambio de alcance');
    // Nothing pending was lost: on the server and, pulled again, on the device.
    expect(await serverDoc('captaciones', 'cap-pendiente')).not.toBeNull();
    expect(await localGet('captaciones', 'cap-pendiente')).not.toBeNull();
    expect(await loadDraft('captacion-nueva')).toEqual({ paso: 3 });
    expect(await engine.pendingCount()).toBe(0);
    expect(resets).toBe(1);
  });

  it('on a role change that narrows the scope, keeps a refused pending change on the device and pulls the new scope', async () => {
    const network = new FakeNetwork(true);
    const ana = await person('user', network);
    const captaciones = await gateway().store.db('captaciones');
    await captaciones.put(captacion('cap-asignada-a-ana', ana.id));
    await captaciones.put(captacion('cap-de-otra-persona', 'otra-persona'));
    // She reads every captación and opened the other person's online: on her device too (issue 34).
    expect(await openOnline(gateway(), ana, ['cap-de-otra-persona'])).toEqual([200]);
    const { engine, store } = startEngine(ana);
    await eventually(async () => (await localGet('captaciones', 'cap-de-otra-persona')) !== null, 'todas las captaciones');
    await eventually(() => store.get().status === 'up-to-date', 'al día');

    network.set(false);
    await localPut('captaciones', captacion('cap-capturada-sin-red', ana.id));
    await eventually(() => store.get().pending === 1, 'un cambio pendiente');
    // Meanwhile an admin makes Ana a supervisor: she now sees only her own captaciones and may not create any.
    const usuarios = await gateway().store.db('usuarios');
    await usuarios.put({ ...(await usuarios.get(ana.id)), role: 'Supervisor de obra' });
    gateway().gateway.context.sessionUsers.invalidate(ana.id);

    let resets = 0;
    watchLocal('captaciones', (e) => void (e.kind === 'reset' && resets++));
    network.set(true);
    await eventually(() => resets === 1, 'el borrado local');
    await eventually(async () => (await localGet('captaciones', 'cap-asignada-a-ana')) !== null, 'el alcance nuevo');
    expect(await localGet('captaciones', 'cap-de-otra-persona')).toBeNull();
    // The server refused the capture; it is kept, with its content, instead of vanishing in the wipe.
    const rejected = await listRejectedChanges();
    expect(rejected.map((r) => r.id)).toEqual(['cap-capturada-sin-red']);
    expect(rejected[0].doc).toMatchObject({ _id: 'cap-capturada-sin-red', type: 'captacion' });
    expect(await engine.pendingCount()).toBe(0);
    await eventually(() => store.get().status === 'up-to-date' && store.get().rejected === 1, 'el aviso del rechazo');
    expect(syncStateText(store.get())).toBe('Al día · 1 cambio rechazado');
  });

  it('does not wipe when the pending changes cannot be pushed, and retries later', async () => {
    const network = new FakeNetwork(true);
    const ana = await person('user', network);
    // The gateway keeps answering GET /db/ but, while `failWrites`, refuses every push request.
    const realFetch = ana.tab.fetch;
    let failWrites = false;
    (ana.tab as { fetch: typeof realFetch }).fetch = async (input, init) => {
      const url = String(input instanceof Request ? input.url : input);
      if (failWrites && /_bulk_docs|_revs_diff/.test(url)) {
        return new Response(JSON.stringify({ error: 'internal', reason: 'falla' }), { status: 500, headers: { 'content-type': 'application/json' } });
      }
      return realFetch(input, init);
    };
    const { engine, store } = startEngine(ana);
    await eventually(() => store.get().status === 'up-to-date', 'al día');
    await saveDraft('borrador', { paso: 1 });
    let resets = 0;
    watchLocal('captaciones', (e) => void (e.kind === 'reset' && resets++));

    network.set(false);
    await localPut('captaciones', captacion('cap-espera', ana.id));
    await eventually(() => store.get().pending === 1, 'un cambio pendiente');
    await linkToEmpleado(ana, 3, { salario: 9500, fecha: '2025-04-15' });

    failWrites = true;
    network.set(true);
    await eventually(() => store.get().status === 'error', 'error de sincronización');
    // Not wiped: the change is still here (and not on the server), the new scope not pulled yet.
    expect(await localGet('captaciones', 'cap-espera')).not.toBeNull();
    expect(await serverDoc('captaciones', 'cap-espera')).toBeNull();
    expect(await localGet('nominas', 'nom-ana-3')).toBeNull();
    expect(store.get().pending).toBe(1);
    expect(resets).toBe(0);

    failWrites = false;
    await engine.syncNow();
    await eventually(async () => (await localGet('nominas', 'nom-ana-3')) !== null, 'las nóminas del nuevo alcance');
    await eventually(() => store.get().status === 'up-to-date', 'al día');
    expect(await serverDoc('captaciones', 'cap-espera')).not.toBeNull();
    expect(await localGet('captaciones', 'cap-espera')).not.toBeNull();
    expect(await loadDraft('borrador')).toEqual({ paso: 1 });
    expect(resets).toBe(1);
  });

  it('keeps a change the server refuses, and still moves on', async () => {
    const ana = await person('Supervisor de obra');
    const { store } = startEngine(ana);
    await eventually(() => store.get().status === 'up-to-date', 'al día');
    // Supervisors cannot create captaciones: the gateway refuses the document.
    await localPut('captaciones', captacion('cap-prohibida', ana.id));
    await eventually(() => store.get().rejected === 1 && store.get().status === 'up-to-date', 'el rechazo, sin error');
    expect(syncStateText(store.get())).toBe('Al día · 1 cambio rechazado');
    expect(store.get().pending).toBe(0);
    const rejected = await listRejectedChanges();
    expect(rejected.map((r) => [r.id, r.reason])).toEqual([['cap-prohibida', 'Su rol no permite registrar captaciones.']]);
    expect(rejected[0].doc).toMatchObject({ _id: 'cap-prohibida', type: 'captacion' });
    expect(await serverDoc('captaciones', 'cap-prohibida')).toBeNull();
    // The server never had it: the device neither.
    expect(await localGet('captaciones', 'cap-prohibida')).toBeNull();
  });
});
