/**
 * The browser's PouchDB (docs/architecture.md section 10): the core plus exactly the plugins the PWA uses.
 * Never the full `pouchdb` package, which drags LevelDB into the bundle.
 */
import PouchDB from 'pouchdb-core';
// These two CommonJS plugins ship no types; an ambient `declare module` here could clash with
// another part of the project declaring the same names, so the import is left untyped.
// @ts-expect-error -- no type declarations for this package
import indexeddbAdapter from 'pouchdb-adapter-indexeddb';
// @ts-expect-error -- no type declarations for this package
import httpAdapter from 'pouchdb-adapter-http';
import replication from 'pouchdb-replication';
import find from 'pouchdb-find';
// @ts-expect-error -- no type declarations for this package (its @types describe version 1)
import transform from 'transform-pouch';
import { sealDatabase } from '../vault/doc-cipher';

PouchDB.plugin(indexeddbAdapter as PouchDB.Plugin)
  .plugin(httpAdapter as PouchDB.Plugin)
  .plugin(replication)
  .plugin(find)
  .plugin(transform as PouchDB.Plugin);

export type LocalDatabase = PouchDB.Database;
export type FetchFn = (url: string | URL | Request, init?: RequestInit) => Promise<Response>;

/** PouchDB's answer for a missing (or deleted) document, in the browser as on the gateway. */
export function isNotFound(err: unknown): boolean {
  return (err as { status?: number } | null)?.status === 404;
}

/** The document, or null when it does not exist (or was deleted). */
export async function getOrNull<T>(db: LocalDatabase, id: string): Promise<T | null> {
  try {
    return (await db.get(id)) as unknown as T;
  } catch (err) {
    if (isNotFound(err)) return null;
    throw err;
  }
}

/**
 * A database on this device (IndexedDB). With `keyOf`, sealed: every record is stored encrypted
 * with the key it answers (lib/vault/doc-cipher.ts); the person's databases are always opened so.
 */
export function openIndexedDb(name: string, keyOf?: () => CryptoKey): LocalDatabase {
  const db = new PouchDB(name, { adapter: 'indexeddb', auto_compaction: true });
  if (keyOf) sealDatabase(db, keyOf);
  // Each replication and live feed listens for the database's destruction; a live push, two
  // pulls and a reconnect overlapping the previous session pass the default warning limit of 10.
  (db as unknown as { setMaxListeners(n: number): void }).setMaxListeners(50);
  return db;
}

/**
 * A database of the gateway. `skip_setup` because the gateway never lets a client create a
 * database; `fetch` is injectable so Node tests can carry the session cookie.
 */
export function openRemoteDb(url: string, fetchFn: FetchFn): LocalDatabase {
  const options = { skip_setup: true, fetch: fetchFn } as unknown as PouchDB.Configuration.RemoteDatabaseConfiguration;
  return new PouchDB(url, options);
}
