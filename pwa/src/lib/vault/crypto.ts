/**
 * The device's cipher (docs/architecture.md, "Datos cifrados en el dispositivo"): WebCrypto only.
 * A random AES-GCM data key per person and device encrypts what the device keeps; it is stored
 * only wrapped (AES-GCM) by a key derived from the person's password with PBKDF2-SHA-256, and in
 * memory only as a non-extractable CryptoKey.
 */

/**
 * PBKDF2 rounds of a new wrapped key: some 60 ms in a desktop's Chromium, about 250 ms on a tablet
 * 3-4 times slower (bench/vault.ts measures it). The count is stored with each wrapped key, so
 * raising it later leaves older keys readable.
 */
export const PBKDF2_ITERATIONS = 200_000;

const IV_BYTES = 12;
/** What sealing adds to each value: the IV before it and the GCM tag after it. */
export const SEAL_OVERHEAD = IV_BYTES + 16;
const SALT_BYTES = 16;

const subtle = (): SubtleCrypto => globalThis.crypto.subtle;

export function randomBytes(n: number): Uint8Array<ArrayBuffer> {
  return globalThis.crypto.getRandomValues(new Uint8Array(n));
}

export function newSalt(): Uint8Array<ArrayBuffer> {
  return randomBytes(SALT_BYTES);
}

export function toBase64(bytes: Uint8Array): string {
  let binary = '';
  const CHUNK = 0x8000;
  // `apply` takes the bytes as they are; spreading them (`...`) walks an iterator per byte and cost
  // 8× more, over half of sealing a pulled batch (bench/sync.ts, the device's sealed pull).
  for (let i = 0; i < bytes.length; i += CHUNK) binary += String.fromCharCode.apply(null, bytes.subarray(i, i + CHUNK) as unknown as number[]);
  return btoa(binary);
}

export function fromBase64(text: string): Uint8Array<ArrayBuffer> {
  const binary = atob(text);
  const out = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) out[i] = binary.charCodeAt(i);
  return out;
}

/** The key that wraps the data key, from the password (never kept). */
export async function passwordKey(password: string, salt: Uint8Array<ArrayBuffer>, iterations: number): Promise<CryptoKey> {
  const material = await subtle().importKey('raw', new TextEncoder().encode(password), 'PBKDF2', false, ['deriveKey']);
  return subtle().deriveKey({ name: 'PBKDF2', hash: 'SHA-256', salt, iterations }, material, { name: 'AES-GCM', length: 256 }, false, ['encrypt', 'decrypt']);
}

/** A key the gateway hands a live session (`clave_sesion`), as an AES-GCM key. */
export function sessionKey(raw: Uint8Array<ArrayBuffer>): Promise<CryptoKey> {
  return subtle().importKey('raw', raw, 'AES-GCM', false, ['encrypt', 'decrypt']);
}

/** Bytes sealed with `key`: a fresh IV, then the AES-GCM ciphertext and its tag. */
export async function seal(key: CryptoKey, plain: Uint8Array<ArrayBuffer>): Promise<Uint8Array<ArrayBuffer>> {
  const iv = randomBytes(IV_BYTES);
  const sealed = new Uint8Array(await subtle().encrypt({ name: 'AES-GCM', iv }, key, plain));
  const out = new Uint8Array(IV_BYTES + sealed.length);
  out.set(iv);
  out.set(sealed, IV_BYTES);
  return out;
}

/** Throws when the bytes were not sealed with `key` (a wrong password, or tampered data). */
export async function unseal(key: CryptoKey, sealed: Uint8Array<ArrayBuffer>): Promise<Uint8Array<ArrayBuffer>> {
  const iv = sealed.subarray(0, IV_BYTES);
  return new Uint8Array(await subtle().decrypt({ name: 'AES-GCM', iv }, key, sealed.subarray(IV_BYTES)));
}

/** A new random data key, as raw bytes: wrapped at once, then imported non-extractable. */
export function newDataKeyBytes(): Uint8Array<ArrayBuffer> {
  return randomBytes(32);
}

/** The data key in memory: usable, never readable again (non-extractable). */
export function importDataKey(raw: Uint8Array<ArrayBuffer>): Promise<CryptoKey> {
  return subtle().importKey('raw', raw, 'AES-GCM', false, ['encrypt', 'decrypt']);
}

const encoder = new TextEncoder();
const decoder = new TextDecoder();

/** A JSON value sealed as base64 text. */
export async function sealJson(key: CryptoKey, value: unknown): Promise<string> {
  return toBase64(await seal(key, encoder.encode(JSON.stringify(value))));
}

export async function unsealJson<T = unknown>(key: CryptoKey, text: string): Promise<T> {
  return JSON.parse(decoder.decode(await unseal(key, fromBase64(text)))) as T;
}
