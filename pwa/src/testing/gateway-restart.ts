/**
 * A new gateway on the data and port of one that died, as `kill -9` and a restart leave it
 * (sync-server/src/sync/restart.test.ts does the same on the gateway side). Imported by tests only.
 */
import type { Server } from 'node:http';
import { createApp } from '../../../sync-server/src/app';
import type { Config } from '../../../sync-server/src/config';
import { deployDesignDocs } from '../../../sync-server/src/store/deploy';
import { createStore } from '../../../sync-server/src/store/index';
import type { Store } from '../../../sync-server/src/store/port';

export interface RestartedGateway {
  store: Store;
  close(): Promise<void>;
}

export async function restartGatewayOn(config: Config, port: number): Promise<RestartedGateway> {
  const store = await createStore(config);
  await deployDesignDocs(store);
  const gateway = await createApp(store, config);
  const server: Server = await new Promise((resolve, reject) => {
    const s = gateway.app.listen(port, '127.0.0.1', () => resolve(s));
    s.once('error', reject);
  });
  return {
    store,
    close: async () => {
      gateway.close();
      server.closeAllConnections();
      await new Promise<void>((r) => server.close(() => r()));
      await store.close();
    },
  };
}
