/** `/db/captaciones`: everyone reads every captación, a supervisor only those they advise; writes go through the one captación policy. */
import { captacionWritePolicy } from '../../../couch-design/captacion/write-policy';
import { captacionesScopeKind, captacionesSelector, inCaptacionesScope } from '../../../couch-design/scope';
import type { AuthUser } from '../http/actor';
import type { StoreDoc } from '../store/port';
import type { SyncedDb } from '../sync/databases';
import type { CaptacionesDirectory } from './directory';

const whole = (user: AuthUser): boolean => captacionesScopeKind(user) === 'todas';

export const captacionesSynced: SyncedDb = {
  name: 'captaciones',
  selector: captacionesSelector,
  inScope: (user, doc) => whole(user) || inCaptacionesScope(user, doc),
  wholeDatabase: whole,
  writePolicy: captacionWritePolicy,
};

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
