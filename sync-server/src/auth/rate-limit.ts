import type { SharedCounters } from './attempt-counters';

/**
 * Sign-in attempts limited per address, per address+account and per account across addresses
 * (a guesser spread over many addresses), in fixed windows. An attempt is counted before the
 * password is hashed, in two steps:
 *  1. `reserve`, synchronous: this gateway's own view (counts it confirmed plus attempts still in
 *     flight) refuses at once, so a burst of parallel guesses cannot all pass before one is counted;
 *  2. `confirm`: the count shared through the store (every gateway on the same CouchDB) is raised,
 *     and the attempt refused if another gateway already used up the window.
 * A window is short (15 minutes), so a person locked out by someone else's guesses can try again soon.
 *
 * The right password takes back what was counted up to it, never more: the count the store gave
 * that attempt is subtracted (`succeeded`), not the count set to 0, so a guess counted while the
 * good sign-in was being checked or its reset was on its way (another tab, another gateway, an
 * attacker in parallel) stays counted.
 */
export interface SigninLimits {
  windowMs: number;
  perAddressAndAccount: number;
  perAccount: number;
  perAddress: number;
}

export const DEFAULT_SIGNIN_LIMITS: SigninLimits = {
  windowMs: 15 * 60 * 1000,
  perAddressAndAccount: 5,
  perAccount: 10,
  // Offices and mobile carriers put many people behind one address.
  perAddress: 30,
};

export interface LimitVerdict { blocked: boolean; retryAfterSec: number }

interface CountedKey { key: string; max: number; account: boolean }

/**
 * An attempt this gateway let through `reserve`, to be confirmed and then ended by success or
 * failure; `counted`: each key's shared count once this attempt was in it (set by `confirm`).
 */
export interface Attempt { keys: CountedKey[]; windowStart: number; counted?: number[] }

interface LocalCount { windowStart: number; confirmed: number; inFlight: number }

export class SigninLimiter {
  private local = new Map<string, LocalCount>();

  constructor(private readonly shared: SharedCounters, private readonly limits: SigninLimits = DEFAULT_SIGNIN_LIMITS) {}

  private keysOf(ip: string, email: string): CountedKey[] {
    const account = email.trim().toLowerCase();
    return [
      { key: `ip-cuenta:${ip}|${account}`, max: this.limits.perAddressAndAccount, account: true },
      { key: `cuenta:${account}`, max: this.limits.perAccount, account: true },
      { key: `ip:${ip}`, max: this.limits.perAddress, account: false },
    ];
  }

  private windowOf(now: number): number {
    return Math.floor(now / this.limits.windowMs) * this.limits.windowMs;
  }

  private retryAfterSec(windowStart: number, now: number): number {
    return Math.max(1, Math.ceil((windowStart + this.limits.windowMs - now) / 1000));
  }

  private count(key: string, windowStart: number): LocalCount {
    let c = this.local.get(key);
    if (!c || c.windowStart !== windowStart) {
      c = { windowStart, confirmed: 0, inFlight: 0 };
      this.local.set(key, c);
      if (this.local.size > 50_000) this.sweep(windowStart);
    }
    return c;
  }

  /** Synchronous on purpose: no await may separate the check from the count. */
  reserve(ip: string, email: string, now = Date.now()): { blocked: true; retryAfterSec: number } | { blocked: false; attempt: Attempt } {
    const windowStart = this.windowOf(now);
    const keys = this.keysOf(ip, email);
    const counts = keys.map((k) => this.count(k.key, windowStart));
    if (keys.some((k, i) => counts[i].confirmed + counts[i].inFlight >= k.max)) {
      return { blocked: true, retryAfterSec: this.retryAfterSec(windowStart, now) };
    }
    for (const c of counts) c.inFlight++;
    return { blocked: false, attempt: { keys, windowStart } };
  }

  /** Counts the attempt in the shared store; blocked when the window is used up across gateways. */
  async confirm(attempt: Attempt, now = Date.now()): Promise<LimitVerdict> {
    // A store that cannot count (unreachable, silent) is not a person over the limit: the error
    // goes on (503 with Retry-After), never a 429 to someone who never failed a password.
    const settled = await Promise.allSettled(attempt.keys.map((k) => this.shared.add(k.key, attempt.windowStart, 1)));
    const failed = settled.find((s): s is PromiseRejectedResult => s.status === 'rejected');
    if (failed) {
      this.release(attempt);
      throw failed.reason;
    }
    const totals = settled.map((s) => (s as PromiseFulfilledResult<number>).value);
    let blocked = false;
    attempt.keys.forEach((k, i) => {
      const c = this.local.get(k.key);
      if (c && c.windowStart === attempt.windowStart) {
        c.inFlight = Math.max(0, c.inFlight - 1);
        // The store's total includes this attempt and every gateway's; it only ever raises the local view.
        c.confirmed = Math.max(c.confirmed, totals[i]);
      }
      if (totals[i] > k.max) blocked = true;
    });
    attempt.counted = totals.map((t, i) => (Number.isFinite(t) ? t : (this.local.get(attempt.keys[i].key)?.confirmed ?? 0)));
    return { blocked, retryAfterSec: blocked ? this.retryAfterSec(attempt.windowStart, now) : 0 };
  }

  /** An attempt that was never judged (the store could not count it): its reservation is given back. */
  private release(attempt: Attempt): void {
    for (const k of attempt.keys) {
      const c = this.local.get(k.key);
      if (c && c.windowStart === attempt.windowStart) c.inFlight = Math.max(0, c.inFlight - 1);
    }
  }

  /**
   * The right password: the account's counts lose every attempt counted up to this one (they
   * start over, keeping what came after), and the address gets this attempt back.
   */
  async succeeded(attempt: Attempt): Promise<void> {
    await Promise.all(
      attempt.keys.map((k, i) => {
        const c = this.local.get(k.key);
        const back = k.account ? (attempt.counted?.[i] ?? 1) : 1;
        if (c && c.windowStart === attempt.windowStart) c.confirmed = Math.max(0, c.confirmed - back);
        return back > 0 ? this.shared.add(k.key, attempt.windowStart, -back) : Promise.resolve(0);
      }),
    );
  }

  private sweep(windowStart: number): void {
    for (const [k, c] of this.local) if (c.windowStart !== windowStart) this.local.delete(k);
  }
}

/** `what` names the door: sign-in, or the current-password check (auth/password-attempts.ts). */
export function tooManyMessage(retryAfterSec: number, what = 'de inicio de sesión'): string {
  const minutes = Math.max(1, Math.ceil(retryAfterSec / 60));
  return `Demasiados intentos ${what}. Intente de nuevo en ${minutes} ${minutes === 1 ? 'minuto' : 'minutos'}.`;
}
