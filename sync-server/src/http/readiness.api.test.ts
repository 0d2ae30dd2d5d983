/**
 * Health and readiness (issue 32): `/api/health` answers whatever the store does; `/api/ready`
 * answers 503 once the store is silent, within its time-out, and 200 again when it answers; while
 * it is silent, sign-in, check-auth and `/db` answer 503 with Retry-After and a Spanish reason,
 * never a rate-limit message; a store that refuses the sign-in counters is a 503 too, not a 429.
 * A real gateway on a real store behind a switch that stands for the network (testing/cuttable-store.ts).
 */
import { afterAll, describe, expect, it } from 'vitest';
import { startGateway, type TestGateway } from '../testing/gateway';
import { cuttable, type CuttableStore } from '../testing/cuttable-store';
import { eventually } from '../testing/eventually';
import { testStore } from '../testing/store';
import { VERSION } from '../version';
import { expectLoggedError } from '../../../testing/logged-errors';
import { UNAVAILABLE } from './errors';
import { STORE_DOWN, STORE_TIMEOUT_MS, type ReadyAnswer } from './readiness';

const cleanup: Array<() => Promise<unknown>> = [];
afterAll(async () => {
  for (const c of cleanup.reverse()) await c();
});

async function gatewayOnSwitch(): Promise<{ gw: TestGateway; store: CuttableStore }> {
  const store = cuttable(await testStore());
  const gw = await startGateway({ store });
  cleanup.push(async () => {
    store.reconnect();
    await gw.close();
    await store.close();
  });
  return { gw, store };
}

const ready = async (gw: TestGateway) => gw.client().json<ReadyAnswer>('GET', '/api/ready');

describe('/api/health and /api/ready', { timeout: 60_000 }, () => {
  it('say the process answers and the store answers; 503 while the store is silent, 200 when it is back', async () => {
    const { gw, store } = await gatewayOnSwitch();
    const person = await gw.createUser();
    await gw.gateway.caughtUp();

    const health = await gw.client().json('GET', '/api/health');
    expect(health.status).toBe(200);
    expect(health.body).toMatchObject({ estado: 'ok', version: VERSION });
    expect(health.headers.get('cache-control')).toBe('no-store');
    const up = await ready(gw);
    expect(up.status).toBe(200);
    expect(up.body).toMatchObject({ listo: true, version: VERSION, comprobaciones: { almacen: { estado: 'ok' }, directorio: { estado: 'ok' }, parada: { estado: 'ok' } } });
    expect(typeof up.body.comprobaciones.almacen.ms).toBe('number');

    expectLoggedError('"detalle":"sin respuesta en 2500 ms","msg":"La base de datos no responde: la pasarela contesta 503 hasta que vuelva."');
    store.cut();
    // The first readiness asked after the cut already says so: its probe waits at most the time-out.
    const down = await ready(gw);
    expect(down.status).toBe(503);
    expect(down.headers.get('retry-after')).toBe('5');
    expect(down.body.listo).toBe(false);
    expect(down.body.comprobaciones.almacen).toMatchObject({ estado: 'falla', detalle: `sin respuesta en ${STORE_TIMEOUT_MS} ms` });
    expect((await gw.client().json('GET', '/api/health')).status).toBe(200);

    // Meanwhile nobody waits on the silent store, and nobody hears "too many attempts".
    for (let i = 0; i < 8; i++) {
      const signin = await gw.client().json('POST', '/api/signin', { email: person.email, password: person.password });
      expect(signin.status).toBe(503);
      expect(signin.headers.get('retry-after')).toBe('5');
      expect(signin.body).toEqual({ success: false, mensaje: STORE_DOWN });
    }
    expect((await gw.client().json('GET', '/api/check-auth')).status).toBe(503);
    const db = await gw.client().json('GET', '/db/');
    expect(db).toMatchObject({ status: 503, body: { error: 'service_unavailable', reason: STORE_DOWN } });

    store.reconnect();
    await eventually(async () => (await ready(gw)).status === 200, '/api/ready vuelve a 200');
    await eventually(async () => (await gw.client().json('POST', '/api/signin', { email: person.email, password: person.password })).status === 200, 'el inicio de sesión vuelve');
  });

  it('a store that refuses the sign-in counters: 503 with Retry-After, never 429', async () => {
    const { gw, store } = await gatewayOnSwitch();
    const person = await gw.createUser();
    store.refuse('sesiones');
    // Twelve refusals, one line: the same error is counted, not repeated (log.ts).
    expectLoggedError(/"ruta":"\/api\/signin","estado":503,"peticion":"[\w-]+","detalle":"no answer from prueba: ECONNREFUSED","msg":"POST \/api\/signin → 503/);
    for (let i = 0; i < 12; i++) {
      const r = await gw.client().json('POST', '/api/signin', { email: person.email, password: 'equivocada-1' });
      expect(r.status).toBe(503);
      expect(r.headers.get('retry-after')).toBe('5');
      expect(r.body).toEqual({ success: false, mensaje: UNAVAILABLE });
    }
    store.refuse(null);
    // The attempts that could not be counted are no attempts: the right password gets in.
    expect((await gw.client().json('POST', '/api/signin', { email: person.email, password: person.password })).status).toBe(200);
  });

  it('a stopping gateway is not ready', async () => {
    const { gw } = await gatewayOnSwitch();
    gw.gateway.readiness.stop();
    const r = await ready(gw);
    expect(r.status).toBe(503);
    expect(r.body.comprobaciones.parada).toMatchObject({ estado: 'falla', detalle: 'la pasarela se está deteniendo' });
  });
});
