/**
 * Payroll benchmark (issue 10 item 6): the payslip PDF in ms each, made in process (target
 * ≤ 5 ms), and the time for a person's device to pull their own 500 payslips out of 50,000
 * through `/db/nominas`, the gateway filtering the feed by their linked employee.
 *
 * The 50,000 payslips (100 employees × 500) go straight into the store with bulkDocs, batches of
 * 1000, on a gateway over a temporary LevelDB folder (the default deployment). The pull goes into
 * a fresh PouchDB client (memory adapter) over HTTP, after one untimed warm-up pull; the REST list
 * of that employee (page one and the whole year with a date filter) is timed beside it.
 * Prints; asserts nothing.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Nomina } from '../couch-design/nomina';
import { nominaPdf } from '../couch-design/pdf';
import type { StoreDoc } from '../sync-server/src/store/port';
import { localDb, remoteDb, signedIn } from '../sync-server/src/testing/pouch-client';
import { startGateway, type TestGateway } from '../sync-server/src/testing/gateway';
import { empleadoDoc } from '../sync-server/src/testing/payroll';
import type { Row } from './row';
import { median, percentile, progressOf, round } from './stats';
import { EMPLEADO } from '../couch-design/empleado/entity';
import { NOMINA } from '../couch-design/nomina/entity';
import { APELLIDOS, NOMBRES } from './names';

const TOTAL = 50_000;
const OWN = 500;
const EMPLEADOS = TOTAL / OWN;
const PDF_SAMPLES = Number(process.env.BENCH_PDF_SAMPLES ?? 300);
const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const LIST_SAMPLES = 30;
/** PouchDB's replication batch size, as the PWA and the sync benchmark use it. */
const BATCH = 500;
const PREFIX = 'bench_nom_';
const TARGET_PDF_MS = 5;


const empleadoId = (e: number): string => `emp-${String(e).padStart(3, '0')}`;

/** The k-th payslip of employee e: twice a month going back from November 2026, amounts varying a little. */
function nomina(e: number, k: number): Nomina {
  const month = 10 - Math.floor(k / 2);
  const d = new Date(Date.UTC(2026, month, k % 2 === 0 ? 15 : 1));
  if (k % 2 === 1) d.setUTCMonth(d.getUTCMonth() + 1, 0);
  const fecha = d.toISOString().slice(0, 10);
  return {
    _id: `nom-${empleadoId(e)}-${String(k).padStart(3, '0')}`,
    type: 'nomina',
    empleadoId: empleadoId(e),
    empleado: `${NOMBRES[e % 10]} ${APELLIDOS[Math.floor(e / 10) % 10]} ${APELLIDOS[e % 7]}`,
    conceptoDePago: `Pago de nómina quincenal ${k % 2 === 0 ? 'primera' : 'segunda'} quincena`,
    salario: 8000 + ((e * 37 + k * 11) % 9000) + 0.5,
    fecha,
  };
}

const progress = progressOf('payroll');


async function pdfTimes(): Promise<number[]> {
  const n = nomina(42, 0);
  for (let i = 0; i < 20; i++) await nominaPdf(n);
  const out: number[] = [];
  for (let i = 0; i < PDF_SAMPLES; i++) {
    const t0 = performance.now();
    await nominaPdf({ ...n, salario: n.salario + i });
    out.push(performance.now() - t0);
  }
  return out;
}

async function seed(gw: TestGateway): Promise<void> {
  await (await gw.store.db(EMPLEADO.database)).bulkDocs(
    Array.from({ length: EMPLEADOS }, (_, e) => empleadoDoc({ _id: empleadoId(e), prim_nom: NOMBRES[e % 10], apell_pa: APELLIDOS[Math.floor(e / 10) % 10], apell_ma: APELLIDOS[e % 7] })),
  );
  const db = await gw.store.db(NOMINA.database);
  // Interleaved by employee, as payroll runs write them: one fortnight for everyone, then the next.
  const all: StoreDoc[] = [];
  for (let k = OWN - 1; k >= 0; k--) for (let e = 0; e < EMPLEADOS; e++) all.push(nomina(e, k) as unknown as StoreDoc);
  for (let i = 0; i < all.length; i += 1000) {
    const res = await db.bulkDocs(all.slice(i, i + 1000));
    if (res.some((r) => r.error)) throw new Error('La siembra de nóminas falló');
  }
}

async function timePull(gw: TestGateway, cookie: string): Promise<number> {
  const target = localDb();
  const t0 = performance.now();
  await target.replicate.from(remoteDb(gw.url, 'nominas', cookie), { batch_size: BATCH, retry: false });
  const ms = performance.now() - t0;
  const got = (await target.info()).doc_count;
  await target.destroy();
  if (got !== OWN) throw new Error(`La réplica trajo ${got} nóminas en vez de ${OWN}`);
  return ms;
}

export async function benchPayroll(): Promise<Row[]> {
  const pdf = await pdfTimes();
  progress(`PDF ${median(pdf).toFixed(2)} ms`);

  const dataDir = mkdtempSync(path.join(tmpdir(), 'bench-payroll-'));
  let gw: TestGateway | undefined;
  try {
    gw = await startGateway({ dataDir, dbPrefix: PREFIX });
    const t0 = performance.now();
    await seed(gw);
    progress(`sembrado en ${((performance.now() - t0) / 1000).toFixed(1)} s`);

    const own = 42;
    const person = await signedIn(gw, 'user', empleadoId(own));
    await timePull(gw, person.cookie);
    const pulls: number[] = [];
    for (let r = 0; r < RUNS; r++) {
      pulls.push(await timePull(gw, person.cookie));
      progress(`pull ${pulls.at(-1)!.toFixed(0)} ms`);
    }

    const list = async (query: string, expected: number, samples = LIST_SAMPLES): Promise<number[]> => {
      const out: number[] = [];
      for (let i = 0; i < samples; i++) {
        const t = performance.now();
        const res = await person.client.json('GET', `/api/nominas-api/empleado/${empleadoId(own)}${query}`);
        out.push(performance.now() - t);
        if (res.status !== 200 || res.body.nominas.length !== expected) throw new Error(`La lista respondió ${res.status} con ${res.body?.nominas?.length} nóminas`);
      }
      return out;
    };
    // The first query builds the payroll index (lazily, as CouchDB and PouchDB do): not timed.
    await list('', 20, 1);
    const page = await list('', 20);
    const year = await list('?desde=01/01/2026&hasta=2026-12-31', 22);

    return [
      { name: `PDF de una nómina, en proceso, mediana de ${PDF_SAMPLES} (meta ≤ ${TARGET_PDF_MS} ms)`, value: round(median(pdf), 2), unit: 'ms' },
      { name: `PDF de una nómina, en proceso, p95 de ${PDF_SAMPLES}`, value: round(percentile(pdf, 95), 2), unit: 'ms' },
      {
        name: `pull de las ${OWN} nóminas propias de ${TOTAL.toLocaleString('es-MX')} vía /db/nominas, mediana de ${RUNS}`,
        value: Math.round(median(pulls)),
        unit: 'ms',
        note:
          'un dispositivo nuevo (PouchDB, memoria) replica por HTTP a través del gateway, que filtra el feed por el empleado ' +
          'vinculado de la sesión: recorre los cambios de toda la base y entrega solo los propios.',
      },
      { name: `GET /api/nominas-api/empleado/{id} sin filtro (20 de ${OWN}), p50 de ${LIST_SAMPLES}`, value: round(median(page)), unit: 'ms' },
      { name: `GET /api/nominas-api/empleado/{id} con filtro de un año (22 de ${OWN}), p50 de ${LIST_SAMPLES}`, value: round(median(year)), unit: 'ms' },
    ];
  } finally {
    await gw?.close().catch(() => undefined);
    rmSync(dataDir, { recursive: true, force: true });
  }
}
