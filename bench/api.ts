/**
 * REST benchmark of captaciones (DESIGN 9, issue 4 item 9): latency of `GET /api/captaciones`
 * (page one without search, as an admin and as a supervisor; a search; a deep page) at 10,000 and
 * 100,000 captaciones, and the captación PDF in ms each (through the gateway and made in process).
 *
 * The documents go straight into the store (bulkDocs, batches of 1000) of a gateway on a temporary
 * LevelDB folder, the default deployment. Indexes are built first (as `warmIndexes` does after a
 * deploy) and one untimed request lets the gateway's directory catch up, so the numbers are the
 * steady state, not the one-off build. Target: page one without search under 50 ms p95 at
 * 100,000. Prints; asserts nothing.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sampleCaptacion } from '../couch-design/captacion/fixtures';
import { captacionPdf } from '../couch-design/pdf';
import { warmIndexes } from '../sync-server/src/store/deploy';
import type { StoreDoc } from '../sync-server/src/store/port';
import { startGateway, type HttpClient, type TestGateway } from '../sync-server/src/testing/gateway';
import type { Row } from './row';

const SIZES = (process.env.BENCH_API_SIZES ?? '10000,100000').split(',').map(Number);
const ADVISERS = 20;
const SAMPLES = 60;
const PDF_SAMPLES = 20;

const NOMBRES = ['María', 'José', 'Guadalupe', 'Juan', 'Rosa', 'Luis', 'Ana', 'Carlos', 'Patricia', 'Jorge'];
const APELLIDOS = ['Hernández', 'García', 'Martínez', 'López', 'González', 'Pérez', 'Rodríguez', 'Sánchez', 'Ramírez', 'Núñez'];
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

const progress = (msg: string): void => {
  if (process.env.BENCH_VERBOSE) console.error(`[bench api] ${new Date().toISOString()} ${msg}`);
};

const percentile = (xs: number[], p: number): number => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.max(0, Math.ceil((p / 100) * xs.length) - 1))];
const round = (ms: number): number => Math.round(ms * 10) / 10;

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

async function atSize(n: number): Promise<Row[]> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'bench-api-'));
  const gw = await startGateway({ dataDir, dbPrefix: 'bench_' });
  try {
    const admin = await signIn(gw, 'administrator');
    const sup = await signIn(gw, 'supervisor de obra');
    const advisers = [sup.id, ...Array.from({ length: ADVISERS - 1 }, (_, i) => `asesor-${i}`)];
    const db = await gw.store.db('captaciones');
    let t0 = performance.now();
    for (let i = 0; i < n; i += 1000) {
      await db.bulkDocs(Array.from({ length: Math.min(1000, n - i) }, (_, k) => captacion(i + k, advisers[(i + k) % ADVISERS])));
    }
    const loadMs = performance.now() - t0;
    progress(`${n} cargadas`);
    t0 = performance.now();
    await warmIndexes(gw.store);
    const indexMs = performance.now() - t0;
    progress('índices listos');
    t0 = performance.now();
    await timed(admin.client, '/api/captaciones?page=1&limit=10', 1);
    const directoryMs = performance.now() - t0;
    progress('directorio listo');
    await timed(sup.client, '/api/captaciones?page=1&limit=10', 3);

    const k = `${n.toLocaleString('es-MX')}`;
    const page1 = await timed(admin.client, '/api/captaciones?page=1&limit=10&sort=-captacion.fecha', SAMPLES);
    const page1Sup = await timed(sup.client, '/api/captaciones?page=1&limit=10&sort=-captacion.fecha', SAMPLES);
    progress('página 1 medida');
    const deep = await timed(admin.client, `/api/captaciones?page=${Math.floor(n / 20)}&limit=10&sort=-captacion.fecha`, 10);
    const search: number[] = [];
    for (let i = 0; i < SAMPLES; i++) {
      search.push(...(await timed(admin.client, `/api/captaciones?page=1&limit=10&sort=-captacion.fecha&search=${encodeURIComponent(SEARCHES[i % SEARCHES.length])}`, 1)));
    }
    progress('búsquedas medidas');
    const searchSup = await timed(sup.client, `/api/captaciones?page=1&limit=10&search=${encodeURIComponent('hernandez')}`, 20);

    const rows: Row[] = [
      { name: `${k}: carga (bulkDocs de 1000, LevelDB temporal)`, value: Math.round(loadMs), unit: 'ms' },
      { name: `${k}: construcción de los índices Mango (una vez)`, value: Math.round(indexMs), unit: 'ms' },
      { name: `${k}: primera lista tras la carga (directorio en memoria)`, value: Math.round(directoryMs), unit: 'ms' },
      { name: `${k}: página 1 sin búsqueda, admin p50`, value: round(percentile(page1, 50)), unit: 'ms' },
      { name: `${k}: página 1 sin búsqueda, admin p95 (meta < 50)`, value: round(percentile(page1, 95)), unit: 'ms' },
      { name: `${k}: página 1 sin búsqueda, supervisor (${100 / ADVISERS} %) p50`, value: round(percentile(page1Sup, 50)), unit: 'ms' },
      { name: `${k}: página 1 sin búsqueda, supervisor p95`, value: round(percentile(page1Sup, 95)), unit: 'ms' },
      { name: `${k}: búsqueda, admin p50`, value: round(percentile(search, 50)), unit: 'ms' },
      { name: `${k}: búsqueda, admin p95`, value: round(percentile(search, 95)), unit: 'ms' },
      { name: `${k}: búsqueda, supervisor p95`, value: round(percentile(searchSup, 95)), unit: 'ms' },
      { name: `${k}: página ${Math.floor(n / 20)} (mitad de la lista) p50`, value: round(percentile(deep, 50)), unit: 'ms' },
    ];

    if (n === SIZES[0]) {
      const pdfHttp = await timed(admin.client, `/api/captaciones/${captacion(42, '')._id}/pdf`, PDF_SAMPLES);
      const doc = await db.get(captacion(42, '')._id);
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
