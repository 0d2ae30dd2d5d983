/**
 * Which local databases exist for whom. Every person gets their own IndexedDB database of each
 * kind in the table (databases.ts: `inmo_<userId>_captaciones`, `inmo_<userId>_nominas`), so a
 * different person signing in on a shared tablet never opens the previous person's data.
 *
 * A scope change or a sign-out destroys a person's databases while screens may still be
 * reading them; the registry closes the live feeds first, makes API calls wait for the wipe
 * (the gate) and tells watchers afterwards that everything was reloaded.
 */
import { readStoredUser } from '../session-storage';
import { HOME_DB, SYNCED_DBS, type SyncedDbName } from './databases';
import { keyOf } from '../vault/keyring';
import { openIndexedDb, type LocalDatabase } from './pouch';

export { SYNCED_DBS, type SyncedDbName } from './databases';

export const NO_SESSION_MESSAGE = 'No hay una sesión iniciada en este dispositivo.';

/** IndexedDB accepts any name, but ids come from the server: keep names predictable. */
export function localDbName(userId: string, name: SyncedDbName): string {
  return `inmo_${userId.replace(/[^A-Za-z0-9_-]/g, '_')}_${name}`;
}

/**
 * Databases of this device alone, never replicated: `originales` keeps the full-size property
 * photos a person opened (issue 22: fetched once, then kept). They are wiped with the others, at a
 * sign-out and at a scope change (an original of a captación no longer in scope must go).
 */
export const LOCAL_ONLY_DBS = ['originales'] as const;
export type LocalOnlyDbName = (typeof LOCAL_ONLY_DBS)[number];

const localOnlyName = (userId: string, name: LocalOnlyDbName): string => `inmo_${userId.replace(/[^A-Za-z0-9_-]/g, '_')}_solo_${name}`;

let activeUserId: string | null = null;
const open = new Map<string, LocalDatabase>();
const gates = new Map<string, Promise<void>>();

/** Set by the sync lifecycle when a person signs in (null when they leave). */
export function setActiveUser(userId: string | null): void {
  activeUserId = userId;
}

/**
 * The signed-in person. Screens may render before the sync lifecycle runs; the user entry the
 * session keeps in localStorage names the same person then.
 */
export function currentUserId(): string {
  const id = activeUserId ?? readStoredUser()?.id ?? null;
  if (!id) throw new Error(NO_SESSION_MESSAGE);
  return id;
}

/** A person's database, sealed with their data key (lib/vault): unreadable while they are locked out. */
const openSealed = (full: string, userId: string): LocalDatabase => openIndexedDb(full, () => keyOf(userId));

/** One handle per database name for the whole page: every reader shares its feeds and caches. */
function handle(full: string, userId: string): LocalDatabase {
  let db = open.get(full);
  if (!db) {
    db = openSealed(full, userId);
    open.set(full, db);
  }
  return db;
}

export function dbFor(userId: string, name: SyncedDbName): LocalDatabase {
  return handle(localDbName(userId, name), userId);
}

export function localOnlyDbFor(userId: string, name: LocalOnlyDbName): LocalDatabase {
  return handle(localOnlyName(userId, name), userId);
}

async function destroyLocalOnly(userId: string): Promise<void> {
  for (const name of LOCAL_ONLY_DBS) {
    const full = localOnlyName(userId, name);
    const db = open.get(full) ?? openIndexedDb(full);
    open.delete(full);
    await db.destroy();
  }
}

/** Resolves once no wipe of this person's databases is running. */
export async function whenReady(userId: string): Promise<void> {
  for (let gate = gates.get(userId); gate; gate = gates.get(userId)) await gate.catch(() => undefined);
}

// --- Live change feeds that survive a wipe ---------------------------------------------

export type LocalChangeEvent<T extends {} = Record<string, unknown>> =
  | { kind: 'change'; id: string; rev: string; deleted: boolean; seq: number | string; doc?: PouchDB.Core.ExistingDocument<T> }
  /** The database was wiped and pulled again (scope change): reload everything. */
  | { kind: 'reset' };

interface Watcher {
  userId: string;
  name: SyncedDbName;
  includeDocs: boolean;
  callback: (event: LocalChangeEvent<any>) => void;
}

/**
 * One live feed per database (two when some watchers want whole documents), shared by every
 * watcher: the indexeddb adapter cannot cancel a live feed (see sync/push.ts), and each feed
 * re-reads the changes on every write, so screens and the sync engine share them.
 */
interface Hub {
  name: SyncedDbName;
  includeDocs: boolean;
  watchers: Set<Watcher>;
  feed: PouchDB.Core.Changes<any> | null;
}

const hubs = new Map<string, Hub>();

function hubFor(userId: string, name: SyncedDbName, includeDocs: boolean): Hub {
  const key = `${localDbName(userId, name)}|${includeDocs ? 'docs' : 'ids'}`;
  let hub = hubs.get(key);
  if (!hub) hubs.set(key, (hub = { name, includeDocs, watchers: new Set(), feed: null }));
  return hub;
}

function attach(userId: string, hub: Hub): void {
  if (hub.feed || hub.watchers.size === 0) return;
  const options = { live: true, since: 'now', include_docs: hub.includeDocs, return_docs: false };
  const feed = dbFor(userId, hub.name).changes(options);
  feed.on('change', (c) => {
    // Indexes of pouchdb-find are local design documents, not data.
    if (c.id.startsWith('_design/')) return;
    const event: LocalChangeEvent<any> = { kind: 'change', id: c.id, rev: c.changes[0]?.rev ?? '', deleted: !!c.deleted, seq: c.seq, doc: c.doc };
    for (const w of [...hub.watchers]) {
      try {
        w.callback(event);
      } catch (err) {
        console.error('Un observador de cambios locales falló.', err);
      }
    }
  });
  // A feed cancelled by a wipe or a sign-out ends with an error on some adapters: nothing to do.
  feed.on('error', () => undefined);
  hub.feed = feed;
}

function detach(hub: Hub): void {
  hub.feed?.cancel();
  hub.feed = null;
}

export function watchDb<T extends {} = Record<string, unknown>>(
  userId: string,
  name: SyncedDbName,
  callback: (event: LocalChangeEvent<T>) => void,
  options: { includeDocs?: boolean } = {},
): () => void {
  const w: Watcher = { userId, name, includeDocs: options.includeDocs ?? false, callback };
  const hub = hubFor(userId, name, w.includeDocs);
  hub.watchers.add(w);
  if (!gates.has(userId)) attach(userId, hub);
  return () => {
    hub.watchers.delete(w);
    if (hub.watchers.size === 0) detach(hub);
  };
}

/**
 * Tells the watchers of a database that a document changed without a write of its own: a purge
 * (sync/refused.ts) emits no change, and a record it removed must leave the screens too.
 */
export function announceChange(userId: string, name: SyncedDbName, id: string, deleted: boolean): void {
  const event: LocalChangeEvent<any> = { kind: 'change', id, rev: '', deleted, seq: '' };
  for (const hub of [hubFor(userId, name, false), hubFor(userId, name, true)]) {
    for (const w of [...hub.watchers]) {
      try {
        w.callback(event);
      } catch (err) {
        console.error('Un observador de cambios locales falló.', err);
      }
    }
  }
}

function hubsOf(userId: string): Hub[] {
  return SYNCED_DBS.flatMap((name) => [hubFor(userId, name, false), hubFor(userId, name, true)]);
}

// --- Wipes ------------------------------------------------------------------------------

async function destroyOne(userId: string, name: SyncedDbName): Promise<void> {
  const full = localDbName(userId, name);
  const db = open.get(full) ?? openIndexedDb(full);
  open.delete(full);
  await db.destroy();
}

async function underGate<T>(userId: string, work: () => Promise<T>): Promise<T> {
  await whenReady(userId);
  let release!: () => void;
  gates.set(userId, new Promise<void>((resolve) => (release = resolve)));
  for (const hub of hubsOf(userId)) detach(hub);
  try {
    return await work();
  } finally {
    gates.delete(userId);
    release();
  }
}

export interface WipeOptions {
  /** `_local/*` documents of a database to copy into its fresh copy (drafts, refused changes...). */
  keepLocal?: (old: LocalDatabase, name: SyncedDbName) => Promise<string[]>;
  /**
   * Last check on the old databases once API writes are held back; throwing cancels the wipe
   * (e.g. something was written since the pending changes were pushed).
   */
  beforeDestroy?: (old: Record<SyncedDbName, LocalDatabase>) => Promise<void>;
  /** Runs on the fresh databases before anyone else may use them (e.g. to store the new scope). */
  prepare?: (fresh: Record<SyncedDbName, LocalDatabase>) => Promise<void>;
}

const handlesOf = (userId: string): Record<SyncedDbName, LocalDatabase> =>
  Object.fromEntries(SYNCED_DBS.map((name) => [name, dbFor(userId, name)])) as Record<SyncedDbName, LocalDatabase>;

async function readKept(old: LocalDatabase, ids: string[]): Promise<Array<Record<string, unknown>>> {
  const kept: Array<Record<string, unknown>> = [];
  for (const id of ids) {
    try {
      const { _rev, ...doc } = (await old.get(id)) as unknown as Record<string, unknown>;
      void _rev;
      kept.push(doc);
    } catch {
      // missing: nothing to keep
    }
  }
  return kept;
}

/** The home database last: it holds the stored scope, so an interrupted wipe is redone. */
const WIPE_ORDER: readonly SyncedDbName[] = [...SYNCED_DBS.filter((name) => name !== HOME_DB), HOME_DB];

/**
 * Destroys and recreates a person's databases (scope change). Local-only documents named by
 * `keepLocal` survive; watchers are told with a `reset` event once the fresh databases exist.
 */
export async function wipeLocalDbs(userId: string, options: WipeOptions = {}): Promise<void> {
  let wiped = false;
  try {
    await underGate(userId, async () => {
      const old = handlesOf(userId);
      await options.beforeDestroy?.(old);
      const kept = new Map<SyncedDbName, Array<Record<string, unknown>>>();
      for (const name of SYNCED_DBS) kept.set(name, await readKept(old[name], (await options.keepLocal?.(old[name], name)) ?? []));
      await destroyLocalOnly(userId);
      for (const name of WIPE_ORDER) await destroyOne(userId, name);
      wiped = true;
      const fresh = handlesOf(userId);
      for (const [name, docs] of kept) for (const doc of docs) await fresh[name].put(doc as PouchDB.Core.PutDocument<object>);
      await options.prepare?.(fresh);
    });
  } finally {
    for (const hub of hubsOf(userId)) {
      attach(userId, hub);
      if (wiped) for (const w of [...hub.watchers]) w.callback({ kind: 'reset' });
    }
  }
}

/** Sign-out on a shared device: the person's local data goes away for good. */
export async function destroyLocalDbs(userId: string): Promise<void> {
  await underGate(userId, async () => {
    await destroyLocalOnly(userId);
    for (const name of WIPE_ORDER) await destroyOne(userId, name);
  });
  // Screens of the person who left are gone; their feeds were closed above.
  for (const hub of hubsOf(userId)) hub.watchers.clear();
}
