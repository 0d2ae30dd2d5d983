/**
 * Values read from the store by document id, kept in memory while their database's feed
 * (follower.ts) is followed and has answered within its FRESH_FOR_MS: a change to a document, made
 * by this process or any other, forgets it; losing the feed, or its silence, forgets everything and
 * reads go to the store until it answers again. A read that was under way when
 * its key changed is answered but not kept, so a value older than the change is never stored.
 */
import type { Follower } from './follower';

export class FollowedCache<V> {
  private readonly entries = new Map<string, V>();
  /** Reads under way, each marked when its key changes meanwhile. */
  private readonly reading = new Map<string, Set<{ stale: boolean }>>();
  private readonly listeners = new Set<(key: string | null) => void>();

  constructor(
    private readonly follower: Follower,
    private readonly max = 10_000,
  ) {
    follower.onChange((ids) => ids.forEach((id) => this.forget(id)));
    follower.onDown(() => this.clear());
  }

  /** Called with each forgotten key, or null when everything is. */
  onForget(listener: (key: string | null) => void): void {
    this.listeners.add(listener);
  }

  async get(key: string, load: (key: string) => Promise<V>): Promise<V> {
    return (await this.getMany([key], async ([k]) => new Map([[k, await load(k)]]))).get(key) as V;
  }

  /** Several keys: those in memory from it, the others read together by one `load`. */
  async getMany(keys: readonly string[], load: (missing: string[]) => Promise<Map<string, V>>): Promise<Map<string, V>> {
    const out = new Map<string, V>();
    const missing: string[] = [];
    for (const key of new Set(keys)) {
      if (this.follower.live && this.entries.has(key)) out.set(key, this.entries.get(key) as V);
      else missing.push(key);
    }
    if (missing.length === 0) return out;
    const marks = missing.map((key) => {
      const mark = { stale: !this.follower.live };
      let set = this.reading.get(key);
      if (!set) this.reading.set(key, (set = new Set()));
      set.add(mark);
      return { key, mark, set };
    });
    try {
      const loaded = await load(missing);
      for (const { key, mark } of marks) {
        if (!loaded.has(key)) continue;
        const value = loaded.get(key) as V;
        out.set(key, value);
        if (!mark.stale && this.follower.live) this.put(key, value);
      }
      return out;
    } finally {
      for (const { key, mark, set } of marks) {
        set.delete(mark);
        if (set.size === 0) this.reading.delete(key);
      }
    }
  }

  /** The value in memory, without reading the store: undefined when there is none to trust. */
  peek(key: string): V | undefined {
    return this.follower.live ? this.entries.get(key) : undefined;
  }

  /** Keeps a value this process just wrote (the feed will confirm or replace it). */
  put(key: string, value: V): void {
    if (!this.follower.live) return;
    // Oldest first out: a Map iterates in insertion order.
    this.entries.delete(key);
    this.entries.set(key, value);
    if (this.entries.size > this.max) this.entries.delete(this.entries.keys().next().value as string);
  }

  forget(key: string): void {
    this.entries.delete(key);
    for (const mark of this.reading.get(key) ?? []) mark.stale = true;
    for (const l of this.listeners) l(key);
  }

  clear(): void {
    this.entries.clear();
    for (const marks of this.reading.values()) for (const mark of marks) mark.stale = true;
    for (const l of this.listeners) l(null);
  }
}
