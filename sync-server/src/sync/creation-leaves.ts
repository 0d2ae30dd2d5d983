/**
 * A push of new documents, read ahead. A device asks `_revs_diff` and then sends `_bulk_docs`,
 * whose write policy must see what the store holds for each id before anything is written. For a
 * first revision of an id this gateway knows nothing of (a captación just created on a tablet,
 * reads.ts `diffFromMemory`), that store read starts when `_revs_diff` answers, while the device
 * prepares its upload, instead of after the upload arrives: one store round trip less before the
 * write.
 *
 * Only creations: an id nobody else can be writing at that moment (ids are made on the device),
 * whose read is still the store's state a few milliseconds later. A read-ahead is used once,
 * within READ_AHEAD_MS, and only while the database's declaration still knows no revision of the
 * id (a write this gateway made meanwhile, or one its feed showed, sends the push to a fresh read).
 * Edits always read the store inside `_bulk_docs`.
 */
import type { StoreDb, StoreDoc } from '../store/port';
import type { SyncedDb } from './databases';
import { leavesByIds } from './repository';

const READ_AHEAD_MS = 2_000;
const MAX_AHEAD = 1_000;
/**
 * A read ahead runs after its `_revs_diff` has answered, outside the person's turn
 * (person-slots.ts), so its cost is capped here instead: a push of the PWA's size at most, a few
 * at a time. Past that the push simply reads inside `_bulk_docs`, as any other.
 */
const MAX_IDS_AHEAD = 200;
const MAX_READS_AHEAD = 4;

const aheadKey = (db: StoreDb, id: string): string => `${db.name}\u0000${id}`;

interface Ahead {
  at: number;
  leaves: Promise<StoreDoc[] | undefined>;
}

export class CreationLeaves {
  private readonly ahead = new Map<string, Ahead>();
  private reading = 0;

  /** Starts reading the leaves of these new ids (every leaf with its path, as `_bulk_docs` reads them). */
  readAhead(db: StoreDb, ids: string[]): void {
    if (ids.length === 0 || ids.length > MAX_IDS_AHEAD || this.reading >= MAX_READS_AHEAD) return;
    this.reading++;
    const read = leavesByIds(db, ids, { revs: true });
    // A failed read-ahead is simply not used: `_bulk_docs` reads again and meets the error itself.
    read.then(
      () => this.reading--,
      () => this.reading--,
    );
    const at = Date.now();
    for (const id of ids) {
      const key = aheadKey(db, id);
      this.ahead.delete(key);
      this.ahead.set(key, { at, leaves: read.then((m) => m.get(id), () => undefined) });
    }
    while (this.ahead.size > MAX_AHEAD) this.ahead.delete(this.ahead.keys().next().value as string);
  }

  /**
   * Every leaf of each id, as `leavesByIds` answers: read ahead where that read is still good (each
   * one handed out once), from the store for the rest, both at the same time.
   */
  async leavesOf(db: StoreDb, def: SyncedDb, ids: string[]): Promise<Map<string, StoreDoc[]>> {
    const now = Date.now();
    const early = new Map<string, Promise<StoreDoc[] | undefined>>();
    for (const id of new Set(ids)) {
      const key = aheadKey(db, id);
      const hit = this.ahead.get(key);
      if (!hit) continue;
      this.ahead.delete(key);
      if (now - hit.at <= READ_AHEAD_MS && def.currentRevision?.(id) === null) early.set(id, hit.leaves);
    }
    const [late, ahead] = await Promise.all([
      leavesByIds(db, ids.filter((id) => !early.has(id)), { revs: true }),
      Promise.all([...early].map(async ([id, leaves]) => [id, await leaves] as const)),
    ]);
    const failed = ahead.filter(([, leaves]) => !leaves).map(([id]) => id);
    const again = failed.length ? await leavesByIds(db, failed, { revs: true }) : new Map<string, StoreDoc[]>();
    for (const [id, leaves] of ahead) if (leaves) late.set(id, leaves);
    for (const [id, leaves] of again) late.set(id, leaves);
    return late;
  }
}
