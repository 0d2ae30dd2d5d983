/**
 * What every test of the sync engine against a real gateway sets up and tears down: the engines a
 * test starts are stopped and their local databases dropped after it, then whatever it asked to
 * close (gateways it restarted), newest first and never waiting more than 10 s for one.
 * Imported by tests only.
 */
import { afterEach } from 'vitest';
import type { GatewayOptions, TestGateway } from '../../../sync-server/src/testing/gateway';
import { gatewayForFile as serverTestsGatewayForFile } from '../../../sync-server/src/testing/per-file';
import { destroyLocalDbs, setActiveUser } from '../lib/db/registry';
import type { SyncEngine } from '../lib/sync/engine';

export interface EngineSuite {
  engines: SyncEngine[];
  cleanups: Array<() => Promise<void>>;
}

export function engineSuite(): EngineSuite {
  const suite: EngineSuite = { engines: [], cleanups: [] };
  afterEach(async () => {
    for (const engine of suite.engines.splice(0)) {
      await engine.stop();
      await destroyLocalDbs(engine.userId);
    }
    setActiveUser(null);
    for (const close of suite.cleanups.splice(0).reverse()) {
      await Promise.race([close().catch(() => undefined), new Promise((r) => setTimeout(r, 10_000).unref())]);
    }
  });
  return suite;
}

/** One gateway on a fresh in-memory store for the whole file (the sync-server tests' own, read through a function). */
export function gatewayForFile(config?: GatewayOptions): () => TestGateway {
  const gateway = serverTestsGatewayForFile(config);
  return () => gateway;
}
