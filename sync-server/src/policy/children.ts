/**
 * What a parent's deletion does to its children (couch-design/child-entity.ts): every live leaf
 * of every child is deleted, keeping the owner fields (`type` and the parent's field), so each
 * device that reads the parent is told through its feed. Read by the relation's index; a child
 * written meanwhile (a conflict) is found and deleted on the next round.
 */
import type { ChildLink } from '../../../couch-design/entity';
import type { Store, StoreDoc } from '../store/port';
import { okDocs, winningLeaf } from '../store/winner';

/** Children deleted per round, and rounds at most (a parent has a few dozen children, not thousands). */
const PAGE = 500;
const MAX_ROUNDS = 40;

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
          .map((leaf) => ({ _id: leaf._id, _rev: leaf._rev, _deleted: true, type: link.docType, [link.field]: leaf[link.field] })),
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
