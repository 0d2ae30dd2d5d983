/**
 * Read-your-writes in the directory (directory.ts): what this gateway stores is shown at once,
 * whatever a lagging feed says afterwards. The store is real (embedded); only the feed the
 * directory reads is held back or replays rows the store answered earlier, as a CouchDB shard copy
 * behind the write quorum does.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sampleCaptacion } from '../../../couch-design/captacion/fixtures';
import { searchTerms } from '../../../couch-design/helpers/search';
import { createEmbeddedStore } from '../store/embedded';
import type { Store, StoreDb, StoreDoc } from '../store/port';
import { CaptacionesDirectory, compareRevs } from './directory';
import { saveSnapshot } from './directory-snapshot';
import { LaggingFeed } from './lagging-feed';
import { captacionesSyncedFor } from './synced';

let store: Store;
let n = 0;

beforeAll(() => {
  store = createEmbeddedStore(':memory:', `propias${Date.now()}_`);
});
afterAll(() => store.close());

/** A fresh database per test: counts stay exact. */
const freshDb = (): Promise<StoreDb> => store.db(`captaciones${++n}`);

const captacion = (id: string, nombre: string, fecha = '2025-05-01T10:00:00.000Z', asesor = 'asesor-1'): StoreDoc => {
  const c = sampleCaptacion({ propietario: { nombre } });
  return { ...c, _id: id, captacion: { ...c.captacion, fecha, asesor } };
};

/** Writes like the gateway does and answers the stored revision. */
async function put(db: StoreDb, doc: StoreDoc): Promise<StoreDoc> {
  const res = await db.put(doc);
  return { ...doc, _rev: res.rev };
}

/** A directory on a fresh database, read once, whose feed then holds back every later change. */
async function heldDirectory(): Promise<{ db: StoreDb; feed: LaggingFeed; dir: CaptacionesDirectory }> {
  const db = await freshDb();
  const feed = new LaggingFeed(db);
  const dir = new CaptacionesDirectory(db, { changes: feed.changes });
  await dir.refresh();
  feed.held = true;
  return { db, feed, dir };
}

const names = (dir: CaptacionesDirectory, words: string): string[] => dir.ids({ terms: searchTerms(words) }, true);

describe('the directory shows the writes this gateway makes', () => {
  it('at once, while the feed still holds them back, and once when the feed delivers them', async () => {
    const db = await freshDb();
    const feed = new LaggingFeed(db);
    const dir = new CaptacionesDirectory(db, { changes: feed.changes });
    await put(db, captacion('antes', 'Ya Estaba', '2025-01-01T00:00:00.000Z'));
    await dir.refresh();
    feed.held = true;

    const saved = await put(db, captacion('nueva', 'Recién Guardada', '2025-06-01T00:00:00.000Z', 'asesor-2'));
    dir.applyOwnWrites([saved]);
    await dir.refresh();
    expect(dir.ids({}, true)).toEqual(['nueva', 'antes']);
    expect(dir.count({ asesor: 'asesor-2' })).toBe(1);

    feed.held = false;
    await dir.refresh();
    expect(dir.ids({}, true)).toEqual(['nueva', 'antes']);
    expect(dir.count()).toBe(2);
    expect(dir.count({ asesor: 'asesor-2' })).toBe(1);
  });

  it('keeps a newer own write when a lagging copy then delivers the older revision', async () => {
    const { db, feed, dir } = await heldDirectory();
    const from = dir.position();

    const v1 = await put(db, captacion('c1', 'Nombre Anterior', '2025-02-01T00:00:00.000Z', 'asesor-1'));
    dir.applyOwnWrites([v1]);
    // What a copy that has only the first revision answers.
    const older = await feed.capture(from);
    const v2 = await put(db, { ...v1, captacion: { ...(v1.captacion as object), fecha: '2025-09-09T00:00:00.000Z', asesor: 'asesor-2' }, propietario: { nombre: 'Nombre Nuevo' } });
    dir.applyOwnWrites([v2]);
    expect(compareRevs(v2._rev as string, v1._rev as string)).toBeGreaterThan(0);

    feed.serveNext(older);
    await dir.refresh();
    expect(names(dir, 'nuevo')).toEqual(['c1']);
    expect(names(dir, 'anterior')).toEqual([]);
    expect(dir.count({ asesor: 'asesor-1' })).toBe(0);
    expect(dir.count({ asesor: 'asesor-2' })).toBe(1);

    // The first revision's own write arriving late (a slow answer) changes nothing either.
    dir.applyOwnWrites([v1]);
    expect(names(dir, 'nuevo')).toEqual(['c1']);

    feed.held = false;
    await dir.refresh();
    feed.serveNext(older);
    await dir.refresh();
    expect(names(dir, 'nuevo')).toEqual(['c1']);
    expect(dir.count()).toBe(1);
  });

  it('keeps a deletion made here deleted when an older change of the document arrives', async () => {
    const db = await freshDb();
    const feed = new LaggingFeed(db);
    const dir = new CaptacionesDirectory(db, { changes: feed.changes });
    await dir.refresh();
    const from = dir.position();
    const v1 = await put(db, captacion('borrada', 'Por Borrar'));
    await put(db, captacion('queda', 'Se Queda', '2025-01-01T00:00:00.000Z'));
    const older = await feed.capture(from);
    await dir.refresh();
    expect(dir.count()).toBe(2);

    feed.held = true;
    const gone = await put(db, { _id: 'borrada', _rev: v1._rev, _deleted: true, type: 'captacion' });
    dir.applyOwnWrites([gone]);
    expect(dir.ids({}, true)).toEqual(['queda']);

    feed.serveNext(older);
    await dir.refresh();
    expect(dir.ids({}, true)).toEqual(['queda']);
    expect(names(dir, 'borrar')).toEqual([]);

    feed.held = false;
    await dir.refresh();
    feed.serveNext(older);
    await dir.refresh();
    expect(dir.ids({}, true)).toEqual(['queda']);
    expect(dir.count()).toBe(1);
  });

  it('shows what another gateway wrote after it once the feed delivers it', async () => {
    const { db, feed, dir } = await heldDirectory();
    const mine = await put(db, captacion('compartida', 'Escrita Aqui'));
    dir.applyOwnWrites([mine]);
    // Another gateway edits it next: this one only hears of it through the feed.
    await put(db, { ...mine, propietario: { nombre: 'Escrita Alla' } });
    await dir.refresh();
    expect(names(dir, 'aqui')).toEqual(['compartida']);

    feed.held = false;
    await dir.refresh();
    expect(names(dir, 'alla')).toEqual(['compartida']);
    expect(names(dir, 'aqui')).toEqual([]);
    // Our own answer arriving after that does not take it back.
    dir.applyOwnWrites([mine]);
    expect(names(dir, 'alla')).toEqual(['compartida']);
    expect(dir.count()).toBe(1);
  });

  it('shows the live conflicting leaf when a deletion made here only removed the winning one', async () => {
    const db = await freshDb();
    const dir = new CaptacionesDirectory(db);
    const base = captacion('en-conflicto', 'Rama Comun');
    await db.bulkDocs(
      [
        { ...base, _rev: '2-aaaa', _revisions: { start: 2, ids: ['aaaa', 'raiz'] }, propietario: { nombre: 'Rama Perdedora' } },
        { ...base, _rev: '2-ffff', _revisions: { start: 2, ids: ['ffff', 'raiz'] }, propietario: { nombre: 'Rama Ganadora' } },
      ] as StoreDoc[],
      { new_edits: false },
    );
    await dir.refresh();
    expect(names(dir, 'ganadora')).toEqual(['en-conflicto']);

    const gone = await put(db, { _id: 'en-conflicto', _rev: '2-ffff', _deleted: true, type: 'captacion' });
    dir.applyOwnWrites([gone]);
    expect(dir.count()).toBe(0);
    // The store's winner is now the other, live, branch: the feed's row names the deletion among its leaves.
    await dir.refresh();
    expect(names(dir, 'perdedora')).toEqual(['en-conflicto']);
    expect(dir.count()).toBe(1);
  });

  it('reads back a pin the feed never resolves', async () => {
    const db = await freshDb();
    const feed = new LaggingFeed(db);
    const dir = new CaptacionesDirectory(db, { changes: feed.changes, pinMs: 0 });
    const stored = await put(db, captacion('leida', 'Lo Guardado'));
    await dir.refresh();
    feed.held = true;
    // A state the store never kept (say, a branch that lost): the feed will not show it.
    dir.applyOwnWrites([{ ...stored, _rev: '9-ffff', propietario: { nombre: 'Lo Imaginado' } }]);
    expect(names(dir, 'imaginado')).toEqual(['leida']);
    await dir.refresh();
    expect(names(dir, 'guardado')).toEqual(['leida']);
    expect(names(dir, 'imaginado')).toEqual([]);
  });

  it('keeps a write made before its first catch-up when it starts from a snapshot', async () => {
    const db = await freshDb();
    await put(db, captacion('vieja', 'De Antes', '2025-01-01T00:00:00.000Z'));
    const first = new CaptacionesDirectory(db);
    await first.refresh();
    await saveSnapshot(db, first.snapshot());

    const feed = new LaggingFeed(db);
    feed.held = true;
    const dir = new CaptacionesDirectory(db, { changes: feed.changes });
    dir.applyOwnWrites([await put(db, captacion('temprana', 'Al Arrancar', '2025-03-01T00:00:00.000Z'))]);
    await dir.refresh();
    expect(dir.ids({}, true)).toEqual(['temprana', 'vieja']);
    expect(dir.count()).toBe(2);
  });
});

describe('confirm: a person\'s own writes made through another gateway', () => {
  it('reads the revisions the directory does not show yet, and only those', async () => {
    const { db, feed, dir } = await heldDirectory();
    // Written through "another gateway": straight into the store, not applied here.
    const elsewhere = await put(db, captacion('de-otra', 'Otra Pasarela'));
    await dir.refresh();
    expect(dir.count()).toBe(0);

    await dir.confirm([{ id: elsewhere._id, rev: elsewhere._rev as string }]);
    expect(names(dir, 'pasarela')).toEqual(['de-otra']);

    // Deleted elsewhere too: the deletion's revision is read back, and the entry goes.
    const gone = await put(db, { _id: 'de-otra', _rev: elsewhere._rev, _deleted: true, type: 'captacion' });
    await dir.confirm([{ id: 'de-otra', rev: gone._rev as string }]);
    expect(dir.count()).toBe(0);

    // What it already shows costs no read; an id that never existed changes nothing.
    await dir.confirm([{ id: 'de-otra', rev: gone._rev as string }, { id: 'nunca', rev: '1-abc' }]);
    expect(dir.count()).toBe(0);
    feed.held = false;
    await dir.refresh();
    expect(dir.count()).toBe(0);
  });
});

describe('revisions devices store through this gateway (captacionesSyncedFor)', () => {
  it('are shown at once, as the replication endpoint reports them', async () => {
    const { db, feed, dir } = await heldDirectory();
    const pushed = { ...captacion('del-dispositivo', 'Capturada Sin Senal'), _rev: '1-abcdef', _revisions: { start: 1, ids: ['abcdef'] } } as StoreDoc;
    expect(await db.bulkDocs([pushed], { new_edits: false })).toEqual([]);
    captacionesSyncedFor(dir).stored([pushed]);
    expect(names(dir, 'senal')).toEqual(['del-dispositivo']);
    feed.held = false;
    await dir.refresh();
    expect(dir.count()).toBe(1);
  });
});

describe('the directory reads back only what it does not already show', () => {
  it("settles this gateway's own writes and deletions by their revision, and reads the bodies of others' writes", async () => {
    const db = await freshDb();
    const withBodies: string[] = [];
    const dir = new CaptacionesDirectory(db, {
      changes: async (opts) => {
        const res = await db.changes(opts);
        if (opts.include_docs) withBodies.push(...res.results.map((r) => r.id));
        return res;
      },
    });
    await dir.refresh();

    const own = await Promise.all(['propia-1', 'propia-2', 'propia-3'].map((id, i) => put(db, captacion(id, `Propia ${i}`))));
    dir.applyOwnWrites(own);
    const gone = await db.put({ _id: own[0]._id, _rev: own[0]._rev, _deleted: true });
    dir.applyOwnWrites([{ _id: own[0]._id, _rev: gone.rev, _deleted: true }]);
    await dir.refresh();
    expect(withBodies).toEqual([]);
    expect(dir.ids({}, true).sort()).toEqual(['propia-2', 'propia-3']);

    await put(db, captacion('ajena', 'Escrita Por Otro Gateway'));
    await dir.refresh();
    expect(withBodies).toEqual(['ajena']);
    expect(names(dir, 'otro gateway')).toEqual(['ajena']);
  });
});
