/**
 * The gateway as a service: `npm run serve` runs this file itself (`exec`, so a process manager's
 * SIGTERM reaches it), `npm start` imports it after building the PWA when needed (start.ts).
 */
import { existsSync } from 'node:fs';
import type { Server } from 'node:http';
import path from 'node:path';
import { createApp } from './app';
import { createGatewayServer } from './http/server-timeouts';
import { stopServing } from './http/stop-serving';
import { assertPortFree, CannotListen, listenOn } from './http/port-free';
import { credentialLines, ensureFirstAdmin, passwordProblem } from './auth/first-admin';
import { configFromEnv, SettingError } from './config';
import { deployDesignDocs, warmIndexes } from './store/deploy';
import { createStore, StoreError } from './store/index';
import { isLockedByAnotherProcess } from './store/in-use';
import { StartCancelled, whenStoreAnswers } from './store/startup';

/** SIGINT/SIGTERM before the server listens: the start is abandoned (see the catch below). */
const starting = new AbortController();
let onStop = (_signal: NodeJS.Signals): void => starting.abort();
process.on('SIGINT', () => onStop('SIGINT'));
process.on('SIGTERM', () => onStop('SIGTERM'));

/** Set once the listening server is being stopped: what fails meanwhile is part of stopping, not an error. */
let stopping = false;

/** A setting that can never work: said in one line, and the start ends before anything is opened. */
class BadSetting extends Error {}

async function main(): Promise<void> {
  const config = configFromEnv();
  const badPassword = config.adminPassword && (await passwordProblem(config.adminPassword));
  if (badPassword) throw new BadSetting(`ADMIN_PASSWORD no cumple las reglas de contraseña: ${badPassword}.`);
  // Before the store is opened or created: a second copy started by mistake leaves nothing behind.
  await assertPortFree(config.port, config.host);
  if (config.staticDir && !existsSync(path.join(config.staticDir, 'index.html'))) {
    console.warn(`Aviso: no hay una compilación de la aplicación web en ${config.staticDir} (ejecute «npm run build»); por ahora solo responden /api y /db.`);
  }

  const store = await createStore(config);
  // A database that is not up yet (or a cluster still forming) is waited for, not given up on.
  await whenStoreAnswers(store, () => deployDesignDocs(store), { signal: starting.signal });
  // Building an index takes seconds per 10,000 documents: do it now rather than on someone's first
  // query (payslips, accounts, sessions; the captaciones list needs none, see captaciones/directory.ts).
  void warmIndexes(store).catch((e) => console.error('No se pudieron preparar los índices:', e));

  const gateway = await createApp(store, config);
  if (starting.signal.aborted) {
    gateway.close();
    await store.close();
    throw new StartCancelled();
  }
  let server: Server;
  try {
    server = await listenOn(createGatewayServer(gateway.app), config.port, config.host);
  } catch (e) {
    // Taken since the check above: close what was opened so the store is left as it was.
    gateway.close();
    await store.close();
    throw e;
  }

  onStop = (signal): void => {
    if (stopping) return;
    stopping = true;
    gateway.close();
    void stopServing(server)
      .then(() => store.close())
      .then(() => console.log(`Inmobiliaria detenida (${signal}).`))
      .finally(() => process.exit(0));
  };

  // Only once the port is this process's: a start that cannot serve creates no account.
  const admin = await ensureFirstAdmin(gateway.context.usuarios, { email: config.adminEmail, password: config.adminPassword });
  const where = store.kind === 'couchdb' ? 'Apache CouchDB (COUCHDB_URL)' : `base de datos integrada en ${config.dataDir}`;
  const { port } = server.address() as { port: number };
  console.log(`Inmobiliaria escuchando en http://${config.host === '0.0.0.0' ? 'localhost' : config.host}:${port} (${where})`);
  if (admin) console.log(['Primer administrador creado:', ...credentialLines(admin)].join('\n'));
}

main().catch((e: unknown) => {
  if (stopping) return;
  const msg = e instanceof Error ? e.message : String(e);
  if (e instanceof StartCancelled || starting.signal.aborted) {
    console.log('Detenido antes de terminar de arrancar.');
    process.exit(0);
  } else if (e instanceof CannotListen || e instanceof BadSetting || e instanceof SettingError) {
    console.error(msg);
  } else if (isLockedByAnotherProcess(e)) {
    console.error(`No se pudo abrir la base de datos integrada: otro proceso la está usando (${msg}).`);
  } else if (e instanceof StoreError && process.env.COUCHDB_URL) {
    // CouchDB answered something other than "try again" (a wrong password, a refused name...): one line.
    console.error(`No se pudo iniciar el servidor: Apache CouchDB respondió ${e.status} ${e.error} (${e.reason}).`);
  } else {
    console.error('No se pudo iniciar el servidor:', e);
  }
  process.exit(1);
});
