// @vitest-environment happy-dom
/**
 * The offline clock of a person's data on this device: the grace period, then the wipe limit,
 * counted from the last authenticated answer from the gateway, with the operator's days.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { offlineState, ownersPastWipe, recordContact, recordUnlock, unlockedWithinGrace, watchGrace } from './offline-limits';
import { writeVault, type VaultRecord } from './vault-store';

const DAY = 86_400_000;
const T0 = new Date('2026-03-02T10:00:00Z').getTime();
const record = (extra: Partial<VaultRecord> = {}): VaultRecord => ({ v: 1, sal: 's', iteraciones: 1, envuelta: 'e', fallos: 0, esperaHasta: 0, ...extra });

beforeEach(() => localStorage.clear());
afterEach(() => vi.useRealTimers());

describe('the offline limits', () => {
  it('are 7 and 30 days unless the gateway said otherwise, counted from its last answer', () => {
    writeVault('ana', record());
    recordContact('ana', {}, T0);
    expect(offlineState('ana', T0 + 7 * DAY)).toBe('open');
    expect(offlineState('ana', T0 + 7 * DAY + 1)).toBe('grace-over');
    expect(offlineState('ana', T0 + 30 * DAY)).toBe('grace-over');
    expect(offlineState('ana', T0 + 30 * DAY + 1)).toBe('wipe');
    recordContact('ana', { gracia_dias: 2, borrado_dias: 5 }, T0);
    expect(offlineState('ana', T0 + 3 * DAY)).toBe('grace-over');
    expect(ownersPastWipe(T0 + 6 * DAY)).toEqual(['ana']);
    // A later answer without limits keeps the ones said before.
    recordContact('ana', {}, T0 + 10 * DAY);
    expect(offlineState('ana', T0 + 13 * DAY)).toBe('grace-over');
  });

  it('never lock a record the gateway has not answered for yet, nor a person with nothing here', () => {
    writeVault('ana', record());
    expect(offlineState('ana', T0 + 400 * DAY)).toBe('open');
    expect(offlineState('nadie', T0)).toBe('open');
    expect(ownersPastWipe(T0 + 400 * DAY)).toEqual([]);
  });

  it('know whether a person opened their data here within their grace period', () => {
    writeVault('ana', record({ graciaDias: 7 }));
    expect(unlockedWithinGrace('ana', T0)).toBe(false);
    recordUnlock('ana', T0);
    expect(unlockedWithinGrace('ana', T0 + 7 * DAY)).toBe(true);
    expect(unlockedWithinGrace('ana', T0 + 7 * DAY + 1)).toBe(false);
  });
});

describe('watching the grace period while the app is open', () => {
  it('calls when it ends, and goes on watching once an answer restarts the clock', async () => {
    vi.useFakeTimers({ now: T0 });
    writeVault('ana', record());
    recordContact('ana', { gracia_dias: 1, borrado_dias: 2 });
    const over = vi.fn(async () => recordContact('ana', {}));
    const stop = watchGrace('ana', over);
    await vi.advanceTimersByTimeAsync(DAY - 60_000);
    expect(over).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(2 * 60_000);
    expect(over).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(DAY - 5 * 60_000);
    expect(over).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(10 * 60_000);
    expect(over).toHaveBeenCalledTimes(2);
    stop();
    await vi.advanceTimersByTimeAsync(3 * DAY);
    expect(over).toHaveBeenCalledTimes(2);
  });
});
