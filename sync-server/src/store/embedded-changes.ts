/**
 * `_changes` on PouchDB with CouchDB's meaning: sequences leave as strings, the selector filters
 * server-side, and longpoll waits for the first matching change (or the timeout, or the client
 * going away) before answering.
 *
 * Longpoll listens to the adapter's own write signal rather than PouchDB's live feeds: every
 * live feed adds a listener to one emitter PouchDB keeps private, so more than ten waiting
 * devices print MaxListenersExceededWarning on every request. The embedded store has a single
 * writer (this process, through the port), so the signal misses nothing.
 */
import { EventEmitter } from 'node:events';
import type { PouchChanges, PouchDatabase } from './pouchdb';
import type { ChangeRow, ChangesOptions, ChangesResult } from './port';
import { StoreError } from './port';
import { toStoreError } from './embedded-errors';

/** CouchDB's own default for `timeout` on a longpoll feed. */
const DEFAULT_LONGPOLL_MS = 60_000;

/** Emits `write` after each committed write of one database, `close` when it closes. */
export class WriteSignal extends EventEmitter {
  constructor() {
    super();
    // One listener per waiting device: any number is legitimate.
    this.setMaxListeners(0);
  }

  written(): void {
    this.emit('write');
  }

  closed(): void {
    this.emit('close');
  }
}

/** The embedded store's sequences are the numbers it handed out as strings. */
function pouchSince(since: string | undefined): number | 'now' {
  if (since === undefined || since === '' || since === '0') return 0;
  if (since === 'now') return 'now';
  if (/^\d+$/.test(since)) return Number(since);
  throw new StoreError(400, 'bad_request', "Malformed sequence supplied in 'since' parameter.");
}

function toRow(r: PouchChanges['results'][number]): ChangeRow {
  const row: ChangeRow = { id: r.id, seq: String(r.seq), changes: r.changes };
  if (r.deleted) row.deleted = true;
  if (r.doc) row.doc = r.doc;
  return row;
}

async function normalChanges(db: PouchDatabase, opts: ChangesOptions, since: number | 'now'): Promise<ChangesResult> {
  const query: Record<string, unknown> = { since };
  if (opts.limit !== undefined) query.limit = opts.limit;
  if (opts.selector) query.selector = opts.selector;
  if (opts.include_docs) query.include_docs = true;
  if (opts.conflicts) query.conflicts = true;
  if (opts.style) query.style = opts.style;
  try {
    // PouchDB's last_seq is the last sequence scanned, matching or not, as in CouchDB.
    const res = await db.changes(query);
    return { results: res.results.map(toRow), last_seq: String(res.last_seq) };
  } catch (e) {
    throw toStoreError(e, 400);
  }
}

function longpoll(db: PouchDatabase, writes: WriteSignal, opts: ChangesOptions, since: number | 'now'): Promise<ChangesResult> {
  return new Promise<ChangesResult>((resolve, reject) => {
    let scanned: number | 'now' = since;
    let lastSeq: string | undefined;
    let settled = false;
    let running = false;
    let rerun = false;

    const finish = (then: () => void): void => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      writes.off('write', poll);
      writes.off('close', onAbort);
      opts.signal?.removeEventListener('abort', onAbort);
      then();
    };
    const empty = (): ChangesResult => ({ results: [], last_seq: lastSeq ?? opts.since ?? '0' });

    // Scans only what arrived since the last scan; writes landing mid-scan trigger one more pass.
    async function poll(): Promise<void> {
      if (running) {
        rerun = true;
        return;
      }
      running = true;
      try {
        do {
          rerun = false;
          const res = await normalChanges(db, opts, scanned);
          if (settled) return;
          if (res.results.length > 0) return finish(() => resolve(res));
          lastSeq = res.last_seq;
          scanned = Number(res.last_seq);
        } while (rerun && !settled);
      } catch (e) {
        finish(() => reject(e));
      } finally {
        running = false;
      }
    }
    const onAbort = (): void => finish(() => resolve(empty()));

    // Listening before the first scan: a write racing it cannot be missed.
    writes.on('write', poll);
    writes.once('close', onAbort);
    opts.signal?.addEventListener('abort', onAbort, { once: true });
    const timer = setTimeout(() => finish(() => resolve(empty())), opts.timeout ?? DEFAULT_LONGPOLL_MS);
    // A waiting client must not keep a finished script (seed, tests) alive.
    timer.unref();
    if (opts.signal?.aborted) onAbort();
    else void poll();
  });
}

export function changes(db: PouchDatabase, writes: WriteSignal, opts: ChangesOptions): Promise<ChangesResult> {
  let since: number | 'now';
  try {
    since = pouchSince(opts.since);
  } catch (e) {
    return Promise.reject(e);
  }
  return opts.feed === 'longpoll' ? longpoll(db, writes, opts, since) : normalChanges(db, opts, since);
}
