/**
 * What trusting sessions in memory for at most a few seconds costs (issue 32 item 8;
 * docs/architecture.md section 4, «Lo que una pasarela guarda en memoria»). A gateway keeps the
 * sessions and people it has read while its feeds (store/follower.ts) have answered within
 * FRESH_FOR_MS; a quiet feed answers every WAIT_MS with no rows, and that is the price. Printed, on
 * two gateways over one embedded store in memory, counted by the gateways' own store-call metric
 * (`inmo_almacen_llamadas_segundos`):
 *  - store calls per second of one idle gateway (its feeds' empty answers, nothing else);
 *  - store calls per `check-auth` of a signed-in person, asked back to back and once a second (an
 *    entry older than FRESH_FOR_MS is still answered from memory while the feed answers);
 *  - store calls per `check-auth` while the `sesiones` feed is silent (memory off): what every
 *    read costs without the feed, i.e. what a maximum age per entry would pay each FRESH_FOR_MS for
 *    each session in use;
 *  - how long a session signed out on the other gateway still reads as valid on a gateway whose
 *    `sesiones` feed is silent (target: at most FRESH_FOR_MS and a little).
 * Prints; asserts nothing.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { FRESH_FOR_MS, WAIT_MS } from '../sync-server/src/store/follower';
import { cuttable } from '../sync-server/src/testing/cuttable-store';
import { eventually } from '../sync-server/src/testing/eventually';
import { startGateway, type HttpClient, type TestGateway } from '../sync-server/src/testing/gateway';
import { sameDatabases } from '../sync-server/src/testing/store';
import type { Row } from './row';
import { round } from './stats';

const IDLE_S = Number(process.env.BENCH_SESSIONS_IDLE_S ?? 20);
const BACK_TO_BACK = 500;
const PACED = Number(process.env.BENCH_SESSIONS_PACED ?? 15);
const PACE_MS = 1_000;

/** What a gateway calls whether or not anyone asks it anything: its feeds, and the readiness probe's `info` once a second. */
const BACKGROUND = new Set(['changes_longpoll', 'info']);

/** Store calls the gateway made so far: its feeds' longpolls, the rest of its background, and the others by operation. */
async function storeCalls(gw: TestGateway): Promise<{ feeds: number; background: number; other: number; byOperation: Record<string, number> }> {
  const metric = gw.gateway.metrics.registry.getSingleMetric('inmo_almacen_llamadas_segundos');
  const out = { feeds: 0, background: 0, other: 0, byOperation: {} as Record<string, number> };
  // A histogram's values carry their series' name (prom-client's MetricValueWithName).
  for (const v of ((await metric?.get())?.values ?? []) as Array<{ value: number; labels: Record<string, string | number | undefined>; metricName?: string }>) {
    if (v.metricName !== 'inmo_almacen_llamadas_segundos_count') continue;
    const op = String(v.labels.operacion);
    if (op === 'changes_longpoll') out.feeds += v.value;
    if (BACKGROUND.has(op)) out.background += v.value;
    else {
      out.other += v.value;
      out.byOperation[op] = v.value;
    }
  }
  return out;
}

/** Store calls (not the background's) per check-auth of `client` over `n` of them, `pauseMs` apart, and which. */
async function perCheckAuth(gw: TestGateway, client: HttpClient, n: number, pauseMs: number): Promise<{ calls: number; which: string }> {
  const before = await storeCalls(gw);
  for (let i = 0; i < n; i++) {
    const r = await client.json('GET', '/api/check-auth');
    if (!r.body?.authenticated) throw new Error(`check-auth sin sesión (${r.status})`);
    if (pauseMs) await sleep(pauseMs);
  }
  const after = await storeCalls(gw);
  const which = Object.entries(after.byOperation).map(([op, k]) => [op, (k - (before.byOperation[op] ?? 0)) / n] as const).filter(([, k]) => k > 0);
  return { calls: (after.other - before.other) / n, which: which.map(([op, k]) => `${op} ${round(k, 3)}`).join(', ') || 'ninguna' };
}

export async function benchSessions(): Promise<Row[]> {
  const a = await startGateway();
  const toB = cuttable(sameDatabases(a.store));
  const b = await startGateway({ store: toB, joining: a });
  try {
    const u = await a.createUser({ role: 'asesor' });
    const onA = await a.client().signIn(u.email, u.password);
    const onB = b.client();
    onB.cookie = onA.cookie;

    const idle0 = await storeCalls(b);
    await sleep(IDLE_S * 1000);
    const idle1 = await storeCalls(b);
    const feedsPerS = (idle1.feeds - idle0.feeds) / IDLE_S;
    const idlePerS = (idle1.background + idle1.other - idle0.background - idle0.other) / IDLE_S;

    await onB.json('GET', '/api/check-auth');
    const warm = await perCheckAuth(b, onB, BACK_TO_BACK, 0);
    const paced = await perCheckAuth(b, onB, PACED, PACE_MS);

    toB.silence('sesiones', 'changes');
    await sleep(FRESH_FOR_MS + 1_000);
    const silent = await perCheckAuth(b, onB, 50, 0);
    toB.reconnect();

    // A session signed out on A while B's `sesiones` feed is silent: how long B still takes it.
    const v = await a.createUser({ role: 'asesor' });
    const victimOnA = await a.client().signIn(v.email, v.password);
    const victimOnB = b.client();
    victimOnB.cookie = victimOnA.cookie;
    await eventually(async () => (await victimOnB.json('GET', '/api/check-auth')).body.authenticated === true, 'la sesión vale en B', 30_000);
    toB.silence('sesiones', 'changes');
    await victimOnA.json('POST', '/api/logout');
    const t0 = performance.now();
    await eventually(async () => (await victimOnB.json('GET', '/api/check-auth')).body.authenticated === false, 'B rechaza la sesión cerrada', 60_000);
    const staleMs = performance.now() - t0;
    toB.reconnect();

    return [
      { name: `llamadas al almacén por segundo de una pasarela sin peticiones, de sus 3 seguimientos (contestan cada ${WAIT_MS / 1000} s)`, value: round(feedsPerS, 2), unit: 'llamadas/s' },
      { name: 'llamadas al almacén por segundo de una pasarela sin peticiones, en total (con la sonda de disponibilidad)', value: round(idlePerS, 2), unit: 'llamadas/s' },
      { name: `llamadas al almacén por check-auth, ${BACK_TO_BACK} seguidos`, value: round(warm.calls, 3), unit: 'llamadas', note: warm.which },
      { name: `llamadas al almacén por check-auth, uno por segundo durante ${PACED} s`, value: round(paced.calls, 3), unit: 'llamadas', target: '0', note: paced.which },
      { name: 'llamadas al almacén por check-auth con el seguimiento de sesiones callado (sin memoria)', value: round(silent.calls, 2), unit: 'llamadas', note: `${silent.which}: lo que una edad máxima por entrada pagaría cada ${FRESH_FOR_MS / 1000} s por sesión en uso` },
      { name: 'sesión cerrada en otra pasarela aún aceptada, con el seguimiento de sesiones callado', value: Math.round(staleMs), unit: 'ms', target: `≤ ${FRESH_FOR_MS + 1_000}` },
    ];
  } finally {
    toB.reconnect();
    await b.close();
    await a.close();
  }
}
