/**
 * Follows one database's `_changes` feed from the moment it starts (a longpoll that wakes on
 * every write, whichever gateway process made it) and hands each batch of changed ids to its
 * listeners. What a gateway keeps in memory about shared data (sessions, people) is only as good
 * as this feed: `live` says whether the feed has answered within FRESH_FOR_MS, and the caches
 * built on it answer from memory only then. A feed that fails, or a store that goes silent (no
 * answer, no refusal), turns it off within FRESH_FOR_MS at most, and everything kept is forgotten:
 * a session ended through another gateway is never read as valid here for longer than that
 * (issue 32 item 8; docs/architecture.md section 4, «Lo que una pasarela guarda en memoria»).
 * When the feed comes back it resumes from its last sequence, so nothing written meanwhile is missed.
 */
import type { StoreDb } from './port';
import { log } from '../log';

/**
 * How long memory is trusted after the feed's last answer. Cached sessions and people are at most
 * this old when the store stops answering.
 */
export const FRESH_FOR_MS = 5_000;
/**
 * The longpoll's own wait: a quiet database answers (with no rows) this often, which is what keeps
 * the feed fresh. Half of FRESH_FOR_MS leaves the other half for the round trip and a busy event loop.
 */
export const WAIT_MS = FRESH_FOR_MS / 2;
/** A longpoll unanswered this long past its wait is a silent store: given up and tried again. */
const SILENT_AFTER_MS = WAIT_MS + FRESH_FOR_MS;
/** Ids per answer: a burst of writes arrives in a few answers rather than one huge one. */
const PAGE = 500;
const MAX_RETRY_MS = 10_000;

export type ChangeListener = (ids: string[]) => void;

export class Follower {
  private readonly stopped = new AbortController();
  private readonly listeners = new Set<ChangeListener>();
  private readonly downListeners = new Set<() => void>();
  private isLive = false;
  /** Turns the feed off when no answer came within FRESH_FOR_MS. */
  private staleTimer?: NodeJS.Timeout;
  private started: Promise<void> | null = null;

  constructor(private readonly db: StoreDb) {}

  /** Whether the feed answered within FRESH_FOR_MS: a cache may answer from memory only then. */
  get live(): boolean {
    return this.isLive;
  }

  onChange(listener: ChangeListener): void {
    this.listeners.add(listener);
  }

  /** Called when the feed is lost or silent: whatever was kept must be forgotten. */
  onDown(listener: () => void): void {
    this.downListeners.add(listener);
  }

  /** Resolves once the starting sequence is read (or the first try failed: it goes on trying). */
  start(): Promise<void> {
    this.started ??= new Promise((ready) => void this.follow(ready));
    return this.started;
  }

  stop(): void {
    this.stopped.abort();
    clearTimeout(this.staleTimer);
    this.isLive = false;
  }

  /** The store answered: memory is good as of now, for FRESH_FOR_MS unless another answer comes. */
  private answered(): void {
    this.isLive = true;
    clearTimeout(this.staleTimer);
    this.staleTimer = setTimeout(() => this.down(), FRESH_FOR_MS);
    this.staleTimer.unref();
  }

  private down(): void {
    clearTimeout(this.staleTimer);
    if (!this.isLive) return;
    this.isLive = false;
    for (const l of this.downListeners) l();
  }

  private async follow(ready: () => void): Promise<void> {
    const { signal } = this.stopped;
    let since: string | null = null;
    let failures = 0;
    while (!signal.aborted) {
      try {
        if (since === null) {
          since = (await this.db.info()).update_seq;
          this.answered();
        }
        ready();
        // The adapters answer an aborted longpoll with no rows: that is silence, not an answer.
        const silent = AbortSignal.timeout(SILENT_AFTER_MS);
        const page = await this.db.changes({ since, feed: 'longpoll', limit: PAGE, timeout: WAIT_MS, signal: AbortSignal.any([signal, silent]) });
        if (signal.aborted) return;
        if (silent.aborted) throw new Error(`sin respuesta en ${SILENT_AFTER_MS} ms`);
        since = page.last_seq;
        failures = 0;
        const ids = page.results.map((r) => r.id);
        if (ids.length) for (const l of this.listeners) l(ids);
        // A full page has more behind it: memory is not caught up until the rest has come.
        if (page.results.length < PAGE) this.answered();
      } catch (e) {
        if (signal.aborted) return;
        this.down();
        ready();
        if (failures++ === 0) log.error({ base: this.db.name, detalle: e instanceof Error ? e.message : String(e) }, `Se perdió el seguimiento de cambios de ${this.db.name}; se reintentará`);
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, Math.min(MAX_RETRY_MS, 250 * 2 ** failures));
          timer.unref();
          signal.addEventListener('abort', () => (clearTimeout(timer), resolve()), { once: true });
        });
      }
    }
  }
}
