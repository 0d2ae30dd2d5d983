/**
 * `npm run restore -- FILE [--force]`: puts a backup onto the store that COUCHDB_URL (and
 * COUCH_DB_PREFIX) or DATA_DIR name, which must be empty unless `--force` (restore.ts). Run it with
 * the gateway stopped: the embedded store admits one process, and a gateway running on CouchDB
 * would keep serving what it read before.
 */
import { configFromEnv } from '../config';
import { createStore } from '../store/index';
import { errorText, parseOpsArgs, resolveFromCaller } from './cli-args';
import { restoreBackup } from './restore';

async function main(): Promise<void> {
  const args = parseOpsArgs(process.argv.slice(2));
  if (!args.file || args.unknown.length) {
    console.error('Uso: npm run restore -- ARCHIVO [--force]   (--force borra las bases de destino que no estén vacías)');
    process.exit(2);
  }
  const file = resolveFromCaller(args.file);
  const config = configFromEnv();
  const where = config.couchdbUrl ? `Apache CouchDB (COUCHDB_URL, prefijo ${config.dbPrefix})` : `la base integrada en ${config.dataDir}`;
  console.log(`Restaurando ${file} en ${where}.`);
  const store = await createStore(config);
  try {
    const summary = await restoreBackup(store, file, { force: args.force, log: (l) => console.log(`  ${l}`) });
    console.log(`Listo: ${summary.revisiones} revisiones restauradas. Inicie la pasarela (npm start); cada dispositivo volverá a comparar sus datos una vez y enviará lo que el respaldo no tenía.`);
  } catch (e) {
    if (!config.couchdbUrl && /lock/i.test(errorText(e))) {
      throw new Error(`la base integrada en ${config.dataDir} está en uso: detenga la pasarela (o npm run seed:demo) y repita.`, { cause: e });
    }
    throw e;
  } finally {
    await store.close().catch(() => undefined);
  }
}

main().then(
  () => process.exit(0),
  (e: unknown) => {
    console.error(`No se restauró el respaldo: ${errorText(e)}`);
    process.exit(1);
  },
);
