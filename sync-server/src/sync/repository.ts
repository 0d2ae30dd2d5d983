/**
 * Data access of the replication endpoint: lookups the scope checks need, in one store call
 * per request rather than one per document.
 */
import { isNotFound, type BulkGetResult, type StoreDb, type StoreDoc } from '../store/port';

type BulkGetEntry = BulkGetResult['results'][number]['docs'][number];

const generation = (rev: string | undefined): number => Number.parseInt(String(rev), 10) || 0;

/**
 * CouchDB's winner among leaves: a live one before any deletion, then the longest history, then
 * the greater revision hash.
 */
export function winningLeaf(leaves: StoreDoc[]): StoreDoc | null {
  let best: StoreDoc | null = null;
  for (const leaf of leaves) {
    if (!best) {
      best = leaf;
      continue;
    }
    const [a, b] = [leaf, best];
    const byLife = Number(!a._deleted) - Number(!b._deleted);
    const byGen = generation(a._rev) - generation(b._rev);
    if (byLife > 0 || (byLife === 0 && (byGen > 0 || (byGen === 0 && String(a._rev) > String(b._rev))))) best = leaf;
  }
  return best;
}

const okDocs = (docs: BulkGetEntry[]): StoreDoc[] => docs.flatMap((e) => ('ok' in e ? [e.ok] : []));

/**
 * The winning leaf of each id as `_bulk_get` without a revision reports it: PouchDB answers the
 * winner alone (or `not_found`, reason `deleted`, for a deletion), CouchDB every leaf.
 */
async function bulkWinners(db: StoreDb, ids: string[]): Promise<Map<string, { doc: StoreDoc | null; deleted: boolean }>> {
  const unique = [...new Set(ids)];
  const out = new Map<string, { doc: StoreDoc | null; deleted: boolean }>();
  if (unique.length === 0) return out;
  const res = await db.bulkGet(unique.map((id) => ({ id })));
  for (const { id, docs } of res.results) {
    const doc = winningLeaf(okDocs(docs));
    const deleted = doc ? !!doc._deleted : docs.some((e) => 'error' in e && e.error.reason === 'deleted');
    out.set(id, { doc, deleted });
  }
  for (const id of unique) if (!out.has(id)) out.set(id, { doc: null, deleted: false });
  return out;
}

/** The current winning revision of each id (null when missing or deleted). */
export async function winners(db: StoreDb, ids: string[]): Promise<Map<string, StoreDoc | null>> {
  const out = new Map<string, StoreDoc | null>();
  for (const [id, { doc }] of await bulkWinners(db, ids)) out.set(id, doc && !doc._deleted ? doc : null);
  return out;
}

/**
 * The current winning revision of each id, a deletion's tombstone included (it keeps the owner
 * fields); null only when the id never existed.
 */
export async function currentWinners(db: StoreDb, ids: string[]): Promise<Map<string, StoreDoc | null>> {
  const out = new Map<string, StoreDoc | null>();
  const deletedWithoutBody: string[] = [];
  for (const [id, { doc, deleted }] of await bulkWinners(db, ids)) {
    out.set(id, doc);
    if (!doc && deleted) deletedWithoutBody.push(id);
  }
  // Deletions are few: their tombstones are read one by one.
  for (const id of deletedWithoutBody) {
    try {
      const leaves = (await db.getOpenRevs(id, 'all')).flatMap((e) => ('ok' in e ? [e.ok] : []));
      out.set(id, winningLeaf(leaves));
    } catch (e) {
      if (!isNotFound(e)) throw e;
    }
  }
  return out;
}

/** Specific revisions (`id` + `rev`), keyed `id\0rev`; missing ones are absent. */
export async function revisions(db: StoreDb, reqs: Array<{ id: string; rev: string }>): Promise<Map<string, StoreDoc>> {
  const out = new Map<string, StoreDoc>();
  if (reqs.length === 0) return out;
  const res = await db.bulkGet(reqs);
  for (const { docs } of res.results) {
    for (const entry of docs) if ('ok' in entry) out.set(`${entry.ok._id}\u0000${entry.ok._rev}`, entry.ok);
  }
  return out;
}

export const revKey = (id: string, rev: string): string => `${id}\u0000${rev}`;
