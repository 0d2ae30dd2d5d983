/**
 * Follows one database's `_changes` feed from the moment it starts (a longpoll that wakes on
 * every write, whichever gateway process made it) and hands each batch of changed ids to its
 * listeners. What a gateway keeps in memory about shared data (sessions, people) is only as good
 * as this feed: while it fails, `live` is false and the caches built on it stop answering; when
 * it comes back it resumes from its last sequence, so nothing written meanwhile is missed.
 */
import type { StoreDb } from './port';
import { log } from '../log';

const WAIT_MS = 60_000;
/** Ids per answer: a burst of writes arrives in a few answers rather than one huge one. */
const PAGE = 500;
const MAX_RETRY_MS = 10_000;

export type ChangeListener = (ids: string[]) => void;

export class Follower {
  private readonly stopped = new AbortController();
  private readonly listeners = new Set<ChangeListener>();
  private readonly downListeners = new Set<() => void>();
  private isLive = false;
  private started: Promise<void> | null = null;

  constructor(private readonly db: StoreDb) {}

  /** Whether the feed is followed right now: a cache may answer from memory only then. */
  get live(): boolean {
    return this.isLive;
  }

  onChange(listener: ChangeListener): void {
    this.listeners.add(listener);
  }

  /** Called when the feed is lost: whatever was kept must be forgotten. */
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
    this.isLive = false;
  }

  private down(): void {
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
        if (since === null) since = (await this.db.info()).update_seq;
        this.isLive = true;
        ready();
        const page = await this.db.changes({ since, feed: 'longpoll', limit: PAGE, timeout: WAIT_MS, signal });
        if (signal.aborted) return;
        since = page.last_seq;
        failures = 0;
        const ids = page.results.map((r) => r.id);
        if (ids.length) for (const l of this.listeners) l(ids);
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
