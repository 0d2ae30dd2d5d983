/**
 * The local-data API the features use (docs/architecture.md section 5). Everything reads and writes the
 * signed-in person's own databases on this device; the sync engine moves them to and from the
 * gateway. Keep no database handle across awaits: a scope change replaces the databases, and
 * `watchLocal` reports it with a `reset` event.
 */
import type { MangoIndexDef } from '../../../../couch-design/design-docs/index';
// @ts-expect-error -- no type declarations for this package
import { filterInMemoryFields as filterRows, massageSelector as massage } from 'pouchdb-selector-core';
import { conflictRevisionsIn, listConflictsIn, resolveConflictIn, type ConflictedDoc } from './conflicts';
import { databaseSpec, HOME_DB, PUSHED_DBS, type SyncedDbName } from './databases';
import { clearDraftIn, loadDraftIn, saveDraftIn } from './drafts';
import { getOrNull, type LocalDatabase } from './pouch';
import { currentUserId, dbFor, localOnlyDbFor, watchDb, whenReady, type LocalChangeEvent, type LocalOnlyDbName } from './registry';
import { dismissRejectedIn, listRejectedIn, type RejectedChange } from './rejected';
import { readProjection, type ProjectionSpec, type ProjectionView } from './projection';
export { onRejectedChanged } from './rejected';

export { isNotFound, type LocalDatabase } from './pouch';
export type { LocalChangeEvent } from './registry';
export { NOMINAS_READ_ONLY, type SyncedDbName } from './databases';
export type { ProjectionView } from './projection';
export type { ConflictedDoc } from './conflicts';
export type { RejectedChange } from './rejected';
export { requestPersistentStorage } from '../pwa';

const massageSelector = massage as (selector: PouchDB.Find.Selector) => PouchDB.Find.Selector;
const filterInMemoryFields = filterRows as <R extends { doc: object }>(rows: R[], request: object, fields: string[]) => R[];

type Doc<T extends {}> = PouchDB.Core.ExistingDocument<T>;
export type LocalDoc<T extends {} = Record<string, unknown>> = T & { _id?: string; _rev?: string };
export type MangoQuery<T extends {} = Record<string, unknown>> = PouchDB.Find.FindRequest<T>;

/** The current handle of a database; for one-off reads, prefer the functions below. */
export function getLocalDb(name: SyncedDbName): LocalDatabase {
  return dbFor(currentUserId(), name);
}

/**
 * The database itself, once no wipe runs, for a feature whose documents are of several types
 * (`fotos`: `foto` and `foto-original`), which `localPut` would all stamp with the first one.
 * Read it, use it and let it go: never keep it across awaits of other work (a wipe replaces it).
 */
export async function localDatabase(name: SyncedDbName): Promise<LocalDatabase> {
  writable(name);
  return ready(name);
}

/** A database of this device alone, never replicated (registry.ts LOCAL_ONLY_DBS), wiped with the rest. */
export async function localOnlyDatabase(name: LocalOnlyDbName): Promise<LocalDatabase> {
  const userId = currentUserId();
  await whenReady(userId);
  return localOnlyDbFor(userId, name);
}
export type { LocalOnlyDbName } from './registry';

/** Pull-only databases (payslips) are written by the gateway alone: refuse in Spanish. */
function writable(name: SyncedDbName): void {
  const { readOnly } = databaseSpec(name);
  if (readOnly) throw new Error(readOnly);
}

async function ready(name: SyncedDbName): Promise<LocalDatabase> {
  const userId = currentUserId();
  await whenReady(userId);
  return dbFor(userId, name);
}

/** The document, or null when it does not exist (or was deleted). */
export async function localGet<T extends {} = Record<string, unknown>>(name: SyncedDbName, id: string): Promise<Doc<T> | null> {
  return getOrNull<Doc<T>>(await ready(name), id);
}

/**
 * Creates or updates a document as given, with `type` set from the database. Stamping who
 * changed it and when (`ultima_actualizacion`, `historial_estatus`) is the feature's part, in the
 * same revision (couch-design stamp, which the gateway checks). Pull-only databases (payslips)
 * are read-only here: nobody writes them through replication.
 */
export async function localPut<T extends object>(name: SyncedDbName, doc: LocalDoc<T>): Promise<{ id: string; rev: string }> {
  writable(name);
  const db = await ready(name);
  const typed = { ...doc, type: databaseSpec(name).docType };
  const res = typed._id ? await db.put(typed as PouchDB.Core.PutDocument<T>) : await db.post(typed as PouchDB.Core.PostDocument<T>);
  return { id: res.id, rev: res.rev };
}

/**
 * Deletes a document. The tombstone keeps the body: the gateway routes deletions to scoped
 * clients by their owner fields (`type`, `captacion.asesor`).
 */
export async function localRemove(name: SyncedDbName, idOrDoc: string | { _id: string; _rev?: string }): Promise<{ id: string; rev: string }> {
  writable(name);
  const db = await ready(name);
  const id = typeof idOrDoc === 'string' ? idOrDoc : idOrDoc._id;
  const rev = typeof idOrDoc === 'string' ? undefined : idOrDoc._rev;
  const current = await db.get<object>(id, rev ? { rev } : {});
  const res = await db.put({ ...current, _deleted: true });
  return { id: res.id, rev: res.rev };
}

const indexes = new WeakMap<LocalDatabase, Map<string, Promise<unknown>>>();

/** Creates (once per database) a Mango index, e.g. one of couch-design/design-docs. */
export async function ensureLocalIndex(name: SyncedDbName, index: MangoIndexDef | PouchDB.Find.CreateIndexOptions): Promise<void> {
  const db = await ready(name);
  const def = 'ddoc' in index ? { index: { ...index.index, ddoc: index.ddoc, name: index.name } } : index;
  const key = JSON.stringify(def);
  let known = indexes.get(db);
  if (!known) indexes.set(db, (known = new Map<string, Promise<unknown>>()));
  let pending = known.get(key);
  if (!pending) {
    pending = db.createIndex(def as PouchDB.Find.CreateIndexOptions);
    known.set(key, pending);
    pending.catch(() => known.delete(key));
  }
  await pending;
}

/**
 * Mango `find` without a `limit` answers 25 rows, in PouchDB as in CouchDB: a list that read
 * "all" through it stopped at 25 captaciones. So every read here states its size: `localFind`
 * demands a `limit`, and `localFindAll` is the one way to read every match.
 */
export type BoundedMangoQuery<T extends {} = Record<string, unknown>> = MangoQuery<T> & { limit: number };

export async function localFind<T extends {} = Record<string, unknown>>(name: SyncedDbName, query: BoundedMangoQuery<T>): Promise<Array<Doc<T>>> {
  const db = await ready(name);
  // Records are stored sealed (lib/vault/doc-cipher.ts): the adapter's own Mango indexes would see
  // only the sealed field, so selector, order and page are applied to the opened documents.
  const { rows } = await db.allDocs<T>({ include_docs: true });
  const selector = massageSelector(query.selector);
  const docs = rows.flatMap((row) => (row.doc && !row.id.startsWith('_design/') ? [{ doc: row.doc }] : []));
  const request = { selector, sort: query.sort, skip: query.skip ?? 0, limit: query.limit };
  return filterInMemoryFields(docs, request, Object.keys(selector)).map((row) => row.doc);
}

/**
 * Larger than any database a device holds, and still safe for IndexedDB: PouchDB hands the limit
 * (plus the number of indexes) to `IDBCursor.advance`, which takes at most 2^32 - 1.
 */
export const ALL_ROWS = 2 ** 31 - 1;

/**
 * Every document matching `query`: one query with an explicit limit, so the answer is one
 * consistent read (paging with `skip` could skip or repeat a record written between pages).
 */
export async function localFindAll<T extends {} = Record<string, unknown>>(name: SyncedDbName, query: Omit<MangoQuery<T>, 'limit' | 'skip'>): Promise<Array<Doc<T>>> {
  return localFind<T>(name, { ...query, limit: ALL_ROWS });
}

/** A list's kept index of a device database (list-index.ts, its declaration's `device.indexes`), caught up with every change stored so far. */
export async function readListIndex<E>(name: SyncedDbName, index: ProjectionSpec<E>): Promise<ProjectionView<E>> {
  return readProjection(await ready(name), index);
}

/**
 * The documents of `ids`, in that order, with their conflicting revisions named (`_conflicts`, as
 * a list marks them); missing or deleted ones are left out. A page of a list reads just these.
 */
export async function localGetMany<T extends {} = Record<string, unknown>>(name: SyncedDbName, ids: readonly string[]): Promise<Array<Doc<T> & { _conflicts?: string[] }>> {
  if (ids.length === 0) return [];
  const db = await ready(name);
  const res = await db.allDocs<T>({ keys: [...ids], include_docs: true, conflicts: true });
  return res.rows.flatMap((row) => ('doc' in row && row.doc ? [row.doc as Doc<T> & { _conflicts?: string[] }] : []));
}

/** Live local changes (writes on this device and documents arriving by sync); returns an unsubscribe. */
export function watchLocal<T extends {} = Record<string, unknown>>(
  name: SyncedDbName,
  callback: (event: LocalChangeEvent<T>) => void,
  options: { includeDocs?: boolean } = {},
): () => void {
  return watchDb<T>(currentUserId(), name, callback, options);
}

export async function listConflicts<T extends {} = Record<string, unknown>>(name: SyncedDbName): Promise<Array<ConflictedDoc<T>>> {
  return listConflictsIn<T>(await ready(name));
}

export async function conflictRevisions<T extends {} = Record<string, unknown>>(name: SyncedDbName, id: string): Promise<Array<Doc<T>>> {
  return conflictRevisionsIn<T>(await ready(name), id);
}

/** Keeps `winnerDoc` and deletes `losingRevs` (default: every other revision). Returns the new rev. */
export async function resolveConflict<T extends object>(name: SyncedDbName, id: string, winnerDoc: T, losingRevs?: string[]): Promise<string> {
  writable(name);
  return resolveConflictIn(await ready(name), id, winnerDoc, losingRevs);
}

/** Changes the server refused for good, kept on the device in the database they were written to (see rejected.ts). */
export async function listRejectedChanges(): Promise<RejectedChange[]> {
  const lists = await Promise.all(PUSHED_DBS.map(async (name) => listRejectedIn(await ready(name))));
  return lists.flat();
}

/** Dismisses one refused change (id and revision), every one of a record (id), or all. */
export async function dismissRejectedChange(id?: string, rev?: string): Promise<void> {
  for (const name of PUSHED_DBS) await dismissRejectedIn(await ready(name), id, rev);
}

// --- Drafts: local only, never synced, in the home database (databases.ts) -----------------

export async function saveDraft<T>(key: string, value: T): Promise<void> {
  return saveDraftIn(await ready(HOME_DB), key, value);
}

export async function loadDraft<T = unknown>(key: string): Promise<T | null> {
  return loadDraftIn<T>(await ready(HOME_DB), key);
}

export async function clearDraft(key: string): Promise<void> {
  return clearDraftIn(await ready(HOME_DB), key);
}

// --- Notes: what the device keeps to show offline what it learnt online (never synced) ------

const NOTE_PREFIX = '_local/note-';

/**
 * A note the device keeps for the person (issue 36: the advisers' names it may show offline): a
 * `_local` document of the home database, never replicated, gone with the database at sign-out
 * or a change of scope.
 */
export async function readDeviceNote<T>(key: string): Promise<T | null> {
  const doc = await getOrNull<{ value: T }>(await ready(HOME_DB), NOTE_PREFIX + key);
  return doc ? doc.value : null;
}

export async function writeDeviceNote<T>(key: string, value: T): Promise<void> {
  const db = await ready(HOME_DB);
  const id = NOTE_PREFIX + key;
  const existing = await getOrNull<{ _rev?: string }>(db, id);
  await db.put({ _id: id, ...(existing?._rev ? { _rev: existing._rev } : {}), value } as PouchDB.Core.PutDocument<object>);
}
