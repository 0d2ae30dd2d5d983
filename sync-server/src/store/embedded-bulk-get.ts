/**
 * `_bulk_get` on PouchDB with CouchDB's answer: one result per request, in request order, a
 * revision the document never had answered as missing.
 *
 * Not PouchDB's own bulkGet, which is the replication's hottest read: per request it reads the
 * revision tree once for `open_revs` and again for `latest` before the body, and with `latest` it
 * throws outside its callback, keeping its read lock, for a revision the document never had, so
 * every call needed a `_revs_diff` first. Here each document is read once with its revision path
 * and conflicts; a document with a single leaf (nearly every one) answers every revision asked of
 * it from that read, and only the others read their leaves with `open_revs=all`. Measured on an
 * initial pull, about half the LevelDB reads of the gateway's whole pull path. A revision on another
 * branch than the winner's (a resolved conflict's tombstone) is found among every leaf.
 */
import type { PouchDatabase } from './pouchdb';
import { StoreError, type BulkGetOptions, type BulkGetRequest, type BulkGetResult, type StoreDoc } from './port';

type Entry = BulkGetResult['results'][number]['docs'][number];
interface Leaves {
  docs: StoreDoc[];
  /** Read as the winner alone: deleted losing leaves may be missing (leavesOf). */
  quick: boolean;
}

const missing = (id: string, rev: string | undefined): Entry => ({ error: { id, rev: rev ?? 'undefined', error: 'not_found', reason: 'missing' } });

// Read from the error as PouchDB throws it: building a StoreError (and its stack) per missing
// document cost a push of new documents more than reading them.
const isMissing = (e: unknown): boolean => (e as { status?: unknown } | null)?.status === 404 || (e instanceof StoreError && e.status === 404);

/** The revisions of a leaf's path, newest first. */
function pathOf(leaf: StoreDoc): string[] {
  const r = leaf._revisions;
  return r ? r.ids.map((hash, i) => `${r.start - i}-${hash}`) : [String(leaf._rev)];
}

/** The document as asked: its path only with `revs`, never the conflict lists read for our own use. */
function shaped(doc: StoreDoc, opts: BulkGetOptions): StoreDoc {
  const { _conflicts: _c, _deleted_conflicts: _d, ...out } = doc as StoreDoc & { _deleted_conflicts?: unknown };
  if (!opts.revs) delete out._revisions;
  return out;
}

/**
 * The document's leaves with their paths; null when the id never existed. When `quickAllowed`, a
 * live winner without live conflicts is read alone (`quick`): PouchDB lists no deleted losing
 * leaves (it has no `deleted_conflicts`), so such a read may lack the tombstone of a resolved
 * conflict, and a revision it does not hold is looked for again among every leaf (allLeavesOf).
 */
async function leavesOf(pouch: PouchDatabase, id: string, attachments: boolean, quickAllowed: boolean): Promise<Leaves | null> {
  if (!quickAllowed) {
    const docs = await allLeavesOf(pouch, id, attachments);
    return docs && { docs, quick: false };
  }
  try {
    const winner = await pouch.get(id, { revs: true, conflicts: true, attachments });
    if (!winner._conflicts?.length) return { docs: [winner], quick: true };
  } catch (e) {
    // A deleted winner reads as not found here; its tombstone is among the leaves below.
    if (!isMissing(e)) throw e;
  }
  const docs = await allLeavesOf(pouch, id, attachments);
  return docs && { docs, quick: false };
}

/** Every leaf, deletions included (`open_revs=all`); null when the id never existed. */
async function allLeavesOf(pouch: PouchDatabase, id: string, attachments: boolean): Promise<StoreDoc[] | null> {
  try {
    const all = await pouch.get<Array<{ ok: StoreDoc } | { missing: string }>>(id, { open_revs: 'all', revs: true, attachments });
    return all.flatMap((e) => ('ok' in e ? [e.ok] : []));
  } catch (e) {
    if (isMissing(e)) return null;
    throw e;
  }
}

/** What one revision request answers, given the document's leaves. */
async function answer(pouch: PouchDatabase, id: string, rev: string, read: Leaves | null, opts: BulkGetOptions): Promise<Entry[]> {
  if (!read) return [missing(id, rev)];
  let leaves = read.docs;
  let leaf = leaves.find((l) => l._rev === rev);
  if (!leaf && read.quick && !pathOf(leaves[0]).includes(rev)) {
    // A revision on another branch: the tombstone of a losing leaf, which the quick read cannot see.
    leaves = (await allLeavesOf(pouch, id, !!opts.attachments)) ?? [];
    leaf = leaves.find((l) => l._rev === rev);
  }
  if (leaf) return [{ ok: shaped(leaf, opts) }];
  const descendants = leaves.filter((l) => pathOf(l).includes(rev));
  if (descendants.length === 0) return [missing(id, rev)];
  if (opts.latest) return descendants.map((l) => ({ ok: shaped(l, opts) }));
  // An older revision itself: its body, unless compaction dropped it.
  try {
    return [{ ok: await pouch.get(id, { rev, revs: !!opts.revs, attachments: !!opts.attachments }) }];
  } catch (e) {
    if (isMissing(e)) return [missing(id, rev)];
    throw e;
  }
}

/**
 * The leaves a request without a revision answers: every leaf, as CouchDB's `open_revs=all`, unless
 * the caller said the winner and the live leaves are enough (`winnerAndLive`): then a quick read
 * (leavesOf) gives a live winner without the tombstones of losing leaves.
 */
function everyLeaf(read: Leaves | null, id: string, opts: BulkGetOptions): Entry[] {
  return read?.docs.length ? read.docs.map((l) => ({ ok: shaped(l, opts) })) : [missing(id, undefined)];
}

/** The ids among these that the database holds, deleted ones included. */
async function storedIds(pouch: PouchDatabase, ids: string[]): Promise<Set<string>> {
  const { rows } = await pouch.allDocs({ keys: ids });
  return new Set(rows.flatMap((r) => ('error' in r && r.error ? [] : [r.key])));
}

/** Documents read at once: a request of a thousand ids must not open a thousand LevelDB reads together. */
const SLICE = 100;

export async function bulkGet(pouch: PouchDatabase, reqs: BulkGetRequest[], opts: BulkGetOptions = {}): Promise<BulkGetResult> {
  const docs: Entry[][] = [];
  for (let i = 0; i < reqs.length; i += SLICE) {
    // Between slices every other request waiting on the event loop gets its turn.
    if (i > 0) await new Promise((resolve) => setImmediate(resolve));
    const slice = reqs.slice(i, i + SLICE);
    // Ids never stored (a push of new documents: nearly all of them) answer missing from one
    // index read, without the two document reads that would each fail.
    const stored = await storedIds(pouch, [...new Set(slice.map((r) => r.id))]);
    // A request by revision finds it on any branch (answer()), so only an id asked without one
    // needs every leaf read at once.
    const everyLeafAsked = new Set(opts.winnerAndLive ? [] : slice.filter((r) => r.rev === undefined).map((r) => r.id));
    const leaves = new Map<string, Promise<Leaves | null>>();
    for (const r of slice) {
      if (!leaves.has(r.id)) leaves.set(r.id, stored.has(r.id) ? leavesOf(pouch, r.id, !!opts.attachments, !everyLeafAsked.has(r.id)) : Promise.resolve(null));
    }
    docs.push(
      ...(await Promise.all(slice.map(async (r) => (r.rev === undefined ? everyLeaf(await leaves.get(r.id)!, r.id, opts) : answer(pouch, r.id, r.rev, await leaves.get(r.id)!, opts))))),
    );
  }
  return { results: reqs.map((r, i) => ({ id: r.id, docs: docs[i] })) };
}
