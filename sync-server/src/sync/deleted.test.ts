import { beforeAll, describe, expect, it } from 'vitest';
import { sampleCaptacion } from '../../../couch-design/captacion/fixtures';
import { gatewayForFile } from '../testing/per-file';
import { deviceSetIds, localDb, openOnline, pullInto, remoteDb, seed, signedIn, type ClientDb, type Person } from '../testing/pouch-client';

/** Deleted stays deleted: only an admin deletes a captación or brings one back. */
const gw = gatewayForFile();
let admin: Person, asesor: Person;
type Doc = Record<string, any>;
const DELETED = 'La captación fue eliminada; solo un administrador puede restaurarla.';

beforeAll(async () => {
  admin = await signedIn(gw, 'Administrador');
  asesor = await signedIn(gw, 'asesor');
});

const cap = (id: string, asesorId: string) => ({ ...sampleCaptacion({ captacion: { asesor: asesorId } }), _id: id });
const push = (local: ClientDb, p: Person) => local.replicate.to(remoteDb(gw.url, 'captaciones', p.cookie));

async function leaves(id: string): Promise<Doc[]> {
  return (await (await gw.store.db('captaciones')).getOpenRevs(id, 'all')).flatMap((r) => ('ok' in r ? [r.ok as Doc] : []));
}
async function expectDeleted(id: string): Promise<void> {
  const all = await leaves(id);
  expect(all.length).toBeGreaterThan(0);
  expect(all.filter((l) => !l._deleted)).toEqual([]);
  expect((await admin.client.json('GET', `/api/captaciones/${id}`)).status).toBe(404);
}

/** The person's device set (issue 34): what their devices keep. */
const setOf = (p: Person): Promise<string[]> => deviceSetIds(gw, p);

/** A captación that the asesor's device holds (they opened it online), deleted since by an admin. */
async function deletedWhileHeld(id: string): Promise<ClientDb> {
  await seed(gw.store, 'captaciones', [cap(id, admin.id)]);
  expect(await openOnline(gw, asesor, [id])).toEqual([200]);
  const device = await pullInto(gw, asesor, 'captaciones');
  expect((await admin.client.json('DELETE', `/api/captaciones/${id}`)).status).toBe(200);
  return device;
}

async function pushRefused(local: ClientDb, p: Person): Promise<string[]> {
  const reasons: string[] = [];
  const rep = push(local, p);
  rep.on('denied', (e) => reasons.push((e as { reason: string }).reason));
  const res = await rep;
  expect(res.doc_write_failures).toBe(reasons.length);
  return reasons;
}

describe('a non-admin cannot bring a deleted captación back', () => {
  it('by pushing an edit of the revision it held before the deletion', async () => {
    const device = await deletedWhileHeld('vieja-1');
    const doc = (await device.get('vieja-1')) as Doc;
    await device.put({ ...doc, tipo_tramite: 'Contado' });
    expect(await pushRefused(device, asesor)).toEqual([DELETED]);
    await expectDeleted('vieja-1');
  });

  it('by writing it again from a device once the deletion took it off', async () => {
    const held = await deletedWhileHeld('encima-1');
    const old = (await held.get('encima-1')) as Doc;
    // Deleted, it leaves the device set, and the device drops it (pwa/src/lib/sync/device-set.ts).
    expect(await setOf(asesor)).not.toContain('encima-1');
    const device = localDb();
    const { _rev: _omit, ...content } = old;
    await device.put({ ...content, tipo_tramite: 'Contado' });
    expect(await pushRefused(device, asesor)).toEqual([DELETED]);
    await expectDeleted('encima-1');
  });

  it('by creating the id again through _bulk_docs, with or without new_edits', async () => {
    await deletedWhileHeld('otra-vez-1');
    const fresh = cap('otra-vez-1', asesor.id);
    const plain = await asesor.client.json('POST', '/db/captaciones/_bulk_docs', { docs: [fresh] });
    expect(plain.status).toBe(201);
    expect(plain.body).toEqual([{ id: 'otra-vez-1', error: 'forbidden', reason: DELETED }]);
    const rev = '1-0123456789abcdef0123456789abcdef';
    const replicated = await asesor.client.json('POST', '/db/captaciones/_bulk_docs', {
      new_edits: false,
      docs: [{ ...fresh, _rev: rev, _revisions: { start: 1, ids: [rev.slice(2)] } }],
    });
    expect(replicated.status).toBe(201);
    expect(replicated.body).toEqual([{ id: 'otra-vez-1', rev, error: 'forbidden', reason: DELETED }]);
    await expectDeleted('otra-vez-1');
  });

  it('through REST: a new captación never takes a deleted id, and a deleted one cannot be edited', async () => {
    await deletedWhileHeld('rest-1');
    const { _id: _omit, ...body } = cap('rest-1', asesor.id);
    const created = await asesor.client.json('POST', '/api/captaciones', { ...body, _id: 'rest-1' });
    expect(created.status).toBe(201);
    expect(created.body.captacion._id).not.toBe('rest-1');
    expect((await asesor.client.json('PUT', '/api/captaciones/rest-1', body)).status).toBe(404);
    await expectDeleted('rest-1');
  });
});

// Only a device that received the deletion can write on top of it, and only whole-scope devices
// receive deletions: a device set holds captaciones that exist (issue 34).
describe('with DISPOSITIVO_ALCANCE_COMPLETO=1, an admin', () => {
  const whole = gatewayForFile({ wholeScopeOnDevices: true });

  it('restores a deleted captación from a device, and other devices receive it again', async () => {
    const jefa = await signedIn(whole, 'Administrador');
    const otra = await signedIn(whole, 'asesor');
    const from = (local: ClientDb, p: Person) => local.replicate.from(remoteDb(whole.url, 'captaciones', p.cookie));
    await seed(whole.store, 'captaciones', [cap('restaurada-1', jefa.id)]);
    const other = await pullInto(whole, otra, 'captaciones');
    expect((await jefa.client.json('DELETE', '/api/captaciones/restaurada-1')).status).toBe(200);
    await from(other, otra);
    await expect(other.get('restaurada-1')).rejects.toMatchObject({ status: 404 });

    // The office device pulls the deletion and writes the record again on top of it.
    const { _id: _omit, ...content } = cap('restaurada-1', jefa.id);
    const held = await pullInto(whole, jefa, 'captaciones');
    await held.put({ ...content, _id: 'restaurada-1' });
    expect((await held.replicate.to(remoteDb(whole.url, 'captaciones', jefa.cookie))).doc_write_failures).toBe(0);

    const stored = (await (await whole.store.db('captaciones')).getOpenRevs('restaurada-1', 'all')).flatMap((r) => ('ok' in r ? [r.ok as Doc] : []));
    expect(stored.filter((l) => !l._deleted)).toHaveLength(1);
    await from(other, otra);
    expect(((await other.get('restaurada-1')) as Doc).propietario.nombre).toBe(sampleCaptacion().propietario.nombre);
  });
});
