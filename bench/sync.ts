/**
 * Replication benchmark (DESIGN 9, issue 3 item 7, issue 11 item 7). 10,000 captaciones of about
 * 3 KB pulled into a PouchDB client (memory adapter):
 *  - through the gateway over HTTP, as an admin (everything) and as a supervisor (10 %), on the
 *    embedded store (LevelDB, the default deployment). Target: at least 2,500 documents/s;
 *  - straight from the store: a copy of the same LevelDB database opened with PouchDB in this
 *    process and replicated into the same kind of client. It pays no transport at all: the floor
 *    no remote client can reach, so the ratio charges the gateway with all the work it adds
 *    (HTTP, JSON both ways, session, scope checks);
 *  - with COUCHDB_URL set, the same pull through a gateway on that CouchDB and straight from
 *    CouchDB's own replication endpoint (both over HTTP), and their ratio. Target ≤ 1.1×.
 * Pulls run interleaved in this one process after one warm-up each, so neither side gets the
 * luck of a quiet moment. CPU time is printed beside wall time because on a shared machine wall
 * time mostly measures the neighbours; CPU time counts the work itself (LevelDB's threads included).
 * Prints; asserts nothing.
 */
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sampleCaptacion } from '../couch-design/captacion/fixtures';
import { DATABASES } from '../couch-design/design-docs/index';
import { PouchDB as ServerPouch } from '../sync-server/src/store/pouchdb';
import type { StoreDoc } from '../sync-server/src/store/port';
import { eventually, localDb, PouchDB, remoteDb, signedIn, type ClientDb } from '../sync-server/src/testing/pouch-client';
import { startGateway, type TestGateway } from '../sync-server/src/testing/gateway';
import type { Row } from './row';

const DOCS = 10_000;
const ADVISERS = 10;
/** PouchDB's replication batch size; DESIGN 4 recommends 100-500. */
const BATCH = 500;
const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const LATENCY_SAMPLES = 20;
const PREFIX = 'bench_';

const NOMBRES = ['María', 'José', 'Guadalupe', 'Juan', 'Rosa', 'Luis', 'Ana', 'Carlos', 'Patricia', 'Jorge'];
const COLONIAS = ['Roma Sur', 'Narvarte', 'Del Valle', 'Coyoacán', 'Polanco', 'Condesa', 'Tlalpan', 'Lindavista'];

/** About 3 KB each, every one a little different (names, addresses, areas, dates, notes). */
function captacion(i: number, asesor: string): StoreDoc {
  const base = sampleCaptacion({
    propietario: { nombre: `${NOMBRES[i % NOMBRES.length]} ${i} Hernández`, telefono: String(5500000000 + i) },
    propiedad: {
      direccion: { numero: String(1 + (i % 900)), colonia: COLONIAS[i % COLONIAS.length], codigo_postal: String(10000 + (i % 89999)) },
      caracteristicas: { m2_terreno: 90 + (i % 400), m2_construccion: 60 + (i % 300), habitaciones: 1 + (i % 5) },
    },
    captacion: {
      asesor,
      fecha: new Date(Date.UTC(2024, 0, 1) + i * 3_600_000).toISOString(),
      observaciones: `Visita ${i}. ${'Propietaria disponible por las tardes; '.repeat(1 + (i % 8))}`,
    },
  });
  return { ...base, _id: `cap-${String(i).padStart(6, '0')}` };
}

const progress = (msg: string): void => {
  if (process.env.BENCH_VERBOSE) console.error(`[bench sync] ${new Date().toISOString()} ${msg}`);
};

/** Documents per second of the initial pull the issue asks for, and the ratios to the direct pulls. */
const MIN_DOCS_PER_S = 2_500;
const MAX_RATIO_EMBEDDED = 1.2;
const MAX_RATIO_COUCHDB = 1.1;

const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const percentile = (xs: number[], p: number): number => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.ceil((p / 100) * xs.length) - 1)];

interface Timing { wall: number; cpu: number }

async function timePull(source: ClientDb, expected: number): Promise<Timing> {
  const target = localDb();
  const c0 = process.cpuUsage();
  const t0 = performance.now();
  await target.replicate.from(source, { batch_size: BATCH, retry: false });
  const wall = performance.now() - t0;
  const c = process.cpuUsage(c0);
  const got = (await target.info()).doc_count;
  await target.destroy();
  if (got !== expected) throw new Error(`La réplica trajo ${got} documentos en vez de ${expected}`);
  return { wall, cpu: (c.user + c.system) / 1000 };
}

interface Compared { via: Timing[]; direct: Timing[] }

/** One warm-up each, then `RUNS` pulls of each side in turns. */
async function compare(via: () => ClientDb, viaCount: number, direct: () => ClientDb, directCount: number, label: string): Promise<Compared> {
  await timePull(via(), viaCount);
  await timePull(direct(), directCount);
  const out: Compared = { via: [], direct: [] };
  for (let r = 0; r < RUNS; r++) {
    out.via.push(await timePull(via(), viaCount));
    out.direct.push(await timePull(direct(), directCount));
    progress(`${label}: gateway ${out.via.at(-1)!.wall.toFixed(0)} ms / directo ${out.direct.at(-1)!.wall.toFixed(0)} ms`);
  }
  return out;
}

const wall = (ts: Timing[]): number => median(ts.map((t) => t.wall));
const cpu = (ts: Timing[]): number => median(ts.map((t) => t.cpu));
const ratio = (a: number, b: number): number => Number((a / b).toFixed(2));

async function seed(gw: TestGateway, advisers: string[]): Promise<void> {
  const db = await gw.store.db('captaciones');
  for (let i = 0; i < DOCS; i += 1000) {
    await db.bulkDocs(Array.from({ length: Math.min(1000, DOCS - i) }, (_, k) => captacion(i + k, advisers[(i + k) % ADVISERS])));
  }
}

/** One change written to the store, timed until it is in a live client's database. */
async function liveLatency(gw: TestGateway, cookie: string, asesor: string): Promise<number[]> {
  const db = await gw.store.db('captaciones');
  const live = localDb();
  const rep = live.replicate.from(remoteDb(gw.url, 'captaciones', cookie), { live: true, retry: true, batch_size: BATCH });
  try {
    await new Promise((resolve) => rep.once('paused', resolve));
    const out: number[] = [];
    for (let i = 0; i < LATENCY_SAMPLES; i++) {
      const doc = captacion(DOCS + i, asesor);
      const t0 = performance.now();
      await db.put(doc);
      await eventually(async () => (await live.get(doc._id).catch(() => null)) !== null, 'cambio en vivo', 10_000);
      out.push(performance.now() - t0);
    }
    return out;
  } finally {
    rep.cancel();
    await live.destroy();
  }
}

/** The embedded store: through the gateway, and from a copy of its LevelDB in this process. */
async function benchEmbedded(): Promise<Row[]> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'bench-sync-'));
  const copyDir = mkdtempSync(path.join(tmpdir(), 'bench-sync-directo-'));
  let gw: TestGateway | undefined;
  let direct: ClientDb | undefined;
  try {
    gw = await startGateway({ dataDir, dbPrefix: PREFIX });
    const admin = await signedIn(gw, 'Administrador');
    const supervisor = await signedIn(gw, 'Supervisor');
    await seed(gw, [supervisor.id, ...Array.from({ length: ADVISERS - 1 }, (_, i) => `asesor-${i}`)]);
    const docBytes = JSON.stringify(captacion(1234, supervisor.id)).length;
    progress('sembrado');

    // The direct source is a copy taken while the gateway is stopped, so both can be measured
    // in turns on identical data (LevelDB allows one opener per directory).
    await gw.close();
    cpSync(dataDir, copyDir, { recursive: true });
    gw = await startGateway({ dataDir, dbPrefix: PREFIX, sessionSecret: gw.config.sessionSecret });
    const source = new ServerPouch(`${PREFIX}captaciones`, { adapter: 'leveldb', prefix: copyDir + path.sep }) as unknown as ClientDb;
    direct = source;
    // The copy also holds the design document, which the gateway never serves.
    const directCount = (await source.info()).doc_count;
    const { via, direct: fromStore } = await compare(() => remoteDb(gw!.url, 'captaciones', admin.cookie), DOCS, () => source, directCount, 'almacén');
    const sup: Timing[] = [];
    for (let r = 0; r < RUNS; r++) sup.push(await timePull(remoteDb(gw.url, 'captaciones', supervisor.cookie), DOCS / ADVISERS));
    const latencies = await liveLatency(gw, supervisor.cookie, supervisor.id);

    return [
      { name: 'tamaño de una captación (JSON)', value: docBytes, unit: 'bytes' },
      { name: `pull inicial de ${DOCS} vía gateway (admin, HTTP, lotes de ${BATCH}), mediana de ${RUNS}`, value: Math.round(wall(via)), unit: 'ms' },
      { name: 'pull inicial vía gateway, documentos por segundo', value: Math.round((DOCS / wall(via)) * 1000), unit: 'docs/s', target: `≥ ${MIN_DOCS_PER_S}` },
      {
        name: 'pull inicial directo del almacén (PouchDB sobre el mismo LevelDB, en proceso, sin HTTP)',
        value: Math.round(wall(fromStore)),
        unit: 'ms',
        note:
          'la referencia honesta: el mismo cliente PouchDB replica desde una copia del LevelDB del gateway abierta en este proceso; ' +
          'no paga HTTP, JSON ni sesión, así que la razón carga al gateway con todo lo que añade. Ambos corren en el mismo proceso, ' +
          'intercalados y tras un calentamiento; en una máquina compartida el tiempo real mide también a los vecinos, el de CPU no.',
      },
      { name: 'razón gateway / directo del almacén, tiempo real', value: ratio(wall(via), wall(fromStore)), unit: 'x', target: `≤ ${MAX_RATIO_EMBEDDED}` },
      { name: 'razón gateway / directo del almacén, tiempo de CPU', value: ratio(cpu(via), cpu(fromStore)), unit: 'x' },
      { name: 'CPU del pull vía gateway (cliente + gateway)', value: Math.round(cpu(via)), unit: 'ms' },
      { name: 'CPU del pull directo', value: Math.round(cpu(fromStore)), unit: 'ms' },
      { name: `pull del supervisor (${DOCS / ADVISERS} de ${DOCS}, 10 %), mediana`, value: Math.round(wall(sup)), unit: 'ms' },
      { name: `latencia de un cambio hasta un cliente en vivo, p50 de ${LATENCY_SAMPLES}`, value: Math.round(median(latencies)), unit: 'ms' },
      { name: `latencia de un cambio hasta un cliente en vivo, p95 de ${LATENCY_SAMPLES}`, value: Math.round(percentile(latencies, 95)), unit: 'ms' },
    ];
  } finally {
    await direct?.close().catch(() => undefined);
    await gw?.close().catch(() => undefined);
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(copyDir, { recursive: true, force: true });
  }
}

/**
 * Apache CouchDB at COUCHDB_URL: a gateway on it, and CouchDB's own replication endpoint for the
 * same database (the credentials of the URL, as an administrator replicates). Databases get a
 * prefix of their own and are deleted at the end.
 */
async function benchCouchDb(url: string): Promise<Row[]> {
  const dbPrefix = `bench_${Date.now().toString(36)}_`;
  let gw: TestGateway | undefined;
  try {
    gw = await startGateway({ couchdbUrl: url, dbPrefix });
    const admin = await signedIn(gw, 'Administrador');
    await seed(gw, Array.from({ length: ADVISERS }, (_, i) => `asesor-${i}`));
    progress('sembrado en CouchDB');
    const couchUrl = `${url.replace(/\/+$/, '')}/${dbPrefix}captaciones`;
    // CouchDB also replicates its design document, which the gateway never serves.
    const directCount = (await new PouchDB(couchUrl).info()).doc_count;
    const { via, direct } = await compare(() => remoteDb(gw!.url, 'captaciones', admin.cookie), DOCS, () => new PouchDB(couchUrl), directCount, 'CouchDB');
    return [
      { name: `CouchDB: pull inicial de ${DOCS} vía gateway (admin, HTTP, lotes de ${BATCH}), mediana de ${RUNS}`, value: Math.round(wall(via)), unit: 'ms' },
      { name: 'CouchDB: pull inicial vía gateway, documentos por segundo', value: Math.round((DOCS / wall(via)) * 1000), unit: 'docs/s', target: `≥ ${MIN_DOCS_PER_S}` },
      { name: 'CouchDB: pull inicial directo de su endpoint de replicación (HTTP)', value: Math.round(wall(direct)), unit: 'ms' },
      { name: 'CouchDB: razón gateway / CouchDB directo, tiempo real', value: ratio(wall(via), wall(direct)), unit: 'x', target: `≤ ${MAX_RATIO_COUCHDB}` },
    ];
  } finally {
    const store = gw?.store;
    await gw?.close({ keepStore: true }).catch(() => undefined);
    for (const name of DATABASES) await store?.destroy(name).catch(() => undefined);
    await store?.close().catch(() => undefined);
  }
}

export async function benchSync(): Promise<Row[]> {
  const rows = await benchEmbedded();
  if (process.env.COUCHDB_URL) rows.push(...(await benchCouchDb(process.env.COUCHDB_URL)));
  return rows;
}
