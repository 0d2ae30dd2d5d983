/** Retries after a failure: the delay doubles from `minMs` up to `maxMs`, with jitter. */
export interface BackoffRange {
  minMs: number;
  maxMs: number;
}

export class Backoff {
  private attempt = 0;
  private timer: ReturnType<typeof setTimeout> | null = null;

  constructor(private readonly range: BackoffRange) {}

  /** Runs `retry` after the next delay of the series. */
  schedule(retry: () => void): void {
    this.clear();
    const base = Math.min(this.range.maxMs, this.range.minMs * 2 ** this.attempt);
    this.attempt = Math.min(this.attempt + 1, 20);
    // Jitter keeps a room full of tablets from reconnecting in the same second.
    const delay = Math.round(base * (0.75 + Math.random() * 0.25));
    this.timer = setTimeout(retry, delay);
  }

  /** Cancels the retry waiting, if any. */
  clear(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }

  /** The next failure waits the shortest delay again (connected, resumed, or a cycle went through). */
  reset(): void {
    this.attempt = 0;
  }
}
