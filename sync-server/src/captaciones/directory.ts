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
 * It catches up with the feed on every call (one `_changes` call, under a millisecond when
 * nothing changed). That alone does not show a write to the next request on CouchDB: a clustered
 * `_changes` reads one copy of each shard, while a write is confirmed once 2 of its 3 copies hold
 * it, so the feed can trail a confirmed write for a moment (1 list in 75 to 1 in 20 right after a
 * save missed it). Hence the read-your-writes rules (see `applyOwnWrites` and `confirm`):
 *
 * - Every write this gateway makes (REST through the repository, replication's `_bulk_docs`
 *   through the sync declaration) enters the directory at once with its stored revision, pinned:
 *   a feed row older than the pin is a lagging copy's and is skipped, so the entry neither
 *   regresses nor doubles, and a deletion made here does not come back. The pin goes when the
 *   feed shows that revision or a newer one, or lists it among the document's leaves (a deleted
 *   leaf loses to a live conflicting one, which then is the state to show).
 * - Another gateway's writes arrive by the feed only: a write through gateway A followed by a
 *   list on gateway B is not guaranteed by the feed. It is for a browser (the same person's next
 *   list): the write's answer leaves the id and revision in a short-lived cookie
 *   (recent-writes.ts), and the list on B reads the ones it does not yet show with one quorum
 *   read each (`confirm`; 2 of 3 copies read, overlapping the 2 that confirmed the write when
 *   CouchDB answered 201, not 202) before answering. Without that cookie (another client,
 *   another person) B shows the write as soon as its feed copy has it, usually milliseconds.
 * - A pin the feed has not resolved after `pinMs` (a conflict resolved in a way the rows never
 *   show, a snapshot newer than the pin) is read back from the store and the pin dropped.
 *
 * Revisions compare as CouchDB picks a winner: generation, then hash; CouchDB sequences are
 * opaque and never compared.
 *
 * It starts fast: its first catch-up begins from the last snapshot (directory-snapshot.ts), the
 * projection and the sequence it reflects, kept in `_local` documents of the database, rather
 * than from sequence zero, which reads every document (5 s or more at 100,000).
 */
import { isNotFound, StoreError, type ChangeRow, type ChangesOptions, type ChangesResult, type StoreDb, type StoreDoc } from '../store/port';
import { matchesTerms } from '../../../couch-design/helpers/search';
import { compareEntries as compare, toEntry, type Entry } from './directory-entry';
import { loadSnapshot, type Snapshot } from './directory-snapshot';
import { ListedBodies } from './listed-bodies';

const BATCH = 1000;
/** Up to this many changed entries in one batch are placed one by one; more are merged in one pass. */
const SPLICE_LIMIT = 64;
/** The feed's last revision is remembered for this many recently changed ids (to skip a lagging copy's older rows). */
const RECENT_LIMIT = 10_000;
/** A pin the feed has not resolved in this long is read back from the store. */
const PIN_MS = 30_000;
/** Store reads at a time when revisions are read back. */
const READERS = 8;

export interface DirectoryOptions {
  /**
   * Reads the feed; the store's `_changes` unless told. Tests pass one that lags the way a
   * CouchDB shard copy behind the write quorum does.
   */
  changes?: (opts: ChangesOptions) => Promise<ChangesResult>;
  /** How long a pin may wait for the feed before it is read back (ms). */
  pinMs?: number;
}

/** A document's revision: what a write stored, or what a person wrote and expects to see. */
export interface RevisionRef {
  id: string;
  rev: string;
}

/** A state this gateway knows to be at least as new as the feed's: its revision and entry, since when. */
interface Pin {
  rev: string;
  entry: Entry | null;
  at: number;
}

const generation = (rev: string): number => {
  const n = parseInt(rev, 10);
  return Number.isFinite(n) ? n : 0;
};

/** Orders two revisions as CouchDB orders a document's leaves: generation, then hash. */
export function compareRevs(a: string, b: string): number {
  const byGen = generation(a) - generation(b);
  if (byGen !== 0) return byGen;
  const ha = a.slice(a.indexOf('-') + 1);
  const hb = b.slice(b.indexOf('-') + 1);
  return ha < hb ? -1 : ha > hb ? 1 : 0;
}

/** CouchDB's winner among leaves: a live leaf beats a deleted one, then `compareRevs`. */
function winnerOf(leaves: StoreDoc[]): StoreDoc | null {
  let best: StoreDoc | null = null;
  for (const leaf of leaves) {
    if (typeof leaf._rev !== 'string') continue;
    if (!best) best = leaf;
    else if (!leaf._deleted !== !best._deleted) best = leaf._deleted ? best : leaf;
    else if (compareRevs(leaf._rev, best._rev as string) > 0) best = leaf;
  }
  return best;
}

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
  /** States this gateway wrote or read back that the feed has not shown yet. */
  private readonly pins = new Map<string, Pin>();
  /** The newest revision the feed showed for recently changed ids, oldest first. */
  private readonly recent = new Map<string, string>();
  private readonly readChanges: (opts: ChangesOptions) => Promise<ChangesResult>;
  private readonly pinMs: number;
  private completed = false;
  private readonly bodies = new ListedBodies();

  constructor(
    private readonly db: StoreDb,
    opts: DirectoryOptions = {},
  ) {
    this.readChanges = opts.changes ?? ((o) => db.changes(o));
    this.pinMs = opts.pinMs ?? PIN_MS;
  }

  /**
   * Catches up with every change committed before the call. Concurrent callers share work: one
   * catch-up runs at a time, and everyone arriving meanwhile joins the single next one (which
   * starts after they arrived, so it sees their writes).
   */
  /** Whether a catch-up has ever completed: before that the directory holds nothing to list from. */
  get caughtUpOnce(): boolean {
    return this.completed;
  }

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
      // `all_docs`: every leaf of each document, so a row can tell that it already holds a pinned revision.
      // Bodies are read only when a row needs one: this gateway's own writes (pinned at their stored
      // revision), lagging rows and deletions are settled by their revision alone, which spares the
      // store reading back every document a push through this gateway has just written.
      let res = await this.readChanges({ since: this.since, limit: BATCH, style: 'all_docs' });
      if (res.results.some((row) => this.needsBody(row))) res = await this.readChanges({ since: this.since, limit: BATCH, include_docs: true, style: 'all_docs' });
      const changes: Array<[string, Entry | null]> = [];
      for (const row of res.results) {
        if (row.id.startsWith('_design/') || !this.fromFeed(row)) continue;
        const entry = row.deleted || !row.doc ? null : toEntry(row.doc);
        if (entry && row.doc) this.bodies.keep(row.doc);
        changes.push([row.id, entry]);
      }
      this.applyBatch(changes);
      // Each batch leaves the projection whole: a failure on the next one loses nothing.
      this.since = res.last_seq;
      if (res.results.length < BATCH) break;
    }
    await this.readBackOldPins();
    this.completed = true;
  }

  /**
   * Whether a row read without its document needs it: a live document the directory does not
   * already show at that revision, or one with several leaves (its winner is the body's revision).
   */
  private needsBody(row: ChangeRow): boolean {
    if (row.doc || row.id.startsWith('_design/')) return false;
    if (row.changes.length !== 1) return true;
    const rev = row.changes[0].rev;
    const pin = this.pins.get(row.id);
    const known = pin?.rev ?? this.recent.get(row.id);
    const lagging = known !== undefined && compareRevs(rev, known) < 0;
    return !(lagging || pin?.rev === rev || row.deleted === true);
  }

  /**
   * Whether a feed row is news: not when it is older than the revision this gateway already shows
   * for the document (a lagging copy's row). A row at that revision or newer, or one that lists it
   * among the leaves (it lost to a live conflicting leaf), resolves the pin.
   */
  private fromFeed(row: ChangeRow): boolean {
    const rev = typeof row.doc?._rev === 'string' ? row.doc._rev : row.changes[0]?.rev;
    if (typeof rev !== 'string') return true;
    const pin = this.pins.get(row.id);
    const known = pin?.rev ?? this.recent.get(row.id);
    if (known !== undefined && compareRevs(rev, known) < 0 && !row.changes.some((c) => c.rev === known)) return false;
    if (pin) this.pins.delete(row.id);
    this.remember(row.id, rev);
    // The revision this gateway pinned is already shown: nothing to place again.
    return pin?.rev !== rev;
  }

  private remember(id: string, rev: string): void {
    this.recent.delete(id);
    this.recent.set(id, rev);
    if (this.recent.size > RECENT_LIMIT) this.recent.delete(this.recent.keys().next().value as string);
  }

  /** Whether the directory shows this revision of the document or a newer one. */
  private shows(id: string, rev: string): boolean {
    const known = this.pins.get(id)?.rev ?? this.recent.get(id);
    return known !== undefined && compareRevs(known, rev) >= 0;
  }

  /**
   * Writes this gateway stored, each with the revision the store gave it (`_deleted` for a
   * deletion), shown from now on: the next list has them whatever the feed says meanwhile. A
   * revision the directory already shows, or an older one, changes nothing.
   */
  applyOwnWrites(docs: readonly StoreDoc[]): void {
    const changes: Array<[string, Entry | null]> = [];
    for (const doc of docs) {
      if (typeof doc._id !== 'string' || doc._id.startsWith('_') || typeof doc._rev !== 'string') continue;
      if (this.shows(doc._id, doc._rev)) continue;
      changes.push([doc._id, this.pin(doc._id, doc._rev, doc._deleted ? null : toEntry(doc))]);
    }
    this.applyBatch(changes);
  }

  private pin(id: string, rev: string, entry: Entry | null): Entry | null {
    this.pins.set(id, { rev, entry, at: Date.now() });
    return entry;
  }

  /**
   * Makes sure the directory shows these revisions (a person's own recent writes, possibly made
   * through another gateway): each one it does not show yet is read from the store (a quorum
   * read on CouchDB) and its current state pinned. Call after `refresh`.
   */
  async confirm(refs: readonly RevisionRef[]): Promise<void> {
    const unseen = [...new Set(refs.filter((r) => !this.shows(r.id, r.rev)).map((r) => r.id))];
    if (unseen.length === 0) return;
    const read = await this.currentStates(unseen);
    const changes: Array<[string, Entry | null]> = [];
    for (const [id, doc] of read) {
      if (doc && !this.shows(id, doc._rev as string)) changes.push([id, this.pin(id, doc._rev as string, doc._deleted ? null : toEntry(doc))]);
    }
    this.applyBatch(changes);
  }

  /** Pins the feed did not resolve in time are read back: the store's state stands, unpinned. */
  private async readBackOldPins(): Promise<void> {
    const before = Date.now() - this.pinMs;
    const old = [...this.pins].filter(([, p]) => p.at <= before).map(([id]) => id);
    if (old.length === 0) return;
    const read = await this.currentStates(old.slice(0, BATCH));
    const changes: Array<[string, Entry | null]> = [];
    for (const [id, doc] of read) {
      const pin = this.pins.get(id);
      // Re-pinned meanwhile by a newer write: that pin stands.
      if (!pin || pin.at > before) continue;
      this.pins.delete(id);
      if (doc) this.remember(id, doc._rev as string);
      changes.push([id, doc && !doc._deleted ? toEntry(doc) : null]);
    }
    this.applyBatch(changes);
  }

  /** Each document's winning leaf, deletions included (null: it never existed), a few reads at a time. */
  private async currentStates(ids: string[]): Promise<Map<string, StoreDoc | null>> {
    const out = new Map<string, StoreDoc | null>();
    const queue = [...ids];
    const reader = async (): Promise<void> => {
      for (let id = queue.shift(); id !== undefined; id = queue.shift()) {
        try {
          const leaves = await this.db.getOpenRevs(id, 'all');
          out.set(id, winnerOf(leaves.flatMap((r) => ('ok' in r ? [r.ok] : []))));
        } catch (e) {
          if (!isNotFound(e)) throw e;
          out.set(id, null);
        }
      }
    };
    await Promise.all(Array.from({ length: Math.min(READERS, queue.length) }, reader));
    return out;
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
    this.byId = new Map();
    this.perAsesor = new Map();
    for (const e of entries) {
      this.byId.set(e.id, e);
      this.countAsesor(e.asesor, 1);
    }
    this.since = since;
    // Writes made before the first catch-up stay shown.
    this.applyBatch([...this.pins].map(([id, p]) => [id, p.entry]));
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

  /**
   * The revision shown as the document's current one (a pin, the feed's latest for a recently
   * changed id, or the listed entry's); null when none is known, undefined before the first
   * catch-up. Every revision named here came from the store or was just stored in it.
   */
  currentRevision(id: string): string | null | undefined {
    if (!this.completed) return undefined;
    return this.pins.get(id)?.rev ?? this.recent.get(id) ?? this.byId.get(id)?.rev ?? null;
  }

  /** The body kept for a listed captación at the revision listed, if there is one (listed-bodies.ts). */
  listedBody(id: string): StoreDoc | undefined {
    const entry = this.byId.get(id);
    return entry ? this.bodies.at(id, entry.rev) : undefined;
  }

  /** Keeps bodies a list read from the store, for the next list. */
  keepListed(docs: readonly StoreDoc[]): void {
    for (const doc of docs) this.bodies.keep(doc);
  }

  /** The listed captación of this id, if any (a device set checks who advises a marked one). */
  entry(id: string): Entry | undefined {
    return this.byId.get(id);
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
