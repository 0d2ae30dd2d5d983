/**
 * `npm run backup -- FILE` without the command line: where the backup is read from, and the file
 * written only once it is complete and checked.
 *
 * - COUCHDB_URL: straight from CouchDB (with COUCH_DB_PREFIX), gateways running or not.
 * - Embedded store with a gateway running on it: the gateway writes it (backup-door.ts).
 * - Embedded store with no gateway: the command opens the store itself.
 */
import { request } from 'node:http';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { Config } from '../config';
import { createStore } from '../store/index';
import { writeBackup } from './backup';
import { BACKUP_PATH, readBackupDoor, type BackupDoorInfo } from './backup-door';
import { backupFileSink, verifyBackup, type BackupSummary } from './backup-format';

export type BackupSource = 'couchdb' | 'pasarela' | 'integrada';

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

export async function backupToFile(config: Config, file: string): Promise<{ source: BackupSource; summary: BackupSummary }> {
  const sink = backupFileSink(file);
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
    const summary = await verifyBackup(`${file}.parcial`);
    await sink.commit();
    return { source, summary };
  } catch (e) {
    await sink.discard();
    throw e;
  }
}
