/**
 * Firm-scale benchmark (issue 34 item 5; docs/architecture.md section 9): `npm run bench -- scale`.
 * Prints each figure beside its target, asserts nothing; the machine's 1-minute load average is
 * printed at the start and the end.
 *
 * SCALE_CAPTACIONES (200,000) captaciones of about 3 KB, a fifth of them with two thumbnails, go
 * in through the gateway as devices put them (scale/loader.ts), held by 100 advisers (the measured
 * one holds SCALE_SET, 2,000) and 5 supervisors advising 50 each (scale/plan.ts). On Apache
 * CouchDB when COUCHDB_URL is set (the gateway as a process, `sync-server/src/main.ts`, as
 * deployed), otherwise on the embedded store in a temporary folder (for development with small
 * numbers: SCALE_CAPTACIONES=2000). Then, at that size:
 *  - the gateway's start: a new process on the loaded data, from its start until `/api/ready`
 *    answers 200 (≤ 10 s);
 *  - a new tablet of the measured adviser (scale/tablet.ts: Chromium, the real PWA, 20 Mbit/s and
 *    40 ms): ready to work offline (≤ 60 s), the storage it uses (≤ 200 MB), the list's first
 *    row with the CPU slowed 4× (≤ 1 s), the REST list's search across the whole scope, p95 of 20
 *    (≤ 300 ms);
 *  - a supervisor's scoped initial pull of their 50 (≤ 2 s) beside, on CouchDB, CouchDB's own
 *    `_selector` feed for the same scope (≤ 0.1×), as bench/sync.ts compares them;
 *  - the gateway's memory after all of that (≤ 1 GB).
 * A tablet holds its person's device set (issue 34 item 1): what it holds is said by Plan.onDevice.
 *
 * Loading 200,000 takes long (BENCH_VERBOSE=1 prints its progress): with SCALE_KEEP=1 the CouchDB
 * databases stay under the prefix `escala_<captaciones>_<set>_` with a note of what they hold,
 * and the next run of the same size measures them without loading again; without it the run's
 * databases (`escala_<time>_`) are deleted at the end. SCALE_READY_WAIT_S (1,800) bounds the wait
 * for the tablet.
 */
import './quiet-logs';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import path from 'node:path';
import { captacionesSelector } from '../couch-design/scope';
import { PouchDB } from '../sync-server/src/testing/pouch-client';
import { createAccounts, signIn } from './load/accounts';
import { databaseUrl, deleteDatabases, localCouchPid, readLocal, writeLocal } from './load/couchdb';
import { freePort, startGatewayProcess, type GatewayProcess, type GatewaySettings } from './load/gateway-process';
import { THROTTLE } from './list';
import { report, type Row } from './row';
import { loadThroughGateway, type LoadFigures } from './scale/loader';
import { capId, Plan, specs, SUPERVISED, type People } from './scale/plan';
import { scaleSettings } from './scale/settings';
import { NETWORK, newTablet, type Query } from './scale/tablet';
import { load1, median, percentile, progressOf, round } from './stats';
import { captacion, compare, med, pull, ratio, stamperOf, uncompressed, type Meter, type Sample } from './sync';

const TARGET = { readyS: 60, storageMb: 200, firstRowMs: 1_000, searchP95Ms: 300, pullMs: 2_000, pullRatio: 0.1, rssMb: 1_024, startS: 10 };
const SEARCHES = 20;
const PULL_RUNS = 3;
const READY_POLL_MS = 100;
const READY_LIMIT_MS = 180_000;
/** The note a kept load leaves beside its data. */
const KEPT = 'medicion-escala';

interface Kept { total: number; set: number; people: People; load: LoadFigures }

const progress = progressOf('scale');
const es = (n: number): string => n.toLocaleString('es-MX');
const mb = (bytes: number): number => round(bytes / 1024 / 1024);

/** Seconds from the gateway process's start until `/api/ready` answers 200. */
async function startTimed(s: GatewaySettings): Promise<{ gw: GatewayProcess; seconds: number; listeningS: number }> {
  const t0 = performance.now();
  const gw = await startGatewayProcess(s, (line) => progress(`gateway: ${line}`));
  const listeningS = (performance.now() - t0) / 1000;
  for (;;) {
    const ok = await fetch(`${gw.url}/api/ready`, { signal: AbortSignal.timeout(5_000) }).then(
      (r) => (void r.body?.cancel(), r.status === 200),
      () => false,
    );
    if (ok) return { gw, seconds: (performance.now() - t0) / 1000, listeningS };
    if (performance.now() - t0 > READY_LIMIT_MS) throw new Error(`La pasarela no estuvo lista en ${READY_LIMIT_MS / 1000} s (/api/ready).`);
    await new Promise((r) => setTimeout(r, READY_POLL_MS));
  }
}

/** What the bench reads back of a captación the loader made: its owner's name and its colonia. */
type Shown = { propietario: { nombre: string }; propiedad: { direccion: { colonia: string } } };
const shownOf = (plan: Plan, people: People, i: number): Shown => captacion(capId(i), i, plan.adviserOf(i, people).id, stamperOf(people.admin)) as unknown as Shown;

/** Searches across the whole scope: an owner by name and number, or a colonia, of captaciones spread over every adviser. */
function queriesOf(plan: Plan, people: People): Query[] {
  return Array.from({ length: SEARCHES }, (_, k) => {
    const i = (k * 7919 + 13) % plan.total;
    const doc = shownOf(plan, people, i);
    return { text: k % 2 ? doc.propiedad.direccion.colonia : doc.propietario.nombre.split(' ').slice(0, 2).join(' ') };
  });
}

export async function benchScale(): Promise<Row[]> {
  const s = scaleSettings(process.env, Plan.reserved);
  const loadStart = load1();
  const plan = new Plan(s.captaciones, s.set);
  const url = s.couchdbUrl;
  const dbPrefix = url ? (s.keep ? `escala_${s.captaciones}_${s.set}_` : `escala_${Date.now().toString(36)}_`) : 'inmo_';
  // The gateway wants a data folder even on CouchDB (it stays empty there).
  const dataDir = mkdtempSync(path.join(tmpdir(), 'inmo-bench-escala-'));
  const base = { dataDir, couchdbUrl: url, dbPrefix, sessionSecret: randomUUID(), env: { TRUST_PROXY: '1', LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn' } };
  let gw: GatewayProcess | undefined;
  try {
    let kept = url && s.keep ? await readLocal<Kept>(url, `${dbPrefix}captaciones`, KEPT) : null;
    const reused = !!kept;
    if (!kept) {
      // A kept load that did not finish is started again from nothing.
      if (url && s.keep) await deleteDatabases(url, dbPrefix);
      const tag = dbPrefix.replace(/_+$/, '');
      const sp = specs(tag);
      const [admin, ...rest] = await createAccounts(base, [sp.admin, ...sp.advisers, ...sp.supervisors]);
      const people: People = { admin, advisers: rest.slice(0, sp.advisers.length), supervisors: rest.slice(sp.advisers.length) };
      progress(`cargando ${es(plan.total)} captaciones por la pasarela (prefijo ${dbPrefix})`);
      const loader = await startGatewayProcess({ ...base, port: await freePort() }, (line) => progress(`gateway: ${line}`));
      try {
        kept = { total: plan.total, set: plan.set, people, load: await loadThroughGateway(loader.url, plan, people, progress) };
      } finally {
        await loader.stop();
      }
      if (url && s.keep) await writeLocal(url, `${dbPrefix}captaciones`, KEPT, kept);
    }
    const { people, load } = kept;
    const adviser = people.advisers[0];
    const supervisor = people.supervisors[0];

    const started = await startTimed({ ...base, port: await freePort() });
    gw = started.gw;
    progress(`pasarela lista en ${started.seconds.toFixed(1)} s`);

    const held = plan.onDevice(adviser, people);
    const oldestName = shownOf(plan, people, held[0]).propietario.nombre;
    progress(`tableta nueva de ${adviser.email}: debe tener ${es(held.length)} captaciones`);
    const tablet = await newTablet(gw.url, adviser.email, { count: held.length, oldestName }, queriesOf(plan, people), s.readyWaitS, (line) => progress(`tableta: ${line}`));

    const me: Meter = { gatewayPid: gw.pid, couchPid: url ? localCouchPid(url) : undefined };
    const cookie = await signIn(gw.url, supervisor.email);
    const via = () => uncompressed(gw!.url, cookie);
    const pulls: Sample[] = [];
    let direct: Sample[] = [];
    let directLoad: [number, number] = [NaN, NaN];
    if (url) {
      const selector = captacionesSelector(supervisor);
      const couch = () => new PouchDB(databaseUrl(url, `${dbPrefix}captaciones`), { skip_setup: true });
      const c = await compare('pull del supervisor', () => pull(me, via, SUPERVISED), () => pull(me, couch, SUPERVISED, { selector }), PULL_RUNS);
      pulls.push(...c.via);
      direct = c.direct;
      directLoad = c.load;
    } else {
      await pull(me, via, SUPERVISED);
      for (let r = 0; r < PULL_RUNS; r++) pulls.push(await pull(me, via, SUPERVISED));
    }
    const memory = gw.memory();

    const where = url ? `Apache CouchDB (${dbPrefix}*)` : 'almacén integrado';
    const size = `${es(plan.total)} captaciones (${es(load.fotos)} fotos)`;
    const usageNote = Object.entries(tablet.usageDetails).map(([k, v]) => `${k} ${es(mb(v))} MB`).join(', ');
    const heldNote = Object.entries(tablet.held).map(([k, v]) => `${k.split('_').at(-1)} ${es(v)}`).join(', ');
    const firstRow = tablet.firstRowMs.length ? median(tablet.firstRowMs) : NaN;
    const rows: Row[] = [
      { name: 'carga media de 1 min de la máquina al empezar', value: loadStart, unit: 'procesos', note: `${availableParallelism()} núcleos; todo lo que pase de su número estira los tiempos` },
      {
        name: `${where}: carga por la pasarela`,
        value: round(load.seconds, 0),
        unit: 's',
        note: `${size}, de ${people.advisers.length} asesores y ${people.supervisors.length} supervisores; miniaturas de ${es(Math.round(load.thumbnailBytes / 1024))} KB en promedio. ${reused ? 'Carga conservada de una corrida anterior (SCALE_KEEP=1): no se cargó en esta.' : 'No es una meta: el tiempo de preparar los datos.'}`,
      },
      {
        name: `arranque de la pasarela con ${size}, hasta /api/ready 200`,
        value: round(started.seconds),
        unit: 's',
        target: `≤ ${TARGET.startS}`,
        note: `desde que arranca el proceso (node con tsx); ya respondía HTTP a los ${round(started.listeningS)} s, listo al terminar de ponerse al día su directorio de captaciones`,
      },
      {
        name: `tableta nueva (${adviser.email.split('@')[0]}), lista para trabajar sin conexión`,
        value: round(tablet.readyS),
        unit: 's',
        target: `≤ ${TARGET.readyS}`,
        note:
          `${Number.isFinite(tablet.readyS) ? '' : `NO estuvo lista en ${es(s.readyWaitS)} s (SCALE_READY_WAIT_S). `}` +
          `desde Entrar en la pantalla de inicio de sesión; red de ${NETWORK.bitsPerSecond / 1e6} Mbit/s y ${NETWORK.latencyMs} ms; 'Al día' a los ${round(tablet.syncedS)} s, trabajador de servicio a los ${round(tablet.workerS)} s. ` +
          `Debe tener ${es(held.length)} captaciones (su conjunto del dispositivo: las que asesora): ${tablet.holdsAll ? 'las tiene' : 'NO las tiene todas'}. ` +
          `${es(tablet.requests.total)} peticiones (${es(tablet.requests.changes)} _changes, ${es(tablet.requests.bulkGet)} _bulk_get, ${es(tablet.requests.fotos)} a /db/fotos), ${es(mb(tablet.requests.bytesDown))} MB recibidos`,
      },
      {
        name: 'almacenamiento usado en la tableta (navigator.storage.estimate)',
        value: mb(tablet.usageBytes),
        unit: 'MB',
        target: `≤ ${TARGET.storageMb}`,
        note: `${usageNote}; documentos por base de IndexedDB (con borrados y puntos de control): ${heldNote}`,
      },
      {
        name: `primera fila de la lista desde el menú (CPU ${THROTTLE}× más lenta), mediana de ${tablet.firstRowMs.length}`,
        value: Math.round(firstRow),
        unit: 'ms',
        target: `≤ ${es(TARGET.firstRowMs)}`,
        note: `un ciclo fijo tardó ${es(Math.round(tablet.loop.plainMs))} ms sin freno y ${es(Math.round(tablet.loop.slowedMs))} ms con él`,
      },
      {
        name: `búsqueda en línea en todo el alcance (lista REST), p95 de ${tablet.searchMs.length}`,
        value: Math.round(percentile(tablet.searchMs, 95)),
        unit: 'ms',
        target: `≤ ${TARGET.searchP95Ms}`,
        note: `GET /api/captaciones con search, desde la página de la tableta por su red; p50 ${es(Math.round(median(tablet.searchMs)))} ms; la mitad busca un propietario, la otra una colonia`,
      },
      { name: `pull inicial del supervisor (${SUPERVISED} de ${es(plan.total)}) vía pasarela, mediana de ${pulls.length}`, value: Math.round(med(pulls)), unit: 'ms', target: `≤ ${es(TARGET.pullMs)}`, note: `CPU (medianas): pasarela ${es(Math.round(med(pulls, 'gateway')))} ms${url ? `, CouchDB ${es(Math.round(med(pulls, 'couch')))} ms` : ''}` },
    ];
    if (url) {
      rows.push(
        {
          name: `pull inicial del supervisor directo de CouchDB (filter '_selector'), mediana de ${direct.length}`,
          value: Math.round(med(direct)),
          unit: 'ms',
          note: `el selector de la pasarela (couch-design/scope.ts) sobre la misma base; CPU de CouchDB ${es(Math.round(med(direct, 'couch')))} ms (mediana); carga ${directLoad[0]} al empezar, ${directLoad[1]} al terminar`,
        },
        { name: 'pull del supervisor, razón pasarela / _selector de CouchDB', value: ratio(med(pulls), med(direct)), unit: 'x', target: `≤ ${TARGET.pullRatio}` },
      );
    }
    rows.push(
      { name: `memoria de la pasarela (pico, VmHWM) con ${size}`, value: Math.round(memory.peakMb), unit: 'MB', target: `≤ ${es(TARGET.rssMb)}`, note: `residente al terminar: ${es(Math.round(memory.rssMb))} MB; tras arrancar, servir la tableta, las búsquedas y los pulls` },
      { name: 'carga media de 1 min de la máquina al terminar', value: load1(), unit: 'procesos' },
    );
    return rows;
  } finally {
    await gw?.stop().catch(() => undefined);
    if (url && !s.keep) {
      const n = await deleteDatabases(url, dbPrefix).catch((e: unknown) => (console.error('No se pudieron borrar las bases de la medición:', e), 0));
      progress(`${n} bases borradas (${dbPrefix}*)`);
    }
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) {
  console.log(report((await benchScale()).map((r) => ({ bench: 'scale', ...r }))));
}
