/**
 * Notices a push that stopped without saying so. PouchDB can leave a replication waiting for ever
 * on a request the gateway never answers (killed mid-request, a reset that never reached the
 * tablet), with no error event; `cancel()` does not even end one waiting on its checkpoint write.
 * While the engine says there is something to watch (online, pending changes), a quiet period of
 * `stallMs` without any sign of life calls `onStall`, at most once per period.
 */
import type { FetchFn } from '../db/pouch';

export const PUSH_RESTART_LOG = 'Sincronización: el envío de cambios no avanzaba; se reinicia.';

export class PushWatchdog {
  private lastSign = 0;
  private timer: ReturnType<typeof setInterval> | null = null;

  constructor(
    private readonly stallMs: number,
    private readonly shouldWatch: () => boolean,
    private readonly onStall: () => void,
  ) {}

  start(): void {
    this.stop();
    this.alive();
    this.timer = setInterval(() => this.check(), Math.max(100, this.stallMs / 4));
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }

  /** A sign of life: the pending count moved, or a push started, had an event or an answer. */
  alive(): void {
    this.lastSign = Date.now();
  }

  /** The push's fetch: each request counts as a sign of life when it starts and when it is answered. */
  watchFetch(fetchFn: FetchFn): FetchFn {
    return (input, init) => {
      this.alive();
      return fetchFn(input, init).finally(() => this.alive());
    };
  }

  private check(): void {
    if (!this.shouldWatch() || Date.now() - this.lastSign < this.stallMs) return;
    this.alive();
    console.warn(PUSH_RESTART_LOG);
    this.onStall();
  }
}
