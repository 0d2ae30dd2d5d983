/**
 * How `npm run backup` copies the embedded store while `npm start` runs. LevelDB admits one
 * process: the backup command cannot open the store the gateway holds, and copying its files while
 * the gateway writes would not give a consistent copy. So the gateway process itself writes the
 * backup, asked through a door only the operator can open:
 *
 * - a second HTTP listener on 127.0.0.1 (never on HOST: it is not part of the public service) on a
 *   port the system picks, answering `GET /respaldo` with the backup as it is written;
 * - a random token, required as `Authorization: Bearer`, stored with that port in
 *   `<DATA_DIR>/<prefix>respaldo-pasarela.json`, readable by the owner only. Whoever can read that
 *   folder can read the database files anyway: the door gives nobody anything new.
 *
 * With CouchDB there is no door: the backup command reads CouchDB itself (COUCHDB_URL).
 */
import { randomBytes, timingSafeEqual } from 'node:crypto';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import type { Config } from '../config';
import { MEMORY } from '../store/embedded';
import type { Store } from '../store/port';
import { writeBackup } from './backup';
import { log } from '../log';

export interface BackupDoorInfo {
  pid: number;
  port: number;
  token: string;
}

export const BACKUP_PATH = '/respaldo';

export const backupDoorFile = (config: Pick<Config, 'dataDir' | 'dbPrefix'>): string => path.join(config.dataDir, `${config.dbPrefix}respaldo-pasarela.json`);

/** What the running gateway wrote, or null when no gateway offers backups on that folder. */
export function readBackupDoor(config: Pick<Config, 'dataDir' | 'dbPrefix'>): BackupDoorInfo | null {
  try {
    const info = JSON.parse(readFileSync(backupDoorFile(config), 'utf8')) as BackupDoorInfo;
    return typeof info.port === 'number' && typeof info.token === 'string' ? info : null;
  } catch {
    return null;
  }
}

function authorized(header: string | undefined, token: string): boolean {
  const given = new Uint8Array(Buffer.from(header?.replace(/^Bearer\s+/i, '') ?? ''));
  const expected = new Uint8Array(Buffer.from(token));
  return given.length === expected.length && timingSafeEqual(given, expected);
}

export interface BackupDoor {
  close(): void;
}

/** Opens the door when the store is the embedded one on disk; null otherwise (memory, CouchDB). */
export async function openBackupDoor(store: Store, config: Pick<Config, 'dataDir' | 'dbPrefix'>): Promise<BackupDoor | null> {
  if (store.kind !== 'embedded' || config.dataDir === MEMORY) return null;
  const token = randomBytes(32).toString('base64url');
  const server: Server = createServer((req, res) => {
    if (req.method !== 'GET' || req.url !== BACKUP_PATH || !authorized(req.headers.authorization, token)) {
      res.writeHead(req.url === BACKUP_PATH ? 401 : 404, { 'content-type': 'text/plain; charset=utf-8' }).end('No autorizado.\n');
      return;
    }
    res.writeHead(200, { 'content-type': 'application/x-ndjson; charset=utf-8', 'cache-control': 'no-store' });
    writeBackup(store, res).then(
      () => res.end(),
      (e: unknown) => {
        // The file would lack its last line and be refused; the command says the backup failed.
        log.error({ err: e }, 'El respaldo pedido por npm run backup falló');
        res.destroy();
      },
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const file = backupDoorFile(config);
  const info: BackupDoorInfo = { pid: process.pid, port: (server.address() as AddressInfo).port, token };
  writeFileSync(file, JSON.stringify(info), { mode: 0o600 });
  return {
    close() {
      server.close();
      server.closeAllConnections();
      // Only our own file: a later gateway on the same folder may have written its own.
      if (readBackupDoor(config)?.token === token) rmSync(file, { force: true });
    },
  };
}
