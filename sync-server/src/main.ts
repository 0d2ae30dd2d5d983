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
import { BadSetting, configFromEnv, type Config } from './config';
import { ENTITIES } from '../../couch-design/entities';
import type { EntityDeclaration } from '../../couch-design/entity';
import { configureLogs, log } from './log';
import { CouchStore, StoreUnavailable } from './store/couchdb';
import { isPermissionDenied, permissionProblem, prepareDataDir } from './store/data-dir';
import { deployDesignDocs, warmIndexes } from './store/deploy';
import { migrateStore, NewerData } from './store/migrations';
import { MEMORY } from './store/embedded';
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

/** The settings, read first: a wrong one ends the start with its line before anything else. */
let config: Config | undefined;

async function main(): Promise<void> {
  // Everything this process creates (the data folder's files, the backup door) is its owner's only.
  process.umask(0o077);
  config = configFromEnv();
  configureLogs({ level: config.logLevel, format: config.logFormat });
  const badPassword = config.adminPassword && (await passwordProblem(config.adminPassword));
  if (badPassword) throw new BadSetting('ADMIN_PASSWORD', `ADMIN_PASSWORD no cumple las reglas de contraseña: ${badPassword}.`);
  // Before the store is opened or created: a second copy started by mistake leaves nothing behind.
  await assertPortFree(config.port, config.host);
  if (!config.couchdbUrl && config.dataDir !== MEMORY) prepareDataDir(config.dataDir);
  if (config.staticDir && !existsSync(path.join(config.staticDir, 'index.html'))) {
    log.warn(`Aviso: no hay una compilación de la aplicación web en ${config.staticDir} (ejecute «npm run build»); por ahora solo responden /api y /db.`);
  }
  // Loaded now and kept: an `npm ci` in this folder while the gateway runs cannot break the write
  // policies (and the schemas they load) later. The PDF threads load jsPDF when they start, below.
  await Promise.all((ENTITIES as readonly EntityDeclaration[]).flatMap((e) => (e.sync ? [e.sync.loadWritePolicy()] : [])));

  const store = await createStore(config);
  // A database that is not up yet (or a cluster still forming) is waited for, not given up on.
  // With CouchDB, one call goes first and alone: a wrong password is one 401, not six.
  await whenStoreAnswers(
    store,
    async () => {
      if (store instanceof CouchStore) await firstCouchCall(store);
      await deployDesignDocs(store);
    },
    { signal: starting.signal, log: (line) => log.warn(line) },
  );
  // The stored documents brought to this release's shapes, before anyone is served (store/migrations.ts).
  await migrateStore(store, undefined, (line) => log.info(line));
  // Building an index takes seconds per 10,000 documents: do it now rather than on someone's first
  // query (payslips, accounts, sessions; the captaciones list needs none, see captaciones/directory.ts).
  void warmIndexes(store).catch((e: unknown) => log.error({ err: e }, 'No se pudieron preparar los índices'));

  const gateway = await createApp(store, config);
  try {
    // The PDF threads, each with jsPDF loaded, before anyone is served (http/pdf-pool.ts).
    await gateway.pdfs.start();
  } catch (e) {
    gateway.close();
    await store.close();
    throw new Error(`no se pudieron iniciar los hilos que generan los PDF (${e instanceof Error ? e.message : String(e)})`, { cause: e });
  }
  if (starting.signal.aborted) {
    gateway.close();
    await store.close();
    throw new StartCancelled();
  }
  let server: Server;
  try {
    server = await listenOn(createGatewayServer(gateway.app, config.trustProxy ? { connectionsPerAddress: Infinity } : {}), config.port, config.host);
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
      .then(() => log.info(`Inmobiliaria detenida (${signal}).`))
      .finally(() => process.exit(0));
  };

  // Only once the port is this process's: a start that cannot serve creates no account.
  const admin = await ensureFirstAdmin(gateway.context.usuarios, { email: config.adminEmail, password: config.adminPassword });
  const where = store.kind === 'couchdb' ? 'Apache CouchDB (COUCHDB_URL)' : `base de datos integrada en ${config.dataDir}`;
  const { port } = server.address() as { port: number };
  log.info(`Inmobiliaria escuchando en http://${config.host === '0.0.0.0' ? 'localhost' : config.host}:${port} (${where})`);
  // Shown once, as text, for the operator to copy (docs/operacion.md «Con systemd»); never again.
  if (admin) console.log(['Primer administrador creado:', ...credentialLines(admin)].join('\n'));
}

/**
 * `GET /_session` alone, before any other call. A 401 ends the start (StoreError, below); an
 * https:// URL to a node that speaks plain HTTP (or the reverse) fails within couchdb.ts FIRST_CALL_TIMEOUT_MS
 * and is named; a node that is not up yet is waited for like any other.
 */
async function firstCouchCall(store: CouchStore): Promise<void> {
  try {
    const who = await store.checkCredentials();
    if (!who.roles.includes('_admin')) {
      log.warn(`La cuenta de COUCHDB_URL (${who.name ?? 'sin nombre'}) no es administradora de CouchDB: la pasarela necesita crear bases y documentos de diseño.`);
    }
  } catch (e: unknown) {
    if (!(e instanceof StoreUnavailable)) throw e;
    // TLS spoken to plain HTTP, or plain HTTP to TLS: a mistake in the URL, not a node still starting.
    if (/EPROTO|ERR_SSL|wrong version number|HPE_|packet length/i.test(e.detail)) {
      throw new BadSetting('COUCHDB_URL', `COUCHDB_URL: ${e.node} no habla el protocolo de la URL (${e.detail}): ¿dice https:// y CouchDB escucha en http:// (o al revés)? Corrija el esquema de COUCHDB_URL.`);
    }
    if (!e.answered && /ETIMEDOUT/.test(e.detail)) {
      throw new StoreUnavailable(e.node, `${e.detail}; si COUCHDB_URL dice https:// y CouchDB escucha en http:// (o al revés), corrija el esquema`, false);
    }
    throw e;
  }
}

main().catch((e: unknown) => {
  if (stopping) return;
  const msg = e instanceof Error ? e.message : String(e);
  if (e instanceof StartCancelled || starting.signal.aborted) {
    log.info('Detenido antes de terminar de arrancar.');
    process.exit(0);
  } else if (e instanceof BadSetting) {
    // A configuration mistake: its one line, as text, and exit code 2 (docs/operacion.md).
    console.error(msg);
    process.exit(2);
  } else if (e instanceof CannotListen || e instanceof NewerData) {
    console.error(msg);
  } else if (config && !config.couchdbUrl && isPermissionDenied(e)) {
    console.error(permissionProblem(config.dataDir, 'EACCES').message);
    process.exit(2);
  } else if (isLockedByAnotherProcess(e)) {
    console.error(`No se pudo abrir la base de datos integrada: otro proceso la está usando (${msg}).`);
  } else if (e instanceof StoreError && config?.couchdbUrl) {
    // CouchDB answered something other than "try again" (a wrong password, a refused name...): one line.
    console.error(`No se pudo iniciar el servidor: Apache CouchDB respondió ${e.status} ${e.error} (${e.reason}).${e.status === 401 ? ' Revise el usuario y la contraseña de COUCHDB_URL (una sola petición se envió: CouchDB no bloquea la cuenta por esto).' : ''}`);
  } else {
    log.fatal({ err: e }, `No se pudo iniciar el servidor: ${msg}`);
  }
  process.exit(1);
});
