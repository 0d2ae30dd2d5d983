import { beforeAll, describe, expect, it } from 'vitest';
import { sampleCaptacion } from '../../../couch-design/captacion/fixtures';
import { stampCaptacion, type Stamper } from '../../../couch-design/captacion/stamp';
import { gatewayForFile } from '../testing/per-file';
import type { TestGateway } from '../testing/gateway';
import { deviceSetIds, eventually, localDb, openOnline, pullInto, remoteDb, seed, type ClientDb } from '../testing/pouch-client';

/**
 * Pushing through the gateway: a device's revision is stored under its own revision id with the
 * server's checked stamps inside it, so one device never makes a second branch, and the server's
 * advisers and deletions win.
 */
const gw = gatewayForFile();
let admin: Device, agente: Device, otroAgente: Device;
type Doc = Record<string, any>;

/** A signed-in person and the name and e-mail the gateway stamps for them. */
interface Device { id: string; cookie: string; client: ReturnType<TestGateway['client']>; who: Stamper }

let n = 0;
async function person(role: string): Promise<Device> {
  n++;
  const names = { prim_nom: 'Persona', apell_pa: 'Escritora', apell_ma: `Número${n}` };
  const u = await gw.createUser({ role, ...names });
  const client = await gw.client().signIn(u.email, u.password);
  return { id: u.id, cookie: client.cookie, client, who: { nombre: `Persona Escritora Número${n}`, email: u.email } };
}

beforeAll(async () => {
  admin = await person('Administrador');
  agente = await person('user');
  otroAgente = await person('asesor');
});

const cap = (id: string, asesorId: string) => ({ ...sampleCaptacion({ captacion: { asesor: asesorId } }), _id: id });
const serverDb = () => gw.store.db('captaciones');
const serverDoc = async (id: string): Promise<Doc> => (await serverDb()).get(id, { conflicts: true });
const push = (local: ClientDb, p: Device) => local.replicate.to(remoteDb(gw.url, 'captaciones', p.cookie));
const pull = (local: ClientDb, p: Device) => local.replicate.from(remoteDb(gw.url, 'captaciones', p.cookie));
const isoAgo = (ms: number) => new Date(Date.now() - ms).toISOString();

/** A save as the PWA makes it: on top of the local revision, stamped with the device's clock. */
async function save(local: ClientDb, p: Device, id: string, change: (d: Doc) => Doc, at = new Date().toISOString()): Promise<Doc> {
  const prev = (await local.get(id).catch(() => null)) as Doc | null;
  const fields = change(prev ?? { ...sampleCaptacion({ captacion: { asesor: p.id } }), _id: id });
  const next = stampCaptacion({ ...fields, _id: id, ...(prev ? { _rev: prev._rev } : {}) }, prev, p.who, at);
  const res = await local.put(next);
  return { ...next, _rev: res.rev };
}

async function leaves(id: string): Promise<Doc[]> {
  return (await (await serverDb()).getOpenRevs(id, 'all')).flatMap((r) => ('ok' in r ? [r.ok as Doc] : []));
}

describe('a device’s revision is stored as it saved it', () => {
  it('under its own revision id, with the device’s edit time, the receipt time and the session’s name', async () => {
    const local = localDb();
    const savedAt = isoAgo(90_000);
    const mine = await save(local, agente, 'nueva-1', (d) => ({ ...d, captacion: { ...d.captacion, asesor: '' } }), savedAt);
    const before = new Date().toISOString();
    expect((await push(local, agente)).docs_written).toBe(1);

    const stored = await serverDoc('nueva-1');
    expect(stored._rev).toBe(mine._rev);
    expect(stored._conflicts).toBeUndefined();
    expect(stored.captacion.asesor).toBe(agente.id);
    expect(stored.ultima_actualizacion).toEqual({ usuario: { nombre: agente.who.nombre, avatar: '' }, fecha: savedAt, recibido: expect.any(String) });
    expect(stored.ultima_actualizacion.recibido >= before).toBe(true);
    expect(stored.historial_estatus).toEqual([{ usuario: agente.who, fecha: savedAt, estatus: 'Captación' }]);

    // Nothing of its own to download.
    expect((await pull(local, agente)).docs_written).toBe(0);
    expect(((await local.get('nueva-1', { conflicts: true })) as Doc)._conflicts).toBeUndefined();
  });

  it('an edit made offline keeps the time it was made, several saves are several history entries', async () => {
    await seed(gw.store, 'captaciones', [cap('offline', agente.id)]);
    const local = await pullInto(gw, agente, 'captaciones');
    await save(local, agente, 'offline', (d) => ({ ...d, estatus_actual: 'En trámite legal' }), isoAgo(20 * 60_000));
    const second = isoAgo(10 * 60_000);
    await save(local, agente, 'offline', (d) => ({ ...d, estatus_actual: 'En venta' }), second);
    await push(local, agente);

    const stored = await serverDoc('offline');
    expect(stored.ultima_actualizacion.fecha).toBe(second);
    expect(Date.parse(stored.ultima_actualizacion.recibido) - Date.parse(second)).toBeGreaterThanOrEqual(10 * 60_000);
    expect(stored.historial_estatus.map((h: Doc) => h.estatus)).toEqual(['En trámite legal', 'En venta']);
    expect(stored.historial_estatus[1].fecha).toBe(second);
  });

  it('a device clock ahead of the server is clamped to the server’s now', async () => {
    const local = localDb();
    await save(local, agente, 'futuro', (d) => d, new Date(Date.now() + 86_400_000).toISOString());
    const before = Date.now();
    await push(local, agente);
    const stored = await serverDoc('futuro');
    expect(Date.parse(stored.ultima_actualizacion.fecha)).toBeGreaterThanOrEqual(before);
    expect(Date.parse(stored.ultima_actualizacion.fecha)).toBeLessThanOrEqual(Date.now());
    expect(stored.ultima_actualizacion.fecha).toBe(stored.ultima_actualizacion.recibido);
  });

  it('a client that stamps nothing gets the server’s time; forged stamps never survive', async () => {
    await seed(gw.store, 'captaciones', [{
      ...cap('forja', agente.id),
      historial_estatus: [{ usuario: { nombre: 'Servidor' }, fecha: '2025-01-01T00:00:00.000Z', estatus: 'Captación' }],
    }]);
    const local = await pullInto(gw, agente, 'captaciones');
    const doc = (await local.get('forja')) as Doc;
    await local.put({
      ...doc,
      estatus_actual: 'En venta',
      ultima_actualizacion: { usuario: { nombre: 'Alguien Más', avatar: 'x' }, fecha: '1999-01-01T00:00:00.000Z', recibido: '1999-01-01T00:00:00.000Z' },
      historial_estatus: [{ usuario: 'Alguien Más', fecha: '1999-01-01T00:00:00.000Z', estatus: 'Vendida' }],
    });
    const before = new Date().toISOString();
    await push(local, agente);
    const d = await serverDoc('forja');
    expect(d.ultima_actualizacion.usuario).toEqual({ nombre: agente.who.nombre, avatar: '' });
    expect(d.ultima_actualizacion.fecha >= before).toBe(true);
    expect(d.historial_estatus.map((h: Doc) => h.estatus)).toEqual(['Captación', 'En venta']);
    expect(d.historial_estatus[0].usuario).toEqual({ nombre: 'Servidor' });
    expect(d.historial_estatus[1].usuario).toEqual(agente.who);
  });

  it('a retried push of the same revisions is not stamped twice', async () => {
    const local = localDb();
    await save(local, agente, 'reintento', (d) => d);
    const [doc] = (await local.bulkGet({ docs: [{ id: 'reintento' }], revs: true })).results[0].docs.map((d) => (d as { ok: Doc }).ok);
    for (let i = 0; i < 2; i++) {
      const r = await agente.client.json('POST', '/db/captaciones/_bulk_docs', { docs: [doc], new_edits: false });
      expect(r.status).toBe(201);
      expect(r.body).toEqual([]);
    }
    const stored = await serverDoc('reintento');
    expect(stored._rev).toBe(doc._rev);
    expect(stored.historial_estatus).toHaveLength(1);
  });

  it('live two-way sync settles on the device’s own revision and nothing loops', async () => {
    const local = localDb();
    const sync = local.sync(remoteDb(gw.url, 'captaciones', agente.cookie), { live: true, retry: true });
    try {
      const mine = await save(local, agente, 'en-vivo', (d) => d);
      await eventually(async () => (await serverDoc('en-vivo').catch(() => null))?._rev === mine._rev, 'la revisión llega al servidor');
      await new Promise((r) => setTimeout(r, 600));
      expect((await serverDoc('en-vivo'))._rev).toBe(mine._rev);
      expect(((await local.get('en-vivo')) as Doc)._rev).toBe(mine._rev);
    } finally {
      sync.cancel();
    }
  });
});

describe('one device, one branch', () => {
  it('an admin device that creates, pushes, deletes and pushes again without pulling leaves it deleted', async () => {
    const device = localDb();
    await save(device, admin, 'borrada-sin-pull', (d) => d);
    await push(device, admin);
    await device.remove((await device.get('borrada-sin-pull')) as PouchDB.Core.RemoveDocument);
    expect((await push(device, admin)).doc_write_failures).toBe(0);

    const all = await leaves('borrada-sin-pull');
    expect(all).toHaveLength(1);
    expect(all[0]._deleted).toBe(true);
    await expect(serverDb().then((db) => db.get('borrada-sin-pull'))).rejects.toMatchObject({ status: 404 });
    const other = await pullInto(gw, agente, 'captaciones');
    await expect(other.get('borrada-sin-pull')).rejects.toMatchObject({ status: 404 });
  });

  it('20 devices creating and editing their own captaciones, pushing twice without pulling: no conflict at all', async () => {
    const people = [agente, otroAgente, admin];
    const devices = Array.from({ length: 20 }, (_, i) => ({ local: localDb(), p: people[i % people.length], ids: [0, 1, 2].map((k) => `dispositivo-${i}-${k}`) }));
    await Promise.all(devices.map(async ({ local, p, ids }) => {
      for (const id of ids) await save(local, p, id, (d) => d);
      await push(local, p);
      for (const id of ids) await save(local, p, id, (d) => ({ ...d, estatus_actual: 'En venta' }));
      await push(local, p);
    }));

    const db = await serverDb();
    for (const { local, ids } of devices) {
      for (const id of ids) {
        const stored = (await db.get(id, { conflicts: true })) as Doc;
        expect(stored._conflicts ?? []).toEqual([]);
        expect(stored._rev).toBe(((await local.get(id)) as Doc)._rev);
        expect(stored.estatus_actual).toBe('En venta');
        expect(stored.historial_estatus.map((h: Doc) => h.estatus)).toEqual(['Captación', 'En venta']);
      }
    }
  });
});

describe('advisers', () => {
  it('an admin may create a captación for another adviser and reassign one', async () => {
    const local = localDb();
    await save(local, admin, 'para-agente', (d) => ({ ...d, captacion: { ...d.captacion, asesor: agente.id } }));
    await push(local, admin);
    expect((await serverDoc('para-agente')).captacion.asesor).toBe(agente.id);
  });

  it('an admin may not assign a captación to an account that does not exist', async () => {
    const local = localDb();
    await save(local, admin, 'para-nadie', (d) => ({ ...d, captacion: { ...d.captacion, asesor: 'cuenta-inexistente' } }));
    const denied: Doc[] = [];
    const rep = push(local, admin);
    rep.on('denied', (e) => denied.push(e));
    expect((await rep).doc_write_failures).toBe(1);
    expect(denied[0].reason).toContain('El asesor indicado no existe.');
    await expect(serverDoc('para-nadie')).rejects.toMatchObject({ status: 404 });
  });

  it('an offline edit made before a reassignment keeps the new adviser', async () => {
    await seed(gw.store, 'captaciones', [cap('disputada', agente.id)]);
    const device = await pullInto(gw, agente, 'captaciones');
    // Meanwhile an admin opens it online and reassigns it from their device.
    await openOnline(gw, admin, ['disputada']);
    const office = await pullInto(gw, admin, 'captaciones');
    await save(office, admin, 'disputada', (d) => ({ ...d, captacion: { ...d.captacion, asesor: admin.id } }));
    await push(office, admin);
    // The agent's older edit arrives later.
    await save(device, agente, 'disputada', (d) => ({ ...d, tipo_tramite: 'Crédito' }));
    expect((await push(device, agente)).doc_write_failures).toBe(0);
    for (const leaf of await leaves('disputada')) if (!leaf._deleted) expect(leaf.captacion.asesor).toBe(admin.id);
  });
});

/** The ids a person's devices keep (issue 34): a deleted captación leaves them, and the device drops it (pwa/src/lib/sync/device-set.ts). */
const deviceSetOf = (p: Device): Promise<string[]> => deviceSetIds(gw, p);

describe('deletions', () => {
  it('an admin’s deletion keeps the owner fields and takes the captación off the supervisor’s devices', async () => {
    const supervisor = await person('Supervisor');
    await seed(gw.store, 'captaciones', [cap('del-sup', supervisor.id)]);
    const superDevice = await pullInto(gw, supervisor, 'captaciones');
    expect((await superDevice.get('del-sup'))._id).toBe('del-sup');

    await openOnline(gw, admin, ['del-sup']);
    const office = await pullInto(gw, admin, 'captaciones');
    await office.remove(await office.get('del-sup'));
    expect((await push(office, admin)).doc_write_failures).toBe(0);

    const [leaf] = await leaves('del-sup');
    expect(leaf).toMatchObject({ _deleted: true, type: 'captacion', captacion: { asesor: supervisor.id } });
    expect(leaf.propietario).toBeUndefined();

    expect(await deviceSetOf(supervisor)).not.toContain('del-sup');
  });

  it('deletions written without owner fields still take the captación off the devices of people who read the whole database', async () => {
    await seed(gw.store, 'captaciones', [cap('del-servidor', agente.id)]);
    const device = await pullInto(gw, agente, 'captaciones');
    expect((await device.get('del-servidor'))._id).toBe('del-servidor');
    expect(await deviceSetOf(agente)).toContain('del-servidor');
    const db = await serverDb();
    await db.remove('del-servidor', (await db.get('del-servidor'))._rev as string);
    expect(await deviceSetOf(agente)).not.toContain('del-servidor');
  });
});

describe('attachments', () => {
  it('a device never receives them, an admin’s neither, and its edit keeps the server’s attachment', async () => {
    await seed(gw.store, 'captaciones', [cap('con-adjunto', agente.id)]);
    const db = await serverDb();
    await db.putAttachment('con-adjunto', 'plano.png', (await db.get('con-adjunto'))._rev as string, Buffer.from('89504e470d0a1a0a', 'hex'), 'image/png');

    const device = await pullInto(gw, agente, 'captaciones');
    expect(((await device.get('con-adjunto')) as Doc)._attachments).toBeUndefined();
    // An admin reads the whole database, whose answers otherwise go to the device as the store gives them.
    await openOnline(gw, admin, ['con-adjunto']);
    const adminDevice = await pullInto(gw, admin, 'captaciones');
    expect(((await adminDevice.get('con-adjunto')) as Doc)._attachments).toBeUndefined();
    expect(((await adminDevice.get('con-adjunto')) as Doc).propietario).toEqual(((await db.get('con-adjunto')) as Doc).propietario);
    await save(device, agente, 'con-adjunto', (d) => ({ ...d, tipo_tramite: 'Contado' }));
    expect((await push(device, agente)).doc_write_failures).toBe(0);

    const stored = (await db.get('con-adjunto')) as Doc;
    expect(stored.tipo_tramite).toBe('Contado');
    expect(Object.keys(stored._attachments)).toEqual(['plano.png']);
    expect((await db.getAttachment('con-adjunto', 'plano.png')).data.toString('hex')).toBe('89504e470d0a1a0a');
  });
});
