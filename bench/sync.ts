/**
 * Replication benchmark (DESIGN 9, issue 3 item 7): 10,000 captaciones of about 3 KB on the
 * embedded store (LevelDB, the default deployment), pulled by a PouchDB client (memory adapter)
 *  - through the gateway over HTTP, as an admin (everything) and as a supervisor (10 %), and
 *  - straight from the store: the same LevelDB database opened with PouchDB in this process and
 *    replicated into the same kind of client, after the gateway has closed it.
 * The direct pull is the floor any remote client could reach: it pays no HTTP, no JSON and no
 * session, so the ratio charges the gateway with the whole transport, not only its scope checks.
 * Prints; asserts nothing.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sampleCaptacion } from '../couch-design/captacion/fixtures';
import { PouchDB as ServerPouch } from '../sync-server/src/store/pouchdb';
import type { StoreDoc } from '../sync-server/src/store/port';
import { eventually, localDb, remoteDb, signedIn, type ClientDb } from '../sync-server/src/sync/test-client';
import { startGateway } from '../sync-server/src/testing/gateway';
import type { Row } from './row';

const DOCS = 10_000;
const ADVISERS = 10;
/** PouchDB's replication batch; DESIGN 4 recommends 100-500. The PWA uses the same. */
const BATCH = 500;
const RUNS = 3;
const LATENCY_SAMPLES = 20;

const NOMBRES = ['María', 'José', 'Guadalupe', 'Juan', 'Rosa', 'Luis', 'Ana', 'Carlos', 'Patricia', 'Jorge'];
const COLONIAS = ['Roma Sur', 'Narvarte', 'Del Valle', 'Coyoacán', 'Polanco', 'Condesa', 'Tlalpan', 'Lindavista'];

/** ~3 KB each, every one a little different (names, addresses, amounts, dates, notes). */
function captacion(i: number, asesor: string): StoreDoc {
  const base = sampleCaptacion({
    propietario: { nombre: `${NOMBRES[i % NOMBRES.length]} ${i} Hernández`, telefono: String(5500000000 + i) },
    propiedad: {
      direccion: { numero: String(1 + (i % 900)), colonia: COLONIAS[i % COLONIAS.length], codigo_postal: String(10000 + (i % 89999)) },
      caracteristicas: { m2_terreno: 90 + (i % 400), m2_construccion: 60 + (i % 300), habitaciones: 1 + (i % 5) },
    },
    captacion: { asesor, fecha: new Date(Date.UTC(2024, 0, 1) + i * 3_600_000).toISOString(), observaciones: `Visita ${i}: ${'x'.repeat(i % 200)}` },
  });
  return { ...base, _id: `cap-${String(i).padStart(6, '0')}` };
}

const progress = (msg: string): void => {
  if (process.env.BENCH_VERBOSE) console.error(`[bench sync] ${new Date().toISOString()} ${msg}`);
};

const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const percentile = (xs: number[], p: number): number => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.ceil((p / 100) * xs.length) - 1)];

async function timePull(source: ClientDb | PouchDB.Database, expected: number): Promise<number> {
  const target = localDb();
  const t0 = performance.now();
  await target.replicate.from(source as ClientDb, { batch_size: BATCH, batches_limit: 4, retry: false });
  const ms = performance.now() - t0;
  const got = (await target.info()).doc_count;
  if (got < expected) throw new Error(`La réplica trajo ${got} documentos en vez de ${expected}`);
  await target.destroy();
  return ms;
}

export async function benchSync(): Promise<Row[]> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'bench-sync-'));
  const dbPrefix = 'bench_';
  const gw = await startGateway({ dataDir, dbPrefix });
  let reopened: Awaited<ReturnType<typeof startGateway>> | undefined;
  try {
    const admin = await signedIn(gw, 'Administrador');
    const supervisor = await signedIn(gw, 'Supervisor');
    const advisers = [supervisor.id, ...Array.from({ length: ADVISERS - 1 }, (_, i) => `asesor-${i}`)];
    const db = await gw.store.db('captaciones');
    for (let i = 0; i < DOCS; i += 1000) {
      await db.bulkDocs(Array.from({ length: Math.min(1000, DOCS - i) }, (_, k) => captacion(i + k, advisers[(i + k) % ADVISERS])));
    }
    const avgBytes = JSON.stringify(captacion(1234, advisers[0])).length;

    progress('sembrado');
    const viaGateway: number[] = [];
    const scoped: number[] = [];
    for (let r = 0; r < RUNS; r++) {
      viaGateway.push(await timePull(remoteDb(gw.url, 'captaciones', admin.cookie), DOCS));
      scoped.push(await timePull(remoteDb(gw.url, 'captaciones', supervisor.cookie), DOCS / ADVISERS));
      progress(`gateway ${viaGateway.at(-1)} ms, supervisor ${scoped.at(-1)} ms`);
    }

    await gw.close();
    // Straight from the store: the gateway's LevelDB database, opened directly once the gateway
    // has released it (it also holds the 3 design documents, which the gateway never serves).
    const direct: number[] = [];
    const source = new ServerPouch(`${dbPrefix}captaciones`, { adapter: 'leveldb', prefix: dataDir + path.sep });
    for (let r = 0; r < RUNS; r++) {
      direct.push(await timePull(source as unknown as PouchDB.Database, DOCS));
      progress(`directo ${direct.at(-1)} ms`);
    }
    await source.close();

    // One change reaching a live client: written to the store, observed in the client's database.
    const gw2 = await startGateway({ dataDir, dbPrefix });
    reopened = gw2;
    const sup2 = await signedIn(gw2, 'Supervisor');
    const db2 = await gw2.store.db('captaciones');
    const live = localDb();
    const rep = live.replicate.from(remoteDb(gw2.url, 'captaciones', sup2.cookie), { live: true, retry: true, batch_size: BATCH });
    await new Promise((resolve) => rep.once('paused', resolve));
    const latencies: number[] = [];
    for (let i = 0; i < LATENCY_SAMPLES; i++) {
      const doc = captacion(DOCS + i, sup2.id);
      const t0 = performance.now();
      await db2.put(doc);
      await eventually(async () => (await live.get(doc._id).catch(() => null)) !== null, 'cambio en vivo', 10_000);
      latencies.push(performance.now() - t0);
    }
    rep.cancel();
    await live.destroy();

    const g = median(viaGateway);
    const d = median(direct);
    return [
      { name: 'documento de captación (JSON)', value: avgBytes, unit: 'bytes' },
      { name: `pull inicial ${DOCS} captaciones vía gateway (admin, HTTP, lotes de ${BATCH})`, value: Math.round(g), unit: 'ms' },
      { name: `pull inicial directo del almacén (PouchDB LevelDB en proceso, sin HTTP)`, value: Math.round(d), unit: 'ms' },
      { name: 'razón gateway / directo (meta ≤ 1.2)', value: Number((g / d).toFixed(2)), unit: 'x' },
      { name: `pull del supervisor (${DOCS / ADVISERS} de ${DOCS}, 10 %)`, value: Math.round(median(scoped)), unit: 'ms' },
      { name: 'latencia de un cambio a un cliente en vivo (p50)', value: Math.round(median(latencies)), unit: 'ms' },
      { name: 'latencia de un cambio a un cliente en vivo (p95)', value: Math.round(percentile(latencies, 95)), unit: 'ms' },
    ];
  } finally {
    await gw.close().catch(() => undefined);
    await reopened?.close().catch(() => undefined);
    rmSync(dataDir, { recursive: true, force: true });
  }
}
