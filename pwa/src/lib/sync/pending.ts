/**
 * The pending changes of one pushed database: documents changed after the push checkpoint whose
 * revisions neither came from the server (a pull) nor were refused by it for good. The count
 * runs from `pushSeq`, the engine's own `_local` copy of the push checkpoint, which may also move
 * past changes known to be on the server already, so that each count stays small.
 */
import { databaseSpec, type SyncedDbName } from '../db/databases';
import type { LocalDatabase } from '../db/pouch';
import { announceChange, dbFor, whenReady } from '../db/registry';
import { listRejectedIn, type RejectedChange } from '../db/rejected';
import { readPushSeq, writePushSeq } from './meta';
import { NO_WEIGHT, weighPending, type PendingDoc, type PendingWeight } from './pending-weight';
import { keepRefused, refusalOf, takeServerState, type SettleContext } from './refused';
import { isDesign, revKey } from './replication';

/** What the count tells the engine, and asks it. */
export interface PendingEvents {
  running(): boolean;
  /** A pull is writing batches now. */
  pulling(): boolean;
  /** The count went down: a sign of life for the push watchdog. */
  moved(): void;
  /** A count finished: push what is new, show the count. */
  counted(): void;
  /** The server refused a change for good (kept as a rejected change). */
  refused(): void;
}

export class PendingChanges {
  /** At the last count: documents (what the engine's logic needs). */
  count = 0;
  /** At the last count: what the person is told waits (photos count once, with their bytes). */
  weight: PendingWeight = NO_WEIGHT;
  private pushSeq = 0;
  private readonly pulledRevs = new Set<string>();
  private readonly rejectedRevs = new Set<string>();
  /** Local update_seq covered by the last push that went through: a later write needs a new push. */
  private pushedUpTo = -1;
  private lastSeenSeq = 0;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private run: Promise<void> | null = null;
  private again = false;
  private metaWrites: Promise<unknown> = Promise.resolve();
  private deniedWork: Promise<void> = Promise.resolve();

  constructor(
    private readonly userId: string,
    readonly name: SyncedDbName,
    private readonly events: PendingEvents,
  ) {}

  private db(): LocalDatabase {
    return dbFor(this.userId, this.name);
  }

  /** What an earlier page load left: the checkpoint copy and the refused revisions. */
  async load(): Promise<void> {
    await whenReady(this.userId);
    const db = this.db();
    this.pushSeq = Math.max(this.pushSeq, await readPushSeq(db));
    for (const item of await listRejectedIn(db)) this.rejectedRevs.add(revKey(item.id, item.rev));
  }

  /** Revisions a pull wrote: the server's own, never pending. */
  pulled(docs: Array<{ _id: string; _rev: string }>): void {
    for (const doc of docs) this.pulledRevs.add(revKey(doc._id, doc._rev));
  }

  /** Revisions the server listed to a pull (live.ts `listed`): its own, never pending either. */
  listed(id: string, revs: string[]): void {
    for (const rev of revs) this.pulledRevs.add(revKey(id, rev));
  }

  /** Something was written that no push went through with yet. */
  get unpushed(): boolean {
    return this.lastSeenSeq > this.pushedUpTo;
  }

  /** A push that read `covers` as the database's update_seq when it started went through. */
  pushed(covers: number): void {
    this.pushedUpTo = Math.max(this.pushedUpTo, covers);
  }

  /** The push wrote its checkpoint at `seq`. */
  checkpoint(seq: number): void {
    if (!Number.isFinite(seq) || seq <= this.pushSeq) return;
    this.pushSeq = seq;
    const userId = this.userId;
    this.metaWrites = this.metaWrites
      .catch(() => undefined)
      .then(async () => {
        await whenReady(userId);
        if (seq === this.pushSeq) await writePushSeq(dbFor(userId, this.name), seq);
      })
      .catch(() => undefined); // a wipe may have removed the database meanwhile: the next checkpoint rewrites it
    this.schedule();
  }

  /** The push to `remote` reported a document the server refused for good. */
  denied(err: unknown, remote: LocalDatabase): void {
    this.deniedWork = this.deniedWork.then(() => this.onDenied(err, remote)).catch(() => undefined);
  }

  /** Resolves once the checkpoint copies being written are (a wipe, stopping). */
  async writesSettled(): Promise<void> {
    await this.metaWrites.catch(() => undefined);
  }

  /** A count soon: every local write (and every pulled document) may change it. */
  schedule(): void {
    if (!this.events.running() || this.timer) return;
    // While a pull writes batches the top bar says "Sincronizando" anyway: count less often, so
    // counting does not compete with the pull for IndexedDB.
    this.timer = setTimeout(
      () => {
        this.timer = null;
        void this.recount().catch(() => undefined);
      },
      this.events.pulling() ? 1_000 : 150,
    );
  }

  /** Drops the count scheduled, if any (the engine stops). */
  unschedule(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }

  /** After a wipe: a fresh database counts its sequence from zero again. */
  reset(): void {
    this.pushSeq = 0;
    this.pushedUpTo = -1;
    this.lastSeenSeq = 0;
    this.pulledRevs.clear();
  }

  /** Counts now (a count already running runs once more instead). */
  async recount(): Promise<void> {
    if (this.run) {
      this.again = true;
      return this.run;
    }
    this.run = (async () => {
      do {
        this.again = false;
        await this.countOnce();
      } while (this.again);
    })().finally(() => {
      this.run = null;
    });
    await this.run;
    this.events.counted();
  }

  private async countOnce(): Promise<void> {
    await whenReady(this.userId);
    const knownPulled = new Set(this.pulledRevs);
    const since = this.pushSeq;
    // Databases of photos read the pending documents' attachment stubs too, to say their size.
    const weighs = !!databaseSpec(this.name).attachments;
    const res = await this.db().changes({ since, style: 'all_docs', return_docs: true, include_docs: weighs });
    // PouchDB answers `{ status: 'cancelled' }`, without results, when the database closes while it
    // reads (a sign-out or a wipe): nothing is left to count.
    if (!Array.isArray(res.results)) return;
    const seen = new Set<string>();
    const waiting: PendingDoc[] = [];
    let n = 0;
    // Up to where every change is known to the server (pulled from it, or refused by it).
    let acknowledged = since;
    for (const row of res.results) {
      const keys = row.changes.map((c) => revKey(row.id, c.rev));
      keys.forEach((k) => seen.add(k));
      const known = isDesign(row.id) || keys.every((k) => this.pulledRevs.has(k) || this.rejectedRevs.has(k));
      if (!known) {
        n++;
        if (weighs) waiting.push((row.doc as PendingDoc | undefined) ?? { _id: row.id });
      } else if (n === 0) acknowledged = Number(row.seq);
    }
    if (n === 0) acknowledged = Math.max(acknowledged, Number(res.last_seq));
    // Pulled revisions already behind the checkpoint never matter again. Not while a pull runs:
    // what it listed may not be written yet (live.ts `listed`).
    if (!this.events.pulling()) for (const k of knownPulled) if (!seen.has(k)) this.pulledRevs.delete(k);
    // Fewer pending changes: a push went through. More (the person keeps typing) is no sign of a
    // push alive: a hung push under steady typing must still be noticed (issue 18 item 8).
    if (n < this.count) this.events.moved();
    this.count = n;
    this.weight = weighs ? weighPending(waiting, databaseSpec(this.name).recordOf) : { items: n, bytes: 0 };
    this.lastSeenSeq = Math.max(this.lastSeenSeq, Number(res.last_seq));
    // Moving the counting base past a large pull keeps each count small (nothing to push there).
    if (acknowledged > since) this.checkpoint(acknowledged);
  }

  /**
   * PouchDB writes its checkpoint without telling when there was nothing to push, so a
   * checkpoint copy lost with a closed tab would count old changes as pending for ever. Asks the
   * server which revisions it lacks and moves the copy past what it already has.
   */
  async reconcile(remote: LocalDatabase): Promise<void> {
    try {
      const since = this.pushSeq;
      const res = await this.db().changes({ since, style: 'all_docs', return_docs: true });
      const rows = res.results.filter((r) => !isDesign(r.id));
      let upTo: number = since;
      if (rows.length) {
        const diff = await remote.revsDiff(Object.fromEntries(rows.map((r) => [r.id, r.changes.map((c) => c.rev)])));
        for (const row of res.results) {
          const missing = (diff[row.id]?.missing ?? []).filter((rev) => !this.rejectedRevs.has(revKey(row.id, rev)));
          if (!isDesign(row.id) && missing.length) break;
          upTo = Number(row.seq);
        }
        if (upTo === Number(res.results.at(-1)?.seq)) upTo = Math.max(upTo, Number(res.last_seq));
      } else {
        upTo = Number(res.last_seq);
      }
      this.checkpoint(upTo);
    } catch {
      // offline or expired meanwhile: the next successful cycle reconciles
    }
  }

  /**
   * The server refused a document for good: what the person typed is kept as a rejected change,
   * then the device takes the server's state of it (refused.ts), so it is never pushed again.
   */
  private async onDenied(err: unknown, remote: LocalDatabase): Promise<void> {
    const refusal = refusalOf(err);
    if (!refusal) return;
    const ctx = this.settleContext(remote);
    if (refusal.rev) this.rejectedRevs.add(revKey(refusal.id, refusal.rev));
    const items = await keepRefused(ctx, refusal);
    for (const item of items) this.rejectedRevs.add(revKey(item.id, item.rev));
    this.events.refused();
    await this.settle(ctx, items);
  }

  /** Refused changes whose record could not be brought back to the server's state yet (offline meanwhile). */
  async settleOpen(remote: LocalDatabase): Promise<void> {
    await this.deniedWork;
    const open = (await listRejectedIn(this.db())).filter((i) => i.settled === false);
    if (open.length) await this.settle(this.settleContext(remote), open);
  }

  private async settle(ctx: SettleContext, items: RejectedChange[]): Promise<void> {
    try {
      await takeServerState(ctx, items);
    } catch {
      // offline or expired meanwhile: the next push that goes through settles it (settleOpen)
    }
    await this.recount();
  }

  private settleContext(remote: LocalDatabase): SettleContext {
    return {
      local: this.db(),
      remote,
      fromServer: (docs) => this.pulled(docs),
      removed: (id) => announceChange(this.userId, this.name, id, true),
    };
  }
}
