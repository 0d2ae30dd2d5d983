/**
 * `npm run backup -- FILE` without the command line: where the backup is read from, and the file
 * written only once it is complete and checked.
 *
 * - COUCHDB_URL: straight from CouchDB (with COUCH_DB_PREFIX), gateways running or not.
 * - Embedded store with a gateway running on it: the gateway writes it (backup-door.ts).
 * - Embedded store with no gateway: the command opens the store itself.
 *
 * A backup that would say "saved" while holding nothing is refused: a data folder that does not
 * exist (never created here: a cron line without DATA_DIR would back up an empty `./data` every
 * night), CouchDB databases that do not exist under COUCH_DB_PREFIX, or a store with no account,
 * unless the operator says so (`--aceptar-vacia`).
 */
import { existsSync, statSync } from 'node:fs';
import { request } from 'node:http';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { USUARIO } from '../../../couch-design/usuario/entity';
import type { Config } from '../config';
import { createStore, StoreError } from '../store/index';
import { CouchStore } from '../store/couchdb';
import { writeBackup } from './backup';
import { BACKUP_PATH, readBackupDoor, type BackupDoorInfo } from './backup-door';
import { backupFileSink, verifyBackup, type BackupSummary } from './backup-format';

export type BackupSource = 'couchdb' | 'pasarela' | 'integrada';

/** A backup that would be empty or read the wrong place: said in Spanish, nothing written. */
export class NothingToBackUp extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'NothingToBackUp';
  }
}

export interface BackupOptions {
  /** Accept a store with no account (a new installation backed up on purpose). */
  acceptEmpty?: boolean;
  /** Encrypt the file with this passphrase (backup-crypto.ts). */
  passphrase?: string;
}

/** The embedded store's folder must exist and be one: opening the store would create an empty one. */
function assertDataDir(dataDir: string): void {
  if (!existsSync(dataDir)) {
    throw new NothingToBackUp(
      `no existe la carpeta de datos ${dataDir}: defina DATA_DIR con la carpeta de la pasarela (la misma que en su servicio, p. ej. DATA_DIR=/var/lib/inmobiliaria) o COUCHDB_URL. No se creó nada.`,
    );
  }
  if (!statSync(dataDir).isDirectory()) throw new NothingToBackUp(`DATA_DIR (${dataDir}) no es una carpeta.`);
}

/** The accounts database must exist in CouchDB under this prefix: opening the store would create it. */
async function assertCouchDatabases(store: CouchStore, dbPrefix: string): Promise<void> {
  try {
    await store.nodes.relax('read', { db: `${dbPrefix}usuarios` });
  } catch (e) {
    if (e instanceof StoreError && e.status === 404) {
      throw new NothingToBackUp(`Apache CouchDB no tiene la base ${dbPrefix}usuarios: revise COUCH_DB_PREFIX (el mismo que la pasarela) y COUCHDB_URL. No se creó nada.`);
    }
    throw e;
  }
}

export class StoreInUse extends Error {
  constructor(dataDir: string) {
    super(
      `La base integrada en ${dataDir} está abierta por otro proceso que no ofrece respaldos (por ejemplo npm run seed:demo, ` +
        'o una pasarela de una versión anterior). Espere a que termine, o deténgalo y repita el respaldo.',
    );
    this.name = 'StoreInUse';
  }
}

const alive = (pid: number): boolean => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    // EPERM: it exists, under another user.
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
};

/** The running gateway's backup stream, or null when no gateway answers on that door. */
function askGateway(door: BackupDoorInfo): Promise<Readable | null> {
  if (!alive(door.pid)) return Promise.resolve(null);
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port: door.port, path: BACKUP_PATH, headers: { authorization: `Bearer ${door.token}` } }, (res) => {
      if (res.statusCode === 200) return resolve(res);
      res.resume();
      reject(new Error(`La pasarela en ejecución rechazó el respaldo (HTTP ${res.statusCode}).`));
    });
    // A file left by a gateway that died: nobody listens there any more.
    req.once('error', (e: NodeJS.ErrnoException) => (e.code === 'ECONNREFUSED' ? resolve(null) : reject(e)));
    req.end();
  });
}

export async function backupToFile(config: Config, file: string, opts: BackupOptions = {}): Promise<{ source: BackupSource; summary: BackupSummary }> {
  if (!config.couchdbUrl) assertDataDir(config.dataDir);
  const sink = backupFileSink(file, { passphrase: opts.passphrase });
  try {
    let source: BackupSource;
    const door = config.couchdbUrl ? null : readBackupDoor(config);
    const fromGateway = door ? await askGateway(door) : null;
    if (fromGateway) {
      source = 'pasarela';
      await pipeline(fromGateway, sink.stream);
    } else {
      source = config.couchdbUrl ? 'couchdb' : 'integrada';
      const store = await createStore(config);
      try {
        if (store instanceof CouchStore) await assertCouchDatabases(store, config.dbPrefix);
        await writeBackup(store, sink.stream).catch((e: unknown) => {
          if (source === 'integrada' && /lock/i.test(e instanceof Error ? e.message : String(e))) throw new StoreInUse(config.dataDir);
          throw e;
        });
      } finally {
        await store.close();
      }
      sink.stream.end();
    }
    await sink.finished;
    // What is on disk, read back: a backup is only called done once a restore would accept it.
    const summary = await verifyBackup(sink.partial);
    const people = summary.bases.find((b) => b.base === USUARIO.database)?.datos ?? 0;
    if (people === 0 && !opts.acceptEmpty) {
      throw new NothingToBackUp(
        `el almacén (${config.couchdbUrl ? `Apache CouchDB, prefijo ${config.dbPrefix}` : config.dataDir}) no tiene ninguna cuenta: no es el de la pasarela, o está vacío. ` +
          'Revise DATA_DIR o COUCHDB_URL y COUCH_DB_PREFIX; si de verdad quiere respaldar un almacén vacío, repita con --aceptar-vacia.',
      );
    }
    await sink.commit();
    return { source, summary };
  } catch (e) {
    await sink.discard();
    throw e;
  }
}
