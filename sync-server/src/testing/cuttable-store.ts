/**
 * Tests only: a real store (the embedded one, or the run's CouchDB) behind a switch that stands for
 * the network between the gateway and its database. `cut()`: every call waits, unanswered, as a
 * silent peer would leave it (until `reconnect()`, when the waiting calls go on); `refuse(db)`:
 * calls to that database fail at once as a refused connection does (StoreUnavailable);
 * `breakWith(db, error)`: calls to that database fail with that error (a broken disk, a bug).
 */
import { StoreUnavailable } from '../store/couch-nodes';
import type { Store, StoreDb } from '../store/port';

export interface CuttableStore extends Store {
  cut(): void;
  reconnect(): void;
  refuse(db: string | null): void;
  breakWith(db: string | null, error?: () => Error): void;
}

export function cuttable(inner: Store): CuttableStore {
  let gate: Promise<void> | null = null;
  let open: () => void = () => undefined;
  let refused: string | null = null;
  let broken: { db: string; error: () => Error } | null = null;
  const wrapped = new Map<string, StoreDb>();
  const wrap = (name: string, db: StoreDb): StoreDb =>
    new Proxy(db, {
      get(target, prop, receiver) {
        const value = Reflect.get(target, prop, receiver) as unknown;
        if (typeof value !== 'function') return value;
        return async (...args: unknown[]) => {
          if (refused === name) throw new StoreUnavailable('prueba', 'ECONNREFUSED', false);
          if (broken?.db === name) throw broken.error();
          while (gate) await gate;
          return (value as (...a: unknown[]) => unknown).apply(target, args);
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
    },
    refuse(db) {
      refused = db;
    },
    breakWith(db, error) {
      broken = db && error ? { db, error } : null;
    },
  };
}
