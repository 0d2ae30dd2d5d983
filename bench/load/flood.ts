/**
 * One person floods the gateway at every cap (issue 18 item 3): from 20 connections at once, in a
 * worker thread, an adviser sends without pause `_bulk_get` of 2,000 of their own captaciones,
 * `_revs_diff` of 2,000 ids and 10,000 revisions, a `_changes` page of 2,000 rows with their
 * documents, `_bulk_docs` of 1,000 new captaciones, and a `_revs_diff` of 300,000 ids (refused
 * for its size). Meanwhile another adviser's `GET /api/check-auth` is timed from another worker
 * (the time a person waits to see the app), and the gateway's resident memory is sampled.
 * Targets: check-auth p95 < 300 ms, memory < 400 MB, no 5xx. The flooder's own requests take
 * turns (sync-server/src/sync/person-slots.ts): they are counted by status, 429 included.
 *
 * Before the flood, the same check-auth is timed for a few seconds with nobody flooding, to read
 * the figure beside its quiet value.
 */
import { randomBytes } from 'node:crypto';
import { Worker } from 'node:worker_threads';
import { sampleCaptacion } from '../../couch-design/captacion/fixtures';
import { stampCaptacion } from '../../couch-design/captacion/stamp';
import { MAX_DOCS_PER_BULK_DOCS, MAX_IDS_PER_REQUEST, MAX_REVS_PER_REQUEST } from '../../sync-server/src/sync/limits';
import type { Account } from './accounts';
import type { MemoryUse } from './gateway-process';
import { sampleRest } from './rest-sampler';
import type { Row } from '../row';
import { percentile, round } from '../stats';

export const FLOOD_CONNECTIONS = 20;
export const MAX_CHECK_AUTH_P95_MS = 300;
export const MAX_FLOOD_MB = 400;
const SECONDS = Number(process.env.FLOOD_SECONDS ?? 20);
const QUIET_SECONDS = 3;
const SAMPLE_MS = 100;
const MEMORY_SAMPLE_MS = 250;
/** Pre-built `_bulk_docs` bodies of new captaciones; once used up they are sent again (already stored: cheap). */
const NEW_BATCHES = 12;

/** `--flood-only` (or LOAD_FLOOD=only), `--no-flood` (LOAD_FLOOD=off); by default after the load. */
export function floodWanted(argv: string[] = process.argv): 'only' | 'off' | 'after' {
  if (argv.includes('--flood-only') || process.env.LOAD_FLOOD === 'only') return 'only';
  if (argv.includes('--no-flood') || process.env.LOAD_FLOOD === 'off') return 'off';
  return 'after';
}

export interface FloodPeople {
  flooder: Account;
  observer: Account;
}

const rev1 = (): string => `1-${randomBytes(16).toString('hex')}`;

/** `n` valid captaciones of `who`, stamped as their device would, as a replicated `_bulk_docs` body. */
function newCaptaciones(who: Account, n: number, tag: string): string {
  const now = new Date().toISOString();
  const docs = Array.from({ length: n }, (_, i) => ({
    ...stampCaptacion(sampleCaptacion({ captacion: { asesor: who.id, fecha: now, observaciones: `Inundación ${tag}-${i}` } }), null, who, now),
    _id: `inundacion-${tag}-${i}`,
    _rev: rev1(),
  }));
  return JSON.stringify({ docs, new_edits: false });
}

async function post(url: string, cookie: string, path: string, body: string): Promise<{ status: number; json: any }> {
  const res = await fetch(url + path, { method: 'POST', headers: { cookie, 'content-type': 'application/json' }, body });
  const text = await res.text();
  return { status: res.status, json: text ? JSON.parse(text) : undefined };
}

const WORKER = `
const { parentPort, workerData } = require('node:worker_threads');
const { url, cookie, kinds, until } = workerData;
const statuses = {};
const count = (k) => { statuses[k] = (statuses[k] || 0) + 1; };
let next = 0;
const loop = async (kind) => {
  let turn = 0;
  while (Date.now() < until) {
    const body = kind.bodies[turn++ % kind.bodies.length];
    try {
      const res = await fetch(url + kind.path, { method: kind.method, headers: { cookie, 'content-type': 'application/json' }, body, signal: AbortSignal.timeout(60000) });
      await res.arrayBuffer();
      count(res.status);
      if (res.status === 429) await new Promise((r) => setTimeout(r, 100));
    } catch (e) {
      // An over-cap upload is answered 413 and its connection closed: the client may see the close first.
      count(kind.overCap ? 'cortada por tamaño' : 'sin respuesta: ' + kind.path.split('?')[0].split('/').pop() + ' ' + ((e.cause && e.cause.code) || e.name));
    }
  }
};
const loops = [];
for (let c = 0; c < workerData.connections; c++) loops.push(loop(kinds[c % kinds.length]));
Promise.all(loops).then(() => parentPort.postMessage(statuses));
`;

function flood(url: string, cookie: string, kinds: Array<{ method: string; path: string; overCap?: boolean; bodies: Array<string | undefined> }>, until: number): Promise<Record<string, number>> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(WORKER, { eval: true, workerData: { url, cookie, kinds, until, connections: FLOOD_CONNECTIONS } });
    worker.once('message', (m: Record<string, number>) => {
      resolve(m);
      void worker.terminate();
    });
    worker.once('error', reject);
  });
}


/**
 * Runs the flood against the gateway at `url` (signed-in cookies of both people) and answers its
 * rows. `memory` reads the gateway process's memory now.
 */
export async function runFlood(url: string, people: FloodPeople & { flooderCookie: string; observerCookie: string }, memory: () => MemoryUse): Promise<Row[]> {
  const { flooder, flooderCookie, observerCookie } = people;
  // 2,000 captaciones of the flooder, stored through the gateway at the batch cap.
  const ownIds: string[] = [];
  for (let b = 0; b < MAX_IDS_PER_REQUEST / MAX_DOCS_PER_BULK_DOCS; b++) {
    const body = newCaptaciones(flooder, MAX_DOCS_PER_BULK_DOCS, `propia${b}`);
    const r = await post(url, flooderCookie, '/db/captaciones/_bulk_docs', body);
    if (r.status !== 201 || r.json.length) throw new Error(`La siembra de la inundación falló (${r.status}): ${JSON.stringify(r.json).slice(0, 300)}`);
    for (let i = 0; i < MAX_DOCS_PER_BULK_DOCS; i++) ownIds.push(`inundacion-propia${b}-${i}`);
  }
  const revsPerId = MAX_REVS_PER_REQUEST / MAX_IDS_PER_REQUEST;
  const kinds = [
    { method: 'POST', path: '/db/captaciones/_bulk_get?revs=true', bodies: [JSON.stringify({ docs: ownIds.map((id) => ({ id })) })] },
    { method: 'POST', path: '/db/captaciones/_revs_diff', bodies: [JSON.stringify(Object.fromEntries(ownIds.map((id) => [id, Array.from({ length: revsPerId }, rev1)])))] },
    { method: 'GET', path: `/db/captaciones/_changes?include_docs=true&style=all_docs&limit=${MAX_IDS_PER_REQUEST}`, bodies: [undefined] },
    { method: 'POST', path: '/db/captaciones/_bulk_docs', bodies: Array.from({ length: NEW_BATCHES }, (_, k) => newCaptaciones(flooder, MAX_DOCS_PER_BULK_DOCS, `nueva${k}`)) },
    { method: 'POST', path: '/db/captaciones/_revs_diff', overCap: true, bodies: [JSON.stringify(Object.fromEntries(Array.from({ length: 300_000 }, (_, i) => [`x${i}`, ['1-a']])))] },
  ];

  const mb = (): number => {
    const m = memory();
    return Math.max(m.rssMb || 0, 0);
  };
  const before = mb();
  const quiet = await sampleRest([`${url}/api/check-auth`], observerCookie, Date.now() + QUIET_SECONDS * 1000, SAMPLE_MS);

  let peak = before;
  const sampler = setInterval(() => (peak = Math.max(peak, mb())), MEMORY_SAMPLE_MS);
  const until = Date.now() + SECONDS * 1000;
  let statuses: Record<string, number>;
  let timed: Awaited<ReturnType<typeof sampleRest>>;
  try {
    // The observer starts once the flood has: every sample is taken under it.
    const flooding = flood(url, flooderCookie, kinds, until);
    await new Promise((r) => setTimeout(r, 500));
    timed = await sampleRest([`${url}/api/check-auth`], observerCookie, until, SAMPLE_MS);
    statuses = await flooding;
  } finally {
    clearInterval(sampler);
  }
  peak = Math.max(peak, mb());

  const ms = (xs: typeof timed) => xs.filter((s) => s.ok).map((s) => s.end - s.start);
  const waits = ms(timed);
  const served = (statuses['200'] ?? 0) + (statuses['201'] ?? 0);
  const fiveXX = Object.entries(statuses).filter(([k]) => /^5/.test(k) || k.startsWith('sin respuesta')).reduce((n, [, v]) => n + v, 0);
  return [
    { name: `inundación: una persona en todos los límites desde ${FLOOD_CONNECTIONS} conexiones durante`, value: SECONDS, unit: 's' },
    { name: 'inundación: check-auth de otra persona, p50 sin inundación', value: round(percentile(ms(quiet), 50)), unit: 'ms' },
    { name: `inundación: check-auth de otra persona, p50 de ${waits.length}`, value: round(percentile(waits, 50)), unit: 'ms' },
    { name: 'inundación: check-auth de otra persona, p95', value: round(percentile(waits, 95)), unit: 'ms', target: `< ${MAX_CHECK_AUTH_P95_MS}` },
    { name: 'inundación: check-auth de otra persona, máximo', value: round(Math.max(...waits)), unit: 'ms' },
    { name: 'inundación: check-auth de otra persona sin respuesta 200', value: timed.filter((s) => !s.ok).length, unit: 'respuestas', target: '0' },
    { name: 'inundación: memoria residente del gateway antes', value: Math.round(before), unit: 'MB' },
    { name: `inundación: memoria residente máxima del gateway (muestreada cada ${MEMORY_SAMPLE_MS} ms)`, value: Math.round(peak), unit: 'MB', target: `< ${MAX_FLOOD_MB}` },
    { name: 'inundación: peticiones servidas (200/201)', value: served, unit: 'peticiones' },
    { name: 'inundación: rechazadas por tamaño (413, o cortadas al enviar de más)', value: (statuses['413'] ?? 0) + (statuses['cortada por tamaño'] ?? 0), unit: 'peticiones' },
    { name: 'inundación: rechazadas por turnos (429 con Retry-After)', value: statuses['429'] ?? 0, unit: 'peticiones' },
    { name: 'inundación: 5xx o sin respuesta', value: fiveXX, unit: 'peticiones', target: '0', note: `estados: ${JSON.stringify(statuses)}` },
  ];
}
