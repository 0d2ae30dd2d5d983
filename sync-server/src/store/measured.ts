/**
 * The store as the gateway uses it, with every call timed for the metrics (http/metrics.ts
 * `inmo_almacen_llamadas_segundos`, `inmo_almacen_errores_total`): the same Store, each StoreDb
 * method wrapped. A longpoll `_changes` waits by design and is named apart (`changes_longpoll`).
 */
import type { Store, StoreDb } from './port';

export type StoreCallObserver = (operation: string, seconds: number, failed: boolean) => void;

function measuredDb(db: StoreDb, observe: StoreCallObserver): StoreDb {
  return new Proxy(db, {
    get(target, prop, receiver) {
      const value = Reflect.get(target, prop, receiver) as unknown;
      if (typeof value !== 'function' || typeof prop !== 'string') return value;
      return (...args: unknown[]) => {
        const operation = prop === 'changes' && (args[0] as { feed?: string } | undefined)?.feed === 'longpoll' ? 'changes_longpoll' : prop;
        const started = performance.now();
        const result = (value as (...a: unknown[]) => unknown).apply(target, args);
        if (!(result instanceof Promise)) return result;
        return result.then(
          (out: unknown) => {
            observe(operation, (performance.now() - started) / 1000, false);
            return out;
          },
          (e: unknown) => {
            observe(operation, (performance.now() - started) / 1000, true);
            throw e;
          },
        );
      };
    },
  });
}

export function measuredStore(store: Store, observe: StoreCallObserver): Store {
  const dbs = new Map<string, Promise<StoreDb>>();
  return new Proxy(store, {
    get(target, prop, receiver) {
      if (prop !== 'db') {
        const value = Reflect.get(target, prop, receiver) as unknown;
        return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(target) : value;
      }
      return (name: string): Promise<StoreDb> => {
        let db = dbs.get(name);
        if (!db) {
          db = target.db(name).then((d) => measuredDb(d, observe));
          dbs.set(name, db);
          db.catch(() => dbs.delete(name));
        }
        return db;
      };
    },
  });
}
