import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sampleCaptacion } from '../../../couch-design/captacion/fixtures';
import { createEmbeddedStore, MEMORY } from '../store/embedded';
import type { Store, StoreDb, StoreDoc } from '../store/port';
import { eventually } from '../testing/pouch-client';
import { searchTerms } from '../../../couch-design/helpers/search';
import { CaptacionesDirectory } from './directory';
import { DirectoryKeeper } from './directory-keeper';
import { loadSnapshot, saveSnapshot, SNAPSHOT_HEAD } from './directory-snapshot';

let store: Store;
let n = 0;

const doc = (id: string, day: number, asesor: string, nombre = `Dueño ${id}`): StoreDoc => {
  const c = sampleCaptacion({ propietario: { nombre } });
  const fecha = new Date(Date.UTC(2025, 0, 1) + day * 86_400_000).toISOString();
  return { ...c, _id: id, captacion: { ...c.captacion, fecha, asesor } };
};

/** A database of `count` captaciones, three advisers. */
async function database(count: number): Promise<StoreDb> {
  const db = await store.db(`snap_${n++}`);
  await db.bulkDocs(Array.from({ length: count }, (_, i) => doc(`c${String(i).padStart(4, '0')}`, i % 50, `a${i % 3}`)));
  return db;
}

async function built(db: StoreDb): Promise<CaptacionesDirectory> {
  const dir = new CaptacionesDirectory(db);
  await dir.refresh();
  return dir;
}

/** A directory that may not trust the saved snapshot reads the feed again, and lists what `saved` listed. */
async function expectReadFromFeed(db: StoreDb, saved: CaptacionesDirectory): Promise<void> {
  const rebuilt = await built(db);
  expect(rebuilt.progress().changeCount).toBeGreaterThan(0);
  expect(rebuilt.ids({}, true)).toEqual(saved.ids({}, true));
}

/** A directory of `db` that a keeper with these settings follows while `during` runs, and stops following after. */
async function kept(db: StoreDb, settings: ConstructorParameters<typeof DirectoryKeeper>[2], during: (dir: CaptacionesDirectory) => Promise<void>): Promise<void> {
  const dir = new CaptacionesDirectory(db);
  const keeper = new DirectoryKeeper(db, dir, settings);
  keeper.start();
  try {
    await during(dir);
  } finally {
    keeper.stop();
  }
}

beforeAll(() => {
  store = createEmbeddedStore(MEMORY, `snap${Date.now()}_`);
});
afterAll(() => store.close());

describe('directory snapshot', () => {
  it('lets a new directory start where the saved one was, reading no document again', async () => {
    const db = await database(450);
    const first = await built(db);
    expect(await saveSnapshot(db, first.snapshot(), 100)).toBe(true);

    const again = await built(db);
    expect(again.progress()).toEqual({ changeCount: 0, size: 450 });
    expect(again.ids({}, true)).toEqual(first.ids({}, true));
    expect(again.count({ asesor: 'a1' })).toBe(150);
    expect(again.ids({ terms: searchTerms('DUEÑO c0007') }, true)).toEqual(['c0007']);
  });

  it('catches up from the snapshot with what changed after it: edits, reassignments, deletions, new ones', async () => {
    const db = await database(300);
    await saveSnapshot(db, (await built(db)).snapshot(), 100);
    const moved = await db.get('c0001');
    await db.put({ ...moved, captacion: { ...(moved.captacion as object), asesor: 'a9', fecha: '2031-01-01T00:00:00.000Z' } });
    const gone = await db.get('c0002');
    await db.remove('c0002', gone._rev!);
    await db.put(doc('nueva', 70, 'a0', 'Zoila Quiñones'));

    const restored = await built(db);
    // An empty snapshot at sequence zero: the reference is built from every document.
    await saveSnapshot(db, { since: '0', entries: [] });
    const fromZero = await built(db);
    expect(restored.ids({}, true)).toEqual(fromZero.ids({}, true));
    expect(restored.ids({}, true)[0]).toBe('c0001');
    expect(restored.count()).toBe(300);
    expect(restored.count({ asesor: 'a9' })).toBe(1);
    expect(restored.ids({ terms: ['quinones'] }, true)).toEqual(['nueva']);
    expect(restored.ids({}, true)).not.toContain('c0002');
  });

  it('alternates between two sets of chunks, so the head never names a half-written one', async () => {
    const db = await database(250);
    const dir = await built(db);
    await saveSnapshot(db, dir.snapshot(), 100);
    const a = await db.getLocal(SNAPSHOT_HEAD);
    await db.put(doc('otra', 60, 'a1'));
    await dir.refresh();
    await saveSnapshot(db, dir.snapshot(), 100);
    const b = await db.getLocal(SNAPSHOT_HEAD);
    expect([a.slot, b.slot].sort()).toEqual(['a', 'b']);
    expect(b.chunks).toBe(3);
    expect((await loadSnapshot(db))?.entries).toHaveLength(251);
  });

  it('is not trusted when its chunks do not belong to its head, or another version computed it', async () => {
    const db = await database(200);
    const dir = await built(db);
    await saveSnapshot(db, dir.snapshot(), 100);
    const head = await db.getLocal(SNAPSHOT_HEAD);

    // A chunk from another save (a second gateway writing the same slot, a crash half way).
    const chunkId = `${SNAPSHOT_HEAD}-${String(head.slot)}1`;
    const chunk = await db.getLocal(chunkId);
    await db.putLocal({ ...chunk, token: 'otro' });
    expect(await loadSnapshot(db)).toBeNull();
    await db.putLocal({ ...(await db.getLocal(chunkId)), token: head.token });
    expect(await loadSnapshot(db)).not.toBeNull();

    // Search text folded by other code: the probe differs.
    await db.putLocal({ ...(await db.getLocal(SNAPSHOT_HEAD)), probe: '{"text":"otra forma"}' });
    expect(await loadSnapshot(db)).toBeNull();
    await expectReadFromFeed(db, dir);
  });

  it('is not caught up from a sequence the store does not know', async () => {
    const db = await database(40);
    const dir = await built(db);
    await saveSnapshot(db, { ...dir.snapshot(), since: 'no-es-una-secuencia' });
    await expectReadFromFeed(db, dir);
  });

  it('refuses entries out of order or repeated, whatever the head says', async () => {
    const db = await database(20);
    const dir = await built(db);
    const { since, entries } = dir.snapshot();
    await saveSnapshot(db, { since, entries: [entries[1], entries[0], ...entries.slice(2)] });
    expect(await loadSnapshot(db)).toBeNull();
    await saveSnapshot(db, { since, entries: [...entries, entries[entries.length - 1]] });
    expect(await loadSnapshot(db)).toBeNull();
    await saveSnapshot(db, { since, entries });
    expect((await loadSnapshot(db))?.entries).toEqual(entries);
  });
});

describe('directory keeper', () => {
  it('follows writes without any request, and saves the snapshot once they pause', async () => {
    const db = await database(30);
    await kept(db, { minEntries: 10, quietMs: 50 }, async (dir) => {
      await eventually(async () => dir.count() === 30, 'primera construcción');
      await db.put(doc('en-vivo', 80, 'a2', 'Recién Llegada'));
      // Nobody calls refresh: the keeper's longpoll woke on the write.
      await eventually(async () => dir.ids({ terms: ['recien'] }, true).length === 1, 'cambio seguido');
      await eventually(async () => (await loadSnapshot(db))?.entries.length === 31, 'instantánea guardada');
    });
    const next = await built(db);
    expect(next.progress().changeCount).toBe(0);
    expect(next.ids({}, true)[0]).toBe('en-vivo');
  });

  it('saves nothing for a directory small enough to rebuild at once', async () => {
    const db = await database(5);
    await kept(db, { minEntries: 10, quietMs: 10 }, async (dir) => {
      await eventually(async () => dir.count() === 5, 'construcción');
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(await loadSnapshot(db)).toBeNull();
    });
  });
});
