/**
 * Tests only: a real store (the embedded one, or the run's CouchDB) behind a switch that stands for
 * the network between the gateway and its database. `cut()`: every call waits, unanswered, as a
 * silent peer would leave it (until `reconnect()`, when the waiting calls go on); `refuse(db)`:
 * calls to that database fail at once as a refused connection does (StoreUnavailable);
 * `breakWith(db, error)`: calls to that database fail with that error (a broken disk, a bug);
 * `silence(db, method)`: calls of that one method on that database (its `_changes` feed, say) wait
 * unanswered, as a stuck node leaves them (those under way too), until `reconnect()` or until
 * their caller gives up (the `signal` of their options), while every other call is answered.
 */
import { StoreUnavailable } from '../store/couch-nodes';
import type { Store, StoreDb } from '../store/port';

export interface CuttableStore extends Store {
  cut(): void;
  reconnect(): void;
  refuse(db: string | null): void;
  breakWith(db: string | null, error?: () => Error): void;
  silence(db: string | null, method?: keyof StoreDb): void;
}

/** Waits until `gate` opens or the call's own `signal` (in its options) aborts, as a fetch to a silent peer would. */
async function unanswered(gate: Promise<void>, args: unknown[]): Promise<void> {
  const signal = args.find((a): a is { signal: AbortSignal } => typeof a === 'object' && a !== null && (a as { signal?: unknown }).signal instanceof AbortSignal)?.signal;
  if (!signal) return gate;
  await new Promise<void>((resolve, reject) => {
    const gone = (): void => reject(Object.assign(new Error('This operation was aborted'), { name: 'AbortError' }));
    if (signal.aborted) return gone();
    signal.addEventListener('abort', gone, { once: true });
    void gate.then(() => (signal.removeEventListener('abort', gone), resolve()));
  });
}

export function cuttable(inner: Store): CuttableStore {
  let gate: Promise<void> | null = null;
  let open: () => void = () => undefined;
  let refused: string | null = null;
  let broken: { db: string; error: () => Error } | null = null;
  let silenced: { db: string; method: PropertyKey; gate: Promise<void>; open: () => void } | null = null;
  const wrapped = new Map<string, StoreDb>();
  const wrap = (name: string, db: StoreDb): StoreDb =>
    new Proxy(db, {
      get(target, prop, receiver) {
        const value = Reflect.get(target, prop, receiver) as unknown;
        if (typeof value !== 'function') return value;
        return async (...args: unknown[]) => {
          if (refused === name) throw new StoreUnavailable('prueba', 'ECONNREFUSED', false);
          if (broken?.db === name) throw broken.error();
          const silent = (): Promise<void> | null => (silenced?.db === name && silenced.method === prop ? unanswered(silenced.gate, args) : null);
          await silent();
          while (gate) await gate;
          const answer = await (value as (...a: unknown[]) => unknown).apply(target, args);
          // A call already under way when its peer went silent never gets its answer either.
          await silent();
          return answer;
        };
      },
    });
  return {
    kind: inner.kind,
    async db(name) {
      while (gate) await gate;
      let db = wrapped.get(name);
      if (!db) {
        db = wrap(name, await inner.db(name));
        wrapped.set(name, db);
      }
      return db;
    },
    destroy: (name) => inner.destroy(name),
    close: () => inner.close(),
    cut() {
      gate ??= new Promise<void>((resolve) => (open = resolve));
    },
    reconnect() {
      gate = null;
      open();
      silenced?.open();
      silenced = null;
    },
    refuse(db) {
      refused = db;
    },
    breakWith(db, error) {
      broken = db && error ? { db, error } : null;
    },
    silence(db, method = 'changes') {
      silenced?.open();
      let opened: () => void = () => undefined;
      const closed = new Promise<void>((resolve) => (opened = resolve));
      silenced = db ? { db, method, gate: closed, open: opened } : null;
    },
  };
}
