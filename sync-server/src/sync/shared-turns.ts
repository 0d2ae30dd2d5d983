/**
 * A person's turns shared by every gateway on one store (issue 33 item 4; docs/architecture.md
 * section 4, «Turnos por persona entre pasarelas»). Alone, each gateway gave a person `budget`
 * turns, so N gateways behind a balancer gave N times as many. Now each person has one small
 * document per kind of turn in the `sesiones` database, with an entry per gateway serving them:
 * how many turns it holds (`claim`), how many it would use (`wants`) and until when the entry
 * counts (`until`). The rules, which keep the claims of live entries within the budget:
 *  - a gateway runs at most what it claims; it claims more only by writing the document (a write
 *    that loses a race with another gateway's conflicts and is planned again on what won), and
 *    only what the other live entries leave free;
 *  - what each should hold is the budget split by what each wants (one turn at a time, in an
 *    order that rotates every minute; what nobody wants is split too), and turns move only when
 *    a gateway is short of them: a gateway that has no entry yet, or wants more than it holds,
 *    says so in its entry, and gets its fair share as soon as the others give it back: each
 *    gateway follows the `sesiones` feed and plans again when a document of a person it serves
 *    changes, giving back at once what it does not run, and the rest as its requests end;
 *  - an entry is renewed every RENEW_MS while its gateway has had work of that person, and stops
 *    counting LEASE_MS after its last write: a gateway that died frees its share by then;
 *  - every store call has a time-out (STORE_CALL_MS): a store that is slow or fails makes the
 *    gateway fall back to the local bound (the whole budget here) until a plan succeeds again.
 * Writes: one per person, kind and gateway every RENEW_MS while they work, plus those that move
 * turns between gateways (a few per change of who serves them); measured by `npm run bench -- turnos`.
 */
import { createHash } from 'node:crypto';
import { log } from '../log';
import type { Follower } from '../store/follower';
import { isConflict, isNotFound, type StoreDb, type StoreDoc } from '../store/port';
import type { TurnBudget } from './person-slots';

/** The kinds of turns, each with its own document per person: REST requests, heavy replication requests. */
export const TURN_KINDS = { rest: 'rest', heavy: 'replicacion' } as const;

/** How often an entry in use is written again. */
export const RENEW_MS = 5_000;
/** How long an entry counts after its last write: three renewals missed. */
export const LEASE_MS = 3 * RENEW_MS;
/** Each call to the store for a lease; past it the local bound rules until a plan succeeds. */
export const STORE_CALL_MS = 1_000;
const TICK_MS = 1_000;
/** Tries of one plan against other gateways' writes. */
const MAX_TRIES = 5;
/** The order in which shares are handed out turns this often, so a gateway last in it is not last for good. */
const ROTATE_MS = 60_000;
/** At most one line a minute says the store is too slow for shared turns. */
const WARN_EVERY_MS = 60_000;

interface Entry {
  claim: number;
  wants: number;
  /** Epoch ms. */
  until: number;
}

interface LeaseDoc extends StoreDoc {
  type: string;
  gateways: Record<string, Entry>;
  /** The latest `until` (epoch ms): StoreSessionStore.purgeExpired sweeps the document after it. */
  expires: number;
}

/** What this gateway knows and holds of one person's turns. */
interface Held {
  key: string;
  id: string;
  /** Turns it may run now (never more than its entry claims). */
  cap: number;
  /** What its entry in the store says it holds (never less than it runs). */
  claim: number;
  /** The `wants` its entry says. */
  recordedWants: number;
  /** When its entry stops counting (epoch ms); 0: it has none. */
  until: number;
  wroteAt: number;
  running: number;
  waiting: number;
  /** The most it ran and queued since its last write. */
  peak: number;
  /** Another live entry wants more than it holds (read in the last plan). */
  othersShort: boolean;
  /** The store did not answer the last plan in time: the local bound rules until one does. */
  degraded: boolean;
  retryAt: number;
  planning: boolean;
  /** Something changed while a plan was under way: plan once more after it. */
  again: boolean;
}

export interface SharedTurnsOptions {
  /** The `sesiones` database and its feed (the gateway follows it already: store/follower.ts). */
  db: StoreDb;
  /** The documents' type, declared with the database (couch-design/sesion/entity.ts). */
  docType: string;
  feed: Follower;
  /** This gateway process, unique among those on the store. */
  gateway: string;
  /** Which turns: the document of each person is per kind. */
  kind: string;
  /** A person's turns at once, on all the gateways together. */
  budget: number;
  /** Told each read and write of a lease, and whether it failed (the metrics). */
  observe?: (operation: 'lectura' | 'escritura', failed: boolean) => void;
}

/** The budget split by what each wants, one turn at a time in a rotating order; what is left, split alike. */
export function shares(budget: number, wants: ReadonlyMap<string, number>, now: number): Map<string, number> {
  const ids = [...wants.keys()].sort();
  const start = ids.length ? Math.floor(now / ROTATE_MS) % ids.length : 0;
  const order = [...ids.slice(start), ...ids.slice(0, start)];
  const out = new Map(order.map((id) => [id, 0]));
  let left = budget;
  for (let moved = true; left > 0 && moved; ) {
    moved = false;
    for (const id of order) {
      if (left > 0 && (out.get(id) ?? 0) < Math.min(budget, wants.get(id) ?? 0)) {
        out.set(id, (out.get(id) ?? 0) + 1);
        left--;
        moved = true;
      }
    }
  }
  for (let i = 0; left > 0 && order.length; i++, left--) out.set(order[i % order.length], (out.get(order[i % order.length]) ?? 0) + 1);
  return out;
}

/** The document of one person's turns of one kind; the person's id is hashed, never written. */
export const leaseId = (docType: string, kind: string, key: string): string => `${docType}:${kind}:${createHash('sha256').update(key).digest('base64url')}`;

class SlowStore extends Error {}

function within<T>(ms: number, work: Promise<T>): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new SlowStore(`sin respuesta en ${ms} ms`)), ms);
    work.then(
      (v) => (clearTimeout(timer), resolve(v)),
      (e: unknown) => (clearTimeout(timer), reject(e)),
    );
  });
}

export class SharedTurns implements TurnBudget {
  private readonly held = new Map<string, Held>();
  private readonly byDoc = new Map<string, Held>();
  private readonly growListeners = new Set<(key: string) => void>();
  private readonly ticker: NodeJS.Timeout;
  private closed = false;
  private warnedAt = -Infinity;

  constructor(private readonly opts: SharedTurnsOptions) {
    opts.feed.onChange((ids) => {
      for (const id of ids) {
        const h = this.byDoc.get(id);
        if (h) this.plan(h);
      }
    });
    this.ticker = setInterval(() => this.tick(), TICK_MS);
    this.ticker.unref();
  }

  capOf(key: string): number {
    const h = this.held.get(key);
    if (!h) return 0;
    if (h.degraded) return this.opts.budget;
    return h.until > Date.now() ? h.cap : 0;
  }

  onGrow(listener: (key: string) => void): void {
    this.growListeners.add(listener);
  }

  demand(key: string, running: number, waiting: number): void {
    if (this.closed) return;
    let h = this.held.get(key);
    if (!h) {
      if (running + waiting === 0) return;
      const id = leaseId(this.opts.docType, this.opts.kind, key);
      h = { key, id, cap: 0, claim: 0, recordedWants: 0, until: 0, wroteAt: 0, running: 0, waiting: 0, peak: 0, othersShort: false, degraded: false, retryAt: 0, planning: false, again: false };
      this.held.set(key, h);
      this.byDoc.set(id, h);
    }
    h.running = running;
    h.waiting = waiting;
    h.peak = Math.max(h.peak, running + waiting);
    if (this.needsPlan(h, Date.now())) this.plan(h);
  }

  /** Whether what this gateway holds no longer fits what it runs, from memory alone. */
  private needsPlan(h: Held, now: number): boolean {
    if (h.degraded) return false; // the ticker tries again
    const wants = Math.min(this.opts.budget, h.running + h.waiting);
    if (h.until <= now) return wants > 0;
    // Short of turns, and the others do not know yet how short.
    if (wants > h.cap && h.recordedWants < wants) return true;
    // Holds turns it does not run while another gateway is short: give them back now.
    return h.othersShort && h.claim > Math.max(h.running, h.cap);
  }

  /** Plans `h` now, or once more after the plan under way. */
  private plan(h: Held): void {
    if (h.planning) {
      h.again = true;
      return;
    }
    h.planning = true;
    void (async () => {
      try {
        do {
          h.again = false;
          await this.exchange(h);
        } while (h.again && !this.closed);
      } finally {
        h.planning = false;
      }
    })();
  }

  /** Reads the person's document and writes this gateway's entry when it must change. */
  private async exchange(h: Held): Promise<void> {
    const before = this.capOf(h.key);
    try {
      for (let attempt = 0; attempt < MAX_TRIES && !this.closed; attempt++) {
        const doc = await this.read(h.id);
        const now = Date.now();
        const { gateway, budget } = this.opts;
        const others = Object.entries(doc?.gateways ?? {}).filter(([g, e]) => g !== gateway && e.until > now);
        const mine = h.until > now ? doc?.gateways?.[gateway] : undefined;
        const wants = Math.min(budget, Math.max(h.peak, h.running + h.waiting));
        const target = shares(budget, new Map([...others.map(([g, e]) => [g, e.wants] as const), [gateway, wants]]), now).get(gateway) ?? 0;
        const free = budget - others.reduce((n, [, e]) => n + e.claim, 0);
        const fair = Math.max(0, Math.min(target, free));
        h.othersShort = others.some(([, e]) => e.wants > e.claim);
        // Turns move only when someone is short of them: more to this gateway when it is, fewer when
        // another one is. Otherwise what it holds stays (within what the others leave), so a
        // person's requests alternating between gateways do not move turns back and forth.
        const holds = mine ? Math.min(mine.claim, Math.max(0, free)) : 0;
        let cap = holds;
        if (!mine || (wants > holds && fair > holds) || (h.othersShort && fair < holds)) cap = fair;
        const claim = Math.max(h.running, cap);
        const idle = wants === 0 && h.running === 0;
        const write =
          (!mine && !idle) ||
          (mine !== undefined && (mine.claim !== claim || (wants > cap && mine.wants < wants) || (!idle && now - h.wroteAt >= RENEW_MS)));
        if (!write) {
          // Nothing to tell the others: what it holds stays as its entry says.
          h.cap = mine ? Math.min(cap, mine.claim) : 0;
          h.degraded = false;
          return;
        }
        // Fewer turns hold from now; more only once the store has them.
        h.cap = Math.min(h.cap, cap);
        const entry: Entry = { claim, wants, until: now + LEASE_MS };
        const gateways = Object.fromEntries([...others, [gateway, entry] as const]);
        const next: LeaseDoc = { _id: h.id, type: this.opts.docType, gateways, expires: Math.max(...Object.values(gateways).map((e) => e.until)) };
        if (doc?._rev) next._rev = doc._rev;
        try {
          await this.write(next);
        } catch (e) {
          if (isConflict(e)) continue;
          throw e;
        }
        Object.assign(h, { cap, claim, recordedWants: wants, until: entry.until, wroteAt: now, peak: h.running + h.waiting, degraded: false });
        return;
      }
    } catch (e) {
      if (this.closed) return;
      h.degraded = true;
      h.retryAt = Date.now() + RENEW_MS;
      this.warn(e);
    } finally {
      if (!this.closed && this.capOf(h.key) > before) for (const l of this.growListeners) l(h.key);
    }
  }

  private async read(id: string): Promise<LeaseDoc | null> {
    try {
      const doc = (await within(STORE_CALL_MS, this.opts.db.get(id))) as LeaseDoc;
      this.opts.observe?.('lectura', false);
      return doc;
    } catch (e) {
      const missing = isNotFound(e);
      this.opts.observe?.('lectura', !missing);
      if (missing) return null;
      throw e;
    }
  }

  private async write(doc: LeaseDoc): Promise<void> {
    try {
      await within(STORE_CALL_MS, this.opts.db.put(doc));
      this.opts.observe?.('escritura', false);
    } catch (e) {
      this.opts.observe?.('escritura', true);
      throw e;
    }
  }

  private warn(e: unknown): void {
    const now = Date.now();
    if (now - this.warnedAt < WARN_EVERY_MS) return;
    this.warnedAt = now;
    log.warn({ turnos: this.opts.kind, detalle: e instanceof Error ? e.message : String(e) }, 'La base no contestó a tiempo a los turnos compartidos: cada persona tiene sus turnos en esta pasarela sola hasta que conteste');
  }

  /** Renews entries in use, plans again what is short or degraded, and forgets people who left. */
  private tick(): void {
    const now = Date.now();
    for (const h of this.held.values()) {
      const busy = h.running + h.waiting > 0;
      if (h.degraded) {
        if (now < h.retryAt) continue;
        if (busy) this.plan(h);
        else this.drop(h);
        continue;
      }
      if (!busy && h.peak === 0 && h.until <= now) {
        this.drop(h);
        continue;
      }
      const renew = h.until > now && h.peak > 0 && now - h.wroteAt >= RENEW_MS;
      // Short: an entry of another gateway may have lapsed, or one may have been given back unseen.
      const short = busy && this.capOf(h.key) < Math.min(this.opts.budget, h.running + h.waiting);
      if (renew || short) this.plan(h);
    }
  }

  private drop(h: Held): void {
    if (h.planning || h.running + h.waiting > 0) return;
    this.held.delete(h.key);
    this.byDoc.delete(h.id);
  }

  /** Stops planning and gives back, as far as the store answers at once, what this gateway holds. */
  close(): void {
    if (this.closed) return;
    this.closed = true;
    clearInterval(this.ticker);
    const { gateway } = this.opts;
    for (const h of this.held.values()) {
      if (h.until <= Date.now()) continue;
      void (async () => {
        const doc = await within(STORE_CALL_MS, this.opts.db.get(h.id)) as LeaseDoc;
        const { [gateway]: _mine, ...rest } = doc.gateways ?? {};
        await within(STORE_CALL_MS, this.opts.db.put({ ...doc, gateways: rest }));
      })().catch(() => undefined);
    }
  }
}
