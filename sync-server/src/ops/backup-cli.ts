/**
 * `npm run backup -- FILE`: a consistent copy of every database (backup.ts) into FILE (gzip when
 * it ends in `.gz`), from CouchDB or the embedded store, with the gateway running or not.
 */
import { statSync } from 'node:fs';
import { configFromEnv } from '../config';
import { backupToFile } from './backup-to-file';
import { errorText, parseOpsArgs, resolveFromCaller } from './cli-args';

const FROM = {
  couchdb: 'Apache CouchDB (COUCHDB_URL)',
  pasarela: 'la pasarela en ejecución',
  integrada: 'la base integrada',
} as const;

async function main(): Promise<void> {
  const args = parseOpsArgs(process.argv.slice(2));
  if (!args.file || args.unknown.length) {
    console.error('Uso: npm run backup -- ARCHIVO   (p. ej. npm run backup -- respaldos/inmobiliaria-2026-01-31.ndjson.gz)');
    process.exit(2);
  }
  const file = resolveFromCaller(args.file);
  const config = configFromEnv();
  const started = Date.now();
  const { source, summary } = await backupToFile(config, file);
  const mb = (statSync(file).size / 1024 / 1024).toFixed(1);
  console.log(`Respaldo guardado en ${file} (${mb} MB) desde ${FROM[source]} en ${((Date.now() - started) / 1000).toFixed(1)} s:`);
  for (const b of summary.bases) console.log(`  ${b.base}: ${b.revisiones} revisiones${b.locales ? `, ${b.locales} documentos locales` : ''}`);
}

main().then(
  () => process.exit(0),
  (e: unknown) => {
    console.error(`No se pudo hacer el respaldo: ${errorText(e)}`);
    process.exit(1);
  },
);
