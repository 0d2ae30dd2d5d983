/**
 * The store the tests run on. `npm test`: the embedded store, in memory. `npm run test:couchdb`
 * (INMO_TEST_STORE=couchdb, set by vitest.couchdb.config.js): the Apache CouchDB at COUCHDB_URL,
 * each test store under its own random prefix, and its databases deleted when it closes, so a run
 * leaves CouchDB as it found it. Only databases of a prefix that had none when its store opened are
 * ever deleted.
 */
import { randomUUID } from 'node:crypto';
import { CouchStore } from '../store/couchdb';
import { createEmbeddedStore, MEMORY } from '../store/embedded';
import type { Store, StoreDb } from '../store/port';

/** The CouchDB of `npm run test:couchdb`, or undefined in the embedded run. */
export function couchdbUnderTest(): string | undefined {
  return process.env.INMO_TEST_STORE === 'couchdb' ? process.env.COUCHDB_URL || undefined : undefined;
}

/** Lower-case and starting with a letter: CouchDB's rule for database names. */
export const testPrefix = (): string => `t${randomUUID().slice(0, 8)}_`;

/** What a CouchDB test store leaves behind until it is closed, dropped by couchdb-setup.ts after each file. */
const open = new Set<TestCouchStore>();

/** A store on the run's database under a fresh prefix (the embedded store in memory, or CouchDB). */
export async function testStore(prefix = testPrefix()): Promise<Store> {
  const url = couchdbUnderTest();
  if (!url) return createEmbeddedStore(MEMORY, prefix);
  const existing = await databasesOf(url, prefix);
  if (existing.length) throw new Error(`El prefijo de pruebas ${prefix} ya tiene bases en CouchDB (${existing.join(', ')}); no se usa ni se borra.`);
  const store = new TestCouchStore(url, prefix);
  open.add(store);
  return store;
}

/**
 * What a second gateway process opens on a test store's databases: its own CouchDB connection
 * (which never deletes them), or the same embedded store (a LevelDB folder admits one process).
 */
export function sameDatabases(store: Store): Store {
  return store instanceof TestCouchStore ? new CouchStore(store.couchUrl, store.couchPrefix) : store;
}

/** Closes every CouchDB test store still open, deleting its databases. */
export async function dropOpenCouchStores(): Promise<void> {
  for (const store of [...open]) await store.close();
}

class TestCouchStore extends CouchStore {
  private dropped?: Promise<void>;

  constructor(
    readonly couchUrl: string,
    readonly couchPrefix: string,
  ) {
    super(couchUrl, couchPrefix);
  }

  override close(): Promise<void> {
    this.dropped ??= (async () => {
      open.delete(this);
      await super.close();
      for (const name of await databasesOf(this.couchUrl, this.couchPrefix)) await couch(this.couchUrl, encodeURIComponent(name), 'DELETE', [404]);
    })();
    return this.dropped;
  }
}

/** Names of the databases whose name starts with `prefix` (CouchDB's `_all_dbs` needs an admin). */
export async function databasesOf(url: string, prefix: string): Promise<string[]> {
  const range = `start_key=${encodeURIComponent(JSON.stringify(prefix))}&end_key=${encodeURIComponent(JSON.stringify(`${prefix}\ufff0`))}`;
  const names = (await couch(url, `_all_dbs?${range}`)) as string[];
  return names.filter((n) => n.startsWith(prefix));
}

/**
 * One request to CouchDB (the first node when COUCHDB_URL lists several) with the URL's credentials
 * as Basic auth (fetch refuses them in the URL); answers its JSON.
 */
export async function couch(url: string, path: string, method = 'GET', okStatuses: number[] = []): Promise<unknown> {
  const base = new URL(url.split(',')[0].trim());
  const headers: Record<string, string> = { accept: 'application/json' };
  if (base.username) headers.authorization = `Basic ${Buffer.from(`${decodeURIComponent(base.username)}:${decodeURIComponent(base.password)}`).toString('base64')}`;
  base.username = '';
  base.password = '';
  const res = await fetch(`${base.href.replace(/\/?$/, '/')}${path}`, { method, headers });
  const text = await res.text();
  if (!res.ok && !okStatuses.includes(res.status)) throw new Error(`CouchDB respondió ${res.status} a ${method} /${path.split('?')[0]}: ${text}`);
  return text ? JSON.parse(text) : undefined;
}

/** The real database with the calls of one of its methods counted: how many store calls some work took. */
export function countingCalls(db: StoreDb, method: 'bulkGet' | 'bulkGetJson' | 'changes' | 'revsDiff'): { db: StoreDb; calls: () => number } {
  let calls = 0;
  const counted = Object.create(db) as StoreDb;
  const original = db[method] as (...args: unknown[]) => unknown;
  (counted as unknown as Record<string, unknown>)[method] = (...args: unknown[]) => {
    calls++;
    return original.apply(db, args);
  };
  return { db: counted, calls: () => calls };
}
