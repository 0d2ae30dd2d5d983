// @vitest-environment happy-dom
/**
 * The idle lock: after the operator's minutes without a touch or a key, and on coming back from
 * the background (or reopening) later than that, since the last use is kept in storage.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { takeSessionAnswer } from '../session-check';
import { idleExpired, markUse, watchIdle } from './idle-lock';

beforeEach(() => {
  localStorage.clear();
  vi.useFakeTimers({ now: new Date('2026-03-02T10:00:00Z') });
});
afterEach(() => vi.useRealTimers());

describe('the idle lock', () => {
  it('locks after the default 15 minutes without use, and a key press starts the count again', () => {
    const locked = vi.fn();
    const stop = watchIdle(locked);
    vi.advanceTimersByTime(10 * 60_000);
    window.dispatchEvent(new KeyboardEvent('keydown', { key: 'a' }));
    vi.advanceTimersByTime(10 * 60_000);
    expect(locked).not.toHaveBeenCalled();
    vi.advanceTimersByTime(6 * 60_000);
    expect(locked).toHaveBeenCalledTimes(1);
    stop();
  });

  it('follows the operator’s minutes, as the gateway sends them', () => {
    takeSessionAnswer({ success: true, bloqueo_min: 2 });
    const locked = vi.fn();
    const stop = watchIdle(locked);
    vi.advanceTimersByTime(2 * 60_000 + 100);
    expect(locked).toHaveBeenCalledTimes(1);
    stop();
  });

  it('knows, at a reopen, that the last use is older than the idle time', () => {
    markUse();
    vi.advanceTimersByTime(14 * 60_000);
    expect(idleExpired()).toBe(false);
    vi.advanceTimersByTime(2 * 60_000);
    expect(idleExpired()).toBe(true);
  });
});
