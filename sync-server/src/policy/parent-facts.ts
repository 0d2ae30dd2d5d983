/**
 * The parents a child entity's writes name (couch-design/child-entity.ts, `WriteFacts.parents`):
 * each one's current winning revision, a deletion's tombstone included, in one store call per request.
 */
import type { Dict } from '../../../couch-design/helpers/values';
import type { Store } from '../store/port';
import { okDocs, winningLeaf } from '../store/winner';

export type ParentsReader = (database: string, ids: readonly string[]) => Promise<Map<string, Dict>>;

export function parentsFrom(store: Store): ParentsReader {
  return async (database, ids) => {
    const wanted = [...new Set(ids)].filter((id) => id !== '' && !id.startsWith('_'));
    const out = new Map<string, Dict>();
    if (!wanted.length) return out;
    const { results } = await (await store.db(database)).bulkGet(wanted.map((id) => ({ id })), { winnerAndLive: true });
    for (const { id, docs } of results) {
      const winner = winningLeaf(okDocs(docs));
      if (winner) out.set(id, winner);
    }
    return out;
  };
}
