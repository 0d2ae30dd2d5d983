/**
 * The sync engine of one signed-in person (docs/architecture.md sections 4 and 5), for every database of the
 * table in db/databases.ts:
 * - while online, a live session: live pulls of every database (live.ts), and the pushed ones
 *   pushed one-shot whenever a local change is pending (push.ts; pull-only databases, payslips,
 *   are written by admins through REST); a failure ends the session and retries with backoff:
 *   a lost connection (remote.ts tells it apart) from 1 s, a sync the gateway answered but that
 *   failed from 10 s, both doubling up to a cap (5 min for a failing sync, so a device whose
 *   sync keeps failing sends a few requests a minute). The series starts again only once the
 *   sync makes progress or catches up; the minute's scope check never jumps a retry's wait. A
 *   failed pull lets the push under way finish: a broken download must not keep the person's
 *   changes on the device;
 * - the scope fingerprint of `GET /db/` checked before starting, every minute and on reconnect;
 *   when it changed, pending changes are pushed first, then the local copy is wiped and pulled
 *   again (scope-change.ts);
 * - the device set's fingerprint (`set` of `GET /db/`, issue 34): when it moved, the live session
 *   starts again with the new replication identity, and once it caught up what left the set and
 *   has nothing pending leaves the device (device-set.ts);
 * - the pending count: local changes after the push checkpoint that did not come from a pull
 *   (pending.ts);
 * - refused changes: the device takes the server's state of the document and keeps what the
 *   person typed as a rejected change (refused.ts); the state counts those waiting for the person;
 * - a push watchdog (push-watchdog.ts): pending changes that do not go down while online, with no
 *   push showing a sign of life, restart the push; PouchDB can stop one without any event;
 * - a pull watchdog (pull-watchdog.ts): a live pull's request unanswered far past the longest
 *   wait the pulls ask for restarts the live session (a gateway killed mid-answer);
 * - a 401 pauses everything and keeps the data until the same person signs in again.
 */
import { databaseSpec, PUSHED_DBS, type SyncedDbName } from '../db/databases';
import { dbFor, watchDb, whenReady } from '../db/registry';
import { listRejectedIn, onRejectedChanged } from '../db/rejected';
import { Backoff, type BackoffRange } from './backoff';
import { startPulls, stopPulls, type LiveSession } from './live';
import { defaultKeyValueStore, lastSyncKey, type KeyValueStore } from './meta';
import { browserOnline, type OnlineSource } from './online';
import { PendingChanges } from './pending';
import { Pusher } from './push';
import { PullWatchdog } from './pull-watchdog';
import { PushWatchdog } from './push-watchdog';
import { GatewayContact } from './contact';
import { browserFetch, classifyFailure, failureReason, fetchGatewayInfo, reachingFetch, type FetchFn } from './remote';
import { sleep } from './replication';
import { whenIdle } from '../idle';
import { evictOutsideSets } from './device-set';
import { keepWithinBudget, MB, measureHeld, type DeviceHolding } from './device-budget';
import { DEFAULT_DEVICE_SETTINGS } from '../../../../couch-design/usuario/session-answer';
import { followScope } from './scope-change';
import { syncStateStore, type SyncState, type SyncStateStore, type SyncStatus, type WaitingIn } from './state';

export { browserOnline, type OnlineSource } from './online';
export { PUSH_TIMEOUT_MESSAGE } from './push';

export interface SyncEngineOptions {
  userId: string;
  /** Where the gateway lives; default `location.origin`. */
  origin?: string;
  /** Default: the browser's fetch with credentials included. Tests pass one carrying the cookie. */
  fetch?: FetchFn;
  store?: SyncStateStore;
  online?: OnlineSource;
  scopeCheckMs?: number;
  /** Waits after a lost connection. */
  backoff?: BackoffRange;
  /** Waits after a sync the gateway answered but that failed (server errors, PouchDB's own). */
  errorBackoff?: BackoffRange;
  batchSize?: number;
  keyValue?: KeyValueStore;
  /** Pending changes and the push quiet for this long while online: the push is restarted. */
  pushStallMs?: number;
  /** A live pull's request unanswered for this long: the live session is restarted. */
  liveStallMs?: number;
  /** How long a caught-up session's pull may run before the chip says 'Sincronizando' (BRIEF_PULL_MS). */
  briefPullMs?: number;
}

/**
 * A live session that caught up stays shown as caught up while a pull brings a change down for
 * up to this long (another device's edit): otherwise the chip would redraw twice, and announce
 * 'Sincronizando' then 'Al día', for each one. A longer pull shows as syncing.
 */
const BRIEF_PULL_MS = 1_000;

/** The last sync's moment is kept to the minute it is shown with ('Última sincronización: 14:05'). */
const MINUTE_MS = 60_000;
/** The device's storage is measured again at most this often while live (it reads every local record). */
const BUDGET_EVERY_MS = 5 * MINUTE_MS;
/**
 * That measure (and the leaving it decides) runs at the first idle moment this long after the
 * sync caught up, not at once: on opening the app the first catch-up falls while the first screen
 * loads, and reading and opening every record then would block a phone's main thread with it
 * (issue 36 item 5).
 */
const STORAGE_DELAY_MS = 5_000;
const STORAGE_MAX_WAIT_MS = 10_000;

export class SyncEngine {
  readonly userId: string;
  private readonly origin: string;
  private readonly fetchFn: FetchFn;
  private readonly contact: GatewayContact;
  private readonly store: SyncStateStore;
  private readonly online: OnlineSource;
  private readonly scopeCheckMs: number;
  private readonly briefPullMs: number;
  private readonly batchSize: number;
  private readonly kv: KeyValueStore;
  private readonly backoff: Backoff;
  private readonly networkRange: BackoffRange;
  private readonly errorRange: BackoffRange;
  private readonly watchdog: PushWatchdog;
  private readonly pullWatchdog: PullWatchdog;
  private readonly pending: readonly PendingChanges[];
  private readonly pusher: Pusher<LiveSession>;

  private running = false;
  private expired = false;
  private offline = false;
  private errorDetail: string | null = null;
  /** Rejected changes kept on the device, waiting for the person to read and dismiss them. */
  private rejected = 0;
  private live: LiveSession | null = null;
  /** The live session once it has caught up (its later brief pulls are not shown, BRIEF_PULL_MS). */
  private caughtUpLive: LiveSession | null = null;
  private briefPull: ReturnType<typeof setTimeout> | null = null;
  private lastSyncedAt: number | null = null;

  private scopeTimer: ReturnType<typeof setInterval> | null = null;
  /** The device set's fingerprint of the last `GET /db/`, the live session's, and the one evicted for. */
  private gatewaySet = '';
  private liveSet: string | null = null;
  private evictedSet: string | null = null;
  /** The operator's storage budget of the last `GET /db/` (MB), when it was last kept, and what the data takes. */
  private budgetMb = DEFAULT_DEVICE_SETTINGS.espacio_mb;
  private budgetKeptAt = 0;
  private holding: DeviceHolding | null = null;
  /** The storage check waiting for its idle moment; `evict`: records left the set meanwhile. */
  private storageDue: { evict: boolean; cancel: () => void } | null = null;
  private cycleRun: Promise<void> | null = null;
  private cycleAgain = false;
  private readonly unsubscribers: Array<() => void> = [];
  private initialised: Promise<void> | null = null;

  constructor(options: SyncEngineOptions) {
    this.userId = options.userId;
    this.origin = options.origin ?? (typeof location === 'undefined' ? '' : location.origin);
    this.contact = new GatewayContact(this.userId);
    this.fetchFn = this.contact.watch(reachingFetch(options.fetch ?? browserFetch));
    this.store = options.store ?? syncStateStore;
    this.online = options.online ?? browserOnline;
    this.scopeCheckMs = options.scopeCheckMs ?? 60_000;
    this.briefPullMs = options.briefPullMs ?? BRIEF_PULL_MS;
    this.networkRange = options.backoff ?? { minMs: 1_000, maxMs: 2 * 60_000 };
    this.errorRange = options.errorBackoff ?? { minMs: 10_000, maxMs: 5 * 60_000 };
    this.backoff = new Backoff(this.networkRange);
    this.batchSize = options.batchSize ?? 200;
    this.kv = options.keyValue ?? defaultKeyValueStore;
    this.pending = PUSHED_DBS.map(
      (name) =>
        new PendingChanges(this.userId, name, {
          running: () => this.running,
          pulling: () => !!this.live && this.live.active.size > 0,
          moved: () => this.watchdog.alive(),
          counted: () => this.counted(),
          refused: () => void this.countRejected(),
        }),
    );
    this.watchdog = new PushWatchdog(
      options.pushStallMs ?? 30_000,
      () => !!this.live && this.canReachServer() && !this.offline && this.pendingTotal() > 0,
      () => this.pusher.restart(),
    );
    this.pullWatchdog = new PullWatchdog(
      options.liveStallMs ?? 90_000,
      () => !!this.live && this.canReachServer(),
      () => this.restartLive(),
    );
    this.pusher = new Pusher({
      userId: this.userId,
      origin: this.origin,
      fetch: this.fetchFn,
      batchSize: this.batchSize,
      databases: this.pending,
      watchdog: this.watchdog,
      session: () => this.live,
      publish: () => this.publish(),
      fail: (err) => this.fail(err),
      ended: (session) => void this.onMaybeCaughtUp(session),
    });
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
      ...this.pending.map((p) => watchDb(this.userId, p.name, () => p.schedule())),
      onRejectedChanged(() => void this.countRejected()),
    );
    // The minute's scope check, unless a retry after a failure is waiting: it would jump that wait.
    this.scopeTimer = setInterval(() => {
      if (!this.backoff.waiting) this.kick();
    }, this.scopeCheckMs);
    this.watchdog.start();
    this.pullWatchdog.start();
    this.publish();
    this.initialised = Promise.all(this.pending.map((p) => p.load())).then(() => Promise.all([this.recount(), this.countRejected()]).then(() => undefined));
    void this.initialised.then(
      () => this.kick(),
      (err: unknown) => this.fail(err),
    );
  }

  /** Stops syncing; local data stays. */
  async stop(): Promise<void> {
    if (!this.running) return;
    this.running = false;
    this.backoff.clear();
    if (this.scopeTimer) clearInterval(this.scopeTimer);
    this.scopeTimer = null;
    this.watchdog.stop();
    this.pullWatchdog.stop();
    for (const p of this.pending) p.unschedule();
    this.storageDue?.cancel();
    this.storageDue = null;
    for (const unsubscribe of this.unsubscribers.splice(0)) unsubscribe();
    await this.stopLive();
    await this.cycleRun?.catch(() => undefined);
    for (const p of this.pending) await p.writesSettled();
  }

  /** The same person signed in again after a 401, or their role changed: check and resume now. */
  resume(): void {
    if (!this.running) return;
    this.expired = false;
    this.backoff.reset();
    this.kick();
  }

  /** The device set may have moved (a captación opened or pinned online): check it now. */
  checkSet(): void {
    if (this.running && !this.backoff.waiting) this.kick();
  }

  /** 'Sincronizar ahora': forget the last failure and run a full cycle at once. */
  async syncNow(): Promise<void> {
    if (!this.running) return;
    this.expired = false;
    this.errorDetail = null;
    this.backoff.reset();
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
    return this.pendingShown().items;
  }

  /**
   * Pushes pending changes now (sign-out guard), waiting at most `timeoutMs`. Never throws: a
   * failure shows in the state and sync retries as usual.
   */
  async flush(timeoutMs = 15_000): Promise<void> {
    if (!this.canReachServer()) return;
    await this.settled();
    if (this.live) {
      this.pusher.request(true);
      // A hanging network must not hold the sign-out: the guard asks if the push did not finish.
      await Promise.race([this.pusher.done, sleep(timeoutMs)]);
      return;
    }
    try {
      await this.pusher.once(timeoutMs);
    } catch (err) {
      this.fail(err);
    }
  }

  // --- Cycle: scope check, then the live session ------------------------------------------

  private kick(): void {
    if (!this.running || this.expired) return;
    this.backoff.clear();
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
      this.contact.welcomed(info.limits);
      this.budgetMb = info.budgetMb ?? DEFAULT_DEVICE_SETTINGS.espacio_mb;
      if (!this.running) return;
      this.offline = false;
      await followScope(
        {
          userId: this.userId,
          databases: this.pending,
          stopLive: () => this.stopLive(),
          pushOnce: (timeoutMs) => this.pusher.once(timeoutMs),
          pendingCount: () => this.pendingCount(),
          recount: () => this.recount(),
        },
        info.scope,
      );
      // Another device set: the live session starts again under its new replication identity.
      this.gatewaySet = info.set;
      if (this.live && this.liveSet !== info.set) await this.stopLive();
      // A failure's reason stays shown, and the backoff keeps growing, until the sync moves. A
      // scope check under way when the live session failed leaves the new one to the retry.
      if (!this.live && this.running && !this.backoff.waiting) this.startLive();
    } catch (err) {
      this.fail(err);
    } finally {
      if (this.live) void this.onMaybeCaughtUp(this.live);
      else this.publish();
    }
  }

  /** `fromPull`: a live pull failed; the push under way may finish (see the header). */
  private fail(err: unknown, fromPull = false): void {
    if (!this.running) return;
    const kind = classifyFailure(err, this.online.isOnline());
    void this.stopLive(fromPull && kind === 'server');
    if (kind === 'unauthorized') {
      this.expired = true;
      this.backoff.clear();
    } else if (kind === 'network') {
      this.offline = true;
      this.backoff.schedule(() => this.kick(), this.networkRange);
    } else {
      // The gateway answered: not a lost connection, whatever came before.
      this.offline = false;
      this.errorDetail = failureReason(err);
      this.backoff.schedule(() => this.kick(), this.errorRange);
    }
    this.publish();
  }

  /** The sync moved (a pull wrote a batch) or caught up: the last failure is over. */
  private recovered(): void {
    this.errorDetail = null;
    this.backoff.reset();
  }

  private onOnline(): void {
    this.offline = false;
    this.backoff.reset();
    this.kick();
  }

  private onOffline(): void {
    this.offline = true;
    this.backoff.clear();
    void this.stopLive();
    this.publish();
  }

  // --- Live session -----------------------------------------------------------------------

  private startLive(): void {
    this.liveSet = this.gatewaySet;
    this.live = startPulls(
      { userId: this.userId, origin: this.origin, fetch: this.pullWatchdog.watchFetch(this.fetchFn), batchSize: this.batchSize, longpollMs: this.pullWatchdog.longpollMs },
      {
        active: (session) => {
          if (this.live !== session) return;
          if (this.caughtUpLive === session && !this.briefPull) this.briefPull = setTimeout(() => this.endBriefPull(), this.briefPullMs);
          this.publish();
        },
        paused: (session) => {
          if (this.live === session) void this.onMaybeCaughtUp(session);
        },
        failed: (session, err) => {
          if (this.live === session) this.fail(err, true);
        },
        listed: (name, id, revs) => this.pendingOf(name)?.listed(id, revs),
        pulled: (session, name, docs) => {
          this.pendingOf(name)?.pulled(docs);
          if (this.live !== session) return;
          const shown = this.errorDetail !== null;
          this.recovered();
          if (shown) this.publish();
        },
      },
    );
    // Whatever was written offline goes up now.
    this.pusher.request(true);
  }

  private endBriefPull(): void {
    if (this.briefPull) clearTimeout(this.briefPull);
    this.briefPull = null;
    this.publish();
  }

  /** The pull watchdog found the live session stalled: a new one, as after a failure. */
  private restartLive(): void {
    void this.stopLive().then(() => this.kick());
  }

  /** `keepPush`: the push under way goes on to its end (its run belongs to no session then). */
  private async stopLive(keepPush = false): Promise<void> {
    const live = this.live;
    if (!live) return;
    this.live = null;
    this.caughtUpLive = null;
    if (this.briefPull) clearTimeout(this.briefPull);
    this.briefPull = null;
    const pulls = stopPulls(live);
    if (!keepPush) this.pusher.cancel();
    // Cancelling waits for a checkpoint being written; never hang a sign-out on it.
    await Promise.race([Promise.all([pulls, keepPush ? undefined : this.pusher.done]), sleep(5_000)]);
  }

  private isCaughtUp(live: LiveSession): boolean {
    return this.live === live && live.active.size === 0 && !this.pusher.busy;
  }

  private async onMaybeCaughtUp(live: LiveSession): Promise<void> {
    if (!this.isCaughtUp(live)) return this.publish();
    await this.recount();
    if (!this.isCaughtUp(live)) return;
    this.recovered();
    this.caughtUpLive = live;
    // Pulled to the end under this set: what left it may leave the device now, then the least
    // recently used if the data is past the budget (device-budget.ts).
    const setMoved = !!this.liveSet && this.liveSet !== this.evictedSet;
    if (setMoved) this.evictedSet = this.liveSet;
    if (setMoved || Date.now() - this.budgetKeptAt >= BUDGET_EVERY_MS) {
      this.budgetKeptAt = Date.now();
      this.keepStorageSoon(setMoved);
    }
    if (this.briefPull) clearTimeout(this.briefPull);
    this.briefPull = null;
    // To the minute: a live session catches up after every change another device makes, and
    // neither the chip nor localStorage need to hear of it more than once a minute.
    const minute = Math.floor(Date.now() / MINUTE_MS) * MINUTE_MS;
    if (this.pendingTotal() === 0 && minute !== this.lastSyncedAt) {
      this.lastSyncedAt = minute;
      this.kv.set(lastSyncKey(this.userId), String(minute));
    }
    this.publish();
  }

  // --- Pending changes --------------------------------------------------------------------

  private pendingOf(name: SyncedDbName): PendingChanges | undefined {
    return this.pending.find((p) => p.name === name);
  }

  private pendingTotal(): number {
    return this.pending.reduce((sum, p) => sum + p.count, 0);
  }

  /** What the person is told waits: a photo counts once (not its two documents), with the bytes of the photos. */
  private pendingShown(): { items: number; attached: number; bytes: number; waiting: WaitingIn[] } {
    let items = 0;
    let attached = 0;
    let bytes = 0;
    for (const p of this.pending) {
      items += p.weight.items;
      bytes += p.weight.bytes;
      if (databaseSpec(p.name).attachments) attached += p.weight.items;
    }
    return { items, attached, bytes, waiting: this.pending.map((p) => ({ name: p.name, ...p.weight })) };
  }

  private async recount(): Promise<void> {
    await Promise.all(this.pending.map((p) => p.recount()));
  }

  /** After each count: a local write the last push did not cover is sent (only while connected). */
  private counted(): void {
    if (this.pendingTotal() > 0) this.pusher.request();
    this.publish();
  }

  /** Rejected changes waiting for the person, counted now (the sign-out question names them). */
  async rejectedCount(): Promise<number> {
    await this.initialised?.catch(() => undefined);
    await this.countRejected();
    return this.rejected;
  }

  private async countRejected(): Promise<void> {
    if (!this.running) return;
    try {
      await whenReady(this.userId);
      const lists = await Promise.all(this.pending.map((p) => listRejectedIn(dbFor(this.userId, p.name))));
      this.rejected = lists.reduce((n, l) => n + l.length, 0);
    } catch {
      // a wipe under way: the reset that follows counts again
    }
    this.publish();
  }

  // --- State --------------------------------------------------------------------------------

  private status(): SyncStatus {
    if (this.expired) return 'expired';
    if (this.offline) return 'offline';
    if (this.errorDetail) return 'error';
    // The minute's scope check runs beside a healthy live session: it is not "syncing"; nor is a
    // brief pull of a session that had caught up (BRIEF_PULL_MS).
    const brief = this.briefPull !== null && this.caughtUpLive === this.live && !this.pusher.busy;
    if (!this.live || (!this.isCaughtUp(this.live) && !brief)) return 'syncing';
    return this.pendingTotal() > 0 ? 'pending' : 'up-to-date';
  }

  /** Schedules keepStorage (STORAGE_DELAY_MS); a check already waiting is replaced, never its eviction. */
  private keepStorageSoon(setMoved: boolean): void {
    const evict = setMoved || !!this.storageDue?.evict;
    this.storageDue?.cancel();
    const cancel = whenIdle(
      () => {
        this.storageDue = null;
        if (this.running) void this.keepStorage(evict);
      },
      { delayMs: STORAGE_DELAY_MS, maxWaitMs: STORAGE_MAX_WAIT_MS },
    );
    this.storageDue = { evict, cancel };
  }

  private async keepStorage(setMoved: boolean): Promise<void> {
    const ctx = { userId: this.userId, origin: this.origin, fetch: this.fetchFn, keyValue: this.kv };
    if (setMoved) await evictOutsideSets(ctx);
    const budget = this.budgetMb * MB;
    try {
      // With the whole scope on the device (no set) nothing leaves for the budget: it is only shown.
      const bytes = this.liveSet ? (await keepWithinBudget({ ...ctx, budget })).bytes : await measureHeld(this.userId);
      this.holding = { bytes, budget };
    } catch (err) {
      console.warn('No se pudo medir el espacio del dispositivo.', err);
    }
    this.publish();
  }

  private publish(): void {
    if (!this.running) return;
    const shown = this.pendingShown();
    const next: Partial<SyncState> = { status: this.status(), pending: shown.items, pendingAttached: shown.attached, pendingBytes: shown.bytes, waiting: shown.waiting, lastSyncedAt: this.lastSyncedAt, detail: this.errorDetail, retryAt: this.backoff.retryAt, rejected: this.rejected, holding: this.holding };
    this.store.set(next);
  }
}
