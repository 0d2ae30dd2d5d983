/**
 * Data access of the replication endpoint: lookups the scope checks and the write policy need, in
 * one store call per request rather than one per document (the port's `bulkGet` without a
 * revision answers the winner and every live leaf, a deleted winner's tombstone included).
 */
import type { StoreDb, StoreDoc } from '../store/port';
import { okDocs, winningLeaf } from '../store/winner';

/**
 * The winner and every live leaf of each id (a deleted winner included; the tombstones of losing
 * leaves may be left out), with their revision paths when `revs`; [] for an id never written.
 */
export async function leavesByIds(db: StoreDb, ids: string[], opts: { revs?: boolean } = {}): Promise<Map<string, StoreDoc[]>> {
  const unique = [...new Set(ids)];
  const out = new Map<string, StoreDoc[]>();
  if (unique.length === 0) return out;
  const res = await db.bulkGet(unique.map((id) => ({ id })), { ...opts, winnerAndLive: true });
  for (const { id, docs } of res.results) out.set(id, okDocs(docs));
  for (const id of unique) if (!out.has(id)) out.set(id, []);
  return out;
}

/**
 * The current winning revision of each id, a deletion's tombstone included (it keeps the owner
 * fields); null only when the id never existed.
 */
export async function currentWinners(db: StoreDb, ids: string[]): Promise<Map<string, StoreDoc | null>> {
  const out = new Map<string, StoreDoc | null>();
  for (const [id, leaves] of await leavesByIds(db, ids)) out.set(id, winningLeaf(leaves));
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
