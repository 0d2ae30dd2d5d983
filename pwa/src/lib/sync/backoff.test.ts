import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Backoff } from './backoff';

/** The delays a series waits, read from the timers it sets (fake clock). */
function delays(backoff: Backoff, n: number, range?: { minMs: number; maxMs: number }): number[] {
  const out: number[] = [];
  for (let i = 0; i < n; i++) {
    const before = Date.now();
    let fired = false;
    backoff.schedule(() => (fired = true), range);
    const at = backoff.retryAt!;
    out.push(at - before);
    vi.advanceTimersByTime(at - before);
    expect(fired).toBe(true);
  }
  return out;
}

beforeEach(() => vi.useFakeTimers({ now: new Date(2026, 0, 5, 9, 0) }));
afterEach(() => vi.useRealTimers());

describe('retries after a failure', () => {
  it('wait twice as long each time, up to the cap, with up to a quarter of jitter taken off', () => {
    expect(delays(new Backoff({ minMs: 1_000, maxMs: 8_000 }, () => 1), 6)).toEqual([1_000, 2_000, 4_000, 8_000, 8_000, 8_000]);
    expect(delays(new Backoff({ minMs: 1_000, maxMs: 8_000 }, () => 0), 5)).toEqual([750, 1_500, 3_000, 6_000, 6_000]);
  });

  it('take the range each failure names, going on with the same series', () => {
    const backoff = new Backoff({ minMs: 1_000, maxMs: 120_000 }, () => 1);
    expect(delays(backoff, 2)).toEqual([1_000, 2_000]);
    // A failing server after two lost connections: its own range, third step.
    expect(delays(backoff, 3, { minMs: 10_000, maxMs: 300_000 })).toEqual([40_000, 80_000, 160_000]);
    expect(delays(backoff, 3, { minMs: 10_000, maxMs: 300_000 })).toEqual([300_000, 300_000, 300_000]);
  });

  it('start again from the shortest wait after a reset', () => {
    const backoff = new Backoff({ minMs: 500, maxMs: 4_000 }, () => 1);
    delays(backoff, 4);
    backoff.reset();
    expect(delays(backoff, 2)).toEqual([500, 1_000]);
  });

  it('say whether a retry is waiting and when, until it runs or is cleared', () => {
    const backoff = new Backoff({ minMs: 1_000, maxMs: 4_000 }, () => 1);
    const retry = vi.fn();
    expect(backoff.waiting).toBe(false);
    expect(backoff.retryAt).toBeNull();
    backoff.schedule(retry);
    expect(backoff.waiting).toBe(true);
    expect(backoff.retryAt).toBe(Date.now() + 1_000);
    vi.advanceTimersByTime(999);
    expect(retry).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(retry).toHaveBeenCalledTimes(1);
    expect(backoff.waiting).toBe(false);
    expect(backoff.retryAt).toBeNull();

    backoff.schedule(retry);
    backoff.clear();
    vi.advanceTimersByTime(10_000);
    expect(retry).toHaveBeenCalledTimes(1);
    expect(backoff.waiting).toBe(false);
  });

  it('never run two retries for two failures in a row: the later one replaces the earlier', () => {
    const backoff = new Backoff({ minMs: 1_000, maxMs: 4_000 }, () => 1);
    const retry = vi.fn();
    backoff.schedule(retry);
    backoff.schedule(retry);
    vi.advanceTimersByTime(10_000);
    expect(retry).toHaveBeenCalledTimes(1);
  });
});
