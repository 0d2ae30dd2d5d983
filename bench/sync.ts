/**
 * Replication benchmark (docs/architecture.md section 9; issue 3 item 7, issue 11 item 7, issue 17 items 1 and 5).
 * 10,000 captaciones of about 3 KB, pulled and pushed by PouchDB clients (memory adapter).
 *
 * Data goes in the way users put it there: an administrator's PouchDB client pushes the
 * documents through the gateway's `/db/captaciones` (the write policy decides each one, exactly as
 * for a tablet). Every document is valid, stamped on the client as the PWA stamps a save, and the
 * seeding fails unless every one was accepted (a refusal comes back from `_bulk_docs` as
 * `{error: 'forbidden'}`). Nothing is written straight into the store.
 *
 * Two sections, each printing the machine's 1-minute load average when it starts and ends:
 *  - Embedded store (LevelDB, the default deployment), gateway in this process: the initial pull
 *    as an admin (target ≥ 2,500 documents/s) and from a copy of the same LevelDB opened with
 *    PouchDB in this process (no transport at all: the floor no remote client can reach, so the
 *    ratio charges the gateway with everything it adds), the supervisor's pull (10 %), and the
 *    time a change takes to reach a live client; and a device's initial pull of everything into a
 *    database sealed as the PWA seals a person's (transform-pouch with pwa/src/lib/vault/doc-cipher.ts,
 *    a random AES-GCM key), beside the same pull into an unsealed one: ≤ 1.3× (issue 31). Both in
 *    the PWA's batches of 200, memory adapter, so the ratio is the sealing's.
 *  - With COUCHDB_URL: a gateway process on that CouchDB (`sync-server/src/main.ts`, as deployed)
 *    beside CouchDB's own endpoint, over HTTP both:
 *      initial pull of everything, admin: gateway ≤ 1.1× CouchDB direct;
 *      a supervisor's scoped pull (10 %): gateway ≤ 1.2× a direct pull with `filter: '_selector'`
 *        and the selector the gateway applies (couch-design/scope.ts);
 *      the same supervisor's first pull from a second gateway as deployed, with device sets (the
 *        others run with DISPOSITIVO_ALCANCE_COMPLETO, like for like with CouchDB): their set is
 *        listed by id, ≤ 0.1× the same `_selector` pull (issue 34 item 4);
 *      a push of 1,000 new documents: gateway ≤ 1.3× pushing the same kind of documents straight
 *        to CouchDB (fresh ids each run, into databases of the same size);
 *      one change to a live client (the supervisor's scoped feed), p50 and p95 of 20: gateway
 *        p95 ≤ 1.3× a live client replicating from CouchDB with the selector. Each change is an
 *        admin's one-shot push of one new captación assigned to the supervisor: through the
 *        gateway on one side, straight to CouchDB on the other.
 *    The direct side reads and writes an anchor database that CouchDB copies from the gateway's
 *    loaded database (`_replicate`): identical documents, revisions and design document.
 *    Like for like, the compared clients ask the gateway for uncompressed answers: CouchDB never
 *    compresses, and a Node client decompresses on its own thread (a browser does it in its
 *    network process). The gateway's compressed figures (what a device on a network gets) are
 *    printed beside them for the initial pull and the live change, with their ratio to CouchDB.
 *    The run's databases get a prefix of their own and are deleted at the end.
 * Each comparison runs both sides interleaved in this one process after one warm-up each, so
 * neither gets the luck of a quiet moment; figures are medians of BENCH_RUNS (5). CPU time is
 * printed beside wall time because on a shared machine wall time mostly measures the neighbours.
 * SYNC_ONLY=couchdb runs the CouchDB section alone; SYNC_CPU_PROFILE=<folder> writes the CouchDB
 * section's gateway CPU profile there.
 * Pulls use batches of 500 (the device's sealed and unsealed ones, the PWA's 200); pushes and live feeds use the PWA's settings (batches of 200,
 * checkpoints kept on the device). Prints; asserts nothing about the figures.
 */
import { randomUUID } from 'node:crypto';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sampleCaptacion } from '../couch-design/captacion/fixtures';
import { PULL_CHECKPOINT, PUSH_CHECKPOINT } from '../pwa/src/lib/sync/checkpoints';
import { stampCaptacion, type Stamper } from '../couch-design/captacion/stamp';
import { captacionesSelector, type MangoSelector } from '../couch-design/scope';
import { PouchDB as ServerPouch } from '../sync-server/src/store/pouchdb';
import type { StoreDoc } from '../sync-server/src/store/port';
import { localDb, PouchDB, remoteDb, sessionFetch, type ClientDb } from '../sync-server/src/testing/pouch-client';
import { importDataKey, newDataKeyBytes } from '../pwa/src/lib/vault/crypto';
import { SEALED_FIELD, sealDatabase } from '../pwa/src/lib/vault/doc-cipher';
import { startGateway, type TestGateway } from '../sync-server/src/testing/gateway';
import { createAccounts, signIn, type Account, type AccountSpec } from './load/accounts';
import { copyDatabase, databaseUrl, deleteDatabases, docCount, localCouchPid } from './load/couchdb';
import { cpuProfileArgs, cpuSecondsOf, freePort, startGatewayProcess, type GatewayProcess } from './load/gateway-process';
import type { Row } from './row';
import { load1, median, percentile, progressOf } from './stats';
import { COLONIAS, NOMBRES } from './names';

const DOCS = 10_000;
const ADVISERS = 10;
/** PouchDB's replication batch size for the initial pulls; docs/architecture.md section 4 recommends 100-500. */
const BATCH = 500;
/** The PWA's (pwa/src/lib/sync/engine.ts), for pushes and live feeds. */
export const PWA_BATCH = 200;
const PUSH_DOCS = 1_000;
const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const LATENCY_SAMPLES = 20;
const LATENCY_TIMEOUT_MS = 15_000;

/** Documents per second of the initial pull the issue asks for, and the ratios to the direct side. */
const MIN_DOCS_PER_S = 2_500;
const MAX_RATIO_EMBEDDED = 1.2;
const MAX_RATIO_PULL = 1.1;
const MAX_RATIO_SCOPED = 1.2;
/** A device set's first pull, listed by id, against CouchDB's `_selector` feed that reads every change (issue 34 item 5). */
const MAX_RATIO_SET = 0.1;
const MAX_RATIO_PUSH = 1.3;
const MAX_RATIO_LIVE_P95 = 1.3;
/** A device's initial pull into its sealed database, against an unsealed one (issue 31). */
const MAX_RATIO_SEALED = 1.3;

const NOTA = 'Propietaria disponible por las tardes';

/**
 * A captación as the PWA saves one: about 3 KB, every one a little different (names, addresses,
 * areas, dates, notes), clean as the write policy wants it (no text it would trim or rewrite),
 * assigned to `asesor`, and stamped by `by` on the client's clock.
 */
export function captacion(id: string, i: number, asesor: string, by: Stamper): StoreDoc {
  const doc = sampleCaptacion({
    propietario: { nombre: `${NOMBRES[i % NOMBRES.length]} ${i} Hernández`, telefono: String(5500000000 + i) },
    propiedad: {
      direccion: { numero: String(1 + (i % 900)), colonia: COLONIAS[i % COLONIAS.length], codigo_postal: String(10000 + (i % 89999)) },
      caracteristicas: { m2_terreno: 90 + (i % 400), m2_construccion: 60 + (i % 300), habitaciones: 1 + (i % 5) },
    },
    captacion: {
      asesor,
      fecha: new Date(Date.UTC(2024, 0, 1) + i * 3_600_000).toISOString(),
      observaciones: `Visita ${i}. ${Array.from({ length: 1 + (i % 8) }, () => NOTA).join('; ')}.`,
    },
  });
  return { ...stampCaptacion(doc, null, by, new Date().toISOString()), _id: id };
}

const progress = progressOf('sync');

export const ratio = (a: number, b: number): number => Number((a / b).toFixed(2));
const es = (n: number): string => n.toLocaleString('es-MX');

// --- Measuring ------------------------------------------------------------------------------

/** One timed operation: wall time, and CPU of this process (client, plus an in-process gateway), a gateway process and CouchDB. */
export interface Sample { wall: number; client: number; gateway: number; couch: number }

export interface Meter { gatewayPid?: number; couchPid?: number }

export async function timed(meter: Meter, fn: () => Promise<unknown>): Promise<Sample> {
  const g0 = cpuSecondsOf(meter.gatewayPid);
  const k0 = cpuSecondsOf(meter.couchPid);
  const c0 = process.cpuUsage();
  const t0 = performance.now();
  await fn();
  const wall = performance.now() - t0;
  const c = process.cpuUsage(c0);
  return { wall, client: (c.user + c.system) / 1000, gateway: (cpuSecondsOf(meter.gatewayPid) - g0) * 1000, couch: (cpuSecondsOf(meter.couchPid) - k0) * 1000 };
}

export interface Compared { via: Sample[]; direct: Sample[]; load: [number, number] }

/** One warm-up each, then `RUNS` of each side in turns; `sides` names them in the progress lines. */
export async function compare(label: string, via: () => Promise<Sample>, direct: () => Promise<Sample>, runs = RUNS, sides = ['gateway', 'directo']): Promise<Compared> {
  const start = load1();
  await via();
  await direct();
  const out: Compared = { via: [], direct: [], load: [start, NaN] };
  for (let r = 0; r < runs; r++) {
    out.via.push(await via());
    out.direct.push(await direct());
    progress(`${label}: ${sides[0]} ${out.via.at(-1)!.wall.toFixed(0)} ms / ${sides[1]} ${out.direct.at(-1)!.wall.toFixed(0)} ms`);
  }
  out.load[1] = load1();
  return out;
}

export const med = (ts: Sample[], k: keyof Sample = 'wall'): number => median(ts.map((t) => t[k]));
const loadNote = (c: Compared): string => `carga media de 1 min de la máquina: ${es(c.load[0])} al empezar, ${es(c.load[1])} al terminar (2 núcleos)`;

// --- Replicating ----------------------------------------------------------------------------

interface PullOptions {
  selector?: MangoSelector;
  batch?: number;
  /** Into a database sealed with this key, as the PWA opens a person's (pwa/src/lib/vault/doc-cipher.ts). */
  sealedWith?: CryptoKey;
}

/** An initial pull into a new client; throws unless it brought `expected` documents (and, sealed, stored them sealed). */
export async function pull(meter: Meter, source: () => ClientDb, expected: number, { selector, batch = BATCH, sealedWith }: PullOptions = {}): Promise<Sample> {
  const target = localDb();
  if (sealedWith) sealDatabase(target, () => sealedWith);
  try {
    const opts = { batch_size: batch, retry: false, ...PULL_CHECKPOINT, ...(selector ? { selector } : {}) } as PouchDB.Replication.ReplicateOptions;
    const s = await timed(meter, () => target.replicate.from(source(), opts));
    const got = (await target.info()).doc_count;
    if (got !== expected) throw new Error(`La réplica trajo ${got} documentos en vez de ${expected}`);
    if (sealedWith) await assertStoredSealed(target);
    return s;
  } finally {
    await target.destroy();
  }
}

/** The memory adapter shares a database's storage by name: a second handle without the seal reads what is stored. */
async function assertStoredSealed(db: ClientDb): Promise<void> {
  const raw = new PouchDB(db.name, { adapter: 'memory' });
  const { rows } = await raw.allDocs({ include_docs: true, limit: 1, startkey: 'cap-' });
  const stored = (rows[0]?.doc ?? {}) as Record<string, unknown>;
  const clear = Object.keys(stored).filter((k) => !k.startsWith('_') && k !== SEALED_FIELD);
  if (typeof stored[SEALED_FIELD] !== 'string' || clear.length) throw new Error('La base cifrada guardó una captación en claro.');
}

type PushResult = PouchDB.Replication.ReplicationResultComplete<Record<string, unknown>>;

/** Throws unless every document of the push was written: a refusal is a `forbidden` in `_bulk_docs`. */
function assertAccepted(result: PushResult, expected: number, what: string): void {
  if (result.doc_write_failures === 0 && result.docs_written === expected) return;
  const reasons = result.errors.slice(0, 3).map((e) => JSON.stringify(e)).join('; ');
  throw new Error(`${what}: ${result.docs_written} de ${expected} documentos aceptados, ${result.doc_write_failures} rechazados (${reasons})`);
}

/** A client holding `docs` (saved before the clock starts) pushes them to `target` in one replication. */
export async function push(meter: Meter, target: () => ClientDb, docs: StoreDoc[], what: string): Promise<Sample> {
  const local = localDb();
  try {
    for (let i = 0; i < docs.length; i += 1000) await local.bulkDocs(docs.slice(i, i + 1000) as never);
    let result: PushResult | undefined;
    const s = await timed(meter, async () => {
      result = await local.replicate.to(target(), { batch_size: PWA_BATCH, retry: false, ...PUSH_CHECKPOINT });
    });
    assertAccepted(result!, docs.length, what);
    return s;
  } finally {
    await local.destroy();
  }
}

interface People { admin: Account; supervisor: Account; advisers: Account[] }

const SPECS = (tag: string): AccountSpec[] => [
  { email: `admin.${tag}@ejemplo.mx`, role: 'administrator', prim_nom: 'Administración', apell_pa: 'De', apell_ma: 'Medición' },
  { email: `supervisor.${tag}@ejemplo.mx`, role: 'supervisor de obra', prim_nom: 'Supervisora', apell_pa: 'De', apell_ma: 'Obra' },
  ...Array.from({ length: ADVISERS - 1 }, (_, i) => ({ email: `asesor${i}.${tag}@ejemplo.mx`, role: 'user', prim_nom: 'Asesor', apell_pa: 'De', apell_ma: `Campo${i}` })),
];

export const stamperOf = (a: Account): Stamper => ({ nombre: a.nombre, email: a.email });

/** The supervisor advises one captación in ten; the other nine advisers the rest. */
function adviserOf(p: People, i: number): string {
  const k = i % ADVISERS;
  return k === 0 ? p.supervisor.id : p.advisers[k - 1].id;
}

/** The 10,000 captaciones, pushed through the gateway by the admin's client, every one accepted. */
async function seed(gatewayDb: () => ClientDb, p: People): Promise<void> {
  const docs = Array.from({ length: DOCS }, (_, i) => captacion(`cap-${String(i).padStart(6, '0')}`, i, adviserOf(p, i), stamperOf(p.admin)));
  await push({}, gatewayDb, docs, 'Carga inicial por el gateway');
}

/** `n` new captaciones under ids never used before, as `push` sends them. */
function freshDocs(p: People, n: number, tag: string): StoreDoc[] {
  const run = randomUUID().slice(0, 8);
  return Array.from({ length: n }, (_, i) => captacion(`cap-${tag}-${run}-${String(i).padStart(4, '0')}`, DOCS + i, adviserOf(p, i), stamperOf(p.admin)));
}

// --- Live changes ---------------------------------------------------------------------------

/** A client replicating live from `source`, as the PWA keeps one; resolves once it is caught up. */
async function liveClient(source: ClientDb, selector?: MangoSelector): Promise<{ db: ClientDb; stop(): Promise<void> }> {
  const db = localDb();
  const rep = db.replicate.from(source, { live: true, retry: true, batch_size: PWA_BATCH, ...PULL_CHECKPOINT, ...(selector ? { selector } : {}) });
  await new Promise((resolve, reject) => {
    void rep.once('paused', resolve);
    void rep.once('error', reject);
  });
  return {
    db,
    async stop() {
      rep.cancel();
      await db.destroy();
    },
  };
}

/** Resolves when `id` is written to `db`; set it up before the write. */
function arrival(db: ClientDb, id: string): { done: Promise<void>; cancel(): void } {
  const feed = db.changes({ since: 'now', live: true });
  let timer: ReturnType<typeof setTimeout> | undefined;
  const done = new Promise<void>((resolve, reject) => {
    feed.on('change', (c) => {
      if (c.id === id) resolve();
    });
    feed.on('error', reject);
    timer = setTimeout(() => reject(new Error(`El cambio ${id} no llegó al cliente en vivo en ${LATENCY_TIMEOUT_MS / 1000} s`)), LATENCY_TIMEOUT_MS);
  });
  const cancel = () => {
    clearTimeout(timer);
    feed.cancel();
  };
  return { done: done.finally(cancel), cancel };
}

/**
 * One change as a person makes it: the writer's client saves one new captación assigned to the
 * supervisor and pushes it (one-shot, as the PWA after a save); timed from the push until the
 * live client has it.
 */
function oneChange(p: People, writer: ClientDb, target: () => ClientDb, live: ClientDb, tag: string, what: string): () => Promise<number> {
  let n = 0;
  return async () => {
    const doc = captacion(`cap-vivo-${tag}-${randomUUID().slice(0, 8)}`, DOCS + n++, p.supervisor.id, stamperOf(p.admin));
    await writer.put(doc as never);
    const seen = arrival(live, doc._id);
    const t0 = performance.now();
    try {
      const result = await writer.replicate.to(target(), { batch_size: PWA_BATCH, retry: false, ...PUSH_CHECKPOINT });
      assertAccepted(result, 1, what);
      await seen.done;
    } finally {
      seen.cancel();
    }
    return performance.now() - t0;
  };
}

/** The gateway's `/db/captaciones` for a session, asking for uncompressed answers, as CouchDB gives them. */
export function uncompressed(gatewayUrl: string, cookie: string): ClientDb {
  const fetchAs = sessionFetch(cookie);
  const fetch = (url: string, opts: Record<string, unknown> = {}) => fetchAs(url, { ...opts, compress: false });
  return new PouchDB(`${gatewayUrl}/db/captaciones`, { skip_setup: true, fetch } as unknown as PouchDB.Configuration.RemoteDatabaseConfiguration);
}

/** LATENCY_SAMPLES live changes each way: a writer through `via` seen by the supervisor's live client, and the same straight on CouchDB. */
async function liveChanges(people: People, via: () => ClientDb, supervisorVia: () => ClientDb, direct: () => ClientDb, selector: MangoSelector): Promise<Compared> {
  const liveVia = await liveClient(supervisorVia());
  const liveDirect = await liveClient(direct(), selector);
  const writerVia = localDb();
  const writerDirect = localDb();
  try {
    const change = (f: () => Promise<number>) => async (): Promise<Sample> => ({ wall: await f(), client: NaN, gateway: NaN, couch: NaN });
    return await compare(
      'cambio en vivo',
      change(oneChange(people, writerVia, via, liveVia.db, 'g', 'Cambio en vivo por el gateway')),
      change(oneChange(people, writerDirect, direct, liveDirect.db, 'd', 'Cambio en vivo directo')),
      LATENCY_SAMPLES,
    );
  } finally {
    await liveVia.stop();
    await liveDirect.stop();
    await writerVia.destroy();
    await writerDirect.destroy();
  }
}

// --- Embedded store -------------------------------------------------------------------------

/** Accounts on an in-process gateway, with their sessions. */
async function peopleOn(gw: TestGateway): Promise<{ people: People; cookies: Map<string, string> }> {
  const cookies = new Map<string, string>();
  const accounts: Account[] = [];
  for (const s of SPECS(randomUUID().slice(0, 6))) {
    const u = await gw.createUser({ ...s, password: 'Contraseña-segura-1' });
    accounts.push({ id: u.id, email: u.email, role: s.role, nombre: [s.prim_nom, s.apell_pa, s.apell_ma].join(' ') });
  }
  const [admin, supervisor, ...advisers] = accounts;
  for (const a of [admin, supervisor]) cookies.set(a.id, (await gw.client().signIn(a.email, 'Contraseña-segura-1')).cookie);
  return { people: { admin, supervisor, advisers }, cookies };
}

/** The embedded store: through the gateway, and from a copy of its LevelDB in this process. */
async function benchEmbedded(): Promise<Row[]> {
  const loadStart = load1();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'bench-sync-'));
  const copyDir = mkdtempSync(path.join(tmpdir(), 'bench-sync-directo-'));
  const dbPrefix = 'bench_';
  let gw: TestGateway | undefined;
  let direct: ClientDb | undefined;
  const me: Meter = {};
  try {
    gw = await startGateway({ dataDir, dbPrefix, wholeScopeOnDevices: true });
    const { people, cookies } = await peopleOn(gw);
    const adminCookie = cookies.get(people.admin.id)!;
    const supCookie = cookies.get(people.supervisor.id)!;
    await seed(() => remoteDb(gw!.url, 'captaciones', adminCookie), people);
    const docBytes = JSON.stringify(captacion('cap-001234', 1234, people.supervisor.id, stamperOf(people.admin))).length;
    progress('sembrado por el gateway');

    // The direct source is a copy taken while the gateway is stopped, so both can be measured
    // in turns on identical data (LevelDB allows one opener per directory).
    await gw.close();
    cpSync(dataDir, copyDir, { recursive: true });
    gw = await startGateway({ dataDir, dbPrefix, sessionSecret: gw.config.sessionSecret, wholeScopeOnDevices: true });
    const source = new ServerPouch(`${dbPrefix}captaciones`, { adapter: 'leveldb', prefix: copyDir + path.sep }) as unknown as ClientDb;
    direct = source;
    // The copy also holds the design document, which the gateway never serves.
    const directCount = (await source.info()).doc_count;
    const admin = () => remoteDb(gw!.url, 'captaciones', adminCookie);
    const supervisor = () => remoteDb(gw!.url, 'captaciones', supCookie);
    const c = await compare('almacén', () => pull(me, admin, DOCS), () => pull(me, () => source, directCount));
    const sup: Sample[] = [];
    for (let r = 0; r < RUNS; r++) sup.push(await pull(me, supervisor, DOCS / ADVISERS));
    // A device's data key, made as the PWA makes one (lib/vault/crypto.ts): random, non-extractable.
    const key = await importDataKey(newDataKeyBytes());
    const device = { batch: PWA_BATCH };
    const sealed = await compare('dispositivo', () => pull(me, admin, DOCS, { ...device, sealedWith: key }), () => pull(me, admin, DOCS, device), RUNS, ['con cifrado', 'sin cifrar']);

    const live = await liveClient(supervisor());
    const writer = localDb();
    const latencies: number[] = [];
    try {
      const change = oneChange(people, writer, admin, live.db, 'integrada', 'Cambio en vivo por el gateway');
      await change();
      for (let i = 0; i < LATENCY_SAMPLES; i++) latencies.push(await change());
    } finally {
      await live.stop();
      await writer.destroy();
    }

    return [
      { name: 'almacén integrado: carga media de 1 min de la máquina al empezar', value: loadStart, unit: '' },
      { name: 'tamaño de una captación (JSON)', value: docBytes, unit: 'bytes' },
      { name: `pull inicial de ${DOCS} vía gateway (admin, HTTP, lotes de ${BATCH}), mediana de ${RUNS}`, value: Math.round(med(c.via)), unit: 'ms' },
      { name: 'pull inicial vía gateway, documentos por segundo', value: Math.round((DOCS / med(c.via)) * 1000), unit: 'docs/s', target: `≥ ${MIN_DOCS_PER_S}` },
      {
        name: 'pull inicial directo del almacén (PouchDB sobre el mismo LevelDB, en proceso, sin HTTP)',
        value: Math.round(med(c.direct)),
        unit: 'ms',
        note:
          'la referencia honesta: el mismo cliente PouchDB replica desde una copia del LevelDB del gateway abierta en este proceso; ' +
          'no paga HTTP, JSON ni sesión, así que la razón carga al gateway con todo lo que añade. Ambos corren en el mismo proceso, ' +
          'intercalados y tras un calentamiento; en una máquina compartida el tiempo real mide también a los vecinos, el de CPU no. ' +
          loadNote(c),
      },
      { name: 'razón gateway / directo del almacén, tiempo real', value: ratio(med(c.via), med(c.direct)), unit: 'x', target: `≤ ${MAX_RATIO_EMBEDDED}` },
      { name: 'razón gateway / directo del almacén, tiempo de CPU', value: ratio(med(c.via, 'client'), med(c.direct, 'client')), unit: 'x' },
      { name: 'CPU del pull vía gateway (cliente + gateway)', value: Math.round(med(c.via, 'client')), unit: 'ms' },
      { name: 'CPU del pull directo', value: Math.round(med(c.direct, 'client')), unit: 'ms' },
      { name: `pull del supervisor (${DOCS / ADVISERS} de ${DOCS}, 10 %), mediana`, value: Math.round(med(sup)), unit: 'ms' },
      ...sealedPullRows(sealed),
      {
        name: `latencia de un cambio (envío de un admin por el gateway) hasta un cliente en vivo, p50 de ${LATENCY_SAMPLES}`,
        value: Math.round(median(latencies)),
        unit: 'ms',
      },
      { name: `latencia de un cambio hasta un cliente en vivo, p95 de ${LATENCY_SAMPLES}`, value: Math.round(percentile(latencies, 95)), unit: 'ms' },
      { name: 'almacén integrado: carga media de 1 min de la máquina al terminar', value: load1(), unit: '' },
    ];
  } finally {
    await direct?.close().catch(() => undefined);
    await gw?.close().catch(() => undefined);
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(copyDir, { recursive: true, force: true });
  }
}

/** A device's initial pull into a sealed database beside the same pull into an unsealed one (issue 31: within 1.3×). */
function sealedPullRows(c: Compared): Row[] {
  const sealed = med(c.via);
  const plain = med(c.direct);
  const what = `pull inicial de ${DOCS} a una base del dispositivo (vía gateway, admin, lotes de ${PWA_BATCH} como la PWA)`;
  return [
    { name: `${what}, con cifrado, mediana de ${c.via.length}`, value: Math.round(sealed), unit: 'ms', target: `≤ ${es(Math.round(plain * MAX_RATIO_SEALED))} (${MAX_RATIO_SEALED}× sin cifrar)` },
    { name: `${what}, sin cifrar, mediana de ${c.direct.length}`, value: Math.round(plain), unit: 'ms' },
    {
      name: 'pull inicial a una base del dispositivo, razón con / sin cifrar, tiempo real',
      value: ratio(sealed, plain),
      unit: 'x',
      target: `≤ ${MAX_RATIO_SEALED}`,
      note:
        'la base cifrada es la de la PWA: transform-pouch con sealDatabase (pwa/src/lib/vault/doc-cipher.ts) y una llave AES-GCM de 256 bits hecha como la hace el dispositivo; ' +
        'cada lote llega en claro y se sella al guardarse (se comprueba que lo guardado está sellado). Adaptador de memoria en Node, no IndexedDB: ' +
        `la razón mide el sellado, no el disco. Las dos por turnos tras un calentamiento. CPU (medianas): con cifrado ${es(Math.round(med(c.via, 'client')))} ms, ` +
        `sin cifrar ${es(Math.round(med(c.direct, 'client')))} ms (cliente y gateway, este proceso; WebCrypto en sus hilos incluido). ${loadNote(c)}`,
    },
    { name: 'pull inicial a una base del dispositivo, razón con / sin cifrar, tiempo de CPU', value: ratio(med(c.via, 'client'), med(c.direct, 'client')), unit: 'x' },
  ];
}

// --- Apache CouchDB -------------------------------------------------------------------------

/** Rows of one comparison: both medians (the gateway's beside its target), their ratio beside its target, and the CPU. */
function comparedRows(what: string, c: Compared, maxRatio: number, unitNote: string): Row[] {
  const via = med(c.via);
  const direct = med(c.direct);
  const cpu = (s: Sample[]) => `cliente ${es(Math.round(med(s, 'client')))} ms, gateway ${es(Math.round(med(s, 'gateway')))} ms, CouchDB ${es(Math.round(med(s, 'couch')))} ms`;
  return [
    { name: `CouchDB: ${what} vía gateway, mediana de ${c.via.length}`, value: Math.round(via), unit: 'ms', target: `≤ ${es(Math.round(direct * maxRatio))} (${maxRatio}× directo)` },
    { name: `CouchDB: ${what} directo de CouchDB, mediana de ${c.direct.length}`, value: Math.round(direct), unit: 'ms' },
    {
      name: `CouchDB: ${what}, razón gateway / directo`,
      value: ratio(via, direct),
      unit: 'x',
      target: `≤ ${maxRatio}`,
      note: `${unitNote}. CPU (medianas) vía gateway: ${cpu(c.via)}; directo: ${cpu(c.direct)}. ${loadNote(c)}`,
    },
  ];
}

/**
 * Apache CouchDB at COUCHDB_URL: a gateway process on it, and CouchDB's own endpoint for an exact
 * copy of the gateway's database (the credentials of the URL, as an administrator replicates).
 */
async function benchCouchDb(url: string): Promise<Row[]> {
  const loadStart = load1();
  const dbPrefix = `bench_${Date.now().toString(36)}_`;
  const anchorName = `${dbPrefix}directo`;
  const anchorUrl = databaseUrl(url, anchorName);
  // The gateway wants a data folder even on CouchDB (it stays empty there); DATA_DIR may not be empty.
  const dataDir = mkdtempSync(path.join(tmpdir(), 'inmo-bench-sync-'));
  let gw: GatewayProcess | undefined;
  let setGw: GatewayProcess | undefined;
  try {
    const [admin, supervisor, ...advisers] = await createAccounts({ dataDir, couchdbUrl: url, dbPrefix }, SPECS(dbPrefix));
    const people: People = { admin, supervisor, advisers };
    // The protocol is compared like for like: devices replicate whole scopes, as CouchDB's own
    // endpoint does (DISPOSITIVO_ALCANCE_COMPLETO). A second gateway on the same databases runs
    // as deployed by default, with device sets, for the supervisor's set pull (issue 34 item 4).
    const sessionSecret = randomUUID();
    gw = await startGatewayProcess(
      { port: await freePort(), dataDir, couchdbUrl: url, dbPrefix, sessionSecret, nodeArgs: cpuProfileArgs(process.env.SYNC_CPU_PROFILE), env: { DISPOSITIVO_ALCANCE_COMPLETO: '1' } },
      (line) => progress(`gateway: ${line}`),
    );
    setGw = await startGatewayProcess({ port: await freePort(), dataDir, couchdbUrl: url, dbPrefix, sessionSecret }, (line) => progress(`gateway del conjunto: ${line}`));
    const me: Meter = { gatewayPid: gw.pid, couchPid: localCouchPid(url) };
    const adminCookie = await signIn(gw.url, admin.email);
    const supCookie = await signIn(gw.url, supervisor.email);
    const viaAdmin = () => uncompressed(gw!.url, adminCookie);
    const viaSupervisor = () => uncompressed(gw!.url, supCookie);
    const toAnchor = () => new PouchDB(anchorUrl, { skip_setup: true });

    await seed(viaAdmin, people);
    progress('sembrado en CouchDB por el gateway');
    await copyDatabase(url, `${dbPrefix}captaciones`, anchorName);
    // The copy also holds the design document, which the gateway never serves.
    const anchorCount = await docCount(url, anchorName);
    if (anchorCount !== (await docCount(url, `${dbPrefix}captaciones`))) throw new Error('La copia directa no tiene los mismos documentos que la base del gateway.');
    progress('base directa copiada');

    const selector = captacionesSelector({ id: supervisor.id, role: supervisor.role });
    const pulls = await compare('pull admin', () => pull(me, viaAdmin, DOCS), () => pull(me, toAnchor, anchorCount));
    const gzPulls = await compare('pull admin comprimido', () => pull(me, () => remoteDb(gw!.url, 'captaciones', adminCookie), DOCS), () => pull(me, toAnchor, anchorCount));
    const scoped = await compare('pull supervisor', () => pull(me, viaSupervisor, DOCS / ADVISERS), () => pull(me, toAnchor, DOCS / ADVISERS, { selector }));
    const setCookie = await signIn(setGw.url, supervisor.email);
    const setMeter: Meter = { gatewayPid: setGw.pid, couchPid: me.couchPid };
    const bySet = await compare('pull supervisor (conjunto)', () => pull(setMeter, () => uncompressed(setGw!.url, setCookie), DOCS / ADVISERS), () => pull(me, toAnchor, DOCS / ADVISERS, { selector }));
    const pushes = await compare(
      'push',
      () => push(me, viaAdmin, freshDocs(people, PUSH_DOCS, 'g'), 'Envío por el gateway'),
      () => push(me, toAnchor, freshDocs(people, PUSH_DOCS, 'd'), 'Envío directo'),
    );

    const latency = await liveChanges(people, viaAdmin, viaSupervisor, toAnchor, selector);
    const gzLatency = await liveChanges(
      people,
      () => remoteDb(gw!.url, 'captaciones', adminCookie),
      () => remoteDb(gw!.url, 'captaciones', supCookie),
      toAnchor,
      selector,
    );
    const p = (c: Sample[], q: number) => Math.round(percentile(c.map((s) => s.wall), q));
    const p95Via = percentile(latency.via.map((s) => s.wall), 95);
    const p95Direct = percentile(latency.direct.map((s) => s.wall), 95);
    const compressed = (what: string, via: number, direct: number): Row => ({
      name: `CouchDB: ${what} vía gateway con respuestas comprimidas (gzip, como a un dispositivo en la red), razón gateway / directo`,
      value: ratio(via, direct),
      unit: 'x',
      note: `${es(Math.round(via))} ms vía gateway, ${es(Math.round(direct))} ms directo en la misma tanda; informativo: CouchDB no comprime`,
    });

    return [
      { name: 'CouchDB: carga media de 1 min de la máquina al empezar', value: loadStart, unit: '' },
      ...comparedRows(`pull inicial de ${DOCS} (admin, lotes de ${BATCH})`, pulls, MAX_RATIO_PULL, 'ambos por HTTP; el directo también trae el documento de diseño'),
      { name: 'CouchDB: pull inicial vía gateway, documentos por segundo', value: Math.round((DOCS / med(pulls.via)) * 1000), unit: 'docs/s', target: `≥ ${MIN_DOCS_PER_S}` },
      compressed(`pull inicial de ${DOCS}`, med(gzPulls.via), med(gzPulls.direct)),
      ...comparedRows(
        `pull del supervisor (${DOCS / ADVISERS} de ${DOCS}, 10 %)`,
        scoped,
        MAX_RATIO_SCOPED,
        `el directo con filter '_selector' y el selector del gateway ${JSON.stringify({ ...selector, 'captacion.asesor': '<supervisor>' })}`,
      ),
      ...comparedRows(
        `pull del supervisor con el conjunto del dispositivo (sus ${DOCS / ADVISERS}, como se despliega)`,
        bySet,
        MAX_RATIO_SET,
        'otra pasarela sobre las mismas bases, sin DISPOSITIVO_ALCANCE_COMPLETO: la primera bajada se lista por id (sync/pull-by-id.ts); el directo, el mismo _selector',
      ),
      ...comparedRows(
        `envío de ${PUSH_DOCS} captaciones nuevas (admin, lotes de ${PWA_BATCH})`,
        pushes,
        MAX_RATIO_PUSH,
        'ids nuevos en cada corrida, a bases del mismo tamaño; el gateway decide cada documento con la política de escritura',
      ),
      { name: `CouchDB: cambio en vivo vía gateway, p50 de ${LATENCY_SAMPLES}`, value: p(latency.via, 50), unit: 'ms' },
      { name: `CouchDB: cambio en vivo vía gateway, p95 de ${LATENCY_SAMPLES}`, value: Math.round(p95Via), unit: 'ms', target: `≤ ${es(Math.round(p95Direct * MAX_RATIO_LIVE_P95))} (${MAX_RATIO_LIVE_P95}× directo)` },
      { name: `CouchDB: cambio en vivo directo de CouchDB (con '_selector'), p50 de ${LATENCY_SAMPLES}`, value: p(latency.direct, 50), unit: 'ms' },
      { name: `CouchDB: cambio en vivo directo de CouchDB, p95 de ${LATENCY_SAMPLES}`, value: Math.round(p95Direct), unit: 'ms' },
      {
        name: 'CouchDB: cambio en vivo, razón de p95 gateway / directo',
        value: ratio(p95Via, p95Direct),
        unit: 'x',
        target: `≤ ${MAX_RATIO_LIVE_P95}`,
        note:
          'cada cambio es el envío one-shot de una captación nueva de un admin asignada a la supervisora (por el gateway o directo a CouchDB), ' +
          `cronometrado hasta que la tiene el cliente en vivo de la supervisora (su feed filtrado). ${loadNote(latency)}`,
      },
      compressed(`cambio en vivo, p95 de ${LATENCY_SAMPLES}`, percentile(gzLatency.via.map((s) => s.wall), 95), percentile(gzLatency.direct.map((s) => s.wall), 95)),
      { name: 'CouchDB: carga media de 1 min de la máquina al terminar', value: load1(), unit: '' },
    ];
  } finally {
    await gw?.stop().catch(() => undefined);
    await setGw?.stop().catch(() => undefined);
    const n = await deleteDatabases(url, dbPrefix).catch((e: unknown) => (console.error('No se pudieron borrar las bases de la medición:', e), 0));
    progress(`${n} bases borradas (${dbPrefix}*)`);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

export async function benchSync(): Promise<Row[]> {
  const rows = process.env.SYNC_ONLY === 'couchdb' ? [] : await benchEmbedded();
  if (process.env.COUCHDB_URL) rows.push(...(await benchCouchDb(process.env.COUCHDB_URL)));
  return rows;
}
