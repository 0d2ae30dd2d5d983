/**
 * An admin requesting a REST list at a steady pace, timed from a worker thread: the benchmark's
 * main thread runs 50 PouchDB clients, and a request timed there would also measure how long
 * those kept its event loop busy, not only the gateway. With several gateways the requests go
 * to each in turn (round robin, as a balancer would), with the one session (sessions live in the
 * shared database).
 */
import { Worker } from 'node:worker_threads';

/** One request; times are epoch milliseconds (fractional), comparable across threads. */
export interface RestSample { start: number; end: number; ok: boolean; /** Index of the gateway asked. */ gateway: number }

const WORKER = `
const { parentPort, workerData } = require('node:worker_threads');
const { urls, cookie, until, intervalMs } = workerData;
const now = () => performance.timeOrigin + performance.now();
(async () => {
  const out = [];
  for (let n = 0; Date.now() < until; n++) {
    const gateway = n % urls.length;
    const start = now();
    let ok = false;
    try {
      const r = await fetch(urls[gateway], { headers: { cookie, accept: 'application/json' }, signal: AbortSignal.timeout(10000) });
      await r.arrayBuffer();
      ok = r.status === 200;
    } catch {}
    out.push({ start, end: now(), ok, gateway });
    await new Promise((r) => setTimeout(r, intervalMs));
  }
  parentPort.postMessage(out);
})();
`;

export const epochNow = (): number => performance.timeOrigin + performance.now();

export function sampleRest(urls: string[], cookie: string, until: number, intervalMs: number): Promise<RestSample[]> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(WORKER, { eval: true, workerData: { urls, cookie, until, intervalMs } });
    worker.once('message', (samples: RestSample[]) => {
      resolve(samples);
      void worker.terminate();
    });
    worker.once('error', reject);
    worker.once('exit', (code) => reject(new Error(`El muestreo REST terminó sin resultados (código ${code}).`)));
  });
}
