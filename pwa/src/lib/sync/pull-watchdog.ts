/**
 * Notices a live pull that stopped without saying so (issue 18 item 8). A gateway killed with
 * `kill -9`, or a reset that never reaches the tablet, can leave a pull's request unanswered for
 * ever: PouchDB sets no time limit on its requests and raises no event, so the live session looked
 * healthy while nothing came down. The pulls ask the gateway to answer a waiting `_changes`
 * within `longpollMs` (a third of the limit); any pull request unanswered, body included, for
 * `stallMs` is a stall, and `onStall` restarts the live session, at most once per period.
 */
import type { FetchFn } from '../db/pouch';

export const LIVE_RESTART_LOG = 'Sincronización: la descarga en vivo no respondía; se reinicia.';

export class PullWatchdog {
  /** Start times of the pull requests not fully answered yet. */
  private readonly inFlight = new Set<{ since: number }>();
  private timer: ReturnType<typeof setInterval> | null = null;
  private lastStall = 0;

  constructor(
    readonly stallMs: number,
    private readonly shouldWatch: () => boolean,
    private readonly onStall: () => void,
  ) {}

  /** How long the gateway may hold a waiting `_changes` of a live pull. */
  get longpollMs(): number {
    return Math.max(1_000, Math.floor(this.stallMs / 3));
  }

  start(): void {
    this.stop();
    this.timer = setInterval(() => this.check(), Math.max(100, this.stallMs / 4));
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    this.inFlight.clear();
  }

  /**
   * The pulls' fetch: a request is answered once its body has arrived (a gateway that dies
   * mid-answer leaves the body hanging, not the headers). `fetchFn` must read the body before
   * it resolves, as the engine's does (remote.ts `reachingFetch`): read twice, every change a
   * live pull brings would be copied twice on the main thread.
   */
  watchFetch(fetchFn: FetchFn): FetchFn {
    return async (input, init) => {
      const entry = { since: Date.now() };
      this.inFlight.add(entry);
      try {
        return await fetchFn(input, init);
      } finally {
        this.inFlight.delete(entry);
      }
    };
  }

  private check(): void {
    const now = Date.now();
    if (!this.shouldWatch() || now - this.lastStall < this.stallMs) return;
    const stalled = [...this.inFlight].some((r) => now - r.since >= this.stallMs);
    if (!stalled) return;
    this.lastStall = now;
    // The requests given up on may still settle later; they no longer count.
    this.inFlight.clear();
    console.warn(LIVE_RESTART_LOG);
    this.onStall();
  }
}
