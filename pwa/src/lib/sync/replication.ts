/** What pulls and pushes share: PouchDB's replication as the engine drives it, and the gateway's databases. */
import { CHILD_WELCOME_QUERY } from '../../../../couch-design/entity';
import { databaseSpec, type SyncedDbName } from '../db/databases';
import { openRemoteDb, type FetchFn, type LocalDatabase } from '../db/pouch';
import { withInlineAttachments } from './inline-attachments';

/** The slice of PouchDB's Replication the engine uses (its published types predate 'checkpoint'). */
export interface Replication {
  on(event: string, listener: (...args: any[]) => void): unknown;
  cancel(): void;
  then<R>(onFulfilled: (result: { status?: string }) => R, onRejected?: (err: unknown) => R): Promise<R>;
}

/**
 * The gateway's copy of a local database (databases.ts names where it is served). Only PouchDB's
 * replication asks it for `info()`, to count progress, and after each pulled batch it does so
 * without catching a failure (pouchdb-replication, `src.info().then(…)`): a connection lost at
 * that moment would be an unhandled rejection. A failed `info()` therefore answers an unknown
 * position; the replication's next request meets the same failure and reports it as usual.
 * Attachments come inline with their documents (inline-attachments.ts).
 */
export function remoteDb(origin: string, name: SyncedDbName, fetchFn: FetchFn): LocalDatabase {
  const spec = databaseSpec(name);
  const db = withInlineAttachments(openRemoteDb(`${origin}${spec.remotePath}`, spec.child ? childIdentity(origin, spec.remotePath, fetchFn) : fetchFn));
  const info = db.info.bind(db);
  const unknownPosition = { db_name: name, doc_count: 0, update_seq: 0 } as unknown as PouchDB.Core.DatabaseInfo;
  db.info = () => info().catch(() => unknownPosition);
  return db;
}

/**
 * A child database's replication identity: PouchDB reads its uuid from the server's root (the
 * database URL's parent path), asked here for the one that leaves the device set out
 * (CHILD_WELCOME_QUERY): the children's cursor carries the set, and a set that moves does not pull
 * them again from zero.
 */
function childIdentity(origin: string, remotePath: string, fetchFn: FetchFn): FetchFn {
  const root = `${origin}${remotePath.slice(0, remotePath.lastIndexOf('/') + 1)}`;
  return (url, init) => fetchFn(url === root ? `${root}?${CHILD_WELCOME_QUERY}` : url, init);
}

export const isDesign = (id: string): boolean => id.startsWith('_design/');
export const revKey = (id: string, rev: string): string => `${id}@${rev}`;
export const sleep = (ms: number): Promise<void> => new Promise<void>((resolve) => setTimeout(resolve, ms));
