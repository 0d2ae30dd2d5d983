/**
 * A person's data key on this device (docs/architecture.md, "Datos cifrados en el dispositivo"):
 * created at their first sign-in here, opened by the password at every later sign-in or unlock
 * (offline too: the password is checked against the wrapped key, not the server), and by the live
 * session's key after a reload. Wrong passwords are counted across reloads: after
 * `FREE_TRIES` each try waits longer, and the `MAX_TRIES`-th wrong one ends with a wipe. Past the
 * operator's grace period without reaching the gateway, no password opens it offline.
 */
import { fromBase64, importDataKey, newDataKeyBytes, newSalt, passwordKey, PBKDF2_ITERATIONS, seal, sealJson, sessionKey, toBase64, unseal, unsealJson } from './crypto';
import { dropKey, holdKey, keyOf } from './keyring';
import { offlineState, recordUnlock } from './offline-limits';
import { readVault, removeVault, updateVault, writeVault, type VaultRecord } from './vault-store';

export const FREE_TRIES = 5;
export const MAX_TRIES = 10;
const FIRST_WAIT_MS = 30_000;

/** How long the next try waits after `failures` wrong ones in a row: 30 s after the fifth, doubling. */
export function waitAfter(failures: number): number {
  return failures < FREE_TRIES ? 0 : FIRST_WAIT_MS * 2 ** (failures - FREE_TRIES);
}

export type UnlockResult =
  | { ok: true }
  /** Wrong password: `left` tries before the wipe; the next one not before `waitMs`. */
  | { ok: false; reason: 'wrong'; left: number; waitMs: number }
  /** Too soon after the last wrong try. */
  | { ok: false; reason: 'wait'; waitMs: number; left: number }
  /** The last try was wrong: the caller wipes the person's data. */
  | { ok: false; reason: 'wipe' }
  /** Nothing of this person to unlock on this device. */
  | { ok: false; reason: 'missing' }
  /** Too long without reaching the gateway (vault/offline-limits.ts): only an online sign-in opens it. */
  | { ok: false; reason: 'offline' };

export interface Clock {
  now(): number;
}
const systemClock: Clock = { now: () => Date.now() };

export function hasVault(userId: string): boolean {
  return readVault(userId) !== null;
}

/** Tries left before the wipe, and the wait before the next (0 when none). */
export function tryState(userId: string, clock: Clock = systemClock): { left: number; waitMs: number } {
  const r = readVault(userId);
  if (!r) return { left: MAX_TRIES, waitMs: 0 };
  return { left: MAX_TRIES - r.fallos, waitMs: Math.max(0, r.esperaHasta - clock.now()) };
}

async function openRaw(r: VaultRecord, password: string): Promise<Uint8Array<ArrayBuffer> | null> {
  const kek = await passwordKey(password, fromBase64(r.sal), r.iteraciones);
  try {
    return await unseal(kek, fromBase64(r.envuelta));
  } catch {
    return null;
  }
}

/** Holds the key in memory, non-extractable, and keeps a copy for the live session (if any). */
async function holdRaw(userId: string, raw: Uint8Array<ArrayBuffer>, sessionSecret: string | null): Promise<void> {
  holdKey(userId, await importDataKey(raw));
  const sesion = sessionSecret ? toBase64(await seal(await sessionKey(fromBase64(sessionSecret)), raw)) : undefined;
  raw.fill(0);
  updateVault(userId, (r) => ({ ...r, sesion, fallos: 0, esperaHasta: 0, desbloqueo: Date.now() }));
}

/**
 * A new data key wrapped by the password (and by the session's key when given), as stored, with the
 * raw key for the caller to hold and forget. Pure WebCrypto: browser tests prepare a device with it.
 */
export async function newVaultRecord(password: string, sessionSecret: string | null, iterations = PBKDF2_ITERATIONS): Promise<{ record: VaultRecord; raw: Uint8Array<ArrayBuffer> }> {
  const salt = newSalt();
  const raw = newDataKeyBytes();
  const kek = await passwordKey(password, salt, iterations);
  const record: VaultRecord = { v: 1, sal: toBase64(salt), iteraciones: iterations, envuelta: toBase64(await seal(kek, raw)), fallos: 0, esperaHasta: 0 };
  if (sessionSecret) record.sesion = toBase64(await seal(await sessionKey(fromBase64(sessionSecret)), raw));
  return { record, raw };
}

/** A new data key for this person on this device, wrapped by their password. */
async function createVault(userId: string, password: string, sessionSecret: string | null, iterations: number): Promise<void> {
  const { record, raw } = await newVaultRecord(password, null, iterations);
  writeVault(userId, record);
  await holdRaw(userId, raw, sessionSecret);
}

/**
 * At an online sign-in the gateway has just checked the password: the person's key is opened
 * with it, or made when there is none. 'replaced' when a key existed that this password does not
 * open (the password was changed elsewhere): what it sealed cannot be read any more, and the
 * caller wipes it before the new key is made.
 */
export async function openAtSignIn(
  userId: string,
  password: string,
  sessionSecret: string | null,
  options: { iterations?: number; wipe: () => Promise<void> },
): Promise<'opened' | 'created' | 'replaced'> {
  const existing = readVault(userId);
  if (existing) {
    const raw = await openRaw(existing, password);
    if (raw) {
      await holdRaw(userId, raw, sessionSecret);
      return 'opened';
    }
    await options.wipe();
  }
  await createVault(userId, password, sessionSecret, options.iterations ?? PBKDF2_ITERATIONS);
  return existing ? 'replaced' : 'created';
}

/** The unlock screen's try, counted across reloads. */
export async function unlockWithPassword(userId: string, password: string, sessionSecret: string | null = null, clock: Clock = systemClock): Promise<UnlockResult> {
  const r = readVault(userId);
  if (!r) return { ok: false, reason: 'missing' };
  // Not counted as a try: the password is not what is missing.
  if (offlineState(userId, clock.now()) !== 'open') return { ok: false, reason: 'offline' };
  const waitMs = r.esperaHasta - clock.now();
  if (waitMs > 0) return { ok: false, reason: 'wait', waitMs, left: MAX_TRIES - r.fallos };
  // Counted before the slow check: a reload in the middle of it cannot save a try.
  const fallos = r.fallos + 1;
  writeVault(userId, { ...r, fallos, esperaHasta: clock.now() + waitAfter(fallos) });
  const raw = await openRaw(r, password);
  if (raw) {
    await holdRaw(userId, raw, sessionSecret);
    return { ok: true };
  }
  if (fallos >= MAX_TRIES) return { ok: false, reason: 'wipe' };
  return { ok: false, reason: 'wrong', left: MAX_TRIES - fallos, waitMs: waitAfter(fallos) };
}

/** After a reload with the session still alive: the session's copy opens the key, no password. */
export async function resumeWithSession(userId: string, sessionSecret: string): Promise<boolean> {
  const r = readVault(userId);
  if (!r?.sesion) return false;
  try {
    const raw = await unseal(await sessionKey(fromBase64(sessionSecret)), fromBase64(r.sesion));
    holdKey(userId, await importDataKey(raw));
    raw.fill(0);
    recordUnlock(userId);
    return true;
  } catch {
    // Another session's copy: only the password opens the key now.
    updateVault(userId, (rec) => ({ ...rec, sesion: undefined }));
    return false;
  }
}

/** Locks: the key leaves memory and the session's copy goes, so only the password opens it again. */
export function lockVault(userId: string): void {
  dropKey(userId);
  updateVault(userId, (r) => ({ ...r, sesion: undefined }));
}

export function forgetVault(userId: string): void {
  dropKey(userId);
  removeVault(userId);
}

/** The signed-in person's name and e-mail, kept sealed by their key (never clear in storage). */
export async function keepProfile(userId: string, profile: object): Promise<void> {
  const sealed = await sealJson(keyOf(userId), profile);
  updateVault(userId, (r) => ({ ...r, perfil: sealed }));
}

export async function readProfile<T>(userId: string): Promise<T | null> {
  const sealed = readVault(userId)?.perfil;
  if (!sealed) return null;
  try {
    return await unsealJson<T>(keyOf(userId), sealed);
  } catch {
    return null;
  }
}
