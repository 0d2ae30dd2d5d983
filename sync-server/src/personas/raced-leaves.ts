/**
 * On a CouchDB cluster a compare-and-swap is decided per copy: two operations writing a lock mark
 * on the same revision at once get one 201 and one 409, yet the refused write may stay on one copy
 * and come back as a second live leaf (a conflict), which can even win. Such a leaf is a stray:
 * nobody holds it. These helpers read every live leaf and drop the strays, so a refused mark never
 * resurrects a document or hands a lock to the operation that was refused. On one node (the
 * embedded store, a single CouchDB) a document never has more than one live leaf here.
 */
import type { StoreDb, StoreDoc } from '../store/port';
import { winningLeaf } from '../store/winner';

/** Every live leaf of the document (none when missing or deleted), the winner first. */
export async function liveLeaves(db: StoreDb, id: string): Promise<StoreDoc[]> {
  const leaves = (await db.getOpenRevs(id, 'all')).flatMap((r) => ('ok' in r && !r.ok._deleted ? [r.ok] : []));
  const winner = winningLeaf(leaves);
  return winner ? [winner, ...leaves.filter((l) => l !== winner)] : [];
}

/**
 * Deletes these leaves, keeping `type` on each tombstone as every deletion here does; one already
 * gone or changed meanwhile is left to whoever changed it.
 */
export async function dropLeaves(db: StoreDb, leaves: StoreDoc[]): Promise<void> {
  await Promise.all(leaves.map((l) => db.put({ _id: l._id, _rev: l._rev, _deleted: true, type: l.type }).catch(() => undefined)));
}
