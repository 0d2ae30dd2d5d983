import { beforeAll, describe, expect, it } from 'vitest';
import { sampleCaptacion } from '../../couch-design/captacion/fixtures';
import { CHILD_MOVED } from '../../couch-design/child-entity';
import { deviceDatabases, ENTITIES } from '../../couch-design/entities';
import { NOTA, NOTA_AJENA } from '../../couch-design/testing/nota-entity';
import { gatewayForFile } from './testing/per-file';
import { deviceSetIds, ids, localDb, openOnline, pullInto, pushDenied, remoteDb, seed, signedIn, type ClientDb, type Person } from './testing/pouch-client';

/**
 * docs/architecture.md, sección 2, "Receta: una entidad hija", followed once: a child of captación
 * (couch-design/testing/nota-entity.ts, a declaration and its schema) added to the list of
 * declarations and nothing else is replicated with its parent's scope, refused where the parent
 * may not be edited, deleted with its parent (every leaf) and moved with it on reassignment,
 * without a revision of its own.
 */
const gw = gatewayForFile({ entities: [...ENTITIES, NOTA] });
let admin: Person, asesor: Person, sup: Person, sup2: Person;
type Doc = Record<string, any>;
const cap = (id: string, asesorId: string) => ({ ...sampleCaptacion({ captacion: { asesor: asesorId } }), _id: id });
const nota = (id: string, captacionId: string, texto = 'Llamar al dueño') => ({ _id: id, type: 'nota', captacionId, texto });

async function push(person: Person, docs: Doc[]): Promise<string[]> {
  const device = localDb();
  await device.bulkDocs(docs);
  return pushDenied(gw, person, 'notas', device);
}

async function notas(person: Person, device?: ClientDb): Promise<string[]> {
  return ids(await pullInto(gw, person, 'notas', device));
}

beforeAll(async () => {
  admin = await signedIn(gw, 'administrator');
  asesor = await signedIn(gw, 'asesor');
  sup = await signedIn(gw, 'supervisor', 'emp-sup-1');
  sup2 = await signedIn(gw, 'supervisor', 'emp-sup-2');
  await seed(gw.store, 'captaciones', [cap('c-sup', sup.id), cap('c-ase', asesor.id), cap('c-borrar', sup.id)]);
  // The admin and the asesor read every captación and opened these online: on their devices too (issue 34).
  for (const p of [admin, asesor]) await openOnline(gw, p, ['c-sup', 'c-ase', 'c-borrar']);
});

describe('a child entity from its declaration alone', () => {
  it('is written by whoever may edit its parent and read by whoever reads its parent', async () => {
    expect(await push(asesor, [nota('n-sup', 'c-sup'), nota('n-ase', 'c-ase'), nota('n-borrar', 'c-borrar')])).toEqual([]);
    expect(await notas(admin)).toEqual(['n-ase', 'n-borrar', 'n-sup']);
    expect(await notas(asesor)).toEqual(['n-ase', 'n-borrar', 'n-sup']);
    // A supervisor reads the notes of the captaciones they advise, nothing of the others.
    expect(await notas(sup)).toEqual(['n-borrar', 'n-sup']);
    expect(await notas(sup2)).toEqual([]);
    const other = remoteDb(gw.url, 'notas', sup2.cookie);
    await expect(other.get('n-sup')).rejects.toMatchObject({ status: 404 });
    expect(await other.revsDiff({ 'n-sup': ['1-abc'] })).toEqual({ 'n-sup': { missing: ['1-abc'] } });
    // The stored note is what the device wrote: nothing of its captación was copied onto it.
    const stored = await (await gw.store.db('notas')).get('n-sup');
    expect(Object.keys(stored).sort()).toEqual(['_id', '_rev', 'captacionId', 'texto', 'type']);
  });

  it('is refused where the parent may not be edited, is missing or would change, and checked by its schema', async () => {
    // A supervisor reads but never edits captaciones; no parent, no note.
    expect(await push(sup, [nota('n-de-sup', 'c-sup')])).toEqual([NOTA_AJENA]);
    expect(await push(asesor, [nota('n-huerfana', 'no-existe')])).toEqual([NOTA_AJENA]);
    expect(await push(asesor, [nota('n-vacia', 'c-ase', '   ')])).toEqual([expect.stringContaining('La nota no es válida: texto')]);
    expect(await push(asesor, [{ ...nota('n-extra', 'c-ase'), asesor: asesor.id }])).toEqual([expect.stringContaining('Campo no permitido: asesor.')]);
    // A note stays under the captación it was written for.
    const device = await pullInto(gw, asesor, 'notas');
    const doc = (await device.get('n-ase')) as Doc;
    await device.put({ ...doc, captacionId: 'c-sup' });
    expect(await pushDenied(gw, asesor, 'notas', device)).toEqual([CHILD_MOVED]);
    expect((await (await gw.store.db('notas')).get('n-ase')).captacionId).toBe('c-ase');
  });

  it('is deleted with its parent, every leaf, and leaves the devices that read it with its parent', async () => {
    const db = await gw.store.db('notas');
    // A conflict: a second live branch of the same note, written by another device.
    const other = 'b'.repeat(32);
    await db.bulkDocs([{ _id: 'n-borrar', _rev: `1-${other}`, _revisions: { start: 1, ids: [other] }, type: 'nota', captacionId: 'c-borrar', texto: 'Otra' }], { new_edits: false });
    expect((await db.bulkGet([{ id: 'n-borrar' }])).results[0].docs).toHaveLength(2);
    const supDevice = await pullInto(gw, sup, 'notas');
    expect(await ids(supDevice)).toContain('n-borrar');

    const res = await admin.client.json('DELETE', '/api/captaciones/c-borrar');
    expect(res.status).toBeLessThan(300);
    // The effects run before the answer: both leaves are deletions now, keeping their owner fields.
    const leaves = (await db.bulkGet([{ id: 'n-borrar' }])).results[0].docs;
    expect(leaves).toHaveLength(2);
    expect(leaves.every((l) => 'ok' in l && l.ok._deleted === true && l.ok.type === 'nota' && l.ok.captacionId === 'c-borrar')).toBe(true);
    // The deleted captación leaves the supervisor's device set, and its notes with it (the device
    // drops them, pwa/src/lib/sync/device-set.ts): a pull now holds none of them.
    expect(await deviceSetIds(gw, sup)).not.toContain('c-borrar');
    expect(await notas(sup)).not.toContain('n-borrar');
    // Writing a note of a deleted captación is refused.
    expect(await push(asesor, [nota('n-tarde', 'c-borrar')])).toEqual([NOTA_AJENA]);
  });

  it('moves with its parent on reassignment, with no revision of its own', async () => {
    const db = await gw.store.db('notas');
    const before = (await db.get('n-sup'))._rev;
    const office = await pullInto(gw, admin, 'captaciones');
    const doc = (await office.get('c-sup')) as Doc;
    await office.put({ ...doc, captacion: { ...doc.captacion, asesor: sup2.id } });
    expect((await office.replicate.to(remoteDb(gw.url, 'captaciones', admin.cookie))).doc_write_failures).toBe(0);

    // Both supervisors' replication identities moved: fresh pulls hold exactly the new scopes.
    expect(await notas(sup)).toEqual([]);
    expect(await notas(sup2)).toEqual(['n-sup']);
    expect((await db.get('n-sup'))._rev).toBe(before);
  });

  it('is a pushed database on the device, after its parent, with its names and index', async () => {
    const local = deviceDatabases([NOTA, ...ENTITIES]);
    const names = local.map((d) => d.name);
    expect(names.indexOf('notas')).toBeGreaterThan(names.indexOf('captaciones'));
    expect(local.find((d) => d.name === 'notas')).toMatchObject({ pushed: true, remotePath: '/db/notas', docType: 'nota', names: { one: 'nota', many: 'notas' } });
    const db = await gw.store.db('notas');
    const found = await db.find({ selector: { captacionId: 'c-ase' }, use_index: [NOTA.sync.childOf.byParent.ddoc, NOTA.sync.childOf.byParent.name], fields: ['_id'] });
    expect(found.docs.map((d) => d._id)).toEqual(['n-ase']);
  });
});
