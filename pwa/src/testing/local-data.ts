/**
 * Test helpers for the PWA data layer in Node: IndexedDB from fake-indexeddb, a navigator
 * (pouchdb-adapter-indexeddb reads navigator.userAgent when it opens a database), a controllable
 * network switch and a fetch that carries the session cookie, since Node has no cookie jar.
 * Imported by tests only; never by application code.
 */
import 'fake-indexeddb/auto';
import { randomUUID } from 'node:crypto';
import type { FetchFn } from '../lib/db/pouch';
import { destroyLocalDbs, setActiveUser } from '../lib/db/registry';
import type { OnlineSource } from '../lib/sync/engine';
import './test-keys';

const g = globalThis as { navigator?: unknown };
if (typeof g.navigator === 'undefined') {
  Object.defineProperty(globalThis, 'navigator', { value: { userAgent: 'Node.js', onLine: true }, configurable: true });
}

/** A network the test turns off and on; while off, every request fails like a dead network. */
export class FakeNetwork implements OnlineSource {
  online: boolean;
  private readonly listeners = new Set<(online: boolean) => void>();

  constructor(online = true) {
    this.online = online;
  }

  isOnline(): boolean {
    return this.online;
  }

  subscribe(listener: (online: boolean) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  set(online: boolean): void {
    this.online = online;
    for (const l of [...this.listeners]) l(online);
  }
}

/** One signed-in browser tab: a cookie the test can replace (sign in again) and a network. */
export class FakeTab {
  cookie: string;
  constructor(
    cookie: string,
    readonly network: FakeNetwork,
  ) {
    this.cookie = cookie;
  }

  readonly fetch: FetchFn = async (input, init = {}) => {
    if (!this.network.online) throw new TypeError('fetch failed');
    const headers = new Headers();
    // PouchDB may hand a Headers object from another implementation: copy it entry by entry.
    const given = init.headers as { forEach?: (cb: (v: string, k: string) => void) => void } | Record<string, string> | undefined;
    if (given && typeof (given as { forEach?: unknown }).forEach === 'function') {
      (given as { forEach: (cb: (v: string, k: string) => void) => void }).forEach((v, k) => headers.set(k, v));
    } else if (given) {
      for (const [k, v] of Object.entries(given as Record<string, string>)) headers.set(k, v);
    }
    if (this.cookie) headers.set('cookie', this.cookie);
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    return fetch(url, { ...init, headers });
  };
}

export { eventually } from '../../../sync-server/src/testing/eventually';

const signedIn: string[] = [];

/** Signs a person in on this device (a new id unless given): their local databases are the ones in use. */
export function signInOnDevice(id: string = randomUUID()): string {
  signedIn.push(id);
  setActiveUser(id);
  return id;
}

/** After each test: nobody is signed in, and the databases of everyone signed in meanwhile are gone. */
export async function leaveDevice(): Promise<void> {
  setActiveUser(null);
  for (const id of signedIn.splice(0)) await destroyLocalDbs(id);
}
