/**
 * Each person's wrapped data key on this device, in localStorage (`inmo.llave.<id>`), with what
 * the unlock screen needs across reloads: the wrong tries so far and until when the next one
 * must wait, when the gateway was last reached and the operator's offline limits. Nothing in it
 * reads without the password: the key is sealed by the password's key, a second copy (while a
 * session lives) by a key only the gateway's session holds, and the person's name and e-mail by
 * the data key itself.
 */
import { browserStorage } from '../browser-storage';

export interface VaultRecord {
  v: 1;
  /** PBKDF2 salt (base64) and rounds the password's key is derived with. */
  sal: string;
  iteraciones: number;
  /** The data key sealed by the password's key (base64). */
  envuelta: string;
  /** The data key sealed by the live session's key (`clave_sesion`): reloads need no password. */
  sesion?: string;
  /** The signed-in person (name, e-mail, role), sealed by the data key. */
  perfil?: string;
  /** Wrong passwords in a row, and the moment (epoch ms) before which no try is taken. */
  fallos: number;
  esperaHasta: number;
  /** The last authenticated answer from the gateway for this person (epoch ms; vault/offline-limits.ts). */
  contacto?: number;
  /** The operator's offline limits, in days, as that answer said them. */
  graciaDias?: number;
  borradoDias?: number;
  /** The last time the key was opened here, by password or by the session (a shared tablet keeps that person's data). */
  desbloqueo?: number;
}

const PREFIX = 'inmo.llave.';

const storage = (): Storage | null => browserStorage('local');

/** Only memory when storage is off (privacy mode): the data then lives only as long as the page. */
const memory = new Map<string, string>();

function parse(raw: string | null): VaultRecord | null {
  if (!raw) return null;
  try {
    const r = JSON.parse(raw) as Partial<VaultRecord>;
    if (r.v !== 1 || typeof r.sal !== 'string' || typeof r.envuelta !== 'string' || typeof r.iteraciones !== 'number') return null;
    return { ...r, fallos: Number(r.fallos) || 0, esperaHasta: Number(r.esperaHasta) || 0 } as VaultRecord;
  } catch {
    return null;
  }
}

export function readVault(userId: string): VaultRecord | null {
  const s = storage();
  return parse(s ? s.getItem(PREFIX + userId) : (memory.get(PREFIX + userId) ?? null));
}

export function writeVault(userId: string, record: VaultRecord): void {
  const s = storage();
  if (s) s.setItem(PREFIX + userId, JSON.stringify(record));
  else memory.set(PREFIX + userId, JSON.stringify(record));
}

export function updateVault(userId: string, change: (r: VaultRecord) => VaultRecord): VaultRecord | null {
  const current = readVault(userId);
  if (!current) return null;
  const next = change(current);
  writeVault(userId, next);
  return next;
}

export function removeVault(userId: string): void {
  storage()?.removeItem(PREFIX + userId);
  memory.delete(PREFIX + userId);
}

/** Every person with a wrapped key on this device. */
export function vaultOwners(): string[] {
  const s = storage();
  const keys = s ? Array.from({ length: s.length }, (_, i) => s.key(i) ?? '') : [...memory.keys()];
  return keys.filter((k) => k.startsWith(PREFIX)).map((k) => k.slice(PREFIX.length));
}

/** Whether a reload can open the person's key without the password (boot.ts draws the frame only then). */
export function hasSessionCopy(userId: string): boolean {
  return !!readVault(userId)?.sesion;
}
