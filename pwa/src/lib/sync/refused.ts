/**
 * A document the gateway refused for good (`forbidden`, issue 18 item 2): the device takes the
 * server's state of it and keeps what the person typed apart, as a rejected change.
 *
 * Without this, the refused revision stayed the local winner: a captación an admin deleted
 * stayed alive on the tablet (a live leaf beats the server's deletion), an invalid edit hid the
 * server's revision, and every later push (a new replication id, a new edit on top) was refused
 * again. So, for the refused document:
 * 1. its leaves the server does not have are kept in the rejected-changes record (db/rejected.ts);
 * 2. the server's leaves are read through the gateway (none: deleted for good, out of the
 *    person's scope now, or never accepted);
 * 3. every local leaf is purged and the server's leaves are written as they are
 *    (`new_edits:false`). A purge is local only: nothing of it is ever pushed, unlike a deletion,
 *    which the gateway would refuse again (only admins delete) or, worse, accept.
 * Purging every leaf, not only the refused one, and writing the server's back gives the document
 * a new local sequence: the screens and the pending count see the change like any pulled one.
 */
import type { LocalDatabase } from '../db/pouch';
import { addRejectedIn, markRejectedSettledIn, type RejectedChange } from '../db/rejected';

export interface Refusal {
  id: string;
  /** The refused revision, when the gateway named it. */
  rev?: string;
  reason: string;
}

type Leaf = Record<string, unknown> & { _id: string; _rev: string; _deleted?: boolean; _revisions?: { start: number; ids: string[] } };

/** The `denied` event of a PouchDB push, as a refusal; null when it names no document. */
export function refusalOf(err: unknown): Refusal | null {
  const e = (err ?? {}) as { id?: unknown; rev?: unknown; reason?: unknown; message?: unknown };
  if (typeof e.id !== 'string' || !e.id) return null;
  const reason = typeof e.reason === 'string' && e.reason ? e.reason : typeof e.message === 'string' && e.message ? e.message : 'forbidden';
  return { id: e.id, ...(typeof e.rev === 'string' ? { rev: e.rev } : {}), reason };
}

async function leavesOf(db: LocalDatabase, id: string): Promise<Leaf[]> {
  try {
    const rows = (await db.get(id, { open_revs: 'all', revs: true })) as unknown as Array<{ ok?: Leaf }>;
    return rows.flatMap((r) => (r.ok ? [r.ok] : []));
  } catch (err) {
    // The gateway answers "not found" for what does not exist and for what is out of scope alike.
    if ((err as { status?: number }).status === 404) return [];
    throw err;
  }
}

/** What the person had typed: the revision without PouchDB's bookkeeping. */
function bodyOf(leaf: Leaf): Record<string, unknown> {
  const { _revisions, _conflicts, ...body } = leaf as Leaf & { _conflicts?: unknown };
  void _revisions;
  void _conflicts;
  return body;
}

/**
 * PouchDB logs every purge in `_local/purges` for CouchDB-style purge replication, which nothing
 * here uses; the log would grow for ever (its trimming reads a global `self.purged_infos_limit`,
 * never set, and throws where there is no `self`, leaving the purge unanswered). Each purge
 * therefore starts with no log, one at a time per database.
 */
const purgeQueues = new WeakMap<LocalDatabase, Promise<unknown>>();
export function purgeAll(db: LocalDatabase, id: string, revs: string[]): Promise<void> {
  const work = async () => {
    for (const rev of revs) {
      await dropPurgeLog(db);
      await (db as unknown as { purge(id: string, rev: string): Promise<unknown> }).purge(id, rev);
    }
    await dropPurgeLog(db);
  };
  const next = (purgeQueues.get(db) ?? Promise.resolve()).catch(() => undefined).then(work);
  purgeQueues.set(db, next);
  return next;
}

async function dropPurgeLog(db: LocalDatabase): Promise<void> {
  try {
    const log = await db.get('_local/purges');
    await db.remove(log);
  } catch (err) {
    if ((err as { status?: number }).status !== 404) throw err;
  }
}

export interface SettleContext {
  local: LocalDatabase;
  remote: LocalDatabase;
  /** Revisions about to be written that came from the server: never pending. */
  fromServer(docs: Array<{ _id: string; _rev: string }>): void;
  /** The document left the device without a write (no change event of its own). */
  removed(id: string): void;
}

/** Step 1: keeps the refused document's local-only leaves, with the reason. Answers what it kept. */
export async function keepRefused(ctx: SettleContext, refusal: Refusal): Promise<RejectedChange[]> {
  const at = new Date().toISOString();
  const local = await leavesOf(ctx.local, refusal.id);
  let items: RejectedChange[] = local
    .filter((l) => !l._deleted || l._rev === refusal.rev)
    .map((l) => ({ id: refusal.id, rev: l._rev, reason: refusal.reason, at, doc: bodyOf(l), settled: false }));
  // Only the refused revision when it is still a leaf; others may be the server's own.
  if (refusal.rev && items.some((i) => i.rev === refusal.rev)) items = items.filter((i) => i.rev === refusal.rev);
  await addRejectedIn(ctx.local, items);
  return items;
}

/** Steps 2 and 3: the device takes the server's state of the document. Throws when the server cannot be asked now. */
export async function takeServerState(ctx: SettleContext, items: RejectedChange[]): Promise<void> {
  const ids = [...new Set(items.map((i) => i.id))];
  for (const id of ids) {
    const server = await leavesOf(ctx.remote, id);
    const local = await leavesOf(ctx.local, id);
    const serverRevs = new Set(server.map((l) => l._rev));
    const onlyHere = local.filter((l) => !serverRevs.has(l._rev));
    if (onlyHere.length > 0 || local.length !== server.length) {
      ctx.fromServer(server.map((l) => ({ _id: l._id, _rev: l._rev })));
      await purgeAll(ctx.local, id, local.map((l) => l._rev));
      if (server.length > 0) await ctx.local.bulkDocs(server as unknown as PouchDB.Core.PutDocument<object>[], { new_edits: false });
      else ctx.removed(id);
    }
  }
  await markRejectedSettledIn(ctx.local, items);
}
