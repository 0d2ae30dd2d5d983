import { afterAll, beforeAll } from 'vitest';
import { gatewayAround, startGateway, type GatewayOptions, type TestGateway } from './gateway';
import type { Store, StoreDb } from '../store/port';
import { cuttable, type CuttableStore } from './cuttable-store';
import { countingCalls, sameDatabases, testStore } from './store';

/**
 * The gateway one test file (or one `describe`) runs against: started before its first test and
 * closed after its last, by the hooks this registers where it is called. Read it inside tests and
 * hooks registered after it; before it has started, reading it throws. Options that depend on
 * what earlier hooks set up (another gateway to join) are given as a function, called as it starts.
 */
export function gatewayForFile(options: GatewayOptions | (() => GatewayOptions) = {}): TestGateway {
  return gatewayAround({ before: beforeAll, after: afterAll }, () => startGateway(typeof options === 'function' ? options() : options));
}

/** The run's test store (./store.ts) for one test file: opened before its first test, closed after its last. */
export function storeForFile(): Store {
  let opened: Store | undefined;
  const open = (): Store => {
    if (!opened) throw new Error('The test store opens in beforeAll: read it inside a test or a later hook.');
    return opened;
  };
  beforeAll(async () => {
    opened = await testStore();
  });
  afterAll(() => opened?.close());
  return {
    get kind() { return open().kind; },
    db: (name) => open().db(name),
    destroy: (name) => open().destroy(name),
    close: () => open().close(),
  };
}

/**
 * One database of the file's test store, and `counting`, the same database counting the calls of
 * one method (./store.ts `countingCalls`): for a test that work at once shares one store call.
 */
export function countedDbForFile(name: string, method: Parameters<typeof countingCalls>[1]): { readonly db: StoreDb; readonly counting: StoreDb; calls(): number } {
  const store = storeForFile();
  let opened: { db: StoreDb; counted: ReturnType<typeof countingCalls> } | undefined;
  const open = () => {
    if (!opened) throw new Error('The counted database opens in beforeAll: read it inside a test or a later hook.');
    return opened;
  };
  beforeAll(async () => {
    const db = await store.db(name);
    opened = { db, counted: countingCalls(db, method) };
  });
  return {
    get db() { return open().db; },
    get counting() { return open().counted.db; },
    calls: () => open().counted.calls(),
  };
}

/**
 * One more gateway on `joined`'s databases, through a store the test can cut or silence
 * (./cuttable-store.ts), for a `describe`: reconnected and closed after its tests.
 */
export function cuttableGatewayFor(joined: TestGateway): { gateway: TestGateway; readonly store: CuttableStore } {
  let store: CuttableStore | undefined;
  const gateway = gatewayForFile(() => {
    store = cuttable(sameDatabases(joined.store));
    return { store, joining: joined };
  });
  afterAll(() => store?.reconnect());
  return {
    gateway,
    get store() {
      if (!store) throw new Error('The cuttable store opens in beforeAll: read it inside a test or a later hook.');
      return store;
    },
  };
}
