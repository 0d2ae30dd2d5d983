/**
 * A kept projection of a local database (issue 20 item 6): one small entry per document (what a
 * list needs to search, sort, count and page), kept from the database's changes feed and saved
 * in a `_local` document, so a list of 5,000 records reads 10 documents instead of 5,000, and a
 * reload reads one saved projection plus the changes since it was saved instead of rebuilding.
 *
 * Each read first catches up with the changes feed (nothing to read when nothing changed), so
 * the entries are never older than the database. The projection lives per database handle: a
 * wipe opens a new handle (and destroys the saved copy), so nothing of the old scope survives.
 */
import type { LocalDatabase } from './pouch';

export interface ProjectionSpec<E> {
  /** Names the saved copy: `_local/proyeccion-<key>`. */
  key: string;
  /** Bump when `entryOf` changes: an older saved copy is then rebuilt. */
  version: number;
  /** The entry of a stored document, or null when it is not one of the records. */
  entryOf(doc: Record<string, unknown>): E | null;
}

/** The entries by document id; `version` grows with every change (for callers that cache on it). */
export interface ProjectionView<E> {
  entries: ReadonlyMap<string, E>;
  version: number;
}

interface Saved<E> {
  _id: string;
  _rev?: string;
  version: number;
  seq: number | string;
  entries: Array<[string, E]>;
}

/** Changes read per request while catching up: bounded memory for a first build of thousands. */
const BATCH = 500;
/**
 * A change is saved at most this long after it came: a sync's batches are saved every couple of
 * seconds, not per batch, and a long sync never keeps putting the save off.
 */
const SAVE_DELAY_MS = 2_000;

class Kept<E> {
  private entries = new Map<string, E>();
  private seq: number | string = 0;
  private version = 0;
  private rev: string | undefined;
  private loaded: Promise<void> | null = null;
  private running: Promise<void> | null = null;
  private queued: Promise<void> | null = null;
  private saveTimer: ReturnType<typeof setTimeout> | null = null;
  private saving: Promise<void> = Promise.resolve();
  /** Ids whose documents changed with no change in the feed (a purge): read again on the next catch-up. */
  private readonly recheck = new Set<string>();

  constructor(
    private readonly db: LocalDatabase,
    private readonly spec: ProjectionSpec<E>,
  ) {}

  private get localId(): string {
    return `_local/proyeccion-${this.spec.key}`;
  }

  async read(): Promise<ProjectionView<E>> {
    await this.catchUp();
    return { entries: this.entries, version: this.version };
  }

  forget(id: string): void {
    this.recheck.add(id);
  }

  /** One catch-up at a time; a request made during one runs once more after it (it may have missed a write). */
  catchUp(): Promise<void> {
    if (this.queued) return this.queued;
    const before = this.running;
    const next: Promise<void> = (before ?? Promise.resolve())
      .catch(() => undefined)
      .then(() => {
        if (this.queued === next) this.queued = null;
        return this.step();
      });
    if (before) this.queued = next;
    this.running = next;
    void next.catch(() => undefined).then(() => {
      if (this.running === next) this.running = null;
    });
    return next;
  }

  private async step(): Promise<void> {
    this.loaded ??= this.load();
    await this.loaded;
    let changed = await this.recheckIds();
    for (;;) {
      const res = await this.db.changes({ since: this.seq, include_docs: true, limit: BATCH, return_docs: true });
      for (const c of res.results) {
        if (c.id.startsWith('_design/')) continue;
        this.apply(c.id, c.deleted || !c.doc ? null : (c.doc as unknown as Record<string, unknown>));
        changed = true;
      }
      this.seq = res.last_seq;
      if (res.results.length < BATCH) break;
    }
    if (changed) {
      this.version++;
      this.scheduleSave();
    }
  }

  private apply(id: string, doc: Record<string, unknown> | null): void {
    const entry = doc ? this.spec.entryOf(doc) : null;
    if (entry) this.entries.set(id, entry);
    else this.entries.delete(id);
  }

  private async recheckIds(): Promise<boolean> {
    if (this.recheck.size === 0) return false;
    const keys = [...this.recheck];
    this.recheck.clear();
    const res = await this.db.allDocs({ keys, include_docs: true });
    for (const row of res.rows) {
      const doc = 'doc' in row && row.doc ? (row.doc as unknown as Record<string, unknown>) : null;
      this.apply(row.key, doc);
    }
    return true;
  }

  private async load(): Promise<void> {
    try {
      const saved = (await this.db.get(this.localId)) as unknown as Saved<E>;
      this.rev = saved._rev;
      if (saved.version !== this.spec.version) return;
      this.entries = new Map(saved.entries);
      this.seq = saved.seq;
    } catch {
      // Never saved on this device (or unreadable): built from the whole feed once.
    }
  }

  private scheduleSave(): void {
    if (this.saveTimer) return;
    this.saveTimer = setTimeout(() => {
      this.saveTimer = null;
      this.saving = this.saving
        .then(() => this.save())
        .catch((err: unknown) => {
          // Wiped or signed out meanwhile: nothing left to save it for.
          if ((err as Error | null)?.message !== 'database is destroyed') console.warn('No se pudo guardar el índice de la lista.', err);
        });
    }, SAVE_DELAY_MS);
  }

  private async save(): Promise<void> {
    const doc: Saved<E> = { _id: this.localId, version: this.spec.version, seq: this.seq, entries: [...this.entries] };
    if (this.rev) doc._rev = this.rev;
    try {
      this.rev = (await this.db.put(doc as unknown as PouchDB.Core.PutDocument<object>)).rev;
    } catch (err) {
      // Another tab saved it meanwhile: take its revision, the next change saves ours.
      if ((err as { status?: number }).status !== 409) throw err;
      this.rev = ((await this.db.get(this.localId)) as { _rev: string })._rev;
    }
  }
}

const kept = new WeakMap<LocalDatabase, Map<string, Kept<unknown>>>();

function keptFor<E>(db: LocalDatabase, spec: ProjectionSpec<E>): Kept<E> {
  let byKey = kept.get(db);
  if (!byKey) kept.set(db, (byKey = new Map<string, Kept<unknown>>()));
  let k = byKey.get(spec.key) as Kept<E> | undefined;
  if (!k) byKey.set(spec.key, (k = new Kept(db, spec)));
  return k;
}

/** The projection of `db`, caught up with every change stored so far. */
export function readProjection<E>(db: LocalDatabase, spec: ProjectionSpec<E>): Promise<ProjectionView<E>> {
  return keptFor(db, spec).read();
}

/** Brings the projection up to date without anyone waiting (after a sync's batch, in the background). */
export function refreshProjection<E>(db: LocalDatabase, spec: ProjectionSpec<E>): Promise<void> {
  return keptFor(db, spec).catchUp();
}

/** A document changed without a change in the feed (a purge): its entry is read again. */
export function recheckInProjection<E>(db: LocalDatabase, spec: ProjectionSpec<E>, id: string): void {
  keptFor(db, spec).forget(id);
}
