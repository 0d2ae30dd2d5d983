/**
 * `_bulk_docs` through the gateway. Each document is decided on its own by the database's write
 * policy (couch-design; the same one REST uses), refusals answer `forbidden` in place like
 * CouchDB's validate_doc_update, and the accepted ones are written in one store call.
 *
 * PouchDB pushes with `new_edits:false`: the revision is stored under the id the device gave it,
 * with the server's checked stamps inside that same revision. The gateway never writes a revision
 * of its own on top: that would make a sibling branch as soon as the device pushed again before
 * pulling (false conflicts, deletions undone), and the device would have to pull its own edit.
 */
import { randomUUID } from 'node:crypto';
import type { WriteState } from '../../../couch-design/write-policy';
import type { Actors, AuthUser } from '../http/actor';
import { runWriteEffects } from '../policy/effects';
import type { WriteFactsReader } from '../policy/facts';
import type { Store, StoreDb, StoreDoc, WriteResult } from '../store/port';
import { badRequest, isPlainObject, MSG, REV_PATTERN } from './couch-http';
import { isSpecialId, type SyncedDb } from './databases';
import type { CreationLeaves } from './creation-leaves';
import type { FreshRevisions } from './fresh-revisions';
import { winningLeaf } from '../store/winner';
import { nextTurn } from './chunks';
import { leavesByIds, revisions, revKey } from './repository';

export const SPECIAL_REFUSED = 'No se pueden escribir documentos de diseño ni locales por sincronización.';

export interface WriteDeps {
  store: Store;
  /** What the policies read of other records (accounts, employees). */
  facts: WriteFactsReader;
  sessionUsers?: Pick<Actors, 'invalidate'>;
  /** Where replicated revisions are kept for the devices about to ask for them (fresh-revisions.ts). */
  fresh?: FreshRevisions;
  /** The store reads of new documents started by their `_revs_diff` (creation-leaves.ts). */
  ahead?: CreationLeaves;
}

/** The longest `_revisions` path accepted: CouchDB's default revs_limit. */
const MAX_PATH = 1000;
const HASH = /^[0-9a-zA-Z]{1,64}$/;

/** A replicated revision must say what it is; anything else is a malformed request, as in CouchDB. */
function checkShape(raw: unknown[], newEdits: boolean): StoreDoc[] {
  return raw.map((d) => {
    if (!isPlainObject(d)) throw badRequest(MSG.badBody);
    const doc = { ...d } as StoreDoc;
    if (doc._id === undefined && newEdits) doc._id = randomUUID();
    if (typeof doc._id !== 'string' || doc._id === '') throw badRequest(MSG.badParam('_id'));
    if ((!newEdits || doc._rev !== undefined) && (typeof doc._rev !== 'string' || !REV_PATTERN.test(doc._rev))) throw badRequest(MSG.badParam('_rev'));
    if (doc._revisions !== undefined) {
      const r = doc._revisions as unknown;
      const ok =
        isPlainObject(r) &&
        Number.isInteger(r.start) &&
        Array.isArray(r.ids) &&
        r.ids.length >= 1 &&
        r.ids.length <= MAX_PATH &&
        (r.start as number) >= r.ids.length &&
        r.ids.every((h) => typeof h === 'string' && HASH.test(h)) &&
        `${r.start as number}-${r.ids[0] as string}` === doc._rev;
      if (!ok) throw badRequest(MSG.badParam('_revisions'));
    }
    return doc;
  });
}

const forbiddenResult = (doc: StoreDoc, reason: string): WriteResult => ({
  id: doc._id,
  ...(typeof doc._rev === 'string' ? { rev: doc._rev } : {}),
  error: 'forbidden',
  reason,
});

/** Every revision id the server holds for a document: its leaves and their ancestors. */
function knownRevs(leaves: StoreDoc[]): Set<string> {
  const out = new Set<string>();
  for (const leaf of leaves) {
    out.add(leaf._rev as string);
    const r = leaf._revisions;
    if (r) r.ids.forEach((h, i) => out.add(`${r.start - i}-${h}`));
  }
  return out;
}

/** The ancestors a pushed revision names, nearest first. */
function ancestorsOf(doc: StoreDoc): string[] {
  const r = doc._revisions;
  if (!r) return [];
  return r.ids.slice(1).map((h, i) => `${r.start - 1 - i}-${h}`);
}

interface Pending {
  index: number;
  doc: StoreDoc;
  state: WriteState;
  /** A known ancestor to read when it is no leaf (and so not read yet). */
  ancestor?: string;
}

interface Accepted {
  index: number;
  doc: StoreDoc;
  scopeLostBy?: string;
  removesRecord?: boolean;
  /** The id had no revision on the server before. */
  created: boolean;
  scopeGainedBy?: string;
}

/**
 * Deciding is the gateway's own work (the schema's rules, under a millisecond a document) and runs
 * in slices of DECIDE_SLICE with a turn of the event loop between them, so a large batch (up to
 * MAX_DOCS_PER_BULK_DOCS) holds everybody else's requests for one slice at a time.
 *
 * Writing is the store's: each `_bulk_docs` call is a commit, and on CouchDB 20 commits of 50
 * cost about 1.6 times the CPU of 5 of 200 for the same 1,000 documents. So a batch goes to the
 * store in two groups (at most MAX_WRITE_GROUP each): the first is written while the second is
 * decided. One group per batch leaves the store idle while the gateway decides (measured on
 * CouchDB: 1,000 documents took 3.2 s instead of 2.9 s).
 */
const DECIDE_SLICE = 50;
const MAX_WRITE_GROUP = 500;
const MAX_WRITES_IN_FLIGHT = 2;

/**
 * The store's answer for each accepted write, by its place in the request: by position when the
 * store answers per document, by id for replicated writes (answered with their failures only).
 */
function noteResults(accepted: Accepted[], written: WriteResult[], newEdits: boolean, results: Map<number, WriteResult>, failed: Map<number, WriteResult>): void {
  if (newEdits) {
    accepted.forEach((a, k) => {
      results.set(a.index, written[k]);
      if (written[k]?.error) failed.set(a.index, written[k]);
    });
    return;
  }
  const errById = new Map(written.filter((w) => w.error).map((w) => [w.id, w]));
  for (const a of accepted) {
    const err = errById.get(a.doc._id);
    if (err) failed.set(a.index, err);
  }
}

export async function scopedBulkDocs(
  deps: WriteDeps,
  db: StoreDb,
  def: SyncedDb,
  user: AuthUser,
  rawDocs: unknown[],
  newEdits: boolean,
): Promise<WriteResult[]> {
  const docs = checkShape(rawDocs, newEdits);
  const policy = await def.loadWritePolicy();
  const unread = policy.refusesUnread?.('device');
  const refused = new Map<number, string>();
  docs.forEach((doc, index) => {
    if (isSpecialId(doc._id)) refused.set(index, SPECIAL_REFUSED);
    else if (unread !== undefined) refused.set(index, unread);
  });

  const open = docs.map((doc, index) => ({ doc, index })).filter(({ index }) => !refused.has(index));
  // One read for the whole batch: new documents come back as missing, the rest with every leaf.
  const ids = open.map(({ doc }) => doc._id);
  const leaves = await (deps.ahead ? deps.ahead.leavesOf(db, def, ids) : leavesByIds(db, ids, { revs: true }));

  // Revisions the server already has were decided when they first arrived: a retried batch after
  // a lost answer must neither write nor stamp them again.
  const pending: Pending[] = [];
  const seen = new Set<string>();
  for (const { doc, index } of open) {
    const mine = leaves.get(doc._id) ?? [];
    const winner = winningLeaf(mine);
    if (!newEdits) {
      const key = revKey(doc._id, doc._rev as string);
      const known = knownRevs(mine);
      if (seen.has(key) || known.has(doc._rev as string)) continue;
      seen.add(key);
      // The base is the nearest ancestor the server knows: with several offline saves the parent
      // itself never reached it. Unknown ancestry (a new branch) is judged against the winner.
      const byRev = new Map(mine.map((l) => [l._rev as string, l]));
      const nearest = ancestorsOf(doc).find((rev) => known.has(rev));
      if (nearest && byRev.has(nearest)) pending.push({ index, doc, state: { base: byRev.get(nearest)!, winner } });
      else pending.push({ index, doc, state: { base: winner, winner }, ancestor: nearest });
    } else {
      const base = mine.find((l) => l._rev === doc._rev) ?? null;
      pending.push({ index, doc, state: { base: base ?? (doc._rev === undefined ? null : winner), winner } });
    }
  }

  const inner = pending.filter((p) => p.ancestor);
  if (inner.length > 0) {
    // A body older than the leaves may be gone (compaction): the winner stands in for it then.
    const bodies = await revisions(db, inner.map((p) => ({ id: p.doc._id, rev: p.ancestor as string })));
    for (const p of inner) p.state = { ...p.state, base: bodies.get(revKey(p.doc._id, p.ancestor as string)) ?? p.state.base };
  }

  const facts = await deps.facts(policy, pending);
  const now = new Date().toISOString();
  const accepted: Accepted[] = [];
  const failed = new Map<number, WriteResult>();
  const results = new Map<number, WriteResult>();
  const inFlight: Array<Promise<void>> = [];
  let storeError: { e: unknown } | undefined;
  let group: Accepted[] = [];
  const writeGroup = Math.min(MAX_WRITE_GROUP, Math.max(DECIDE_SLICE, Math.ceil(pending.length / 2)));
  const flush = async (): Promise<void> => {
    const writing = group;
    group = [];
    if (!writing.length) return;
    // Never a rejection left unawaited: the first store error is thrown once every write has ended.
    inFlight.push(
      db.bulkDocs(writing.map((a) => a.doc), { new_edits: newEdits }).then(
        (written) => noteResults(writing, written, newEdits, results, failed),
        (e: unknown) => {
          storeError ??= { e };
        },
      ),
    );
    if (inFlight.length >= MAX_WRITES_IN_FLIGHT) await inFlight.shift();
  };
  for (let i = 0; i < pending.length; i += DECIDE_SLICE) {
    if (i > 0) await nextTurn();
    for (const p of pending.slice(i, i + DECIDE_SLICE)) {
      const d = policy.decide({ doc: p.doc, source: 'device', now }, p.state, user, facts);
      if (!d.ok) refused.set(p.index, d.reason);
      else {
        const a = { index: p.index, doc: d.doc as StoreDoc, scopeLostBy: d.scopeLostBy, removesRecord: d.removesRecord, scopeGainedBy: d.scopeGainedBy, created: !p.state.winner && !p.state.base };
        accepted.push(a);
        group.push(a);
      }
    }
    if (group.length >= writeGroup) await flush();
  }
  await flush();
  await Promise.all(inFlight);
  if (storeError) throw storeError.e;

  const stored = accepted.filter((a) => !failed.has(a.index));
  def.stored?.(stored.map((a) => (newEdits ? { ...a.doc, _rev: results.get(a.index)?.rev } : a.doc)));
  // Only a database whose current revisions are known can hand kept ones out (reads.ts).
  if (!newEdits && def.currentRevision) deps.fresh?.keep(db.name, stored.map((a) => a.doc));
  // A write the checks after it undid (a photo over the maximum, policy/effects.ts) is answered refused.
  const undone = await runWriteEffects({ ...deps, children: def.children }, { database: def.name, effects: def.effects, tombstone: def.tombstone, childOf: def.childOf }, stored);
  for (const a of stored) {
    const reason = undone.get(a.doc._id);
    if (reason !== undefined) refused.set(a.index, reason);
  }

  if (!newEdits) {
    // CouchDB answers replicated writes with their failures only.
    const out: WriteResult[] = [];
    docs.forEach((doc, index) => {
      const reason = refused.get(index);
      if (reason !== undefined) out.push(forbiddenResult(doc, reason));
      else if (failed.has(index)) out.push({ ...failed.get(index)!, id: doc._id, rev: doc._rev });
    });
    return out;
  }
  return docs.map((doc, index) => {
    const reason = refused.get(index);
    if (reason !== undefined) return forbiddenResult(doc, reason);
    return results.get(index) ?? { id: doc._id, error: 'unknown_error', reason: MSG.badBody };
  });
}
