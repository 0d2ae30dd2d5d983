/**
 * The databases a signed-in person keeps on this device (docs/architecture.md section 5), in one table derived
 * from the entities' declarations (couch-design/entities.ts: those whose `sync` names a `device`
 * database): the registry opens, watches and wipes each of them, and the sync engine pulls every
 * one and pushes those marked `pushed`. A new synced database is a new declaration, not a row here.
 */
import { deviceDatabases, type DeviceDbName, type LocalDatabaseSpec as Spec } from '../../../../couch-design/entities';

export { NOMINAS_READ_ONLY } from '../../../../couch-design/nomina/entity';

export type SyncedDbName = DeviceDbName;

export type LocalDatabaseSpec = Spec<SyncedDbName>;

export const LOCAL_DATABASES = deviceDatabases() as readonly LocalDatabaseSpec[];

export const SYNCED_DBS: readonly SyncedDbName[] = LOCAL_DATABASES.map((d) => d.name);

/** The databases whose local changes the engine pushes (and counts as pending). */
export const PUSHED_DBS: readonly SyncedDbName[] = LOCAL_DATABASES.filter((d) => d.pushed).map((d) => d.name);

export const HOME_DB: SyncedDbName = LOCAL_DATABASES.find((d) => d.home)!.name;

export function databaseSpec(name: SyncedDbName): LocalDatabaseSpec {
  return LOCAL_DATABASES.find((d) => d.name === name)!;
}
