import { createHash } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { isConflict, isNotFound, type StoreDb, type StoreDoc } from '../store/port';

/** Counts shared by every gateway on the same store, one count per key and time window. */
export interface SharedCounters {
  /** Adds `delta` (never below 0) to the key's count in the window; answers the count after the change. */
  add(key: string, windowStart: number, delta: number): Promise<number>;
}

interface CounterDoc extends StoreDoc {
  type: 'intentos_inicio';
  count: number;
  /** End of the window (epoch ms): StoreSessionStore.purgeExpired sweeps these with expired sessions. */
  expires: number;
}

/** Writers to one key are this gateway's queue plus the other gateways: a few retries settle them. */
const MAX_TRIES = 12;

/**
 * Sign-in attempt counters as documents of the `sesiones` database (one per key per window),
 * updated read-modify-write with conflict retries, so several gateways on CouchDB share them.
 * Within a gateway the writes to one key are queued, so only other gateways can conflict.
 * Keys are hashed: addresses and e-mails never appear in document ids.
 */
export class StoreAttemptCounters implements SharedCounters {
  private queues = new Map<string, Promise<unknown>>();

  constructor(private readonly db: StoreDb, private readonly windowMs: number) {}

  add(key: string, windowStart: number, delta: number): Promise<number> {
    return this.serially(this.docId(key, windowStart), (id) => this.update(id, windowStart, (n) => Math.max(0, n + delta)));
  }

  private docId(key: string, windowStart: number): string {
    return `intentos:${windowStart}:${createHash('sha256').update(key).digest('base64url')}`;
  }

  private serially<T>(id: string, work: (id: string) => Promise<T>): Promise<T> {
    const previous = this.queues.get(id) ?? Promise.resolve();
    const result = previous.then(() => work(id));
    const tail = result.catch(() => undefined);
    this.queues.set(id, tail);
    void tail.then(() => {
      if (this.queues.get(id) === tail) this.queues.delete(id);
    });
    return result;
  }

  /** Answers Infinity when the count could not be written: an attempt that cannot be counted is refused. */
  private async update(id: string, windowStart: number, change: (count: number) => number): Promise<number> {
    for (let attempt = 0; attempt < MAX_TRIES; attempt++) {
      let current: CounterDoc | null = null;
      try {
        current = (await this.db.get(id)) as CounterDoc;
      } catch (e) {
        if (!isNotFound(e)) throw e;
      }
      const count = change(typeof current?.count === 'number' ? current.count : 0);
      const doc: CounterDoc = { _id: id, type: 'intentos_inicio', count, expires: windowStart + this.windowMs };
      if (current?._rev) doc._rev = current._rev;
      try {
        // Kept by fewer copies than a cluster's quorum (202), another gateway's count may have won:
        // count again on what is there (one attempt counted twice is the safe side of a limit).
        if (!(await this.db.put(doc)).accepted) return count;
      } catch (e) {
        if (!isConflict(e)) throw e;
        await sleep(Math.random() * 5 * (attempt + 1));
      }
    }
    return Number.POSITIVE_INFINITY;
  }
}
