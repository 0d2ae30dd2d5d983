/**
 * A small in-memory projection of the `captaciones` database (id, date, adviser, folded search
 * text), followed through the store's `_changes` feed. It answers what Mango cannot answer
 * cheaply: how many captaciones a scope holds (`paginacion.total`) and which ones match a search.
 *
 * Why not Mango for those: Mango has no count, and a `$regex` filter reads every document of the
 * scope. Measured on the embedded store, a search over 10,000 captaciones took 1.7 s on LevelDB
 * and 5 s in memory, and counting 500 of one adviser 215 ms, because PouchDB loads each document
 * to filter it. The projection answers both in a few milliseconds at 100,000 documents.
 *
 * It stays exact: every call catches up with the feed first (one `_changes` call, under a
 * millisecond when nothing changed), so a write is seen by the very next request, also when
 * several gateway processes share one CouchDB. Page one without search never comes from here:
 * it is read straight from the Mango index sorted by `captacion.fecha`.
 */
import type { StoreDb, StoreDoc } from '../store/port';
import { captacionSearchText } from '../../../couch-design/captacion/search';
import { matchesTerms } from '../../../couch-design/helpers/search';

interface Entry {
  id: string;
  /** `captacion.fecha` as a sort key, ordered like CouchDB collates (numbers before strings). */
  key: string;
  /** The adviser's user id; null for a legacy adviser object or none. */
  asesor: string | null;
  text: string;
}

const BATCH = 1000;
/** Above this many changes in one catch-up, re-sorting once beats inserting one by one. */
const RESORT_THRESHOLD = 200;

function sortKey(fecha: unknown): string | null {
  if (fecha === undefined || fecha === null) return null;
  if (typeof fecha === 'string') return `\u0002${fecha}`;
  if (typeof fecha === 'number' || typeof fecha === 'boolean') return `\u0001${String(fecha)}`;
  return `\u0003${JSON.stringify(fecha)}`;
}

const compare = (a: Entry, b: Entry): number =>
  a.key < b.key ? -1 : a.key > b.key ? 1 : a.id < b.id ? -1 : a.id > b.id ? 1 : 0;

/** Mirrors the list indexes: a captación without a date is in neither, so it is not here either. */
function toEntry(doc: StoreDoc): Entry | null {
  if (doc.type !== 'captacion' || doc._deleted) return null;
  const datos = typeof doc.captacion === 'object' && doc.captacion !== null ? (doc.captacion as Record<string, unknown>) : {};
  const key = sortKey(datos.fecha);
  if (key === null) return null;
  return { id: doc._id, key, asesor: typeof datos.asesor === 'string' ? datos.asesor : null, text: captacionSearchText(doc) };
}

export interface DirectoryFilter {
  asesor?: string;
  terms?: readonly string[];
}

export class CaptacionesDirectory {
  /** Ascending by (date, id), like the Mango index. */
  private sorted: Entry[] = [];
  private byId = new Map<string, Entry>();
  private perAsesor = new Map<string, number>();
  private since = '0';
  private unsorted = false;
  private running: Promise<void> | null = null;
  private queued: Promise<void> | null = null;

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
    // Many changes at once (the first build, a bulk import): drop the order and sort once at the end.
    // `unsorted` survives a catch-up that failed half way, so the next one sorts again.
    let resort = this.unsorted;
    for (;;) {
      const res = await this.db.changes({ since: this.since, limit: BATCH, include_docs: true });
      resort ||= this.byId.size === 0 || res.results.length > RESORT_THRESHOLD;
      this.unsorted = resort;
      for (const row of res.results) {
        if (row.id.startsWith('_design/')) continue;
        this.apply(row.id, row.deleted || !row.doc ? null : toEntry(row.doc), resort);
      }
      this.since = res.last_seq;
      if (res.results.length < BATCH) break;
    }
    if (resort) this.sorted = [...this.byId.values()].sort(compare);
    this.unsorted = false;
  }

  private apply(id: string, next: Entry | null, resort: boolean): void {
    const prev = this.byId.get(id);
    if (prev) {
      this.byId.delete(id);
      this.countAsesor(prev.asesor, -1);
      if (!resort) this.sorted.splice(this.indexOf(prev), 1);
    }
    if (!next) return;
    this.byId.set(id, next);
    this.countAsesor(next.asesor, 1);
    if (!resort) this.sorted.splice(this.insertionPoint(next), 0, next);
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
