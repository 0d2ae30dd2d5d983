/**
 * The sync engine of one signed-in person (DESIGN sections 4 and 5):
 * - while online: live pulls of captaciones and nóminas, and captaciones pushed one-shot
 *   whenever a local change is pending (nóminas are never pushed: payslips are written by
 *   admins through REST); failures retried with backoff. The push is one-shot on purpose:
 *   pouchdb-adapter-indexeddb 9 cannot cancel a live local changes feed (its `_changes`
 *   returns no cancel handle, apache/pouchdb#6504 fixed the same in the idb adapter only), so
 *   every restarted live push would leak a listener that re-reads the changes on each write;
 * - the scope fingerprint of `GET /db/` checked before starting, every minute and on reconnect:
 *   when it changed, pending changes are pushed first, then the local copy is wiped and pulled
 *   again (an old checkpoint would otherwise miss documents that entered the scope);
 * - the pending count: local changes after the push checkpoint that did not come from a pull;
 * - a push watchdog (push-watchdog.ts): pending changes that do not move while online, with no
 *   push showing a sign of life, restart the push; PouchDB can stop one without any event;
 * - a 401 pauses everything and keeps the data until the same person signs in again.
 */
import { draftDocIds } from '../db/drafts';
import { openRemoteDb, type LocalDatabase } from '../db/pouch';
import { dbFor, watchDb, whenReady, wipeLocalDbs } from '../db/registry';
import { addRejectedIn, listRejectedIn, REJECTED_ID, type RejectedChange } from '../db/rejected';
import { defaultKeyValueStore, lastSyncKey, readPushSeq, readScope, writePushSeq, writeScope, type KeyValueStore } from './meta';
import { PushWatchdog } from './push-watchdog';
import { browserFetch, classifyFailure, failureMessage, fetchGatewayInfo, SyncFailure, type FetchFn } from './remote';
import { syncStateStore, type SyncState, type SyncStateStore, type SyncStatus } from './state';
import { rejectedText, TEXT_PENDING_BEFORE_WIPE } from './texts';

export interface OnlineSource {
  isOnline(): boolean;
  subscribe(listener: (online: boolean) => void): () => void;
}

/** navigator.onLine and the window's online/offline events. */
export const browserOnline: OnlineSource = {
  isOnline: () => typeof navigator === 'undefined' || navigator.onLine !== false,
  subscribe(listener) {
    if (typeof window === 'undefined') return () => undefined;
    const on = () => listener(true);
    const off = () => listener(false);
    window.addEventListener('online', on);
    window.addEventListener('offline', off);
    return () => {
      window.removeEventListener('online', on);
      window.removeEventListener('offline', off);
    };
  },
};

export interface SyncEngineOptions {
  userId: string;
  /** Where the gateway lives; default `location.origin`. */
  origin?: string;
  /** Default: the browser's fetch with credentials included. Tests pass one carrying the cookie. */
  fetch?: FetchFn;
  store?: SyncStateStore;
  online?: OnlineSource;
  scopeCheckMs?: number;
  backoff?: { minMs: number; maxMs: number };
  batchSize?: number;
  keyValue?: KeyValueStore;
  /** Pending changes and the push quiet for this long while online: the push is restarted. */
  pushStallMs?: number;
}

/** The slice of PouchDB's Replication the engine uses (its published types predate 'checkpoint'). */
interface Replication {
  on(event: string, listener: (...args: any[]) => void): unknown;
  cancel(): void;
  then<R>(onFulfilled: (result: { status?: string }) => R, onRejected?: (err: unknown) => R): Promise<R>;
}

/** The push replication running now: how to give up on it, even if it never settles. */
interface PushHandle {
  stop(reason: PushStop): void;
}
type PushStop = 'timeout' | 'stalled' | 'cancelled';

/** One run of pushes (see requestPush); `abandon` lets the watchdog walk away from a hung one. */
interface PushRun {
  done: Promise<void>;
  abandon(): void;
}

interface LiveSession {
  pulls: Replication[];
  /** Pulls that have not reached 'paused' (caught up) since they last became active. */
  active: Set<Replication>;
  remote: LocalDatabase;
}

const PUSH_FILTER = (doc: { _id: string }) => !doc._id.startsWith('_design/');
const isDesign = (id: string) => id.startsWith('_design/');
const revKey = (id: string, rev: string) => `${id}@${rev}`;
const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export const PUSH_TIMEOUT_MESSAGE = 'El envío de cambios tardó demasiado.';

export class SyncEngine {
  readonly userId: string;
  private readonly origin: string;
  private readonly fetchFn: FetchFn;
  private readonly store: SyncStateStore;
  private readonly online: OnlineSource;
  private readonly scopeCheckMs: number;
  private readonly backoff: { minMs: number; maxMs: number };
  private readonly batchSize: number;
  private readonly kv: KeyValueStore;
  private readonly watchdog: PushWatchdog;
  private readonly pushFetch: FetchFn;

  private running = false;
  private expired = false;
  private offline = false;
  private errorDetail: string | null = null;
  private newRejections = 0;
  private live: LiveSession | null = null;
  private lastSyncedAt: number | null = null;
  private pending = 0;
  private pushSeq = 0;
  private readonly pulledRevs = new Set<string>();
  private readonly rejectedRevs = new Set<string>();
  /** Local update_seq covered by the last push that started: a later write needs a new push. */
  private pushedUpTo = -1;
  private lastSeenSeq = 0;
  private pushRun: PushRun | null = null;
  private pushAgain = false;
  private currentPush: PushHandle | null = null;

  private attempt = 0;
  private retryTimer: ReturnType<typeof setTimeout> | null = null;
  private scopeTimer: ReturnType<typeof setInterval> | null = null;
  private recountTimer: ReturnType<typeof setTimeout> | null = null;
  private cycleRun: Promise<void> | null = null;
  private cycleAgain = false;
  private recountRun: Promise<void> | null = null;
  private recountAgain = false;
  private metaWrites: Promise<unknown> = Promise.resolve();
  private deniedWork: Promise<void> = Promise.resolve();
  private readonly unsubscribers: Array<() => void> = [];
  private initialised: Promise<void> | null = null;

  constructor(options: SyncEngineOptions) {
    this.userId = options.userId;
    this.origin = options.origin ?? (typeof location === 'undefined' ? '' : location.origin);
    this.fetchFn = options.fetch ?? browserFetch;
    this.store = options.store ?? syncStateStore;
    this.online = options.online ?? browserOnline;
    this.scopeCheckMs = options.scopeCheckMs ?? 60_000;
    this.backoff = options.backoff ?? { minMs: 1_000, maxMs: 2 * 60_000 };
    this.batchSize = options.batchSize ?? 200;
    this.kv = options.keyValue ?? defaultKeyValueStore;
    this.watchdog = new PushWatchdog(
      options.pushStallMs ?? 30_000,
      () => !!this.live && this.canReachServer() && !this.offline && this.pending > 0,
      () => this.restartPush(),
    );
    this.pushFetch = this.watchdog.watchFetch(this.fetchFn);
  }

  // --- Lifecycle --------------------------------------------------------------------------

  start(): void {
    if (this.running) return;
    this.running = true;
    this.expired = false;
    const stored = Number(this.kv.get(lastSyncKey(this.userId)));
    this.lastSyncedAt = Number.isFinite(stored) && stored > 0 ? stored : null;
    this.offline = !this.online.isOnline();
    this.unsubscribers.push(
      this.online.subscribe((online) => (online ? this.onOnline() : this.onOffline())),
      // Every local write (and every pulled document) may change the pending count.
      watchDb(this.userId, 'captaciones', () => this.scheduleRecount()),
    );
    this.scopeTimer = setInterval(() => this.kick(), this.scopeCheckMs);
    this.watchdog.start();
    this.publish();
    this.initialised = this.loadMeta().then(() => this.recount());
    void this.initialised.then(
      () => this.kick(),
      (err: unknown) => this.fail(err),
    );
  }

  /** Stops syncing; local data stays. */
  async stop(): Promise<void> {
    if (!this.running) return;
    this.running = false;
    this.clearRetry();
    if (this.scopeTimer) clearInterval(this.scopeTimer);
    this.watchdog.stop();
    if (this.recountTimer) clearTimeout(this.recountTimer);
    this.scopeTimer = this.recountTimer = null;
    for (const unsubscribe of this.unsubscribers.splice(0)) unsubscribe();
    await this.stopLive();
    await this.cycleRun?.catch(() => undefined);
    await this.metaWrites.catch(() => undefined);
  }

  /** The same person signed in again after a 401, or their role changed: check and resume now. */
  resume(): void {
    if (!this.running) return;
    this.expired = false;
    this.attempt = 0;
    this.kick();
  }

  /** 'Sincronizar ahora': forget the last failure and run a full cycle at once. */
  async syncNow(): Promise<void> {
    if (!this.running) return;
    this.expired = false;
    this.errorDetail = null;
    this.newRejections = 0;
    this.attempt = 0;
    await this.stopLive();
    this.kick();
    await this.settled();
  }

  /** Resolves when no cycle is running (tests and the sign-out guard wait on it). */
  async settled(): Promise<void> {
    await this.initialised?.catch(() => undefined);
    while (this.cycleRun) await this.cycleRun.catch(() => undefined);
  }

  /** Online, signed in and not waiting on a failure: a push may get through. */
  canReachServer(): boolean {
    return this.running && !this.expired && this.online.isOnline();
  }

  /** Local changes the server has not acknowledged, counted now. */
  async pendingCount(): Promise<number> {
    await this.initialised?.catch(() => undefined);
    await this.recount();
    return this.pending;
  }

  /**
   * Pushes pending changes now (sign-out guard), waiting at most `timeoutMs`. Never throws: a
   * failure shows in the state and sync retries as usual.
   */
  async flush(timeoutMs = 15_000): Promise<void> {
    if (!this.canReachServer()) return;
    await this.settled();
    if (this.live) {
      this.requestPush(true);
      // A hanging network must not hold the sign-out: the guard asks if the push did not finish.
      await Promise.race([this.pushRun?.done, sleep(timeoutMs)]);
      return;
    }
    try {
      await this.pushOnce(timeoutMs);
    } catch (err) {
      this.fail(err);
    }
  }

  // --- Cycle: scope check, then live replication ------------------------------------------

  private kick(): void {
    if (!this.running || this.expired) return;
    this.clearRetry();
    if (this.cycleRun) {
      this.cycleAgain = true;
      return;
    }
    this.cycleRun = this.cycle().finally(() => {
      this.cycleRun = null;
      if (this.cycleAgain) {
        this.cycleAgain = false;
        this.kick();
      }
    });
  }

  private async cycle(): Promise<void> {
    if (!this.running || this.expired) return;
    if (!this.online.isOnline()) {
      this.offline = true;
      this.publish();
      return;
    }
    this.publish();
    try {
      const info = await fetchGatewayInfo(this.origin, this.fetchFn);
      if (!this.running) return;
      this.offline = false;
      await whenReady(this.userId);
      const db = dbFor(this.userId, 'captaciones');
      const stored = await readScope(db);
      if (stored === null) await writeScope(db, info.scope);
      else if (stored !== info.scope) await this.rescope(info.scope);
      if (!this.live && this.running) this.startLive();
      this.errorDetail = null;
      this.attempt = 0;
    } catch (err) {
      this.fail(err);
    } finally {
      if (this.live) void this.onMaybeCaughtUp(this.live);
      else this.publish();
    }
  }

  private fail(err: unknown): void {
    if (!this.running) return;
    void this.stopLive();
    const kind = classifyFailure(err);
    if (kind === 'unauthorized') {
      this.expired = true;
      this.clearRetry();
    } else {
      if (kind === 'network') this.offline = true;
      else this.errorDetail = err instanceof SyncFailure ? err.message : `Detalle: ${failureMessage(err)}`;
      this.scheduleRetry();
    }
    this.publish();
  }

  private scheduleRetry(): void {
    this.clearRetry();
    const base = Math.min(this.backoff.maxMs, this.backoff.minMs * 2 ** this.attempt);
    this.attempt = Math.min(this.attempt + 1, 20);
    // Jitter keeps a room full of tablets from reconnecting in the same second.
    const delay = Math.round(base * (0.75 + Math.random() * 0.25));
    this.retryTimer = setTimeout(() => this.kick(), delay);
  }

  private clearRetry(): void {
    if (this.retryTimer) clearTimeout(this.retryTimer);
    this.retryTimer = null;
  }

  private onOnline(): void {
    this.offline = false;
    this.attempt = 0;
    this.kick();
  }

  private onOffline(): void {
    this.offline = true;
    this.clearRetry();
    void this.stopLive();
    this.publish();
  }

  // --- Scope change -----------------------------------------------------------------------

  /** Push everything first; only a database with nothing pending is wiped and pulled again. */
  private async rescope(scope: string): Promise<void> {
    await this.stopLive();
    for (let round = 0; round < 3; round++) {
      await this.pushOnce(60_000);
      if ((await this.pendingCount()) === 0) break;
    }
    if (this.pending > 0) throw new SyncFailure('server', TEXT_PENDING_BEFORE_WIPE);
    const checkedAt = Number((await dbFor(this.userId, 'captaciones').info()).update_seq);
    await this.metaWrites.catch(() => undefined);
    await wipeLocalDbs(this.userId, {
      // A write that slipped in after the last push would be lost: push it first, wipe later.
      beforeDestroy: async (old) => {
        if (Number((await old.info()).update_seq) !== checkedAt) throw new SyncFailure('server', TEXT_PENDING_BEFORE_WIPE);
      },
      keepLocal: async (old) => [...(await draftDocIds(old)), REJECTED_ID],
      prepare: async (fresh) => {
        await writeScope(fresh.captaciones, scope);
      },
    });
    // A fresh database counts its sequence from zero again.
    this.pushSeq = 0;
    this.pushedUpTo = -1;
    this.lastSeenSeq = 0;
    this.pulledRevs.clear();
    await this.recount();
  }

  // --- Live replication -------------------------------------------------------------------

  private startLive(): void {
    const remote = openRemoteDb(`${this.origin}/db/captaciones`, this.fetchFn);
    const remoteNominas = openRemoteDb(`${this.origin}/db/nominas`, this.fetchFn);
    const base = { live: true, retry: false, batch_size: this.batchSize };
    const pull = dbFor(this.userId, 'captaciones').replicate.from(remote, base) as unknown as Replication;
    const pullNominas = dbFor(this.userId, 'nominas').replicate.from(remoteNominas, base) as unknown as Replication;
    const live: LiveSession = { pulls: [pull, pullNominas], active: new Set([pull, pullNominas]), remote };
    this.live = live;

    for (const rep of live.pulls) {
      rep.on('active', () => {
        if (this.live !== live) return;
        live.active.add(rep);
        this.publish();
      });
      rep.on('paused', (err?: unknown) => {
        if (this.live !== live || err) return;
        live.active.delete(rep);
        void this.onMaybeCaughtUp(live);
      });
      rep.on('error', (err: unknown) => {
        if (this.live === live) this.fail(err);
      });
    }
    pull.on('change', (info: { docs?: Array<{ _id: string; _rev: string }> }) => {
      for (const doc of info.docs ?? []) this.pulledRevs.add(revKey(doc._id, doc._rev));
    });
    // Whatever was written offline goes up now.
    this.requestPush(true);
  }

  /**
   * Runs one-shot pushes until nothing new was written meanwhile. `force` pushes even when the
   * pending count saw nothing new (catch-up after connecting, sign-out guard).
   */
  private requestPush(force = false): void {
    const live = this.live;
    if (!live) return;
    if (!force && this.lastSeenSeq <= this.pushedUpTo) return;
    if (this.pushRun) {
      this.pushAgain = true;
      return;
    }
    this.watchdog.alive();
    let abandoned = false;
    let abandon!: () => void;
    const walkAway = new Promise<void>((resolve) => (abandon = resolve));
    const work = (async () => {
      do {
        this.pushAgain = false;
        this.publish();
        await this.pushOnce(60_000);
      } while (this.pushAgain && this.live === live && !abandoned);
    })();
    const run: PushRun = {
      // Whatever the run waits on (the replication, `_revs_diff`, a checkpoint), an abandoned run
      // ends now; its late outcome is ignored.
      done: Promise.race([work, walkAway])
        .catch((err: unknown) => {
          if (this.live === live && !abandoned) this.fail(err);
        })
        .finally(() => {
          if (this.pushRun !== run) return;
          this.pushRun = null;
          void this.onMaybeCaughtUp(live);
        }),
      abandon: () => {
        abandoned = true;
        abandon();
      },
    };
    work.catch(() => undefined); // once abandoned, its late failure concerns nobody
    this.pushRun = run;
  }

  /**
   * The watchdog found the pending changes and the push quiet too long: give the push up and
   * start it again. (Failures with an error never get here: they stop the live session and retry.)
   */
  private restartPush(): void {
    const run = this.pushRun;
    this.pushRun = null;
    this.currentPush?.stop('stalled');
    run?.abandon();
    this.requestPush(true);
  }

  private isCaughtUp(live: LiveSession): boolean {
    return this.live === live && live.active.size === 0 && !this.pushRun;
  }

  private async onMaybeCaughtUp(live: LiveSession): Promise<void> {
    if (!this.isCaughtUp(live)) return this.publish();
    await this.recount();
    if (!this.isCaughtUp(live)) return;
    if (this.pending === 0) {
      this.lastSyncedAt = Date.now();
      this.kv.set(lastSyncKey(this.userId), String(this.lastSyncedAt));
    }
    this.publish();
  }

  private watchPush(push: Replication): void {
    const alive = () => this.watchdog.alive();
    push.on('change', alive);
    push.on('checkpoint', (c: { checkpoint?: number | string }) => {
      alive();
      if (c.checkpoint !== undefined) this.advancePushSeq(Number(c.checkpoint));
    });
    push.on('denied', (err: unknown) => {
      alive();
      this.deniedWork = this.deniedWork.then(() => this.onDenied(err)).catch(() => undefined);
    });
  }

  private async stopLive(): Promise<void> {
    const live = this.live;
    if (!live) return;
    this.live = null;
    for (const rep of live.pulls) rep.cancel();
    this.currentPush?.stop('cancelled');
    const done = [...live.pulls.map((r) => r.then(() => undefined, () => undefined)), this.pushRun?.done];
    // Cancelling waits for a checkpoint being written; never hang a sign-out on it.
    await Promise.race([Promise.all(done), sleep(5_000)]);
  }

  /**
   * One push, to completion. Throws what the replication failed with. Stopping it (timeout,
   * watchdog, end of the live session) returns at once: a cancelled PouchDB replication waiting
   * on a checkpoint write never settles while that request hangs.
   */
  private async pushOnce(timeoutMs: number): Promise<void> {
    await whenReady(this.userId);
    const local = dbFor(this.userId, 'captaciones');
    const remote = openRemoteDb(`${this.origin}/db/captaciones`, this.pushFetch);
    const covers = Number((await local.info()).update_seq);
    this.watchdog.alive();
    const rep = local.replicate.to(remote, { batch_size: this.batchSize, retry: false, filter: PUSH_FILTER } as PouchDB.Replication.ReplicateOptions) as unknown as Replication;
    let stop!: (reason: PushStop) => void;
    const stopped = new Promise<PushStop>((resolve) => (stop = resolve));
    const handle: PushHandle = {
      stop: (reason) => {
        rep.cancel();
        stop(reason);
      },
    };
    this.currentPush = handle;
    this.watchPush(rep);
    const timer = setTimeout(() => handle.stop('timeout'), timeoutMs);
    let outcome: { status?: string } | PushStop;
    try {
      outcome = await Promise.race([rep.then((r) => r), stopped]);
    } finally {
      clearTimeout(timer);
      if (this.currentPush === handle) this.currentPush = null;
    }
    if (outcome === 'timeout') throw new SyncFailure('network', PUSH_TIMEOUT_MESSAGE);
    if (typeof outcome === 'string' || outcome.status === 'cancelled') return;
    this.pushedUpTo = Math.max(this.pushedUpTo, covers);
    // Refused documents must be on record before counting, or they would count as pending.
    await this.deniedWork;
    await this.recount();
    if (this.pending > 0) {
      await this.reconcile(remote);
      await this.recount();
    }
  }

  // --- Pending changes --------------------------------------------------------------------

  private async loadMeta(): Promise<void> {
    await whenReady(this.userId);
    const db = dbFor(this.userId, 'captaciones');
    this.pushSeq = Math.max(this.pushSeq, await readPushSeq(db));
    for (const item of await listRejectedIn(db)) this.rejectedRevs.add(revKey(item.id, item.rev));
  }

  private advancePushSeq(seq: number): void {
    if (!Number.isFinite(seq) || seq <= this.pushSeq) return;
    this.pushSeq = seq;
    const userId = this.userId;
    this.metaWrites = this.metaWrites
      .catch(() => undefined)
      .then(async () => {
        await whenReady(userId);
        if (seq === this.pushSeq) await writePushSeq(dbFor(userId, 'captaciones'), seq);
      })
      .catch(() => undefined); // a wipe may have removed the database meanwhile: the next checkpoint rewrites it
    this.scheduleRecount();
  }

  private scheduleRecount(): void {
    if (!this.running || this.recountTimer) return;
    // While a pull writes batches the top bar says "Sincronizando" anyway: count less often, so
    // counting does not compete with the pull for IndexedDB.
    const pulling = !!this.live && this.live.active.size > 0;
    this.recountTimer = setTimeout(() => {
      this.recountTimer = null;
      void this.recount().catch(() => undefined);
    }, pulling ? 1_000 : 150);
  }

  /**
   * Counts documents changed after the push checkpoint whose revisions did not come from the
   * server. `pushSeq` is the engine's own counting base (a `_local` copy of the checkpoint),
   * so it may also move past changes that are known to be on the server already.
   */
  private async recount(): Promise<void> {
    if (this.recountRun) {
      this.recountAgain = true;
      return this.recountRun;
    }
    this.recountRun = (async () => {
      do {
        this.recountAgain = false;
        await whenReady(this.userId);
        const knownPulled = new Set(this.pulledRevs);
        const since = this.pushSeq;
        const res = await dbFor(this.userId, 'captaciones').changes({ since, style: 'all_docs', return_docs: true });
        const seen = new Set<string>();
        let n = 0;
        // Up to where every change is known to the server (pulled from it, or refused by it).
        let acknowledged = since;
        for (const row of res.results) {
          const keys = row.changes.map((c) => revKey(row.id, c.rev));
          keys.forEach((k) => seen.add(k));
          const known = isDesign(row.id) || keys.every((k) => this.pulledRevs.has(k) || this.rejectedRevs.has(k));
          if (!known) n++;
          else if (n === 0) acknowledged = Number(row.seq);
        }
        if (n === 0) acknowledged = Math.max(acknowledged, Number(res.last_seq));
        // Pulled revisions already behind the checkpoint never matter again.
        for (const k of knownPulled) if (!seen.has(k)) this.pulledRevs.delete(k);
        if (n !== this.pending) this.watchdog.alive();
        this.pending = n;
        this.lastSeenSeq = Math.max(this.lastSeenSeq, Number(res.last_seq));
        // Moving the counting base past a large pull keeps each count small (nothing to push there).
        if (acknowledged > since) this.advancePushSeq(acknowledged);
      } while (this.recountAgain);
    })().finally(() => {
      this.recountRun = null;
    });
    await this.recountRun;
    // A local write the last push did not cover: send it (only while connected).
    if (this.pending > 0) this.requestPush();
    this.publish();
  }

  /**
   * PouchDB writes its checkpoint without telling when there was nothing to push, so a
   * checkpoint copy lost with a closed tab would count old changes as pending for ever. Asks the
   * server which revisions it lacks and moves the copy past what it already has.
   */
  private async reconcile(remote: LocalDatabase): Promise<void> {
    try {
      const local = dbFor(this.userId, 'captaciones');
      const since = this.pushSeq;
      const res = await local.changes({ since, style: 'all_docs', return_docs: true });
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
      this.advancePushSeq(upTo);
    } catch {
      // offline or expired meanwhile: the next successful cycle reconciles
    }
  }

  private async onDenied(err: unknown): Promise<void> {
    const e = (err ?? {}) as { id?: string; reason?: string; message?: string };
    if (!e.id) return;
    const db = dbFor(this.userId, 'captaciones');
    const leaves = (await db.get(e.id, { open_revs: 'all' }).catch(() => [])) as Array<{ ok?: Record<string, unknown> & { _rev: string } }>;
    const items: RejectedChange[] = leaves
      .filter((l) => l.ok)
      .map((l) => ({ id: e.id as string, rev: l.ok!._rev, reason: e.reason || e.message || 'forbidden', at: new Date().toISOString(), doc: l.ok }));
    for (const item of items) this.rejectedRevs.add(revKey(item.id, item.rev));
    this.newRejections += 1;
    await addRejectedIn(db, items).catch(() => undefined);
    await this.recount();
  }

  // --- State --------------------------------------------------------------------------------

  private status(): SyncStatus {
    if (this.expired) return 'expired';
    if (this.offline) return 'offline';
    if (this.errorDetail || this.newRejections) return 'error';
    // The minute's scope check runs beside a healthy live session: it is not "syncing".
    if (!this.live || !this.isCaughtUp(this.live)) return 'syncing';
    return this.pending > 0 ? 'pending' : 'up-to-date';
  }

  private publish(): void {
    if (!this.running) return;
    const detail = this.errorDetail ?? (this.newRejections ? rejectedText(this.newRejections) : null);
    const next: Partial<SyncState> = { status: this.status(), pending: this.pending, lastSyncedAt: this.lastSyncedAt, detail, rejected: this.newRejections };
    this.store.set(next);
  }
}
