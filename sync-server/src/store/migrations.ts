/**
 * Schema versions of the stored data, and the migrations that bring a store up to this release
 * (docs/operacion.md «Actualizar», «Versiones de los datos»). Each database keeps its version in
 * `_local/esquema` (never replicated, not in backups: a restore is migrated at its first start);
 * no version means data made before versions existed (version 0).
 *
 * At start, before serving (main.ts), every migration newer than a database's version runs, in
 * order, and the version is written after each one. A migration must be idempotent: a gateway
 * stopped halfway, or two gateways on one CouchDB starting at once, run it again over documents it
 * already changed. A store whose version is newer than this release knows stops the start: an
 * older release would misread what a newer one wrote (restore the backup made before upgrading).
 */
import { DATABASES } from '../../../couch-design/design-docs/index';
import { isConflict, isNotFound, type Store, type StoreDb, type StoreDoc } from './port';

export const SCHEMA_DOC = 'esquema';

/** The store holds data of a newer release: the start stops (said in Spanish). */
export class NewerData extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'NewerData';
  }
}

export interface Migration {
  /** Versions grow by one per database, from 1. */
  version: number;
  database: string;
  /** What it changes, in Spanish, for the log. */
  description: string;
  /** Changes what needs it; answers how many documents it wrote. */
  run(db: StoreDb): Promise<number>;
}

/**
 * This release's migrations. Version 1 of every database is the shape stored by the releases
 * before versions existed: nothing to change, the version is written.
 */
export const MIGRATIONS: readonly Migration[] = DATABASES.map((database) => ({
  version: 1,
  database,
  description: 'versión inicial (los documentos de versiones anteriores ya tienen esta forma)',
  run: () => Promise.resolve(0),
}));

export const currentVersion = (migrations: readonly Migration[], database: string): number =>
  Math.max(0, ...migrations.filter((m) => m.database === database).map((m) => m.version));

async function versionOf(db: StoreDb): Promise<{ version: number; doc: StoreDoc | null }> {
  try {
    const doc = await db.getLocal(SCHEMA_DOC);
    return { version: typeof doc.version === 'number' ? doc.version : 0, doc };
  } catch (e) {
    if (isNotFound(e)) return { version: 0, doc: null };
    throw e;
  }
}

async function writeVersion(db: StoreDb, version: number): Promise<void> {
  for (let attempt = 0; attempt < 5; attempt++) {
    const { version: stored, doc } = await versionOf(db);
    if (stored >= version) return;
    try {
      await db.putLocal({ ...(doc ?? {}), _id: SCHEMA_DOC, version, actualizado: new Date().toISOString() });
      return;
    } catch (e) {
      // Another gateway wrote it meanwhile: read it again.
      if (!isConflict(e)) throw e;
    }
  }
}

export interface MigrationReport {
  database: string;
  from: number;
  to: number;
  written: number;
}

/** Runs what is pending on every database; `log` gets one line per migration run. */
export async function migrateStore(store: Store, migrations: readonly Migration[] = MIGRATIONS, log: (line: string) => void = () => undefined): Promise<MigrationReport[]> {
  const reports: MigrationReport[] = [];
  const databases = [...new Set(migrations.map((m) => m.database))];
  for (const database of databases) {
    const db = await store.db(database);
    const known = currentVersion(migrations, database);
    const { version: from } = await versionOf(db);
    if (from > known) {
      throw new NewerData(
        `La base ${database} tiene datos de una versión más nueva de la aplicación (esquema ${from}; esta versión conoce hasta el ${known}): no se arranca para no estropearlos. Instale la versión nueva, o restaure el respaldo hecho antes de actualizar.`,
      );
    }
    let written = 0;
    for (const m of migrations.filter((x) => x.database === database && x.version > from).sort((a, b) => a.version - b.version)) {
      const n = await m.run(db);
      written += n;
      await writeVersion(db, m.version);
      log(`Base ${database}: migración ${m.version} (${m.description}): ${n} documentos actualizados.`);
    }
    if (known > from) reports.push({ database, from, to: known, written });
  }
  return reports;
}
