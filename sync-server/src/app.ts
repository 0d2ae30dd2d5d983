import express, { type Express } from 'express';
import { randomUUID } from 'node:crypto';
import { setMaxListeners } from 'node:events';
import session from 'express-session';
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { createPassport } from './auth/passport';
import { StoreAttemptCounters } from './auth/attempt-counters';
import { LimitedPasswordChecks } from './auth/password-attempts';
import { DEFAULT_SIGNIN_LIMITS, SigninLimiter } from './auth/rate-limit';
import { authRoutes, deviceSettings, SESSION_COOKIE, sessionAnswer } from './auth/routes';
import { sessionSecret } from './auth/secret';
import { StoreSessionStore } from './auth/session-store';
import { DeviceActivity } from './auth/device-activity';
import { Devices } from './auth/devices';
import { SessionUsers } from './auth/session-user';
import { CaptacionesRepository } from './captaciones/repository';
import { captacionesRoutes } from './captaciones/routes';
import { CaptacionesService } from './captaciones/service';
import { captacionesFollowed } from './captaciones/synced';
import { CaptacionesDeviceSet } from './captaciones/device-set';
import { DEFAULT_RECENT_DAYS } from './config';
import type { Config } from './config';
import type { AppContext } from './context';
import { dispositivosRoutes } from './dispositivos/routes';
import { DispositivosService } from './dispositivos/service';
import { EmpleadosRepository } from './empleados/repository';
import { estadoRoutes } from './estado/routes';
import { EstadoService } from './estado/service';
import { FotosRepository } from './fotos/repository';
import { FOTO_UPLOAD, fotosRoutes } from './fotos/routes';
import { FotosService } from './fotos/service';
import { EMPLEADO_PHOTO_UPLOAD, empleadosRoutes } from './empleados/routes';
import { EmpleadosService } from './empleados/service';
import { compressAnswers } from './http/compression';
import { logSlowRequests } from './http/slow-requests';
import { gateWhileStoreDown, healthRoutes, Readiness } from './http/readiness';
import { accessLog } from './http/access-log';
import { PdfPool } from './http/pdf-pool';
import { createMetrics, metricsRoute, type GatewayMetrics } from './http/metrics';
import { measuredStore } from './store/measured';
import { log } from './log';
import { VERSION } from './version';
import { Follower } from './store/follower';
import { followedRecords } from './store/followed-records';
import { errorHandler, HttpError } from './http/errors';
import { jsonBody, type OtherBodyRoute } from './http/json-body';
import { NominasRepository } from './nominas/repository';
import { CREAR_NOMINA_FORM, nominasRoutes } from './nominas/routes';
import { NominasService } from './nominas/service';
import { openBackupDoor } from './ops/backup-door';
import { writeFactsReader } from './policy/facts';
import { parentsFrom } from './policy/parent-facts';
import { childrenFrom, childrenOf } from './policy/children';
import { syncedDatabases } from './sync/databases';
import { syncRoutes } from './sync/routes';
import { DeviceSets } from './sync/device-sets';
import { DEFAULT_SLOT_LIMITS, queuedTurns, REST_SLOT_LIMITS, restTurns } from './sync/person-slots';
import { SharedTurns, TURN_KINDS } from './sync/shared-turns';
import { precompressedFiles, sendPrecompressed } from './http/precompressed';
import { noStore, sameOriginOnly } from './http/same-origin';
import { securityHeaders } from './http/security';
import { isNavigation, pageWithSession } from './http/shell-page';
import { fileNotFound, wantsShell } from './http/shell-requests';
import type { Store } from './store/port';
import { DEMO_SETTINGS_PATH, type DemoSettings } from '../../couch-design/demo';
import type { DeviceSettings } from '../../couch-design/usuario/session-answer';
import { ENTITIES, syncedEntities } from '../../couch-design/entities';
import { childLinksOf, type EntityDeclaration } from '../../couch-design/entity';
import { CAPTACION } from '../../couch-design/captacion/entity';
import { EMPLEADO } from '../../couch-design/empleado/entity';
import { USUARIO } from '../../couch-design/usuario/entity';
import { SESION, TURN_LEASE_TYPE } from '../../couch-design/sesion/entity';
import { VISITA } from '../../couch-design/visita/entity';
import { visitasPdfList } from '../../couch-design/visita/rules';
import type { VisitaDatos } from '../../couch-design/visita/schema';
import { Personas } from './personas/service';
import { UsuariosRepository } from './usuarios/repository';
import { USER_PHOTO_UPLOAD, usuariosRoutes } from './usuarios/routes';
import { UsuariosService } from './usuarios/service';

export interface GatewayApp {
  app: Express;
  context: AppContext;
  sessionStore: StoreSessionStore;
  /** Each device's last contact and sync (auth/device-activity.ts): tests flush it. */
  activity: DeviceActivity;
  /** Resolves once the list's directory has followed everything stored so far (writes that bypassed this gateway). */
  caughtUp(): Promise<void>;
  /** Whether the store answers and the gateway can serve (http/readiness.ts). */
  readiness: Readiness;
  metrics: GatewayMetrics;
  /** The threads that make PDFs (http/pdf-pool.ts): main.ts starts them before listening; a test gateway, on its first PDF. */
  pdfs: PdfPool;
  /** Ends background work and answers waiting longpolls; stop the HTTP server after it (stopServing). */
  close(): void;
}

/**
 * Builds the gateway without listening, so tests can start as many as they need. Every repository
 * and service is built here once and handed to the routes; the replicated databases are those of
 * the entities' declarations (couch-design/entities.ts; a test may add one), which the replication
 * endpoint only reads.
 */
export async function createApp(givenStore: Store, config: Config, entities: readonly EntityDeclaration[] = ENTITIES): Promise<GatewayApp> {
  // The PDF threads are made below; the gauges read them only when /metrics is asked.
  const metrics = createMetrics({ queuedTurns, pdfLoad: () => pdfs.load() });
  // Every call the gateway makes to the store is timed for /metrics (store/measured.ts).
  const store = measuredStore(givenStore, metrics.storeCall);
  const usuarios = await UsuariosRepository.open(store);
  const empleados = await EmpleadosRepository.open(store);
  const sesiones = await store.db(SESION.database);
  // Sessions and people are kept in memory only while these feeds are followed (store/follower.ts).
  const feeds = {
    usuarios: new Follower(await store.db(USUARIO.database)),
    empleados: new Follower(await store.db(EMPLEADO.database)),
    sesiones: new Follower(sesiones),
  };
  await Promise.all(Object.values(feeds).map((f) => f.start()));
  const sessionUsers = new SessionUsers({ usuarios, empleados }, feeds);
  const context: AppContext = { store, config, sessionUsers, usuarios };
  const sessionStore = new StoreSessionStore(sesiones, config.sessionMaxAgeMs, feeds.sesiones);
  // A person's devices are their sessions, with what each did last (docs/architecture.md «Dispositivos»).
  const activity = new DeviceActivity(sesiones, { ttlMs: config.sessionMaxAgeMs });
  const devices = new Devices(sessionStore, activity);
  const pp = createPassport(usuarios, sessionUsers);
  // Accounts as the write policies and the list's adviser names ask for them: from memory while followed.
  const knownUsuarios = followedRecords(usuarios, feeds.usuarios);
  const parents = parentsFrom(store);
  const facts = writeFactsReader({ usuarios: knownUsuarios, empleados: followedRecords(empleados, feeds.empleados), parents, children: childrenFrom(store) });
  const personas = new Personas({ usuarios, empleados, store, sessionUsers });
  // One limiter for sign-in and for the current-password check: guesses at one account add up.
  const signinLimiter = new SigninLimiter(new StoreAttemptCounters(sesiones, DEFAULT_SIGNIN_LIMITS.windowMs));
  const passwordChecks = new LimitedPasswordChecks(signinLimiter);
  const usuariosService = new UsuariosService({ usuarios, empleados, personas, sessions: sessionStore, publicSignup: config.publicSignup, passwordChecks });
  const empleadosService = new EmpleadosService({ empleados, usuarios, personas });
  // PDFs are made in worker threads, never on the event loop (http/pdf-pool.ts).
  const pdfs = new PdfPool(config.pdf);
  const nominasService = new NominasService(await NominasRepository.open(store, empleados), facts, pdfs);
  const captaciones = await CaptacionesRepository.open(store, knownUsuarios);
  const fotosService = new FotosService({ repo: await FotosRepository.open(store), facts, parents, store });
  // The captación PDF shows its photos: the fotos feature reads them, the captaciones feature draws.
  const captacionesService = new CaptacionesService({
    store,
    sessionUsers,
    repo: captaciones,
    facts,
    children: childLinksOf(CAPTACION.database, entities),
    pdfs,
    pdfFotos: (user, id) => fotosService.pdfFotos(user, id),
    // Its visits: readable by whoever reads the captación (couch-design/child-entity.ts).
    ...(entities.includes(VISITA) ? { pdfLists: async (id: string) => [visitasPdfList((await childrenOf(store, VISITA.sync.childOf, id)) as unknown as VisitaDatos[])] } : {}),
  });
  // The list's directory follows the database in the background (from its snapshot), so the
  // first list after a start or an import does not wait for it.
  captaciones.follow();
  // What devices store through `/db/captaciones` enters the list at once too (captaciones/synced.ts).
  const synced = syncedDatabases(entities, { captaciones: captacionesFollowed(captaciones.directory) });
  // What each person's devices keep of the captaciones, their photos and visits (issue 34).
  const deviceSet = new CaptacionesDeviceSet({ store, directory: captaciones.directory, recentDays: config.deviceRecentDays ?? DEFAULT_RECENT_DAYS });
  const deviceSets = new DeviceSets(syncedEntities(entities), config.wholeScopeOnDevices ? {} : { [CAPTACION.database]: deviceSet });

  // A person's turns are split between the gateways serving them, through the store (sync/shared-turns.ts).
  const gatewayId = randomUUID();
  const sharedTurns = (kind: string, budget: number): SharedTurns =>
    new SharedTurns({ db: sesiones, docType: TURN_LEASE_TYPE, feed: feeds.sesiones, gateway: gatewayId, kind, budget, observe: metrics.turnLease });
  const restBudget = sharedTurns(TURN_KINDS.rest, REST_SLOT_LIMITS.atOnce);
  const heavyBudget = sharedTurns(TURN_KINDS.heavy, DEFAULT_SLOT_LIMITS.atOnce);

  const app = express();
  app.disable('x-powered-by');
  if (config.trustProxy) app.set('trust proxy', 1);
  app.use(accessLog());
  app.use(metrics.middleware);
  app.use(logSlowRequests(config.slowRequestMs));
  app.use(securityHeaders({ hsts: config.trustProxy, githubStars: config.demoGithubStars }));
  const readiness = new Readiness({
    probeStore: async () => (await store.db(USUARIO.database)).info(),
    directoryCaughtUp: () => captaciones.directory.caughtUpOnce,
    version: VERSION,
    onChange: (up, detail) => {
      if (up) log.warn('La base de datos responde de nuevo: la pasarela vuelve a atender.');
      else log.error({ detalle: detail }, 'La base de datos no responde: la pasarela contesta 503 hasta que vuelva.');
    },
  });
  readiness.start();
  app.use(healthRoutes(readiness, VERSION));
  app.use(metricsRoute(metrics, config.metricsToken));
  app.use(['/api', '/db'], gateWhileStoreDown(readiness), compressAnswers(), noStore, sameOriginOnly);

  app.use(
    session({
      name: SESSION_COOKIE,
      store: sessionStore,
      secret: await sessionSecret(config.sessionSecret, sesiones),
      resave: false,
      saveUninitialized: false,
      rolling: true,
      cookie: { httpOnly: true, sameSite: 'lax', secure: config.trustProxy ? 'auto' : false, maxAge: config.sessionMaxAgeMs },
    }),
  );
  app.use(pp.initialize());
  app.use(pp.session());
  app.use(activity.middleware());

  const api = express.Router();
  // A person's REST requests take turns before their bodies are read (sync/person-slots.ts).
  api.use(restTurns(restBudget));
  api.use(jsonBody({ limit: '1mb', otherBodies: apiOtherBodies }));
  const device = deviceSettings(config);
  api.use(authRoutes(pp, signinLimiter, sessionStore, device));
  api.get(DEMO_SETTINGS_PATH.slice('/api'.length), (_req, res) => res.json({ githubStars: config.demoGithubStars === true } satisfies DemoSettings));
  // Before the captaciones routes, which answer deeper paths as bad ids.
  api.use(fotosRoutes(fotosService));
  api.use(captacionesRoutes(captacionesService, deviceSet));
  // Before the users routes, which answer deeper `/users/...` paths as bad ids.
  api.use(dispositivosRoutes(new DispositivosService({ devices, people: sessionUsers })));
  api.use(estadoRoutes(new EstadoService({ readiness, store, devices, people: sessionUsers })));
  api.use(usuariosRoutes(usuariosService, sessionUsers));
  api.use(empleadosRoutes(empleadosService));
  api.use(nominasRoutes({ service: nominasService }));
  api.use((_req, _res, next) => next(new HttpError(404, 'Recurso no encontrado.')));
  app.use('/api', api);

  const stopping = new AbortController();
  // Every waiting feed listens for the stop: hundreds of devices are normal. (The PWA's tests run
  // the gateway under happy-dom, whose AbortSignal is no Node EventTarget and never warns.)
  try {
    setMaxListeners(0, stopping.signal);
  } catch {
    /* not Node's AbortSignal */
  }
  app.use(
    syncRoutes({
      store,
      dbPrefix: config.dbPrefix,
      databases: synced,
      facts,
      actors: sessionUsers,
      onSessionChange: (l) => sessionStore.onSessionChange(l),
      stopping: stopping.signal,
      welcomeTells: { ...device },
      onPushed: (db, accepted, refused, sid) => {
        metrics.pushed(db, accepted, refused);
        // What each device had refused, for 'Mis dispositivos' and 'Estado del sistema'.
        if (sid) activity.refused(sid, refused);
      },
      heavyBudget,
      deviceSets,
    }),
  );

  serveShell(app, config.staticDir, device);
  app.use(errorHandler);

  sessionStore.startPurging();
  activity.start();
  // `npm run backup` while this process holds the embedded store's LevelDB lock (ops/backup-door.ts).
  const backupDoor = await openBackupDoor(store, config);
  const close = (): void => {
    readiness.stop();
    backupDoor?.close();
    stopping.abort();
    restBudget.close();
    heavyBudget.close();
    Object.values(feeds).forEach((f) => f.stop());
    sessionStore.stopPurging();
    activity.stop();
    captaciones.close();
    void pdfs.close();
  };
  return { app, context, sessionStore, activity, caughtUp: () => captaciones.directory.refresh(), readiness, metrics, pdfs, close };
}

/**
 * The only /api routes whose body is not JSON, as the specification lists them (forms such as
 * `POST /CrearNomina/{id}`, photo uploads as multipart): each named here explicitly, path relative to /api.
 */
const apiOtherBodies: OtherBodyRoute[] = [CREAR_NOMINA_FORM, USER_PHOTO_UPLOAD, EMPLEADO_PHOTO_UPLOAD, FOTO_UPLOAD];

/**
 * The built PWA: hashed assets cached for good, the shell and the service worker always
 * revalidated; each sent as the build's brotli or gzip copy when the browser accepts one.
 */
function serveShell(app: Express, staticDir: string | undefined, device: DeviceSettings): void {
  if (!staticDir || !existsSync(path.join(staticDir, 'index.html'))) return;
  const index = path.join(staticDir, 'index.html');
  const cacheControl = (file: string) => (file.includes(`${path.sep}assets${path.sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache');
  app.use(precompressedFiles(staticDir, cacheControl));
  app.use(
    express.static(staticDir, {
      index: false,
      setHeaders(res, file) {
        res.setHeader('Cache-Control', cacheControl(file));
      },
    }),
  );
  const withSession = compressAnswers();
  const outsideApi = /^\/(?!api\/|api$|db\/|db$).*/;
  app.get(outsideApi, async (req, res, next) => {
    // Only a navigation gets the page; a missing file answers 404 (http/shell-requests.ts).
    if (!wantsShell(req)) return next();
    if (req.user && isNavigation(req)) {
      // The page holds who is signed in: never kept by any cache, nor shown again from history.
      const page = pageWithSession(await readFile(index, 'utf8'), sessionAnswer(req, device));
      res.setHeader('Cache-Control', 'private, no-store');
      res.vary('Cookie');
      withSession(req, res, () => res.type('html').send(page));
      return;
    }
    if (await sendPrecompressed(req, res, index, 'no-cache')) return;
    res.setHeader('Cache-Control', 'no-cache');
    res.sendFile(index);
  });
  app.all(outsideApi, fileNotFound);
}
