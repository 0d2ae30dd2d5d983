/**
 * The databases a signed-in person keeps on this device (DESIGN section 5), in one table: the
 * registry opens, watches and wipes each of them, and the sync engine pulls every one and pushes
 * those marked `pushed`. A new synced database is one more row here (and its gateway side).
 */
import { DOC_TYPES } from '../../../../couch-design/design-docs/index';

export const NOMINAS_READ_ONLY = 'Las nóminas no se modifican en este dispositivo.';

export interface LocalDatabaseSpec {
  readonly name: string;
  /**
   * Local writes go up to the gateway. A pull-only database is written elsewhere (payslips:
   * admins, through REST) and refuses writes on the device with `readOnly`.
   */
  readonly pushed: boolean;
  readonly readOnly?: string;
  /** Where the gateway serves it with the CouchDB replication protocol. */
  readonly remotePath: string;
  /** The `type` every document written on the device gets (the database's validate_doc_update admits it). */
  readonly docType: string;
  /**
   * Holds the device's own records (`_local`, never replicated): form drafts and the scope the
   * data was pulled with. A wipe destroys it last, so an interrupted wipe is redone.
   */
  readonly home?: true;
}

export const LOCAL_DATABASES = [
  { name: 'captaciones', pushed: true, remotePath: '/db/captaciones', docType: DOC_TYPES.captaciones[0], home: true },
  { name: 'nominas', pushed: false, readOnly: NOMINAS_READ_ONLY, remotePath: '/db/nominas', docType: DOC_TYPES.nominas[0] },
] as const satisfies readonly LocalDatabaseSpec[];

export type SyncedDbName = (typeof LOCAL_DATABASES)[number]['name'];

export const SYNCED_DBS: readonly SyncedDbName[] = LOCAL_DATABASES.map((d) => d.name);

/** The databases whose local changes the engine pushes (and counts as pending). */
export const PUSHED_DBS: readonly SyncedDbName[] = LOCAL_DATABASES.filter((d) => d.pushed).map((d) => d.name);

export const HOME_DB: SyncedDbName = LOCAL_DATABASES.find((d) => 'home' in d && d.home)!.name;

export function databaseSpec(name: SyncedDbName): LocalDatabaseSpec {
  return LOCAL_DATABASES.find((d) => d.name === name)!;
}
