/**
 * Document reads of the replication protocol, scoped: `_bulk_get`, GET with `open_revs`, and
 * `_revs_diff`. A revision is readable when it is in the person's scope itself, or when the
 * document's current winner is (a conflicting or older revision of a document they may read;
 * refusing it would leave PouchDB unable to finish the batch). Anything else answers exactly
 * like a document that does not exist.
 */
import type { AuthUser } from '../auth/session-user';
import type { BulkGetRequest, BulkGetResult, OpenRevResult, StoreDb, StoreDoc } from '../store/port';
import { isNotFound } from '../store/port';
import { notFound } from './couch-http';
import { forDevice, isSpecialId, type SyncedDb } from './databases';
import { winners } from './repository';

type BulkGetEntry = BulkGetResult['results'][number]['docs'][number];

const missing = (id: string, rev: string | undefined): BulkGetEntry => ({
  error: { id, rev: rev ?? 'undefined', error: 'not_found', reason: 'missing' },
});

/** Ids whose winner is in scope, among those given. */
async function idsWithVisibleWinner(db: StoreDb, def: SyncedDb, user: AuthUser, ids: string[]): Promise<Set<string>> {
  const visible = new Set<string>();
  if (ids.length === 0) return visible;
  for (const [id, doc] of await winners(db, ids)) if (doc && def.inScope(user, doc)) visible.add(id);
  return visible;
}

export interface ReadOptions {
  revs: boolean;
  latest: boolean;
  attachments: boolean;
}

export async function scopedBulkGet(db: StoreDb, def: SyncedDb, user: AuthUser, reqs: BulkGetRequest[], opts: ReadOptions): Promise<BulkGetResult> {
  const asked: number[] = [];
  reqs.forEach((r, i) => {
    if (!isSpecialId(r.id)) asked.push(i);
  });
  const fetched = asked.length ? (await db.bulkGet(asked.map((i) => reqs[i]), opts)).results : [];
  // The store answers in request order, one result per request.
  const byIndex = new Map<number, BulkGetEntry[]>();
  asked.forEach((reqIndex, k) => byIndex.set(reqIndex, fetched[k]?.docs ?? [missing(reqs[reqIndex].id, reqs[reqIndex].rev)]));

  const doubtful = new Set<string>();
  for (const docs of byIndex.values()) {
    for (const e of docs) if ('ok' in e && !def.inScope(user, e.ok)) doubtful.add(e.ok._id);
  }
  const winnerVisible = await idsWithVisibleWinner(db, def, user, [...doubtful]);

  return {
    results: reqs.map((r, i) => {
      const docs = byIndex.get(i);
      if (!docs) return { id: r.id, docs: [missing(r.id, r.rev)] };
      return {
        id: r.id,
        docs: docs.map((e) => {
          if (!('ok' in e)) return e;
          return !def.inScope(user, e.ok) && !winnerVisible.has(e.ok._id) ? missing(r.id, e.ok._rev) : { ok: forDevice(e.ok) };
        }),
      };
    }),
  };
}

export async function scopedGet(
  db: StoreDb,
  def: SyncedDb,
  user: AuthUser,
  id: string,
  opts: ReadOptions & { rev?: string; conflicts: boolean },
): Promise<StoreDoc> {
  let doc: StoreDoc;
  try {
    doc = await db.get(id, { rev: opts.rev, revs: opts.revs, latest: opts.latest, conflicts: opts.conflicts, attachments: opts.attachments });
  } catch (e) {
    if (isNotFound(e)) throw notFound();
    throw e;
  }
  if (def.inScope(user, doc) || (await idsWithVisibleWinner(db, def, user, [id])).has(id)) return forDevice(doc);
  throw notFound();
}

export async function scopedOpenRevs(
  db: StoreDb,
  def: SyncedDb,
  user: AuthUser,
  id: string,
  openRevs: 'all' | string[],
  opts: ReadOptions,
): Promise<OpenRevResult[]> {
  let entries: OpenRevResult[];
  try {
    entries = await db.getOpenRevs(id, openRevs, opts);
  } catch (e) {
    if (isNotFound(e)) throw notFound();
    throw e;
  }
  const needWinner = entries.some((e) => 'ok' in e && !def.inScope(user, e.ok));
  const winnerVisible = needWinner && (await idsWithVisibleWinner(db, def, user, [id])).has(id);
  const visible = entries.map((e): OpenRevResult => {
    if (!('ok' in e)) return e;
    return !def.inScope(user, e.ok) && !winnerVisible ? { missing: e.ok._rev ?? '' } : { ok: forDevice(e.ok) };
  });
  if (openRevs === 'all' && !visible.some((e) => 'ok' in e)) throw notFound();
  return visible;
}

/**
 * Revisions the server lacks. For ids outside the scope every revision is reported missing, as
 * if the document did not exist: the answer must not tell which foreign revisions are stored.
 */
export async function scopedRevsDiff(
  db: StoreDb,
  def: SyncedDb,
  user: AuthUser,
  revs: Record<string, string[]>,
): Promise<Record<string, { missing: string[]; possible_ancestors?: string[] }>> {
  const ids = Object.keys(revs);
  const hidden = new Set(ids.filter(isSpecialId));
  if (!def.wholeDatabase(user)) {
    const lookup = ids.filter((id) => !hidden.has(id));
    const won = await winners(db, lookup);
    for (const id of lookup) {
      const w = won.get(id);
      // A deleted or unknown document reveals nothing: its revisions go to the store as they are.
      if (w && !def.inScope(user, w)) hidden.add(id);
    }
  }
  const asked: Record<string, string[]> = {};
  for (const id of ids) if (!hidden.has(id)) asked[id] = revs[id];
  const diff = Object.keys(asked).length ? await db.revsDiff(asked) : {};
  for (const id of hidden) if (revs[id].length) diff[id] = { missing: [...new Set(revs[id])] };
  return diff;
}
