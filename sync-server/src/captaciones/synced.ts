/** `/db/captaciones`, as its declaration says (couch-design/captacion/entity.ts), told of what devices store. */
import { CAPTACION } from '../../../couch-design/captacion/entity';
import { syncedDb, type FollowedDb, type SyncedDb } from '../sync/databases';
import type { CaptacionesDirectory } from './directory';

export const captacionesSynced: SyncedDb = syncedDb(CAPTACION);

/**
 * The declaration for a gateway whose REST list is `directory`: what devices store through the
 * replication endpoint is in the next list at once, as REST writes are (directory.ts), and the
 * directory names each captación's current revision to the replication endpoint.
 */
export function captacionesSyncedFor(directory: Pick<CaptacionesDirectory, 'applyOwnWrites' | 'currentRevision'>): SyncedDb & Required<FollowedDb> {
  return { ...captacionesSynced, ...captacionesFollowed(directory) };
}

/** What the directory tells the replication endpoint of `/db/captaciones`. */
export function captacionesFollowed(directory: Pick<CaptacionesDirectory, 'applyOwnWrites' | 'currentRevision'>): Required<FollowedDb> {
  return { stored: (docs) => directory.applyOwnWrites(docs), currentRevision: (id) => directory.currentRevision(id) };
}
