import { describe, expect, it } from 'vitest';
import type { SharedCounters } from './attempt-counters';
import { DEFAULT_SIGNIN_LIMITS, SigninLimiter } from './rate-limit';

/**
 * The reset after a good sign-in, under artificial delay (issue 33 item 5): the store's answer to
 * the reset is held while later guesses are counted, as on a loaded machine or another gateway.
 * Those guesses must stay counted once the reset lands.
 */
class HeldCounters implements SharedCounters {
  readonly counts = new Map<string, number>();
  /** While set, a negative change (the reset) waits for it. */
  hold: Promise<void> | undefined;

  async add(key: string, windowStart: number, delta: number): Promise<number> {
    if (delta < 0 && this.hold) await this.hold;
    const id = `${windowStart}|${key}`;
    const n = Math.max(0, (this.counts.get(id) ?? 0) + delta);
    this.counts.set(id, n);
    return n;
  }
}

const { perAddressAndAccount } = DEFAULT_SIGNIN_LIMITS;
const now = Date.UTC(2026, 11, 2, 10, 1);

async function attempt(limiter: SigninLimiter, password: 'mal' | 'bien'): Promise<'429' | '401' | '200'> {
  const reserved = limiter.reserve('203.0.113.5', 'ana@ejemplo.mx', now);
  if (reserved.blocked) return '429';
  if ((await limiter.confirm(reserved.attempt, now)).blocked) return '429';
  if (password === 'mal') return '401';
  await limiter.succeeded(reserved.attempt);
  return '200';
}

describe('the sign-in reset after a good sign-in', () => {
  it('never erases guesses counted while it was on its way', async () => {
    const shared = new HeldCounters();
    const limiter = new SigninLimiter(shared);
    for (let i = 0; i < perAddressAndAccount - 1; i++) expect(await attempt(limiter, 'mal')).toBe('401');

    // The right password: its reset is held by the store while other guesses arrive.
    let release!: () => void;
    shared.hold = new Promise((r) => (release = r));
    const good = limiter.reserve('203.0.113.5', 'ana@ejemplo.mx', now);
    if (good.blocked) throw new Error('no debía bloquearse');
    expect((await limiter.confirm(good.attempt, now)).blocked).toBe(false);
    const resetting = limiter.succeeded(good.attempt);
    // A guess counted before the reset lands, on another gateway (another limiter, same store):
    // the window is still full there, so it is refused, and counted; the next ones that gateway
    // refuses on its own view, before counting.
    const other = new SigninLimiter(shared);
    for (let i = 0; i < 3; i++) expect(await attempt(other, 'mal')).toBe('429');
    release();
    shared.hold = undefined;
    await resetting;

    // That one guess is left: four more use up the five, the next is refused (a reset to 0 gave five).
    for (let i = 0; i < perAddressAndAccount - 1; i++) expect(await attempt(limiter, 'mal')).toBe('401');
    expect(await attempt(limiter, 'mal')).toBe('429');
    expect(await attempt(other, 'bien')).toBe('429');
  });

  it('starts the account over with nothing in between', async () => {
    const limiter = new SigninLimiter(new HeldCounters());
    for (let i = 0; i < perAddressAndAccount - 1; i++) expect(await attempt(limiter, 'mal')).toBe('401');
    expect(await attempt(limiter, 'bien')).toBe('200');
    for (let i = 0; i < perAddressAndAccount; i++) expect(await attempt(limiter, 'mal')).toBe('401');
    expect(await attempt(limiter, 'bien')).toBe('429');
  });
});
