/**
 * Data access of the replication endpoint: lookups the scope checks need, in one store call
 * per request rather than one per document.
 */
import type { StoreDb, StoreDoc } from '../store/port';

/** The current winning revision of each id (null when missing or deleted). */
export async function winners(db: StoreDb, ids: string[]): Promise<Map<string, StoreDoc | null>> {
  const unique = [...new Set(ids)];
  const out = new Map<string, StoreDoc | null>();
  if (unique.length === 0) return out;
  const res = await db.bulkGet(unique.map((id) => ({ id })));
  for (const { id, docs } of res.results) {
    const first = docs[0];
    out.set(id, first && 'ok' in first && !first.ok._deleted ? first.ok : null);
  }
  for (const id of unique) if (!out.has(id)) out.set(id, null);
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
