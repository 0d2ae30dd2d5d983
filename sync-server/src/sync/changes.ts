/**
 * The scoped `_changes` feed. The store filters with the server's selector only (trusted, never
 * merged with the client's), as CouchDB's own `_selector` pull does; rows that carry their
 * documents are checked again with the scope predicate, design documents never pass, and the
 * client's own narrowing is applied here. When rows are dropped the feed reads
 * on, so a client asking for `limit` rows gets `limit` rows unless it has caught up: PouchDB
 * takes a short page for the end of the feed.
 */
import type { Dict } from '../../../couch-design/helpers/values';
import type { AuthUser } from '../http/actor';
import type { ChangeRow, ChangesOptions, ChangesResult, MangoSelector, StoreDb } from '../store/port';
import { matchesClientFilter, type ClientFilter } from './client-filter';
import { forDevice, isSpecialId, type SyncedDb } from './databases';
import { MAX_CHANGES_ROWS } from './limits';
import { isListingCursor, listingCursor, listingOf, listSet } from './pull-by-id';
import { childCursor, childCursorOf, listChildren, markedFeed } from './pull-children';
import { sharedChanges, sharedWaitInFlight } from './shared-changes';

export interface ChangesRequest {
  since: string;
  limit?: number;
  includeDocs: boolean;
  style?: 'main_only' | 'all_docs';
  longpoll: boolean;
  /** Longpoll: how long to wait for a first change, ms. */
  timeoutMs: number;
  filter: ClientFilter;
  signal: AbortSignal;
  /**
   * Called once, just before a longpoll starts waiting for news: the request gives its turn back
   * (person-slots.ts). When given, the feed first looks without waiting, so the turn is held while
   * documents are read and not while nothing happens.
   */
  beforeWait?: () => void;
}

/** Store change feeds in flight: every one must end when its client goes (a leak shows here). */
let openUpstream = 0;
export const openUpstreamChanges = (): number => openUpstream;

/** A selector nothing matches: people with no scope still wait on a real (empty) feed. */
const NOTHING: MangoSelector = { _id: { $in: [] } };

/**
 * The store's selector: the server's, with `doc_ids` folded in when that is safe to merge. A
 * whole-database scope needs none (and so no document bodies, which the replication protocol
 * fetches afterwards with `_bulk_get` anyway).
 */
function storeSelector(def: SyncedDb, user: AuthUser, filter: ClientFilter): MangoSelector | undefined {
  const docIds = filter.docIds ? { _id: { $in: [...filter.docIds] } } : undefined;
  if (def.wholeDatabase(user)) return docIds;
  const server = def.selector(user);
  if (!server) return NOTHING;
  return docIds && !('_id' in server) ? { ...server, ...docIds } : server;
}

/**
 * The person's feed. A database narrowed to a device set of its own records lists the set by id
 * from the start of its pull, then follows the store's feed (pull-by-id.ts); any other reads the
 * store's feed from the start.
 */
export async function scopedChanges(db: StoreDb, def: SyncedDb, user: AuthUser, req: ChangesRequest): Promise<ChangesResult> {
  if (def.setChildren) return childChanges(db, def, user, req, def.setChildren);
  const asked = listingOf(req.since);
  if (!def.setIds || asked === null) {
    // A cursor of a listing this database no longer has (the set is gone): its feed from the start.
    return feedChanges(db, def, user, asked !== null && isListingCursor(req.since) ? { ...req, since: '0' } : req);
  }
  const limit = req.limit ?? MAX_CHANGES_ROWS;
  const from = asked === 'begin' ? { seq: (await db.info()).update_seq, after: null } : asked;
  const page = await listSet(db, def, user, def.setIds, from, { ...req, limit });
  if (!page.done || page.results.length >= limit || req.signal.aborted) return { results: page.results, last_seq: listingCursor(page.listing) };
  const rest = await feedChanges(db, def, user, { ...req, since: page.listing.seq, limit: limit - page.results.length, longpoll: req.longpoll && page.results.length === 0 });
  return { results: [...page.results, ...rest.results], last_seq: rest.last_seq };
}

/**
 * The children of a device set's parents: listed by id when the cursor is of another set (or none),
 * then the store's feed from the device's checkpoint, every sequence under the set's mark (pull-children.ts).
 */
async function childChanges(db: StoreDb, def: SyncedDb, user: AuthUser, req: ChangesRequest, set: NonNullable<SyncedDb['setChildren']>): Promise<ChangesResult> {
  const limit = req.limit ?? MAX_CHANGES_ROWS;
  const from = await childCursorOf(req.since, set.mark, async () => (await db.info()).update_seq);
  let listed: ChangeRow[] = [];
  let seq = from.seq;
  if (from.at) {
    const page = await listChildren(db, def, user, set.parents, { ...from, at: from.at }, { ...req, limit });
    if (page.cursor.at || page.results.length >= limit || req.signal.aborted) return { results: page.results, last_seq: childCursor(page.cursor) };
    listed = page.results;
    seq = page.cursor.seq;
  }
  const rest = markedFeed(await feedChanges(db, def, user, { ...req, since: seq, limit: limit - listed.length, longpoll: req.longpoll && listed.length === 0 }), set.mark);
  return { results: [...listed, ...rest.results], last_seq: rest.last_seq };
}

async function feedChanges(db: StoreDb, def: SyncedDb, user: AuthUser, req: ChangesRequest): Promise<ChangesResult> {
  const selector = storeSelector(def, user, req.filter);
  const whole = def.wholeDatabase(user);
  // The store applies the server's own selector; bodies are read only when the client wants them
  // (or narrows by its own selector), and then each row is checked against the scope once more.
  const narrow = def.narrowedTo;
  const needDocs = req.includeDocs || !!req.filter.selector || (!!narrow && narrow.field !== '_id');
  const deadline = Date.now() + req.timeoutMs;
  const results: ChangeRow[] = [];
  let cursor = req.since;

  for (;;) {
    const wanted = req.limit === undefined ? undefined : req.limit - results.length;
    const wait = req.longpoll && results.length === 0;
    const ask = (waiting: boolean): ChangesOptions => ({
      since: cursor,
      limit: wanted,
      selector,
      include_docs: needDocs,
      style: req.style,
      feed: waiting ? 'longpoll' : 'normal',
      timeout: waiting ? Math.max(0, deadline - Date.now()) : undefined,
      signal: req.signal,
    });
    const read = async (waiting: boolean): Promise<ChangesResult> => {
      openUpstream++;
      try {
        return await sharedChanges(db, ask(waiting));
      } finally {
        openUpstream--;
      }
    };
    // Someone already waits from this sequence: there is no news yet, so join them at once.
    const othersWait = wait && !!req.beforeWait && sharedWaitInFlight(db, ask(true));
    let page = othersWait ? { results: [], last_seq: cursor } : await read(wait && !req.beforeWait);
    if (wait && req.beforeWait && page.results.length === 0 && !req.signal.aborted) {
      req.beforeWait();
      page = await read(true);
    }
    cursor = page.last_seq;
    for (const row of page.results) {
      if (isSpecialId(row.id)) continue;
      if (narrow && !narrow.ids.has(narrow.field === '_id' ? row.id : String((row.doc as Dict | undefined)?.[narrow.field]))) continue;
      if (needDocs && (!row.doc || (!whole && !def.inScope(user, row.doc)))) continue;
      if (!matchesClientFilter(req.filter, row.doc ?? { _id: row.id })) continue;
      if (!req.includeDocs) delete row.doc;
      else if (row.doc) row.doc = forDevice(row.doc, def);
      results.push(row);
    }

    const caughtUp = wanted === undefined || page.results.length < wanted;
    if (req.limit !== undefined && results.length >= req.limit) break;
    if (req.signal.aborted) break;
    if (caughtUp) {
      // A longpoll whose only news was filtered out keeps waiting out its time.
      if (!wait || results.length > 0 || page.results.length === 0 || Date.now() >= deadline) break;
    }
  }
  return { results, last_seq: cursor };
}
