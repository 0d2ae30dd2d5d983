// `npm run test:couchdb`: the gateway's Vitest suites (Store contract, API, sync, seed) with every
// test gateway on the Apache CouchDB at COUCHDB_URL, each under its own prefix whose databases are
// deleted when it closes (sync-server/src/testing/store.ts). `npm test` stays on the embedded store.
import process from 'node:process';
import base from './vite.config.ts';

if (!process.env.COUCHDB_URL) {
  process.stderr.write(
    '\nnpm run test:couchdb necesita COUCHDB_URL: la dirección de un Apache CouchDB 3 con usuario y contraseña de administrador, p. ej.\n' +
      '  COUCHDB_URL=http://admin:clave@127.0.0.1:5984 npm run test:couchdb\n' +
      'Las pruebas crean bases con un prefijo de prueba (t…_) y las borran al terminar. Sin CouchDB, use npm test (base integrada).\n\n',
  );
  process.exit(1);
}

/**
 * Files left to `npm test`. Elsewhere a test that gives startGateway a `dataDir` folder stays on
 * the embedded store in this run too (auth.api.test.ts: sessions surviving a restart on the same
 * LevelDB folder), and the contract suite runs its embedded adapters next to CouchDB's.
 */
const EMBEDDED_ONLY = [
  // A gateway restarted on the same LevelDB folder and port: the embedded store's own persistence.
  'sync-server/src/sync/restart.test.ts',
  // The directory's unit tests open an embedded store themselves; over CouchDB the directory is
  // tested through the gateway (captaciones/list, deep-pages and restart API tests).
  'sync-server/src/captaciones/directory.test.ts',
  'sync-server/src/captaciones/directory-snapshot.test.ts',
];

export default {
  ...base,
  test: {
    ...base.test,
    include: ['sync-server/**/*.test.ts'],
    exclude: ['**/node_modules/**', ...EMBEDDED_ONLY],
    env: { ...base.test.env, INMO_TEST_STORE: 'couchdb' },
    globalSetup: ['sync-server/src/testing/couchdb-global.ts'],
    setupFiles: [...base.test.setupFiles, 'sync-server/src/testing/couchdb-setup.ts'],
    // One test file at a time: CouchDB shares this machine's cores with the gateway under test.
    maxWorkers: 1,
  },
};
