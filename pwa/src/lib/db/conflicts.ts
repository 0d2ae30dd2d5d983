/**
 * Conflicts (docs/architecture.md section 5): two devices edited the same captación offline. PouchDB keeps
 * every losing revision until someone resolves it, so nothing is lost before the person picks.
 */
import type { LocalDatabase } from './pouch';

export interface ConflictedDoc<T extends {} = Record<string, unknown>> {
  /** The revision PouchDB currently shows (the deterministic winner). */
  doc: PouchDB.Core.ExistingDocument<T>;
  /** The other revisions, still stored. */
  conflicts: string[];
}

export async function listConflictsIn<T extends {}>(db: LocalDatabase): Promise<Array<ConflictedDoc<T>>> {
  // Every document: `allDocs` has no default limit (unlike Mango `find`, see localFindAll).
  const all = await db.allDocs<T>({ include_docs: true, conflicts: true });
  const out: Array<ConflictedDoc<T>> = [];
  for (const row of all.rows) {
    const doc = row.doc;
    if (!doc || row.id.startsWith('_design/') || !doc._conflicts?.length) continue;
    const { _conflicts, ...rest } = doc;
    out.push({ doc: rest as PouchDB.Core.ExistingDocument<T>, conflicts: _conflicts });
  }
  return out;
}

/** The revisions of one conflicted document, winner first, for a side-by-side choice. */
export async function conflictRevisionsIn<T extends {}>(db: LocalDatabase, id: string): Promise<Array<PouchDB.Core.ExistingDocument<T>>> {
  const current = (await db.get(id, { conflicts: true })) as PouchDB.Core.ExistingDocument<T> & { _conflicts?: string[] };
  const others = await Promise.all((current._conflicts ?? []).map((rev) => db.get<T>(id, { rev })));
  const { _conflicts, ...winner } = current;
  void _conflicts;
  return [winner as PouchDB.Core.ExistingDocument<T>, ...others];
}

/**
 * Keeps `winnerDoc` (picked or merged by the person) as the next revision of the current
 * winner and deletes the losing revisions; by default every other revision.
 */
export async function resolveConflictIn<T extends object>(
  db: LocalDatabase,
  id: string,
  winnerDoc: T,
  losingRevs?: string[],
): Promise<string> {
  const current = (await db.get(id, { conflicts: true })) as PouchDB.Core.ExistingDocument<object> & { _conflicts?: string[] };
  const losers = (losingRevs ?? current._conflicts ?? []).filter((rev) => rev !== current._rev);
  const { _conflicts, _rev, _id, ...content } = winnerDoc as Record<string, unknown>;
  void _conflicts;
  void _rev;
  void _id;
  const written = await db.put({ ...content, _id: id, _rev: current._rev });
  // Deleting a losing branch only removes it from the conflict set; the winner stays. The
  // tombstone keeps the body: scoped replication finds deletions by their owner fields.
  const losingDocs = await Promise.all(losers.map((rev) => db.get<object>(id, { rev })));
  const deletions = losingDocs.map((doc) => ({ ...doc, _deleted: true }));
  if (deletions.length) {
    const results = await db.bulkDocs(deletions);
    const failed = results.find((r) => 'error' in r && r.error);
    if (failed) throw Object.assign(new Error('message' in failed ? String(failed.message) : 'conflict'), failed);
  }
  return written.rev;
}
