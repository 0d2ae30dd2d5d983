/**
 * Load and fault benchmark (issue 7 item 11, issue 17 items 2 and 5). 50 field agents, each on
 * their own simulated tablet (bench/load/device.ts: a real PouchDB client syncing as the PWA does,
 * every save a valid captación stamped as the PWA stamps it), create and edit their captaciones
 * through `/db/captaciones` for LOAD_SECONDS (60 by default): the data goes in through the
 * gateway, as users put it there. The gateway runs as a child process (`sync-server/src/main.ts`);
 * halfway through one is killed with SIGKILL and a new one starts on the same data and port, and
 * the devices recover by retrying. Then every device syncs until quiet (one-shot push and pull,
 * with a deadline) and its ledger is compared with the store:
 *  - lost: the device wrote the captación, the server has none (or only a deletion);
 *  - duplicated: one logical record (its marker) in more than one document;
 *  - stale: the server's winning revision is not the device's last edit;
 *  - in conflict: the server's document has `_conflicts` (each was edited on one device only);
 *  - refused: revisions the gateway answered `forbidden` (every one is valid, so target 0).
 * Target 0 each. Meanwhile an admin samples the REST list `GET /api/captaciones` (target p95 <
 * 500 ms); its p50/p95 exclude the samples sent to the killed gateway while it was down.
 *
 * Store: the embedded one (a LevelDB folder, one gateway) by default; with COUCHDB_URL, that
 * CouchDB under a fresh prefix (`carga_<time>_`, every database of it deleted at the end), and
 * then `--gateways N` (or LOAD_GATEWAYS) starts N gateway processes on it, each on its own port
 * with the same prefix and SESSION_SECRET, as behind a balancer. Devices and the REST sampler are
 * spread over them in turn (a session made on one gateway is valid on all: sessions live in the
 * shared database), the fault kills one of them while the others keep serving, and each one's CPU
 * (seconds and % of one core) and peak memory (VmHWM, sampled every second; target < 400 MB) are
 * printed. Accounts are written through the Store port with the gateways' prefix before they start.
 *
 * Each device signs in once, sequentially, from an address of its own (the gateway trusts one
 * proxy hop and the bench sends X-Forwarded-For), as 50 tablets would: the per-address sign-in
 * limit is for one attacker, not for a whole sales team.
 * Then, on all the gateways, one person floods each route class from 20 connections while another
 * person's check-auth and sync are timed (bench/load/flood.ts; targets p95 < 300 ms, sync ≤ 1.5×
 * unflooded, < 400 MB); `--flood-only` runs only that, on gateways of its own (`--gateways N` on
 * CouchDB; about two minutes), `--no-flood` skips it.
 * Runs alone with `npx tsx bench/load.ts [--gateways N]`; LOAD_SECONDS and LOAD_DEVICES shorten it;
 * LOAD_CPU_PROFILE=<folder> writes a CPU profile of each gateway process there (open it in
 * Chrome DevTools) to see where its time goes.
 * Prints; asserts nothing.
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createStore } from '../sync-server/src/store/index';
import type { StoreDoc } from '../sync-server/src/store/port';
import { createAccounts, signIn, type Account, type AccountSpec } from './load/accounts';
import { deleteDatabases, localCouchPid } from './load/couchdb';
import { contentOf, Device, markerOf } from './load/device';
import { cpuProfileArgs, cpuSecondsOf, freePort, startGatewayProcess, type GatewayProcess, type GatewaySettings } from './load/gateway-process';
import { epochNow, sampleRest } from './load/rest-sampler';
import { floodWanted, MAX_FLOOD_MB, runFlood } from './load/flood';
import { report, type Row } from './row';
import { percentile, progressOf, round } from './stats';
import { CAPTACION } from '../couch-design/captacion/entity';

const DEVICES = Number(process.env.LOAD_DEVICES ?? 50);
const SECONDS = Number(process.env.LOAD_SECONDS ?? 60);
/** Mean pause between two changes of one person (each pause is 0.5x to 1.5x this). */
const THINK_MS = Number(process.env.LOAD_THINK_MS ?? 3_000);
/** How long the gateway stays dead before the new one is started. */
const DOWN_MS = 2_000;
const FINISH_DEADLINE_MS = 45_000;
const REST_INTERVAL_MS = 250;
const LIST = '/api/captaciones?page=1&limit=10&sort=-captacion.fecha';
const MAX_REST_P95_MS = 500;
const MAX_GATEWAY_MB = 400;
const MEMORY_SAMPLE_MS = 1_000;
/**
 * Issue 18 item 8: a device is stalled when a change it saved before the gateway came back is
 * still not pushed this long after (its live push stopped and nothing restarted it).
 */
const STALL_AFTER_MS = Number(process.env.LOAD_STALL_AFTER_MS ?? 20_000);

/** `--gateways N`, `--gateways=N` or LOAD_GATEWAYS; 1 by default. */
export function gatewaysWanted(argv: string[] = process.argv): number {
  let raw: string | undefined = process.env.LOAD_GATEWAYS;
  argv.forEach((a, i) => {
    if (a === '--gateways') raw = argv[i + 1];
    else if (a.startsWith('--gateways=')) raw = a.slice('--gateways='.length);
  });
  const n = Number(raw ?? 1);
  if (!Number.isInteger(n) || n < 1) throw new Error(`--gateways espera un entero positivo (recibió ${raw}).`);
  return n;
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
const progress = progressOf('load');

/** The admin and the field agents, written through the Store port before any gateway runs. */
async function seedUsers(config: { dataDir: string; couchdbUrl?: string; dbPrefix: string }): Promise<{ admin: Account; agents: Account[] }> {
  const tag = config.couchdbUrl ? config.dbPrefix.replace(/_+$/, '') : 'carga';
  const spec = (n: number, role: string): AccountSpec => ({
    email: `${tag}${n}@ejemplo.mx`, role, prim_nom: role === 'user' ? 'Asesor' : 'Administrador', apell_pa: 'De', apell_ma: `Carga${n}`,
  });
  const [admin, ...agents] = await createAccounts(config, [spec(0, 'administrator'), ...Array.from({ length: DEVICES }, (_, i) => spec(i + 1, 'user'))]);
  return { admin, agents };
}

const addressOf = (n: number): string => `10.7.${Math.floor(n / 250)}.${(n % 250) + 1}`;

/** Epoch milliseconds, as the REST samples. */
interface Outage { gateway: number; killedAt: number; upAt: number }

async function person(device: Device, until: number): Promise<void> {
  while (Date.now() < until) {
    await sleep(THINK_MS * (0.5 + Math.random()));
    if (Date.now() >= until) return;
    await device.write();
  }
}

interface Verdict { lost: number; duplicated: number; stale: number; conflicted: number; serverDocs: number }

/** The store as the gateways left it, read in this process once they are stopped. */
async function compare(config: { dataDir: string; couchdbUrl?: string; dbPrefix: string }, devices: Device[]): Promise<Verdict> {
  const store = await createStore(config);
  try {
    const db = await store.db(CAPTACION.database);
    const { results } = await db.changes({ include_docs: true, conflicts: true });
    const live = new Map<string, StoreDoc>();
    // The flood's captaciones (written after the devices finished) are no device's.
    for (const row of results) if (row.doc && !row.doc._deleted && row.doc.type === 'captacion' && !row.id.startsWith('inundacion-')) live.set(row.id, row.doc);

    const perMarker = new Map<string, number>();
    for (const doc of live.values()) {
      const m = markerOf(doc);
      if (m) perMarker.set(m, (perMarker.get(m) ?? 0) + 1);
    }
    const v: Verdict = { lost: 0, duplicated: 0, stale: 0, conflicted: 0, serverDocs: live.size };
    for (const n of perMarker.values()) v.duplicated += n - 1;
    for (const device of devices) {
      for (const [id, entry] of device.ledger) {
        const doc = live.get(id);
        if (!doc) {
          v.lost++;
          continue;
        }
        if (contentOf(doc) !== entry.content) v.stale++;
        if (doc._conflicts?.length) v.conflicted++;
      }
    }
    return v;
  } finally {
    await store.close();
  }
}

/**
 * pouchdb-replication 9 asks the source for its `info()` after each batch (progress of
 * `activeTasks`) and never catches that promise: a pull whose gateway dies at that moment leaves a
 * rejected promise nobody handles, which would end this process. Those connection errors are
 * expected here and counted; anything else is reported and fails the benchmark.
 */
function tolerateDroppedConnections(): { dropped: () => number; unexpected: unknown[]; remove(): void } {
  let dropped = 0;
  const unexpected: unknown[] = [];
  const handler = (e: unknown) => {
    const code = (e as { code?: string; errno?: string } | null)?.code;
    if (code && /^(ECONNRESET|ECONNREFUSED|EPIPE|ETIMEDOUT|UND_ERR_SOCKET)$/.test(code)) dropped++;
    else unexpected.push(e);
  };
  process.on('unhandledRejection', handler);
  return { dropped: () => dropped, unexpected, remove: () => process.off('unhandledRejection', handler) };
}

/**
 * One gateway of the run: the process now serving on its port, and what its processes spent.
 * CPU is counted during the load only (from its start, or from a replacement's readiness, to the
 * end of the writes); memory is the highest VmHWM seen, sampled every second until the end.
 */
class Slot {
  gw: GatewayProcess | undefined;
  /** CPU seconds of counting windows already closed. */
  private spent = 0;
  /** The current process's CPU when its counting began; NaN while not counting. */
  private since = NaN;
  peakMb = 0;
  killed = false;

  constructor(
    readonly index: number,
    readonly settings: GatewaySettings,
  ) {}

  async start(log: (line: string) => void): Promise<void> {
    this.gw = await startGatewayProcess(this.settings, (line) => log(`gateway ${this.index + 1}: ${line}`));
  }

  get url(): string {
    return `http://127.0.0.1:${this.settings.port}`;
  }

  sampleMemory(): void {
    const m = this.gw?.memory();
    const mb = m ? Math.max(m.peakMb || 0, m.rssMb || 0) : 0;
    if (mb > this.peakMb) this.peakMb = mb;
  }

  /** From now on, the CPU the current process spends counts. */
  countCpu(): void {
    this.since = this.gw?.cpuSeconds() ?? NaN;
  }

  /** Stops counting (the end of the load, or the process's death). */
  stopCounting(): void {
    this.spent = this.cpuSeconds();
    this.since = NaN;
  }

  /** CPU seconds counted so far. */
  cpuSeconds(): number {
    return this.spent + (this.gw && !Number.isNaN(this.since) ? this.gw.cpuSeconds() - this.since : 0);
  }

  /** SIGKILL, no goodbye; what it had spent stays counted. */
  async kill(): Promise<void> {
    this.sampleMemory();
    this.stopCounting();
    this.killed = true;
    const gw = this.gw;
    this.gw = undefined;
    await gw?.kill();
  }

  async stop(): Promise<void> {
    this.sampleMemory();
    const gw = this.gw;
    this.gw = undefined;
    await gw?.stop();
  }
}

export async function benchLoad(): Promise<Row[]> {
  if (floodWanted() === 'only') return benchFloodOnly();
  const gateways = gatewaysWanted();
  const couchdbUrl = process.env.COUCHDB_URL || undefined;
  if (gateways > 1 && !couchdbUrl) {
    throw new Error('Varios gateways necesitan COUCHDB_URL: la base integrada (LevelDB) admite un solo proceso a la vez.');
  }
  const loadAtStart = loadavg()[0];
  const dataDir = mkdtempSync(path.join(tmpdir(), 'bench-carga-'));
  const dbPrefix = couchdbUrl ? `carga_${Date.now().toString(36)}_` : 'carga_';
  const storeConfig = { dataDir, couchdbUrl, dbPrefix };
  const sessionSecret = randomUUID();
  const profile = process.env.LOAD_CPU_PROFILE;
  const slots: Slot[] = [];
  for (let k = 0; k < gateways; k++) {
    slots.push(
      new Slot(k, {
        port: await freePort(), dataDir, couchdbUrl, dbPrefix, sessionSecret, env: { TRUST_PROXY: '1' },
        nodeArgs: cpuProfileArgs(profile),
      }),
    );
  }
  const log = (line: string) => progress(line);
  const devices: Device[] = [];
  const stray = tolerateDroppedConnections();
  const memoryTimer = setInterval(() => slots.forEach((s) => s.sampleMemory()), MEMORY_SAMPLE_MS);
  try {
    const { admin, agents } = await seedUsers(storeConfig);
    const floodPeople = floodWanted() === 'after' ? await floodAccounts(storeConfig) : undefined;
    // One after another: each deploys the design documents (idempotent) and warms the indexes.
    for (const slot of slots) await slot.start(log);
    const slotOf = (n: number): Slot => slots[n % slots.length];
    let t0 = performance.now();
    const adminCookie = await signIn(slots[0].url, admin.email, addressOf(0));
    for (const [i, agent] of agents.entries()) {
      const slot = slotOf(i);
      devices.push(new Device(i + 1, { id: agent.id, nombre: agent.nombre, email: agent.email }, slot.url, await signIn(slot.url, agent.email, addressOf(i + 1)), progress));
    }
    const signInMs = performance.now() - t0;
    progress(`${devices.length} dispositivos con sesión en ${Math.round(signInMs)} ms, repartidos en ${slots.length} gateway(s)`);

    for (const slot of slots) slot.countCpu();
    const couchPid = couchdbUrl ? localCouchPid(couchdbUrl) : undefined;
    const couchCpuAtStart = cpuSecondsOf(couchPid);
    // The devices share this process: how busy it was says how much of each latency is theirs.
    const ownCpuAtStart = process.cpuUsage();
    const ownDelay = monitorEventLoopDelay({ resolution: 20 });
    ownDelay.enable();
    for (const d of devices) d.startLive();
    const loadStart = Date.now();
    const loadEnd = loadStart + SECONDS * 1000;
    const people = Promise.all(devices.map((d) => person(d, loadEnd)));
    const rest = sampleRest(slots.map((s) => s.url + LIST), adminCookie, loadEnd, REST_INTERVAL_MS);

    // The fault: halfway through, no goodbye, same data and port for the next one. With several
    // gateways the first one dies and the others keep serving their devices.
    await sleep(Math.max(0, loadStart + (SECONDS * 1000) / 2 - Date.now()));
    const victim = slots[0];
    const outage: Outage = { gateway: victim.index, killedAt: epochNow(), upAt: NaN };
    await victim.kill();
    progress(`gateway ${victim.index + 1} muerto (SIGKILL)`);
    await sleep(DOWN_MS);
    await victim.start(log);
    victim.countCpu();
    outage.upAt = epochNow();
    progress(`gateway ${victim.index + 1} de vuelta tras ${Math.round(outage.upAt - outage.killedAt)} ms`);
    const seqsAtUp = await Promise.all(devices.map((d) => d.localSeq()));
    const stalledCheck = sleep(STALL_AFTER_MS).then(() => {
      const stalled = devices.filter((d, i) => d.pushedUpTo < seqsAtUp[i]);
      for (const d of stalled) progress(`dispositivo ${d.index}: cambios de antes del reinicio sin enviar ${STALL_AFTER_MS / 1000} s después`);
      return stalled.length;
    });

    await people;
    const stalledDevices = await stalledCheck;
    for (const slot of slots) slot.stopCounting();
    const couchCpu = cpuSecondsOf(couchPid) - couchCpuAtStart;
    const ownCpu = process.cpuUsage(ownCpuAtStart);
    ownDelay.disable();
    const loadRequests = devices.reduce((n, d) => n + d.stats.requests, 0);
    progress('fin de las escrituras');
    const loadAtEndOfWrites = loadavg()[0];
    const samples = await rest;
    progress('fin de la carga; sincronización final');
    t0 = performance.now();
    const deadline = Date.now() + FINISH_DEADLINE_MS;
    const quiet = await Promise.all(devices.map((d) => d.finish(deadline)));
    const finishMs = performance.now() - t0;
    progress(`sincronización final en ${Math.round(finishMs)} ms`);
    const floodRows = floodPeople ? await floodOn(slots.filter((s) => s.gw), floodPeople) : [];
    progress('deteniendo los gateways');
    for (const slot of slots) await slot.stop();
    clearInterval(memoryTimer);

    const verdict = await compare(storeConfig, devices);
    const inWindow = (s: { start: number; end: number; gateway: number }) => s.gateway === outage.gateway && s.end >= outage.killedAt && s.start <= outage.upAt;
    const counted = samples.filter((s) => !inWindow(s));
    const latencies = counted.filter((s) => s.ok).map((s) => s.end - s.start);
    for (const s of samples) progress(`lista REST (gateway ${s.gateway + 1}) a ${((s.start - outage.killedAt) / 1000).toFixed(1)} s de la caída: ${Math.round(s.end - s.start)} ms${s.ok ? '' : ' (falló)'}`);
    const sum = (k: keyof Device['stats']) => devices.reduce((n, d) => n + d.stats[k], 0);
    const written = devices.reduce((n, d) => n + d.ledger.size, 0);
    if (stray.unexpected.length) throw new AggregateError(stray.unexpected, 'Errores inesperados sin atender durante la carga');

    const store = couchdbUrl ? `Apache CouchDB, prefijo ${dbPrefix}` : 'base integrada (LevelDB)';
    const perGateway: Row[] = slots.flatMap((slot) => {
      const who = `gateway ${slot.index + 1} de ${slots.length}${slot.killed ? ' (matado y reiniciado)' : ''}`;
      const mine = counted.filter((s) => s.gateway === slot.index && s.ok).map((s) => s.end - s.start);
      return [
        {
          name: `${who}: CPU durante la carga`,
          value: round(slot.cpuSeconds()),
          unit: 's',
          ...(slot.killed ? { note: 'ambos procesos; del reemplazo, desde que responde (su arranque no cuenta)' } : {}),
        },
        { name: `${who}: CPU en % de un núcleo (${SECONDS} s de carga)`, value: Math.round((slot.cpuSeconds() / SECONDS) * 100), unit: '%' },
        { name: `${who}: memoria residente máxima (VmHWM)`, value: Math.round(slot.peakMb), unit: 'MB', target: `< ${MAX_GATEWAY_MB}` },
        ...(slots.length > 1
          ? [{ name: `${who}: lista REST p95 de ${mine.length}, sin su caída`, value: round(percentile(mine, 95)), unit: 'ms', target: `< ${MAX_REST_P95_MS}` }]
          : []),
      ];
    });

    return [
      { name: 'carga media de 1 min de la máquina al empezar', value: Number(loadAtStart.toFixed(2)), unit: '' },
      { name: `gateways (procesos, cada uno en su puerto) sobre ${store}`, value: slots.length, unit: 'procesos' },
      { name: `dispositivos (asesores, cada uno con su sesión y su PouchDB, repartidos por turnos)`, value: devices.length, unit: 'dispositivos' },
      { name: 'duración de la carga', value: SECONDS, unit: 's' },
      { name: 'captaciones creadas', value: sum('creations'), unit: 'docs' },
      { name: 'ediciones', value: sum('edits'), unit: 'ediciones' },
      { name: 'peticiones a /db de los dispositivos durante la carga, por segundo', value: Math.round(loadRequests / SECONDS), unit: 'pet/s' },
      { name: 'envíos one-shot (incluye reintentos)', value: sum('pushes'), unit: 'envíos' },
      { name: 'envíos fallidos y reintentados', value: sum('pushFailures'), unit: 'envíos' },
      { name: 'envíos cancelados por no avanzar en 20 s', value: sum('pushStalls'), unit: 'envíos', target: '0' },
      { name: 'descargas finales canceladas por no avanzar', value: sum('pullStalls'), unit: 'descargas', target: '0' },
      { name: 'pulls en vivo reiniciados tras un error', value: sum('pullRestarts'), unit: 'reinicios' },
      {
        name: `dispositivos detenidos: cambios de antes del reinicio sin enviar ${STALL_AFTER_MS / 1000} s después de que el gateway volvió`,
        value: stalledDevices,
        unit: 'dispositivos',
        target: '0',
        note: 'se miden con la carga aún en marcha, antes de la sincronización final',
      },
      { name: `gateway ${outage.gateway + 1} caído (SIGKILL hasta responder de nuevo)`, value: Math.round(outage.upAt - outage.killedAt), unit: 'ms' },
      { name: 'sincronización final hasta quedar quietos', value: Math.round(finishMs), unit: 'ms' },
      {
        name: `dispositivos cuyo envío y descarga finales terminaron en ${FINISH_DEADLINE_MS / 1000} s`,
        value: quiet.filter(Boolean).length,
        unit: 'dispositivos',
        target: `${devices.length} (todos)`,
      },
      { name: 'respuestas 5xx de /db a los dispositivos', value: sum('serverErrors'), unit: 'respuestas', target: '0' },
      { name: 'conexiones cortadas sin atender dentro de PouchDB (esperadas en la caída)', value: stray.dropped(), unit: 'errores' },
      {
        name: 'revisiones rechazadas por el gateway (forbidden)',
        value: sum('denied'),
        unit: 'revisiones',
        target: '0',
        note: 'cada documento que escriben los dispositivos es válido (esquema, limpieza y sellos como los de la PWA): todo rechazo es un error',
      },
      { name: `captaciones en el servidor (escritas: ${written})`, value: verdict.serverDocs, unit: 'docs' },
      { name: 'perdidas', value: verdict.lost, unit: 'docs', target: '0' },
      { name: 'duplicadas', value: verdict.duplicated, unit: 'docs', target: '0' },
      {
        name: 'desactualizadas',
        value: verdict.stale,
        unit: 'docs',
        target: '0',
        note: 'la revisión ganadora del servidor no es la última edición del dispositivo (p. ej. perdió ante una revisión del propio gateway)',
      },
      {
        name: 'en conflicto',
        value: verdict.conflicted,
        unit: 'docs',
        target: '0',
        note: 'cada captación la edita un solo dispositivo, así que todo conflicto es falso',
      },
      { name: `lista REST (admin, por turnos en los gateways) p50 de ${latencies.length}, sin la caída`, value: round(percentile(latencies, 50)), unit: 'ms' },
      { name: 'lista REST (admin) p95, sin la caída', value: round(percentile(latencies, 95)), unit: 'ms', target: `< ${MAX_REST_P95_MS}` },
      { name: 'lista REST: respuestas no 200 fuera de la caída', value: counted.filter((s) => !s.ok).length, unit: 'respuestas', target: '0' },
      ...perGateway,
      {
        name: 'CPU de todos los gateways durante la carga',
        value: round(slots.reduce((n, s) => n + s.cpuSeconds(), 0)),
        unit: 's',
        note: `de ${SECONDS} s de carga: ${SECONDS} s son un núcleo lleno (cada gateway es un proceso de Node). Carga media de la máquina al terminar las escrituras: ${loadAtEndOfWrites.toFixed(1)} en ${cpus().length} núcleos; los vecinos (CouchDB, los ${devices.length} clientes de esta medición) también cuentan en las latencias`,
      },
      ...(couchPid !== undefined ? [{ name: 'CPU de CouchDB durante la carga (su proceso en esta máquina)', value: round(couchCpu), unit: 's' }] : []),
      {
        name: `CPU de esta medición durante la carga (los ${devices.length} dispositivos PouchDB, un proceso)`,
        value: round((ownCpu.user + ownCpu.system) / 1e6),
        unit: 's',
        note: 'sus dispositivos comparten un hilo: con él lleno, cada petición de un dispositivo espera también a los demás',
      },
      { name: 'retraso del bucle de eventos de esta medición, p99', value: round(ownDelay.percentile(99) / 1e6), unit: 'ms' },
      ...floodRows,
      { name: 'inicio de sesión de los dispositivos, uno tras otro', value: Math.round(signInMs), unit: 'ms' },
      { name: 'carga media de 1 min de la máquina al terminar', value: Number(loadavg()[0].toFixed(2)), unit: '' },
    ];
  } finally {
    clearInterval(memoryTimer);
    await Promise.all(devices.map((d) => d.destroy().catch(() => undefined)));
    for (const slot of slots) await slot.stop().catch(() => undefined);
    stray.remove();
    rmSync(dataDir, { recursive: true, force: true });
    if (couchdbUrl) {
      const n = await deleteDatabases(couchdbUrl, dbPrefix).catch((e: unknown) => (console.error('No se pudieron borrar las bases de la carga:', e), 0));
      progress(`${n} bases borradas (${dbPrefix}*)`);
    }
  }
}

/** The flood's two people, written with the others before any gateway runs (LevelDB admits one process). */
async function floodAccounts(config: { dataDir: string; couchdbUrl?: string; dbPrefix: string }): Promise<Account[]> {
  const tag = config.couchdbUrl ? config.dbPrefix.replace(/_+$/, '') : 'carga';
  return createAccounts(
    config,
    ['inunda', 'observa'].map((who) => ({ email: `${tag}-${who}@ejemplo.mx`, role: 'user', prim_nom: 'Asesor', apell_pa: 'De', apell_ma: who })),
  );
}

/** The flood on the gateways: both people sign in from addresses of their own, then it runs. */
async function floodOn(slots: Slot[], [flooder, observer]: Account[]): Promise<Row[]> {
  progress('inundación: empieza');
  const flooderCookie = await signIn(slots[0].url, flooder.email, addressOf(DEVICES + 1));
  const observerCookie = await signIn(slots[0].url, observer.email, addressOf(DEVICES + 2));
  const memoryMb = () => Math.max(0, ...slots.map((s) => s.gw?.memory().rssMb || 0));
  const rows = await runFlood(slots.map((s) => s.url), { flooder, observer, flooderCookie, observerCookie }, memoryMb);
  progress('inundación: termina');
  return rows;
}

/** `--flood-only`: the flood alone, on gateways of its own (`--gateways N`, on CouchDB) over a fresh store. */
async function benchFloodOnly(): Promise<Row[]> {
  const couchdbUrl = process.env.COUCHDB_URL || undefined;
  const gateways = gatewaysWanted();
  if (gateways > 1 && !couchdbUrl) throw new Error('Varios gateways necesitan COUCHDB_URL: la base integrada (LevelDB) admite un solo proceso a la vez.');
  const loadAtStart = loadavg()[0];
  const dataDir = mkdtempSync(path.join(tmpdir(), 'bench-inundacion-'));
  const dbPrefix = couchdbUrl ? `inundacion_${Date.now().toString(36)}_` : 'carga_';
  const storeConfig = { dataDir, couchdbUrl, dbPrefix };
  const nodeArgs = cpuProfileArgs(process.env.LOAD_CPU_PROFILE);
  const sessionSecret = randomUUID();
  const slots: Slot[] = [];
  for (let k = 0; k < gateways; k++) slots.push(new Slot(k, { port: await freePort(), dataDir, couchdbUrl, dbPrefix, sessionSecret, env: { TRUST_PROXY: '1' }, nodeArgs }));
  try {
    const people = await floodAccounts(storeConfig);
    for (const slot of slots) await slot.start((line) => progress(line));
    const rows = await floodOn(slots, people);
    slots.forEach((s) => s.sampleMemory());
    return [
      { name: 'carga media de 1 min de la máquina al empezar', value: Number(loadAtStart.toFixed(2)), unit: '' },
      { name: `gateways solo para la inundación sobre ${couchdbUrl ? `Apache CouchDB, prefijo ${dbPrefix}` : 'base integrada (LevelDB)'}`, value: gateways, unit: 'procesos' },
      ...rows,
      { name: 'inundación: memoria residente máxima de un gateway en toda su vida (VmHWM)', value: Math.round(Math.max(...slots.map((s) => s.peakMb))), unit: 'MB', target: `< ${MAX_FLOOD_MB}` },
      { name: 'carga media de 1 min de la máquina al terminar', value: Number(loadavg()[0].toFixed(2)), unit: '' },
    ];
  } finally {
    for (const slot of slots) await slot.stop().catch(() => undefined);
    rmSync(dataDir, { recursive: true, force: true });
    if (couchdbUrl) await deleteDatabases(couchdbUrl, dbPrefix).catch(() => 0);
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const t0 = performance.now();
  const rows = await benchLoad();
  console.error(`load: ${((performance.now() - t0) / 1000).toFixed(1)} s`);
  console.log(report(rows.map((r) => ({ bench: 'load', ...r }))));
}
