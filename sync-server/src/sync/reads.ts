/**
 * Document reads of the replication protocol, scoped: `_bulk_get`, GET with `rev` or `open_revs`,
 * and `_revs_diff`. Any revision of a document is readable when the document's current winner
 * (a deletion's tombstone included: it keeps the owner fields) is in the person's scope, and no
 * revision otherwise: a captación reassigned away takes its history with it. An id that is not
 * readable is answered without asking the store, exactly as an id that never existed, so the
 * answer tells nothing about what other people have.
 *
 * Ids go to the store in chunks with a turn of the event loop between them (chunks.ts).
 */
import type { AuthUser } from '../http/actor';
import type { BulkGetRequest, BulkGetResult, OpenRevResult, StoreDb, StoreDoc } from '../store/port';
import { isNotFound } from '../store/port';
import { inChunks } from './chunks';
import { notFound } from './couch-http';
import { forDevice, isSpecialId, type SyncedDb } from './databases';
import { currentWinners } from './repository';

type BulkGetEntry = BulkGetResult['results'][number]['docs'][number];
export type RevsDiff = Map<string, { missing: string[]; possible_ancestors?: string[] }>;

/** What CouchDB answers in `_bulk_get` for an id (or revision) it does not have. */
const missing = (id: string, rev: string | undefined): BulkGetEntry => ({
  error: { id, rev: rev ?? 'undefined', error: 'not_found', reason: 'missing' },
});

/** The ids, among those given, whose documents this person may read. */
async function readableIds(db: StoreDb, def: SyncedDb, user: AuthUser, ids: string[]): Promise<Set<string>> {
  const candidates = [...new Set(ids)].filter((id) => !isSpecialId(id));
  if (def.wholeDatabase(user)) return new Set(candidates);
  const readable = await inChunks(candidates, async (part) => {
    const won = await currentWinners(db, part);
    return part.filter((id) => def.inScope(user, won.get(id)));
  });
  return new Set(readable);
}

export interface ReadOptions {
  revs: boolean;
  latest: boolean;
  attachments: boolean;
}

export async function scopedBulkGet(db: StoreDb, def: SyncedDb, user: AuthUser, reqs: BulkGetRequest[], opts: ReadOptions): Promise<BulkGetResult> {
  const readable = await readableIds(db, def, user, reqs.map((r) => r.id));
  const asked = reqs.flatMap((r, i) => (readable.has(r.id) ? [i] : []));
  const answers = new Map<number, BulkGetEntry[]>();
  // Both adapters answer one result per request, in order, and a revision the document never had
  // as missing, `latest` or not (the embedded one without PouchDB's own bulkGet, which hangs on it).
  await inChunks(asked, async (part) => {
    const { results } = await db.bulkGet(part.map((i) => reqs[i]), opts);
    part.forEach((i, k) => answers.set(i, results[k]?.docs ?? [missing(reqs[i].id, reqs[i].rev)]));
  });
  return {
    results: reqs.map((r, i) => ({
      id: r.id,
      docs: (answers.get(i) ?? [missing(r.id, r.rev)]).map((e) => ('ok' in e ? { ok: forDevice(e.ok) } : e)),
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
    return forDevice(await db.get(id, { rev: opts.rev, revs: opts.revs, latest: opts.latest, conflicts: opts.conflicts, attachments: opts.attachments }));
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
    return (await db.getOpenRevs(id, openRevs, opts)).map((e): OpenRevResult => ('ok' in e ? { ok: forDevice(e.ok) } : e));
  } catch (e) {
    if (isNotFound(e)) throw notFound();
    throw e;
  }
}

/**
 * Revisions the server lacks. For an id that is not readable every revision is reported
 * missing, as for a document that does not exist.
 */
export async function scopedRevsDiff(db: StoreDb, def: SyncedDb, user: AuthUser, revs: Map<string, string[]>): Promise<RevsDiff> {
  const ids = [...revs.keys()];
  const readable = await readableIds(db, def, user, ids);
  const found: RevsDiff = new Map();
  await inChunks(
    ids.filter((id) => readable.has(id)),
    async (part) => {
      // Own properties only, whatever the ids are called (`constructor`, `toString`...).
      const diff = await db.revsDiff(Object.fromEntries(part.map((id) => [id, revs.get(id) as string[]])));
      for (const id of part) if (Object.hasOwn(diff, id)) found.set(id, diff[id]);
    },
  );
  const out: RevsDiff = new Map();
  for (const [id, asked] of revs) {
    const known = found.get(id);
    if (known) out.set(id, known);
    else if (!readable.has(id) && asked.length) out.set(id, { missing: asked });
  }
  return out;
}
