/** What pulls and pushes share: PouchDB's replication as the engine drives it, and the gateway's databases. */
import { databaseSpec, type SyncedDbName } from '../db/databases';
import { openRemoteDb, type FetchFn, type LocalDatabase } from '../db/pouch';

/** The slice of PouchDB's Replication the engine uses (its published types predate 'checkpoint'). */
export interface Replication {
  on(event: string, listener: (...args: any[]) => void): unknown;
  cancel(): void;
  then<R>(onFulfilled: (result: { status?: string }) => R, onRejected?: (err: unknown) => R): Promise<R>;
}

/** The gateway's copy of a local database (databases.ts names where it is served). */
export function remoteDb(origin: string, name: SyncedDbName, fetchFn: FetchFn): LocalDatabase {
  return openRemoteDb(`${origin}${databaseSpec(name).remotePath}`, fetchFn);
}

export const isDesign = (id: string): boolean => id.startsWith('_design/');
export const revKey = (id: string, rev: string): string => `${id}@${rev}`;
export const sleep = (ms: number): Promise<void> => new Promise<void>((resolve) => setTimeout(resolve, ms));
