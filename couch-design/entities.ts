/**
 * Every entity's one declaration (couch-design/<entity>/entity.ts), in one list. What the gateway
 * deploys (design-docs), what it replicates (`/db/<database>`, sync-server/src/app.ts) and the
 * databases the PWA keeps on the device (pwa/src/lib/db/databases.ts) are all derived from it:
 * a new entity is one declaration and one line here (docs/architecture.md, sección 2).
 */
import { CAPTACION } from './captacion/entity';
import { CONJUNTO } from './conjunto/entity';
import { EMPLEADO } from './empleado/entity';
import { FOTO } from './fotos/entity';
import { isSynced, type DeviceDatabase, type EntityDeclaration, type EntityNames, type SyncedEntity } from './entity';
import { NOMINA } from './nomina/entity';
import { SESION } from './sesion/entity';
import { USUARIO } from './usuario/entity';
import { VISITA } from './visita/entity';

export const ENTITIES = [CAPTACION, FOTO, VISITA, NOMINA, USUARIO, EMPLEADO, SESION, CONJUNTO] as const satisfies readonly EntityDeclaration[];

export { isSynced, type EntityDeclaration, type SyncedEntity } from './entity';

export type Entity = (typeof ENTITIES)[number];
export type DatabaseName = Entity['database'];

/** The names of the databases a device keeps. */
export type DeviceDbName = Extract<Entity, { readonly sync: { readonly device: DeviceDatabase } }>['database'];

/** The databases the gateway replicates, in declaration order. */
export const syncedEntities = (entities: readonly EntityDeclaration[] = ENTITIES): SyncedEntity[] => entities.filter(isSynced);

/** One row of the PWA's table of local databases (pwa/src/lib/db/databases.ts). */
export interface LocalDatabaseSpec<Name extends string = string> extends DeviceDatabase {
  readonly name: Name;
  /** Where the gateway serves it with the CouchDB replication protocol. */
  readonly remotePath: string;
  /** The `type` every document written on the device gets (the database's validate_doc_update admits it). */
  readonly docType: string;
  /** Its documents carry attachments that replicate (photos): the device weighs what waits to go up. */
  readonly attachments?: true;
  /** What its records are called (the pending texts). */
  readonly names: EntityNames;
  /** A child entity's database: its replication identity is the welcome's with CHILD_WELCOME_QUERY. */
  readonly child?: true;
}

/** Said of records whose entity names none. */
const RECORDS: EntityNames = { one: 'registro', many: 'registros' };

/**
 * The databases a device keeps: every replicated entity that declares one, each child after its
 * parent (pushes go in this order, so a parent reaches the server before the children it allows).
 */
export function deviceDatabases(entities: readonly EntityDeclaration[] = ENTITIES): LocalDatabaseSpec[] {
  const specs = syncedEntities(entities).flatMap(({ database, docTypes, names, sync }) =>
    sync.device
      ? [{ ...sync.device, name: database, remotePath: `/db/${database}`, docType: docTypes[0], names: names ?? RECORDS, ...(sync.attachments ? { attachments: true as const } : {}), ...(sync.childOf ? { child: true as const } : {}) }]
      : [],
  );
  const parentOf = new Map(syncedEntities(entities).flatMap((e) => (e.sync.childOf ? [[e.database, e.sync.childOf.parent] as const] : [])));
  const depth = (name: string, seen = 0): number => {
    const parent = parentOf.get(name);
    return parent === undefined || seen > entities.length ? 0 : 1 + depth(parent, seen + 1);
  };
  // A stable sort: declaration order within each depth.
  return specs.map((s, k) => ({ s, k, d: depth(s.name) })).sort((a, b) => a.d - b.d || a.k - b.k).map(({ s }) => s);
}

