/**
 * The backup file: newline-delimited JSON, one record per line, gzip-compressed when the file
 * name ends in `.gz` (read back by its first bytes, whatever its name). One line per record keeps
 * both ends streaming: the backup writes a document as soon as it reads it and the restore writes
 * a batch as soon as it has one, so neither holds more than a page of documents in memory.
 *
 *   {"respaldo":"inmobiliaria","version":1,...}                       header
 *   {"base":"captaciones","secuencia_inicial":"…","instancia":true}   a database starts
 *   {"doc":{…}}                                                        one leaf revision: its body,
 *                                                                     `_revisions` (its history) and
 *                                                                     attachments inline (base64)
 *   {"local":{"_id":"_local/…",…}}                                    a `_local` document worth keeping
 *   {"fin_base":"captaciones","revisiones":n,"locales":n,"ultima_secuencia":"…","sha256":"…"}
 *                                                                     `sha256`: of that database's doc and
 *                                                                     local lines as written (version 2)
 *   {"fin":true,"lineas":n}                                           the last line: a cut file lacks it
 *
 * Version 2 leaves out the `sesiones` database (sessions, sign-in counters and the session secret:
 * whoever holds a backup must not hold a way in; backup.ts). Version 1 files are still read; their
 * `sesiones` lines are skipped by the restore.
 */
import { constants, createReadStream, createWriteStream, mkdirSync, openSync, type WriteStream } from 'node:fs';
import { createHash, randomBytes, type Hash } from 'node:crypto';
import { open, rename, rm } from 'node:fs/promises';
import { createInterface } from 'node:readline';
import path from 'node:path';
import type { Readable, Writable } from 'node:stream';
import { createGunzip, createGzip } from 'node:zlib';
import type { StoreDoc } from '../store/port';
import { BadPassphrase, decryptedText, encryptingStream, isEncrypted, passphraseFromEnv } from './backup-crypto';

export const FORMAT = 'inmobiliaria';
export const VERSION = 2;
/** Versions this code restores. */
export const READABLE_VERSIONS: readonly number[] = [1, 2];

export interface HeaderLine {
  respaldo: typeof FORMAT;
  version: number;
  creado: string;
  almacen: 'embedded' | 'couchdb';
  bases: string[];
}
export interface DbStartLine {
  base: string;
  /** The database's `update_seq` when the backup started (informative: sequences are per store). */
  secuencia_inicial: string;
  /** Whether the database had an instance id (`_local/instancia`): the restore gives it a new one. */
  instancia: boolean;
}
export interface DocLine {
  doc: StoreDoc;
}
export interface LocalLine {
  local: StoreDoc;
}
export interface DbEndLine {
  fin_base: string;
  revisiones: number;
  locales: number;
  ultima_secuencia: string;
  /** Hex SHA-256 of the database's `doc` and `local` lines, each with its newline (version 2). */
  sha256?: string;
}
export interface TrailerLine {
  fin: true;
  lineas: number;
}
export type BackupLine = HeaderLine | DbStartLine | DocLine | LocalLine | DbEndLine | TrailerLine;

/** A backup file that cannot be restored, said in Spanish. */
export class BadBackup extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'BadBackup';
  }
}

/** Writes JSON lines to `out`, waiting while it is full; fails at once if `out` was closed (a client gone). */
export class LineWriter {
  lines = 0;
  private hash: Hash | null = null;
  constructor(private readonly out: Writable) {}

  /** Starts the checksum of one database's lines (the `doc` and `local` lines written from now on). */
  startBase(): void {
    this.hash = createHash('sha256');
  }

  /** The checksum of the lines since startBase. */
  endBase(): string {
    const digest = this.hash?.digest('hex') ?? '';
    this.hash = null;
    return digest;
  }

  async write(line: BackupLine): Promise<void> {
    if (this.out.destroyed || this.out.writableEnded) throw new Error('El destino del respaldo se cerró antes de terminar.');
    this.lines++;
    const text = `${JSON.stringify(line)}\n`;
    if (this.hash && ('doc' in line || 'local' in line)) this.hash.update(text);
    if (this.out.write(text)) return;
    await new Promise<void>((resolve, reject) => {
      const done = (err?: Error): void => {
        this.out.off('drain', onDrain);
        this.out.off('close', onClose);
        this.out.off('error', done);
        if (err) reject(err);
        else resolve();
      };
      const onDrain = (): void => done();
      const onClose = (): void => done(new Error('El destino del respaldo se cerró antes de terminar.'));
      this.out.on('drain', onDrain);
      this.out.once('close', onClose);
      this.out.once('error', done);
    });
  }
}

/**
 * A backup being written to `file`: the bytes go to a new `<file>.<random>.parcial` and take the
 * final name only once complete and checked (commit), so a stopped or failed backup never leaves a
 * file that looks like a backup, and an older one of that name stays until the new one is good.
 * The partial file is created exclusively (`O_EXCL`: never one that exists, never through a
 * symbolic link placed there, `O_NOFOLLOW` besides) and readable by its owner only; the rename
 * replaces a link of the final name rather than writing through it.
 */
export interface BackupFileSink {
  /** The partial file's path (read back by the check before commit). */
  partial: string;
  /** Where to write the NDJSON text (gzip is applied here for a `.gz` name). */
  stream: Writable;
  /** Resolves once every byte is on disk. */
  finished: Promise<void>;
  commit(): Promise<void>;
  discard(): Promise<void>;
}

export interface SinkOptions {
  /** Encrypt with this passphrase (backup-crypto.ts); the text is then always gzip-compressed. */
  passphrase?: string;
}

export function backupFileSink(file: string, opts: SinkOptions = {}): BackupFileSink {
  const partial = `${file}.${randomBytes(6).toString('hex')}.parcial`;
  // `respaldos/…` on a first run: the folder is part of the name the operator chose, its own only.
  mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
  const fd = openSync(partial, constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | constants.O_NOFOLLOW, 0o600);
  const disk: WriteStream = createWriteStream(partial, { fd });
  const gzip = opts.passphrase || /\.gz$/i.test(file) ? createGzip() : null;
  const cipher = opts.passphrase ? encryptingStream(opts.passphrase) : null;
  if (gzip && cipher) gzip.pipe(cipher).pipe(disk);
  else if (gzip) gzip.pipe(disk);
  const finished = new Promise<void>((resolve, reject) => {
    disk.once('finish', () => resolve());
    disk.once('error', reject);
    gzip?.once('error', reject);
    cipher?.once('error', reject);
  });
  // Failures surface through `finished` (or the next write); never as an unhandled rejection.
  finished.catch(() => undefined);
  return {
    partial,
    stream: gzip ?? disk,
    finished,
    commit: () => rename(partial, file),
    async discard() {
      (gzip ?? disk).destroy();
      cipher?.destroy();
      disk.destroy();
      await rm(partial, { force: true });
    },
  };
}

async function isGzip(file: string): Promise<boolean> {
  const fh = await open(file, 'r');
  try {
    const magic = new Uint8Array(2);
    const { bytesRead } = await fh.read(magic, 0, 2, 0);
    return bytesRead === 2 && magic[0] === 0x1f && magic[1] === 0x8b;
  } finally {
    await fh.close();
  }
}

/** The records of a backup file, one at a time, with the size of each line (to batch writes by bytes). */
export async function* readBackupLines(file: string): AsyncGenerator<{ line: BackupLine; bytes: number; number: number; text: string }> {
  let input: Readable;
  let failed: () => Error | null = () => null;
  try {
    if (await isEncrypted(file)) {
      const decrypted = await decryptedText(file, passphraseFromEnv());
      input = decrypted.text;
      failed = decrypted.failed;
    } else {
      input = createReadStream(file);
      if (await isGzip(file)) input = input.pipe(createGunzip());
    }
  } catch (e) {
    if (e instanceof BadPassphrase) throw new BadBackup(`El respaldo ${file} está cifrado y ${e.message}`);
    throw new BadBackup(`No se pudo leer el archivo de respaldo ${file}: ${(e as Error).message}`);
  }
  const lines = createInterface({ input, crlfDelay: Infinity });
  let number = 0;
  try {
    for await (const text of lines) {
      number++;
      if (text === '') continue;
      let line: BackupLine;
      try {
        line = JSON.parse(text) as BackupLine;
      } catch {
        throw new BadBackup(`El respaldo ${file} está dañado: la línea ${number} no es JSON (¿archivo cortado?).`);
      }
      yield { line, bytes: text.length, number, text };
    }
    const why = failed();
    if (why) throw new BadBackup(`El respaldo ${file} no se puede usar: ${why.message}`);
  } catch (e) {
    if (e instanceof BadBackup) throw e;
    throw new BadBackup(`No se pudo leer el respaldo ${file}: ${(e as Error).message}`);
  } finally {
    lines.close();
    input.destroy();
  }
}

export interface BaseSummary {
  base: string;
  revisiones: number;
  locales: number;
  instancia: boolean;
  /** Revisions that are neither design documents nor deletions: what people stored. */
  datos: number;
}

export interface BackupSummary {
  creado: string;
  almacen: string;
  version: number;
  bases: BaseSummary[];
  revisiones: number;
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * Reads the whole file once and answers what it holds, or throws BadBackup: a header of this
 * format, each database opened and closed with the counts it announces, and the last line. The
 * restore runs this before touching the target, so a cut or damaged file changes nothing.
 */
export async function verifyBackup(file: string): Promise<BackupSummary> {
  let header: HeaderLine | null = null;
  let current: BaseSummary | null = null;
  let hash: Hash | null = null;
  const bases: BackupSummary['bases'] = [];
  let count = 0;
  let trailer: TrailerLine | null = null;
  for await (const { line, number, text } of readBackupLines(file)) {
    count++;
    const bad = (why: string): BadBackup => new BadBackup(`El respaldo ${file} no es válido (línea ${number}): ${why}.`);
    if (trailer) throw bad('hay datos después del final');
    if (!header) {
      if (!isRecord(line) || (line as HeaderLine).respaldo !== FORMAT) throw bad('no es un respaldo de esta aplicación');
      if (!READABLE_VERSIONS.includes((line as HeaderLine).version)) throw bad(`versión ${String((line as HeaderLine).version)} desconocida (esta versión lee hasta la ${VERSION})`);
      header = line as HeaderLine;
      continue;
    }
    if ('base' in line) {
      if (current) throw bad(`la base ${current.base} no se cerró`);
      current = { base: line.base, revisiones: 0, locales: 0, instancia: line.instancia === true, datos: 0 };
      hash = createHash('sha256');
    } else if ('doc' in line) {
      if (!current || !isRecord(line.doc) || typeof line.doc._id !== 'string' || typeof line.doc._rev !== 'string') throw bad('documento fuera de una base o sin _id/_rev');
      current.revisiones++;
      if (!line.doc._id.startsWith('_design/') && line.doc._deleted !== true) current.datos++;
      hash?.update(`${text}\n`);
    } else if ('local' in line) {
      if (!current || !isRecord(line.local) || typeof line.local._id !== 'string') throw bad('documento local fuera de una base');
      current.locales++;
      hash?.update(`${text}\n`);
    } else if ('fin_base' in line) {
      if (!current || line.fin_base !== current.base) throw bad('cierre de una base que no estaba abierta');
      if (line.revisiones !== current.revisiones || line.locales !== current.locales) throw bad(`la base ${current.base} anuncia otra cantidad de documentos`);
      if (header.version >= 2 && line.sha256 !== hash?.digest('hex')) throw bad(`el contenido de la base ${current.base} no coincide con su suma de comprobación (archivo dañado)`);
      hash = null;
      bases.push(current);
      current = null;
    } else if ('fin' in line) {
      if (current) throw bad(`la base ${current.base} no se cerró`);
      if (line.lineas !== count) throw bad(`anuncia ${line.lineas} líneas y tiene ${count}`);
      trailer = line;
    } else {
      throw bad('registro desconocido');
    }
  }
  if (!header) throw new BadBackup(`El respaldo ${file} está vacío.`);
  if (!trailer) throw new BadBackup(`El respaldo ${file} está incompleto (le falta el final): no se restaura. Use otro respaldo o repítalo.`);
  const missing = header.bases.filter((b) => !bases.some((x) => x.base === b));
  if (missing.length) throw new BadBackup(`El respaldo ${file} no contiene las bases ${missing.join(', ')}.`);
  return { creado: header.creado, almacen: header.almacen, version: header.version, bases, revisiones: bases.reduce((n, b) => n + b.revisiones, 0) };
}
