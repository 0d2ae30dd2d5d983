/**
 * A small in-memory projection of the `captaciones` database (directory-entry.ts), followed
 * through the store's `_changes` feed. It answers the whole REST list: its pages, how many
 * captaciones a scope holds (`paginacion.total`) and which ones match a search.
 *
 * Why not Mango: Mango has no count, and a `$regex` filter reads every document of the scope.
 * Measured on the embedded store, a search over 10,000 captaciones took 1.7 s on LevelDB and 5 s
 * in memory, and counting 500 of one adviser 215 ms, because PouchDB loads each document to
 * filter it; `skip` reads every skipped row (1.4 s for page 5,000 of 100,000). And an index is
 * built on the first query that needs it: 16 to 50 s per index at 100,000 captaciones after an
 * import. The projection answers all of it in a few milliseconds at 100,000 documents.
 *
 * It stays exact: every call catches up with the feed first (one `_changes` call, under a
 * millisecond when nothing changed), so a write is seen by the very next request, also when
 * several gateway processes share one CouchDB.
 *
 * It starts fast: its first catch-up begins from the last snapshot (directory-snapshot.ts), the
 * projection and the sequence it reflects, kept in `_local` documents of the database, rather
 * than from sequence zero, which reads every document (5 s or more at 100,000).
 */
import { StoreError, type StoreDb } from '../store/port';
import { matchesTerms } from '../../../couch-design/helpers/search';
import { compareEntries as compare, toEntry, type Entry } from './directory-entry';
import { loadSnapshot, type Snapshot } from './directory-snapshot';

const BATCH = 1000;
/** Up to this many changed entries in one batch are placed one by one; more are merged in one pass. */
const SPLICE_LIMIT = 64;

export interface DirectoryFilter {
  asesor?: string;
  terms?: readonly string[];
}

/** Merges two arrays sorted by `compare` into one. */
function merge(a: Entry[], b: Entry[]): Entry[] {
  const out: Entry[] = new Array<Entry>(a.length + b.length);
  let i = 0;
  let j = 0;
  let k = 0;
  while (i < a.length && j < b.length) out[k++] = compare(a[i], b[j]) <= 0 ? a[i++] : b[j++];
  while (i < a.length) out[k++] = a[i++];
  while (j < b.length) out[k++] = b[j++];
  return out;
}

export class CaptacionesDirectory {
  /** Ascending by (date, id), like the Mango index. */
  private sorted: Entry[] = [];
  private byId = new Map<string, Entry>();
  private perAsesor = new Map<string, number>();
  private since = '0';
  private started = false;
  private running: Promise<void> | null = null;
  private queued: Promise<void> | null = null;
  /** Moves with every change to the entries (the snapshot keeper saves when it moved). */
  private changeCount = 0;

  constructor(private readonly db: StoreDb) {}

  /**
   * Catches up with every change committed before the call. Concurrent callers share work: one
   * catch-up runs at a time, and everyone arriving meanwhile joins the single next one (which
   * starts after they arrived, so it sees their writes).
   */
  refresh(): Promise<void> {
    if (this.queued) return this.queued;
    if (!this.running) return this.start();
    const next = this.running.catch(() => undefined).then(() => {
      this.queued = null;
      return this.start();
    });
    this.queued = next;
    return next;
  }

  private start(): Promise<void> {
    const run = this.catchUp().finally(() => {
      if (this.running === run) this.running = null;
    });
    this.running = run;
    return run;
  }

  private async catchUp(): Promise<void> {
    if (!this.started) {
      const snapshot = await loadSnapshot(this.db);
      if (snapshot && (await this.accepts(snapshot.since))) this.restore(snapshot);
      this.started = true;
    }
    for (;;) {
      const res = await this.db.changes({ since: this.since, limit: BATCH, include_docs: true });
      this.applyBatch(res.results.filter((row) => !row.id.startsWith('_design/')).map((row) => [row.id, row.deleted || !row.doc ? null : toEntry(row.doc)]));
      // Each batch leaves the projection whole: a failure on the next one loses nothing.
      this.since = res.last_seq;
      if (res.results.length < BATCH) break;
    }
  }

  /** Whether the store still knows the sequence (a snapshot from elsewhere would not be caught up from). */
  private async accepts(since: string): Promise<boolean> {
    try {
      await this.db.changes({ since, limit: 1 });
      return true;
    } catch (e) {
      if (e instanceof StoreError && e.status === 400) return false;
      throw e;
    }
  }

  /** A snapshot's entries come in list order, each id once (loadSnapshot checks). */
  private restore({ since, entries }: Snapshot): void {
    this.sorted = entries;
    for (const e of entries) {
      this.byId.set(e.id, e);
      this.countAsesor(e.asesor, 1);
    }
    this.since = since;
  }

  private applyBatch(changes: Array<[string, Entry | null]>): void {
    const gone = new Set<Entry>();
    const added: Entry[] = [];
    for (const [id, next] of changes) {
      const prev = this.byId.get(id);
      if (prev) {
        this.byId.delete(id);
        this.countAsesor(prev.asesor, -1);
        gone.add(prev);
      }
      if (next) {
        this.byId.set(id, next);
        this.countAsesor(next.asesor, 1);
        added.push(next);
      }
    }
    const live = added.filter((e) => !gone.has(e));
    if (gone.size === 0 && live.length === 0) return;
    this.changeCount++;
    if (gone.size + live.length <= SPLICE_LIMIT) {
      for (const e of gone) {
        const i = this.indexOf(e);
        if (i >= 0) this.sorted.splice(i, 1);
      }
      for (const e of live) this.sorted.splice(this.insertionPoint(e), 0, e);
      return;
    }
    // Many changes at once (the first build, a bulk import): one merge instead of many splices.
    this.sorted = merge(gone.size ? this.sorted.filter((e) => !gone.has(e)) : this.sorted, live.sort(compare));
  }

  private countAsesor(asesor: string | null, delta: number): void {
    if (asesor === null) return;
    const n = (this.perAsesor.get(asesor) ?? 0) + delta;
    if (n > 0) this.perAsesor.set(asesor, n);
    else this.perAsesor.delete(asesor);
  }

  private insertionPoint(e: Entry): number {
    let lo = 0;
    let hi = this.sorted.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (compare(this.sorted[mid], e) < 0) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  private indexOf(e: Entry): number {
    const i = this.insertionPoint(e);
    return this.sorted[i] === e ? i : this.sorted.indexOf(e);
  }

  /** What a snapshot of this moment holds; entries are never changed in place, so a copy of the list is enough. */
  snapshot(): Snapshot & { changeCount: number } {
    return { since: this.since, entries: this.sorted.slice(), changeCount: this.changeCount };
  }

  /** How many batches of changes to the entries this directory has applied (none after a restored snapshot), and its size. */
  progress(): { changeCount: number; size: number } {
    return { changeCount: this.changeCount, size: this.byId.size };
  }

  /** The sequence the projection reflects (a longpoll from here wakes on the next change). */
  position(): string {
    return this.since;
  }

  /** How many captaciones the filter holds (without terms: a lookup, not a scan). */
  count(filter: DirectoryFilter = {}): number {
    if (!filter.terms?.length) return filter.asesor === undefined ? this.byId.size : (this.perAsesor.get(filter.asesor) ?? 0);
    let n = 0;
    for (const e of this.sorted) if (this.matches(e, filter)) n++;
    return n;
  }

  /** Every matching id in list order, newest first when `descending`. */
  ids(filter: DirectoryFilter, descending: boolean): string[] {
    return this.window(filter, descending, 0, Number.MAX_SAFE_INTEGER).ids;
  }

  /** The ids of one page (`skip`, `limit`) in list order, and how many match in all. */
  window(filter: DirectoryFilter, descending: boolean, skip: number, limit: number): { ids: string[]; total: number } {
    const n = this.sorted.length;
    const at = (i: number): Entry => this.sorted[descending ? n - 1 - i : i];
    if (filter.asesor === undefined && !filter.terms?.length) {
      // Everything matches: the page is a plain slice.
      const ids: string[] = [];
      for (let i = skip; i < Math.min(n, skip + limit); i++) ids.push(at(i).id);
      return { ids, total: n };
    }
    const ids: string[] = [];
    let total = 0;
    if (!filter.terms?.length) {
      // One adviser: the total is a lookup, and the scan stops at the page's end.
      total = this.count(filter);
      for (let i = 0; i < n && ids.length < limit; i++) {
        const e = at(i);
        if (e.asesor !== filter.asesor) continue;
        if (skip > 0) skip--;
        else ids.push(e.id);
      }
      return { ids, total };
    }
    for (let i = 0; i < n; i++) {
      const e = at(i);
      if (!this.matches(e, filter)) continue;
      if (total >= skip && ids.length < limit) ids.push(e.id);
      total++;
    }
    return { ids, total };
  }

  private matches(e: Entry, filter: DirectoryFilter): boolean {
    if (filter.asesor !== undefined && e.asesor !== filter.asesor) return false;
    return !filter.terms?.length || matchesTerms(e.text, filter.terms);
  }
}
