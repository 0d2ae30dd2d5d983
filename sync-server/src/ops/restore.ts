/**
 * Puts a backup (backup-format.ts) onto a store through the Store port: every leaf revision
 * written as it was (`_bulk_docs` with `new_edits:false`, its `_revisions` and attachments), so
 * the restored documents have the same revision trees, conflicts and deletions as the original,
 * and the kept `_local` documents. Each database that had an instance id gets a new one
 * (local-docs-kept.ts says why).
 *
 * The file is checked whole first (verifyBackup), and a store that already holds anything is
 * refused unless `force`, which deletes the backup's databases first: merging two histories of one
 * firm would revive what was deleted since and mix in another store's accounts.
 */
import { randomUUID } from 'node:crypto';
import { isNotFound, type Store, type StoreDb, type StoreDoc } from '../store/port';
import { BadBackup, readBackupLines, verifyBackup, type BackupSummary } from './backup-format';
import { BACKED_UP, NOT_BACKED_UP } from './backup';
import { INSTANCE_LOCAL_DOC, LOCAL_DOCS_KEPT, LOCAL_DOCS_OF_A_RUN } from './local-docs-kept';

/** Documents per `_bulk_docs`, and bytes (photos are inline): well under CouchDB's request limits. */
const WRITE_BATCH_DOCS = 200;
const WRITE_BATCH_BYTES = 8 * 1024 * 1024;

/** The target already holds data and `force` was not given. */
export class TargetNotEmpty extends Error {
  constructor(readonly databases: string[]) {
    super(
      `La base de destino no está vacía (${databases.join(', ')}): no se restaura encima. ` +
        'Use un almacén vacío (otra carpeta DATA_DIR u otro COUCH_DB_PREFIX), o repita con --force para BORRAR esas bases y restaurar el respaldo en su lugar.',
    );
    this.name = 'TargetNotEmpty';
  }
}

export interface RestoreOptions {
  /** Delete the backup's databases on the target first when they hold anything. */
  force?: boolean;
  /** One line per step, in Spanish (the CLI prints them). */
  log?: (line: string) => void;
}

async function hasLocal(db: StoreDb, id: string): Promise<boolean> {
  try {
    await db.getLocal(id);
    return true;
  } catch (e) {
    if (isNotFound(e)) return false;
    throw e;
  }
}

/** Anything in the feed (documents, deletions, design documents) or a `_local` a gateway writes at start. */
async function holdsAnything(db: StoreDb, name: string): Promise<boolean> {
  if ((await db.changes({ limit: 1 })).results.length > 0) return true;
  for (const id of [INSTANCE_LOCAL_DOC, ...(LOCAL_DOCS_KEPT[name] ?? []), ...(LOCAL_DOCS_OF_A_RUN[name] ?? [])]) if (await hasLocal(db, id)) return true;
  return false;
}

async function writeReplicated(db: StoreDb, docs: StoreDoc[]): Promise<void> {
  if (docs.length === 0) return;
  const failed = (await db.bulkDocs(docs, { new_edits: false })).filter((r) => r.error);
  if (failed.length) {
    const f = failed[0];
    throw new Error(`No se pudieron restaurar ${failed.length} documentos en ${db.name} (p. ej. ${f.id}: ${f.error} ${f.reason ?? ''}).`);
  }
}

export async function restoreBackup(store: Store, file: string, opts: RestoreOptions = {}): Promise<BackupSummary> {
  const log = opts.log ?? (() => undefined);
  const summary = await verifyBackup(file);
  log(`Respaldo válido del ${summary.creado} (${summary.almacen}): ${summary.revisiones} revisiones en ${summary.bases.length} bases.`);

  // A version 1 file's sessions and session secret are never put back (backup.ts says why).
  const restored = summary.bases.filter((b) => !NOT_BACKED_UP.has(b.base as (typeof BACKED_UP)[number]));
  for (const b of summary.bases) if (!restored.includes(b)) log(`Base ${b.base}: no se restaura (sesiones y secreto de las sesiones; las personas vuelven a iniciar sesión).`);
  const occupied: string[] = [];
  for (const base of [...restored.map((b) => b.base), ...NOT_BACKED_UP]) if (await holdsAnything(await store.db(base), base)) occupied.push(base);
  if (occupied.length && !opts.force) throw new TargetNotEmpty(occupied);
  for (const base of occupied) {
    log(`--force: se borra la base ${base} del destino.`);
    await store.destroy(base);
  }

  let db: StoreDb | null = null;
  let batch: StoreDoc[] = [];
  let bytes = 0;
  // Written last in each database: a validation function restored first could refuse documents
  // stored before it existed, and design documents are few and small.
  let designs: StoreDoc[] = [];
  const flush = async (): Promise<void> => {
    if (db) await writeReplicated(db, batch);
    batch = [];
    bytes = 0;
  };
  let skipping = false;
  for await (const { line, bytes: size } of readBackupLines(file)) {
    if ('base' in line) skipping = !restored.some((b) => b.base === line.base);
    if (skipping) {
      if ('fin_base' in line) skipping = false;
      continue;
    }
    if ('base' in line) {
      db = await store.db(line.base);
      designs = [];
    } else if ('doc' in line) {
      if (line.doc._id.startsWith('_design/')) designs.push(line.doc);
      else {
        batch.push(line.doc);
        bytes += size;
        if (batch.length >= WRITE_BATCH_DOCS || bytes >= WRITE_BATCH_BYTES) await flush();
      }
    } else if ('local' in line) {
      await flush();
      const { _rev: _ignored, ...local } = line.local;
      await db!.putLocal(local);
    } else if ('fin_base' in line) {
      await flush();
      await writeReplicated(db!, designs);
      const { instancia } = summary.bases.find((b) => b.base === line.fin_base)!;
      // A new instance id: devices compare everything once and push what this copy lacks.
      if (instancia) await db!.putLocal({ _id: INSTANCE_LOCAL_DOC, id: randomUUID() });
      log(`Base ${line.fin_base}: ${line.revisiones} revisiones restauradas.`);
      db = null;
    }
  }
  if (db) throw new BadBackup(`El respaldo ${file} cambió mientras se restauraba.`);
  return summary;
}
