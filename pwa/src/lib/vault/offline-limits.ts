/**
 * How long a device may go without reaching the gateway (docs/architecture.md, "Datos cifrados en
 * el dispositivo"): past the operator's grace period (GRACIA_SIN_CONEXION_DIAS) only an online
 * sign-in opens a person's data, the unlock screen no longer does; past the wipe limit
 * (BORRADO_SIN_CONEXION_DIAS) the device wipes that person's data at its next start. "Reaching the
 * gateway" is an authenticated answer from it (a sign-in, a session check); its time and the limits
 * it carried are kept in the person's key record, so they hold offline and across reloads.
 */
import { DEFAULT_DEVICE_SETTINGS } from '../../../../couch-design/usuario/session-answer';
import { readVault, updateVault, vaultOwners, type VaultRecord } from './vault-store';

const DAY_MS = 86_400_000;

/** The limits as an answer of the gateway carries them: checked here (whole days > 0), else the last ones stand. */
export interface OfflineLimits {
  gracia_dias?: unknown;
  borrado_dias?: unknown;
}

const days = (n: unknown): number | undefined => (typeof n === 'number' && Number.isInteger(n) && n > 0 ? n : undefined);

/** The person's grace period and wipe limit in days, as the gateway last said them. */
export function limitsOf(r: VaultRecord | null): { graceDays: number; wipeDays: number } {
  return { graceDays: days(r?.graciaDias) ?? DEFAULT_DEVICE_SETTINGS.gracia_dias, wipeDays: days(r?.borradoDias) ?? DEFAULT_DEVICE_SETTINGS.borrado_dias };
}

/** An authenticated answer from the gateway for this person: the offline clock starts again. */
export function recordContact(userId: string, limits: OfflineLimits, at = Date.now()): void {
  updateVault(userId, (r) => ({ ...r, contacto: at, graciaDias: days(limits.gracia_dias) ?? r.graciaDias, borradoDias: days(limits.borrado_dias) ?? r.borradoDias }));
}

/** The person's key was opened on this device (a sign-in, an unlock, a reload with the session). */
export function recordUnlock(userId: string, at = Date.now()): void {
  updateVault(userId, (r) => ({ ...r, desbloqueo: at }));
}

export type OfflineState = 'open' | 'grace-over' | 'wipe';

/**
 * Where the person stands: within the grace period, past it, or past the wipe limit. A record
 * from before the gateway was ever heard from here counts as open: its first answer sets the clock.
 */
export function offlineState(userId: string, at = Date.now()): OfflineState {
  const r = readVault(userId);
  const since = Number(r?.contacto);
  if (!r || !Number.isFinite(since) || since <= 0) return 'open';
  const { graceDays, wipeDays } = limitsOf(r);
  const away = at - since;
  if (away > wipeDays * DAY_MS) return 'wipe';
  return away > graceDays * DAY_MS ? 'grace-over' : 'open';
}

/** Milliseconds until the grace period is over (Infinity when the clock has not started). */
export function graceLeftMs(userId: string, at = Date.now()): number {
  const r = readVault(userId);
  const since = Number(r?.contacto);
  if (!r || !Number.isFinite(since) || since <= 0) return Infinity;
  return since + limitsOf(r).graceDays * DAY_MS - at;
}

/** Every person on this device past their wipe limit. */
export function ownersPastWipe(at = Date.now()): string[] {
  return vaultOwners().filter((id) => offlineState(id, at) === 'wipe');
}

/** Whether the person opened their data here within their grace period (a shared tablet keeps it). */
export function unlockedWithinGrace(userId: string, at = Date.now()): boolean {
  const r = readVault(userId);
  const last = Number(r?.desbloqueo);
  return !!r && Number.isFinite(last) && last > 0 && at - last <= limitsOf(r).graceDays * DAY_MS;
}

/**
 * Calls `onOver` when the person's grace period runs out while the app is open (in use offline,
 * the idle lock never comes); then keeps watching, since `onOver` may reach the gateway and start
 * the clock again. Sleeping tabs run timers late: the return to the page checks at once.
 */
export function watchGrace(userId: string, onOver: () => Promise<void>): () => void {
  let timer: ReturnType<typeof setTimeout> | null = null;
  let stopped = false;
  const schedule = (ms: number) => {
    if (timer) clearTimeout(timer);
    timer = stopped ? null : setTimeout(check, ms);
  };
  function check() {
    if (stopped) return;
    const left = graceLeftMs(userId);
    if (left > 0) return schedule(Math.min(left + 50, 60_000));
    if (timer) clearTimeout(timer);
    timer = null;
    void onOver().finally(() => schedule(60_000));
  }
  const onVisibility = () => {
    if (document.visibilityState === 'visible' && timer) check();
  };
  document.addEventListener('visibilitychange', onVisibility);
  check();
  return () => {
    stopped = true;
    if (timer) clearTimeout(timer);
    document.removeEventListener('visibilitychange', onVisibility);
  };
}
