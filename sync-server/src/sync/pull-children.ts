/**
 * The children of a device set, listed by id (issue 34 item 4; docs/architecture.md «El conjunto
 * del dispositivo»). A child database narrowed to the children of the set's parents (photos and
 * visits of the set's captaciones) would find them by reading its store's feed from the start:
 * the cost of the database. The gateway knows the set's parents, so it lists their live children
 * through the relation's index by parent (couch-design/child-entity.ts), reads them by id with
 * every leaf (pull-by-id.ts) and then follows the store's feed.
 *
 * The replication identity of a child database leaves the set out (server-info.ts, `?hijos`): a
 * set that changes does not send the device's children back to a pull from zero, whose feed would
 * miss a deletion made before the pull began. The set's mark travels in the cursor instead
 * (`hijos-…`: the mark, the store's sequence and, while listing, the last parent and child
 * listed). A cursor of another mark (or a store's sequence, or `since=0`) lists the live children
 * of the current set, the device's revisions diff away what it holds, and then the feed goes on
 * from the device's own checkpoint, so every change since, deletions included, still comes. A
 * child that joined with its parent comes by the listing; a child of a parent that left is not
 * served, and the device drops it with its parent (pwa/src/lib/sync/device-set.ts).
 */
import type { AuthUser } from '../http/actor';
import type { ChangeRow, ChangesResult, StoreDb } from '../store/port';
import { findAgain } from '../policy/children';
import type { SyncedDb } from './databases';
import { firstAfter, rowsByIds, type ListRequest } from './pull-by-id';

const PREFIX = 'hijos-';
/** Children read per `_bulk_get`. */
const CHUNK = 200;
/**
 * Mango answers 25 rows unless told: far above a parent's children (photos are capped per
 * parent, visits are a few dozen), so one query finds them all; more is refused, not cut short.
 */
const MAX_CHILDREN = 10_000;

/** Where a child pull stands: listing after `parent`/`child` (`''` before the first), or following the feed (null). */
export interface ChildCursor {
  mark: string;
  seq: string;
  at: { parent: string; child: string } | null;
}

export const childCursor = (c: ChildCursor): string => PREFIX + Buffer.from(JSON.stringify([c.mark, c.seq, c.at && [c.at.parent, c.at.child]]), 'utf8').toString('base64url');

const START = { parent: '', child: '' };

/**
 * The cursor `since` stands for under the set's current `mark`: one of its own goes on; any other
 * lists the set's children again, then follows the feed from the device's checkpoint (a store's
 * sequence, or the sequence of a cursor of another mark); `0` or a cursor not of this module
 * lists from the store's sequence `now`.
 */
export async function childCursorOf(since: string, mark: string, now: () => Promise<string>): Promise<ChildCursor> {
  if (since.startsWith(PREFIX)) {
    try {
      const [m, seq, at] = JSON.parse(Buffer.from(since.slice(PREFIX.length), 'base64url').toString('utf8')) as unknown[];
      const listing = Array.isArray(at) && typeof at[0] === 'string' && typeof at[1] === 'string' ? { parent: at[0], child: at[1] } : null;
      if (typeof m === 'string' && typeof seq === 'string' && (listing || at === null)) return m === mark ? { mark, seq, at: listing } : { mark, seq, at: START };
    } catch {
      // Not one of ours: listed from now, below.
    }
  } else if (since !== '0' && since !== '' && !since.startsWith('ids-')) {
    return { mark, seq: since, at: START };
  }
  return { mark, seq: await now(), at: START };
}

/** The ids of a parent's live children of the feed's type, sorted. */
async function childIds(db: StoreDb, def: SyncedDb, parent: string): Promise<string[]> {
  const link = def.childOf;
  if (!link) return [];
  const { docs } = await findAgain(() =>
    db.find({ selector: { [link.field]: parent, type: link.docType }, fields: ['_id'], use_index: [link.byParent.ddoc, link.byParent.name], limit: MAX_CHILDREN + 1 }),
  );
  if (docs.length > MAX_CHILDREN) throw new Error(`Más de ${MAX_CHILDREN} ${link.database} de un registro.`);
  return docs.map((d) => d._id).sort();
}

export interface ChildPage {
  results: ChangeRow[];
  cursor: ChildCursor;
}

/** Lists the children of `parents` (sorted) from `from`, until `limit` rows or the last parent (`cursor.at` null). */
export async function listChildren(db: StoreDb, def: SyncedDb, user: AuthUser, parents: readonly string[], from: ChildCursor & { at: NonNullable<ChildCursor['at']> }, req: ListRequest): Promise<ChildPage> {
  const results: ChangeRow[] = [];
  const { mark, seq } = from;
  let at = from.at;
  // From the parent listed last (its children past the last one listed), or the first.
  const last = firstAfter(parents, at.parent || null);
  for (let i = last > 0 && parents[last - 1] === at.parent ? last - 1 : last; i < parents.length; i++) {
    if (results.length >= req.limit || req.signal.aborted) return { results, cursor: { mark, seq, at } };
    const parent = parents[i];
    const after = parent === at.parent ? at.child : '';
    const kids = (await childIds(db, def, parent)).filter((id) => id > after && (!req.filter.docIds || req.filter.docIds.has(id)));
    at = { parent, child: after };
    for (let k = 0; k < kids.length; ) {
      if (results.length >= req.limit || req.signal.aborted) return { results, cursor: { mark, seq, at } };
      const chunk = kids.slice(k, k + Math.min(CHUNK, req.limit - results.length));
      k += chunk.length;
      results.push(...(await rowsByIds(db, def, user, chunk, req, (id) => childCursor({ mark, seq, at: { parent, child: id } }))));
      at = { parent, child: chunk[chunk.length - 1] };
    }
  }
  return { results, cursor: { mark, seq, at: null } };
}

/**
 * The feed's page under the set's mark: each row's sequence and the last one as cursors of this
 * module. New rows: a feed's rows may be shared with other callers (shared-changes.ts).
 */
export function markedFeed(page: ChangesResult, mark: string): ChangesResult {
  const results = page.results.map((row) => ({ ...row, seq: childCursor({ mark, seq: String(row.seq), at: null }) }));
  return { ...page, results, last_seq: childCursor({ mark, seq: String(page.last_seq), at: null }) };
}
