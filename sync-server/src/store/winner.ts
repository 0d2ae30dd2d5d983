/**
 * CouchDB's choice among a document's leaves, for code that reads every leaf (`bulkGet` without
 * a revision): a live leaf before any deletion, then the longest history, then the greater hash.
 */
import type { BulkGetResult, StoreDoc } from './port';

const generation = (rev: string | undefined): number => Number.parseInt(String(rev), 10) || 0;

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

type BulkGetEntry = BulkGetResult['results'][number]['docs'][number];

/** The documents among a `_bulk_get` result's entries (its errors left out). */
export const okDocs = (docs: BulkGetEntry[]): StoreDoc[] => docs.flatMap((e) => ('ok' in e ? [e.ok] : []));
