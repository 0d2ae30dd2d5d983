/**
 * A device set's initial pull, listed by id (issue 34 item 4; docs/architecture.md «El conjunto
 * del dispositivo»). From `since=0` a store's feed reads every change of the database to find the
 * set's few (CouchDB's `_selector` feed as much as the embedded store's): the cost of the database,
 * not of the set. The gateway knows the set's ids, so it lists them itself: each page reads its
 * documents by id with every leaf (`_bulk_get`), the same rows a feed would give (every leaf for
 * `style=all_docs`, deletions included, the server's selector and the scope checked on the winner
 * as the feed does), then goes on with the store's feed from the sequence the listing began at,
 * so what changed meanwhile comes after. The cost grows with the set and with the changes since.
 *
 * A row's `seq` is a cursor of the gateway's own (`ids-…`: the store's sequence when the listing
 * began and the last id listed), which PouchDB keeps as its checkpoint and hands back as `since`:
 * an interrupted first pull goes on from the record after the last one it stored. A set that
 * changes moves the replication identity (server-info.ts), so a cursor is only ever continued
 * under the set it was listed from; one that reaches a database no longer listed by id starts its
 * feed over.
 */
import type { AuthUser } from '../http/actor';
import type { ChangeRow, StoreDb, StoreDoc } from '../store/port';
import { okDocs, winningLeaf } from '../store/winner';
import { matchesClientFilter, selectorMatcher, type ClientFilter } from './client-filter';
import { forDevice, type SyncedDb } from './databases';

const PREFIX = 'ids-';
/** Documents read per `_bulk_get` of a listing (a page of 2,000 rows is ten of them). */
const CHUNK = 200;

export interface Listing {
  /** The store's sequence when the listing began: its feed goes on from there. */
  seq: string;
  /** The last id listed; null before the first. */
  after: string | null;
}

/** The listing a `since` asks for: `0` begins one, a cursor goes on; null for a sequence of the store's. */
export function listingOf(since: string): Listing | 'begin' | null {
  if (since === '0' || since === '') return 'begin';
  if (!since.startsWith(PREFIX)) return null;
  try {
    const [seq, after] = JSON.parse(Buffer.from(since.slice(PREFIX.length), 'base64url').toString('utf8')) as unknown[];
    if (typeof seq === 'string' && (typeof after === 'string' || after === null)) return { seq, after };
  } catch {
    // Not one of ours: read as the start below.
  }
  return 'begin';
}

export const isListingCursor = (since: string): boolean => since.startsWith(PREFIX);

export const listingCursor = (l: Listing): string => PREFIX + Buffer.from(JSON.stringify([l.seq, l.after]), 'utf8').toString('base64url');

/** The first index in sorted `ids` past `after`. */
export function firstAfter(ids: readonly string[], after: string | null): number {
  if (after === null) return 0;
  let lo = 0;
  let hi = ids.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (ids[mid] <= after) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

export interface ListedPage {
  results: ChangeRow[];
  /** Where the listing stands after this page. */
  listing: Listing;
  /** Every id has been listed: the store's feed goes on from `listing.seq`. */
  done: boolean;
}

export interface ListRequest {
  limit: number;
  includeDocs: boolean;
  style?: 'main_only' | 'all_docs';
  filter: ClientFilter;
  signal: AbortSignal;
}

function rowOf(leaves: StoreDoc[], winner: StoreDoc, seq: string, req: ListRequest, def: SyncedDb): ChangeRow {
  const revs = req.style === 'all_docs' ? leaves.map((l) => String(l._rev)) : [String(winner._rev)];
  const row: ChangeRow = { id: winner._id, seq, changes: revs.map((rev) => ({ rev })) };
  if (winner._deleted) row.deleted = true;
  if (req.includeDocs) row.doc = forDevice(winner, def);
  return row;
}

/**
 * The rows of `ids` read by id with every leaf, in order, the same a feed would give; `seqOf` names
 * each row's cursor. Ids the store does not hold, or no longer in scope, give none.
 */
export async function rowsByIds(db: StoreDb, def: SyncedDb, user: AuthUser, ids: readonly string[], req: ListRequest, seqOf: (id: string) => string): Promise<ChangeRow[]> {
  if (!ids.length) return [];
  const selector = def.selector(user);
  const matches = selector ? selectorMatcher(selector) : () => false;
  const read = await db.bulkGet(ids.map((id) => ({ id })));
  const byId = new Map(read.results.map((r) => [r.id, okDocs(r.docs)]));
  const rows: ChangeRow[] = [];
  for (const id of ids) {
    const leaves = byId.get(id) ?? [];
    const winner = winningLeaf(leaves);
    if (!winner || !matches(winner) || !def.inScope(user, winner) || !matchesClientFilter(req.filter, winner)) continue;
    rows.push(rowOf(leaves, winner, seqOf(id), req, def));
  }
  return rows;
}

/**
 * Lists the set's records after `from`, a page at a time, until `limit` rows or the end of the
 * set; ids the store does not hold (or no longer in scope) are passed over.
 */
export async function listSet(db: StoreDb, def: SyncedDb, user: AuthUser, ids: readonly string[], from: Listing, req: ListRequest): Promise<ListedPage> {
  const results: ChangeRow[] = [];
  let listing = from;
  let next = firstAfter(ids, from.after);
  while (results.length < req.limit && next < ids.length && !req.signal.aborted) {
    const chunk: string[] = [];
    for (; next < ids.length && chunk.length < Math.min(CHUNK, req.limit - results.length); next++) {
      if (!req.filter.docIds || req.filter.docIds.has(ids[next])) chunk.push(ids[next]);
    }
    results.push(...(await rowsByIds(db, def, user, chunk, req, (id) => listingCursor({ seq: from.seq, after: id }))));
    // An empty chunk still moves the cursor to its end.
    if (next > 0) listing = { seq: from.seq, after: ids[next - 1] };
  }
  return { results, listing, done: next >= ids.length };
}
