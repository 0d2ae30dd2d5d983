import type { Config } from '../config';
import type { Store } from './port';
import { createCouchStore } from './couchdb';
import { createEmbeddedStore } from './embedded';

export * from './port';

/** CouchDB when `COUCHDB_URL` is set (one node, or several separated by commas); otherwise PouchDB inside the gateway (LevelDB or memory). */
export async function createStore(config: Pick<Config, 'dataDir' | 'couchdbUrl' | 'dbPrefix'>): Promise<Store> {
  return config.couchdbUrl
    ? createCouchStore(config.couchdbUrl, config.dbPrefix)
    : createEmbeddedStore(config.dataDir, config.dbPrefix);
}
