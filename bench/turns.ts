/**
 * What sharing a person's turns between gateways costs the store (issue 33 item 4;
 * sync-server/src/sync/shared-turns.ts, docs/architecture.md section 4). Two gateways in this process
 * on one embedded store in memory, as behind a balancer that sends each request to the next one:
 *  - a flood: one asesor sends REST lists without pause from FLOOD_CONNECTIONS connections, half
 *    to each gateway, for FLOOD_S seconds, while another person's check-auth is timed (alternating
 *    gateways). Printed: the most of the flooder's requests running at once on both (target: the
 *    one budget, sampled every millisecond), answers by status, the check-auth p50/p95, and the lease
 *    reads and writes per second (`inmo_turnos_compartidos_total` of both gateways);
 *  - a person at work: one REST request every PACE_MS, alternating gateways, for WORK_S seconds:
 *    lease writes per request and the request's time (the first of a person on a gateway waits for
 *    one read and one write).
 * The clients run in the gateways' own process, so times include their load. Prints; asserts nothing.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { REST_AT_ONCE_PER_PERSON } from '../sync-server/src/sync/limits';
import { turnsOf } from '../sync-server/src/sync/person-slots';
import { startGateway, type TestGateway } from '../sync-server/src/testing/gateway';
import type { Row } from './row';
import { percentile, round } from './stats';

const FLOOD_CONNECTIONS = 20;
const FLOOD_S = Number(process.env.BENCH_TURNS_FLOOD_S ?? 15);
const WORK_S = Number(process.env.BENCH_TURNS_WORK_S ?? 20);
const PACE_MS = 2_000;
const CHECK_EVERY_MS = 100;
const LIST = '/api/captaciones?page=1&limit=10';

/** Lease reads and writes both gateways made so far. */
async function leaseCalls(gws: TestGateway[]): Promise<{ reads: number; writes: number }> {
  const out = { reads: 0, writes: 0 };
  for (const gw of gws) {
    const metric = gw.gateway.metrics.registry.getSingleMetric('inmo_turnos_compartidos_total');
    for (const v of (await metric?.get())?.values ?? []) {
      if (v.labels.operacion === 'lectura') out.reads += v.value;
      else out.writes += v.value;
    }
  }
  return out;
}

async function timedGet(url: string, cookie: string): Promise<{ status: number; ms: number }> {
  const t0 = performance.now();
  const res = await fetch(url, { headers: { cookie, accept: 'application/json' } });
  await res.arrayBuffer();
  return { status: res.status, ms: performance.now() - t0 };
}

export async function benchTurns(): Promise<Row[]> {
  const a = await startGateway();
  const b = await startGateway({ joining: a });
  const gws = [a, b];
  try {
    const flooder = await a.createUser({ role: 'asesor' });
    const observer = await a.createUser({ role: 'asesor' });
    const worker = await a.createUser({ role: 'asesor' });
    const [fc, oc, wc] = await Promise.all([flooder, observer, worker].map(async (u) => (await a.client().signIn(u.email, u.password)).cookie));

    // The flood.
    const statuses: Record<string, number> = {};
    let most = 0;
    const sampler = setInterval(() => (most = Math.max(most, turnsOf(flooder.id).running)), 1);
    const before = await leaseCalls(gws);
    const until = Date.now() + FLOOD_S * 1000;
    const loops = Array.from({ length: FLOOD_CONNECTIONS }, async (_, i) => {
      const gw = gws[i % 2];
      while (Date.now() < until) {
        const r = await timedGet(gw.url + LIST, fc).catch(() => ({ status: 0, ms: 0 }));
        statuses[r.status] = (statuses[r.status] ?? 0) + 1;
        if (r.status === 429) await sleep(100);
      }
    });
    const checks: number[] = [];
    for (let i = 0; Date.now() < until; i++) {
      const r = await timedGet(gws[i % 2].url + '/api/check-auth', oc);
      if (r.status === 200) checks.push(r.ms);
      await sleep(CHECK_EVERY_MS);
    }
    await Promise.all(loops);
    clearInterval(sampler);
    const flooded = await leaseCalls(gws);

    // A person at work, each request on the next gateway.
    const times: number[] = [];
    const n = Math.floor((WORK_S * 1000) / PACE_MS);
    for (let i = 0; i < n; i++) {
      times.push((await timedGet(gws[i % 2].url + LIST, wc)).ms);
      await sleep(PACE_MS);
    }
    const worked = await leaseCalls(gws);

    return [
      { name: `turnos: una persona inunda listas REST desde ${FLOOD_CONNECTIONS} conexiones repartidas en 2 pasarelas durante`, value: FLOOD_S, unit: 's' },
      { name: 'turnos: máximo de sus peticiones corriendo a la vez en las dos', value: most, unit: 'peticiones', target: `≤ ${REST_AT_ONCE_PER_PERSON}`, note: `estados: ${JSON.stringify(statuses)}` },
      { name: 'turnos: check-auth de otra persona durante la inundación, p50', value: round(percentile(checks, 50)), unit: 'ms' },
      { name: 'turnos: check-auth de otra persona durante la inundación, p95', value: round(percentile(checks, 95)), unit: 'ms', target: '< 300' },
      { name: 'turnos: escrituras de turnos compartidos por segundo durante la inundación (las dos pasarelas)', value: round((flooded.writes - before.writes) / FLOOD_S, 2), unit: 'escrituras/s' },
      { name: 'turnos: lecturas de turnos compartidos por segundo durante la inundación', value: round((flooded.reads - before.reads) / FLOOD_S, 2), unit: 'lecturas/s' },
      { name: `turnos: una persona con una petición REST cada ${PACE_MS / 1000} s alternando pasarelas, escrituras por petición`, value: round((worked.writes - flooded.writes) / n, 2), unit: 'escrituras' },
      { name: 'turnos: esa persona, lecturas por petición', value: round((worked.reads - flooded.reads) / n, 2), unit: 'lecturas' },
      { name: 'turnos: esa persona, tiempo de su lista p50', value: round(percentile(times, 50)), unit: 'ms' },
      { name: 'turnos: esa persona, tiempo de su lista p95', value: round(percentile(times, 95)), unit: 'ms' },
    ];
  } finally {
    await b.close();
    await a.close();
  }
}
