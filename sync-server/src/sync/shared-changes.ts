/**
 * Identical reads of a change feed at the same moment share one store call. After a write, every
 * device that reads the whole database asks for the changes since the same sequence within a few
 * milliseconds; each of them used to hold a longpoll of its own on CouchDB, so one write woke 50
 * of them, and CouchDB spent a core on it under 50 tablets (bench/load). The answer is the store's,
 * the same for each caller; each still stops at its own deadline and when its client goes, and the
 * store call is cancelled when the last caller has gone.
 *
 * Only reads without document bodies are shared: the callers read the rows and never change them.
 */
import type { ChangesOptions, ChangesResult, StoreDb } from '../store/port';

interface Shared {
  result: Promise<ChangesResult>;
  callers: number;
  abort: AbortController;
}

const inFlight = new WeakMap<StoreDb, Map<string, Shared>>();

/** Store calls in flight that callers share (tests: none may outlive its callers). */
let open = 0;
export const openSharedChanges = (): number => open;

function keyOf(opts: ChangesOptions): string {
  const { since, limit, selector, style, feed, timeout, conflicts } = opts;
  // A longpoll's own timeout is not part of the question: each caller keeps its own deadline.
  return JSON.stringify([since, limit, selector, style, feed ?? 'normal', conflicts, feed === 'longpoll' ? undefined : timeout]);
}

/**
 * Whether a longpoll asking this is already waiting: then there is no news since `since` yet, and
 * a caller can join it without first reading the feed on its own.
 */
export function sharedWaitInFlight(db: StoreDb, opts: ChangesOptions): boolean {
  return !opts.include_docs && opts.feed === 'longpoll' && !!inFlight.get(db)?.has(keyOf(opts));
}

/**
 * The store call callers join. Its longpoll waits as long as its first caller would; a caller that
 * would wait longer gets the empty answer when it ends, as at any longpoll's end, and asks again.
 */
function start(db: StoreDb, calls: Map<string, Shared>, key: string, opts: ChangesOptions): Shared {
  const abort = new AbortController();
  open++;
  const result = db.changes({ ...opts, signal: abort.signal }).finally(() => {
    open--;
    if (calls.get(key) === started) calls.delete(key);
  });
  const started: Shared = { callers: 0, abort, result };
  calls.set(key, started);
  return started;
}

const empty = (opts: ChangesOptions): ChangesResult => ({ results: [], last_seq: opts.since ?? '0' });

export function sharedChanges(db: StoreDb, opts: ChangesOptions): Promise<ChangesResult> {
  if (opts.include_docs) return db.changes(opts);
  const { signal } = opts;
  if (signal?.aborted) return Promise.resolve(empty(opts));
  let calls = inFlight.get(db);
  if (!calls) inFlight.set(db, (calls = new Map<string, Shared>()));
  const key = keyOf(opts);
  const joined = calls.get(key) ?? start(db, calls, key, opts);
  joined.callers++;
  return new Promise<ChangesResult>((resolve, reject) => {
    let left = false;
    const leave = (): void => {
      if (left) return;
      left = true;
      signal?.removeEventListener('abort', onAbort);
      clearTimeout(timer);
      if (--joined.callers === 0 && calls.get(key) === joined) {
        calls.delete(key);
        joined.abort.abort();
      }
    };
    const onAbort = (): void => {
      leave();
      resolve(empty(opts));
    };
    // This caller's own deadline (a later joiner's may come before the shared call's).
    const timer = opts.feed === 'longpoll' && opts.timeout !== undefined ? setTimeout(onAbort, opts.timeout) : undefined;
    signal?.addEventListener('abort', onAbort, { once: true });
    joined.result.then(
      (res) => {
        leave();
        resolve(res);
      },
      (e: unknown) => {
        leave();
        reject(e);
      },
    );
  });
}
