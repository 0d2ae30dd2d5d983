/**
 * `_bulk_docs` through the gateway. Each document is decided on its own (refusals answer
 * `forbidden` in place, like CouchDB's validate_doc_update), the accepted ones are written in
 * one store call.
 *
 * PouchDB pushes with `new_edits:false`: the client's revision ids must be stored as sent or
 * replication would loop. The gateway stores the pushed revision with its own stamps and then
 * writes ONE ordinary revision on top of it with the same content: the client pulls that one,
 * so its copy ends with the server's `ultima_actualizacion`, `historial_estatus` and adviser,
 * whatever it sent.
 */
import { randomUUID } from 'node:crypto';
import type { AuthUser } from '../auth/session-user';
import type { SessionUsers } from '../auth/session-user';
import type { Store, StoreDb, StoreDoc, WriteResult } from '../store/port';
import { decideCaptacion, type Decision } from './captacion-write-rules';
import { badRequest, isPlainObject, MSG, REV_PATTERN } from './couch-http';
import { isSpecialId, type SyncedDb } from './databases';
import { revisions, revKey, winners } from './repository';
import { bumpScopeEpoch } from './scope-epoch';

export const NOMINAS_READ_ONLY = 'Las nóminas solo las registra un administrador desde la sección de nóminas.';

export interface WriteDeps {
  store: Store;
  sessionUsers?: Pick<SessionUsers, 'invalidate'>;
}

/** The revision a pushed one was edited from: from `_revisions` when replicating, else `_rev`. */
function parentRev(doc: StoreDoc, newEdits: boolean): string | undefined {
  if (newEdits) return typeof doc._rev === 'string' ? doc._rev : undefined;
  const r = doc._revisions;
  if (r && Number.isInteger(r.start) && Array.isArray(r.ids) && r.ids.length > 1 && r.start > 1) return `${r.start - 1}-${r.ids[1]}`;
  return undefined;
}

function checkShape(raw: unknown[], newEdits: boolean): StoreDoc[] {
  return raw.map((d) => {
    if (!isPlainObject(d)) throw badRequest(MSG.badBody);
    const doc = { ...d } as StoreDoc;
    if (doc._id === undefined && newEdits) doc._id = randomUUID();
    if (typeof doc._id !== 'string' || doc._id === '') throw badRequest(MSG.badParam('_id'));
    if (!newEdits && (typeof doc._rev !== 'string' || !REV_PATTERN.test(doc._rev))) throw badRequest(MSG.badParam('_rev'));
    return doc;
  });
}

const forbiddenResult = (doc: StoreDoc, reason: string): WriteResult => ({
  id: doc._id,
  ...(typeof doc._rev === 'string' ? { rev: doc._rev } : {}),
  error: 'forbidden',
  reason,
});

export async function scopedBulkDocs(
  deps: WriteDeps,
  db: StoreDb,
  def: SyncedDb,
  user: AuthUser,
  rawDocs: unknown[],
  newEdits: boolean,
): Promise<WriteResult[]> {
  const docs = checkShape(rawDocs, newEdits);
  if (def.name !== 'captaciones') {
    // Payroll is written by admins through REST only, for everyone, admins included.
    return docs.map((d) => forbiddenResult(d, NOMINAS_READ_ONLY));
  }

  // Revisions the server already has were decided when they first arrived: a retried batch
  // after a lost answer must neither write nor stamp them again.
  let todo = docs.map((doc, index) => ({ doc, index }));
  if (!newEdits && docs.length > 0) {
    const asked: Record<string, string[]> = {};
    for (const d of docs) if (!isSpecialId(d._id)) (asked[d._id] ??= []).push(d._rev as string);
    const diff = Object.keys(asked).length ? await db.revsDiff(asked) : {};
    todo = todo.filter(({ doc }) => isSpecialId(doc._id) || diff[doc._id]?.missing.includes(doc._rev as string));
  }

  const parents = new Map(todo.map(({ doc }) => [doc._id + '\u0000' + (doc._rev ?? ''), parentRev(doc, newEdits)]));
  const lookup = todo.filter(({ doc }) => !isSpecialId(doc._id));
  const parentReqs = lookup
    .map(({ doc }) => ({ id: doc._id, rev: parents.get(doc._id + '\u0000' + (doc._rev ?? '')) }))
    .filter((r): r is { id: string; rev: string } => typeof r.rev === 'string' && REV_PATTERN.test(r.rev));
  const [known, won] = await Promise.all([revisions(db, parentReqs), winners(db, lookup.map(({ doc }) => doc._id))]);

  const now = new Date().toISOString();
  const decisions = new Map<number, Decision>();
  for (const { doc, index } of todo) {
    const p = parents.get(doc._id + '\u0000' + (doc._rev ?? ''));
    decisions.set(index, decideCaptacion(doc, { parent: p ? (known.get(revKey(doc._id, p)) ?? null) : null, winner: won.get(doc._id) ?? null }, user, now));
  }

  const accepted: Array<{ index: number; doc: StoreDoc; reassignedFrom?: string }> = [];
  for (const [index, d] of decisions) if (d.ok) accepted.push({ index, doc: d.doc, reassignedFrom: d.reassignedFrom });
  const written = accepted.length ? await db.bulkDocs(accepted.map((a) => a.doc), { new_edits: newEdits }) : [];

  // Which accepted writes failed in the store (by position when it answers per document).
  const failed = new Map<number, WriteResult>();
  if (newEdits) {
    accepted.forEach((a, k) => {
      if (written[k]?.error) failed.set(a.index, written[k]);
    });
  } else {
    const errById = new Map(written.filter((w) => w.error).map((w) => [w.id, w]));
    for (const a of accepted) {
      const err = errById.get(a.doc._id);
      if (err) failed.set(a.index, err);
    }
  }

  const stored = accepted.filter((a) => !failed.has(a.index));
  if (!newEdits) await writeFollowUps(db, stored.map((a) => a.doc));
  for (const from of new Set(stored.map((a) => a.reassignedFrom).filter((x): x is string => !!x))) {
    // The write is done: a failed bump must not turn it into an error the client would retry
    // (the retry finds the revision stored and would never bump).
    await bumpScopeEpoch(deps.store, from, deps.sessionUsers).catch((e) => console.error('No se pudo renovar el alcance de', from, e));
  }

  if (!newEdits) {
    // CouchDB answers replicated writes with their failures only.
    const out: WriteResult[] = [];
    docs.forEach((doc, index) => {
      const d = decisions.get(index);
      if (d && !d.ok) out.push(forbiddenResult(doc, d.reason));
      else if (failed.has(index)) out.push({ ...failed.get(index)!, id: doc._id, rev: doc._rev });
    });
    return out;
  }
  const byIndex = new Map(accepted.map((a, k) => [a.index, written[k]]));
  return docs.map((doc, index) => {
    const d = decisions.get(index);
    if (d && !d.ok) return forbiddenResult(doc, d.reason);
    return byIndex.get(index) ?? { id: doc._id, error: 'unknown_error', reason: MSG.badBody };
  });
}

/** One ordinary revision on top of each pushed one, carrying the server's stamps to the client. */
async function writeFollowUps(db: StoreDb, docs: StoreDoc[]): Promise<void> {
  const next = docs
    .filter((d) => !d._deleted)
    .map((d) => {
      const { _revisions: _omit, ...rest } = d;
      return rest as StoreDoc;
    });
  if (next.length === 0) return;
  // A conflict means someone already wrote on top of the pushed revision: theirs carries stamps too.
  await db.bulkDocs(next);
}
