/**
 * The databases a device replicates and the scope of each, from couch-design/scope.
 * `wholeDatabase` marks scopes that cover every document the database accepts (its
 * validate_doc_update admits one `type`), so checks that need a stored document can be skipped.
 */
import type { AuthUser } from '../auth/session-user';
import {
  captacionesScopeKind,
  captacionesSelector,
  inCaptacionesScope,
  inNominasScope,
  nominasSelector,
  type MangoSelector,
} from '../../../couch-design/scope';
import { captacionWritePolicy } from '../../../couch-design/captacion/write-policy';
import { nominaSyncPolicy, type WritePolicy } from '../../../couch-design/write-policy';

export type SyncedDbName = 'captaciones' | 'nominas';

export interface SyncedDb {
  name: SyncedDbName;
  /** The server's selector, `null` when this person may read nothing. */
  selector(user: AuthUser): MangoSelector | null;
  /**
   * Whether this person may read this (non-design) document. A whole-database scope reads every
   * document the database holds, tombstones without owner fields included: the database admits
   * only its one `type`, so anything in it is a record of that kind (or the deletion of one).
   */
  inScope(user: AuthUser, doc: { type?: unknown } | null | undefined): boolean;
  wholeDatabase(user: AuthUser): boolean;
  /** What a device may write into this database: the entity's one write policy, shared with REST. */
  writePolicy: WritePolicy;
}

const captacionesWhole = (user: AuthUser): boolean => captacionesScopeKind(user) === 'todas';

const captaciones: SyncedDb = {
  name: 'captaciones',
  selector: captacionesSelector,
  inScope: (user, doc) => captacionesWhole(user) || inCaptacionesScope(user, doc),
  wholeDatabase: captacionesWhole,
  writePolicy: captacionWritePolicy,
};

const nominas: SyncedDb = {
  name: 'nominas',
  selector: nominasSelector,
  inScope: inNominasScope,
  wholeDatabase: () => false,
  writePolicy: nominaSyncPolicy,
};

const SYNCED: Record<SyncedDbName, SyncedDb> = { captaciones, nominas };

export function syncedDb(name: string): SyncedDb | undefined {
  return Object.prototype.hasOwnProperty.call(SYNCED, name) ? SYNCED[name as SyncedDbName] : undefined;
}

/** Design and local documents are never replicated through the gateway. */
export const isSpecialId = (id: string): boolean => id.startsWith('_');

/**
 * What a device receives of a stored document. Attachments are left out: PouchDB fetches them one
 * by one from `/db/<name>/<id>/<file>`, which this endpoint does not serve (photos live on
 * user and employee documents, captaciones link images by URL). The gateway keeps any the
 * server has when a device writes the document back.
 */
export function forDevice<T extends { _attachments?: unknown }>(doc: T): T {
  if (doc._attachments === undefined) return doc;
  const { _attachments: _omit, ...rest } = doc;
  return rest as T;
}
