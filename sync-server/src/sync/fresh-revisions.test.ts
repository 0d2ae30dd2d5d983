/**
 * What a device just pushed reaches the other devices without the store being asked again
 * (fresh-revisions.ts, reads.ts): `_revs_diff` of a new revision and the `_bulk_get` every live
 * device sends for it are answered from the gateway's memory, exactly as the store answers them,
 * and only while that revision is the current one. And the store read a new document's upload
 * needs starts at its `_revs_diff` (creation-leaves.ts). A real gateway on a real store; the store
 * calls are counted on the database the replication functions are handed.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { sampleCaptacion } from '../../../couch-design/captacion/fixtures';
import type { AuthUser } from '../http/actor';
import { writeFactsReader } from '../policy/facts';
import { DocRepository } from '../store/doc-repository';
import { captacionesSyncedFor } from '../captaciones/synced';
import { CaptacionesDirectory } from '../captaciones/directory';
import type { StoreDb, StoreDoc } from '../store/port';
import { ROLES, signedIn } from '../testing/captaciones';
import { gatewayForFile } from '../testing/per-file';
import { eventually } from '../testing/eventually';
import { countingCalls } from '../testing/store';
import type { SyncedDb } from './databases';
import { CreationLeaves } from './creation-leaves';
import { FreshRevisions } from './fresh-revisions';
import { scopedBulkGet, scopedRevsDiff, type ReadOptions } from './reads';
import { scopedBulkDocs, type WriteDeps } from './writes';

const gw = gatewayForFile();
let db: StoreDb;
let dir: CaptacionesDirectory;
let def: SyncedDb;
let deps: WriteDeps;
/** Supervisors read only the captaciones they advise; an administrator reads them all. */
let supervisora: AuthUser;
let otraSupervisora: AuthUser;
let admin: AuthUser;
/** An adviser: a deleted captación stays deleted for her. */
let asesora: AuthUser;

const LIVE: ReadOptions = { revs: true, latest: true, attachments: false };

beforeAll(async () => {
  const people = await Promise.all([signedIn(gw, ROLES.supervisor), signedIn(gw, ROLES.supervisor), signedIn(gw, ROLES.admin), signedIn(gw, ROLES.user)]);
  const { sessionUsers } = gw.gateway.context;
  [supervisora, otraSupervisora, admin, asesora] = (await Promise.all(people.map((p) => sessionUsers.resolve(p.user.id)))) as AuthUser[];
  db = await gw.store.db('captaciones');
  dir = new CaptacionesDirectory(db);
  await dir.refresh();
  def = captacionesSyncedFor(dir);
  const facts = writeFactsReader({ usuarios: gw.gateway.context.usuarios, empleados: new DocRepository(await gw.store.db('empleados'), 'empleado') });
  deps = { store: gw.store, facts, fresh: new FreshRevisions(), ahead: new CreationLeaves() };
});

/** A new captación of `owner` as a device saves it: a first revision with its path. */
function saved(owner: AuthUser, nombre: string): StoreDoc {
  const hash = randomUUID().replaceAll('-', '');
  const c = sampleCaptacion({ propietario: { nombre }, captacion: { asesor: owner.id, fecha: '2030-02-01T00:00:00.000Z' } });
  return { ...c, _id: `fresca-${randomUUID()}`, _rev: `1-${hash}`, _revisions: { start: 1, ids: [hash] } };
}

/** `_revs_diff`, `_bulk_get` and their store calls, on the counted database. */
function counted() {
  const gets = countingCalls(db, 'bulkGet');
  const diffs = countingCalls(gets.db, 'revsDiff');
  return { db: diffs.db, calls: () => gets.calls() + diffs.calls() };
}

/** An answer as the device reads it, whether it came as the store's bytes or as an object. */
const asJson = (answer: unknown): unknown => JSON.parse(Buffer.isBuffer(answer) ? answer.toString() : JSON.stringify(answer));
/** Until the directory's feed shows another writer's revision (on a CouchDB cluster it may trail the write a moment). */
const feedShows = (id: string, rev: string | undefined) =>
  eventually(async () => {
    await dir.refresh();
    return dir.currentRevision(id) === rev;
  }, `el directorio muestra ${rev}`);
/**
 * A captación an administrator's device pushes, then edited by another writer (another gateway, or
 * REST) once this directory's feed shows that next revision.
 */
async function pushedThenEdited(nombre: string): Promise<{ doc: StoreDoc; next: { rev?: string } }> {
  const doc = saved(supervisora, nombre);
  expect(await scopedBulkDocs(deps, db, def, admin, [doc], false)).toEqual([]);
  const { _revisions: _path, ...body } = doc;
  const next = await db.put({ ...body, propietario: { ...(doc.propietario as object), nombre: `${nombre} Editada` } });
  await feedShows(doc._id, next.rev);
  return { doc, next };
}

const storeAnswer = async (user: AuthUser, id: string, rev: string, opts = LIVE) => asJson(await scopedBulkGet(db, def, user, [{ id, rev }], opts));

describe('a revision a device just pushed', () => {
  it('is missing for `_revs_diff` and served to live devices as the store serves it, with no store call', async () => {
    const doc = saved(supervisora, 'Fresca Recién Guardada');
    const c = counted();
    expect(Object.fromEntries(await scopedRevsDiff(c.db, def, supervisora, new Map([[doc._id, [doc._rev as string]]])))).toEqual({ [doc._id]: { missing: [doc._rev] } });
    expect(c.calls()).toBe(0);

    expect(await scopedBulkDocs(deps, db, def, admin, [doc], false)).toEqual([]);

    for (const [reader, opts] of [[supervisora, LIVE], [admin, LIVE], [admin, { ...LIVE, revs: false }]] as const) {
      const before = c.calls();
      const remembered = await scopedBulkGet(c.db, def, reader, [{ id: doc._id, rev: doc._rev }], opts, deps.fresh);
      expect(c.calls() - before).toBe(0);
      expect(asJson(remembered)).toEqual(await storeAnswer(reader, doc._id, doc._rev as string, opts));
    }
    // The store holds exactly what is served: path and stamps included.
    const [stored] = (await db.bulkGet([{ id: doc._id, rev: doc._rev }], { revs: true })).results[0].docs;
    expect('ok' in stored && stored.ok._revisions).toEqual(doc._revisions);

    // Held now: a whole-database reader is told so without the store.
    const before = c.calls();
    expect(Object.fromEntries(await scopedRevsDiff(c.db, def, admin, new Map([[doc._id, [doc._rev as string]]])))).toEqual({});
    expect(c.calls() - before).toBe(0);
  });

  it('is not served to a person whose scope does not hold it', async () => {
    const doc = saved(supervisora, 'Fresca Ajena');
    expect(await scopedBulkDocs(deps, db, def, admin, [doc], false)).toEqual([]);
    const answer = await scopedBulkGet(db, def, otraSupervisora, [{ id: doc._id, rev: doc._rev }], LIVE, deps.fresh);
    expect(answer).toEqual({ results: [{ id: doc._id, docs: [{ error: { id: doc._id, rev: doc._rev, error: 'not_found', reason: 'missing' } }] }] });
  });

  it('is read from the store once it is no longer the current revision', async () => {
    const { doc, next } = await pushedThenEdited('Fresca Superada');

    const c = counted();
    const answer = await scopedBulkGet(c.db, def, supervisora, [{ id: doc._id, rev: doc._rev }], LIVE, deps.fresh);
    expect(c.calls()).toBeGreaterThan(0);
    const served = asJson(answer) as { results: Array<{ docs: Array<{ ok: StoreDoc }> }> };
    expect(served.results[0].docs[0].ok._rev).toBe(next.rev);
  });
});

describe('a revision the store holds that the directory does not name', () => {
  it('may be called missing, and pushing it again writes nothing', async () => {
    const doc = saved(supervisora, 'Fresca Por Detrás');
    // Written behind this directory's back (another gateway, feed not read yet).
    await db.bulkDocs([doc], { new_edits: false });
    expect(dir.currentRevision(doc._id)).toBeNull();
    expect(Object.fromEntries(await scopedRevsDiff(db, def, supervisora, new Map([[doc._id, [doc._rev as string]]])))).toEqual({ [doc._id]: { missing: [doc._rev] } });

    expect(await scopedBulkDocs(deps, db, def, admin, [{ ...doc, propietario: { nombre: 'Otra Cosa' } }], false)).toEqual([]);
    const stored = await db.get(doc._id, { conflicts: true });
    expect(stored._rev).toBe(doc._rev);
    expect(stored._conflicts).toBeUndefined();
    expect((stored.propietario as { nombre: string }).nombre).toBe('Fresca Por Detrás');
  });

  it('is the store’s to answer when it is older than the current one, or before the directory has caught up', async () => {
    const { doc } = await pushedThenEdited('Fresca Antigua');
    const c = counted();
    expect(Object.fromEntries(await scopedRevsDiff(c.db, def, admin, new Map([[doc._id, [doc._rev as string]]])))).toEqual({});
    expect(c.calls()).toBeGreaterThan(0);

    const cold = captacionesSyncedFor(new CaptacionesDirectory(db));
    const d = counted();
    expect(Object.fromEntries(await scopedRevsDiff(d.db, cold, admin, new Map([[doc._id, [doc._rev as string]]])))).toEqual({});
    expect(d.calls()).toBeGreaterThan(0);
  });
});

describe('a new document pushed after its `_revs_diff`', () => {
  const diffThenPush = async (doc: StoreDoc, by = admin) => {
    const c = counted();
    await scopedRevsDiff(c.db, def, by, new Map([[doc._id, [doc._rev as string]]]), deps.ahead);
    const read = c.calls();
    const out = await scopedBulkDocs({ ...deps }, c.db, def, by, [doc], false);
    return { out, readAhead: read, readInPush: c.calls() - read };
  };

  it('is read from the store once, when `_revs_diff` answers, not again before it is written', async () => {
    const doc = saved(supervisora, 'Fresca Leída Antes');
    const { out, readAhead, readInPush } = await diffThenPush(doc);
    expect(out).toEqual([]);
    expect([readAhead, readInPush]).toEqual([1, 0]);
    expect((await db.get(doc._id))._rev).toBe(doc._rev);
  });

  it('is judged by what the store holds: a first revision cannot bring back a deleted captación', async () => {
    const doc = saved(asesora, 'Fresca Borrada');
    await db.bulkDocs([doc], { new_edits: false });
    const gone = await db.remove(doc._id, doc._rev as string);
    const { _rev: _r, _revisions: _p, ...body } = saved(asesora, 'Fresca Resucitada');
    const again = { ...body, _id: doc._id, _rev: `1-${'b'.repeat(32)}`, _revisions: { start: 1, ids: ['b'.repeat(32)] } };
    const { out, readAhead, readInPush } = await diffThenPush(again, asesora);
    expect([readAhead, readInPush]).toEqual([1, 0]);
    expect(out).toEqual([expect.objectContaining({ id: doc._id, error: 'forbidden' })]);
    const now = await db.bulkGet([{ id: doc._id }]);
    expect(now.results[0].docs.map((d) => ('ok' in d ? d.ok._rev : null))).toEqual([gone.rev]);
  });

  it('is read ahead a few pushes at a time, never a flood: the rest read inside their upload', async () => {
    let open = 0;
    let most = 0;
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const held = Object.create(db) as StoreDb;
    held.bulkGet = async (...args: Parameters<StoreDb['bulkGet']>) => {
      most = Math.max(most, ++open);
      await gate;
      open--;
      return db.bulkGet(...args);
    };
    const ahead = new CreationLeaves();
    const one = () => saved(supervisora, 'Fresca En Masa');
    const many = Array.from({ length: 201 }, one);
    await scopedRevsDiff(held, def, admin, new Map(many.map((d) => [d._id, [d._rev as string]])), ahead);
    expect(most).toBe(0);
    await Promise.all(Array.from({ length: 10 }, () => one()).map((d) => scopedRevsDiff(held, def, admin, new Map([[d._id, [d._rev as string]]]), ahead)));
    expect(most).toBe(4);
    release();
  });

  it('is read again when this gateway wrote that id meanwhile', async () => {
    const doc = saved(supervisora, 'Fresca Escrita Entre Medias');
    const c = counted();
    await scopedRevsDiff(c.db, def, admin, new Map([[doc._id, [doc._rev as string]]]), deps.ahead);
    expect(await scopedBulkDocs({ store: gw.store, facts: deps.facts }, db, def, admin, [doc], false)).toEqual([]);
    const before = c.calls();
    expect(await scopedBulkDocs({ ...deps }, c.db, def, admin, [doc], false)).toEqual([]);
    expect(c.calls() - before).toBe(1);
  });
});
