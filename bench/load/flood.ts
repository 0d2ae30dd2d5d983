/**
 * One person floods every route class in turn (issue 18 item 3, issue 33 item 4): from 20
 * connections at once, in a worker thread, spread over the gateways given (two or more on one
 * CouchDB, as behind a balancer), an adviser sends without pause, for FLOOD_SECONDS (20) each:
 *  - replicación: `_bulk_get` of 2,000 of their own captaciones, `_revs_diff` of 2,000 ids and
 *    10,000 revisions, a `_changes` page of 2,000 rows with their documents, `_bulk_docs` of 1,000
 *    new captaciones, and a `_revs_diff` of 300,000 ids (refused for its size);
 *  - listas REST: deep pages, a search and a sort of the list, and a captación's detail;
 *  - PDF: the PDF of their captación with ten photos of the largest size;
 *  - fotos: the thumbnails and originals of those photos;
 *  - altas REST: new captaciones through `POST /api/captaciones`.
 * Meanwhile another adviser's `GET /api/check-auth` is timed from another worker (the time a
 * person waits to see the app) and their device pulls its 50 captaciones from nothing again and
 * again (the sync they wait for), both on every gateway in turn; the gateways' resident memory is
 * sampled. Targets per class: check-auth p95 < 300 ms, sync p95 ≤ 1.5× its figure with nobody
 * flooding (timed first), memory < 400 MB, no 5xx. The flooder's own requests take turns
 * (sync-server/src/sync/person-slots.ts, shared between the gateways): they are counted by
 * status, 429 included. FLOOD_CLASSES (names' beginnings, comma-separated) runs only those.
 */
import { randomBytes } from 'node:crypto';
import { Worker } from 'node:worker_threads';
import sharp from 'sharp';
import { CAPTACION } from '../../couch-design/captacion/entity';
import { sampleCaptacion } from '../../couch-design/captacion/fixtures';
import { stampCaptacion } from '../../couch-design/captacion/stamp';
import { MAX_DOCS_PER_BULK_DOCS, MAX_IDS_PER_REQUEST, MAX_REVS_PER_REQUEST } from '../../sync-server/src/sync/limits';
import type { Account } from './accounts';
import { localDb, PouchDB, remoteDb } from '../../sync-server/src/testing/pouch-client';
import { sampleRest, type RestSample } from './rest-sampler';
import { PWA_BATCH } from '../sync';
import type { Row } from '../row';
import { percentile, round } from '../stats';

export const FLOOD_CONNECTIONS = 20;
export const MAX_CHECK_AUTH_P95_MS = 300;
export const MAX_FLOOD_MB = 400;
/** Issue 33 item 4: another person's sync under a flood, against the same without one. */
const MAX_SYNC_RATIO = 1.5;
const SECONDS = Number(process.env.FLOOD_SECONDS ?? 20);
const QUIET_SECONDS = 8;
/** Photos of the captación whose PDF is flooded (each at the PWA's largest sizes). */
const PDF_PHOTOS = 10;
/** The observer's own captaciones, which their device pulls. */
const OBSERVER_CAPTACIONES = 50;
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
const { urls, cookie, kinds, until } = workerData;
const statuses = {};
const count = (k) => { statuses[k] = (statuses[k] || 0) + 1; };
let next = 0;
const loop = async (kind, url) => {
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
// Connections spread over the kinds and, in turn, over the gateways (as behind a balancer).
for (let c = 0; c < workerData.connections; c++) loops.push(loop(kinds[c % kinds.length], urls[c % urls.length]));
Promise.all(loops).then(() => parentPort.postMessage(statuses));
`;

function flood(urls: string[], cookie: string, kinds: Kind[], until: number): Promise<Record<string, number>> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(WORKER, { eval: true, workerData: { urls, cookie, kinds, until, connections: FLOOD_CONNECTIONS } });
    worker.once('message', (m: Record<string, number>) => {
      resolve(m);
      void worker.terminate();
    });
    worker.once('error', reject);
  });
}


/** One kind of request a flooding connection repeats; `bodies` are sent in turn. */
interface Kind { method: string; path: string; overCap?: boolean; form?: boolean; bodies: Array<string | undefined> }

/** A route class of issue 33 item 4: what the flooder sends, from all 20 connections, for one phase. */
interface RouteClass { name: string; kinds: Kind[] }

async function upload(url: string, cookie: string, captacionId: string, original: Buffer, miniatura: Buffer, orden: number): Promise<void> {
  const form = new FormData();
  form.append('original', new Blob([new Uint8Array(original)], { type: 'image/jpeg' }), 'o.jpg');
  form.append('miniatura', new Blob([new Uint8Array(miniatura)], { type: 'image/jpeg' }), 'm.jpg');
  form.append('orden', String(orden));
  const res = await fetch(`${url}/api/captaciones/${encodeURIComponent(captacionId)}/fotos`, { method: 'POST', headers: { cookie }, body: form });
  if (res.status !== 201) throw new Error(`La foto ${orden} de la inundación no se guardó (${res.status}): ${(await res.text()).slice(0, 300)}`);
}

/** A JPEG of noise (what a camera makes compresses about as badly), at the PWA's largest sizes. */
const noisy = async (width: number, height: number): Promise<Buffer> =>
  sharp({ create: { width, height, channels: 3, background: '#000', noise: { type: 'gaussian', mean: 128, sigma: 50 } } }).jpeg({ quality: 75 }).toBuffer();

/**
 * What the flooder owns, stored through the gateway as their devices and screens would: 2,000
 * captaciones at the batch cap, and one of them with PDF_PHOTOS photos of the largest size.
 */
async function seedFlooder(url: string, who: Account, cookie: string): Promise<{ ownIds: string[]; withPhotos: string; photoPaths: string[] }> {
  const ownIds: string[] = [];
  for (let b = 0; b < MAX_IDS_PER_REQUEST / MAX_DOCS_PER_BULK_DOCS; b++) {
    const r = await post(url, cookie, '/db/captaciones/_bulk_docs', newCaptaciones(who, MAX_DOCS_PER_BULK_DOCS, `propia${b}`));
    if (r.status !== 201 || r.json.length) throw new Error(`La siembra de la inundación falló (${r.status}): ${JSON.stringify(r.json).slice(0, 300)}`);
    for (let i = 0; i < MAX_DOCS_PER_BULK_DOCS; i++) ownIds.push(`inundacion-propia${b}-${i}`);
  }
  const withPhotos = ownIds[0];
  const [original, miniatura] = await Promise.all([noisy(1600, 1200), noisy(320, 240)]);
  for (let n = 0; n < PDF_PHOTOS; n++) await upload(url, cookie, withPhotos, original, miniatura, n);
  const res = await fetch(`${url}/api/captaciones/${withPhotos}/fotos`, { headers: { cookie } });
  const { fotos } = (await res.json()) as { fotos: Array<{ miniatura: string; original: string }> };
  return { ownIds, withPhotos, photoPaths: fotos.flatMap((f) => [f.miniatura, f.original]) };
}

/** Every route class, from the flooder's own data: each costs the store (or a PDF thread) per request. */
function routeClasses(who: Account, seeded: Awaited<ReturnType<typeof seedFlooder>>): RouteClass[] {
  const { ownIds, withPhotos, photoPaths } = seeded;
  const revsPerId = MAX_REVS_PER_REQUEST / MAX_IDS_PER_REQUEST;
  const restCreate = (k: number): string => {
    const { _id: _omit, ...body } = sampleCaptacion({ captacion: { observaciones: `Inundación REST ${k}` } }) as ReturnType<typeof sampleCaptacion> & { _id?: string };
    return JSON.stringify(body);
  };
  return [
    {
      name: 'replicación',
      kinds: [
        { method: 'POST', path: '/db/captaciones/_bulk_get?revs=true', bodies: [JSON.stringify({ docs: ownIds.map((id) => ({ id })) })] },
        { method: 'POST', path: '/db/captaciones/_revs_diff', bodies: [JSON.stringify(Object.fromEntries(ownIds.map((id) => [id, Array.from({ length: revsPerId }, rev1)])))] },
        { method: 'GET', path: `/db/captaciones/_changes?include_docs=true&style=all_docs&limit=${MAX_IDS_PER_REQUEST}`, bodies: [undefined] },
        { method: 'POST', path: '/db/captaciones/_bulk_docs', bodies: Array.from({ length: NEW_BATCHES }, (_, k) => newCaptaciones(who, MAX_DOCS_PER_BULK_DOCS, `nueva${k}`)) },
        { method: 'POST', path: '/db/captaciones/_revs_diff', overCap: true, bodies: [JSON.stringify(Object.fromEntries(Array.from({ length: 300_000 }, (_, i) => [`x${i}`, ['1-a']])))] },
      ],
    },
    {
      name: 'listas REST',
      kinds: [
        { method: 'GET', path: '/api/captaciones?page=20&limit=100&sort=-captacion.fecha', bodies: [undefined] },
        { method: 'GET', path: `/api/captaciones?limit=100&search=${encodeURIComponent('inundación propietario')}`, bodies: [undefined] },
        { method: 'GET', path: '/api/captaciones?page=5&limit=100&sort=captacion.fecha', bodies: [undefined] },
        { method: 'GET', path: `/api/captaciones/${withPhotos}`, bodies: [undefined] },
      ],
    },
    { name: `PDF (captación con ${PDF_PHOTOS} fotos de tamaño máximo)`, kinds: [{ method: 'GET', path: `/api/captaciones/${withPhotos}/pdf`, bodies: [undefined] }] },
    { name: 'fotos (miniaturas y originales)', kinds: photoPaths.map((p) => ({ method: 'GET', path: p, bodies: [undefined] })) },
    { name: 'altas REST', kinds: [{ method: 'POST', path: '/api/captaciones', bodies: Array.from({ length: 50 }, (_, k) => restCreate(k)) }] },
  ];
}

/** What another person waits while a phase runs: their check-auth (from a worker) and their device's pull (here). */
interface Observed { checks: RestSample[]; syncs: number[]; syncFailures: number }

/**
 * The observer's device syncing as a new tablet does, again and again until `until`: a one-shot
 * pull of their captaciones from nothing, in the PWA's batches, from each gateway in turn.
 */
async function syncsUntil(urls: string[], cookie: string, until: number): Promise<{ syncs: number[]; failures: number }> {
  const syncs: number[] = [];
  let failures = 0;
  for (let n = 0; Date.now() < until; n++) {
    const local = localDb();
    const t0 = performance.now();
    try {
      await PouchDB.replicate(remoteDb(urls[n % urls.length], CAPTACION.database, cookie), local, { batch_size: PWA_BATCH, batches_limit: 1 });
      syncs.push(performance.now() - t0);
    } catch {
      failures++;
    } finally {
      await local.destroy();
    }
  }
  return { syncs, failures };
}

async function observe(urls: string[], cookie: string, until: number): Promise<Observed> {
  const [checks, sync] = await Promise.all([sampleRest(urls.map((u) => `${u}/api/check-auth`), cookie, until, SAMPLE_MS), syncsUntil(urls, cookie, until)]);
  return { checks, syncs: sync.syncs, syncFailures: sync.failures };
}

const okMs = (xs: RestSample[]): number[] => xs.filter((s) => s.ok).map((s) => s.end - s.start);

/**
 * Runs the flood against the gateways at `urls` (signed-in cookies of both people, valid on all:
 * sessions live in the store) and answers its rows. `memoryMb` reads the largest resident memory
 * of the gateway processes now.
 */
export async function runFlood(urls: string[], people: FloodPeople & { flooderCookie: string; observerCookie: string }, memoryMb: () => number): Promise<Row[]> {
  const { flooder, observer, flooderCookie, observerCookie } = people;
  const seeded = await seedFlooder(urls[0], flooder, flooderCookie);
  const mine = await post(urls[0], observerCookie, '/db/captaciones/_bulk_docs', newCaptaciones(observer, OBSERVER_CAPTACIONES, 'observa'));
  if (mine.status !== 201 || mine.json.length) throw new Error(`La siembra del observador falló (${mine.status}).`);

  const before = memoryMb();
  const quiet = await observe(urls, observerCookie, Date.now() + QUIET_SECONDS * 1000);
  const quietChecks = okMs(quiet.checks);
  const quietSync = percentile(quiet.syncs, 95);
  const where = urls.length > 1 ? `${urls.length} gateways` : 'un gateway';
  const rows: Row[] = [
    { name: `inundación: una persona desde ${FLOOD_CONNECTIONS} conexiones repartidas en ${where}, cada clase de rutas durante`, value: SECONDS, unit: 's' },
    { name: `inundación: check-auth de otra persona sin inundación, p50 / p95 de ${quietChecks.length}`, value: round(percentile(quietChecks, 50)), unit: 'ms', note: `p95 ${round(percentile(quietChecks, 95))} ms` },
    { name: `inundación: sync de otra persona sin inundación (pull desde cero de sus ${OBSERVER_CAPTACIONES}), p95 de ${quiet.syncs.length}`, value: round(quietSync), unit: 'ms' },
    { name: 'inundación: memoria residente del gateway antes', value: Math.round(before), unit: 'MB' },
  ];
  const wanted = (process.env.FLOOD_CLASSES ?? '').split(',').map((w) => w.trim()).filter(Boolean);
  for (const routeClass of routeClasses(flooder, seeded).filter((c) => !wanted.length || wanted.some((w) => c.name.startsWith(w)))) {
    let peak = memoryMb();
    const sampler = setInterval(() => (peak = Math.max(peak, memoryMb())), MEMORY_SAMPLE_MS);
    const until = Date.now() + SECONDS * 1000;
    let statuses: Record<string, number>;
    let seen: Observed;
    try {
      const flooding = flood(urls, flooderCookie, routeClass.kinds, until);
      // The observer starts once the flood has: every sample is taken under it.
      await new Promise((r) => setTimeout(r, 500));
      seen = await observe(urls, observerCookie, until);
      statuses = await flooding;
    } finally {
      clearInterval(sampler);
    }
    peak = Math.max(peak, memoryMb());
    const waits = okMs(seen.checks);
    const syncP95 = percentile(seen.syncs, 95);
    const served = Object.entries(statuses).filter(([k]) => /^2/.test(k)).reduce((n, [, v]) => n + v, 0);
    const fiveXX = Object.entries(statuses).filter(([k]) => /^5/.test(k) || k.startsWith('sin respuesta')).reduce((n, [, v]) => n + v, 0);
    const c = `inundación de ${routeClass.name}:`;
    rows.push(
      { name: `${c} check-auth de otra persona, p50 de ${waits.length}`, value: round(percentile(waits, 50)), unit: 'ms' },
      { name: `${c} check-auth de otra persona, p95`, value: round(percentile(waits, 95)), unit: 'ms', target: `< ${MAX_CHECK_AUTH_P95_MS}`, note: `máximo ${round(Math.max(...waits))} ms; sin 200: ${seen.checks.length - waits.length}` },
      { name: `${c} sync de otra persona, p95 de ${seen.syncs.length}`, value: round(syncP95), unit: 'ms', note: `${seen.syncFailures} fallidas` },
      { name: `${c} sync de otra persona frente a sin inundación (p95)`, value: round(syncP95 / quietSync), unit: '×', target: `≤ ${MAX_SYNC_RATIO}` },
      { name: `${c} memoria residente máxima del gateway (muestreada cada ${MEMORY_SAMPLE_MS} ms)`, value: Math.round(peak), unit: 'MB', target: `< ${MAX_FLOOD_MB}` },
      { name: `${c} peticiones servidas (2xx) / rechazadas por turnos (429) / por tamaño (413)`, value: served, unit: 'peticiones', note: `${statuses['429'] ?? 0} / ${(statuses['413'] ?? 0) + (statuses['cortada por tamaño'] ?? 0)}` },
      { name: `${c} 5xx o sin respuesta`, value: fiveXX, unit: 'peticiones', target: '0', note: `estados: ${JSON.stringify(statuses)}` },
    );
  }
  return rows;
}
