/**
 * What the child-of relation (couch-design/child-entity.ts) reads and writes of a parent's
 * children, read by the relation's index:
 * - a parent's deletion deletes its children: every live leaf of every child, keeping the owner
 *   fields (`type` and the parent's field), so each device that reads the parent is told through
 *   its feed; a child written meanwhile (a conflict) is found and deleted on the next round;
 * - the live children of the parents a write names, for a rule over a parent's children (a
 *   maximum per parent, `WriteFacts.children`).
 */
import { childTombstone } from '../../../couch-design/child-entity';
import type { ChildLink } from '../../../couch-design/entity';
import type { Dict } from '../../../couch-design/helpers/values';
import type { ChildrenNamed } from '../../../couch-design/write-policy';
import type { Store, StoreDb, StoreDoc } from '../store/port';
import { okDocs, winningLeaf } from '../store/winner';

/** Children deleted per round, and rounds at most (a parent has a few dozen children, not thousands). */
const PAGE = 500;
const MAX_ROUNDS = 40;

/**
 * The embedded store's Mango index can fail a read that crosses a write of the same documents
 * (pouchdb-find reads a row whose document just changed): read again, a few times.
 */
export async function findAgain<T>(read: () => Promise<T>): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await read();
    } catch (e) {
      if (attempt >= 3) throw e;
    }
  }
}

/** Of these ids, the parents whose every leaf is deleted: deleting a conflict's losing branch deletes no parent. */
async function goneParents(store: Store, parent: string, ids: readonly string[]): Promise<string[]> {
  const { results } = await (await store.db(parent)).bulkGet([...new Set(ids)].map((id) => ({ id })), { winnerAndLive: true });
  return results.flatMap(({ id, docs }) => (winningLeaf(okDocs(docs))?._deleted === true ? [id] : []));
}

export async function deleteChildren(store: Store, links: readonly ChildLink[], deletedIds: readonly string[]): Promise<void> {
  if (!deletedIds.length) return;
  for (const link of links) {
    const parentIds = await goneParents(store, link.parent, deletedIds);
    if (!parentIds.length) continue;
    const db = await store.db(link.database);
    for (let round = 0; ; round++) {
      if (round >= MAX_ROUNDS) throw new Error(`Quedan ${link.database} de registros eliminados sin eliminar.`);
      const { docs } = await db.find({
        selector: { [link.field]: { $in: parentIds } },
        fields: ['_id'],
        use_index: [link.byParent.ddoc, link.byParent.name],
        limit: PAGE,
      });
      if (!docs.length) break;
      const { results } = await db.bulkGet(docs.map((d) => ({ id: d._id })), { winnerAndLive: true });
      const writes: StoreDoc[] = results.flatMap(({ docs: leaves }) =>
        okDocs(leaves)
          .filter((leaf) => leaf._deleted !== true && typeof leaf._rev === 'string')
          .map((leaf) => childTombstone(link, leaf) as StoreDoc),
      );
      if (writes.length) await db.bulkDocs(writes);
    }
  }
}

/** The live children of one parent, every one (a parent has a few dozen): what a REST answer about the parent shows of them. */
export async function childrenOf(store: Store, link: ChildLink, parentId: string): Promise<StoreDoc[]> {
  const db = await store.db(link.database);
  const { docs } = await db.find({ selector: { [link.field]: parentId }, use_index: [link.byParent.ddoc, link.byParent.name], limit: MAX_ROUNDS * PAGE });
  return docs;
}

/** The live children of these parents by parent id, with the fields asked (every parent has an entry), in one query. */
export type ChildrenReader = (named: ChildrenNamed, parentIds: readonly string[]) => Promise<Map<string, Dict[]>>;

export function childrenFrom(store: Store): ChildrenReader {
  return async (link, parentIds) => {
    const wanted = [...new Set(parentIds)].filter((id) => id !== '' && !id.startsWith('_'));
    const out = new Map<string, Dict[]>(wanted.map((id) => [id, []]));
    if (!wanted.length) return out;
    const db = await store.db(link.database);
    const { docs } = await findAgain(() =>
      db.find({
        selector: { [link.field]: { $in: wanted } },
        fields: [...new Set(['_id', link.field, ...link.fields])],
        use_index: [link.byParent.ddoc, link.byParent.name],
        // More than the maximum of each kind is already refused.
        limit: wanted.length * link.perParent + 10,
      }),
    );
    for (const d of docs) out.get(String(d[link.field]))?.push(d);
    return out;
  };
}

/**
 * The live child ids of one parent, read whole: what a maximum is counted on once stored. A race
 * can only pass the maximum by the documents of the requests racing, each at most `racing`, so
 * the read is bounded.
 */
export async function liveChildIds(db: StoreDb, link: ChildLink, parentId: string, racing: number): Promise<string[]> {
  const { docs } = await findAgain(() =>
    db.find({ selector: { [link.field]: parentId }, fields: ['_id'], use_index: [link.byParent.ddoc, link.byParent.name], limit: (link.perParent?.max ?? PAGE) * link.docTypes.length + 2 * racing }),
  );
  return docs.map((d) => d._id);
}
