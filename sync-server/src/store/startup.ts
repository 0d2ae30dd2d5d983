/**
 * A gateway started before its database waits for it: the first calls (deploying the design
 * documents) are tried again with a growing pause, 1 s doubling up to 30 s, saying in Spanish
 * what it waits for, until the store answers. Only "try again" failures wait (no answer, 503,
 * 412 nodedown); any other (a wrong password, a bad URL) ends the start at once.
 */
import { StoreUnavailable } from './couch-nodes';
import { CouchStore } from './couchdb';
import { StoreError, type Store } from './port';

export interface WaitOptions {
  /** Aborted (SIGTERM) while waiting: the wait ends with StartCancelled. */
  signal?: AbortSignal;
  firstDelayMs?: number;
  maxDelayMs?: number;
  /** Where the waiting lines go; console.log by default. */
  log?: (line: string) => void;
}

export const FIRST_DELAY_MS = 1_000;
export const MAX_DELAY_MS = 30_000;

/** The start was cancelled (SIGTERM, Ctrl+C) while it waited for the database. */
export class StartCancelled extends Error {
  constructor() {
    super('Arranque cancelado mientras se esperaba a la base de datos.');
    this.name = 'StartCancelled';
  }
}

const isTryAgain = (e: unknown): e is StoreError => e instanceof StoreError && e.status === 503;

function why(e: StoreError): string {
  if (e instanceof StoreUnavailable) return e.answered ? `respondió ${e.detail}` : `sin respuesta: ${e.detail}`;
  return e.reason;
}

function where(store: Store): string {
  return store instanceof CouchStore ? `Apache CouchDB en ${store.nodes.labels.join(', ')}` : 'la base de datos';
}

const seconds = (ms: number): string => `${Math.round(ms / 100) / 10}`.replace('.', ',');

/** Resolves after `ms`, or rejects with StartCancelled as soon as `signal` aborts. */
function pause(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(new StartCancelled());
    const onAbort = (): void => {
      clearTimeout(timer);
      reject(new StartCancelled());
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

/** `work`, or StartCancelled as soon as `signal` aborts (the abandoned call's outcome is ignored). */
function unlessCancelled<T>(work: Promise<T>, signal?: AbortSignal): Promise<T> {
  if (!signal) return work;
  return new Promise<T>((resolve, reject) => {
    const onAbort = (): void => reject(new StartCancelled());
    if (signal.aborted) return onAbort();
    signal.addEventListener('abort', onAbort, { once: true });
    work.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
  });
}

/** Runs `attempt` until it does not fail with "try again", waiting longer each time. */
export async function whenStoreAnswers<T>(store: Store, attempt: () => Promise<T>, opts: WaitOptions = {}): Promise<T> {
  const log = opts.log ?? ((line: string) => console.log(line));
  const max = opts.maxDelayMs ?? MAX_DELAY_MS;
  let delay = opts.firstDelayMs ?? FIRST_DELAY_MS;
  for (;;) {
    if (opts.signal?.aborted) throw new StartCancelled();
    try {
      return await unlessCancelled(attempt(), opts.signal);
    } catch (e) {
      if (opts.signal?.aborted) throw new StartCancelled();
      if (!isTryAgain(e)) throw e;
      log(`Esperando a ${where(store)} (${why(e)}); nuevo intento en ${seconds(delay)} s…`);
    }
    await pause(delay, opts.signal);
    delay = Math.min(max, delay * 2);
  }
}
