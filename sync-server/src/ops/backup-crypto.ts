/**
 * Encrypted backups (`npm run backup -- ARCHIVO --cifrar`, docs/operacion.md «Respaldos cifrados»):
 * AES-256-GCM with a key derived from a passphrase by scrypt (memory-hard: 2^15 × 8 × 128 bytes =
 * 32 MiB per try), the passphrase taken from RESPALDO_CLAVE. The file:
 *
 *   "INMOCIF1" (8 bytes) · salt (16) · IV (12) · ciphertext of the gzip-compressed NDJSON · tag (16)
 *
 * Reading decrypts as it streams and checks the tag at the end: a wrong passphrase or a changed
 * byte fails the whole read (the restore reads the file once to check it before writing anything).
 */
import { createCipheriv, createDecipheriv, randomBytes, scryptSync } from 'node:crypto';
import { createReadStream, statSync } from 'node:fs';
import { open } from 'node:fs/promises';
import { PassThrough, Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGunzip } from 'node:zlib';

export const MAGIC = Buffer.from('INMOCIF1', 'ascii');
const SALT_BYTES = 16;
const IV_BYTES = 12;
const TAG_BYTES = 16;
const HEADER_BYTES = MAGIC.length + SALT_BYTES + IV_BYTES;
const SCRYPT = { N: 2 ** 15, r: 8, p: 1, maxmem: 64 * 1024 * 1024 };

export const PASSPHRASE_ENV = 'RESPALDO_CLAVE';
export const MIN_PASSPHRASE = 12;

/** A passphrase missing, too short or wrong: said in Spanish. */
export class BadPassphrase extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'BadPassphrase';
  }
}

export function passphraseFromEnv(env: NodeJS.ProcessEnv = process.env): string {
  const p = env[PASSPHRASE_ENV] ?? '';
  if (!p) throw new BadPassphrase(`falta la contraseña del respaldo cifrado: defínala en ${PASSPHRASE_ENV} (al menos ${MIN_PASSPHRASE} caracteres).`);
  if (p.length < MIN_PASSPHRASE) throw new BadPassphrase(`${PASSPHRASE_ENV} es demasiado corta (${p.length} caracteres): se esperan al menos ${MIN_PASSPHRASE}.`);
  return p;
}

const keyOf = (passphrase: string, salt: Uint8Array): Buffer => scryptSync(passphrase, salt, 32, SCRYPT);

/** A transform that writes the header, encrypts what passes and appends the tag at the end. */
export function encryptingStream(passphrase: string): Transform {
  const salt = new Uint8Array(randomBytes(SALT_BYTES));
  const iv = new Uint8Array(randomBytes(IV_BYTES));
  const cipher = createCipheriv('aes-256-gcm', new Uint8Array(keyOf(passphrase, salt)), iv);
  let started = false;
  return new Transform({
    transform(chunk: Buffer, _enc, done) {
      const parts: Uint8Array[] = [];
      if (!started) {
        started = true;
        parts.push(new Uint8Array(MAGIC), salt, iv);
      }
      parts.push(new Uint8Array(cipher.update(new Uint8Array(chunk))));
      done(null, Buffer.concat(parts));
    },
    flush(done) {
      const parts: Uint8Array[] = [];
      if (!started) parts.push(new Uint8Array(MAGIC), salt, iv);
      parts.push(new Uint8Array(cipher.final()), new Uint8Array(cipher.getAuthTag()));
      done(null, Buffer.concat(parts));
    },
  });
}

export async function isEncrypted(file: string): Promise<boolean> {
  const fh = await open(file, 'r');
  try {
    const head = new Uint8Array(MAGIC.length);
    const { bytesRead } = await fh.read(head, 0, MAGIC.length, 0);
    return bytesRead === MAGIC.length && Buffer.from(head).equals(new Uint8Array(MAGIC));
  } finally {
    await fh.close();
  }
}

/**
 * The NDJSON text of an encrypted file, decrypted and decompressed as it is read. `failed()`
 * answers, once the stream has ended, why it could not be read whole (wrong passphrase, changed
 * bytes), or null: the reader must ask before trusting what it read.
 */
export async function decryptedText(file: string, passphrase: string): Promise<{ text: Readable; failed: () => Error | null }> {
  const size = statSync(file).size;
  if (size < HEADER_BYTES + TAG_BYTES) throw new BadPassphrase(`el respaldo cifrado ${file} está cortado.`);
  const fh = await open(file, 'r');
  const header = new Uint8Array(HEADER_BYTES);
  const tag = new Uint8Array(TAG_BYTES);
  try {
    await fh.read(header, 0, HEADER_BYTES, 0);
    await fh.read(tag, 0, TAG_BYTES, size - TAG_BYTES);
  } finally {
    await fh.close();
  }
  const salt = header.subarray(MAGIC.length, MAGIC.length + SALT_BYTES);
  const iv = header.subarray(MAGIC.length + SALT_BYTES);
  const decipher = createDecipheriv('aes-256-gcm', new Uint8Array(keyOf(passphrase, salt)), iv);
  decipher.setAuthTag(tag);
  const out = new PassThrough();
  let failure: Error | null = null;
  const body = size - TAG_BYTES - HEADER_BYTES;
  const source = body > 0 ? createReadStream(file, { start: HEADER_BYTES, end: size - TAG_BYTES - 1 }) : new PassThrough().end();
  const gunzip = createGunzip();
  // Not part of the pipeline: a failure ends `out` once `failure` says why, rather than as a raw error.
  gunzip.pipe(out, { end: false });
  pipeline(source, decipher, gunzip).then(
    () => out.end(),
    () => {
      failure = new BadPassphrase(`no se pudo descifrar el respaldo ${file}: la contraseña (${PASSPHRASE_ENV}) no es la correcta, o el archivo está dañado.`);
      out.end();
    },
  );
  return { text: out, failed: () => failure };
}
