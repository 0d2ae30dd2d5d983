import { createApp } from './app';
import { stopServing } from './http/stop-serving';
import { ensureFirstAdmin } from './auth/first-admin';
import { configFromEnv } from './config';
import { deployDesignDocs, warmIndexes } from './store/deploy';
import { createStore, StoreError } from './store/index';
import { StartCancelled, whenStoreAnswers } from './store/startup';

/** SIGINT/SIGTERM before the server listens: the start is abandoned (see the catch below). */
const starting = new AbortController();
let onStop = (): void => starting.abort();
process.on('SIGINT', () => onStop());
process.on('SIGTERM', () => onStop());

async function main(): Promise<void> {
  const config = configFromEnv();
  const store = await createStore(config);
  // A database that is not up yet (or a cluster still forming) is waited for, not given up on.
  await whenStoreAnswers(store, () => deployDesignDocs(store), { signal: starting.signal });
  // Building an index takes seconds per 10,000 documents: do it now rather than on someone's first
  // query (payslips, accounts, sessions; the captaciones list needs none, see captaciones/directory.ts).
  void warmIndexes(store).catch((e) => console.error('No se pudieron preparar los índices:', e));

  const gateway = await createApp(store, config);
  const admin = await ensureFirstAdmin(gateway.context.usuarios, { email: config.adminEmail, password: config.adminPassword });
  if (starting.signal.aborted) {
    gateway.close();
    await store.close();
    throw new StartCancelled();
  }
  const server = gateway.app.listen(config.port, config.host, () => {
    const where = store.kind === 'couchdb' ? 'Apache CouchDB (COUCHDB_URL)' : `base de datos integrada en ${config.dataDir}`;
    console.log(`Inmobiliaria escuchando en http://${config.host === '0.0.0.0' ? 'localhost' : config.host}:${config.port} (${where})`);
    if (admin) {
      console.log('Primer administrador creado:');
      console.log(`  correo:     ${admin.email}`);
      console.log(`  contraseña: ${admin.generated ? admin.password : '(la de ADMIN_PASSWORD)'}`);
      if (admin.generated) console.log('  Guárdela ahora: no se volverá a mostrar.');
    }
  });

  let stopping = false;
  onStop = (): void => {
    if (stopping) return;
    stopping = true;
    gateway.close();
    void stopServing(server)
      .then(() => store.close())
      .finally(() => process.exit(0));
  };
}

main().catch((e: unknown) => {
  const msg = e instanceof Error ? e.message : String(e);
  if (e instanceof StartCancelled || starting.signal.aborted) {
    console.log('Detenido antes de terminar de arrancar.');
    process.exit(0);
  } else if (/lock/i.test(msg)) {
    console.error(`No se pudo abrir la base de datos integrada: otro proceso la está usando (${msg}).`);
  } else if (e instanceof StoreError && process.env.COUCHDB_URL) {
    // CouchDB answered something other than "try again" (a wrong password, a refused name...): one line.
    console.error(`No se pudo iniciar el servidor: Apache CouchDB respondió ${e.status} ${e.error} (${e.reason}).`);
  } else {
    console.error('No se pudo iniciar el servidor:', e);
  }
  process.exit(1);
});
