/**
 * Document reads of the replication protocol, scoped: `_bulk_get`, GET with `rev` or `open_revs`,
 * and `_revs_diff`. Any revision of a document is readable when the document's current winner
 * (a deletion's tombstone included: it keeps the owner fields) is in the person's scope, and no
 * revision otherwise: a captación reassigned away takes its history with it. An id that is not
 * readable is answered exactly as an id that never existed, so the answer tells nothing about
 * what other people have.
 *
 * A client's `_bulk_get` goes to the store in one call, and the scope is checked on what comes
 * back: asked by id, the store answers every leaf, whose winner settles the scope (scopedLeaves).
 * For a person who reads the whole database there is nothing to check, and the store's answer
 * goes on as it came.
 */
import type { AuthUser } from '../http/actor';
import type { BulkGetRequest, BulkGetResult, OpenRevResult, StoreDb, StoreDoc } from '../store/port';
import { isNotFound } from '../store/port';
import { notFound } from './couch-http';
import { forDevice, isSpecialId, type SyncedDb } from './databases';
import { okDocs, winningLeaf } from '../store/winner';
import type { CreationLeaves } from './creation-leaves';
import type { FreshRevisions } from './fresh-revisions';
import { currentWinners } from './repository';
import { sharedBulkGetJson } from './shared-bulk-get';

type BulkGetEntry = BulkGetResult['results'][number]['docs'][number];
export type RevsDiff = Map<string, { missing: string[]; possible_ancestors?: string[] }>;

/** What CouchDB answers in `_bulk_get` for an id (or revision) it does not have. */
const missing = (id: string, rev: string | undefined): BulkGetEntry => ({
  error: { id, rev: rev ?? 'undefined', error: 'not_found', reason: 'missing' },
});

/** The ids, among those given, whose current winners this person may read. */
async function readableIds(db: StoreDb, def: SyncedDb, user: AuthUser, ids: string[]): Promise<Set<string>> {
  const candidates = [...new Set(ids)].filter((id) => !isSpecialId(id));
  if (def.wholeDatabase(user)) return new Set(candidates);
  const won = await currentWinners(db, candidates);
  return new Set(candidates.filter((id) => def.inScope(user, won.get(id))));
}

export interface ReadOptions {
  revs: boolean;
  latest: boolean;
  attachments: boolean;
}

/**
 * A scoped reader's `_bulk_get`: each id is asked once by id alone, for its winner and live leaves.
 * The winner settles the scope, and the revisions a replication asks for are nearly always leaves
 * (the winners themselves), answered from the same call; only the rest (an older revision, the
 * tombstone of a losing leaf, or every leaf when the device asked by id alone) are read afterwards.
 * The answers of the ids this person may not read are left out.
 */
async function scopedLeaves(db: StoreDb, def: SyncedDb, user: AuthUser, asked: BulkGetRequest[], opts: ReadOptions): Promise<Map<BulkGetRequest, BulkGetEntry[]>> {
  const ids = [...new Set(asked.map((r) => r.id))];
  const byId = new Map<string, BulkGetEntry[]>();
  const { results } = await db.bulkGet(ids.map((id) => ({ id })), { ...opts, winnerAndLive: true });
  for (const { id, docs } of results) byId.set(id, docs);
  const answers = new Map<BulkGetRequest, BulkGetEntry[]>();
  const later: BulkGetRequest[] = [];
  for (const r of asked) {
    const docs = byId.get(r.id) ?? [];
    const leaves = okDocs(docs);
    if (!def.inScope(user, winningLeaf(leaves))) continue;
    if (r.atts_since || r.rev === undefined) later.push(r);
    else {
      const leaf = leaves.find((l) => l._rev === r.rev);
      if (leaf) answers.set(r, [{ ok: leaf }]);
      else later.push(r);
    }
  }
  if (later.length > 0) {
    const { results: more } = await db.bulkGet(later, opts);
    later.forEach((r, k) => answers.set(r, more[k]?.docs ?? [missing(r.id, r.rev)]));
  }
  return answers;
}

/** A document of a database whose attachments stay on the server may still carry stubs (forDevice drops them). */
const ATTACHMENTS_KEY = Buffer.from('"_attachments"');

/**
 * The answers for revisions this gateway just wrote that are still the current ones, when every
 * revision asked is one of them (a live device asking for what its feed just told): no store read.
 * The scope is checked on that current revision, as scopedLeaves checks the winner.
 */
function freshAnswers(db: StoreDb, def: SyncedDb, user: AuthUser, asked: BulkGetRequest[], opts: ReadOptions, fresh: FreshRevisions | undefined): Map<BulkGetRequest, BulkGetEntry[]> | null {
  if (!fresh || !def.currentRevision || asked.length === 0) return null;
  const answers = new Map<BulkGetRequest, BulkGetEntry[]>();
  for (const r of asked) {
    if (r.rev === undefined || r.atts_since || def.currentRevision(r.id) !== r.rev) return null;
    const doc = fresh.at(db.name, r.id, r.rev);
    if (!doc) return null;
    if (!def.inScope(user, doc)) continue;
    const { _revisions: _path, ...plain } = doc;
    answers.set(r, [{ ok: opts.revs ? doc : plain }]);
  }
  return answers;
}

/** The answer as JSON bytes when it may go as the store gave it; BulkGetResult otherwise. */
export async function scopedBulkGet(
  db: StoreDb,
  def: SyncedDb,
  user: AuthUser,
  reqs: BulkGetRequest[],
  opts: ReadOptions,
  fresh?: FreshRevisions,
): Promise<BulkGetResult | Buffer> {
  const asked = reqs.filter((r) => !isSpecialId(r.id));
  const whole = def.wholeDatabase(user);
  const remembered = freshAnswers(db, def, user, asked, opts, fresh);
  if (remembered) return { results: reqs.map((r) => ({ id: r.id, docs: remembered.get(r) ?? [missing(r.id, r.rev)] })) };
  if (whole && asked.length === reqs.length) {
    const bytes = await sharedBulkGetJson(db, asked, opts);
    if (def.attachments || !bytes.includes(ATTACHMENTS_KEY)) return bytes;
  }
  let answers: Map<BulkGetRequest, BulkGetEntry[]>;
  if (whole) {
    const { results } = await db.bulkGet(asked, opts);
    // Both adapters answer one result per request, in order.
    answers = new Map(asked.map((r, k) => [r, results[k]?.docs ?? [missing(r.id, r.rev)]]));
  } else answers = await scopedLeaves(db, def, user, asked, opts);
  return {
    results: reqs.map((r) => ({
      id: r.id,
      docs: (answers.get(r) ?? [missing(r.id, r.rev)]).map((e) => ('ok' in e ? { ok: forDevice(e.ok, def) } : e)),
    })),
  };
}

export async function scopedGet(
  db: StoreDb,
  def: SyncedDb,
  user: AuthUser,
  id: string,
  opts: ReadOptions & { rev?: string; conflicts: boolean },
): Promise<StoreDoc> {
  if (!(await readableIds(db, def, user, [id])).has(id)) throw notFound();
  try {
    return forDevice(await db.get(id, { rev: opts.rev, revs: opts.revs, latest: opts.latest, conflicts: opts.conflicts, attachments: opts.attachments }), def);
  } catch (e) {
    if (isNotFound(e)) throw notFound();
    throw e;
  }
}

export async function scopedOpenRevs(
  db: StoreDb,
  def: SyncedDb,
  user: AuthUser,
  id: string,
  openRevs: 'all' | string[],
  opts: ReadOptions,
): Promise<OpenRevResult[]> {
  if (!(await readableIds(db, def, user, [id])).has(id)) {
    if (openRevs === 'all') throw notFound();
    return openRevs.map((rev) => ({ missing: rev }));
  }
  try {
    // A revision the document never had comes back as missing from either adapter.
    return (await db.getOpenRevs(id, openRevs, opts)).map((e): OpenRevResult => ('ok' in e ? { ok: forDevice(e.ok, def) } : e));
  } catch (e) {
    if (isNotFound(e)) throw notFound();
    throw e;
  }
}

const generation = (rev: string): number => parseInt(rev, 10);

/**
 * `_revs_diff` for one id without the store, from the revision the database's declaration knows
 * as current (`currentRevision`): a revision newer than it, or a first revision of a document it
 * knows nothing of, is missing (a device pushing what it just saved), and the current one is held
 * (told only to a person who reads the whole database). Anything else, or null, is the store's to
 * answer. Calling missing a revision the store does hold costs only its upload, never a write:
 * `_bulk_docs` skips the revisions the store already has.
 */
function diffFromMemory(def: SyncedDb, user: AuthUser, id: string, wanted: string[]): { missing: string[]; creation: boolean } | null {
  const current = isSpecialId(id) ? undefined : def.currentRevision?.(id);
  if (current === undefined) return null;
  const missing: string[] = [];
  for (const rev of wanted) {
    if (rev === current) {
      if (!def.wholeDatabase(user)) return null;
      continue;
    }
    const newer = current === null ? generation(rev) === 1 : generation(rev) > generation(current);
    if (!newer) return null;
    missing.push(rev);
  }
  return { missing, creation: current === null };
}

/**
 * Revisions the server lacks, in at most one store call (none when the declaration's current
 * revisions settle every id, diffFromMemory). For an id that is not readable every revision is
 * reported missing, as for a document that does not exist.
 */
export async function scopedRevsDiff(db: StoreDb, def: SyncedDb, user: AuthUser, revs: Map<string, string[]>, ahead?: CreationLeaves): Promise<RevsDiff> {
  const out: RevsDiff = new Map();
  const rest = new Map<string, string[]>();
  const created: string[] = [];
  for (const [id, wanted] of revs) {
    const known = diffFromMemory(def, user, id, wanted);
    if (!known) rest.set(id, wanted);
    else if (known.missing.length) {
      out.set(id, { missing: known.missing });
      if (known.creation) created.push(id);
    }
  }
  // The upload of these new documents comes next: its store read starts now (creation-leaves.ts).
  ahead?.readAhead(db, created);
  if (rest.size === 0) return out;
  const ids = [...rest.keys()];
  const readable = await readableIds(db, def, user, ids);
  const asked = ids.filter((id) => readable.has(id));
  // Own properties only, whatever the ids are called (`constructor`, `toString`...).
  const diff = asked.length ? await db.revsDiff(Object.fromEntries(asked.map((id) => [id, rest.get(id) as string[]]))) : {};
  for (const [id, wanted] of rest) {
    if (readable.has(id)) {
      if (Object.hasOwn(diff, id)) out.set(id, diff[id]);
    } else if (wanted.length) out.set(id, { missing: wanted });
  }
  return out;
}

/**
 * One attachment of a readable document (a property photo's thumbnail or original), from its
 * current revision: a photo's attachment never changes in its life, so the `rev` PouchDB may
 * name is the same bytes. Answered as missing when the document is not readable or has none.
 */
export async function scopedAttachment(db: StoreDb, def: SyncedDb, user: AuthUser, id: string, name: string): Promise<Buffer> {
  if (!def.attachments || !(await readableIds(db, def, user, [id])).has(id)) throw notFound();
  try {
    return (await db.getAttachment(id, name)).data;
  } catch (e) {
    if (isNotFound(e)) throw notFound();
    throw e;
  }
}
