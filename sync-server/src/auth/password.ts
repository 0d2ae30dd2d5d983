import { randomBytes, scrypt as scryptCb, timingSafeEqual, type ScryptOptions } from 'node:crypto';

/** The salt is random base64 text, used as scrypt's salt as is. */
const scrypt = (password: string, salt: string, keylen: number, opts: ScryptOptions): Promise<Uint8Array> =>
  new Promise((resolve, reject) => scryptCb(password, salt, keylen, opts, (err, key) => (err ? reject(err) : resolve(new Uint8Array(key)))));

const PARAMS = { N: 16384, r: 8, p: 1 };
const KEYLEN = 64;
const toBase64 = (bytes: Uint8Array): string => Buffer.from(bytes).toString('base64');

/** 'scrypt$N$r$p$salt$hash': the parameters travel with the hash so they can be raised later. */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16).toString('base64');
  const key = await scrypt(password, salt, KEYLEN, PARAMS);
  return ['scrypt', PARAMS.N, PARAMS.r, PARAMS.p, salt, toBase64(key)].join('$');
}

export async function verifyPassword(password: string, stored: string | undefined): Promise<boolean> {
  const parts = (stored ?? '').split('$');
  if (parts.length !== 6 || parts[0] !== 'scrypt') {
    // Spend the same time as a real check so a missing account is not told apart by timing.
    await scrypt(password, DUMMY_SALT, KEYLEN, PARAMS);
    return false;
  }
  const [, n, r, p, salt, hash] = parts;
  const expected = new Uint8Array(Buffer.from(hash, 'base64'));
  const key = await scrypt(password, salt, expected.length, { N: Number(n), r: Number(r), p: Number(p) });
  return key.length === expected.length && timingSafeEqual(key, expected);
}

const DUMMY_SALT = randomBytes(16).toString('base64');

/** A readable random password for the first admin: 16 characters, no look-alikes. */
export function generatePassword(length = 16): string {
  const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnpqrstuvwxyz23456789';
  const bytes = randomBytes(length);
  return Array.from(bytes, (b) => alphabet[b % alphabet.length]).join('');
}
