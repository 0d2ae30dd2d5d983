/**
 * A real PouchDB client for sync tests and benchmarks: pouchdb-core with the memory and HTTP
 * adapters, replication and transform-pouch, the same building blocks the PWA uses (IndexedDB
 * there; transform-pouch is its seam for sealing a person's databases, which a benchmark can apply
 * to a client here with the PWA's own `sealDatabase`).
 *
 * Requests go through node-fetch, the fetch PouchDB itself uses in Node, with the session cookie
 * set per database. PouchDB.fetch wraps it in a process-wide cookie jar (fetch-cookie), which
 * would mix the sessions of the several people a test signs in against one host.
 */
import { randomUUID } from 'node:crypto';
import { createRequire } from 'node:module';
import type { StoreDoc } from '../store/port';
import type { TestGateway } from './gateway';
import { CHILD_WELCOME_QUERY } from '../../../couch-design/entity';
import { deviceDatabases } from '../../../couch-design/entities';
export { seed } from './seed';
export { deviceSetIds, openOnline } from './device-set';

const require = createRequire(import.meta.url);

export type ClientDb = PouchDB.Database<Record<string, unknown>>;

type PouchStatic = PouchDB.Static & { plugin(p: unknown): PouchStatic };
export const PouchDB = require('pouchdb-core') as PouchStatic;
PouchDB.plugin(require('pouchdb-adapter-memory'));
PouchDB.plugin(require('pouchdb-adapter-http'));
PouchDB.plugin(require('pouchdb-replication'));
PouchDB.plugin(require('transform-pouch'));

interface NodeFetchHeaders { set(name: string, value: string): void }
type NodeFetch = ((url: string, init?: { headers?: NodeFetchHeaders; [k: string]: unknown }) => Promise<unknown>) & {
  Headers: new () => NodeFetchHeaders;
};
const nodeFetch = require('node-fetch') as NodeFetch;

/** A fetch that always speaks as this session. */
export function sessionFetch(cookie: string, onRequest?: (url: string) => void) {
  return (url: string, opts: { headers?: NodeFetchHeaders; [k: string]: unknown } = {}): Promise<unknown> => {
    const headers = opts.headers ?? new nodeFetch.Headers();
    headers.set('cookie', cookie);
    onRequest?.(String(url));
    return nodeFetch(url, { ...opts, headers });
  };
}

const childDatabases = new Set(deviceDatabases().flatMap((spec) => (spec.child ? [spec.name] : [])));

/**
 * `skip_setup` as the PWA's remote (pwa/src/lib/db/pouch.ts): no database check before each
 * replication; a child database's replication identity from the welcome that leaves the device set
 * out, as the PWA asks it (pwa/src/lib/sync/replication.ts).
 */
export function remoteDb(baseUrl: string, name: string, cookie: string, onRequest?: (url: string) => void): ClientDb {
  const session = sessionFetch(cookie, onRequest);
  const root = `${baseUrl}/db/`;
  const fetch = childDatabases.has(name) ? (url: string, opts?: Parameters<typeof session>[1]) => session(url === root ? `${root}?${CHILD_WELCOME_QUERY}` : url, opts) : session;
  return new PouchDB(`${baseUrl}/db/${name}`, { skip_setup: true, fetch } as unknown as PouchDB.Configuration.RemoteDatabaseConfiguration);
}

export function localDb(): ClientDb {
  return new PouchDB(`cliente-${randomUUID()}`, { adapter: 'memory' });
}

export interface Person {
  id: string;
  role: string;
  cookie: string;
  client: ReturnType<TestGateway['client']>;
}

export async function signedIn(gw: TestGateway, role: string, empleado_id?: string): Promise<Person> {
  const u = await gw.createUser({ role, ...(empleado_id ? { empleado_id } : {}) });
  const client = await gw.client().signIn(u.email, u.password);
  return { id: u.id, role, cookie: client.cookie, client };
}

/** One-shot pull of a whole database into a fresh local one; resolves with the local db. */
export async function pullInto(gw: { url: string }, person: Pick<Person, 'cookie'>, name: string, local: ClientDb = localDb(), opts: PouchDB.Replication.ReplicateOptions = {}): Promise<ClientDb> {
  const remote = remoteDb(gw.url, name, person.cookie);
  await local.replicate.from(remote, { retry: false, ...opts });
  return local;
}

/** One-shot push of a device's database; resolves with the messages of the documents the gateway refused, in order. */
export async function pushDenied(gw: { url: string }, person: Pick<Person, 'cookie'>, name: string, device: ClientDb): Promise<string[]> {
  const denied: string[] = [];
  const rep = device.replicate.to(remoteDb(gw.url, name, person.cookie), { retry: false });
  rep.on('denied', (e) => denied.push((e as { message?: string }).message ?? ''));
  await rep;
  return denied;
}

/** Stores a new revision of a document straight into the store, as another gateway would; resolves with it. */
export async function editBehind(gw: Pick<TestGateway, 'store'>, dbName: string, id: string): Promise<string> {
  const db = await gw.store.db(dbName);
  const [res] = await db.bulkDocs([{ ...(await db.get(id)), editada: new Date().toISOString() }]);
  if (!res.rev) throw new Error(`No se pudo editar ${id}: ${JSON.stringify(res)}`);
  return res.rev;
}

export async function ids(db: ClientDb): Promise<string[]> {
  const { rows } = await db.allDocs();
  return rows.map((r) => r.id).sort();
}

export function payslip(empleadoId: string, n: number): StoreDoc {
  return {
    _id: `nomina-${empleadoId}-${n}`,
    type: 'nomina',
    empleadoId,
    empleado: `Empleado ${empleadoId}`,
    conceptoDePago: `Quincena ${n}`,
    salario: 8000 + n,
    fecha: `2025-0${(n % 9) + 1}-15`,
  };
}

export { eventually } from './eventually';
