/**
 * Identical `_bulk_get` asks of whole-database readers at the same moment share one store call.
 * One write wakes every device of the database at once (shared-changes.ts), and each then asks
 * for the same revisions in the same order; the store's answer, as its bytes, is the same for
 * each of them, and no caller changes it.
 */
import type { BulkGetRequest, StoreDb } from '../store/port';

type Options = Parameters<StoreDb['bulkGetJson']>[1];

const inFlight = new WeakMap<StoreDb, Map<string, Promise<Buffer>>>();

export function sharedBulkGetJson(db: StoreDb, reqs: BulkGetRequest[], opts: Options): Promise<Buffer> {
  let calls = inFlight.get(db);
  if (!calls) inFlight.set(db, (calls = new Map<string, Promise<Buffer>>()));
  const key = JSON.stringify([reqs, opts]);
  const running = calls.get(key);
  if (running) return running;
  const started = db.bulkGetJson(reqs, opts).finally(() => calls.delete(key));
  calls.set(key, started);
  return started;
}
