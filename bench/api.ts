/**
 * REST benchmark of captaciones (docs/architecture.md section 9, issue 4 item 9, issue 11 item 7): `GET /api/captaciones`
 * at 10,000 and 100,000 captaciones (page one without search as an admin and as a supervisor, a
 * search, a deep page) and the captación PDF in ms each (through the gateway and made in process).
 *
 * The documents go straight into the store (bulkDocs, batches of 1000) of a running gateway on a
 * temporary LevelDB folder, the default deployment, as an import would. Then:
 *  - the first list after the load (the gateway's directory followed the load meanwhile);
 *  - a restart as in production (store, design documents, app; indexes warmed in the background),
 *    timed from the start until page one has answered an admin, then a supervisor, both already
 *    signed in. Target: within 2 s at 100,000;
 *  - the steady state on that gateway (target: page one under 50 ms p95 at 100,000);
 *  - last, a start without the directory's snapshot, as the first start after upgrading to a
 *    version that keeps one: it pays the one-time rebuild from every document.
 * Prints; asserts nothing.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sampleCaptacion } from '../couch-design/captacion/fixtures';
import { captacionPdf } from '../couch-design/pdf';
import { SNAPSHOT_HEAD } from '../sync-server/src/captaciones/directory-snapshot';
import { warmIndexes } from '../sync-server/src/store/deploy';
import { isNotFound, type StoreDb } from '../sync-server/src/store/port';
import type { StoreDoc } from '../sync-server/src/store/port';
import { startGateway, type HttpClient, type TestGateway } from '../sync-server/src/testing/gateway';
import type { Row } from './row';
import { percentile, progressOf, round } from './stats';
import { CAPTACION } from '../couch-design/captacion/entity';
import { APELLIDOS, NOMBRES } from './names';

const SIZES = (process.env.BENCH_API_SIZES ?? '10000,100000').split(',').map(Number);
const ADVISERS = 20;
const SAMPLES = 60;
const PDF_SAMPLES = 20;
/** Page one within this long of the gateway's start, at 100,000 captaciones. */
const START_TARGET_MS = 2_000;
const PAGE1_P95_TARGET_MS = 50;
const SNAPSHOT_WAIT_MS = 180_000;
const PAGE1 = '/api/captaciones?page=1&limit=10&sort=-captacion.fecha';

const CIUDADES: Array<[string, string]> = [
  ['Guadalajara', 'Jalisco'], ['Monterrey', 'Nuevo León'], ['Mérida', 'Yucatán'], ['Puebla', 'Puebla'],
  ['León', 'Guanajuato'], ['Ciudad de México', 'Ciudad de México'], ['Cancún', 'Quintana Roo'], ['Querétaro', 'Querétaro'],
];
const SEARCHES = ['hernandez', 'mérida', 'JOSÉ núñez', 'colonia 17', 'guadalupe martinez puebla', 'no-existe-nada'];

function captacion(i: number, asesor: string): StoreDoc {
  const [ciudad, estado] = CIUDADES[i % CIUDADES.length];
  const base = sampleCaptacion({
    propietario: { nombre: `${NOMBRES[i % 10]} ${APELLIDOS[Math.floor(i / 10) % 10]} ${APELLIDOS[Math.floor(i / 100) % 10]} ${i}`, telefono: String(5500000000 + i) },
    propiedad: { direccion: { numero: String(1 + (i % 900)), colonia: `Colonia ${i % 97}`, ciudad, estado, codigo_postal: String(10000 + (i % 89999)) } },
    captacion: { asesor, fecha: new Date(Date.UTC(2015, 0, 1) + i * 1_800_000).toISOString() },
  });
  return { ...base, _id: `cap-${String(i).padStart(7, '0')}` };
}

const progress = progressOf('api');


async function timed(client: HttpClient, url: string, samples: number): Promise<number[]> {
  const out: number[] = [];
  for (let i = 0; i < samples; i++) {
    const t0 = performance.now();
    const res = await client.fetch(url, { headers: { accept: 'application/json' } });
    await res.arrayBuffer();
    out.push(performance.now() - t0);
    if (res.status !== 200) throw new Error(`${url} respondió ${res.status}`);
  }
  return out;
}

async function signIn(gw: TestGateway, role: string): Promise<{ id: string; client: HttpClient }> {
  const u = await gw.createUser({ role });
  return { id: u.id, client: await gw.client().signIn(u.email, u.password) };
}

/** The same session against another gateway (a restarted one listens on another port). */
function sameSession(gw: TestGateway, client: HttpClient): HttpClient {
  const next = gw.client();
  next.cookie = client.cookie;
  return next;
}

async function headOrNull(db: StoreDb): Promise<StoreDoc | null> {
  try {
    return await db.getLocal(SNAPSHOT_HEAD);
  } catch (e) {
    if (isNotFound(e)) return null;
    throw e;
  }
}

/** Waits until the gateway has saved its directory's snapshot with all `n` captaciones. */
async function snapshotSaved(db: StoreDb, n: number): Promise<void> {
  const end = Date.now() + SNAPSHOT_WAIT_MS;
  while ((await headOrNull(db))?.size !== n) {
    if (Date.now() > end) throw new Error('El gateway no guardó la instantánea del directorio a tiempo');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Stops the gateway and starts another on the same folder, as main.ts does; `before` runs on the closed data. */
async function restart(gw: TestGateway, before?: (db: StoreDb) => Promise<void>): Promise<{ gw: TestGateway; t0: number }> {
  await gw.close({ keepStore: true });
  if (before) await before(await gw.store.db(CAPTACION.database));
  await gw.store.close();
  const t0 = performance.now();
  const next = await startGateway({ dataDir: gw.config.dataDir, dbPrefix: gw.config.dbPrefix, sessionSecret: gw.config.sessionSecret });
  void warmIndexes(next.store).catch(() => undefined);
  return { gw: next, t0 };
}

/** ms from `t0` until page one has answered each client in turn. */
async function pageOneSince(t0: number, clients: HttpClient[]): Promise<number[]> {
  const out: number[] = [];
  for (const c of clients) {
    await timed(c, PAGE1, 1);
    out.push(performance.now() - t0);
  }
  return out;
}

async function atSize(n: number): Promise<Row[]> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'bench-api-'));
  let gw = await startGateway({ dataDir, dbPrefix: 'bench_' });
  try {
    const admin = await signIn(gw, 'administrator');
    const sup = await signIn(gw, 'supervisor de obra');
    const advisers = [sup.id, ...Array.from({ length: ADVISERS - 1 }, (_, i) => `asesor-${i}`)];
    const db = await gw.store.db(CAPTACION.database);
    let t0 = performance.now();
    for (let i = 0; i < n; i += 1000) {
      await db.bulkDocs(Array.from({ length: Math.min(1000, n - i) }, (_, k) => captacion(i + k, advisers[(i + k) % ADVISERS])));
    }
    const loadMs = performance.now() - t0;
    progress(`${n} cargadas`);
    t0 = performance.now();
    await timed(admin.client, PAGE1, 1);
    const firstListMs = performance.now() - t0;
    await snapshotSaved(db, n);
    progress('instantánea guardada');

    const warm = await restart(gw);
    gw = warm.gw;
    const adminClient = sameSession(gw, admin.client);
    const supClient = sameSession(gw, sup.client);
    const [startAdmin, startSup] = await pageOneSince(warm.t0, [adminClient, supClient]);
    progress('reinicio medido');

    const k = `${n.toLocaleString('es-MX')}`;
    const page1 = await timed(adminClient, PAGE1, SAMPLES);
    const page1Sup = await timed(supClient, PAGE1, SAMPLES);
    progress('página 1 medida');
    const deep = await timed(adminClient, `/api/captaciones?page=${Math.floor(n / 20)}&limit=10&sort=-captacion.fecha`, 10);
    const search: number[] = [];
    for (let i = 0; i < SAMPLES; i++) {
      search.push(...(await timed(adminClient, `/api/captaciones?page=1&limit=10&sort=-captacion.fecha&search=${encodeURIComponent(SEARCHES[i % SEARCHES.length])}`, 1)));
    }
    progress('búsquedas medidas');
    const searchSup = await timed(supClient, `/api/captaciones?page=1&limit=10&search=${encodeURIComponent('hernandez')}`, 20);

    const startTarget = n >= 100_000 ? `≤ ${START_TARGET_MS}` : undefined;
    const rows: Row[] = [
      { name: `${k}: carga (bulkDocs de 1000, LevelDB temporal, con el gateway en marcha)`, value: Math.round(loadMs), unit: 'ms' },
      { name: `${k}: primera lista tras la carga`, value: Math.round(firstListMs), unit: 'ms' },
      { name: `${k}: reinicio, página 1 de un admin desde el arranque`, value: Math.round(startAdmin), unit: 'ms', target: startTarget },
      { name: `${k}: reinicio, página 1 de un supervisor desde el arranque`, value: Math.round(startSup), unit: 'ms', target: startTarget },
      { name: `${k}: página 1 sin búsqueda, admin p50`, value: round(percentile(page1, 50)), unit: 'ms' },
      { name: `${k}: página 1 sin búsqueda, admin p95`, value: round(percentile(page1, 95)), unit: 'ms', target: n >= 100_000 ? `< ${PAGE1_P95_TARGET_MS}` : undefined },
      { name: `${k}: página 1 sin búsqueda, supervisor (${100 / ADVISERS} %) p50`, value: round(percentile(page1Sup, 50)), unit: 'ms' },
      { name: `${k}: página 1 sin búsqueda, supervisor p95`, value: round(percentile(page1Sup, 95)), unit: 'ms' },
      { name: `${k}: búsqueda, admin p50`, value: round(percentile(search, 50)), unit: 'ms' },
      { name: `${k}: búsqueda, admin p95`, value: round(percentile(search, 95)), unit: 'ms' },
      { name: `${k}: búsqueda, supervisor p95`, value: round(percentile(searchSup, 95)), unit: 'ms' },
      { name: `${k}: página ${Math.floor(n / 20)} (mitad de la lista) p50`, value: round(percentile(deep, 50)), unit: 'ms' },
    ];

    if (n === SIZES[0]) {
      const pdfHttp = await timed(adminClient, `/api/captaciones/${captacion(42, '')._id}/pdf`, PDF_SAMPLES);
      const doc = await (await gw.store.db(CAPTACION.database)).get(captacion(42, '')._id);
      const pdfLocal: number[] = [];
      for (let i = 0; i < PDF_SAMPLES; i++) {
        const t = performance.now();
        await captacionPdf(doc, { asesor: 'Asesor de prueba' });
        pdfLocal.push(performance.now() - t);
      }
      rows.push(
        { name: 'PDF de captación vía gateway (HTTP), p50 por archivo', value: round(percentile(pdfHttp, 50)), unit: 'ms' },
        { name: 'PDF de captación en proceso (couch-design/pdf), p50 por archivo', value: round(percentile(pdfLocal, 50)), unit: 'ms' },
      );
    }

    // Last: without the snapshot, as on the first start after upgrading to a version that keeps one.
    const cold = await restart(gw, async (captaciones) => {
      const head = await headOrNull(captaciones);
      if (head) await captaciones.putLocal({ _id: head._id, _rev: head._rev, _deleted: true });
    });
    gw = cold.gw;
    const [coldAdmin] = await pageOneSince(cold.t0, [sameSession(gw, admin.client)]);
    rows.push({
      name: `${k}: arranque sin instantánea (una vez, al actualizar), página 1 de un admin`,
      value: Math.round(coldAdmin),
      unit: 'ms',
      note: 'el directorio se reconstruye leyendo todos los documentos; después el gateway guarda su instantánea y los arranques siguientes son los de la fila «reinicio».',
    });
    return rows;
  } finally {
    await gw.close().catch(() => undefined);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

export async function benchApi(): Promise<Row[]> {
  const rows: Row[] = [];
  for (const n of SIZES) rows.push(...(await atSize(n)));
  return rows;
}
