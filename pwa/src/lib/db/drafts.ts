/**
 * Drafts of long forms (docs/architecture.md section 5): `_local/draft-<key>` documents in the person's
 * home database (databases.ts). `_local` documents never replicate, so a half-filled form stays on
 * the device; an index document lists the keys so a scope-change wipe can carry them over.
 */
import { getOrNull, type LocalDatabase } from './pouch';

export const DRAFT_PREFIX = '_local/draft-';
export const DRAFT_INDEX_ID = '_local/drafts-index';

interface DraftDoc<T> {
  _id: string;
  _rev?: string;
  value: T;
  savedAt: string;
}

interface DraftIndex {
  _id: string;
  _rev?: string;
  keys: string[];
}

/** Writes are serialised per database: `_local` docs still need the current `_rev`. */
const queues = new WeakMap<LocalDatabase, Promise<unknown>>();
function serial<T>(db: LocalDatabase, work: () => Promise<T>): Promise<T> {
  const next = (queues.get(db) ?? Promise.resolve()).catch(() => undefined).then(work);
  queues.set(db, next);
  return next;
}

async function updateIndex(db: LocalDatabase, change: (keys: Set<string>) => void): Promise<void> {
  const index = (await getOrNull<DraftIndex>(db, DRAFT_INDEX_ID)) ?? { _id: DRAFT_INDEX_ID, keys: [] };
  const keys = new Set(index.keys);
  const before = keys.size;
  change(keys);
  if (keys.size === before && index._rev) return;
  await db.put({ ...index, keys: [...keys] } as PouchDB.Core.PutDocument<object>);
}

export function saveDraftIn<T>(db: LocalDatabase, key: string, value: T): Promise<void> {
  return serial(db, async () => {
    const id = DRAFT_PREFIX + key;
    const existing = await getOrNull<DraftDoc<T>>(db, id);
    const doc: DraftDoc<T> = { _id: id, value, savedAt: new Date().toISOString() };
    if (existing?._rev) doc._rev = existing._rev;
    await db.put(doc as PouchDB.Core.PutDocument<object>);
    await updateIndex(db, (keys) => keys.add(key));
  });
}

export async function loadDraftIn<T>(db: LocalDatabase, key: string): Promise<T | null> {
  const doc = await getOrNull<DraftDoc<T>>(db, DRAFT_PREFIX + key);
  return doc ? doc.value : null;
}

export function clearDraftIn(db: LocalDatabase, key: string): Promise<void> {
  return serial(db, async () => {
    const doc = await getOrNull<DraftDoc<unknown>>(db, DRAFT_PREFIX + key);
    if (doc?._rev) await db.remove(doc._id, doc._rev);
    await updateIndex(db, (keys) => keys.delete(key));
  });
}

/** Every `_local` id a wipe must carry into the fresh database. */
export async function draftDocIds(db: LocalDatabase): Promise<string[]> {
  const index = await getOrNull<DraftIndex>(db, DRAFT_INDEX_ID);
  if (!index) return [];
  return [DRAFT_INDEX_ID, ...index.keys.map((k) => DRAFT_PREFIX + k)];
}
