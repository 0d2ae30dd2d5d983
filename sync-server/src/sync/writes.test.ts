import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sampleCaptacion } from '../../../couch-design/captacion/fixtures';
import { startGateway, type TestGateway } from '../testing/gateway';
import { eventually, localDb, pullInto, remoteDb, seed, signedIn, type ClientDb, type Person } from './test-client';

/** Pushing through the gateway: the server's stamps, advisers and tombstones win. */
let gw: TestGateway;
let admin: Person, agente: Person, supervisor: Person;
const cap = (id: string, asesorId: string) => ({ ...sampleCaptacion({ captacion: { asesor: asesorId } }), _id: id });
type Doc = Record<string, any>;

beforeAll(async () => {
  gw = await startGateway();
  admin = await signedIn(gw, 'Administrador');
  agente = await signedIn(gw, 'user');
  supervisor = await signedIn(gw, 'Supervisor');
});

afterAll(async () => {
  await gw?.close();
});

const serverDoc = async (id: string): Promise<Doc> => (await gw.store.db('captaciones')).get(id, { conflicts: true });
const push = (local: ClientDb, p: Person) => local.replicate.to(remoteDb(gw.url, 'captaciones', p.cookie));
const pull = (local: ClientDb, p: Person) => local.replicate.from(remoteDb(gw.url, 'captaciones', p.cookie));

describe('creating and editing through replication', () => {
  it('a field agent’s new captación gets them as adviser and the server’s stamps, which the device then pulls', async () => {
    const local = localDb();
    const before = Date.now();
    await local.put({ ...sampleCaptacion(), _id: 'nueva-1' });
    const res = await push(local, agente);
    expect(res.docs_written).toBe(1);

    const stored = await serverDoc('nueva-1');
    expect(stored.captacion.asesor).toBe(agente.id);
    expect(stored.ultima_actualizacion.usuario).toEqual({ nombre: 'Persona De Prueba2', avatar: '' });
    expect(Date.parse(stored.ultima_actualizacion.fecha)).toBeGreaterThanOrEqual(before - 1000);
    expect(stored.historial_estatus).toEqual([
      { usuario: { nombre: 'Persona De Prueba2', email: expect.stringContaining('@ejemplo.mx') }, fecha: stored.ultima_actualizacion.fecha, estatus: 'Captación' },
    ]);
    // The pushed revision and one follow-up on top of it.
    expect(stored._rev.startsWith('2-')).toBe(true);
    expect(stored._conflicts).toBeUndefined();

    await pull(local, agente);
    const mine = (await local.get('nueva-1', { conflicts: true })) as Doc;
    expect(mine._rev).toBe(stored._rev);
    expect(mine.captacion.asesor).toBe(agente.id);
    expect(mine.ultima_actualizacion).toEqual(stored.ultima_actualizacion);
    expect(mine._conflicts).toBeUndefined();
  });

  it('forged ultima_actualizacion and historial_estatus never survive in the winning revision', async () => {
    await seed(gw.store, 'captaciones', [{
      ...cap('forja', agente.id),
      historial_estatus: [{ usuario: { nombre: 'Servidor' }, fecha: '2025-01-01T00:00:00.000Z', estatus: 'Captación' }],
    }]);
    const local = await pullInto(gw, agente, 'captaciones');
    const doc = (await local.get('forja')) as Doc;
    await local.put({
      ...doc,
      estatus_actual: 'En venta',
      ultima_actualizacion: { usuario: { nombre: 'Alguien Más', avatar: 'x' }, fecha: '1999-01-01T00:00:00.000Z' },
      historial_estatus: [{ usuario: 'Alguien Más', fecha: '1999-01-01T00:00:00.000Z', estatus: 'Vendida' }],
    });
    await push(local, agente);
    await pull(local, agente);
    for (const d of [await serverDoc('forja'), (await local.get('forja')) as Doc]) {
      expect(d.ultima_actualizacion.usuario.nombre).toBe('Persona De Prueba2');
      expect(d.ultima_actualizacion.fecha).not.toBe('1999-01-01T00:00:00.000Z');
      expect(d.historial_estatus.map((h: Doc) => h.estatus)).toEqual(['Captación', 'En venta']);
      expect(d.historial_estatus[0].usuario).toEqual({ nombre: 'Servidor' });
    }
  });

  it('a retried push of the same revisions is not stamped twice', async () => {
    const local = localDb();
    await local.put({ ...sampleCaptacion(), _id: 'reintento' });
    const [doc] = (await local.bulkGet({ docs: [{ id: 'reintento' }], revs: true })).results[0].docs.map((d) => (d as { ok: Doc }).ok);
    for (let i = 0; i < 2; i++) {
      const r = await agente.client.json('POST', '/db/captaciones/_bulk_docs', { docs: [doc], new_edits: false });
      expect(r.status).toBe(201);
      expect(r.body).toEqual([]);
    }
    const stored = await serverDoc('reintento');
    expect(stored._rev.startsWith('2-')).toBe(true);
    expect(stored.historial_estatus).toHaveLength(1);
  });

  it('live two-way sync settles: the stamped revision reaches the device and nothing loops', async () => {
    const local = localDb();
    const sync = local.sync(remoteDb(gw.url, 'captaciones', agente.cookie), { live: true, retry: true });
    try {
      await local.put({ ...sampleCaptacion(), _id: 'en-vivo' });
      await eventually(async () => ((await local.get('en-vivo')) as Doc).ultima_actualizacion?.usuario?.nombre === 'Persona De Prueba2', 'el sello llega al dispositivo');
      const settled = (await serverDoc('en-vivo'))._rev;
      await new Promise((r) => setTimeout(r, 600));
      expect((await serverDoc('en-vivo'))._rev).toBe(settled);
      expect(((await local.get('en-vivo')) as Doc)._rev).toBe(settled);
    } finally {
      sync.cancel();
    }
  });

  it('an admin may create a captación for another adviser and reassign one', async () => {
    const local = localDb();
    await local.put(cap('para-agente', agente.id));
    await push(local, admin);
    expect((await serverDoc('para-agente')).captacion.asesor).toBe(agente.id);
  });

  it('an offline edit made before a reassignment keeps the new adviser', async () => {
    await seed(gw.store, 'captaciones', [cap('disputada', agente.id)]);
    const device = await pullInto(gw, agente, 'captaciones');
    // Meanwhile an admin reassigns it.
    const office = await pullInto(gw, admin, 'captaciones');
    await office.put({ ...((await office.get('disputada')) as Doc), captacion: { ...((await office.get('disputada')) as Doc).captacion, asesor: admin.id } });
    await push(office, admin);
    // The agent's older edit arrives later.
    const mine = (await device.get('disputada')) as Doc;
    await device.put({ ...mine, tipo_tramite: 'Crédito' });
    const res = await push(device, agente);
    expect(res.doc_write_failures).toBe(0);
    const stored = await gw.store.db('captaciones').then((db) => db.getOpenRevs('disputada', 'all'));
    for (const leaf of stored) if ('ok' in leaf && !leaf.ok._deleted) expect((leaf.ok as Doc).captacion.asesor).toBe(admin.id);
  });
});

describe('deletions', () => {
  it('an admin’s deletion keeps the owner fields and reaches the supervisor’s filtered feed', async () => {
    await seed(gw.store, 'captaciones', [cap('del-sup', supervisor.id)]);
    const superDevice = await pullInto(gw, supervisor, 'captaciones');
    expect((await superDevice.get('del-sup'))._id).toBe('del-sup');

    const office = await pullInto(gw, admin, 'captaciones');
    await office.remove(await office.get('del-sup'));
    expect((await push(office, admin)).doc_write_failures).toBe(0);

    const tomb = await (await gw.store.db('captaciones')).getOpenRevs('del-sup', 'all');
    const leaf = (tomb[0] as { ok: Doc }).ok;
    expect(leaf).toMatchObject({ _deleted: true, type: 'captacion', captacion: { asesor: supervisor.id } });
    expect(leaf.propietario).toBeUndefined();

    await pull(superDevice, supervisor);
    await expect(superDevice.get('del-sup')).rejects.toMatchObject({ status: 404 });
  });
});

describe('deletions written without owner fields', () => {
  it('still reach people who read the whole database', async () => {
    await seed(gw.store, 'captaciones', [cap('del-servidor', agente.id)]);
    const device = await pullInto(gw, agente, 'captaciones');
    const db = await gw.store.db('captaciones');
    await db.remove('del-servidor', (await db.get('del-servidor'))._rev as string);
    await pull(device, agente);
    await expect(device.get('del-servidor')).rejects.toMatchObject({ status: 404 });
  });
});

describe('attachments', () => {
  it('a device never receives them, and its edit keeps the server’s attachment', async () => {
    await seed(gw.store, 'captaciones', [cap('con-adjunto', agente.id)]);
    const db = await gw.store.db('captaciones');
    await db.putAttachment('con-adjunto', 'plano.png', (await db.get('con-adjunto'))._rev as string, Buffer.from('89504e470d0a1a0a', 'hex'), 'image/png');

    const device = await pullInto(gw, agente, 'captaciones');
    const doc = (await device.get('con-adjunto')) as Doc;
    expect(doc._attachments).toBeUndefined();
    await device.put({ ...doc, tipo_tramite: 'Contado' });
    expect((await push(device, agente)).doc_write_failures).toBe(0);

    const stored = (await db.get('con-adjunto')) as Doc;
    expect(stored.tipo_tramite).toBe('Contado');
    expect(Object.keys(stored._attachments)).toEqual(['plano.png']);
    expect((await db.getAttachment('con-adjunto', 'plano.png')).data.toString('hex')).toBe('89504e470d0a1a0a');
  });
});
