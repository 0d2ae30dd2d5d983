import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import { createApp, type GatewayApp } from '../app';
import { hashPassword } from '../auth/password';
import { configFromEnv, type Config } from '../config';
import { ENTITIES } from '../../../couch-design/entities';
import type { EntityDeclaration } from '../../../couch-design/entity';
import { designDocsFor } from '../../../couch-design/design-docs/index';
import { deployDesignDocs } from '../store/deploy';
import { createGatewayServer, type ServerTimeouts } from '../http/server-timeouts';
import { stopServing } from '../http/stop-serving';
import { createStore } from '../store/index';
import { MEMORY } from '../store/embedded';
import type { Store } from '../store/port';
import { couchdbUnderTest, sameDatabases, testPrefix, testStore } from './store';

/**
 * A real gateway on a real store, listening on 127.0.0.1 with a free port. Used by API, sync, e2e
 * tests and benchmarks. The store is the run's (./store.ts): the embedded store in memory, or in
 * `npm run test:couchdb` the CouchDB at COUCHDB_URL under a fresh prefix whose databases are
 * deleted when the gateway closes. A `dataDir` folder always means the embedded store on LevelDB
 * (a test about that folder).
 */
export interface TestGateway {
  url: string;
  store: Store;
  gateway: GatewayApp;
  config: Config;
  createUser(opts?: Partial<NewUser>): Promise<CreatedUser>;
  client(): HttpClient;
  /** Stops listening; `keepStore` leaves the store open (for a restart on the same data). */
  close(opts?: { keepStore?: boolean }): Promise<void>;
}

export interface NewUser { email: string; password: string; role: string; prim_nom: string; apell_pa: string; apell_ma: string; empleado_id?: string }
export interface CreatedUser { id: string; email: string; password: string; role: string }

export interface GatewayOptions extends Partial<Config> {
  /** A store the caller opened and closes (a restart on the same data: pass the config's dbPrefix too). */
  store?: Store;
  /** Another gateway process on `joining`'s databases: its own CouchDB connection, or the same embedded store (one process holds it). */
  joining?: TestGateway;
  /** A restart on another gateway's port (pass its config too). */
  listenPort?: number;
  /** Shorter server time-outs than the service's (http/server-timeouts.ts), for tests about them. */
  timeouts?: Partial<ServerTimeouts>;
  /** The entities' declarations it deploys and replicates (couch-design/entities.ts unless told: a test may add one). */
  entities?: readonly EntityDeclaration[];
}

/** A gateway on a free port, or on `listenPort`. */
export async function startGateway(overrides: GatewayOptions = {}): Promise<TestGateway> {
  const { store: givenStore, joining, listenPort = 0, timeouts, entities = ENTITIES, ...cfg } = overrides;
  const onFolder = cfg.dataDir !== undefined && cfg.dataDir !== MEMORY;
  const config: Config = {
    ...configFromEnv({}),
    dataDir: MEMORY,
    dbPrefix: joining?.config.dbPrefix ?? testPrefix(),
    sessionSecret: joining?.config.sessionSecret ?? 'secreto-de-pruebas',
    staticDir: undefined,
    // One PDF thread, started on the first PDF: most test gateways make none (http/pdf-pool.ts).
    pdf: { ...configFromEnv({}).pdf, workers: 1 },
    ...cfg,
  };
  const given = givenStore ?? (joining && sameDatabases(joining.store));
  const store = given ?? (onFolder ? await createStore(config) : await testStore(config.dbPrefix));
  if (store.kind === 'couchdb') config.couchdbUrl = couchdbUnderTest();
  await deployDesignDocs(store, designDocsFor(entities));
  const gateway = await createApp(store, config, entities);
  const server: Server = await new Promise((resolve, reject) => {
    // The same server, with the same time-outs, as the service (main.ts).
    const s = createGatewayServer(gateway.app, timeouts).listen(listenPort, '127.0.0.1', () => resolve(s));
    s.once('error', reject);
  });
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const usuarios = gateway.context.usuarios;
  let n = 0;
  let stopped: Promise<void> | undefined;

  return {
    url,
    store,
    gateway,
    config,
    async createUser(opts = {}) {
      n++;
      const user = { email: `persona${n}.${randomUUID().slice(0, 4)}@ejemplo.mx`, password: 'Contraseña-segura-1', role: 'user', prim_nom: 'Persona', apell_pa: 'De', apell_ma: `Prueba${n}`, ...opts };
      const id = randomUUID();
      await usuarios.create({
        _id: id, type: 'usuario', prim_nom: user.prim_nom, apell_pa: user.apell_pa, apell_ma: user.apell_ma,
        email: user.email, role: user.role, empleado_id: user.empleado_id, password_hash: await hashPassword(user.password),
      });
      return { id, email: user.email.toLowerCase(), password: user.password, role: user.role };
    },
    client: () => new HttpClient(url),
    // Idempotent: a test that stops its gateway midway leaves the same close to its afterAll.
    close({ keepStore = false } = {}) {
      stopped ??= (async () => {
        gateway.close();
        await stopServing(server);
        // A CouchDB test store deletes its databases as it closes.
        if (!keepStore && !given) await store.close();
      })();
      return stopped;
    },
  };
}

/** A test runner's hooks around a file's (or a group's) tests: vitest's beforeAll/afterAll, node:test's before/after. */
export interface AroundHooks {
  before(fn: () => Promise<void>): void;
  after(fn: () => Promise<void>): void;
}

/**
 * The gateway `start` gives, started before the first test by the `before` hook this registers
 * and closed after the last one: a file's gateway, whichever runner runs it. `setup` (its users
 * and records) runs in that same hook once it has started. Read it inside tests, `setup` and
 * hooks registered after it; before it has started, reading it throws.
 */
export function gatewayAround(hooks: AroundHooks, start: () => Promise<TestGateway>, setup?: () => Promise<void>): TestGateway {
  let started: TestGateway | undefined;
  const running = (): TestGateway => {
    if (!started) throw new Error('The test gateway starts in a before hook: read it inside a test or a later hook.');
    return started;
  };
  hooks.before(async () => {
    started = await start();
    await setup?.();
  });
  hooks.after(async () => {
    await started?.close();
  });
  return {
    get url() { return running().url; },
    get store() { return running().store; },
    get gateway() { return running().gateway; },
    get config() { return running().config; },
    createUser: (opts) => running().createUser(opts),
    client: () => running().client(),
    close: (opts) => running().close(opts),
  };
}

/** fetch with a cookie jar of one session, the way a browser tab would call the gateway. */
export class HttpClient {
  cookie = '';
  constructor(readonly baseUrl: string) {}

  async fetch(path: string, init: RequestInit = {}): Promise<Response> {
    const headers = new Headers(init.headers);
    if (this.cookie) headers.set('cookie', this.cookie);
    const res = await fetch(this.baseUrl + path, { ...init, headers, redirect: 'manual' });
    const set = res.headers.getSetCookie();
    for (const c of set) {
      const pair = c.split(';')[0];
      this.cookie = pair.endsWith('=') ? '' : pair;
    }
    return res;
  }

  async json<T = any>(method: string, path: string, body?: unknown): Promise<{ status: number; body: T; headers: Headers }> {
    const res = await this.fetch(path, {
      method,
      headers: body === undefined ? { accept: 'application/json' } : { 'content-type': 'application/json', accept: 'application/json' },
      body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
    });
    const text = await res.text();
    let parsed: unknown = text;
    try { parsed = text ? JSON.parse(text) : undefined; } catch { /* not JSON: the raw text is asserted by the caller */ }
    return { status: res.status, body: parsed as T, headers: res.headers };
  }

  async signIn(email: string, password: string): Promise<this> {
    const r = await this.json('POST', '/api/signin', { email, password });
    if (r.status !== 200) throw new Error(`Inicio de sesión falló (${r.status}): ${JSON.stringify(r.body)}`);
    return this;
  }
}
