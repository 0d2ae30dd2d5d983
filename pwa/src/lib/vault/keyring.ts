/**
 * The data keys this page holds, one per person, as non-extractable CryptoKeys and only in
 * memory: a reload, a lock or a sign-out forgets them (docs/architecture.md, "Datos cifrados en
 * el dispositivo"). Every read and write of a person's local data asks here first.
 */

export const LOCKED_MESSAGE = 'Los datos de este dispositivo están bloqueados: desbloquéalos con tu contraseña.';

/** Thrown by a read or write of a person's local data while their key is not in memory. */
export class LockedError extends Error {
  readonly status = 423;
  constructor() {
    super(LOCKED_MESSAGE);
    this.name = 'LockedError';
  }
}

const keys = new Map<string, CryptoKey>();
const listeners = new Set<() => void>();
/** Tests only (testing/local-data.ts): a key made up on first use, with no password. */
let generate: ((userId: string) => CryptoKey | undefined) | null = null;

function changed(): void {
  for (const l of [...listeners]) l();
}

export function holdKey(userId: string, key: CryptoKey): void {
  if (key.extractable) throw new Error('La llave de datos debe ser no exportable.');
  keys.set(userId, key);
  changed();
}

export function hasKey(userId: string): boolean {
  return keys.has(userId) || !!generate?.(userId);
}

/** The person's data key; throws LockedError when it is not in memory. */
export function keyOf(userId: string): CryptoKey {
  const key = keys.get(userId) ?? generate?.(userId);
  if (!key) throw new LockedError();
  return key;
}

export function dropKey(userId: string): void {
  if (keys.delete(userId)) changed();
}

export function dropAllKeys(): void {
  if (keys.size === 0) return;
  keys.clear();
  changed();
}

/** Told whenever a key is held or dropped (the session follows locks). */
export function onKeysChanged(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Tests only: every person without a key gets one from `source` (testing/local-data.ts). */
export function generateMissingKeysForTests(source: ((userId: string) => CryptoKey | undefined) | null): void {
  generate = source;
}
