/** `/db/captaciones`, as its declaration says (couch-design/captacion/entity.ts), told of what devices store. */
import { CAPTACION } from '../../../couch-design/captacion/entity';
import type { StoreDoc } from '../store/port';
import { syncedDb, type SyncedDb } from '../sync/databases';
import type { CaptacionesDirectory } from './directory';

export const captacionesSynced: SyncedDb = syncedDb(CAPTACION);

/** Told of the revisions a `_bulk_docs` through this gateway stored, each with its stored `_rev`. */
export interface StoredRevisions {
  stored(docs: readonly StoreDoc[]): void;
}

/**
 * The declaration for a gateway whose REST list is `directory`: what devices store through the
 * replication endpoint is in the next list at once, as REST writes are (directory.ts).
 */
export function captacionesSyncedFor(directory: Pick<CaptacionesDirectory, 'applyOwnWrites'>): SyncedDb & StoredRevisions {
  return { ...captacionesSynced, stored: (docs) => directory.applyOwnWrites(docs) };
}
