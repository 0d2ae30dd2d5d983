/**
 * `npm run backup -- FILE`: a consistent copy of every database (backup.ts) into FILE (gzip when
 * it ends in `.gz`), from CouchDB or the embedded store, with the gateway running or not.
 *
 *   npm run backup -- ARCHIVO [--cifrar] [--aceptar-vacia]  respaldo (backup-to-file.ts); --cifrar
 *                                                           con la contraseña de RESPALDO_CLAVE
 *   npm run backup -- --verificar ARCHIVO                 comprueba que se restaura (verify-restore.ts)
 *   npm run backup -- --rotar CARPETA [--diarios N] [--mensuales M]   (rotation.ts)
 *
 * Exit codes: 0 done, 1 the backup or check failed, 2 the command line is wrong.
 */
import { statSync } from 'node:fs';
import { configFromEnv } from '../config';
import { backupToFile } from './backup-to-file';
import { errorText, resolveFromCaller } from './cli-args';
import { DEFAULT_ROTATION, rotateFolder } from './rotation';
import { checkBackupRestores } from './verify-restore';
import { BadPassphrase, passphraseFromEnv } from './backup-crypto';

const FROM = {
  couchdb: 'Apache CouchDB (COUCHDB_URL)',
  pasarela: 'la pasarela en ejecución',
  integrada: 'la base integrada',
} as const;

const USAGE = [
  'Uso: npm run backup -- ARCHIVO [--cifrar] [--aceptar-vacia]   (p. ej. npm run backup -- respaldos/inmobiliaria-2026-01-31.ndjson.gz)',
  '     npm run backup -- --verificar ARCHIVO      (un respaldo cifrado se lee con RESPALDO_CLAVE)',
  '     npm run backup -- --rotar CARPETA [--diarios 14] [--mensuales 12]',
].join('\n');

type Command =
  | { kind: 'backup'; file: string; acceptEmpty: boolean; encrypt: boolean }
  | { kind: 'verify'; file: string }
  | { kind: 'rotate'; folder: string; daily: number; monthly: number };

class Usage extends Error {}

const count = (name: string, value: string | undefined): number => {
  if (value === undefined || !/^\d{1,4}$/.test(value)) throw new Usage(`${name} espera un número entero (p. ej. ${name} 14).`);
  return Number(value);
};

export function parseBackupArgs(argv: readonly string[]): Command {
  const rest = [...argv];
  let verify: string | undefined;
  let rotate: string | undefined;
  let daily = DEFAULT_ROTATION.daily;
  let monthly = DEFAULT_ROTATION.monthly;
  let acceptEmpty = false;
  let encrypt = false;
  const files: string[] = [];
  while (rest.length) {
    const a = rest.shift()!;
    if (a === '--verificar' || a === '--verify') verify = rest.shift() ?? '';
    else if (a === '--rotar' || a === '--rotate') rotate = rest.shift() ?? '';
    else if (a === '--diarios') daily = count(a, rest.shift());
    else if (a === '--mensuales') monthly = count(a, rest.shift());
    else if (a === '--aceptar-vacia') acceptEmpty = true;
    else if (a === '--cifrar' || a === '--encrypt') encrypt = true;
    else if (a.startsWith('-')) throw new Usage(`Opción desconocida: ${a}.`);
    else files.push(a);
  }
  if (verify !== undefined) {
    if (!verify || files.length || rotate !== undefined) throw new Usage('--verificar lleva un solo ARCHIVO.');
    return { kind: 'verify', file: verify };
  }
  if (rotate !== undefined) {
    if (!rotate || files.length) throw new Usage('--rotar lleva una sola CARPETA.');
    return { kind: 'rotate', folder: rotate, daily, monthly };
  }
  if (files.length !== 1) throw new Usage('Falta el ARCHIVO del respaldo.');
  if (encrypt) passphraseFromEnv();
  return { kind: 'backup', file: files[0], acceptEmpty, encrypt };
}

async function run(cmd: Command): Promise<void> {
  if (cmd.kind === 'verify') {
    const file = resolveFromCaller(cmd.file);
    const check = await checkBackupRestores(file);
    console.log(`Respaldo ${file} del ${check.summary.creado} verificado: se restaura completo y cada base coincide con el archivo.`);
    for (const b of check.bases) console.log(`  ${b.base}: ${b.revisiones} revisiones (${b.datos} documentos vigentes)`);
    return;
  }
  if (cmd.kind === 'rotate') {
    const folder = resolveFromCaller(cmd.folder);
    const plan = rotateFolder(folder, { daily: cmd.daily, monthly: cmd.monthly });
    console.log(`Rotación de ${folder} (${cmd.daily} diarios, ${cmd.monthly} mensuales): ${plan.keep.length} se conservan, ${plan.remove.length} borrados.`);
    for (const name of plan.remove) console.log(`  borrado: ${name}`);
    return;
  }
  const file = resolveFromCaller(cmd.file);
  const config = configFromEnv();
  const started = Date.now();
  const { source, summary } = await backupToFile(config, file, { acceptEmpty: cmd.acceptEmpty, passphrase: cmd.encrypt ? passphraseFromEnv() : undefined });
  const mb = (statSync(file).size / 1024 / 1024).toFixed(1);
  console.log(`Respaldo${cmd.encrypt ? ' cifrado' : ''} guardado en ${file} (${mb} MB) desde ${FROM[source]} en ${((Date.now() - started) / 1000).toFixed(1)} s:`);
  for (const b of summary.bases) console.log(`  ${b.base}: ${b.revisiones} revisiones${b.locales ? `, ${b.locales} documentos locales` : ''}`);
}

function main(): void {
  // Whatever this command writes (the backup, a first data folder) is its owner's only.
  process.umask(0o077);
  let cmd: Command;
  try {
    cmd = parseBackupArgs(process.argv.slice(2));
  } catch (e) {
    console.error(e instanceof BadPassphrase ? `No se pudo hacer el respaldo: ${e.message}` : `${errorText(e)}\n${USAGE}`);
    process.exit(2);
  }
  run(cmd).then(
    () => process.exit(0),
    (e: unknown) => {
      console.error(`${cmd.kind === 'verify' ? 'El respaldo no pasó la verificación' : cmd.kind === 'rotate' ? 'No se pudo rotar' : 'No se pudo hacer el respaldo'}: ${errorText(e)}`);
      process.exit(1);
    },
  );
}

if (process.argv[1] && /backup-cli\.ts$/.test(process.argv[1])) main();
