/**
 * Costs bounded per person, not only per request: each person runs at most a few heavy
 * replication requests at once on the gateways, whatever number of connections or sessions they open.
 * Every request under its cap, 20 parallel `_bulk_get` of 2,000 ids from one adviser held other
 * people's requests for seconds and doubled the gateway's memory; now the adviser's own requests
 * queue behind each other and everybody else's are served meanwhile.
 *
 * A turn is taken before the body is read (a waiting request holds a socket, not megabytes) and
 * given back when the work ends: when the handler finishes, or, for a request that never reached
 * it (a refused or abandoned body), when its answer ends or its client leaves. A client that
 * leaves while its request is being worked on does not get its turn back before the work ends:
 * opening and dropping connections must not run unbounded work. A longpoll gives its turn back
 * while it waits for news (changes.ts `beforeWait`). Past the queue, or after waiting too long, the
 * answer is 429 with `Retry-After`, in CouchDB's shape with a Spanish reason (PouchDB reads it;
 * the PWA's engine starts its sync again with backoff, as after any failed request).
 *
 * A person's sessions share their turns fairly: a freed turn goes to the waiting request of the
 * session running fewest (then the longest waiting), so a second session flooding (another tab, a
 * script with a copied cookie) cannot starve the tablet's own pull; each still waits its turn.
 *
 * Shared by the gateways on one store: how many of a person's turns this gateway may run is its
 * `TurnBudget`'s answer (shared-turns.ts splits the person's budget between the gateways serving
 * them through leases in the `sesiones` database); alone, the budget is `atOnce` here.
 */
import type { Request, RequestHandler, Response } from 'express';
import { actorOf } from '../http/actor';
import { HttpError } from '../http/errors';
import { HEAVY_AT_ONCE_PER_PERSON, HEAVY_MAX_WAIT_MS, HEAVY_QUEUED_PER_PERSON, HEAVY_RETRY_AFTER_S, REST_AT_ONCE_PER_PERSON, REST_QUEUED_PER_PERSON } from './limits';

export const BUSY = 'Hay demasiadas peticiones de sincronización suyas en curso; se reintentará en unos segundos.';
export const REST_BUSY = 'Hay demasiadas peticiones suyas en curso; inténtelo de nuevo en unos segundos.';

export interface SlotLimits {
  atOnce: number;
  queued: number;
  maxWaitMs: number;
  retryAfterS: number;
}

export const DEFAULT_SLOT_LIMITS: SlotLimits = {
  atOnce: HEAVY_AT_ONCE_PER_PERSON,
  queued: HEAVY_QUEUED_PER_PERSON,
  maxWaitMs: HEAVY_MAX_WAIT_MS,
  retryAfterS: HEAVY_RETRY_AFTER_S,
};

/** The REST routes' turns: lists, PDFs, photos and every other request that costs the store. */
export const REST_SLOT_LIMITS: SlotLimits = { ...DEFAULT_SLOT_LIMITS, atOnce: REST_AT_ONCE_PER_PERSON, queued: REST_QUEUED_PER_PERSON };

interface Waiter {
  session: string;
  grant(): void;
}

interface Line {
  running: number;
  waiting: Waiter[];
  /** Turns running per session of the person. */
  bySession: Map<string, number>;
}

/**
 * How many turns of each key this gateway may run now. The local one is always `atOnce`; a shared
 * one (shared-turns.ts) splits a person's budget between gateways and is told this gateway's demand.
 */
export interface TurnBudget {
  /** Turns `key` may run here now. */
  capOf(key: string): number;
  /** This gateway's running and waiting turns of `key` changed (both 0: none left here). */
  demand(key: string, running: number, waiting: number): void;
  /** Called with a key whose cap grew: its waiters may start. */
  onGrow(listener: (key: string) => void): void;
}

/** Every gateway its own `atOnce` (one gateway on its store, or the bound while the store is slow). */
export const localBudget = (atOnce: number): TurnBudget => ({ capOf: () => atOnce, demand: () => undefined, onGrow: () => undefined });

/** Why a turn was not given: the queue is full, or the wait was too long. */
export class NoTurn extends Error {}

/** Every gateway's turns in this process, held weakly: what `turnsOf` reads. */
const everyInstance = new Set<WeakRef<PersonSlots>>();

/** A person's heavy requests running and waiting on the gateways of this process (tests, diagnostics). */
export function turnsOf(key: string): { running: number; waiting: number } {
  const out = { running: 0, waiting: 0 };
  for (const ref of everyInstance) {
    const slots = ref.deref();
    if (!slots) {
      everyInstance.delete(ref);
      continue;
    }
    const l = slots.load(key);
    out.running += l.running;
    out.waiting += l.waiting;
  }
  return out;
}

/** Heavy requests waiting for a turn, everyone's, on every gateway of this process (the metrics' gauge). */
export function queuedTurns(): number {
  let waiting = 0;
  for (const ref of everyInstance) waiting += ref.deref()?.queued() ?? 0;
  return waiting;
}

/** Turns per key (a person's id): `atOnce` running, `queued` waiting in order. */
export class PersonSlots {
  private readonly lines = new Map<string, Line>();

  constructor(
    readonly limits: SlotLimits = DEFAULT_SLOT_LIMITS,
    private readonly budget: TurnBudget = localBudget(limits.atOnce),
  ) {
    everyInstance.add(new WeakRef(this));
    budget.onGrow((key) => {
      const line = this.lines.get(key);
      if (line) this.pump(key, line);
    });
  }

  /** Requests waiting for a turn, of every key. */
  queued(): number {
    let n = 0;
    for (const line of this.lines.values()) n += line.waiting.length;
    return n;
  }

  /** Requests of `key` running now and waiting (tests, diagnostics). */
  load(key: string): { running: number; waiting: number } {
    const line = this.lines.get(key);
    return { running: line?.running ?? 0, waiting: line?.waiting.length ?? 0 };
  }

  /**
   * Resolves with the function that gives the turn back (idempotent), or null when `gone` aborted
   * first (the client left while waiting). Rejects with NoTurn past the queue or after `maxWaitMs`.
   */
  take(key: string, gone: AbortSignal, session = ''): Promise<(() => void) | null> {
    const line: Line = this.lines.get(key) ?? { running: 0, waiting: [], bySession: new Map() };
    this.lines.set(key, line);
    if (line.running < this.budget.capOf(key)) {
      this.start(line, session);
      this.told(key, line);
      return Promise.resolve(this.releaser(key, line, session));
    }
    if (gone.aborted) {
      this.forget(key, line);
      return Promise.resolve(null);
    }
    if (line.waiting.length >= this.limits.queued) {
      this.forget(key, line);
      return Promise.reject(new NoTurn());
    }
    return new Promise((resolve, reject) => {
      const leave = (): void => {
        clearTimeout(timer);
        gone.removeEventListener('abort', onGone);
        const at = line.waiting.indexOf(waiter);
        if (at >= 0) line.waiting.splice(at, 1);
        this.told(key, line);
        this.forget(key, line);
      };
      const waiter: Waiter = {
        session,
        grant: () => {
          // Started before it leaves the queue: a line with nothing running or waiting is dropped.
          this.start(line, session);
          leave();
          resolve(this.releaser(key, line, session));
        },
      };
      const onGone = (): void => {
        leave();
        resolve(null);
      };
      const timer = setTimeout(() => {
        leave();
        reject(new NoTurn());
      }, this.limits.maxWaitMs);
      gone.addEventListener('abort', onGone, { once: true });
      line.waiting.push(waiter);
      this.told(key, line);
    });
  }

  /** The budget hears of every change of what this gateway runs and queues for `key`. */
  private told(key: string, line: Line): void {
    this.budget.demand(key, line.running, line.waiting.length);
  }

  /** Starts waiters, fairest first, while the budget lets `key` run more. */
  private pump(key: string, line: Line): void {
    for (;;) {
      const next = line.running < this.budget.capOf(key) ? this.fairest(line) : undefined;
      if (!next) break;
      next.grant();
    }
    this.told(key, line);
    this.forget(key, line);
  }

  private start(line: Line, session: string): void {
    line.running++;
    line.bySession.set(session, (line.bySession.get(session) ?? 0) + 1);
  }

  private releaser(key: string, line: Line, session: string): () => void {
    let done = false;
    return () => {
      if (done) return;
      done = true;
      line.running--;
      const left = (line.bySession.get(session) ?? 1) - 1;
      if (left > 0) line.bySession.set(session, left);
      else line.bySession.delete(session);
      this.pump(key, line);
    };
  }

  /** The waiter of the session running fewest turns now; among equals, the one waiting longest. */
  private fairest(line: Line): Waiter | undefined {
    let best: Waiter | undefined;
    let fewest = Infinity;
    for (const w of line.waiting) {
      const running = line.bySession.get(w.session) ?? 0;
      if (running < fewest) {
        best = w;
        fewest = running;
        if (running === 0) break;
      }
    }
    return best;
  }

  private forget(key: string, line: Line): void {
    if (line.running === 0 && line.waiting.length === 0 && this.lines.get(key) === line) this.lines.delete(key);
  }
}

/** A request's turn, kept on `res.locals` between the middleware and the handler. */
interface Turn {
  release(): void;
  /** Set once the handler runs: from then on only the handler gives the turn back. */
  working: boolean;
}

const TURN = Symbol('turn');
type WithTurn = Response & { locals: { [TURN]?: Turn } };

/**
 * Takes a turn for each request `isHeavy` picks, before its body is read; other requests pass.
 * The handler then wraps its work in `withTurn` and may give the turn back early with `releaseTurn`.
 */
export function heavyTurns(slots: PersonSlots, isHeavy: (req: Request) => boolean, busy = BUSY): RequestHandler {
  return async (req, res, next) => {
    if (!isHeavy(req)) return next();
    const gone = new AbortController();
    const onClose = (): void => gone.abort();
    res.once('close', onClose);
    let release: (() => void) | null;
    try {
      release = await slots.take(actorOf(req).id, gone.signal, req.sessionID ?? '');
    } catch (e) {
      res.off('close', onClose);
      if (!(e instanceof NoTurn)) throw e;
      res.setHeader('Retry-After', String(slots.limits.retryAfterS));
      throw new HttpError(429, busy);
    }
    res.off('close', onClose);
    if (!release) return; // the client left while waiting: nobody to answer
    const turn: Turn = { release, working: false };
    (res as WithTurn).locals[TURN] = turn;
    // A request that never reaches its handler (refused or abandoned body) gives it back here.
    res.once('close', () => {
      if (!turn.working) turn.release();
    });
    if (res.destroyed) turn.release();
    next();
  };
}

/** Runs the handler's work holding the request's turn (if it took one), and gives it back after. */
export async function withTurn<T>(res: Response, work: () => Promise<T>): Promise<T> {
  const turn = (res as WithTurn).locals[TURN];
  if (turn) turn.working = true;
  try {
    return await work();
  } finally {
    turn?.release();
  }
}

/** Gives the request's turn back before its work ends (a longpoll about to wait for news). */
export function releaseTurn(res: Response): void {
  (res as WithTurn).locals[TURN]?.release();
}

/** What costs nearly nothing and must answer at once whatever else the person runs: who is signed in, signing in and out. */
const LIGHT_API = /^\/(check-auth|signin|logout)\/?$/;

/**
 * The same turns for `/api` (mounted before the routes, after the session is read): a person's REST
 * requests run a few at a time, so one asesor flooding lists or PDFs from many connections waits
 * behind themself while everybody else is served. Their turn comes back when the answer ends (a
 * REST handler's work is bounded and short; it is not wrapped in `withTurn`).
 */
export function restTurns(budget?: TurnBudget): RequestHandler {
  const slots = new PersonSlots(REST_SLOT_LIMITS, budget);
  return heavyTurns(slots, (req) => !!req.user && !LIGHT_API.test(req.path), REST_BUSY);
}
