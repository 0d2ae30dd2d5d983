/**
 * The embedded store is LevelDB, which admits one process per folder: a running gateway holds a
 * lock on it. A command run beside it (the admin tool, the demo seed) finds the lock when it opens
 * the store and says so plainly, instead of a LevelDB "IO error" or, worse, waiting.
 */
import fs from 'node:fs';
import { USUARIO } from '../../../couch-design/usuario/entity';
import type { Config } from '../config';
import { createStore } from './index';
import type { Store } from './port';

/** Raised when a command cannot open the store; `message` is the Spanish explanation. */
export class StoreNotOpened extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'StoreNotOpened';
  }
}

/** LevelDB's answer when another process holds the folder ('IO error: lock …/LOCK: Resource temporarily unavailable'). */
export const isLockedByAnotherProcess = (e: unknown): boolean => e instanceof Error && /\block\b/i.test(e.message) && !/permission denied/i.test(e.message);

export function storeInUseMessage(dataDir: string, command: string): string {
  return (
    `La base integrada en ${dataDir} está en uso por otro proceso, normalmente la pasarela en marcha (npm start o npm run serve): ` +
    `solo un proceso a la vez puede abrirla. Detenga la pasarela (Ctrl+C en su terminal, o SIGTERM a su proceso), ` +
    `ejecute de nuevo «${command}» y vuelva a iniciarla.`
  );
}

/**
 * Opens the store of `config` for a command that runs beside the gateway's start (`command` is
 * how the operator runs it again). With `mustExist`, an embedded folder that is not there is
 * refused rather than created: a command run from the wrong folder must not start a new, empty store.
 */
export async function openStoreForCommand(config: Pick<Config, 'dataDir' | 'couchdbUrl' | 'dbPrefix'>, command: string, opts: { mustExist?: boolean } = {}): Promise<Store> {
  if (!config.couchdbUrl && opts.mustExist && !fs.existsSync(config.dataDir)) {
    throw new StoreNotOpened(`No hay ninguna base integrada en ${config.dataDir}. Ejecute el comando en la carpeta del proyecto o indique la carpeta de datos con DATA_DIR.`);
  }
  const store = await createStore(config);
  try {
    // Opening a database is what meets the lock (or an unreachable CouchDB).
    await (await store.db(USUARIO.database)).info();
    return store;
  } catch (e) {
    await store.close().catch(() => undefined);
    if (!config.couchdbUrl && isLockedByAnotherProcess(e)) throw new StoreNotOpened(storeInUseMessage(config.dataDir, command));
    const msg = e instanceof Error ? e.message : String(e);
    throw new StoreNotOpened(`No se pudo abrir la base de datos: ${msg}`);
  }
}
