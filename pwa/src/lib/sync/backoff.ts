/**
 * Retries after a failure: the delay doubles from the range's `minMs` up to its `maxMs`, with
 * jitter. Each failure says its range (a lost connection retries sooner than a failing server),
 * and the series goes on across them until `reset`.
 */
export interface BackoffRange {
  minMs: number;
  maxMs: number;
}

export class Backoff {
  private attempt = 0;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private at: number | null = null;

  constructor(
    private readonly range: BackoffRange,
    /** Tests pass their own; jitter keeps a room full of tablets from retrying in the same second. */
    private readonly random: () => number = Math.random,
  ) {}

  /** The delay the next failure would wait, before jitter (the jitter takes up to a quarter off). */
  nextBaseMs(range: BackoffRange = this.range): number {
    return Math.min(range.maxMs, range.minMs * 2 ** this.attempt);
  }

  /** Runs `retry` after the next delay of the series in `range` (default: the constructor's). */
  schedule(retry: () => void, range: BackoffRange = this.range): void {
    this.clear();
    const base = this.nextBaseMs(range);
    this.attempt = Math.min(this.attempt + 1, 30);
    const delay = Math.round(base * (0.75 + this.random() * 0.25));
    this.at = Date.now() + delay;
    this.timer = setTimeout(() => {
      this.timer = null;
      this.at = null;
      retry();
    }, delay);
  }

  /** A retry is waiting: nothing else (the minute's scope check) should try before it. */
  get waiting(): boolean {
    return this.timer !== null;
  }

  /** Epoch ms of the retry waiting, or null. */
  get retryAt(): number | null {
    return this.at;
  }

  /** Cancels the retry waiting, if any. */
  clear(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.at = null;
  }

  /** The next failure waits the shortest delay again (connected, resumed, or the sync went through). */
  reset(): void {
    this.attempt = 0;
  }
}
