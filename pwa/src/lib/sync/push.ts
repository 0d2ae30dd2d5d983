/**
 * Pushing the pushed databases (databases.ts) while a live session runs: runs of one-shot pushes,
 * each run going on until nothing new was written meanwhile. One-shot on purpose:
 * pouchdb-adapter-indexeddb 9 cannot cancel a live local changes feed (its `_changes` returns no
 * cancel handle, apache/pouchdb#6504 fixed the same in the idb adapter only), so every restarted
 * live push would leak a listener that re-reads the changes on each write.
 *
 * A push can be given up (timeout, the watchdog, the end of the session) and then returns at
 * once: a cancelled PouchDB replication waiting on its checkpoint write does not settle before
 * that write ends, so neither a push nor a run ever waits for it.
 */
import { databaseSpec } from '../db/databases';
import { dbFor, whenReady } from '../db/registry';
import type { FetchFn, LocalDatabase } from '../db/pouch';
import type { PendingChanges } from './pending';
import type { PushWatchdog } from './push-watchdog';
import { purgeSyncedDocs } from './purge-pushed';
import { SyncFailure } from './remote';
import { PUSH_CHECKPOINT } from './checkpoints';
import { remoteDb, type Replication } from './replication';

export const PUSH_TIMEOUT_MESSAGE = 'El envío de cambios tardó demasiado.';

/** How long one push of a run may take. */
const RUN_PUSH_TIMEOUT_MS = 60_000;

const PUSH_FILTER = (doc: { _id: string }) => !doc._id.startsWith('_design/');

/** `yield`: an earlier database (captaciones) has changes while a later one (photos) uploads. */
type PushStop = 'timeout' | 'stalled' | 'cancelled' | 'yield';

/** The push replication running now: how to give up on it, even if it never settles. */
interface PushHandle {
  /** The database it pushes. */
  pending: PendingChanges;
  stop(reason: PushStop): void;
}

/** One run of pushes (see request); `abandon` lets the watchdog walk away from a hung one. */
interface PushRun {
  done: Promise<void>;
  abandon(): void;
}

export interface PusherContext<Session extends object> {
  userId: string;
  origin: string;
  fetch: FetchFn;
  batchSize: number;
  /** The pushed databases, in the order they are pushed. */
  databases: readonly PendingChanges[];
  watchdog: PushWatchdog;
  /** The live session now, or null: a run belongs to the session it started in. */
  session(): Session | null;
  publish(): void;
  fail(err: unknown): void;
  /** A run of `session` ended: it may have caught up. */
  ended(session: Session): void;
}

export class Pusher<Session extends object> {
  private run: PushRun | null = null;
  private again = false;
  private current: PushHandle | null = null;
  private readonly fetch: FetchFn;

  constructor(private readonly ctx: PusherContext<Session>) {
    this.fetch = ctx.watchdog.watchFetch(ctx.fetch);
  }

  get busy(): boolean {
    return this.run !== null;
  }

  /** Settles when the run under way ends, or is walked away from (undefined when none runs). */
  get done(): Promise<void> | undefined {
    return this.run?.done;
  }

  /**
   * Runs pushes in the live session until nothing new was written meanwhile. `force` pushes even
   * when the pending count saw nothing new (catch-up after connecting, sign-out guard).
   */
  request(force = false): void {
    const { ctx } = this;
    const session = ctx.session();
    if (!session) return;
    if (!force && !ctx.databases.some((p) => p.unpushed)) return;
    if (this.run) {
      this.again = true;
      this.yieldToEarlier();
      return;
    }
    ctx.watchdog.alive();
    let abandoned = false;
    let abandon!: () => void;
    const walkAway = new Promise<void>((resolve) => (abandon = resolve));
    const work = (async () => {
      do {
        this.again = false;
        ctx.publish();
        await this.once(RUN_PUSH_TIMEOUT_MS);
      } while (this.again && ctx.session() === session && !abandoned);
    })();
    const run: PushRun = {
      // Whatever the run waits on (the replication, `_revs_diff`, a checkpoint), an abandoned run
      // ends now; its late outcome is ignored.
      done: Promise.race([work, walkAway])
        .catch((err: unknown) => {
          if (ctx.session() === session && !abandoned) ctx.fail(err);
        })
        .finally(() => {
          if (this.run !== run) return;
          this.run = null;
          ctx.ended(session);
          // A run let finish after its session ended (a failed pull): a request the session now
          // made meanwhile was folded into it, and is run now.
          const now = ctx.session();
          if (this.again && now && now !== session) this.request(true);
        }),
      abandon: () => {
        abandoned = true;
        abandon();
      },
    };
    work.catch(() => undefined); // once abandoned, its late failure concerns nobody
    this.run = run;
  }

  /**
   * Text before photos, also while photos upload (issue 22): a change to a database pushed earlier
   * (a captación saved while its photos go up, batch after batch) stops the later push after the
   * batch in flight; the run then starts again from the first database, and the photos continue
   * from their checkpoint. Without this, the captación would wait for every photo.
   */
  private yieldToEarlier(): void {
    const current = this.current;
    if (!current) return;
    const at = this.ctx.databases.indexOf(current.pending);
    if (this.ctx.databases.slice(0, Math.max(0, at)).some((p) => p.unpushed)) current.stop('yield');
  }

  /**
   * The watchdog found the pending changes and the push quiet too long: give the push up and
   * start it again. (Failures with an error never get here: they stop the live session and retry.)
   */
  restart(): void {
    const run = this.run;
    this.run = null;
    this.current?.stop('stalled');
    run?.abandon();
    this.request(true);
  }

  /** The live session ends: the push running now stops. */
  cancel(): void {
    this.current?.stop('cancelled');
  }

  /** One push of every pushed database, to completion. Throws what a replication failed with. */
  async once(timeoutMs: number): Promise<void> {
    for (const pending of this.ctx.databases) {
      if (!(await this.pushDatabase(pending, timeoutMs))) return;
    }
  }

  /** Whether the push went through (false: it was stopped, and the run gives up). */
  private async pushDatabase(pending: PendingChanges, timeoutMs: number): Promise<boolean> {
    const { ctx } = this;
    await whenReady(ctx.userId);
    const local = dbFor(ctx.userId, pending.name);
    const remote = remoteDb(ctx.origin, pending.name, this.fetch);
    const covers = Number((await local.info()).update_seq);
    ctx.watchdog.alive();
    // Photos go in small batches (databases.ts): each carries images, and each checkpoint is where an
    // interrupted upload continues.
    const batchSize = Math.min(ctx.batchSize, databaseSpec(pending.name).batchSize ?? ctx.batchSize);
    const rep = local.replicate.to(remote, { batch_size: batchSize, retry: false, filter: PUSH_FILTER, ...PUSH_CHECKPOINT }) as unknown as Replication;
    let stop!: (reason: PushStop) => void;
    const stopped = new Promise<PushStop>((resolve) => (stop = resolve));
    const handle: PushHandle = {
      pending,
      stop: (reason) => {
        rep.cancel();
        stop(reason);
      },
    };
    this.current = handle;
    // The timeout counts from the last sign of progress, not from the start: a slow link uploading
    // photo after photo is not a hung push (issue 22: 20 photos over 1.6 Mbit/s take over a minute).
    let timer = setTimeout(() => handle.stop('timeout'), timeoutMs);
    const progressed = () => {
      clearTimeout(timer);
      timer = setTimeout(() => handle.stop('timeout'), timeoutMs);
    };
    rep.on('change', progressed);
    rep.on('checkpoint', progressed);
    this.watch(rep, pending, remote);
    let outcome: { status?: string } | PushStop;
    try {
      outcome = await Promise.race([rep.then((r) => r), stopped]);
    } finally {
      clearTimeout(timer);
      if (this.current === handle) this.current = null;
    }
    if (outcome === 'timeout') throw new SyncFailure('network', PUSH_TIMEOUT_MESSAGE);
    if (typeof outcome === 'string' || outcome.status === 'cancelled') return false;
    pending.pushed(covers);
    await pending.settleOpen(remote);
    await pending.recount();
    if (pending.count > 0) {
      await pending.reconcile(remote);
      await pending.recount();
    }
    // What the declaration keeps only until the server has it (photos' originals) leaves the device (purge-pushed.ts).
    const purged = databaseSpec(pending.name).purgedOncePushed;
    if (purged) await purgeSyncedDocs(local, remote, purged);
    return true;
  }

  private watch(push: Replication, pending: PendingChanges, remote: LocalDatabase): void {
    const alive = () => this.ctx.watchdog.alive();
    push.on('change', alive);
    push.on('checkpoint', (c: { checkpoint?: number | string }) => {
      alive();
      if (c.checkpoint !== undefined) pending.checkpoint(Number(c.checkpoint));
    });
    push.on('denied', (err: unknown) => {
      alive();
      pending.denied(err, remote);
    });
  }
}
